extern alias sqlitenet;

using System.Linq.Expressions;
using BenchmarkDotNet.Attributes;
using BenchmarkDotNet.Configs;
using MicroDb.Benchmarks.Infrastructure;
using MicroDb.Benchmarks.Models;
using MicroDb.Benchmarks.Peers;
using MicroDb.Benchmarks.Serialization;
using MicroDb.Mapping;
using SQLitePCL;

namespace MicroDb.Benchmarks.Reading;

/// <summary>
/// Issue 13's yardstick in one run: the LINQ lookup <c>Table&lt;T&gt;().Where(x =&gt; x.Id == id).FirstOrDefault()</c>
/// beside <c>Find&lt;T&gt;(id)</c> of the same 11-column row (generated map), the hand-written SQLitePCLRaw read by key,
/// sqlite-net-pcl's LINQ lookup and Find, and a case that only builds the lambda the lookup builds: the C# compiler's
/// expression tree, which is allocated at the call site on every call whatever the library does with it. A second
/// category reads 100 rows filtered and ordered. Every side reads one file of 1,000 rows through its own connection,
/// inside a read transaction left open, so SQLite's per-statement read-lock cost is out of every side alike.
/// </summary>
[MemoryDiagnoser]
[GroupBenchmarksBy(BenchmarkLogicalGroupRule.ByCategory)]
[CategoriesColumn]
public class LinqLookupBenchmarks
{
    private const int Rows = 1000;
    private const string Columns = "\"Id\", \"Title\", \"Author\", \"Email\", \"Street\", \"City\", \"Country\", \"Summary\", \"Notes\", \"Rating\", \"Price\"";
    private TempDirectory _dir = null!;
    private sqlite3 _raw = null!;
    private sqlite3_stmt _byKey = null!;
    private sqlite3_stmt _range = null!;
    private MicroDbConnection _db = null!;
    private sqlitenet::SQLite.SQLiteConnection _net = null!;
    private int _key;
    private int _start;

    /// <summary>One file of 1,000 study-002 records; each connection opens a read transaction.</summary>
    [GlobalSetup]
    public void Setup()
    {
        _dir = new TempDirectory();
        var path = _dir.File("lookup.db");
        _db = new MicroDbConnection(RawSqlite.Options(path, Durability.MicroDbDefault, MappingMode.Generated));
        _db.CreateTable<TextRecord>();
        _db.InsertAll(TextRecordData.Create(Rows));
        _raw = RawSqlite.Open(path, Durability.MicroDbDefault);
        _byKey = RawSqlite.Prepare(_raw, $"SELECT {Columns} FROM \"TextRecord\" WHERE \"Id\" = ?");
        _range = RawSqlite.Prepare(_raw, $"SELECT {Columns} FROM \"TextRecord\" WHERE \"Id\" > ? AND \"Id\" <= ? ORDER BY \"Title\"");
        _net = SqliteNet.Open(path, Durability.MicroDbDefault);
        RawSqlite.Exec(_raw, "BEGIN");
        RawSqlite.Exec(_db.Handle, "BEGIN");
        RawSqlite.Exec(_net.Handle, "BEGIN");
    }

    /// <summary>Ends the read transactions and closes.</summary>
    [GlobalCleanup]
    public void Cleanup()
    {
        RawSqlite.Exec(_raw, "COMMIT");
        RawSqlite.Exec(_db.Handle, "COMMIT");
        RawSqlite.Exec(_net.Handle, "COMMIT");
        _byKey.Dispose();
        _range.Dispose();
        _raw.Dispose();
        _net.Dispose();
        _db.Dispose();
        _dir.Dispose();
    }

    // Keys and range starts rotate through the table, the same sequence for every side.
    private int NextKey() => _key = (_key % Rows) + 1;

    private int NextStart() => _start = (_start + 30) % 900;

    /// <summary>Hand-written read by key through a reused prepared statement (baseline).</summary>
    [Benchmark(Baseline = true), BenchmarkCategory("Lookup")]
    public TextRecord? Lookup_Raw()
    {
        raw.sqlite3_bind_int(_byKey, 1, NextKey());
        var row = raw.sqlite3_step(_byKey) == raw.SQLITE_ROW ? RawSqlite.ReadTextRecord(_byKey) : null;
        raw.sqlite3_reset(_byKey);
        return row;
    }

    /// <summary>MicroDb Find&lt;T&gt;(key), generated map.</summary>
    [Benchmark, BenchmarkCategory("Lookup")]
    public TextRecord? Lookup_Find() => _db.Find<TextRecord>(NextKey());

    /// <summary>MicroDb LINQ lookup, generated map.</summary>
    [Benchmark, BenchmarkCategory("Lookup")]
    public TextRecord? Lookup_Linq()
    {
        var id = NextKey();
        return _db.Table<TextRecord>().Where(x => x.Id == id).FirstOrDefault();
    }

    /// <summary>Only the lambda the LINQ lookup passes: the closure and expression tree the C# compiler builds per call.</summary>
    [Benchmark, BenchmarkCategory("Lookup")]
    public Expression<Func<TextRecord, bool>> Lookup_LambdaOnly()
    {
        var id = NextKey();
        return x => x.Id == id;
    }

    /// <summary>sqlite-net-pcl Find&lt;T&gt;(key).</summary>
    [Benchmark, BenchmarkCategory("Lookup")]
    public NetTextRecord? Lookup_SqliteNetFind() => _net.Find<NetTextRecord>(NextKey());

    /// <summary>sqlite-net-pcl LINQ lookup.</summary>
    [Benchmark, BenchmarkCategory("Lookup")]
    public NetTextRecord? Lookup_SqliteNetLinq()
    {
        var id = NextKey();
        return _net.Table<NetTextRecord>().Where(x => x.Id == id).FirstOrDefault();
    }

    /// <summary>Hand-written 100-row range read, ordered (baseline).</summary>
    [Benchmark(Baseline = true), BenchmarkCategory("Range")]
    public int Range_Raw()
    {
        var lo = NextStart();
        raw.sqlite3_bind_int(_range, 1, lo);
        raw.sqlite3_bind_int(_range, 2, lo + 100);
        var rows = new List<TextRecord>();
        while (raw.sqlite3_step(_range) == raw.SQLITE_ROW)
        {
            rows.Add(RawSqlite.ReadTextRecord(_range));
        }

        raw.sqlite3_reset(_range);
        return rows.Count;
    }

    /// <summary>MicroDb: Where(x =&gt; x.Id &gt; lo &amp;&amp; x.Id &lt;= hi).OrderBy(x =&gt; x.Title).ToList(), generated map.</summary>
    [Benchmark, BenchmarkCategory("Range")]
    public int Range_Linq()
    {
        var lo = NextStart();
        var hi = lo + 100;
        return _db.Table<TextRecord>().Where(x => x.Id > lo && x.Id <= hi).OrderBy(x => x.Title).ToList().Count;
    }

    /// <summary>sqlite-net-pcl: the same query.</summary>
    [Benchmark, BenchmarkCategory("Range")]
    public int Range_SqliteNetLinq()
    {
        var lo = NextStart();
        var hi = lo + 100;
        return _net.Table<NetTextRecord>().Where(x => x.Id > lo && x.Id <= hi).OrderBy(x => x.Title).ToList().Count;
    }
}
