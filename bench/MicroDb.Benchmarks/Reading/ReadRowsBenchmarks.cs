extern alias sqlitenet;

using BenchmarkDotNet.Attributes;
using MicroDb.Benchmarks.Infrastructure;
using MicroDb.Benchmarks.Models;
using MicroDb.Mapping;
using SQLitePCL;

namespace MicroDb.Benchmarks.Reading;

/// <summary>
/// Reading 1,000 rows into objects: a hand-written SQLitePCLRaw loop over a reused prepared statement
/// (baseline) against MicroDb's Query&lt;T&gt; with the generated and the reflection map. Same file, same SQL.
/// </summary>
[MemoryDiagnoser]
public class ReadRowsBenchmarks
{
    private const int Rows = 1000;
    private TempDirectory _dir = null!;
    private sqlite3 _raw = null!;
    private sqlite3_stmt _select = null!;
    private MicroDbConnection _generated = null!;
    private MicroDbConnection _reflection = null!;
    private sqlitenet::SQLite.SQLiteConnection _net = null!;
    private string _sql = "";

    /// <summary>Writes 1,000 records to one file and opens it three ways.</summary>
    [GlobalSetup]
    public void Setup()
    {
        _dir = new TempDirectory();
        var path = _dir.File("read.db");
        _generated = new MicroDbConnection(RawSqlite.Options(path, Durability.MicroDbDefault, MappingMode.Generated));
        _generated.CreateTable<TextRecord>();
        _generated.InsertAll(Serialization.TextRecordData.Create(Rows));
        _reflection = new MicroDbConnection(RawSqlite.Options(path, Durability.MicroDbDefault, MappingMode.Reflection));
        _raw = RawSqlite.Open(path, Durability.MicroDbDefault);
        _sql = Maps.Generated<TextRecord>().Sql.SelectAll;
        _select = RawSqlite.Prepare(_raw, _sql);
        _net = Peers.SqliteNet.Open(path, Durability.MicroDbDefault);
    }

    /// <summary>Closes everything.</summary>
    [GlobalCleanup]
    public void Cleanup()
    {
        _select.Dispose();
        _raw.Dispose();
        _generated.Dispose();
        _reflection.Dispose();
        _net.Dispose();
        _dir.Dispose();
    }

    /// <summary>Hand-written loop: step, read each column by ordinal with one native call into a new object (baseline).</summary>
    [Benchmark(Baseline = true)]
    public List<TextRecord> Raw()
    {
        var stmt = _select;
        var list = new List<TextRecord>();
        while (raw.sqlite3_step(stmt) == raw.SQLITE_ROW)
        {
            list.Add(RawSqlite.ReadTextRecord(stmt));
        }

        raw.sqlite3_reset(stmt);
        return list;
    }

    /// <summary>The same loop with the earlier reader that asks each text column's type first (two native calls per text column).</summary>
    [Benchmark]
    public List<TextRecord> Raw_TypeChecked()
    {
        var stmt = _select;
        var list = new List<TextRecord>();
        while (raw.sqlite3_step(stmt) == raw.SQLITE_ROW)
        {
            list.Add(RawSqlite.ReadTextRecordTypeChecked(stmt));
        }

        raw.sqlite3_reset(stmt);
        return list;
    }

    /// <summary>MicroDb Query&lt;T&gt;, generated map.</summary>
    [Benchmark]
    public List<TextRecord> Query_Generated() => _generated.Query<TextRecord>(_sql);

    /// <summary>MicroDb Query&lt;T&gt;, reflection map.</summary>
    [Benchmark]
    public List<TextRecord> Query_Reflection() => _reflection.Query<TextRecord>(_sql);

    /// <summary>sqlite-net-pcl Query&lt;T&gt;(sql), same SQL (its default FullMutex flags, same pragmas).</summary>
    [Benchmark]
    public List<Peers.NetTextRecord> Query_SqliteNet() => _net.Query<Peers.NetTextRecord>(_sql);
}
