using System.Collections.Concurrent;
using System.Diagnostics;
using MicroDb;
using SQLite;

namespace CompatApp.Tests;

/// <summary>
/// Inline sqlite-net queries (SQLiteConnection.Table&lt;T&gt;() ... in one expression) are lowered and intercepted by the
/// generator: the statement is reported with the source "intercepted", and the rows, Tracer lines and exceptions are
/// those of the same query built across statements (which stays on the run-time path, "linq").
/// </summary>
public class InterceptedCompatQueryTests
{
    private readonly ConcurrentQueue<string> _sources = new();
    private readonly List<string> _trace = [];
    private ActivityListener _listener = null!;
    private string _path = null!;
    private SQLiteConnection _db = null!;

    [SetUp]
    public void Open()
    {
        _path = Path.Combine(Path.GetTempPath(), "mdbintercompat-" + Guid.NewGuid().ToString("N") + ".db");
        var name = Path.GetFileName(_path);
        _listener = new ActivityListener
        {
            ShouldListenTo = source => source.Name == MicroDbDiagnostics.ActivitySourceName,
            Sample = (ref ActivityCreationOptions<ActivityContext> _) => ActivitySamplingResult.AllDataAndRecorded,
            ActivityStopped = a =>
            {
                if (Equals(a.GetTagItem("db.namespace"), name))
                {
                    _sources.Enqueue((string)a.GetTagItem("microdb.source")!);
                }
            },
        };
        ActivitySource.AddActivityListener(_listener);
        _db = new SQLiteConnection(_path);
        _db.CreateTable<CompatPerson>();
        _db.InsertAll(new[]
        {
            new CompatPerson { Name = "Ada", Age = 36, Active = true },
            new CompatPerson { Name = "Bob", Age = 17 },
            new CompatPerson { Name = "Cy", Age = 52, Active = true },
            new CompatPerson { Name = "Di", Age = 17 },
        });
        _db.Tracer = _trace.Add;
        _db.Trace = true;
        Seen();
    }

    [TearDown]
    public void Close()
    {
        _db.Dispose();
        _listener.Dispose();
        foreach (var suffix in new[] { "", "-journal", "-wal", "-shm" })
        {
            File.Delete(_path + suffix);
        }
    }

    [Test]
    public void Inline_compat_lookup_is_intercepted_and_matches_the_run_time_path()
    {
        var id = 3;
        var intercepted = _db.Table<CompatPerson>().Where(p => p.Id == id).FirstOrDefault();
        var (interceptedSources, interceptedTrace) = Seen();

        var query = _db.Table<CompatPerson>().Where(p => p.Id == id);
        var runTime = query.FirstOrDefault();
        var (runTimeSources, runTimeTrace) = Seen();

        Assert.That(interceptedSources, Is.EqualTo(new[] { "intercepted" }));
        Assert.That(runTimeSources, Is.EqualTo(new[] { "linq" }));
        Assert.That(intercepted.Name, Is.EqualTo("Cy"));
        Assert.That(runTime.Name, Is.EqualTo("Cy"));
        Assert.That(interceptedTrace, Is.EqualTo(runTimeTrace));
        Assert.That(interceptedTrace.Single(), Does.StartWith("Executing Query: "));
    }

    [Test]
    public void Operators_and_terminals_match_the_run_time_path()
    {
        var age = 17;
        Check(
            () => Names(_db.Table<CompatPerson>().Where(p => p.Age >= age).OrderByDescending(p => p.Age).ThenBy(p => p.Name).Skip(1).Take(2).ToList()),
            () => { var q = _db.Table<CompatPerson>(); return Names(q.Where(p => p.Age >= age).OrderByDescending(p => p.Age).ThenBy(p => p.Name).Skip(1).Take(2).ToList()); });
        Check(
            () => _db.Table<CompatPerson>().Count(p => p.Age == age || p.Active),
            () => { var q = _db.Table<CompatPerson>(); return q.Count(p => p.Age == age || p.Active); });
        Check(
            () => _db.Table<CompatPerson>().First(p => p.Age > age && !p.Active || p.Name == "Ada").Name,
            () => { var q = _db.Table<CompatPerson>(); return q.First(p => p.Age > age && !p.Active || p.Name == "Ada").Name; });
        Check(
            () => Names(_db.Table<CompatPerson>().Where(p => p.Age == age).OrderBy(p => p.Id).ToArray()),
            () => { var q = _db.Table<CompatPerson>(); return Names(q.Where(p => p.Age == age).OrderBy(p => p.Id).ToArray()); });
    }

    [Test]
    public void Intercepted_first_without_a_row_throws_as_the_run_time_path()
    {
        var age = 99;
        var intercepted = Assert.Throws<InvalidOperationException>(() => _db.Table<CompatPerson>().Where(p => p.Age == age).First());
        Assert.That(Seen().Sources, Is.EqualTo(new[] { "intercepted" }));
        var query = _db.Table<CompatPerson>().Where(p => p.Age == age);
        var runTime = Assert.Throws<InvalidOperationException>(() => query.First());

        Assert.That(intercepted!.Message, Is.EqualTo(runTime!.Message));
    }

    [Test]
    public void Intercepted_database_error_is_translated_as_the_run_time_path_translates_it()
    {
        _db.Execute("DROP TABLE people");
        Seen();
        var id = 1;

        var intercepted = Assert.Throws<SQLiteException>(() => _db.Table<CompatPerson>().Where(p => p.Id == id).ToList());
        var (sources, interceptedTrace) = Seen();
        var query = _db.Table<CompatPerson>().Where(p => p.Id == id);
        var runTime = Assert.Throws<SQLiteException>(() => query.ToList());

        Assert.That(sources, Is.EqualTo(new[] { "intercepted" }));
        Assert.That(intercepted!.Result, Is.EqualTo(SQLite3.Result.Error));
        Assert.That(intercepted.Message, Does.Contain("no such table"));
        Assert.That(runTime!.Result, Is.EqualTo(intercepted.Result));
        Assert.That(interceptedTrace, Is.EqualTo(Seen().Trace));
    }

    [Test]
    public void A_null_value_sends_the_inline_query_to_the_run_time_path()
    {
        string name = null;
        _db.Insert(new CompatPerson { Name = null, Age = 5 });
        Seen();

        var rows = _db.Table<CompatPerson>().Where(p => p.Name == name).ToList();

        Assert.That(Seen().Sources, Is.EqualTo(new[] { "linq" }));
        Assert.That(rows.Select(r => r.Age), Is.EqualTo(new[] { 5 }));
    }

    [Test]
    public async Task Inline_async_compat_queries_are_intercepted_and_match_the_run_time_path()
    {
        _db.Trace = false;
        var async = new SQLiteAsyncConnection(_path);
        try
        {
            // Open the shared connection first (its set-up statements are not the queries').
            await async.ExecuteScalarAsync<int>("SELECT 1");
            Seen();
            var age = 17;
            var intercepted = await async.Table<CompatPerson>().Where(p => p.Age > age).OrderBy(p => p.Name).ToListAsync();
            var count = await async.Table<CompatPerson>().CountAsync(p => p.Age == age);
            var one = await async.Table<CompatPerson>().FirstOrDefaultAsync(p => p.Name == "Di");
            var interceptedSources = Seen().Sources;

            var query = async.Table<CompatPerson>().Where(p => p.Age > age).OrderBy(p => p.Name);
            var runTime = await query.ToListAsync();
            var all = async.Table<CompatPerson>();
            var runTimeCount = await all.CountAsync(p => p.Age == age);

            Assert.That(interceptedSources, Is.EqualTo(new[] { "intercepted", "intercepted", "intercepted" }));
            Assert.That(Seen().Sources, Is.EqualTo(new[] { "linq", "linq" }));
            Assert.That(Names(intercepted), Is.EqualTo(Names(runTime)));
            Assert.That(Names(intercepted), Is.EqualTo(new[] { "Ada", "Cy" }));
            Assert.That(count, Is.EqualTo(runTimeCount).And.EqualTo(2));
            Assert.That(one.Age, Is.EqualTo(17));
        }
        finally
        {
            await async.CloseAsync();
        }
    }

    [Test]
    public void String_conditions_and_captured_lists_match_the_run_time_path()
    {
        var prefix = "a";
        var low = "B";
        var ages = new List<int> { 17, 52 };
        Check(
            () => Names(_db.Table<CompatPerson>().Where(p => p.Name.StartsWith(prefix, StringComparison.OrdinalIgnoreCase) || p.Name.EndsWith("y")).ToList()),
            () => { var q = _db.Table<CompatPerson>(); return Names(q.Where(p => p.Name.StartsWith(prefix, StringComparison.OrdinalIgnoreCase) || p.Name.EndsWith("y")).ToList()); });
        Check(
            () => _db.Table<CompatPerson>().Count(p => string.CompareOrdinal(p.Name, low) > 0 && ages.Contains(p.Age)),
            () => { var q = _db.Table<CompatPerson>(); return q.Count(p => string.CompareOrdinal(p.Name, low) > 0 && ages.Contains(p.Age)); });
        Assert.That(Names(_db.Table<CompatPerson>().Where(p => p.Name.StartsWith(prefix, StringComparison.OrdinalIgnoreCase) || p.Name.EndsWith("y")).ToList()), Is.EqualTo(new[] { "Ada", "Cy" }));
        Assert.That(_db.Table<CompatPerson>().Count(p => string.CompareOrdinal(p.Name, low) > 0 && ages.Contains(p.Age)), Is.EqualTo(3));
    }

    private static string[] Names(IEnumerable<CompatPerson> people) => people.Select(p => p.Name).ToArray();

    /// <summary>The statements' sources and the Tracer lines since the last call.</summary>
    private (string[] Sources, string[] Trace) Seen()
    {
        var sources = new List<string>();
        while (_sources.TryDequeue(out var source))
        {
            sources.Add(source);
        }

        var trace = _trace.ToArray();
        _trace.Clear();
        return (sources.ToArray(), trace);
    }

    private void Check<TResult>(Func<TResult> inline, Func<TResult> acrossStatements)
    {
        var intercepted = inline();
        var (interceptedSources, interceptedTrace) = Seen();
        var runTime = acrossStatements();
        var (runTimeSources, runTimeTrace) = Seen();

        Assert.That(interceptedSources, Is.EqualTo(new[] { "intercepted" }));
        Assert.That(runTimeSources, Is.EqualTo(new[] { "linq" }));
        Assert.That(intercepted, Is.EqualTo(runTime));
        Assert.That(interceptedTrace, Is.EqualTo(runTimeTrace));
        Assert.That(interceptedTrace, Has.Length.EqualTo(1));
    }
}
