using System.Diagnostics;
using BenchmarkDotNet.Attributes;
using MicroDb.Benchmarks.Infrastructure;
using MicroDb.Benchmarks.Models;
using MicroDb.Mapping;

namespace MicroDb.Benchmarks.Crud;

/// <summary>
/// What seeing the statements costs (README, "Seeing what runs"): Find by key with nobody listening (the baseline,
/// which must match a build without diagnostics: no Stopwatch, no allocation), with a <see cref="MicroDbOptions.OnStatement"/>
/// callback, and with an <see cref="ActivityListener"/> that records every MicroDb activity (what an OpenTelemetry
/// exporter with full sampling does). Each side has its own 1,000-row file with a transaction left open, so every call
/// hits the page cache.
/// </summary>
[MemoryDiagnoser]
public class DiagnosticsOverheadBenchmarks
{
    private const int Rows = 1000;
    private TempDirectory _dir = null!;
    private MicroDbConnection _quiet = null!;
    private MicroDbConnection _callback = null!;
    private MicroDbConnection _traced = null!;
    private ActivityListener? _listener;
    private long _key;
    private long _seen;

    /// <summary>Three files with 1,000 rows each; no listener.</summary>
    [GlobalSetup(Targets = [nameof(Find_NoListener), nameof(Find_WithCallback)])]
    public void Setup()
    {
        _dir = new TempDirectory();
        var data = new CrudData(Rows);
        _quiet = Open("quiet.db", data, null);
        _callback = Open("callback.db", data, _ => _seen++);
        _traced = Open("traced.db", data, null);
    }

    /// <summary>The same files, and an activity listener that samples and counts every MicroDb activity.</summary>
    [GlobalSetup(Target = nameof(Find_WithActivityListener))]
    public void SetupWithListener()
    {
        Setup();
        _listener = new ActivityListener
        {
            ShouldListenTo = source => source.Name == MicroDbDiagnostics.ActivitySourceName,
            Sample = (ref ActivityCreationOptions<ActivityContext> _) => ActivitySamplingResult.AllDataAndRecorded,
            ActivityStopped = _ => _seen++,
        };
        ActivitySource.AddActivityListener(_listener);
    }

    /// <summary>Removes the listener, commits and closes.</summary>
    [GlobalCleanup]
    public void Cleanup()
    {
        _listener?.Dispose();
        _listener = null;
        foreach (var c in new[] { _quiet, _callback, _traced })
        {
            c.Commit();
            c.Dispose();
        }

        _dir.Dispose();
    }

    private MicroDbConnection Open(string file, CrudData data, Action<ExecutedStatement>? onStatement)
    {
        var options = RawSqlite.Options(_dir.File(file), Durability.MicroDbDefault, MappingMode.Generated);
        options.OnStatement = onStatement;
        var connection = new MicroDbConnection(options);
        connection.CreateTable<TestRow>();
        CrudTables.Reset(connection.Handle, data.Seed);
        connection.BeginTransaction();
        return connection;
    }

    private long NextKey() => _key = (_key % Rows) + 1;

    /// <summary>Find&lt;T&gt;(key) with nobody listening (baseline).</summary>
    [Benchmark(Baseline = true)]
    public TestRow? Find_NoListener() => _quiet.Find<TestRow>(NextKey());

    /// <summary>Find&lt;T&gt;(key) with an OnStatement callback.</summary>
    [Benchmark]
    public TestRow? Find_WithCallback() => _callback.Find<TestRow>(NextKey());

    /// <summary>Find&lt;T&gt;(key) with an ActivityListener sampling every activity.</summary>
    [Benchmark]
    public TestRow? Find_WithActivityListener() => _traced.Find<TestRow>(NextKey());
}
