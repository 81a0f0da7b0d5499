using MicroDb.Conformance;
using MicroDb.Conformance.Models;

namespace MicroDb.Generated.Tests.Intercepted;

/// <summary>
/// Inline queries in this project are lowered and intercepted by the generator: they report
/// <see cref="StatementSource.Intercepted"/> and give the SQL and rows of the same query on the run-time path (built across
/// statements, which the generator does not intercept), on both mapping paths and under both storage formats.
/// </summary>
[TestFixture("generated", "microdb")]
[TestFixture("generated", "sqlite-net")]
[TestFixture("reflection", "microdb")]
[TestFixture("reflection", "sqlite-net")]
public class InterceptedQueryTests : InterceptedTestBase
{
    public InterceptedQueryTests(string mapping, string format)
        : base(mapping, format)
    {
    }

    /// <summary>These tests compare the two paths themselves, without the interception check.</summary>
    protected override bool Checked => false;

    protected override void Seed()
    {
        _db.CreateTable<Person>();
        _db.InsertAll(new[]
        {
            new Person { Name = "Ada", Age = 36, Email = "ada@example.com" },
            new Person { Name = "Bob", Age = 17 },
            new Person { Name = "Cy", Age = 52, Email = "cy@example.com" },
            new Person { Name = "Di", Age = 17 },
        });
    }

    [Test]
    public void Inline_lookup_is_intercepted_and_matches_the_run_time_path()
    {
        var id = 3;
        var intercepted = _db.Table<Person>().Where(x => x.Id == id).FirstOrDefault();
        var first = _seen.Single();

        var query = _db.Table<Person>().Where(x => x.Id == id);
        var runTime = query.FirstOrDefault();
        var second = _seen.Last();

        Assert.That(first.Source, Is.EqualTo(StatementSource.Intercepted));
        Assert.That(second.Source, Is.EqualTo(StatementSource.Linq));
        Assert.That(first.Sql, Is.EqualTo(second.Sql));
        Assert.That(intercepted?.Name, Is.EqualTo("Cy"));
        Assert.That(runTime?.Name, Is.EqualTo("Cy"));
        Assert.That(_db.GetMap<Person>().IsGenerated, Is.EqualTo(_mapping == "generated"), "The interceptor reads rows by the connection's map.");
    }

    [Test]
    public void Operators_and_terminals_match_the_run_time_path()
    {
        var age = 17;
        var name = "Bob";
        Check(
            () => _db.Table<Person>().Where(x => x.Age > age).OrderByDescending(x => x.Age).ThenBy(x => x.Name).Skip(1).Take(5).ToList(),
            () => { var q = _db.Table<Person>(); return q.Where(x => x.Age > age).OrderByDescending(x => x.Age).ThenBy(x => x.Name).Skip(1).Take(5).ToList(); });
        Check(
            () => _db.Table<Person>().OrderBy(x => x.Name).ToArray(),
            () => { var q = _db.Table<Person>(); return q.OrderBy(x => x.Name).ToArray(); });
        Check(
            () => _db.Table<Person>().Count(x => x.Age == 17 || x.Name == name),
            () => { var q = _db.Table<Person>(); return q.Count(x => x.Age == 17 || x.Name == name); });
        Check(
            () => _db.Table<Person>().Where(x => !(x.Age < 20)).Any(),
            () => { var q = _db.Table<Person>(); return q.Where(x => !(x.Age < 20)).Any(); });
        Check(
            () => _db.Table<Person>().Take(2).Any(),
            () => { var q = _db.Table<Person>(); return q.Take(2).Any(); });
        Check(
            () => _db.Table<Person>().Skip(3).Count(),
            () => { var q = _db.Table<Person>(); return q.Skip(3).Count(); });
        Check(
            () => _db.Table<Person>().Single(x => x.Name == name),
            () => { var q = _db.Table<Person>(); return q.Single(x => x.Name == name); });
        Check(
            () => _db.Table<Person>().SingleOrDefault(x => x.Age == 99),
            () => { var q = _db.Table<Person>(); return q.SingleOrDefault(x => x.Age == 99); });
        Check(
            () => _db.Table<Person>().First(x => 40 <= x.Age),
            () => { var q = _db.Table<Person>(); return q.First(x => 40 <= x.Age); });
    }

    [Test]
    public void Errors_are_the_run_time_errors()
    {
        var age = 17;
        Assert.That(() => _db.Table<Person>().Single(x => x.Age == age), Throws.InvalidOperationException.With.Message.Contains("more than one row"));
        Assert.That(() => _db.Table<Person>().First(x => x.Age == 1), Throws.InvalidOperationException.With.Message.Contains("returned no row"));
        Assert.That(_seen.Select(s => s.Source), Is.All.EqualTo(StatementSource.Intercepted));
    }

    [Test]
    public void Query_that_can_never_be_translated_throws_the_reason_of_its_build_warning()
    {
        // MDB0014 at build time (silenced here on purpose), with the reason the run time throws (src/Shared/QueryReasons.cs).
#pragma warning disable MDB0014
        Assert.That(() => _db.Table<Person>().Where(x => x.Transient == "a").ToList(),
            Throws.InstanceOf<NotSupportedException>().With.Message.Contains("member 'Transient' of 'MicroDb.Conformance.Models.Person' is not a mapped column"));
#pragma warning restore MDB0014
        Assert.That(_seen, Is.Empty);
    }

    [Test]
    public void Bool_members_and_enums_match_the_run_time_path()
    {
        _db.CreateTable<AllTypes>();
        _db.InsertAll(new[] { AllTypesSamples.Minimums(), AllTypesSamples.Maximums(), AllTypesSamples.Nulls() });
        var color = AllTypesSamples.Maximums().Color;
        Check(
            () => _db.Table<AllTypes>().Where(x => x.Bool && !(x.Color == color)).OrderBy(x => x.Color).ThenByDescending(x => x.Bool).ToList(),
            () => { var q = _db.Table<AllTypes>(); return q.Where(x => x.Bool && !(x.Color == color)).OrderBy(x => x.Color).ThenByDescending(x => x.Bool).ToList(); });
        Check(
            () => _db.Table<AllTypes>().Count(x => !x.Bool || x.ColorText == color),
            () => { var q = _db.Table<AllTypes>(); return q.Count(x => !x.Bool || x.ColorText == color); });
    }

    [Test]
    public void Null_value_takes_the_run_time_path_with_its_sql()
    {
        string? email = null;
        var rows = _db.Table<Person>().Where(x => x.Email == email).ToList();

        Assert.That(rows.Select(r => r.Name), Is.EquivalentTo(new[] { "Bob", "Di" }));
        Assert.That(_seen.Single().Source, Is.EqualTo(StatementSource.Linq), "A null decides the SQL (IS NULL): the interceptor hands the query to the run time.");
        Assert.That(_seen.Single().Sql, Does.Contain("\"Email\" IS NULL"));

        email = "ada@example.com";
        Assert.That(_db.Table<Person>().Where(x => x.Email == email).ToList().Single().Name, Is.EqualTo("Ada"));
        Assert.That(_seen.Last().Source, Is.EqualTo(StatementSource.Intercepted));
    }

    [Test]
    public void Changed_captured_values_are_read_at_each_run()
    {
        var names = new List<string>();
        for (var id = 1; id <= 4; id++)
        {
            names.Add(_db.Table<Person>().Where(x => x.Id == id).First().Name);
        }

        Assert.That(names, Is.EqualTo(new[] { "Ada", "Bob", "Cy", "Di" }));
        Assert.That(_seen.Select(s => s.Source), Is.All.EqualTo(StatementSource.Intercepted));
        Assert.That(_seen.Select(s => s.Sql).Distinct().Count(), Is.EqualTo(1));
    }

    private void Check<TResult>(Func<TResult> inline, Func<TResult> runTime)
    {
        _seen.Clear();
        var intercepted = inline();
        var interceptedStatement = _seen.Single();
        _seen.Clear();
        var expected = runTime();
        var runTimeStatement = _seen.Single();

        Assert.That(interceptedStatement.Source, Is.EqualTo(StatementSource.Intercepted), interceptedStatement.Sql);
        Assert.That(runTimeStatement.Source, Is.EqualTo(StatementSource.Linq));
        Assert.That(interceptedStatement.Sql, Is.EqualTo(runTimeStatement.Sql));
        Assert.That(Describe(intercepted), Is.EqualTo(Describe(expected)));
    }

    private static string Describe(object? result) => result switch
    {
        IEnumerable<AllTypes> rows => string.Join(",", rows.Select(r => r.Id)),
        IEnumerable<Person> people => string.Join(",", people.Select(p => p.Id + ":" + p.Name + ":" + p.Age + ":" + p.Email)),
        Person p => p.Id + ":" + p.Name + ":" + p.Age + ":" + p.Email,
        null => "null",
        _ => result.ToString()!,
    };
}
