using BenchmarkDotNet.Attributes;
using BenchmarkDotNet.Configs;
using MicroDb.Benchmarks.Infrastructure;
using MicroDb.Mapping;

namespace MicroDb.Benchmarks.Workloads;

/// <summary>
/// Study 003's providers side by side on the same native SQLite, the same schema, WAL + synchronous=NORMAL
/// everywhere, statements prepared once and reused where the provider allows, and the same batching
/// (1,000 operations per transaction). Times are per operation.
/// </summary>
[MemoryDiagnoser]
[GroupBenchmarksBy(BenchmarkLogicalGroupRule.ByCategory, BenchmarkLogicalGroupRule.ByParams)]
[CategoriesColumn]
[InvocationCount(1)]
[IterationCount(15)]
public class ProviderBenchmarks : BlockWorkloadBase
{
    /// <inheritdoc />
    [ParamsSource(nameof(Sizes))]
    public override int Rows { get; set; }

    /// <summary>The provider.</summary>
    [ParamsAllValues]
    public Provider Provider { get; set; }

    /// <summary>1e4 (quick) up to 1e6 (full).</summary>
    public static IEnumerable<int> Sizes => BenchSettings.Quick ? [10_000] : [10_000, 100_000, 1_000_000];

    /// <inheritdoc />
    protected override IBlockStore Open(string path) => Provider switch
    {
        Provider.Raw => new RawBlockStore(path),
        Provider.MicroDbGenerated => new MicroDbBlockStore(path, MappingMode.Generated),
        Provider.MicroDbReflection => new MicroDbBlockStore(path, MappingMode.Reflection),
        Provider.MicrosoftDataSqlite => new MdsBlockStore(path),
        Provider.Dapper => new DapperBlockStore(path),
        Provider.EfCore => new EfCoreBlockStore(path),
        Provider.SqliteNet => new SqliteNetBlockStore(path),
        Provider.SystemDataSqlite => new SdsBlockStore(path),
        _ => throw new ArgumentOutOfRangeException(nameof(Provider)),
    };
}
