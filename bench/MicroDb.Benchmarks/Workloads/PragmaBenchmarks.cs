using BenchmarkDotNet.Attributes;
using BenchmarkDotNet.Configs;
using MicroDb.Benchmarks.Infrastructure;

namespace MicroDb.Benchmarks.Workloads;

/// <summary>
/// Study 003's pragma matrix, on the hand-written SQLitePCLRaw provider so only the engine settings vary.
/// 1,000 operations per transaction; times are per operation. Full suite only.
/// </summary>
[MemoryDiagnoser]
[GroupBenchmarksBy(BenchmarkLogicalGroupRule.ByCategory, BenchmarkLogicalGroupRule.ByParams)]
[CategoriesColumn]
[InvocationCount(1)]
[IterationCount(10)]
public class PragmaBenchmarks : BlockWorkloadBase
{
    /// <inheritdoc />
    [ParamsSource(nameof(Sizes))]
    public override int Rows { get; set; }

    /// <summary>The pragma set.</summary>
    [ParamsAllValues]
    public PragmaSet Pragmas { get; set; }

    /// <summary>1e4 (quick) or 1e6 (full), where the study saw the largest effects.</summary>
    public static IEnumerable<int> Sizes => BenchSettings.Quick ? [10_000] : [1_000_000];

    /// <summary>The statements for a pragma set.</summary>
    /// <param name="set">The set.</param>
    public static string[] Statements(PragmaSet set)
    {
        string[] walNormal = ["PRAGMA journal_mode=WAL", "PRAGMA synchronous=NORMAL"];
        return set switch
        {
            PragmaSet.Untuned => ["PRAGMA journal_mode=DELETE", "PRAGMA synchronous=FULL"],
            PragmaSet.WalFull => ["PRAGMA journal_mode=WAL", "PRAGMA synchronous=FULL"],
            PragmaSet.WalNormal => walNormal,
            PragmaSet.WalNormalCache64M => [.. walNormal, "PRAGMA cache_size=-65536"],
            PragmaSet.WalNormalMmap64M => [.. walNormal, "PRAGMA mmap_size=67108864"],
            PragmaSet.WalNormalTempMemory => [.. walNormal, "PRAGMA temp_store=MEMORY"],
            PragmaSet.WalNormalThreads2 => [.. walNormal, "PRAGMA threads=2"],
            PragmaSet.Combination => [.. walNormal, "PRAGMA cache_size=-65536", "PRAGMA mmap_size=67108864", "PRAGMA temp_store=MEMORY", "PRAGMA threads=2"],
            _ => throw new ArgumentOutOfRangeException(nameof(set)),
        };
    }

    /// <inheritdoc />
    protected override IBlockStore Open(string path) => new RawBlockStore(path, Statements(Pragmas));
}
