using System.Collections.Concurrent;
using System.Diagnostics;
using System.Diagnostics.Metrics;
using MicroDb.Concurrency;
using MicroDb.Conformance.Models;
using MicroDb.Mapping;
using MicroDb.Runtime.Reflection;
using MicroDb.Tests.Reliability;

namespace MicroDb.Tests.Core;

/// <summary>Seeing what runs: the per-connection callback, the ActivitySource and the Meter (README, "Seeing what runs").</summary>
[TestFixture]
public sealed class StatementDiagnosticsTests : ReliabilityFixture
{
    private List<ExecutedStatement> _seen = null!;

    [SetUp]
    public void ClearSeen() => _seen = [];

    private MicroDbConnection OpenObserved(bool includeValues = false, string? path = null)
    {
        var db = OpenWith<Person>(path, o =>
        {
            o.OnStatement = s => _seen.Add(s);
            o.IncludeParameterValues = includeValues;
        });
        _seen.Clear();
        return db;
    }

    [Test]
    public void OnStatement_receives_sql_rows_elapsed_and_source_of_every_kind_of_call()
    {
        var db = OpenObserved();

        db.Insert(new Person { Name = "a", Age = 30 });
        db.Insert(new Person { Name = "b", Age = 40 });
        var all = db.Query<Person>("SELECT * FROM people");
        var old = db.Table<Person>().Where(p => p.Age > 35).ToList();
        var found = db.Find<Person>(2);
        var missing = db.Find<Person>(99);
        var changed = db.Execute("UPDATE people SET Age = Age + 1");

        Assert.That((all.Count, old.Count, found?.Name, missing, changed), Is.EqualTo((2, 1, "b", (Person?)null, 2)));
        Assert.That(_seen.Select(s => (s.Source, s.Rows)), Is.EqualTo(new[]
        {
            (StatementSource.Crud, 1), (StatementSource.Crud, 1), (StatementSource.Sql, 2), (StatementSource.Linq, 1),
            (StatementSource.Crud, 1), (StatementSource.Crud, 0), (StatementSource.Sql, 2),
        }));
        Assert.That(_seen[0].Sql, Does.StartWith("INSERT INTO \"people\""));
        Assert.That(_seen[2].Sql, Is.EqualTo("SELECT * FROM people"));
        Assert.That(_seen[3].Sql, Does.StartWith("SELECT").And.Contain("\"Age\" > ?"));
        Assert.That(_seen.All(s => s.Elapsed > TimeSpan.Zero && s.Error is null), Is.True);
    }

    [Test]
    public void Insert_of_an_object_by_its_run_time_type_sets_the_key_and_is_reported_with_its_values()
    {
        var db = OpenObserved(includeValues: true);
        object first = new Person { Name = "a", Age = 30 };
        object second = new Person { Name = "b", Age = 40 };

        Assert.That(db.Insert(first), Is.EqualTo(1));
        Assert.That(db.Insert(second), Is.EqualTo(1));

        Assert.That((((Person)first).Id, ((Person)second).Id), Is.EqualTo((1, 2)), "the new row ids are written back");
        Assert.That(db.Find<Person>(2)?.Name, Is.EqualTo("b"));
        Assert.That(_seen.Take(2).Select(s => (s.Source, s.Rows)), Is.EqualTo(new[] { (StatementSource.Crud, 1), (StatementSource.Crud, 1) }));
        Assert.That(_seen[1].Sql, Does.StartWith("INSERT INTO \"people\""));
        Assert.That(_seen[1].Parameters, Does.Contain("b").And.Contain(40));
    }

    [Test]
    public void Insert_of_an_object_that_breaks_a_constraint_is_reported_failed_and_stores_nothing()
    {
        var db = OpenObserved();
        db.Insert((object)new Person { Name = "a", Email = "same" });
        _seen.Clear();

        Assert.Throws<MicroDbConstraintException>(() => db.Insert((object)new Person { Name = "b", Email = "same" }));

        Assert.That(_seen.Single().Error, Is.InstanceOf<MicroDbConstraintException>());
        Assert.That(db.ExecuteScalar<long>("SELECT count(*) FROM people"), Is.EqualTo(1), "nothing stored is lost, nothing half-written");
    }

    [Test]
    public void Parameters_are_redacted_by_default()
    {
        var db = OpenObserved();

        db.Insert(new Person { Name = "secret", Age = 30 });
        db.Query<Person>("SELECT * FROM people WHERE Name = ?", "secret");
        db.Find<Person>(1);

        Assert.That(_seen, Has.Count.EqualTo(3));
        Assert.That(_seen.Select(s => s.Parameters), Is.All.Null);
    }

    [Test]
    public void Parameters_are_reported_in_parameter_order_when_opted_in()
    {
        var db = OpenObserved(includeValues: true);

        var created = new DateTime(2024, 1, 2, 3, 4, 5, DateTimeKind.Utc);
        db.Insert(new Person { Name = "n", Age = 30, Email = "e", Created = created });
        db.Query<Person>("SELECT * FROM people WHERE Name = ? AND Age = ?", "n", 30);
        db.Query<Person>("SELECT * FROM people WHERE Age = @age AND Name = :name", new Dictionary<string, object?> { ["name"] = "n", ["@age"] = 30 });
        db.Table<Person>().Where(p => p.Age == 30).ToList();
        db.Find<Person>(1);
        db.Update(new Person { Id = 1, Name = "m", Age = 31 });
        db.Delete<Person>(1);

        Assert.That(_seen.Select(s => s.Parameters), Is.EqualTo(new object?[][]
        {
            ["n", 30, "e", created],
            ["n", 30],
            [30, "n"],
            [30L],
            [1],
            ["m", 31, null, default(DateTime), 1],
            [1],
        }));
    }

    [Test]
    public void A_failing_statement_is_reported_with_its_error_and_still_throws()
    {
        var db = OpenObserved();

        var error = Assert.Throws<MicroDbException>(() => db.Query<Person>("SELECT * FROM missing_table"));
        var constraint = Assert.Throws<MicroDbConstraintException>(() => db.Insert(new Person { Name = null! }));

        Assert.That(_seen.Select(s => s.Error), Is.EqualTo(new Exception[] { error!, constraint! }));
        Assert.That(_seen[0].Sql, Is.EqualTo("SELECT * FROM missing_table"));
        Assert.That(db.Table<Person>().Count(), Is.Zero);
    }

    [Test]
    public void A_streamed_query_is_reported_once_when_its_rows_end()
    {
        var db = OpenObserved();
        db.InsertAll(new[] { new Person { Name = "a" }, new Person { Name = "b" }, new Person { Name = "c" } });
        _seen.Clear();

        var names = new List<string>();
        foreach (var p in db.DeferredQuery<Person>("SELECT * FROM people ORDER BY Name"))
        {
            Assert.That(_seen, Is.Empty, "reported before the rows end");
            names.Add(p.Name);
        }

        Assert.That(names, Is.EqualTo(new[] { "a", "b", "c" }));
        Assert.That(_seen.Select(s => (s.Source, s.Rows)), Is.EqualTo(new[] { (StatementSource.Sql, 3) }));
    }

    [Test]
    public void An_ActivityListener_sees_one_client_activity_per_statement_with_the_documented_tags()
    {
        var name = "activities-" + Guid.NewGuid().ToString("N") + ".db";
        var activities = new ConcurrentQueue<Activity>();
        using var listener = new ActivityListener
        {
            ShouldListenTo = source => source.Name == MicroDbDiagnostics.ActivitySourceName,
            Sample = (ref ActivityCreationOptions<ActivityContext> _) => ActivitySamplingResult.AllDataAndRecorded,
            ActivityStopped = a =>
            {
                if (Equals(a.GetTagItem("db.namespace"), name))
                {
                    activities.Enqueue(a);
                }
            },
        };
        ActivitySource.AddActivityListener(listener);
        using var parent = new Activity("test-parent").Start();
        var db = OpenObserved(includeValues: false, Path.Combine(Folder, name));
        activities.Clear();

        db.Insert(new Person { Name = "a", Age = 7 });
        db.Query<Person>("SELECT * FROM people WHERE Age = ?", 7);

        var seen = activities.ToArray();
        Assert.That(seen.Select(a => a.OperationName), Is.EqualTo(new[] { "INSERT", "SELECT" }));
        var select = seen[1];
        Assert.That(select.Kind, Is.EqualTo(ActivityKind.Client));
        Assert.That(select.Parent, Is.SameAs(parent));
        Assert.That(select.Source.Name, Is.EqualTo("MicroDb"));
        Assert.That(select.GetTagItem("db.system.name"), Is.EqualTo("sqlite"));
        Assert.That(select.GetTagItem("db.system"), Is.EqualTo("sqlite"));
        Assert.That(select.GetTagItem("db.operation.name"), Is.EqualTo("SELECT"));
        Assert.That(select.GetTagItem("db.query.text"), Is.EqualTo("SELECT * FROM people WHERE Age = ?"));
        Assert.That(select.GetTagItem("db.response.returned_rows"), Is.EqualTo(1));
        Assert.That(select.GetTagItem("microdb.source"), Is.EqualTo("sql"));
        Assert.That(seen[0].GetTagItem("microdb.source"), Is.EqualTo("crud"));
        Assert.That(select.GetTagItem("db.query.parameter.1"), Is.Null, "values are redacted unless opted in");
        Assert.That(select.Duration, Is.GreaterThan(TimeSpan.Zero));
        Assert.That(select.Status, Is.EqualTo(ActivityStatusCode.Unset));
        Assert.That(Activity.Current, Is.SameAs(parent));
    }

    [Test]
    public void Activities_carry_parameter_values_when_opted_in_and_the_error_of_a_failure()
    {
        var name = "values-" + Guid.NewGuid().ToString("N") + ".db";
        var activities = new ConcurrentQueue<Activity>();
        using var listener = new ActivityListener
        {
            ShouldListenTo = source => source.Name == MicroDbDiagnostics.ActivitySourceName,
            Sample = (ref ActivityCreationOptions<ActivityContext> _) => ActivitySamplingResult.AllDataAndRecorded,
            ActivityStopped = a =>
            {
                if (Equals(a.GetTagItem("db.namespace"), name))
                {
                    activities.Enqueue(a);
                }
            },
        };
        ActivitySource.AddActivityListener(listener);
        var db = OpenObserved(includeValues: true, Path.Combine(Folder, name));
        activities.Clear();

        db.Query<Person>("SELECT * FROM people WHERE Age = ? AND Name = ?", 7, "x");
        Assert.Throws<MicroDbException>(() => db.Execute("INSERT INTO nowhere VALUES (1)"));

        var seen = activities.ToArray();
        Assert.That((seen[0].GetTagItem("db.query.parameter.1"), seen[0].GetTagItem("db.query.parameter.2")), Is.EqualTo(((object)7, (object)"x")));
        Assert.That(seen[1].Status, Is.EqualTo(ActivityStatusCode.Error));
        Assert.That(seen[1].GetTagItem("error.type"), Is.EqualTo(typeof(MicroDbException).FullName));
    }

    [Test]
    public void A_MeterListener_gets_a_duration_and_a_count_per_statement()
    {
        var durations = new ConcurrentQueue<(double Seconds, string? Operation, string? Source)>();
        var counts = new ConcurrentQueue<long>();
        using var meter = new MeterListener();
        meter.InstrumentPublished = (instrument, l) =>
        {
            if (instrument.Meter.Name == MicroDbDiagnostics.MeterName)
            {
                l.EnableMeasurementEvents(instrument);
            }
        };
        meter.SetMeasurementEventCallback<double>((instrument, value, tags, _) =>
        {
            if (instrument.Name == MicroDbDiagnostics.DurationInstrumentName && Environment.CurrentManagedThreadId == TestThread)
            {
                durations.Enqueue((value, Tag(tags, "db.operation.name"), Tag(tags, "microdb.source")));
            }
        });
        meter.SetMeasurementEventCallback<long>((instrument, value, _, _) =>
        {
            if (instrument.Name == MicroDbDiagnostics.StatementCountInstrumentName && Environment.CurrentManagedThreadId == TestThread)
            {
                counts.Enqueue(value);
            }
        });
        meter.Start();
        TestThread = Environment.CurrentManagedThreadId;
        var db = OpenWith<Person>();
        durations.Clear();
        counts.Clear();

        db.Insert(new Person { Name = "a" });
        db.Table<Person>().Where(p => p.Name == "a").ToList();

        Assert.That(durations.Select(d => (d.Operation, d.Source)), Is.EqualTo(new[] { ((string?)"INSERT", (string?)"crud"), ("SELECT", "linq") }));
        Assert.That(durations.All(d => d.Seconds > 0), Is.True);
        Assert.That(counts, Is.EqualTo(new[] { 1L, 1L }));
    }

    private static int TestThread;

    private static string? Tag(ReadOnlySpan<KeyValuePair<string, object?>> tags, string key)
    {
        foreach (var tag in tags)
        {
            if (tag.Key == key)
            {
                return tag.Value as string;
            }
        }

        return null;
    }

    [Test]
    public async Task The_async_connection_reports_from_its_writer_and_its_readers()
    {
        var seen = new ConcurrentQueue<ExecutedStatement>();
        var options = new MicroDbOptions(DatabasePath) { Mapping = MappingMode.Reflection, OnStatement = seen.Enqueue, IncludeParameterValues = true }.UseReflection();
        await using var connection = new MicroDbAsyncConnection(new MicroDbPoolOptions(options) { ReaderCount = 2 });
        await connection.CreateTableAsync<Person>();
        seen.Clear();

        await connection.InsertAsync(new Person { Name = "a", Age = 5 });
        var read = await connection.QueryAsync<Person>("SELECT * FROM people WHERE Age = ?", 5);
        var linq = await connection.Table<Person>().Where(p => p.Name == "a").ToListAsync();

        // Every statement is reported, the pool's own too (a reader checks the schema version before it reads).
        var ours = seen.Where(s => s.Sql.Contains("people", StringComparison.Ordinal)).ToList();
        Assert.That((read.Count, linq.Count), Is.EqualTo((1, 1)));
        Assert.That(ours.Select(s => (s.Source, s.Rows)), Is.EqualTo(new[] { (StatementSource.Crud, 1), (StatementSource.Sql, 1), (StatementSource.Linq, 1) }));
        Assert.That(ours[1].Parameters, Is.EqualTo(new object?[] { 5 }));
    }

    [Test]
    public void The_pool_reports_from_its_writer_and_its_readers()
    {
        var seen = new ConcurrentQueue<ExecutedStatement>();
        var options = new MicroDbOptions(DatabasePath) { Mapping = MappingMode.Reflection, OnStatement = seen.Enqueue }.UseReflection();
        using var pool = new MicroDbPool(new MicroDbPoolOptions(options) { ReaderCount = 2 });
        pool.Write(c => c.CreateTable<Person>());
        seen.Clear();

        pool.Write(c => c.Insert(new Person { Name = "a" }));
        var count = pool.Read(c => c.ExecuteScalar<int>("SELECT count(*) FROM people"));

        var ours = seen.Where(s => s.Sql.Contains("people", StringComparison.Ordinal)).ToList();
        Assert.That(count, Is.EqualTo(1));
        Assert.That(ours.Select(s => s.Source), Is.EqualTo(new[] { StatementSource.Crud, StatementSource.Sql }));
        Assert.That(ours[0].Sql, Does.StartWith("INSERT INTO \"people\""));
        Assert.That(ours[1].Sql, Is.EqualTo("SELECT count(*) FROM people"));
    }

    [Test]
    public void With_nobody_listening_a_statement_allocates_nothing_for_diagnostics()
    {
        var quiet = OpenWith<Person>(Path.Combine(Folder, "quiet.db"));
        var observed = OpenObserved(path: Path.Combine(Folder, "observed.db"));
        for (var i = 0; i < 20; i++)
        {
            quiet.Delete<Person>(1000 + i);
            observed.Delete<Person>(1000 + i);
        }

        var before = GC.GetAllocatedBytesForCurrentThread();
        for (var i = 0; i < 200; i++)
        {
            quiet.Delete<Person>(1000 + i);
        }

        var quietBytes = GC.GetAllocatedBytesForCurrentThread() - before;
        _seen.Clear();
        for (var i = 0; i < 200; i++)
        {
            observed.Delete<Person>(1000 + i);
        }

        Assert.That(quietBytes, Is.Zero);
        Assert.That(_seen, Has.Count.EqualTo(200), "the same calls with a callback are each reported");
        Assert.That(_seen.Select(s => (s.Source, s.Rows)), Is.All.EqualTo((StatementSource.Crud, 0)));
    }

    [TestCase("  select 1", "SELECT")]
    [TestCase("INSERT OR REPLACE INTO t VALUES (1)", "INSERT")]
    [TestCase("with x as (select 1) select * from x", "WITH")]
    [TestCase("-- comment\nSELECT 1", null)]
    [TestCase("", null)]
    public void The_operation_name_is_the_first_keyword(string sql, string? expected) =>
        Assert.That(StatementRunner.OperationName(sql), Is.EqualTo(expected));
}
