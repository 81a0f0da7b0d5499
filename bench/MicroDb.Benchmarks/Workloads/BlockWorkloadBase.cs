using BenchmarkDotNet.Attributes;
using MicroDb.Benchmarks.Infrastructure;

namespace MicroDb.Benchmarks.Workloads;

/// <summary>
/// Study 003's workloads (Select, Insert, Xor1, Xor2, Join, NewBlockset) over a table of N blocks. Each measured
/// invocation runs 1,000 operations, committing every <see cref="Batch"/> operations; times are per operation.
/// Rows added by an invocation are removed before the next (not measured). Subclasses choose provider and settings.
/// </summary>
public abstract class BlockWorkloadBase
{
    /// <summary>Operations per measured invocation.</summary>
    protected const int Operations = 1000;

    private TempDirectory _dir = null!;
    private BlockData _data = null!;
    private IBlockStore _store = null!;
    private int _pending;

    /// <summary>Blocks in the table before the workload.</summary>
    public abstract int Rows { get; set; }

    /// <summary>Operations per transaction (1,000 = the whole invocation in one).</summary>
    protected virtual int Batch => Operations;

    /// <summary>Builds (or reuses) the N-row template and opens a copy with <see cref="Open"/>.</summary>
    [GlobalSetup]
    public void Setup()
    {
        _dir = new TempDirectory();
        _data = new BlockData(Rows, Operations);
        var path = _dir.File("blocks.db");
        _data.CopyTemplate(path);
        _store = Open(path);
    }

    /// <summary>Closes the store and deletes the copy.</summary>
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

    /// <summary>Opens the store under test on <paramref name="path"/>.</summary>
    /// <param name="path">A private copy of the N-row database.</param>
    protected abstract IBlockStore Open(string path);

    /// <summary>Look up existing blocks.</summary>
    [Benchmark(OperationsPerInvoke = Operations), BenchmarkCategory("Select")]
    public long Select()
    {
        var d = _data;
        long sum = 0;
        Begin();
        foreach (var i in d.ExistingPicks)
        {
            Tick();
            sum += _store.Select(d.Hashes[i], d.Sizes[i]);
        }

        End();
        return sum;
    }

    /// <summary>Insert new blocks.</summary>
    [Benchmark(OperationsPerInvoke = Operations), BenchmarkCategory("Insert")]
    public long Insert()
    {
        var d = _data;
        long sum = 0;
        Begin();
        for (var i = 0; i < d.NewHashes.Length; i++)
        {
            Tick();
            sum += _store.Insert(d.NewHashes[i], d.NewSizes[i]);
        }

        End();
        return sum;
    }

    /// <summary>Select, and insert when absent (the check in C#); half the keys exist.</summary>
    [Benchmark(OperationsPerInvoke = Operations), BenchmarkCategory("Xor1")]
    public long Xor1()
    {
        var d = _data;
        long sum = 0;
        Begin();
        for (var i = 0; i < Operations; i++)
        {
            Tick();
            var (hash, size) = Key(d, i);
            var id = _store.Select(hash, size);
            sum += id >= 0 ? id : _store.Insert(hash, size);
        }

        End();
        return sum;
    }

    /// <summary>INSERT OR IGNORE then select (the check in SQL); half the keys exist.</summary>
    [Benchmark(OperationsPerInvoke = Operations), BenchmarkCategory("Xor2")]
    public long Xor2()
    {
        var d = _data;
        long sum = 0;
        Begin();
        for (var i = 0; i < Operations; i++)
        {
            Tick();
            var (hash, size) = Key(d, i);
            sum += _store.InsertOrIgnoreThenSelect(hash, size);
        }

        End();
        return sum;
    }

    /// <summary>Read the blocks of random blocksets (16 rows each) into objects.</summary>
    [Benchmark(OperationsPerInvoke = Operations), BenchmarkCategory("Join")]
    public long Join()
    {
        var d = _data;
        long sum = 0;
        Begin();
        foreach (var id in d.BlocksetPicks)
        {
            Tick();
            sum += _store.Join(id);
        }

        End();
        return sum;
    }

    /// <summary>Build blocksets of 16 blocks: new blockset, select-or-insert each block, link it, grow the blockset.</summary>
    [Benchmark(OperationsPerInvoke = Operations), BenchmarkCategory("NewBlockset")]
    public long NewBlockset()
    {
        var d = _data;
        long sum = 0;
        long blockset = 0;
        Begin();
        for (var i = 0; i < Operations; i++)
        {
            Tick();
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

        End();
        return sum;
    }

    private void Begin()
    {
        _store.Exec("BEGIN IMMEDIATE");
        _pending = 0;
    }

    private void Tick()
    {
        // Commit and reopen the transaction every Batch operations (never, for a batch of the whole run).
        if (_pending == Batch)
        {
            _store.Exec("COMMIT; BEGIN IMMEDIATE");
            _pending = 0;
        }

        _pending++;
    }

    private void End() => _store.Exec("COMMIT");

    private static (string Hash, long Size) Key(BlockData d, int i) =>
        (i & 1) == 0 ? (d.Hashes[d.ExistingPicks[i]], d.Sizes[d.ExistingPicks[i]]) : (d.NewHashes[i], d.NewSizes[i]);
}
