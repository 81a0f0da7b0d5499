extern alias sqlitenet;

using BenchmarkDotNet.Attributes;
using BenchmarkDotNet.Configs;
using MicroDb.Benchmarks.Infrastructure;
using MicroDb.Runtime.Reflection;

namespace MicroDb.Benchmarks.Concurrency;

/// <summary>
/// Study 004 through MicroDb's API: a scalar, and queries returning 1, 1,000 and 1,000,000 rows, synchronously on a
/// MicroDbConnection and asynchronously on a MicroDbAsyncConnection (buffered QueryAsync and streamed DeferredQueryAsync).
/// Time and allocated bytes. sqlite-net-pcl beside: SQLiteConnection (sync) and SQLiteAsyncConnection (its async
/// wrapper: each call runs the sync code on the thread pool under its own lock), its default FullMutex open flags and
/// MicroDb's default pragmas (WAL, synchronous=NORMAL, foreign keys on) set explicitly.
/// </summary>
[MemoryDiagnoser]
[GroupBenchmarksBy(BenchmarkLogicalGroupRule.ByCategory, BenchmarkLogicalGroupRule.ByParams)]
public class SyncAsyncBenchmarks
{
    private const string Sql = "SELECT * FROM bench_row WHERE Id <= ?";
    private string _directory = "";
    private MicroDbConnection _sync = null!;
    private MicroDbAsyncConnection _async = null!;
    private sqlitenet::SQLite.SQLiteConnection _net = null!;
    private sqlitenet::SQLite.SQLiteAsyncConnection _netAsync = null!;
    private object?[] _args = [];

    /// <summary>Rows the query returns.</summary>
    [ParamsSource(nameof(RowCounts))]
    public int Rows { get; set; }

    /// <summary>Study 004's 1, 1,000 and 1,000,000 rows (100,000 instead of a million in the quick job).</summary>
    public static IEnumerable<int> RowCounts => BenchSettings.Quick ? [1, 1_000, 100_000] : [1, 1_000, 1_000_000];

    /// <summary>Creates the table with <see cref="Rows"/> rows and opens both connections.</summary>
    [GlobalSetup]
    public void Setup()
    {
        _directory = Path.Combine(Path.GetTempPath(), "microdb-conc-sa-" + Guid.NewGuid().ToString("N"));
        Directory.CreateDirectory(_directory);
        var path = Path.Combine(_directory, "syncasync.db");
        _sync = new MicroDbConnection(new MicroDbOptions(path).UseReflection());
        _sync.CreateTable<BenchRow>();
        var random = new Random(7);
        _sync.InsertAll(Enumerable.Range(0, Rows).Select(_ => BenchRow.Random(random)));
        _async = new MicroDbAsyncConnection(new MicroDbOptions(path).UseReflection());
        _args = [Rows];
        _net = Peers.SqliteNet.Open(path, Durability.MicroDbDefault);
        _netAsync = new sqlitenet::SQLite.SQLiteAsyncConnection(new sqlitenet::SQLite.SQLiteConnectionString(path, Peers.SqliteNet.Flags, storeDateTimeAsTicks: true));
        foreach (var pragma in RawSqlite.Pragmas(Durability.MicroDbDefault))
        {
            RawSqlite.Exec(_netAsync.GetConnection().Handle, pragma);
        }
    }

    /// <summary>Closes the connections and deletes the files.</summary>
    [GlobalCleanup]
    public void Cleanup()
    {
        _sync.Dispose();
        _async.Dispose();
        _net.Dispose();
        _netAsync.CloseAsync().GetAwaiter().GetResult();
        sqlitenet::SQLite.SQLiteAsyncConnection.ResetPool();
        Directory.Delete(_directory, recursive: true);
    }

    /// <summary>ExecuteScalar, synchronous.</summary>
    [Benchmark(Baseline = true), BenchmarkCategory("Scalar")]
    public long Scalar_Sync() => _sync.ExecuteScalar<long>("SELECT COUNT(*) FROM bench_row WHERE Id <= ?", Rows);

    /// <summary>ExecuteScalarAsync on the pool.</summary>
    [Benchmark, BenchmarkCategory("Scalar")]
    public async Task<long> Scalar_Async() => await _async.ExecuteScalarAsync<long>("SELECT COUNT(*) FROM bench_row WHERE Id <= ?", Rows);

    /// <summary>sqlite-net-pcl ExecuteScalar, synchronous.</summary>
    [Benchmark, BenchmarkCategory("Scalar")]
    public long Scalar_SqliteNet_Sync() => _net.ExecuteScalar<long>("SELECT COUNT(*) FROM bench_row WHERE Id <= ?", Rows);

    /// <summary>sqlite-net-pcl ExecuteScalarAsync.</summary>
    [Benchmark, BenchmarkCategory("Scalar")]
    public async Task<long> Scalar_SqliteNet_Async() => await _netAsync.ExecuteScalarAsync<long>("SELECT COUNT(*) FROM bench_row WHERE Id <= ?", Rows);

    /// <summary>sqlite-net-pcl Query (buffered list), synchronous.</summary>
    [Benchmark, BenchmarkCategory("Rows")]
    public int Query_SqliteNet_Sync() => _net.Query<Peers.NetBenchRow>(Sql, _args).Count;

    /// <summary>sqlite-net-pcl DeferredQuery (lazy enumeration), synchronous.</summary>
    [Benchmark, BenchmarkCategory("Rows")]
    public int DeferredQuery_SqliteNet_Sync() => _net.DeferredQuery<Peers.NetBenchRow>(Sql, _args).Count();

    /// <summary>sqlite-net-pcl QueryAsync (buffered list).</summary>
    [Benchmark, BenchmarkCategory("Rows")]
    public async Task<int> QueryAsync_SqliteNet() => (await _netAsync.QueryAsync<Peers.NetBenchRow>(Sql, _args)).Count;

    /// <summary>Query (buffered list), synchronous.</summary>
    [Benchmark(Baseline = true), BenchmarkCategory("Rows")]
    public int Query_Sync() => _sync.Query<BenchRow>(Sql, _args).Count;

    /// <summary>DeferredQuery (lazy enumeration), synchronous.</summary>
    [Benchmark, BenchmarkCategory("Rows")]
    public int DeferredQuery_Sync()
    {
        var count = 0;
        foreach (var _ in _sync.DeferredQuery<BenchRow>(Sql, _args))
        {
            count++;
        }

        return count;
    }

    /// <summary>QueryAsync (buffered list) on the pool.</summary>
    [Benchmark, BenchmarkCategory("Rows")]
    public async Task<int> QueryAsync() => (await _async.QueryAsync<BenchRow>(Sql, _args)).Count;

    /// <summary>QueryAsync with a cancellable token (checked between rows).</summary>
    [Benchmark, BenchmarkCategory("Rows")]
    public async Task<int> QueryAsync_Cancellable()
    {
        using var cts = new CancellationTokenSource();
        return (await _async.QueryAsync<BenchRow>(Sql, _args, cts.Token)).Count;
    }

    /// <summary>DeferredQueryAsync (IAsyncEnumerable streaming) on the pool.</summary>
    [Benchmark, BenchmarkCategory("Rows")]
    public async Task<int> DeferredQueryAsync()
    {
        var count = 0;
        await foreach (var _ in _async.DeferredQueryAsync<BenchRow>(Sql, _args))
        {
            count++;
        }

        return count;
    }
}
