using BenchmarkDotNet.Attributes;
using BenchmarkDotNet.Configs;
using MicroDb.Benchmarks.Infrastructure;
using MicroDb.Benchmarks.Models.HandWrittenGeneratedEquivalent;
using MicroDb.Mapping;

namespace MicroDb.Benchmarks.Workloads;

/// <summary>
/// Study 003's workloads (Select, Insert, Xor1, Xor2, Join, NewBlockset) over a table of N blocks, provider by
/// provider on the same native SQLite, the same schema, WAL + synchronous=NORMAL everywhere, and the same batching:
/// each measured invocation runs 1,000 operations in one transaction. Times are per operation.
/// Rows added by an invocation are removed before the next (not measured).
/// </summary>
[MemoryDiagnoser]
[GroupBenchmarksBy(BenchmarkLogicalGroupRule.ByCategory, BenchmarkLogicalGroupRule.ByParams)]
[CategoriesColumn]
[InvocationCount(1)]
public class ProviderBenchmarks
{
    private const int Operations = 1000;
    private TempDirectory _dir = null!;
    private BlockData _data = null!;
    private IBlockStore _store = null!;

    /// <summary>Blocks in the table before the workload.</summary>
    [ParamsSource(nameof(Sizes))]
    public int Rows { get; set; }

    /// <summary>The provider.</summary>
    [ParamsAllValues]
    public Provider Provider { get; set; }

    /// <summary>1e4 (quick) up to 1e6 (full).</summary>
    public static IEnumerable<int> Sizes => BenchSettings.Quick ? [10_000] : [10_000, 100_000, 1_000_000];

    /// <summary>Builds (or reuses) the N-row template and opens a copy with the provider.</summary>
    [GlobalSetup]
    public void Setup()
    {
        GeneratedMaps.Register();
        _dir = new TempDirectory();
        _data = new BlockData(Rows, Operations);
        var template = Path.Combine(Path.GetTempPath(), $"microdb-bench-blocks-{Rows}.db");
        if (!File.Exists(template))
        {
            var building = template + ".tmp";
            File.Delete(building);
            _data.WriteTemplate(building);
            File.Move(building, template, overwrite: true);
        }

        var path = _dir.File("blocks.db");
        File.Copy(template, path);
        _store = Provider switch
        {
            Provider.Raw => new RawBlockStore(path),
            Provider.MicroDbGenerated => new MicroDbBlockStore(path, MappingMode.Generated),
            Provider.MicroDbReflection => new MicroDbBlockStore(path, MappingMode.Reflection),
            Provider.MicrosoftDataSqlite => new MdsBlockStore(path),
            Provider.Dapper => new DapperBlockStore(path),
            _ => throw new ArgumentOutOfRangeException(nameof(Provider)),
        };
    }

    /// <summary>Closes the provider and deletes the copy.</summary>
    [GlobalCleanup]
    public void Cleanup()
    {
        _store.Dispose();
        _dir.Dispose();
    }

    /// <summary>Removes what the last invocation added.</summary>
    [IterationSetup]
    public void Restore() =>
        _store.Exec($"DELETE FROM \"Block\" WHERE \"Id\" > {Rows}; DELETE FROM \"BlocksetEntry\" WHERE \"BlocksetId\" > {_data.Blocksets}; DELETE FROM \"Blockset\" WHERE \"Id\" > {_data.Blocksets};");

    /// <summary>Look up existing blocks.</summary>
    [Benchmark(OperationsPerInvoke = Operations), BenchmarkCategory("Select")]
    public long Select()
    {
        var d = _data;
        long sum = 0;
        _store.Exec("BEGIN");
        foreach (var i in d.ExistingPicks)
        {
            sum += _store.Select(d.Hashes[i], d.Sizes[i]);
        }

        _store.Exec("COMMIT");
        return sum;
    }

    /// <summary>Insert new blocks.</summary>
    [Benchmark(OperationsPerInvoke = Operations), BenchmarkCategory("Insert")]
    public long Insert()
    {
        var d = _data;
        long sum = 0;
        _store.Exec("BEGIN IMMEDIATE");
        for (var i = 0; i < d.NewHashes.Length; i++)
        {
            sum += _store.Insert(d.NewHashes[i], d.NewSizes[i]);
        }

        _store.Exec("COMMIT");
        return sum;
    }

    /// <summary>Select, and insert when absent (the check in C#); half the keys exist.</summary>
    [Benchmark(OperationsPerInvoke = Operations), BenchmarkCategory("Xor1")]
    public long Xor1()
    {
        var d = _data;
        long sum = 0;
        _store.Exec("BEGIN IMMEDIATE");
        for (var i = 0; i < Operations; i++)
        {
            var (hash, size) = Key(d, i);
            var id = _store.Select(hash, size);
            sum += id >= 0 ? id : _store.Insert(hash, size);
        }

        _store.Exec("COMMIT");
        return sum;
    }

    /// <summary>INSERT OR IGNORE then select (the check in SQL); half the keys exist.</summary>
    [Benchmark(OperationsPerInvoke = Operations), BenchmarkCategory("Xor2")]
    public long Xor2()
    {
        var d = _data;
        long sum = 0;
        _store.Exec("BEGIN IMMEDIATE");
        for (var i = 0; i < Operations; i++)
        {
            var (hash, size) = Key(d, i);
            sum += _store.InsertOrIgnoreThenSelect(hash, size);
        }

        _store.Exec("COMMIT");
        return sum;
    }

    /// <summary>Read the blocks of random blocksets (16 rows each) into objects.</summary>
    [Benchmark(OperationsPerInvoke = Operations), BenchmarkCategory("Join")]
    public long Join()
    {
        var d = _data;
        long sum = 0;
        _store.Exec("BEGIN");
        foreach (var id in d.BlocksetPicks)
        {
            sum += _store.Join(id);
        }

        _store.Exec("COMMIT");
        return sum;
    }

    /// <summary>Build blocksets of 16 blocks: new blockset, select-or-insert each block, link it, grow the blockset.</summary>
    [Benchmark(OperationsPerInvoke = Operations), BenchmarkCategory("NewBlockset")]
    public long NewBlockset()
    {
        var d = _data;
        long sum = 0;
        long blockset = 0;
        _store.Exec("BEGIN IMMEDIATE");
        for (var i = 0; i < Operations; i++)
        {
            if (i % BlockData.EntriesPerBlockset == 0)
            {
                blockset = _store.NewBlockset();
            }

            var (hash, size) = Key(d, i);
            var id = _store.Select(hash, size);
            if (id < 0)
            {
                id = _store.Insert(hash, size);
            }

            _store.AddEntry(blockset, id);
            sum += id;
        }

        _store.Exec("COMMIT");
        return sum;
    }

    private static (string Hash, long Size) Key(BlockData d, int i) =>
        (i & 1) == 0 ? (d.Hashes[d.ExistingPicks[i]], d.Sizes[d.ExistingPicks[i]]) : (d.NewHashes[i], d.NewSizes[i]);
}
