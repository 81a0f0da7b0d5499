using MicroDb.Mapping;
using SqliteNetApp;

namespace MicroDb.Generated.Tests;

/// <summary>Models with sqlite-net's attributes, or with no [Table] at all, get generated maps that run.</summary>
public class SqliteNetDiscoveryTests
{
    [Test]
    public void Model_without_Table_found_at_a_call_site_runs_on_its_generated_map()
    {
        using var db = new MicroDbConnection(new MicroDbOptions(":memory:") { Mapping = MappingMode.Generated });
        db.CreateTable<SqliteNetNoKey>();
        db.Insert(new SqliteNetNoKey { Label = "a", Count = 2 });

        Assert.That(db.GetMap<SqliteNetNoKey>().IsGenerated, Is.True);
        Assert.That(db.Table<SqliteNetNoKey>().Single().Count, Is.EqualTo(2));
        Assert.That(db.ExecuteScalar<string>("SELECT Label FROM SqliteNetNoKey"), Is.EqualTo("a"));
    }

    [Test]
    public void Model_inheriting_an_abstract_base_Table_runs_on_its_generated_map()
    {
        using var db = new MicroDbConnection(new MicroDbOptions(":memory:") { Mapping = MappingMode.Generated });
        db.CreateTable<SqliteNetDog>();
        var dog = new SqliteNetDog { Name = "Rex" };
        db.Insert(dog);

        Assert.That(db.GetMap<SqliteNetDog>().IsGenerated, Is.True);
        Assert.That(db.ExecuteScalar<string>("SELECT Name FROM sn_animals WHERE Id = ?", dog.Id), Is.EqualTo("Rex"));
    }

    [Test]
    public void Model_with_sqlite_net_attributes_runs_on_its_generated_map()
    {
        using var db = new MicroDbConnection(new MicroDbOptions(":memory:") { Mapping = MappingMode.Generated });
        db.CreateTable<SqliteNetItem>();
        var item = new SqliteNetItem { Name = "Ada", Code = "A1", First = 1, Second = 2, Mood = Mood.Cross, Colour = Colour.Green };
        db.Insert(item);

        Assert.That(db.GetMap<SqliteNetItem>().IsGenerated, Is.True);
        Assert.That(item.Id, Is.GreaterThan(0));
        Assert.That(db.Get<SqliteNetItem>(item.Id).Name, Is.EqualTo("Ada"));
        Assert.That(db.ExecuteScalar<string>("SELECT Colour FROM sn_items"), Is.EqualTo("Green"));
        Assert.Throws<MicroDbConstraintException>(() => db.Insert(new SqliteNetItem { Name = "Bob", Code = "A1", First = 9 }));
    }

    [Test]
    public void Attribute_classes_deriving_from_SQLite_attributes_are_honoured_by_the_generated_map()
    {
        using var db = new MicroDbConnection(new MicroDbOptions(":memory:") { Mapping = MappingMode.Generated });
        db.CreateTable<SqliteNetDerivedAttributes>();
        var row = new SqliteNetDerivedAttributes { Label = "a", Scratch = "not stored" };
        db.Insert(row);

        var table = db.GetMap<SqliteNetDerivedAttributes>().Table;
        Assert.That(db.GetMap<SqliteNetDerivedAttributes>().IsGenerated, Is.True);
        Assert.That(table.Columns.Select(c => c.Name), Is.EqualTo(new[] { "Id", "Label", "Other" }), "[NotStored] : [Ignore] leaves Scratch out");
        Assert.That(table.PrimaryKey?.MemberName, Is.EqualTo("Id"), "[Key] : [PrimaryKey] is not a key, as in sqlite-net");
        Assert.That(table.AutoIncrementColumn?.MemberName, Is.EqualTo("Id"));
        Assert.That(table.FindColumn("Other")!.IsNotNull, Is.False, "[Required] : [NotNull] is not honoured, as in sqlite-net");
        Assert.That(table.FindColumn("Label")!.MaxLength, Is.EqualTo(12), "[ShortText(12)] : [MaxLength]");
        Assert.That(table.Indexes.Single().Name, Is.EqualTo("ix_label"), "[Lookup] : [Indexed]");
        Assert.That(row.Id, Is.EqualTo(1));
        Assert.That(db.ExecuteScalar<string>("SELECT sql FROM sqlite_master WHERE name = 'sn_derived_attributes'"), Does.Contain("varchar(12)"));
    }

    [Test]
    public void Attribute_less_model_used_through_sqlite_net_runs_on_a_generated_map_without_its_get_only_members()
    {
        using var db = new SQLite.SQLiteConnection(":memory:", MappingMode.Generated);
        db.CreateTable<SqliteNetPlain>();
        db.Insert(new SqliteNetPlain { Id = 1, Text = "ada" });

        Assert.That(db.Inner.GetMap<SqliteNetPlain>().IsGenerated, Is.True);
        Assert.That(db.Inner.GetMap<SqliteNetPlain>().Table.Columns.Select(c => c.MemberName), Is.EqualTo(new[] { "Id", "Text" }));

        // Also used through MicroDb's own connection: the same (generated, sqlite-net rule) map.
        var back = db.Inner.Table<SqliteNetPlain>().Single();
        Assert.That((back.Id, back.Text, back.Display, back.Stamp), Is.EqualTo((1, "ada", "ADA", 7)));
    }
}
