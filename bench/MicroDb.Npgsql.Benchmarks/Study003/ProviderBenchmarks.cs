using MicroDb.Benchmarks.Workloads;
using BenchmarkDotNet.Attributes;
using BenchmarkDotNet.Configs;
using MicroDb.Mapping;
using MicroDb.Runtime.Reflection;
using Npgsql;

namespace MicroDb.Npgsql.Benchmarks.Study003;

/// <summary>
/// Study 003's provider comparison on PostgreSQL: the Select, Insert, Xor1 (select, insert when absent) and Join
/// workloads over a table of N blocks, each measured invocation 1,000 operations in one transaction (as the SQLite
/// comparison batches), rows added by an invocation removed before the next (untimed). Times are per operation.
/// </summary>
[MemoryDiagnoser]
[GroupBenchmarksBy(BenchmarkLogicalGroupRule.ByCategory, BenchmarkLogicalGroupRule.ByParams)]
[CategoriesColumn]
[InvocationCount(1)]
[IterationCount(15)]
public class ProviderBenchmarks
{
    private const int Operations = 1000;
    private NpgsqlDataSource _source = null!;
    private BlockData _data = null!;
    private IPgBlockStore _store = null!;

    /// <summary>Blocks in the table before the workload.</summary>
    [ParamsSource(nameof(Sizes))]
    public int Rows { get; set; }

    /// <summary>The provider.</summary>
    [ParamsAllValues]
    public PgProvider Provider { get; set; }

    /// <summary>1e4 (quick), 1e4 and 1e5 (full).</summary>
    public static IEnumerable<int> Sizes => BenchOptions.Quick ? [10_000] : [10_000, 100_000];

    /// <summary>Loads the N-row tables and opens the provider.</summary>
    [GlobalSetup]
    public void Setup()
    {
        ReflectionMaps.Enable();
        _source = BenchServer.DataSource();
        _data = new BlockData(Rows, Operations);
        PgBlockData.Load(_data, _source);
        _store = Provider switch
        {
            PgProvider.RawNpgsql => new RawNpgsqlBlockStore(_source),
            PgProvider.MicroDbGenerated => new MicroDbBlockStore(_source, MappingMode.Generated),
            PgProvider.MicroDbReflection => new MicroDbBlockStore(_source, MappingMode.Reflection),
            PgProvider.Dapper => new DapperBlockStore(_source),
            _ => throw new ArgumentOutOfRangeException(nameof(Provider)),
        };
    }

    /// <summary>Closes the provider and the pool.</summary>
    [GlobalCleanup]
    public void Cleanup()
    {
        _store.Dispose();
        _source.Dispose();
    }

    /// <summary>Removes what the last invocation added.</summary>
    [IterationSetup]
    public void Restore()
    {
        using var connection = _source.OpenConnection();
        using var command = new NpgsqlCommand($"DELETE FROM \"Block\" WHERE \"Id\" > {Rows}", connection);
        command.ExecuteNonQuery();
    }

    /// <summary>Look up existing blocks.</summary>
    /// <returns>A checksum.</returns>
    [Benchmark(OperationsPerInvoke = Operations), BenchmarkCategory("Select")]
    public long Select()
    {
        var d = _data;
        long sum = 0;
        _store.Begin();
        foreach (var i in d.ExistingPicks)
        {
            sum += _store.Select(d.Hashes[i], d.Sizes[i]);
        }

        _store.Commit();
        return sum;
    }

    /// <summary>Insert new blocks (keys read back).</summary>
    /// <returns>A checksum.</returns>
    [Benchmark(OperationsPerInvoke = Operations), BenchmarkCategory("Insert")]
    public long Insert()
    {
        var d = _data;
        long sum = 0;
        _store.Begin();
        for (var i = 0; i < d.NewHashes.Length; i++)
        {
            sum += _store.Insert(d.NewHashes[i], d.NewSizes[i]);
        }

        _store.Commit();
        return sum;
    }

    /// <summary>Select, and insert when absent (the check in C#); half the keys exist.</summary>
    /// <returns>A checksum.</returns>
    [Benchmark(OperationsPerInvoke = Operations), BenchmarkCategory("Xor1")]
    public long Xor1()
    {
        var d = _data;
        long sum = 0;
        _store.Begin();
        for (var i = 0; i < Operations; i++)
        {
            var (hash, size) = (i & 1) == 0 ? (d.Hashes[d.ExistingPicks[i]], d.Sizes[d.ExistingPicks[i]]) : (d.NewHashes[i], d.NewSizes[i]);
            var id = _store.Select(hash, size);
            sum += id >= 0 ? id : _store.Insert(hash, size);
        }

        _store.Commit();
        return sum;
    }

    /// <summary>Read the blocks of random blocksets (16 rows each) into objects.</summary>
    /// <returns>A checksum.</returns>
    [Benchmark(OperationsPerInvoke = Operations), BenchmarkCategory("Join")]
    public long Join()
    {
        var d = _data;
        long sum = 0;
        _store.Begin();
        foreach (var id in d.BlocksetPicks)
        {
            sum += _store.Join(id);
        }

        _store.Commit();
        return sum;
    }
}
