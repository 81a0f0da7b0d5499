using MicroDb.Conformance;
using MicroDb.Conformance.Models;
using MicroDb.Query;

namespace MicroDb.Generated.Tests.Intercepted;

/// <summary>
/// The per-call-site object of intercepted queries: its bad input, its fallback when the map is not the one the generator
/// saw, and the typed values it binds, which must be stored and reported exactly as the run-time path's.
/// </summary>
[TestFixture("microdb")]
[TestFixture("sqlite-net")]
public class InterceptedSiteTests
{
    private readonly string _format;
    private readonly List<ExecutedStatement> _seen = [];
    private MicroDbConnection _db = null!;

    public InterceptedSiteTests(string format) => _format = format;

    [SetUp]
    public void Open()
    {
        _db = new MicroDbConnection(new MicroDbOptions(":memory:")
        {
            Storage = _format == "microdb" ? StorageFormat.MicroDb : StorageFormat.SqliteNet(),
            OnStatement = _seen.Add,
            IncludeParameterValues = true,
        });
        _db.CreateTable<Person>();
        _db.InsertAll(new[] { new Person { Name = "Ada", Age = 36 }, new Person { Name = "Bob", Age = 17 } });
        _seen.Clear();
    }

    [TearDown]
    public void Close() => _db.Dispose();

    [Test]
    public void Site_rejects_a_null_sql_and_a_bad_value_description()
    {
        Assert.That(() => new InterceptedSite(null!), Throws.ArgumentNullException.With.Property("ParamName").EqualTo("sql"));
        var site = new InterceptedSite("SELECT 1");
        Assert.That(() => site.Value(-1, "R", "Age", typeof(int)), Throws.InstanceOf<ArgumentOutOfRangeException>().With.Property("ParamName").EqualTo("where"));
        Assert.That(() => site.Value(0, null!, "Age", typeof(int)), Throws.ArgumentNullException.With.Property("ParamName").EqualTo("path"));
        Assert.That(() => site.Value(0, "R", null!, typeof(int)), Throws.ArgumentNullException.With.Property("ParamName").EqualTo("member"));
        Assert.That(() => site.Value(0, "R", "Age", null!), Throws.ArgumentNullException.With.Property("ParamName").EqualTo("memberType"));
        Assert.That(site.ValueCount, Is.Zero, "A rejected value is not added.");
    }

    [Test]
    public void Member_the_map_does_not_have_sends_the_query_to_the_run_time_path()
    {
        var age = 17;
        var query = QueryInterception.Where(_db.Table<Person>(), x => x.Age == age);
        var site = new InterceptedSite(query.ToSqlString()).Value(0, "R", "Transient", typeof(string));

        var rows = QueryInterception.ToList(query, site);

        Assert.That(rows.Select(r => r.Name), Is.EqualTo(new[] { "Bob" }));
        Assert.That(_seen.Single().Source, Is.EqualTo(StatementSource.Linq));
    }

    [Test]
    public void One_site_binds_the_value_of_each_run()
    {
        var query = _db.Table<Person>();
        var site = new InterceptedSite(query.Where(x => x.Age == 0).Take(1).ToSqlString()).Value(0, "R", "Age", typeof(int));
        var names = new List<string>();
        foreach (var age in new[] { 36, 17, 36 })
        {
            var where = QueryInterception.Where(query, x => x.Age == age);
            names.Add(QueryInterception.First(where, site).Name);
        }

        Assert.That(names, Is.EqualTo(new[] { "Ada", "Bob", "Ada" }));
        Assert.That(_seen.Select(s => s.Source), Is.All.EqualTo(StatementSource.Intercepted));
        Assert.That(_seen.Select(s => s.Parameters!.Single()), Is.EqualTo(new object[] { 36, 17, 36 }));
    }

    [Test]
    public void Typed_values_are_stored_and_reported_as_the_run_time_path_does()
    {
        _db.CreateTable<AllTypes>();
        var color = AllTypesSamples.Maximums().Color;
        var sample = new AllTypes { Guid = Guid.NewGuid(), Color = color, ColorText = color, String = "typed", Bool = true, Int64 = long.MaxValue - 1 };
        _db.InsertAll(new[] { new AllTypes { Guid = Guid.NewGuid(), Color = color, ColorText = color, String = "typed", Bool = true, Int64 = 7 }, sample });
        var guid = sample.Guid;
        var text = sample.String!;
        var flag = sample.Bool;
        var number = sample.Int64;

        _seen.Clear();
        var intercepted = _db.Table<AllTypes>().Where(x => x.Guid == guid && x.Color == color && x.ColorText == color && x.String == text && x.Bool == flag && x.Int64 == number).ToList();
        var interceptedRun = _seen.Single();
        _seen.Clear();
        var q = _db.Table<AllTypes>();
        var runTime = q.Where(x => x.Guid == guid && x.Color == color && x.ColorText == color && x.String == text && x.Bool == flag && x.Int64 == number).ToList();
        var runTimeRun = _seen.Single();

        Assert.That(interceptedRun.Source, Is.EqualTo(StatementSource.Intercepted));
        Assert.That(runTimeRun.Source, Is.EqualTo(StatementSource.Linq));
        Assert.That(interceptedRun.Sql, Is.EqualTo(runTimeRun.Sql));
        Assert.That(intercepted.Select(r => r.Id), Is.EqualTo(runTime.Select(r => r.Id)));
        Assert.That(intercepted, Has.Count.EqualTo(1));
        Assert.That(interceptedRun.Parameters, Is.EqualTo(runTimeRun.Parameters));
        Assert.That(interceptedRun.Parameters!.Select(p => p?.GetType()), Is.EqualTo(runTimeRun.Parameters!.Select(p => p?.GetType())));
    }
}
