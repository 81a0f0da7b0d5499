using MicroDb.Conformance.Models;

namespace MicroDb.Conformance.Portable;

public abstract partial class PortableSuite
{
    private static List<Person> People() =>
    [
        .. Enumerable.Range(1, 40).Select(i => new Person
        {
            Id = i,
            Name = (i % 7) switch { 0 => "Ada", 1 => "ada", 2 => "Grace", 3 => "Zed", 4 => "b%_", 5 => "", _ => "Edsger" } + (i % 3),
            Age = i * 37 % 50,
            Email = i % 4 == 0 ? null : "p" + i + "@example.org",
            Created = new DateTime(2020, 1, 1).AddDays(i * 11).AddSeconds(i),
        }),
    ];

    private IPortableDb OpenWithPeople(out List<Person> people)
    {
        var db = OpenWith<Person>();
        people = People();
        foreach (var p in people)
        {
            p.Id = 0;
        }

        db.InsertAll(people);
        return db;
    }

    [Test]
    public void Portable_Where_and_OrderBy_match_linq_to_objects()
    {
        var db = OpenWithPeople(out var people);
        var since = new DateTime(2020, 6, 1);
        var name = "Grace1";

        Assert.That(Ids(db.Table<Person>().Where(p => p.Age > 20 && p.Email != null).OrderBy(p => p.Id).ToList()),
            Is.EqualTo(Ids(people.Where(p => p.Age > 20 && p.Email != null))));
        Assert.That(Ids(db.Table<Person>().Where(p => p.Email == null || p.Name == name).OrderBy(p => p.Id).ToList()),
            Is.EqualTo(Ids(people.Where(p => p.Email == null || p.Name == name))));
        Assert.That(Ids(db.Table<Person>().Where(p => p.Created >= since).OrderByDescending(p => p.Created).ToList()),
            Is.EqualTo(Ids(people.Where(p => p.Created >= since).OrderByDescending(p => p.Created))));
        Assert.That(Ids(db.Table<Person>().OrderBy(p => p.Name).ThenByDescending(p => p.Age).ThenBy(p => p.Id).ToList()),
            Is.EqualTo(Ids(people.OrderBy(p => p.Name, StringComparer.Ordinal).ThenByDescending(p => p.Age).ThenBy(p => p.Id))));
        Assert.That(Ids(db.Table<Person>().Where(p => p.Name.StartsWith("b%") || p.Name.Contains("race")).OrderBy(p => p.Id).ToList()),
            Is.EqualTo(Ids(people.Where(p => p.Name.StartsWith("b%", StringComparison.Ordinal) || p.Name.Contains("race", StringComparison.Ordinal)))));
        Assert.That(Ids(db.Table<Person>().Where(p => !(p.Age < 10) && p.Name != "").OrderBy(p => p.Age).ThenBy(p => p.Id).ToList()),
            Is.EqualTo(Ids(people.Where(p => !(p.Age < 10) && p.Name != "").OrderBy(p => p.Age).ThenBy(p => p.Id))));
    }

    [Test]
    public void Portable_Take_and_Skip_page_in_order()
    {
        var db = OpenWithPeople(out var people);
        var ordered = people.OrderByDescending(p => p.Age).ThenBy(p => p.Id).ToList();

        Assert.That(Ids(db.Table<Person>().OrderByDescending(p => p.Age).ThenBy(p => p.Id).Skip(5).Take(10).ToList()), Is.EqualTo(Ids(ordered.Skip(5).Take(10))));
        Assert.That(Ids(db.Table<Person>().OrderByDescending(p => p.Age).ThenBy(p => p.Id).Take(3).ToList()), Is.EqualTo(Ids(ordered.Take(3))));
        Assert.That(Ids(db.Table<Person>().OrderByDescending(p => p.Age).ThenBy(p => p.Id).Skip(38).ToList()), Is.EqualTo(Ids(ordered.Skip(38))));
        Assert.That(db.Table<Person>().OrderBy(p => p.Id).Skip(100).ToList(), Is.Empty);
    }

    [Test]
    public void Portable_terminals_count_any_first_single_and_project()
    {
        var db = OpenWithPeople(out var people);

        Assert.That(db.Table<Person>().Count(), Is.EqualTo(40));
        Assert.That(db.Table<Person>().Count(p => p.Email == null), Is.EqualTo(people.Count(p => p.Email == null)));
        Assert.That(db.Table<Person>().Where(p => p.Age > 25).Count(), Is.EqualTo(people.Count(p => p.Age > 25)));
        Assert.That(db.Table<Person>().Any(p => p.Age == 49), Is.EqualTo(people.Any(p => p.Age == 49)));
        Assert.That(db.Table<Person>().Any(p => p.Age > 1000), Is.False);
        Assert.That(db.Table<Person>().OrderBy(p => p.Age).ThenBy(p => p.Id).First().Id, Is.EqualTo(people.OrderBy(p => p.Age).ThenBy(p => p.Id).First().Id));
        Assert.That(db.Table<Person>().Where(p => p.Age > 1000).FirstOrDefault(), Is.Null);
        Assert.That(db.Table<Person>().Where(p => p.Id == 7).Single().Name, Is.EqualTo(people[6].Name));
        Assert.That(db.Table<Person>().Where(p => p.Id == 700).SingleOrDefault(), Is.Null);
        Assert.That(db.Table<Person>().Where(p => p.Age < 20).OrderBy(p => p.Id).Select(p => new { p.Name, p.Age }),
            Is.EqualTo(people.Where(p => p.Age < 20).Select(p => new { p.Name, p.Age })));
    }

    [Test]
    public async Task Portable_First_and_Single_throw_as_LINQ_does()
    {
        var db = OpenWithPeople(out _);

        Assert.Throws<InvalidOperationException>(() => db.Table<Person>().Where(p => p.Age > 1000).First());
        Assert.Throws<InvalidOperationException>(() => db.Table<Person>().Where(p => p.Age > 1000).Single());
        Assert.Throws<InvalidOperationException>(() => db.Table<Person>().Where(p => p.Age < 1000).Single());
        Assert.Throws<InvalidOperationException>(() => db.Table<Person>().Where(p => p.Age < 1000).SingleOrDefault());
        await Assert.ThrowsAsync<InvalidOperationException>(() => db.Table<Person>().Where(p => p.Age > 1000).FirstAsync());
    }

    [Test]
    public void Portable_Where_over_every_comparable_kind_matches_linq_to_objects()
    {
        var db = OpenWith<AllTypes>();
        var rows = new[] { AllTypesSamples.Minimums(), AllTypesSamples.Maximums(), AllTypesSamples.Nulls() };
        foreach (var row in rows)
        {
            db.Insert(row);
        }

        var guid = rows[1].Guid;
        var day = new DateOnly(2000, 1, 1);
        var time = new TimeSpan(1, 0, 0);
        Assert.That(Ids(db.Table<AllTypes>().Where(x => x.Guid == guid).ToList()), Is.EqualTo(new[] { rows[1].Id }));
        Assert.That(Ids(db.Table<AllTypes>().Where(x => x.Int64 > 0 && x.Decimal > 1m).ToList()), Is.EqualTo(new[] { rows[1].Id }));
        Assert.That(Ids(db.Table<AllTypes>().Where(x => x.Int32 == 0 && x.Color != Color.Blue).OrderBy(x => x.Id).ToList()), Is.EqualTo(new[] { rows[2].Id }));
        Assert.That(Ids(db.Table<AllTypes>().Where(x => x.NInt32 == null).ToList()), Is.EqualTo(new[] { rows[2].Id }));
        Assert.That(Ids(db.Table<AllTypes>().Where(x => x.DateOnly > day).ToList()), Is.EqualTo(new[] { rows[1].Id }));
        Assert.That(Ids(db.Table<AllTypes>().Where(x => x.TimeSpan < time).OrderBy(x => x.Id).ToList()), Is.EqualTo(new[] { rows[0].Id, rows[2].Id }));
        Assert.That(Ids(db.Table<AllTypes>().Where(x => x.Bool).ToList()), Is.EqualTo(new[] { rows[1].Id }));
        Assert.That(Ids(db.Table<AllTypes>().OrderByDescending(x => x.Double).ThenBy(x => x.Id).ToList()), Is.EqualTo(new[] { rows[1].Id, rows[2].Id, rows[0].Id }));
    }

    private static List<long> Ids(IEnumerable<Person> people) => [.. people.Select(p => (long)p.Id)];

    private static List<long> Ids(IEnumerable<AllTypes> rows) => [.. rows.Select(r => r.Id)];
}
