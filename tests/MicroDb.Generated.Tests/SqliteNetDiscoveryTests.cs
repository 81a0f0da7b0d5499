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
}
