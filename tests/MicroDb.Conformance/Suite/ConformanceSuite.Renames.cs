using MicroDb.Conformance.Models;

namespace MicroDb.Conformance;

// [RenamedFrom]: the additive migration of CreateTable renames instead of adding, on both mapping paths.
public abstract partial class ConformanceSuite
{
    [Test]
    public void RenamedFrom_is_part_of_the_mapping()
    {
        var db = Open();
        Assert.That(db.GetMapping<ItemV3>().FindColumn("Title")!.RenamedFrom, Is.EqualTo("Name"));
        Assert.That(db.GetMapping<ItemV3>().FindColumn("Id")!.RenamedFrom, Is.Null);
        Assert.That(db.GetMapping<Product>().RenamedFrom, Is.EqualTo("items"));
        Assert.That(db.GetMapping<ItemV3>().RenamedFrom, Is.Null);
    }

    [Test]
    public void RenamedFrom_on_a_property_renames_the_column_and_keeps_its_values()
    {
        var db = OpenWith<ItemV1>();
        db.InsertAll(new[] { new ItemV1 { Name = "one" }, new ItemV1 { Name = "two" } });

        var report = db.Migrate<ItemV3>();

        Assert.That(report.RenamedColumns, Is.EqualTo(new[] { "Title" }));
        Assert.That(report.AddedColumns, Is.Empty);
        Assert.That(db.GetTableInfo("items").Select(c => c.Name), Is.EqualTo(new[] { "Id", "Title" }));
        Assert.That(db.Table<ItemV3>().OrderBy(i => i.Id).ToList().Select(i => i.Title), Is.EqualTo(new[] { "one", "two" }));
        Assert.That(db.GetIndexNames("items"), Does.Contain("items_Title"));
    }

    [Test]
    public void RenamedFrom_does_nothing_when_the_old_column_is_gone()
    {
        var db = OpenWith<ItemV1>();
        db.Insert(new ItemV1 { Name = "one" });
        db.Migrate<ItemV3>();

        var again = db.Migrate<ItemV3>();

        Assert.That(again.Changed, Is.False);
        Assert.That(db.Get<ItemV3>(1).Title, Is.EqualTo("one"));

        // A fresh database: the table is created with the new name, nothing to rename.
        var fresh = Open(Path.Combine(Path.GetDirectoryName(DatabasePath)!, "fresh.db"));
        var created = fresh.Migrate<ItemV3>();
        Assert.That(created.Created, Is.True);
        Assert.That(created.RenamedColumns, Is.Empty);
    }

    [Test]
    public void RenamedFrom_on_a_class_renames_the_table_and_its_columns()
    {
        var db = OpenWith<ItemV1>();
        db.InsertAll(new[] { new ItemV1 { Name = "one" }, new ItemV1 { Name = "two" } });

        var report = db.Migrate<Product>();

        Assert.That(report.RenamedFromTable, Is.EqualTo("items"));
        Assert.That(report.Created, Is.False);
        Assert.That(report.RenamedColumns, Is.EqualTo(new[] { "Label" }));
        Assert.That(db.GetTableInfo("items"), Is.Empty);
        Assert.That(db.Table<Product>().OrderBy(p => p.Id).ToList().Select(p => p.Label), Is.EqualTo(new[] { "one", "two" }));
        Assert.That(db.Migrate<Product>().Changed, Is.False);
    }
}
