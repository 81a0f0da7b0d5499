extern alias sqlitenet;

using BenchmarkDotNet.Attributes;
using MicroDb.Benchmarks.Crud;
using MicroDb.Benchmarks.Infrastructure;
using MicroDb.Benchmarks.Models;
using MicroDb.Mapping;
using SQLitePCL;

namespace MicroDb.Benchmarks.Reading;

/// <summary>
/// Bulk load: InsertAll of many rows (one transaction) against a hand-written loop over a reused prepared
/// INSERT inside BEGIN IMMEDIATE/COMMIT. 1,000,000 rows in the full suite, 100,000 in the quick job.
/// </summary>
[MemoryDiagnoser]
[InvocationCount(1)]
public class BulkInsertBenchmarks
{
    private TempDirectory _dir = null!;
    private sqlite3 _raw = null!;
    private MicroDbConnection _generated = null!;
    private MicroDbConnection _reflection = null!;
    private sqlitenet::SQLite.SQLiteConnection _net = null!;
    private Peers.NetTestRow[] _netRows = [];
    private TestRow[] _rows = [];
    private string _insertSql = "";

    /// <summary>Rows per InsertAll.</summary>
    [ParamsSource(nameof(Sizes))]
    public int Rows { get; set; }

    /// <summary>1e6 (quick: 1e5).</summary>
    public static IEnumerable<int> Sizes => BenchSettings.Quick ? [100_000] : [1_000_000];

    /// <summary>Creates the rows and three databases.</summary>
    [GlobalSetup]
    public void Setup()
    {
        _dir = new TempDirectory();
        _rows = Enumerable.Range(0, Rows).Select(i => new TestRow { TextData = "row " + i.ToString(System.Globalization.CultureInfo.InvariantCulture) + " " + Guid.NewGuid() }).ToArray();
        _raw = RawSqlite.Open(_dir.File("raw.db"), Durability.MicroDbDefault);
        RawSqlite.Exec(_raw, RawSqlite.Schema(Maps.Generated<TestRow>()));
        _insertSql = Maps.Generated<TestRow>().Sql.Insert;
        _generated = new MicroDbConnection(RawSqlite.Options(_dir.File("generated.db"), Durability.MicroDbDefault, MappingMode.Generated));
        _generated.CreateTable<TestRow>();
        _reflection = new MicroDbConnection(RawSqlite.Options(_dir.File("reflection.db"), Durability.MicroDbDefault, MappingMode.Reflection));
        _reflection.CreateTable<TestRow>();
        _net = Peers.SqliteNet.Open(_dir.File("sqlite-net.db"), Durability.MicroDbDefault);
        RawSqlite.Exec(_net.Handle, RawSqlite.Schema(Maps.Generated<TestRow>()));
        _netRows = _rows.Select(r => new Peers.NetTestRow { TextData = r.TextData }).ToArray();
    }

    /// <summary>Empty tables before each load.</summary>
    [IterationSetup]
    public void Empty()
    {
        CrudTables.Reset(_raw, null);
        CrudTables.Reset(_generated.Handle, null);
        CrudTables.Reset(_reflection.Handle, null);
        CrudTables.Reset(_net.Handle, null);
    }

    /// <summary>Closes everything.</summary>
    [GlobalCleanup]
    public void Cleanup()
    {
        _raw.Dispose();
        _generated.Dispose();
        _reflection.Dispose();
        _net.Dispose();
        _dir.Dispose();
    }

    /// <summary>Hand-written loop in one transaction (baseline).</summary>
    [Benchmark(Baseline = true)]
    public void Raw()
    {
        var stmt = RawSqlite.Prepare(_raw, _insertSql);
        RawSqlite.Exec(_raw, "BEGIN IMMEDIATE");
        foreach (var row in _rows)
        {
            raw.sqlite3_bind_text16(stmt, 1, row.TextData.AsSpan());
            RawSqlite.StepDone(_raw, stmt);
            row.Id = raw.sqlite3_last_insert_rowid(_raw);
        }

        RawSqlite.Exec(_raw, "COMMIT");
        stmt.Dispose();
    }

    /// <summary>MicroDb InsertAll, generated map.</summary>
    [Benchmark]
    public int InsertAll_Generated() => _generated.InsertAll(_rows);

    /// <summary>MicroDb InsertAll, reflection map.</summary>
    [Benchmark]
    public int InsertAll_Reflection() => _reflection.InsertAll(_rows);

    /// <summary>sqlite-net-pcl InsertAll (one transaction).</summary>
    [Benchmark]
    public int InsertAll_SqliteNet() => _net.InsertAll(_netRows);
}
