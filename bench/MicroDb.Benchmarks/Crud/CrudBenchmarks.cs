using BenchmarkDotNet.Attributes;
using BenchmarkDotNet.Configs;
using MicroDb.Benchmarks.Infrastructure;
using MicroDb.Benchmarks.Models;
using MicroDb.Mapping;

namespace MicroDb.Benchmarks.Crud;

/// <summary>
/// Study 001 per operation: N inserts, N updates, N random reads, N deletes, each phase measured on its own,
/// autocommit (one transaction per statement) or batched (one transaction for the phase). The hand-written
/// SQLitePCLRaw code is the baseline of each phase; MicroDb generated and reflection maps run the same SQL on
/// the same schema with the same durability settings. Each iteration starts from an empty (insert) or
/// N-row (other phases) table, set up outside the measurement.
/// </summary>
[MemoryDiagnoser]
[GroupBenchmarksBy(BenchmarkLogicalGroupRule.ByCategory, BenchmarkLogicalGroupRule.ByParams)]
[CategoriesColumn]
[InvocationCount(1)]
[IterationCount(15)]
public class CrudBenchmarks
{
    private TempDirectory _dir = null!;
    private RawCrud _raw = null!;
    private MicroDbConnection _generated = null!;
    private MicroDbConnection _reflection = null!;
    private CrudData _data = null!;

    /// <summary>Rows per phase.</summary>
    [ParamsSource(nameof(Sizes))]
    public int N { get; set; }

    /// <summary>Durability settings (the same on every side).</summary>
    [ParamsSource(nameof(Durabilities))]
    public Durability Durability { get; set; }

    /// <summary>False: every statement commits alone. True: one transaction per phase.</summary>
    [Params(false, true)]
    public bool Batched { get; set; }

    /// <summary>N values: 200 and 1,000 (quick: 200).</summary>
    public static IEnumerable<int> Sizes => BenchSettings.Quick ? [200] : [200, 1000];

    /// <summary>Untuned SQLite and MicroDb defaults (quick: MicroDb defaults only; untuned autocommit costs seconds per phase here).</summary>
    public static IEnumerable<Durability> Durabilities => BenchSettings.Quick ? [Durability.MicroDbDefault] : [Durability.Untuned, Durability.MicroDbDefault];

    /// <summary>Opens three databases, one per side, with the table created.</summary>
    [GlobalSetup]
    public void Setup()
    {
        _dir = new TempDirectory();
        _data = new CrudData(N);
        _raw = new RawCrud(_dir.File("raw.db"), Durability, Maps.Generated<TestRow>());
        _raw.CreateTable();
        _generated = new MicroDbConnection(RawSqlite.Options(_dir.File("generated.db"), Durability, MappingMode.Generated));
        _generated.CreateTable<TestRow>();
        _reflection = new MicroDbConnection(RawSqlite.Options(_dir.File("reflection.db"), Durability, MappingMode.Reflection));
        _reflection.CreateTable<TestRow>();
        if (!_generated.GetMap<TestRow>().IsGenerated || _reflection.GetMap<TestRow>().IsGenerated)
        {
            throw new InvalidOperationException("The generated and reflection connections do not use the expected maps.");
        }
    }

    /// <summary>Closes and deletes the databases.</summary>
    [GlobalCleanup]
    public void Cleanup()
    {
        _raw.Dispose();
        _generated.Dispose();
        _reflection.Dispose();
        _dir.Dispose();
    }

    /// <summary>Empty tables before an insert phase.</summary>
    [IterationSetup(Targets = [nameof(Insert_Raw), nameof(Insert_Generated), nameof(Insert_Reflection)])]
    public void EmptyTables() => ResetAll(null);

    /// <summary>N-row tables before an update, read or delete phase.</summary>
    [IterationSetup(Targets = [nameof(Update_Raw), nameof(Update_Generated), nameof(Update_Reflection), nameof(Read_Raw), nameof(Read_Generated), nameof(Read_Reflection), nameof(Delete_Raw), nameof(Delete_Generated), nameof(Delete_Reflection)])]
    public void FilledTables() => ResetAll(_data.Seed);

    /// <summary>Hand-written SQLitePCLRaw inserts (baseline).</summary>
    [Benchmark(Baseline = true), BenchmarkCategory("Insert")]
    public void Insert_Raw() => _raw.Insert(_data.Inserts, Batched);

    /// <summary>MicroDb Insert, generated map.</summary>
    [Benchmark, BenchmarkCategory("Insert")]
    public void Insert_Generated() => MicroDbCrud.Insert(_generated, _data.Inserts, Batched);

    /// <summary>MicroDb Insert, reflection map.</summary>
    [Benchmark, BenchmarkCategory("Insert")]
    public void Insert_Reflection() => MicroDbCrud.Insert(_reflection, _data.Inserts, Batched);

    /// <summary>Hand-written SQLitePCLRaw updates (baseline).</summary>
    [Benchmark(Baseline = true), BenchmarkCategory("Update")]
    public void Update_Raw() => _raw.Update(_data.Updates, Batched);

    /// <summary>MicroDb Update, generated map.</summary>
    [Benchmark, BenchmarkCategory("Update")]
    public void Update_Generated() => MicroDbCrud.Update(_generated, _data.Updates, Batched);

    /// <summary>MicroDb Update, reflection map.</summary>
    [Benchmark, BenchmarkCategory("Update")]
    public void Update_Reflection() => MicroDbCrud.Update(_reflection, _data.Updates, Batched);

    /// <summary>Hand-written SQLitePCLRaw reads by key (baseline).</summary>
    [Benchmark(Baseline = true), BenchmarkCategory("Read")]
    public int Read_Raw() => _raw.Read(_data.ReadKeys, Batched);

    /// <summary>MicroDb Find by key, generated map.</summary>
    [Benchmark, BenchmarkCategory("Read")]
    public int Read_Generated() => MicroDbCrud.Read(_generated, _data.ReadKeys, Batched);

    /// <summary>MicroDb Find by key, reflection map.</summary>
    [Benchmark, BenchmarkCategory("Read")]
    public int Read_Reflection() => MicroDbCrud.Read(_reflection, _data.ReadKeys, Batched);

    /// <summary>Hand-written SQLitePCLRaw deletes by key (baseline).</summary>
    [Benchmark(Baseline = true), BenchmarkCategory("Delete")]
    public void Delete_Raw() => _raw.Delete(_data.DeleteKeys, Batched);

    /// <summary>MicroDb Delete by key, generated map.</summary>
    [Benchmark, BenchmarkCategory("Delete")]
    public void Delete_Generated() => MicroDbCrud.Delete(_generated, _data.DeleteKeys, Batched);

    /// <summary>MicroDb Delete by key, reflection map.</summary>
    [Benchmark, BenchmarkCategory("Delete")]
    public void Delete_Reflection() => MicroDbCrud.Delete(_reflection, _data.DeleteKeys, Batched);

    private void ResetAll(string[]? seed)
    {
        CrudTables.Reset(_raw.Db, seed);
        CrudTables.Reset(_generated.Handle, seed);
        CrudTables.Reset(_reflection.Handle, seed);
    }
}
