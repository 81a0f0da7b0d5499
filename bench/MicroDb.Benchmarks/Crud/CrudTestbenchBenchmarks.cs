extern alias sqlitenet;

using BenchmarkDotNet.Attributes;
using BenchmarkDotNet.Configs;
using MicroDb.Benchmarks.Infrastructure;
using MicroDb.Benchmarks.Models;
using MicroDb.Mapping;

namespace MicroDb.Benchmarks.Crud;

/// <summary>
/// Study 001's whole testbench in one measurement: create table, N inserts, N updates, N random reads,
/// N deletes, drop table; autocommit or one transaction per phase; SQLite's untuned defaults or MicroDb's.
/// Full suite only (untuned autocommit with N = 1,000 takes seconds per run on a disk with a real fsync).
/// </summary>
[MemoryDiagnoser]
[GroupBenchmarksBy(BenchmarkLogicalGroupRule.ByParams)]
[InvocationCount(1)]
[IterationCount(5)]
[WarmupCount(1)]
public class CrudTestbenchBenchmarks
{
    private TempDirectory _dir = null!;
    private RawCrud _raw = null!;
    private MicroDbConnection _generated = null!;
    private MicroDbConnection _reflection = null!;
    private sqlitenet::SQLite.SQLiteConnection _net = null!;
    private Peers.NetTestRow[] _netInserts = [];
    private Peers.NetTestRow[] _netUpdates = [];
    private CrudData _data = null!;

    /// <summary>Rows per phase.</summary>
    [Params(200, 1000)]
    public int N { get; set; }

    /// <summary>Durability settings (the same on every side).</summary>
    [ParamsAllValues]
    public Durability Durability { get; set; }

    /// <summary>False: every statement commits alone. True: one transaction per phase.</summary>
    [Params(false, true)]
    public bool Batched { get; set; }

    /// <summary>Opens three empty databases.</summary>
    [GlobalSetup]
    public void Setup()
    {
        _dir = new TempDirectory();
        _data = new CrudData(N);
        _raw = new RawCrud(_dir.File("raw.db"), Durability, Maps.Generated<TestRow>());
        _generated = new MicroDbConnection(RawSqlite.Options(_dir.File("generated.db"), Durability, MappingMode.Generated));
        _reflection = new MicroDbConnection(RawSqlite.Options(_dir.File("reflection.db"), Durability, MappingMode.Reflection));
        _net = Peers.SqliteNet.Open(_dir.File("sqlite-net.db"), Durability);
        _netInserts = _data.Inserts.Select(r => new Peers.NetTestRow { TextData = r.TextData }).ToArray();
        _netUpdates = _data.Updates.Select(r => new Peers.NetTestRow { Id = r.Id, TextData = r.TextData }).ToArray();
    }

    /// <summary>Closes and deletes the databases.</summary>
    [GlobalCleanup]
    public void Cleanup()
    {
        _raw.Dispose();
        _generated.Dispose();
        _reflection.Dispose();
        _net.Dispose();
        _dir.Dispose();
    }

    /// <summary>Hand-written SQLitePCLRaw (baseline).</summary>
    [Benchmark(Baseline = true)]
    public int Testbench_Raw()
    {
        _raw.CreateTable();
        _raw.Insert(_data.Inserts, Batched);
        _raw.Update(_data.Updates, Batched);
        var found = _raw.Read(_data.ReadKeys, Batched);
        _raw.Delete(_data.DeleteKeys, Batched);
        _raw.DropTable();
        return found;
    }

    /// <summary>MicroDb, generated map.</summary>
    [Benchmark]
    public int Testbench_Generated() => Run(_generated);

    /// <summary>MicroDb, reflection map.</summary>
    [Benchmark]
    public int Testbench_Reflection() => Run(_reflection);

    /// <summary>sqlite-net-pcl: CreateTable, Insert, Update, Find, Delete, DropTable (its default FullMutex flags, the same pragmas).</summary>
    [Benchmark]
    public int Testbench_SqliteNet()
    {
        _net.CreateTable<Peers.NetTestRow>();
        Phase(() => Peers.SqliteNetCrud.Insert(_net, _netInserts));
        Phase(() => Peers.SqliteNetCrud.Update(_net, _netUpdates));
        var found = 0;
        Phase(() => found = Peers.SqliteNetCrud.Read(_net, _data.ReadKeys));
        Phase(() => Peers.SqliteNetCrud.Delete(_net, _data.DeleteKeys));
        _net.DropTable<Peers.NetTestRow>();
        return found;
    }

    private void Phase(Action phase)
    {
        if (Batched)
        {
            _net.RunInTransaction(phase);
        }
        else
        {
            phase();
        }
    }

    private int Run(MicroDbConnection db)
    {
        db.CreateTable<TestRow>();
        MicroDbCrud.Insert(db, _data.Inserts, Batched);
        MicroDbCrud.Update(db, _data.Updates, Batched);
        var found = MicroDbCrud.Read(db, _data.ReadKeys, Batched);
        MicroDbCrud.Delete(db, _data.DeleteKeys, Batched);
        db.DropTable<TestRow>();
        return found;
    }
}
