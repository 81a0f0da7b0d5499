using MicroDb.Runtime.Reflection;
using MicroDb.Mapping;
using MicroDb.Tests.Concurrency;

namespace MicroDb.Tests.Migrations;

[TestFixture]
public sealed class SchemaHelperTests
{
    private TempDatabase _file = null!;
    private MicroDbConnection _db = null!;

    [SetUp]
    public void SetUp()
    {
        _file = new TempDatabase();
        _db = new MicroDbConnection(_file.Options());
        _db.Execute("CREATE TABLE people (Id INTEGER PRIMARY KEY AUTOINCREMENT, Name TEXT COLLATE NOCASE, Age TEXT, Email varchar(100) UNIQUE, Notes TEXT DEFAULT 'none' CHECK (length(Notes) < 100))");
        _db.Execute("CREATE INDEX people_Name ON people (Name)");
        _db.Execute("CREATE INDEX people_Age ON people (Age)");
        _db.Execute("CREATE TABLE audit (what TEXT)");
        _db.Execute("CREATE TRIGGER people_insert AFTER INSERT ON people BEGIN INSERT INTO audit VALUES ('insert ' || new.Id); END");
        _db.Execute("CREATE VIEW adults AS SELECT Id, Name FROM people WHERE Age >= 18");
        _db.Execute("CREATE TABLE pets (Id INTEGER PRIMARY KEY, Owner INTEGER REFERENCES people(Id), Name TEXT)");
        _db.Execute("INSERT INTO people (Name, Age, Email) VALUES ('Ann', '34', 'ann@x'), ('Bob', '17', 'bob@x'), ('Cy', '40', NULL)");
        _db.Execute("DELETE FROM people WHERE Id = 2");
        _db.Execute("INSERT INTO people (Name, Age, Email) VALUES ('Dee', '25', 'dee@x')");
        _db.Execute("INSERT INTO pets VALUES (1, 1, 'Rex'), (2, 4, 'Tom')");
    }

    [TearDown]
    public void TearDown()
    {
        _db.Dispose();
        _file.Dispose();
    }

    private IReadOnlyList<string> Step(Action<MigrationContext> step) => _db.Migrate(new MicroDbMigrations().Add("001", step));

    private List<string> Rows(string sql) => _db.QueryScalars<string>(sql);

    private void AssertIntact()
    {
        Assert.That(Rows("PRAGMA integrity_check"), Is.EqualTo(new[] { "ok" }));
        Assert.That(Rows("SELECT \"table\" FROM pragma_foreign_key_check"), Is.Empty);
    }

    private string PeopleSql() => _db.ExecuteScalar<string>("SELECT sql FROM sqlite_schema WHERE name = 'people'");

    [Test]
    public void RenameColumn_and_RenameTable_keep_values_indexes_and_views()
    {
        Step(m =>
        {
            m.RenameColumn("people", "Name", "FullName");
            m.RenameTable("people", "persons");
        });

        Assert.That(Rows("SELECT FullName FROM persons ORDER BY Id"), Is.EqualTo(new[] { "Ann", "Cy", "Dee" }));
        Assert.That(Rows("SELECT FullName FROM adults ORDER BY Id"), Is.EqualTo(new[] { "Ann", "Cy", "Dee" }));
        Assert.That(_db.GetIndexNames("persons"), Does.Contain("people_Name"));
        AssertIntact();
    }

    [Test]
    public void Rename_helpers_refuse_missing_and_taken_names()
    {
        var missing = Assert.Throws<MicroDbMigrationException>(() => Step(m => m.RenameColumn("people", "Nope", "X")));
        Assert.That(missing!.Error, Is.EqualTo(MicroDbMigrationError.InvalidStep));
        Assert.That(missing.Column, Is.EqualTo("Nope"));
        Assert.That(missing.StepName, Is.EqualTo("001"));

        var taken = Assert.Throws<MicroDbMigrationException>(() => Step(m => m.RenameColumn("people", "Name", "Age")));
        Assert.That(taken!.Error, Is.EqualTo(MicroDbMigrationError.InvalidStep));
        var table = Assert.Throws<MicroDbMigrationException>(() => Step(m => m.RenameTable("people", "pets")));
        Assert.That(table!.Error, Is.EqualTo(MicroDbMigrationError.InvalidStep));
        Assert.That(_db.GetAppliedMigrations(), Is.Empty);
    }

    [Test]
    public void DropColumn_of_a_plain_column_uses_alter_table()
    {
        _db.Execute("DROP VIEW adults");
        Step(m => m.DropColumn("people", "Notes"));

        Assert.That(_db.GetTableInfo("people").Select(c => c.Name), Is.EqualTo(new[] { "Id", "Name", "Age", "Email" }));
        Assert.That(Rows("SELECT Name FROM people ORDER BY Id"), Is.EqualTo(new[] { "Ann", "Cy", "Dee" }));
        AssertIntact();
    }

    [Test]
    public void DropColumn_of_an_indexed_or_unique_column_rebuilds_and_keeps_everything_else()
    {
        _db.Execute("DROP VIEW adults");
        Step(m =>
        {
            m.DropColumn("people", "Age");
            m.DropColumn("people", "Email");
        });

        Assert.That(_db.GetTableInfo("people").Select(c => c.Name), Is.EqualTo(new[] { "Id", "Name", "Notes" }));
        Assert.That(Rows("SELECT Id || ':' || Name || ':' || Notes FROM people ORDER BY Id"), Is.EqualTo(new[] { "1:Ann:none", "3:Cy:none", "4:Dee:none" }));
        Assert.That(_db.GetIndexNames("people"), Is.EqualTo(new[] { "people_Name" }));
        Assert.That(PeopleSql(), Does.Contain("COLLATE NOCASE").And.Contain("AUTOINCREMENT").And.Contain("CHECK"));

        // The trigger came back, and AUTOINCREMENT still skips the deleted key 2 (and every key used before).
        _db.Execute("INSERT INTO people (Name) VALUES ('Eve')");
        Assert.That(_db.ExecuteScalar<long>("SELECT max(Id) FROM people"), Is.EqualTo(5));
        Assert.That(Rows("SELECT what FROM audit ORDER BY rowid").Last(), Is.EqualTo("insert 5"));
        Assert.That(_db.ExecuteScalar<long>("SELECT count(*) FROM pets"), Is.EqualTo(2));
        AssertIntact();
    }

    [Test]
    public void DropColumn_that_a_view_needs_is_refused_and_nothing_changes()
    {
        var before = PeopleSql();

        var error = Assert.Throws<MicroDbMigrationException>(() => Step(m => m.DropColumn("people", "Age")));

        Assert.That(error!.Error, Is.EqualTo(MicroDbMigrationError.InvalidStep));
        Assert.That(error.Message, Does.Contain("view 'adults'"));
        Assert.That(PeopleSql(), Is.EqualTo(before));
        Assert.That(_db.GetIndexNames("people"), Does.Contain("people_Age"));
        AssertIntact();
    }

    [Test]
    public void DropColumn_named_by_a_table_constraint_is_refused()
    {
        _db.Execute("CREATE TABLE pairs (a INTEGER, b INTEGER, c TEXT, PRIMARY KEY (a, b))");

        var error = Assert.Throws<MicroDbMigrationException>(() => Step(m => m.DropColumn("pairs", "b")));

        Assert.That(error!.Error, Is.EqualTo(MicroDbMigrationError.InvalidStep));
        Assert.That(error.Message, Does.Contain("PRIMARY KEY (a, b)"));
    }

    [Test]
    public void ChangeColumnType_converts_numeric_text_to_integers_and_keeps_rowids()
    {
        Step(m => m.ChangeColumnType("people", "Age", ColumnKind.Int32));

        Assert.That(_db.GetTableInfo("people").Single(c => c.Name == "Age").Type, Is.EqualTo("INTEGER"));
        Assert.That(Rows("SELECT Id || ':' || typeof(Age) || ':' || Age FROM people ORDER BY Id"), Is.EqualTo(new[] { "1:integer:34", "3:integer:40", "4:integer:25" }));
        Assert.That(Rows("SELECT Name FROM adults ORDER BY Id"), Is.EqualTo(new[] { "Ann", "Cy", "Dee" }));
        Assert.That(_db.GetIndexNames("people"), Does.Contain("people_Age"));
        AssertIntact();
    }

    [Test]
    public void ChangeColumnType_names_the_row_and_column_of_a_value_that_does_not_convert_and_changes_nothing()
    {
        _db.Execute("UPDATE people SET Age = 'abc' WHERE Id = 3");
        var before = PeopleSql();

        var error = Assert.Throws<MicroDbMigrationException>(() => Step(m => m.ChangeColumnType("people", "Age", ColumnKind.Int32)));

        Assert.That(error!.Error, Is.EqualTo(MicroDbMigrationError.ConversionFailed));
        Assert.That(error.Row, Is.EqualTo("3"));
        Assert.That(error.Column, Is.EqualTo("Age"));
        Assert.That(error.Table, Is.EqualTo("people"));
        Assert.That(error.Message, Does.Contain("row 3").And.Contain("'abc'").And.Contain("'Age'"));
        Assert.That(PeopleSql(), Is.EqualTo(before));
        Assert.That(Rows("SELECT Age FROM people ORDER BY Id"), Is.EqualTo(new[] { "34", "abc", "25" }));
        Assert.That(_db.GetAppliedMigrations(), Is.Empty);
        AssertIntact();
    }

    [Test]
    public void ChangeColumnType_refuses_a_value_outside_the_new_range()
    {
        _db.Execute("UPDATE people SET Age = '300' WHERE Id = 4");

        var error = Assert.Throws<MicroDbMigrationException>(() => Step(m => m.ChangeColumnType("people", "Age", ColumnKind.Byte)));

        Assert.That(error!.Error, Is.EqualTo(MicroDbMigrationError.ConversionFailed));
        Assert.That(error.Row, Is.EqualTo("4"));
    }

    [Test]
    public void ChangeColumnType_to_text_and_real_converts_numbers()
    {
        _db.Execute("CREATE TABLE m (k INTEGER PRIMARY KEY, n INTEGER, r TEXT)");
        _db.Execute("INSERT INTO m VALUES (1, 42, '1.5'), (2, NULL, '2')");

        Step(m =>
        {
            m.ChangeColumnType("m", "n", ColumnKind.String, maxLength: 10);
            m.ChangeColumnType("m", "r", ColumnKind.Double);
        });

        Assert.That(Rows("SELECT quote(n) || '|' || quote(r) FROM m ORDER BY k"), Is.EqualTo(new[] { "'42'|1.5", "NULL|2.0" }));
        Assert.That(_db.GetTableInfo("m").Select(c => c.Type), Is.EqualTo(new[] { "INTEGER", "varchar(10)", "REAL" }));
    }

    [Test]
    public void ChangeColumnType_in_a_without_rowid_table_names_the_row_by_its_key()
    {
        _db.Execute("CREATE TABLE kv (k1 TEXT, k2 INTEGER, v TEXT, PRIMARY KEY (k1, k2)) WITHOUT ROWID");
        _db.Execute("INSERT INTO kv VALUES ('a', 1, '5'), ('b', 2, 'x')");

        var error = Assert.Throws<MicroDbMigrationException>(() => Step(m => m.ChangeColumnType("kv", "v", ColumnKind.Int64)));

        Assert.That(error!.Error, Is.EqualTo(MicroDbMigrationError.ConversionFailed));
        Assert.That(error.Row, Is.EqualTo("'b', 2"));
        Assert.That(error.Column, Is.EqualTo("v"));
    }

    [Test]
    public void ChangeColumnType_follows_the_sqlite_net_storage_format()
    {
        _db.Dispose();
        _db = new MicroDbConnection(new MicroDbOptions(_file.Path) { Storage = StorageFormat.SqliteNet(storeDateTimeAsTicks: true) }.UseReflection());
        var when = new DateTime(2024, 5, 6, 7, 8, 9, DateTimeKind.Utc);
        _db.Execute("CREATE TABLE ev (Id INTEGER PRIMARY KEY, At TEXT)");
        _db.Execute("INSERT INTO ev VALUES (1, ?), (2, NULL)", when.Ticks.ToString(System.Globalization.CultureInfo.InvariantCulture));

        Step(m => m.ChangeColumnType("ev", "At", ColumnKind.DateTime));

        Assert.That(_db.GetTableInfo("ev")[1].Type, Is.EqualTo("bigint"));
        Assert.That(_db.ExecuteScalar<long>("SELECT At FROM ev WHERE Id = 1"), Is.EqualTo(when.Ticks));
        Assert.That(_db.ExecuteScalar<DateTime>("SELECT At FROM ev WHERE Id = 1"), Is.EqualTo(when).Within(TimeSpan.Zero));

        _db.Execute("INSERT INTO ev VALUES (3, 'yesterday')");
        var error = Assert.Throws<MicroDbMigrationException>(() => _db.Migrate(new MicroDbMigrations().Add("001", _ => { }).Add("002", m => m.ChangeColumnType("ev", "At", ColumnKind.DateTime))));
        Assert.That(error!.Row, Is.EqualTo("3"));
    }

    [Test]
    public void SetColumnNotNull_names_a_row_holding_null_then_succeeds_once_it_is_filled()
    {
        var error = Assert.Throws<MicroDbMigrationException>(() => Step(m => m.SetColumnNotNull("people", "Email", true)));
        Assert.That(error!.Error, Is.EqualTo(MicroDbMigrationError.ConversionFailed));
        Assert.That(error.Row, Is.EqualTo("3"));
        Assert.That(error.Column, Is.EqualTo("Email"));

        Step(m =>
        {
            m.Execute("UPDATE people SET Email = 'cy@x' WHERE Email IS NULL");
            m.SetColumnNotNull("people", "Email", true);
        });

        Assert.That(_db.GetTableInfo("people").Single(c => c.Name == "Email").NotNull, Is.True);
        Assert.Throws<MicroDbConstraintException>(() => _db.Execute("INSERT INTO people (Name) VALUES ('x')"));
        AssertIntact();
    }

    [Test]
    public void SetColumnDefault_and_SetColumnCollation_rebuild_with_the_new_clause()
    {
        Step(m =>
        {
            m.SetColumnDefault("people", "Notes", "n/a");
            m.SetColumnDefault("people", "Age", 18);
            m.SetColumnCollation("people", "Name", null);
            m.SetColumnCollation("people", "Email", "NOCASE");
        });

        _db.Execute("INSERT INTO people (Name) VALUES ('x')");
        Assert.That(Rows("SELECT Notes || '|' || Age FROM people WHERE Name = 'x'"), Is.EqualTo(new[] { "n/a|18" }));
        Assert.That(_db.ExecuteScalar<long>("SELECT count(*) FROM people WHERE Name = 'ann'"), Is.Zero, "NOCASE was removed");
        Assert.That(_db.ExecuteScalar<long>("SELECT count(*) FROM people WHERE Email = 'ANN@X'"), Is.EqualTo(1));
        var bad = Assert.Throws<MicroDbMigrationException>(() => _db.Migrate(new MicroDbMigrations().Add("001", _ => { }).Add("002", m => m.SetColumnCollation("people", "Name", "NOCASE; DROP TABLE people"))));
        Assert.That(bad!.Error, Is.EqualTo(MicroDbMigrationError.StepFailed));
        Assert.That(bad.InnerException, Is.InstanceOf<ArgumentException>());
        AssertIntact();
    }

    [Test]
    public void CreateIndex_and_DropIndex()
    {
        Step(m =>
        {
            m.DropIndex("people_Age");
            m.CreateIndex("people_Name_Age", "people", ["Name", "Age"], unique: true);
        });

        Assert.That(_db.GetIndexNames("people"), Does.Contain("people_Name_Age").And.Not.Contain("people_Age"));
        var missing = Assert.Throws<MicroDbMigrationException>(() => _db.Migrate(new MicroDbMigrations().Add("001", _ => { }).Add("002", m => m.DropIndex("nope"))));
        Assert.That(missing!.Error, Is.EqualTo(MicroDbMigrationError.InvalidStep));
        var column = Assert.Throws<MicroDbMigrationException>(() => _db.Migrate(new MicroDbMigrations().Add("001", _ => { }).Add("002", m => m.CreateIndex("i", "people", ["Nope"]))));
        Assert.That(column!.Column, Is.EqualTo("Nope"));
    }

    [Test]
    public void ChangePrimaryKey_rebuilds_with_the_new_key_and_refuses_duplicates()
    {
        _db.Execute("CREATE TABLE scores (Player TEXT, Game TEXT, Points INTEGER)");
        _db.Execute("INSERT INTO scores VALUES ('a', 'g1', 1), ('a', 'g2', 2), ('b', 'g1', 3)");

        Step(m => m.ChangePrimaryKey("scores", "Player", "Game"));

        Assert.That(_db.GetTableInfo("scores").Select(c => c.PrimaryKeyOrdinal), Is.EqualTo(new[] { 1, 2, 0 }));
        Assert.Throws<MicroDbConstraintException>(() => _db.Execute("INSERT INTO scores VALUES ('a', 'g1', 9)"));

        var error = Assert.Throws<MicroDbMigrationException>(() => _db.Migrate(new MicroDbMigrations().Add("001", _ => { }).Add("002", m => m.ChangePrimaryKey("scores", "Player"))));
        Assert.That(error!.Error, Is.EqualTo(MicroDbMigrationError.StepFailed));
        Assert.That(error.InnerException, Is.InstanceOf<MicroDbConstraintException>());
        Assert.That(_db.GetTableInfo("scores").Select(c => c.PrimaryKeyOrdinal), Is.EqualTo(new[] { 1, 2, 0 }));
        AssertIntact();
    }

    [Test]
    public void Rebuild_of_a_parent_table_keeps_child_foreign_keys_working()
    {
        Step(m => m.SetColumnNotNull("people", "Name", true));

        Assert.That(_db.ExecuteScalar<long>("PRAGMA foreign_keys"), Is.EqualTo(1));
        Assert.Throws<MicroDbConstraintException>(() => _db.Execute("INSERT INTO pets VALUES (3, 99, 'Ghost')"));
        _db.Execute("INSERT INTO pets VALUES (3, 1, 'Kit')");
        AssertIntact();
    }

    [Test]
    public void Rebuild_rewrites_only_the_changed_column_of_an_unusual_create_table()
    {
        _db.Execute("""
            CREATE TABLE "odd, (table)" (
              -- a comment, with a comma (and a parenthesis
              "the id" INTEGER PRIMARY KEY,
              [owner] INTEGER CONSTRAINT owner_fk REFERENCES people(Id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED,
              `score` REAL DEFAULT -1.5 CHECK (score >= -10 AND score <= 100) NOT NULL ON CONFLICT ABORT,
              label TEXT COLLATE RTRIM DEFAULT 'a, b (c)',
              doubled REAL GENERATED ALWAYS AS (score * 2) VIRTUAL,
              /* block, comment */ UNIQUE (label, owner)
            )
            """);
        _db.Execute("INSERT INTO \"odd, (table)\" (owner, score, label) VALUES (1, 2.5, 'x'), (NULL, 3, 'y')");

        Step(m =>
        {
            m.SetColumnNotNull("odd, (table)", "label", true);
            m.SetColumnDefault("odd, (table)", "owner", 4);
        });

        var sql = _db.ExecuteScalar<string>("SELECT sql FROM sqlite_schema WHERE name = 'odd, (table)'");
        Assert.That(sql, Does.Contain("\"label\" TEXT COLLATE RTRIM DEFAULT 'a, b (c)' NOT NULL"));
        Assert.That(sql, Does.Contain("\"owner\" INTEGER CONSTRAINT owner_fk REFERENCES people(Id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED DEFAULT 4"));
        Assert.That(sql, Does.Contain("`score` REAL DEFAULT -1.5 CHECK (score >= -10 AND score <= 100) NOT NULL ON CONFLICT ABORT"));
        Assert.That(sql, Does.Contain("GENERATED ALWAYS AS (score * 2) VIRTUAL").And.Contain("UNIQUE (label, owner)"));
        Assert.That(Rows("SELECT \"the id\" || ':' || ifnull(owner, '-') || ':' || score || ':' || label || ':' || doubled FROM \"odd, (table)\" ORDER BY 1"), Is.EqualTo(new[] { "1:1:2.5:x:5.0", "2:-:3.0:y:6.0" }));
        _db.Execute("INSERT INTO \"odd, (table)\" (score, label) VALUES (1, 'z')");
        Assert.That(_db.ExecuteScalar<long>("SELECT owner FROM \"odd, (table)\" WHERE label = 'z'"), Is.EqualTo(4));
        AssertIntact();
    }
}
