using MicroDb.Conformance.Models;

namespace MicroDb.Conformance.Portable;

public abstract partial class PortableSuite
{
    [Test]
    public void Portable_Upsert_inserts_a_new_row_and_sets_its_key_then_updates_it_in_place()
    {
        var db = OpenWith<Person>();
        db.Insert(new Person { Name = "other" });
        var ada = new Person { Name = "Ada", Age = 36 };

        Assert.That(db.Upsert(ada), Is.EqualTo(1));
        Assert.That(ada.Id, Is.EqualTo(2));
        ada.Age = 37;
        Assert.That(db.Upsert(ada), Is.EqualTo(1));

        Assert.That(ada.Id, Is.EqualTo(2));
        Assert.That(db.Get<Person>(2).Age, Is.EqualTo(37));
        Assert.That(Names(db), Is.EqualTo(new[] { "other", "Ada" }));
    }

    [Test]
    public void Portable_Upsert_on_a_unique_index_updates_the_conflicting_row_and_reads_its_key_back()
    {
        var db = OpenWith<Person>();
        db.Insert(new Person { Name = "other", Email = "o@example.org" });
        db.Insert(new Person { Name = "Ada", Age = 36, Email = "ada@example.org" });
        var incoming = new Person { Name = "Ada L.", Age = 37, Email = "ada@example.org" };

        Assert.That(db.Upsert(incoming, "people_Email"), Is.EqualTo(1));

        Assert.That(incoming.Id, Is.EqualTo(2));
        Assert.That(db.Get<Person>(2).Name, Is.EqualTo("Ada L."));
        Assert.That(db.Table<Person>().Count(), Is.EqualTo(2));
    }

    [Test]
    public void Portable_Upsert_on_a_missing_or_non_unique_index_throws_naming_it_and_changes_nothing()
    {
        var db = OpenWith<Person>();
        db.Insert(new Person { Name = "Ada", Age = 1 });

        var notUnique = Assert.Throws<ArgumentException>(() => db.Upsert(new Person { Name = "Ada", Age = 2 }, "people_Name"));
        var missing = Assert.Throws<ArgumentException>(() => db.Upsert(new Person { Name = "Ada", Age = 2 }, "no_such_index"));

        Assert.That(notUnique!.Message, Does.Contain("people_Name"));
        Assert.That(missing!.Message, Does.Contain("no_such_index"));
        Assert.That(db.Table<Person>().Select(p => p.Age), Is.EqualTo(new[] { 1 }));
    }

    [Test]
    public void Portable_Upsert_violating_a_constraint_throws_and_changes_nothing()
    {
        var db = OpenWith<Person>();
        db.Insert(new Person { Name = "Ada", Email = "ada@example.org" });
        db.Insert(new Person { Name = "Grace", Email = "grace@example.org" });

        Assert.Throws<MicroDbConstraintException>(() => db.Upsert(new Person { Id = 2, Name = "Grace", Email = "ada@example.org" }));

        Assert.That(db.Get<Person>(2).Email, Is.EqualTo("grace@example.org"));
        Assert.That(db.Table<Person>().Count(), Is.EqualTo(2));
    }

    [Test]
    public void Portable_UpsertAll_inserts_and_updates_all_or_nothing()
    {
        var db = OpenWith<Person>();
        var ada = new Person { Name = "Ada", Email = "ada@example.org" };
        db.Insert(ada);
        ada.Age = 40;
        var grace = new Person { Name = "Grace" };

        Assert.That(db.UpsertAll(new[] { ada, grace }), Is.EqualTo(2));
        Assert.That(grace.Id, Is.EqualTo(2));
        Assert.That(db.Get<Person>(1).Age, Is.EqualTo(40));

        ada.Age = 50;
        Assert.Throws<MicroDbConstraintException>(() => db.UpsertAll(new[] { ada, new Person { Name = "dup", Email = "ada@example.org" } }));
        Assert.That(db.Get<Person>(1).Age, Is.EqualTo(40));
        Assert.That(db.Table<Person>().Count(), Is.EqualTo(2));
    }
}
