using MicroDb.Conformance.Models;

namespace MicroDb.Conformance;

public abstract partial class ConformanceSuite
{
    [Test]
    public void CreateTable_reports_Created_then_Migrated()
    {
        var db = Open();

        Assert.That(db.CreateTable<Person>(), Is.EqualTo(CreateTableResult.Created));
        Assert.That(db.CreateTable<Person>(), Is.EqualTo(CreateTableResult.Migrated));
        Assert.That(db.Migrate<Person>().Changed, Is.False);
    }

    [Test]
    public void CreateTable_declares_types_keys_and_constraints()
    {
        var db = OpenWith<Person>();

        var columns = db.GetTableInfo("people").ToDictionary(c => c.Name);

        Assert.That(columns["Id"].Type, Is.EqualTo("INTEGER"));
        Assert.That(columns["Id"].PrimaryKeyOrdinal, Is.EqualTo(1));
        Assert.That(columns["Name"].Type, Is.EqualTo("varchar(50)"));
        Assert.That(columns["Name"].NotNull, Is.True);
        Assert.That(columns["Email"].NotNull, Is.False);
        Assert.That(db.ExecuteScalar<string>("SELECT sql FROM sqlite_master WHERE name = 'people'"), Does.Contain("AUTOINCREMENT"));
    }

    [Test]
    public void Migration_adds_missing_columns_and_indexes_and_keeps_rows()
    {
        var db = OpenWith<ItemV1>();
        db.InsertAll(new[] { new ItemV1 { Name = "one" }, new ItemV1 { Name = "two" } });

        var report = db.Migrate<ItemV2>();

        Assert.That(report.Created, Is.False);
        Assert.That(report.AddedColumns, Is.EqualTo(new[] { "Score", "City" }));
        Assert.That(report.CreatedIndexes, Is.EqualTo(new[] { "items_City" }));
        var rows = db.Query<ItemV2>("SELECT * FROM items ORDER BY Id");
        Assert.That(rows.Select(r => (r.Name, r.Score, r.City)), Is.EqualTo(new[] { ("one", 0, (string?)null), ("two", 0, (string?)null) }));
        db.Insert(new ItemV2 { Name = "three", Score = 3, City = "Oslo" });
        Assert.That(db.Get<ItemV2>(3).City, Is.EqualTo("Oslo"));
    }

    [Test]
    public void CreateTables_creates_several_in_one_call()
    {
        var db = Open();

        var reports = db.CreateTables<Person, Order, Document>();

        Assert.That(reports.Select(r => (r.TableName, r.Created)), Is.EqualTo(new[] { ("people", true), ("orders", true), ("doc \"table\"", true) }));
    }

    [Test]
    public void CreateIndex_by_name_and_columns()
    {
        var db = OpenWith<Person>();

        db.CreateIndex("IX_people_age_name", "people", ["Age", "Name"], unique: false);
        db.CreateIndex("people", "Created", unique: true);

        Assert.That(db.GetIndexNames("people"), Does.Contain("IX_people_age_name").And.Contain("people_Created"));
    }

    [Test]
    public void DropTable_removes_the_table()
    {
        var db = OpenWith<Person>();

        db.DropTable<Person>();

        Assert.That(db.GetTableInfo("people"), Is.Empty);
        Assert.That(db.CreateTable<Person>(), Is.EqualTo(CreateTableResult.Created));
    }

    [Test]
    public void GetMapping_describes_the_type()
    {
        var db = Open();

        var mapping = db.GetMapping<Person>();

        Assert.That(mapping.TableName, Is.EqualTo("people"));
        Assert.That(mapping.Columns.Select(c => c.Name), Is.EqualTo(new[] { "Id", "Name", "Age", "Email", "Created" }));
        Assert.That(mapping.PrimaryKey!.IsAutoIncrement, Is.True);
        Assert.That(mapping.FindColumnByMember("Email")!.IsNullable, Is.True);
        Assert.That(db.GetMap<Person>().IsGenerated, Is.EqualTo(Mode == Mapping.MappingMode.Generated));
    }

    [Test]
    public void Crud_sql_is_what_SqlBuilder_builds_for_the_mapping()
    {
        var db = Open();
        foreach (var map in new Mapping.IEntityMap[] { db.GetMap<Person>(), db.GetMap<AllTypes>(), db.GetMap<Document>(), db.GetMap<Setting>(), db.GetMap<LogLine>(), db.GetMap<Point>() })
        {
            var expected = Mapping.SqlBuilder.Build(map.Table);
            Assert.That(map.Sql.CreateTable, Is.EqualTo(expected.CreateTable));
            Assert.That(map.Sql.Insert, Is.EqualTo(expected.Insert));
            Assert.That(map.Sql.InsertOrReplace, Is.EqualTo(expected.InsertOrReplace));
            Assert.That(map.Sql.Update, Is.EqualTo(expected.Update));
            Assert.That(map.Sql.Delete, Is.EqualTo(expected.Delete));
            Assert.That(map.Sql.SelectByKey, Is.EqualTo(expected.SelectByKey));
            Assert.That(map.Sql.SelectAll, Is.EqualTo(expected.SelectAll));
        }
    }
}
