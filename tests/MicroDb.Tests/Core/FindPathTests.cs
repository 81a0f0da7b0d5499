using MicroDb.Conformance.Models;
using MicroDb.Runtime.Reflection;
using MicroDb.Tests.Reliability;

namespace MicroDb.Tests.Core;

/// <summary>
/// The parts of <c>Find</c>'s path that were made inlinable after the issue 20 profile (docs/benchmarks.md, "Where Find
/// and the 100-row read spend their time"): the per-map statement set, the ordinal cache on a statement and the
/// statement's finalized check keep their behaviour.
/// </summary>
[TestFixture]
public sealed class FindPathTests : ReliabilityFixture
{
    [Table("people")]
    public sealed class PersonNameFirst
    {
        public string Name { get; set; } = "";

        [PrimaryKey]
        public int Id { get; set; }
    }

    [Test]
    public void Find_prepares_its_statement_once_and_finds_after_a_miss()
    {
        var db = OpenWith<Person>();
        db.Insert(new Person { Name = "a", Age = 1 });
        db.Insert(new Person { Name = "b", Age = 2 });

        Assert.That(db.Find<Person>(1)!.Name, Is.EqualTo("a"));
        var prepared = db.PrepareCount;

        Assert.That(db.Find<Person>(99), Is.Null);
        Assert.That(db.Find<Person>(2)!.Name, Is.EqualTo("b"));
        Assert.That(db.Find<Person>(1L)!.Name, Is.EqualTo("a"));
        Assert.That(db.PrepareCount, Is.EqualTo(prepared), "Find prepared its statement again");
    }

    [Test]
    public void Find_of_two_types_on_one_connection_keeps_a_statement_set_each()
    {
        var db = OpenWith<Person>();
        db.Insert(new Person { Name = "a", Age = 1 });

        Assert.That(db.Find<Person>(1)!.Name, Is.EqualTo("a"));
        Assert.That(db.Find<PersonNameFirst>(1)!.Name, Is.EqualTo("a"));
        var prepared = db.PrepareCount;

        Assert.That(db.Find<Person>(1)!.Age, Is.EqualTo(1));
        Assert.That(db.Find<PersonNameFirst>(1)!.Id, Is.EqualTo(1));
        Assert.That(db.PrepareCount, Is.EqualTo(prepared), "a second type's statements replaced the first's");
    }

    [Test]
    public void Ordinals_cached_on_a_statement_belong_to_the_map_that_resolved_them()
    {
        var db = OpenWith<Person>();
        db.Insert(new Person { Name = "a", Age = 1 });
        var person = ReflectionMaps.For<Person>();
        var nameFirst = ReflectionMaps.For<PersonNameFirst>();
        using var statement = db.Runner.Prepare("SELECT Id, Name FROM people");
        Assert.That(statement.Step(), Is.True);

        var forPerson = person.GetOrdinals(statement);
        Assert.That(forPerson[..2], Is.EqualTo(new[] { 0, 1 }));
        Assert.That(forPerson[2..], Is.All.EqualTo(-1), "Age, Email and Created are not selected");
        Assert.That(person.GetOrdinals(statement), Is.SameAs(forPerson), "the second call did not use the cache");

        Assert.That(nameFirst.GetOrdinals(statement), Is.EqualTo(new[] { 1, 0 }), "another map was given the first map's ordinals");
        Assert.That(person.GetOrdinals(statement), Is.EqualTo(forPerson));
    }

    [Test]
    public void A_finalized_statement_fails_with_ObjectDisposedException_naming_it()
    {
        var db = OpenWith<Person>();
        var statement = db.Runner.Prepare("SELECT Id FROM people");
        statement.Dispose();

        var error = Assert.Throws<ObjectDisposedException>(() => statement.Step());
        Assert.That(error!.ObjectName, Is.EqualTo("SqliteStatement"));
        Assert.That(error.Message, Does.Contain("finalized"));
        Assert.Throws<ObjectDisposedException>(() => statement.GetString(0));
        Assert.DoesNotThrow(statement.Reset);
    }
}
