using BenchmarkDotNet.Attributes;
using BenchmarkDotNet.Configs;
using MicroDb.Benchmarks.Infrastructure;
using MicroDb.Mapping;

namespace MicroDb.Benchmarks.Workloads;

/// <summary>
/// Study 003's transaction batch sizes: the write workloads committing every 1, 16, 256 or 1,000 operations,
/// hand-written SQLitePCLRaw against MicroDb (generated map), MicroDb's default durability. Full suite only.
/// </summary>
[MemoryDiagnoser]
[GroupBenchmarksBy(BenchmarkLogicalGroupRule.ByCategory, BenchmarkLogicalGroupRule.ByParams)]
[CategoriesColumn]
[InvocationCount(1)]
[IterationCount(10)]
public class BatchBenchmarks : BlockWorkloadBase
{
    /// <inheritdoc />
    [ParamsSource(nameof(Sizes))]
    public override int Rows { get; set; }

    /// <summary>Operations per transaction.</summary>
    [Params(1, 16, 256, 1000)]
    public int BatchSize { get; set; }

    /// <summary>The provider.</summary>
    [Params(Provider.Raw, Provider.MicroDbGenerated)]
    public Provider Provider { get; set; }

    /// <summary>1e5 rows.</summary>
    public static IEnumerable<int> Sizes => BenchSettings.Quick ? [10_000] : [100_000];

    /// <inheritdoc />
    protected override int Batch => BatchSize;

    /// <inheritdoc />
    protected override IBlockStore Open(string path) =>
        Provider == Provider.Raw ? new RawBlockStore(path) : new MicroDbBlockStore(path, MappingMode.Generated);
}
