using MicroDb.Mapping;
using MicroDb.Runtime.Reflection;

namespace MicroDb.Npgsql.Tests;

/// <summary>
/// CreateTable on an existing PostgreSQL table migrates it additively, by Core's rule (AdditiveMigration, SQLite's):
/// missing columns added (NOT NULL ones with their kind's zero for existing rows), [RenamedFrom] columns renamed,
/// missing indexes created, nothing dropped; a changed key or column type is a typed error before anything changes.
/// </summary>
[TestFixture(MappingMode.Generated)]
[TestFixture(MappingMode.Reflection)]
public sealed class AdditiveCreateTableTests(MappingMode mapping)
{
    private TestSchema _schema = null!;
    private MicroDbNpgsqlConnection _db = null!;

    [OneTimeSetUp]
    public void EnableReflection() => ReflectionMaps.Enable();

    [SetUp]
    public void Open()
    {
        _schema = new TestSchema("additive_" + mapping.ToString().ToLowerInvariant());
        _db = new MicroDbNpgsqlConnection(_schema.DataSource, mapping);
        _db.CreateTable<PgGrowV1>();
        _db.InsertAll(new[] { new PgGrowV1 { Name = "ada", Old = 7 }, new PgGrowV1 { Name = "bob", Old = 9 } });
        _db.Execute("ALTER TABLE pg_grow ADD COLUMN \"Legacy\" text DEFAULT 'kept'");
    }

    [TearDown]
    public void Close()
    {
        _db.Dispose();
        _schema.Dispose();
    }

    private List<string> Columns() => [.. _db.ExecuteScalar<string>(
        "SELECT string_agg(attname, ',' ORDER BY attnum) FROM pg_attribute WHERE attrelid = 'pg_grow'::regclass AND attnum > 0 AND NOT attisdropped")!.Split(',')];

    private List<string> Indexes() => [.. _db.ExecuteScalar<string>("SELECT string_agg(indexname, ',') FROM pg_indexes WHERE tablename = 'pg_grow'")!.Split(',')];

    [Test]
    public void Missing_columns_are_added_renamed_columns_keep_their_data_and_nothing_is_dropped()
    {
        _db.CreateTable<PgGrowV2>();

        Assert.That(Columns(), Is.EqualTo(new[] { "Id", "Name", "Score", "Legacy", "Note", "Code", "Count", "Flag", "Amount", "Tag", "Since", "Seen" }));
        var rows = _db.Table<PgGrowV2>().OrderBy(r => r.Id).ToList();
        Assert.That(rows.Select(r => (r.Name, r.Score)), Is.EqualTo(new[] { ("ada", 7), ("bob", 9) }));

        // Existing rows read the NOT NULL columns' zero, which is the .NET default of each kind; nullable ones are null.
        var ada = rows[0];
        Assert.That((ada.Note, ada.Code, ada.Count, ada.Flag, ada.Amount, ada.Tag, ada.Since, ada.Seen),
            Is.EqualTo((default(string), "", 0L, false, 0m, Guid.Empty, default(DateTime), default(DateTime?))));
        Assert.That(_db.ExecuteScalar<string>("SELECT \"Legacy\" FROM pg_grow WHERE \"Name\" = 'ada'"), Is.EqualTo("kept"));
        Assert.That(Indexes(), Does.Contain("pg_grow_Name").And.Contain("pg_grow_Note"));

        // The migrated table takes the new model's rows; running CreateTable again changes nothing.
        var carl = new PgGrowV2 { Name = "carl", Score = 3, Code = "C-1", Count = 5_000_000_000L, Flag = true, Amount = 1.25m, Tag = Guid.NewGuid(), Since = new DateTime(2024, 5, 6) };
        _db.Insert(carl);
        _db.CreateTable<PgGrowV2>();
        var read = _db.Get<PgGrowV2>(carl.Id);
        Assert.That((read.Code, read.Count, read.Amount, read.Tag, read.Since), Is.EqualTo((carl.Code, carl.Count, carl.Amount, carl.Tag, carl.Since)));
        Assert.That(Columns(), Has.Count.EqualTo(12));
        Assert.That(_db.Table<PgGrowV2>().Count(), Is.EqualTo(3));
    }

    [Test]
    public async Task The_async_form_migrates_the_same_way_and_a_unique_index_added_is_enforced()
    {
        await _db.CreateTableAsync<PgGrowV2>();

        _db.Update(new PgGrowV2 { Id = 1, Name = "ada", Score = 7, Note = "same" });
        var duplicate = Assert.Throws<MicroDbConstraintException>(() => _db.Update(new PgGrowV2 { Id = 2, Name = "bob", Score = 9, Note = "same" }));
        Assert.That(duplicate!.Message, Does.Contain("pg_grow_Note"));
        Assert.That(_db.Get<PgGrowV2>(2).Note, Is.Null);
    }

    [Test]
    public void A_missing_index_is_created_on_a_table_that_has_every_column()
    {
        _db.CreateTable<PgGrowV2>();
        _db.Execute("DROP INDEX \"pg_grow_Name\"");

        _db.CreateTable<PgGrowV2>();

        Assert.That(Indexes(), Does.Contain("pg_grow_Name"));
    }

    [Test]
    public void A_column_whose_type_changed_is_a_typed_error_naming_it_and_nothing_changes()
    {
        var error = Assert.Throws<MicroDbMigrationException>(() => _db.CreateTable<PgGrowRetyped>());

        Assert.That(error!.Error, Is.EqualTo(MicroDbMigrationError.ColumnTypeChanged));
        Assert.That((error.Table, error.Column), Is.EqualTo(("pg_grow", "Name")));
        Assert.That(error.Message, Does.Contain("stored as text").And.Contain("declares bigint"));
        Assert.That(Columns(), Does.Not.Contain("Added"));
        Assert.That(_db.Table<PgGrowV1>().Count(), Is.EqualTo(2));
    }

    [Test]
    public void A_changed_primary_key_is_the_typed_error_of_SQLite_and_nothing_changes()
    {
        var error = Assert.Throws<MicroDbMigrationException>(() => _db.CreateTable<PgGrowRekeyed>());

        Assert.That(error!.Error, Is.EqualTo(MicroDbMigrationError.PrimaryKeyChanged));
        Assert.That(error.Message, Does.Contain("(Id)").And.Contain("(Name)"));
        Assert.That(Columns(), Does.Not.Contain("Added"));
    }

    [Test]
    public void A_migration_that_fails_is_undone_whole_outside_and_inside_a_transaction()
    {
        // "Note" is there with a duplicate, so the unique index the new model declares fails after the columns were added.
        _db.Execute("ALTER TABLE pg_grow ADD COLUMN \"Note\" text");
        _db.Execute("UPDATE pg_grow SET \"Note\" = 'dup'");

        Assert.Throws<MicroDbConstraintException>(() => _db.CreateTable<PgGrowV2>());
        Assert.That(Columns(), Is.EqualTo(new[] { "Id", "Name", "Old", "Legacy", "Note" }));

        _db.BeginTransaction();
        _db.Insert(new PgGrowV1 { Name = "kept", Old = 1 });
        Assert.Throws<MicroDbConstraintException>(() => _db.CreateTable<PgGrowV2>());
        _db.Commit();

        Assert.That(Columns(), Is.EqualTo(new[] { "Id", "Name", "Old", "Legacy", "Note" }));
        Assert.That(_db.Table<PgGrowV1>().Count(), Is.EqualTo(3));
    }
    [Test]
    public void Migrate_reports_exactly_what_changed()
    {
        var report = _db.Migrate<PgGrowV2>();

        Assert.That((report.TableName, report.Created, report.RenamedFromTable, report.Changed), Is.EqualTo(("pg_grow", false, (string?)null, true)));
        Assert.That(report.RenamedColumns, Is.EqualTo(new[] { "Score" }));
        Assert.That(report.AddedColumns, Is.EqualTo(new[] { "Note", "Code", "Count", "Flag", "Amount", "Tag", "Since", "Seen" }));
        Assert.That(report.CreatedIndexes, Is.EquivalentTo(new[] { "pg_grow_Name", "pg_grow_Note" }));

        var again = _db.Migrate<PgGrowV2>();
        Assert.That((again.Changed, again.AddedColumns.Count, again.CreatedIndexes.Count), Is.EqualTo((false, 0, 0)));

        _db.Execute("DROP INDEX \"pg_grow_Name\"");
        Assert.That(_db.Migrate<PgGrowV2>().CreatedIndexes, Is.EqualTo(new[] { "pg_grow_Name" }));
    }

    [Test]
    public async Task Migrate_creates_a_missing_table_and_renames_a_table_renamed_on_the_class()
    {
        _db.Execute("DROP TABLE IF EXISTS pg_grown");
        var renamed = await _db.MigrateAsync<PgGrowRenamed>();

        Assert.That((renamed.TableName, renamed.Created, renamed.RenamedFromTable), Is.EqualTo(("pg_grown", false, "pg_grow")));
        Assert.That(renamed.AddedColumns, Is.EqualTo(new[] { "Added" }));
        Assert.That(_db.Table<PgGrowRenamed>().OrderBy(r => r.Id).ToList().Select(r => r.Name), Is.EqualTo(new[] { "ada", "bob" }), "the rows moved with the table");
        Assert.That(_db.ExecuteScalar<long>("SELECT count(*) FROM pg_class WHERE relname = 'pg_grow'"), Is.EqualTo(0));

        _db.Execute("DROP TABLE pg_grown");
        var created = _db.Migrate<PgGrowV1>();
        Assert.That((created.TableName, created.Created, created.Changed, created.AddedColumns.Count), Is.EqualTo(("pg_grow", true, true, 0)));
        Assert.That(_db.Table<PgGrowV1>().Count(), Is.EqualTo(0));
    }

    [Test]
    public void Migrate_with_a_changed_column_type_is_the_typed_error_and_nothing_changes()
    {
        Assert.That(() => _db.Migrate<PgGrowRetyped>(), Throws.InstanceOf<MicroDbMigrationException>().With.Property(nameof(MicroDbMigrationException.Error)).EqualTo(MicroDbMigrationError.ColumnTypeChanged));
        Assert.That(Columns(), Is.EqualTo(new[] { "Id", "Name", "Old", "Legacy" }));
    }
}
