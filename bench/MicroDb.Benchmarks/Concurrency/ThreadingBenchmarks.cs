extern alias sqlitenet;

using BenchmarkDotNet.Attributes;
using MicroDb.Concurrency;
using MicroDb.Runtime.Reflection;

namespace MicroDb.Benchmarks.Concurrency;

/// <summary>How the threads reach the database.</summary>
public enum AccessMode
{
    /// <summary>One MicroDbConnection shared by every thread (its internal lock serializes them).</summary>
    Shared,

    /// <summary>One MicroDbConnection per thread; SQLite's file locks arbitrate writes (busy timeout).</summary>
    PerThread,

    /// <summary>MicroDbPool: reads on reader connections in parallel, writes through the one writer.</summary>
    Pool,

    /// <summary>
    /// sqlite-net-pcl's way: one SQLiteConnection shared by every thread, opened with its default FullMutex flag (SQLite's
    /// serialized mode does the locking; sqlite-net locks its cached insert command). Same pragmas.
    /// </summary>
    SqliteNetShared,
}

/// <summary>What the threads do.</summary>
public enum ThreadWorkload
{
    /// <summary>Read a random row by key and all four values.</summary>
    Read,

    /// <summary>Insert a row of random values (one autocommit transaction each).</summary>
    Write,

    /// <summary>Half the threads read, half write (one thread alternates).</summary>
    Mixed,
}

/// <summary>
/// Study 000's matrix: a 50,000-row four-column table, 1/2/4/8 threads, WAL on/off, shared connection vs connection per
/// thread vs MicroDb's pool vs sqlite-net-pcl's shared connection. Each invocation runs a fixed total of operations split across the threads; the reported
/// time is per operation (so operations per second = 1 / mean). 240 operations keep the rollback-journal write cases
/// (an fsync per commit) within minutes on a small machine.
/// </summary>
public class ThreadingBenchmarks
{
    private const int TableRows = 50_000;
    private const int TotalOperations = 240;

    private string _directory = "";
    private MicroDbConnection? _shared;
    private MicroDbConnection[] _perThread = [];
    private MicroDbPool? _pool;
    private sqlitenet::SQLite.SQLiteConnection? _net;

    /// <summary>The workload.</summary>
    [ParamsSource(nameof(Workloads))]
    public ThreadWorkload Workload { get; set; }

    /// <summary>Every workload, or those named in MICRODB_BENCH_WORKLOADS (comma-separated) to rerun part of the matrix.</summary>
    public static IEnumerable<ThreadWorkload> Workloads =>
        Environment.GetEnvironmentVariable("MICRODB_BENCH_WORKLOADS") is { Length: > 0 } names
            ? names.Split(',').Select(n => Enum.Parse<ThreadWorkload>(n.Trim(), ignoreCase: true))
            : Enum.GetValues<ThreadWorkload>();

    /// <summary>Number of threads.</summary>
    [Params(1, 2, 4, 8)]
    public int Threads { get; set; }

    /// <summary>WAL on, or SQLite's default rollback journal (DELETE).</summary>
    [Params(true, false)]
    public bool Wal { get; set; }

    /// <summary>How threads reach the database.</summary>
    [Params(AccessMode.Shared, AccessMode.PerThread, AccessMode.Pool, AccessMode.SqliteNetShared)]
    public AccessMode Mode { get; set; }

    /// <summary>Creates and fills the table, then opens the connections the mode needs.</summary>
    [GlobalSetup]
    public void Setup()
    {
        _directory = Path.Combine(Path.GetTempPath(), "microdb-conc-bench-" + Guid.NewGuid().ToString("N"));
        Directory.CreateDirectory(_directory);
        var options = Options();
        using (var fill = new MicroDbConnection(options))
        {
            fill.CreateTable<BenchRow>();
            var random = new Random(42);
            fill.InsertAll(Enumerable.Range(0, TableRows).Select(_ => BenchRow.Random(random)));
        }

        switch (Mode)
        {
            case AccessMode.Shared:
                _shared = new MicroDbConnection(Options());
                break;
            case AccessMode.PerThread:
                _perThread = Enumerable.Range(0, Threads).Select(_ => new MicroDbConnection(Options())).ToArray();
                break;
            case AccessMode.SqliteNetShared:
                _net = new sqlitenet::SQLite.SQLiteConnection(new sqlitenet::SQLite.SQLiteConnectionString(Path.Combine(_directory, "threads.db"), Peers.SqliteNet.Flags, storeDateTimeAsTicks: true));
                _net.BusyTimeout = TimeSpan.FromSeconds(30);
                Infrastructure.RawSqlite.Exec(_net.Handle, Wal ? "PRAGMA journal_mode=WAL" : "PRAGMA journal_mode=DELETE");
                Infrastructure.RawSqlite.Exec(_net.Handle, "PRAGMA synchronous=1");
                Infrastructure.RawSqlite.Exec(_net.Handle, "PRAGMA foreign_keys=ON");
                break;
            default:
                // The pool with its defaults (reader count from the processor count), as an application would get it.
                _pool = new MicroDbPool(new MicroDbPoolOptions(Options()));
                break;
        }
    }

    /// <summary>Closes everything and deletes the files.</summary>
    [GlobalCleanup]
    public void Cleanup()
    {
        _shared?.Dispose();
        foreach (var connection in _perThread)
        {
            connection.Dispose();
        }

        _pool?.Dispose();
        _net?.Dispose();
        Directory.Delete(_directory, recursive: true);
    }

    /// <summary>Runs <see cref="TotalOperations"/> operations split across <see cref="Threads"/> threads.</summary>
    [Benchmark(OperationsPerInvoke = TotalOperations)]
    public void Run()
    {
        var perThread = TotalOperations / Threads;
        var threads = new Thread[Threads];
        for (var t = 0; t < Threads; t++)
        {
            var worker = t;
            threads[t] = new Thread(() => Work(worker, perThread));
            threads[t].Start();
        }

        foreach (var thread in threads)
        {
            thread.Join();
        }
    }

    private void Work(int worker, int operations)
    {
        var random = new Random(worker * 7919 + Environment.TickCount);
        var writer = Workload switch
        {
            ThreadWorkload.Read => false,
            ThreadWorkload.Write => true,
            _ => Threads == 1 ? (bool?)null : worker % 2 == 1,
        };
        for (var i = 0; i < operations; i++)
        {
            if (writer ?? (i % 2 == 1))
            {
                Write(worker, BenchRow.Random(random));
            }
            else
            {
                Read(worker, random.Next(1, TableRows + 1));
            }
        }
    }

    private void Read(int worker, long id)
    {
        if (Mode == AccessMode.SqliteNetShared)
        {
            _ = _net!.Find<Peers.NetBenchRow>(id) ?? throw new InvalidOperationException($"Row {id} is missing.");
            return;
        }

        var row = Mode switch
        {
            AccessMode.Shared => _shared!.Find<BenchRow>(id),
            AccessMode.PerThread => _perThread[worker].Find<BenchRow>(id),
            _ => _pool!.Read(c => c.Find<BenchRow>(id)),
        };
        if (row is null)
        {
            throw new InvalidOperationException($"Row {id} is missing.");
        }
    }

    private void Write(int worker, BenchRow row)
    {
        switch (Mode)
        {
            case AccessMode.Shared:
                _shared!.Insert(row);
                break;
            case AccessMode.PerThread:
                _perThread[worker].Insert(row);
                break;
            case AccessMode.SqliteNetShared:
                _net!.Insert(new Peers.NetBenchRow { Number = row.Number, Text = row.Text, Value = row.Value });
                break;
            default:
                _pool!.Write(c => c.Insert(row));
                break;
        }
    }

    private MicroDbOptions Options() => new MicroDbOptions(Path.Combine(_directory, "threads.db"))
    {
        JournalMode = Wal ? JournalMode.Wal : JournalMode.Delete,
        Synchronous = SynchronousMode.Normal,
        BusyTimeout = TimeSpan.FromSeconds(30),
    }.UseReflection();
}
