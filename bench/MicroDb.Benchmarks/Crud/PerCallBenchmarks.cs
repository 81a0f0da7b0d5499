extern alias sqlitenet;

using BenchmarkDotNet.Attributes;
using BenchmarkDotNet.Configs;
using MicroDb.Benchmarks.Infrastructure;
using MicroDb.Benchmarks.Models;
using MicroDb.Benchmarks.Peers;
using MicroDb.Mapping;
using SQLitePCL;

namespace MicroDb.Benchmarks.Crud;

/// <summary>
/// The managed cost of one CRUD call, without commit or checkpoint noise: each side works inside one open
/// transaction on its own 1,000-row file (WAL, synchronous NORMAL), so every call hits SQLite's page cache and
/// the difference to the hand-written SQLitePCLRaw baseline is what MicroDb adds per call. Thousands of calls per
/// iteration make the allocation column exact. sqlite-net-pcl (its default FullMutex open flags, the same pragmas set
/// explicitly) is the peer on its own file.
/// </summary>
[MemoryDiagnoser]
[GroupBenchmarksBy(BenchmarkLogicalGroupRule.ByCategory)]
[CategoriesColumn]
public class PerCallBenchmarks
{
    private const int Rows = 1000;
    private TempDirectory _dir = null!;
    private readonly Lock _rawGate = new();
    private sqlite3 _raw = null!;
    private sqlite3_stmt _rawScalar = null!;
    private sqlite3_stmt _rawSelect = null!;
    private sqlite3_stmt _rawUpdate = null!;
    private sqlite3_stmt _rawInsert = null!;
    private sqlite3_stmt _rawDelete = null!;
    private MicroDbConnection _generated = null!;
    private MicroDbConnection _reflection = null!;
    private sqlitenet::SQLite.SQLiteConnection _net = null!;
    private NetTestRow[] _netRows = [];
    private NetTestRow _netScratch = new() { TextData = "scratch row" };
    private TestRow[] _rows = [];
    private TestRow _scratch = new() { TextData = "scratch row" };
    private long _key;
    private int _next;

    /// <summary>Three files with 1,000 rows each, each with a transaction left open.</summary>
    [GlobalSetup]
    public void Setup()
    {
        _dir = new TempDirectory();
        var data = new CrudData(Rows);
        _rows = data.Updates;
        var map = Maps.Generated<TestRow>();
        _raw = RawSqlite.Open(_dir.File("raw.db"), Durability.MicroDbDefault);
        RawSqlite.Exec(_raw, RawSqlite.Schema(map));
        CrudTables.Reset(_raw, data.Seed);
        _rawScalar = RawSqlite.Prepare(_raw, ScalarSql);
        _rawSelect = RawSqlite.Prepare(_raw, map.Sql.SelectByKey!);
        _rawUpdate = RawSqlite.Prepare(_raw, map.Sql.Update!);
        _rawInsert = RawSqlite.Prepare(_raw, map.Sql.Insert);
        _rawDelete = RawSqlite.Prepare(_raw, map.Sql.Delete!);
        _generated = new MicroDbConnection(RawSqlite.Options(_dir.File("generated.db"), Durability.MicroDbDefault, MappingMode.Generated));
        _generated.CreateTable<TestRow>();
        CrudTables.Reset(_generated.Handle, data.Seed);
        _reflection = new MicroDbConnection(RawSqlite.Options(_dir.File("reflection.db"), Durability.MicroDbDefault, MappingMode.Reflection));
        _reflection.CreateTable<TestRow>();
        CrudTables.Reset(_reflection.Handle, data.Seed);
        _net = SqliteNet.Open(_dir.File("sqlite-net.db"), Durability.MicroDbDefault);
        RawSqlite.Exec(_net.Handle, RawSqlite.Schema(map));
        CrudTables.Reset(_net.Handle, data.Seed);
        _netRows = _rows.Select(r => new NetTestRow { Id = r.Id, TextData = r.TextData }).ToArray();
        RawSqlite.Exec(_raw, "BEGIN IMMEDIATE");
        _net.BeginTransaction();
        _generated.BeginTransaction();
        _reflection.BeginTransaction();
    }

    /// <summary>Commits and closes.</summary>
    [GlobalCleanup]
    public void Cleanup()
    {
        RawSqlite.Exec(_raw, "COMMIT");
        _generated.Commit();
        _reflection.Commit();
        _net.Commit();
        _net.Dispose();
        foreach (var stmt in new[] { _rawScalar, _rawSelect, _rawUpdate, _rawInsert, _rawDelete })
        {
            stmt.Dispose();
        }

        _raw.Dispose();
        _generated.Dispose();
        _reflection.Dispose();
        _dir.Dispose();
    }

    private const string ScalarSql = "SELECT \"TextData\" FROM \"Test\" WHERE \"Id\" = ?";

    private long NextKey() => _key = (_key % Rows) + 1;

    private TestRow NextRow() => _rows[_next++ % Rows];

    /// <summary>Hand-written read by key into a new object (baseline).</summary>
    [Benchmark(Baseline = true), BenchmarkCategory("Find")]
    public TestRow? Find_Raw()
    {
        var stmt = _rawSelect;
        raw.sqlite3_bind_int64(stmt, 1, NextKey());
        TestRow? row = null;
        if (raw.sqlite3_step(stmt) == raw.SQLITE_ROW)
        {
            row = new TestRow
            {
                Id = raw.sqlite3_column_int64(stmt, 0),
                TextData = raw.sqlite3_column_text(stmt, 1).utf8_to_string(),
            };
        }

        raw.sqlite3_reset(stmt);
        return row;
    }

    /// <summary>Find&lt;T&gt;(key), generated map.</summary>
    [Benchmark, BenchmarkCategory("Find")]
    public TestRow? Find_Generated() => _generated.Find<TestRow>(NextKey());

    /// <summary>Find&lt;T&gt;(key), reflection map.</summary>
    [Benchmark, BenchmarkCategory("Find")]
    public TestRow? Find_Reflection() => _reflection.Find<TestRow>(NextKey());

    /// <summary>sqlite-net-pcl Find&lt;T&gt;(key).</summary>
    [Benchmark, BenchmarkCategory("Find")]
    public NetTestRow? Find_SqliteNet() => _net.Find<NetTestRow>(NextKey());

    /// <summary>Hand-written update by key (baseline).</summary>
    [Benchmark(Baseline = true), BenchmarkCategory("Update")]
    public int Update_Raw()
    {
        var row = NextRow();
        var stmt = _rawUpdate;
        raw.sqlite3_bind_text16(stmt, 1, row.TextData.AsSpan());
        raw.sqlite3_bind_int64(stmt, 2, row.Id);
        RawSqlite.StepDone(_raw, stmt);
        return raw.sqlite3_changes(_raw);
    }

    /// <summary>
    /// The hand-written update inside a <see cref="Lock"/>, as MicroDb takes one per call so a connection can be shared
    /// between threads: the baseline plus that lock is the floor for a thread-safe library on this path.
    /// </summary>
    [Benchmark, BenchmarkCategory("Update")]
    public int Update_RawLocked()
    {
        lock (_rawGate)
        {
            return Update_Raw();
        }
    }

    /// <summary>Update(obj), generated map.</summary>
    [Benchmark, BenchmarkCategory("Update")]
    public int Update_Generated() => _generated.Update(NextRow());

    /// <summary>Update(obj), reflection map.</summary>
    [Benchmark, BenchmarkCategory("Update")]
    public int Update_Reflection() => _reflection.Update(NextRow());

    /// <summary>sqlite-net-pcl Update(obj).</summary>
    [Benchmark, BenchmarkCategory("Update")]
    public int Update_SqliteNet() => _net.Update(_netRows[_next++ % Rows]);

    /// <summary>Hand-written insert, then delete of the new key; each reads the rows changed, as MicroDb's calls return them (baseline).</summary>
    [Benchmark(Baseline = true), BenchmarkCategory("InsertDelete")]
    public int InsertDelete_Raw()
    {
        var insert = _rawInsert;
        raw.sqlite3_bind_text16(insert, 1, _scratch.TextData.AsSpan());
        RawSqlite.StepDone(_raw, insert);
        _scratch.Id = raw.sqlite3_last_insert_rowid(_raw);
        var added = raw.sqlite3_changes(_raw);
        var delete = _rawDelete;
        raw.sqlite3_bind_int64(delete, 1, _scratch.Id);
        RawSqlite.StepDone(_raw, delete);
        return added + raw.sqlite3_changes(_raw);
    }

    /// <summary>The hand-written insert and delete, each inside a <see cref="Lock"/> as MicroDb takes one per call.</summary>
    [Benchmark, BenchmarkCategory("InsertDelete")]
    public int InsertDelete_RawLocked()
    {
        var insert = _rawInsert;
        int added;
        lock (_rawGate)
        {
            raw.sqlite3_bind_text16(insert, 1, _scratch.TextData.AsSpan());
            RawSqlite.StepDone(_raw, insert);
            _scratch.Id = raw.sqlite3_last_insert_rowid(_raw);
            added = raw.sqlite3_changes(_raw);
        }

        var delete = _rawDelete;
        lock (_rawGate)
        {
            raw.sqlite3_bind_int64(delete, 1, _scratch.Id);
            RawSqlite.StepDone(_raw, delete);
            return added + raw.sqlite3_changes(_raw);
        }
    }

    /// <summary>Insert(obj) then Delete&lt;T&gt;(key), generated map.</summary>
    [Benchmark, BenchmarkCategory("InsertDelete")]
    public int InsertDelete_Generated()
    {
        _generated.Insert(_scratch);
        return _generated.Delete<TestRow>(_scratch.Id);
    }

    /// <summary>Insert(obj) then Delete&lt;T&gt;(key), reflection map.</summary>
    [Benchmark, BenchmarkCategory("InsertDelete")]
    public int InsertDelete_Reflection()
    {
        _reflection.Insert(_scratch);
        return _reflection.Delete<TestRow>(_scratch.Id);
    }

    /// <summary>sqlite-net-pcl Insert(obj) then Delete&lt;T&gt;(key).</summary>
    [Benchmark, BenchmarkCategory("InsertDelete")]
    public int InsertDelete_SqliteNet()
    {
        _net.Insert(_netScratch);
        return _net.Delete<NetTestRow>(_netScratch.Id);
    }

    /// <summary>Hand-written one-column query with an argument (baseline).</summary>
    [Benchmark(Baseline = true), BenchmarkCategory("Scalar")]
    public string? Scalar_Raw()
    {
        var stmt = _rawScalar;
        raw.sqlite3_bind_int64(stmt, 1, NextKey());
        var text = raw.sqlite3_step(stmt) == raw.SQLITE_ROW ? raw.sqlite3_column_text(stmt, 0).utf8_to_string() : null;
        raw.sqlite3_reset(stmt);
        return text;
    }

    /// <summary>ExecuteScalar&lt;string&gt;(sql, key): MicroDb's ad-hoc path (statement cache, object arguments).</summary>
    [Benchmark, BenchmarkCategory("Scalar")]
    public string? Scalar_MicroDb() => _generated.ExecuteScalar<string>(ScalarSql, NextKey());

    /// <summary>sqlite-net-pcl ExecuteScalar&lt;string&gt;(sql, key).</summary>
    [Benchmark, BenchmarkCategory("Scalar")]
    public string? Scalar_SqliteNet() => _net.ExecuteScalar<string>(ScalarSql, NextKey());
}
