using MicroDb.Benchmarks.Infrastructure;
using SQLitePCL;

namespace MicroDb.Benchmarks.Workloads;

/// <summary>Hand-written SQLitePCLRaw: every statement prepared once, bound, stepped and reset in place.</summary>
public sealed class RawBlockStore : IBlockStore
{
    private readonly sqlite3 _db;
    private readonly sqlite3_stmt _select;
    private readonly sqlite3_stmt _insert;
    private readonly sqlite3_stmt _insertOrIgnore;
    private readonly sqlite3_stmt _join;
    private readonly sqlite3_stmt _newBlockset;
    private readonly sqlite3_stmt _addEntry;
    private readonly sqlite3_stmt _grow;

    /// <summary>Opens the file and prepares every statement.</summary>
    /// <param name="path">The database file.</param>
    /// <param name="pragmas">Pragmas to run after opening; null applies MicroDb's defaults (WAL, synchronous=NORMAL).</param>
    public RawBlockStore(string path, IEnumerable<string>? pragmas = null)
    {
        if (pragmas is null)
        {
            _db = RawSqlite.Open(path, Durability.MicroDbDefault);
        }
        else
        {
            _db = RawSqlite.Open(path, Durability.Untuned);
            foreach (var pragma in pragmas)
            {
                RawSqlite.Exec(_db, pragma);
            }
        }

        _select = RawSqlite.Prepare(_db, BlockSql.Select);
        _insert = RawSqlite.Prepare(_db, BlockSql.Insert);
        _insertOrIgnore = RawSqlite.Prepare(_db, BlockSql.InsertOrIgnore);
        _join = RawSqlite.Prepare(_db, BlockSql.Join);
        _newBlockset = RawSqlite.Prepare(_db, BlockSql.NewBlockset);
        _addEntry = RawSqlite.Prepare(_db, BlockSql.AddEntry);
        _grow = RawSqlite.Prepare(_db, BlockSql.GrowBlockset);
    }

    /// <inheritdoc />
    public long Select(string hash, long size)
    {
        raw.sqlite3_bind_text16(_select, 1, hash.AsSpan());
        raw.sqlite3_bind_int64(_select, 2, size);
        var rc = raw.sqlite3_step(_select);
        var id = rc == raw.SQLITE_ROW ? raw.sqlite3_column_int64(_select, 0) : -1;
        raw.sqlite3_reset(_select);
        return id;
    }

    /// <inheritdoc />
    public long Insert(string hash, long size)
    {
        raw.sqlite3_bind_text16(_insert, 1, hash.AsSpan());
        raw.sqlite3_bind_int64(_insert, 2, size);
        RawSqlite.StepDone(_db, _insert);
        return raw.sqlite3_last_insert_rowid(_db);
    }

    /// <inheritdoc />
    public long InsertOrIgnoreThenSelect(string hash, long size)
    {
        raw.sqlite3_bind_text16(_insertOrIgnore, 1, hash.AsSpan());
        raw.sqlite3_bind_int64(_insertOrIgnore, 2, size);
        RawSqlite.StepDone(_db, _insertOrIgnore);
        return Select(hash, size);
    }

    /// <inheritdoc />
    public int Join(long blocksetId)
    {
        raw.sqlite3_bind_int64(_join, 1, blocksetId);
        var count = 0;
        while (raw.sqlite3_step(_join) == raw.SQLITE_ROW)
        {
            var block = new Models.Block
            {
                Id = raw.sqlite3_column_int64(_join, 0),
                Hash = raw.sqlite3_column_text(_join, 1).utf8_to_string() ?? "",
                Size = raw.sqlite3_column_int64(_join, 2),
            };
            count += block.Id != 0 ? 1 : 0;
        }

        raw.sqlite3_reset(_join);
        return count;
    }

    /// <inheritdoc />
    public long NewBlockset()
    {
        RawSqlite.StepDone(_db, _newBlockset);
        return raw.sqlite3_last_insert_rowid(_db);
    }

    /// <inheritdoc />
    public void AddEntry(long blocksetId, long blockId)
    {
        raw.sqlite3_bind_int64(_addEntry, 1, blocksetId);
        raw.sqlite3_bind_int64(_addEntry, 2, blockId);
        RawSqlite.StepDone(_db, _addEntry);
        raw.sqlite3_bind_int64(_grow, 1, blocksetId);
        RawSqlite.StepDone(_db, _grow);
    }

    /// <inheritdoc />
    public void Exec(string sql) => RawSqlite.Exec(_db, sql);

    /// <inheritdoc />
    public void Dispose()
    {
        foreach (var stmt in new[] { _select, _insert, _insertOrIgnore, _join, _newBlockset, _addEntry, _grow })
        {
            stmt.Dispose();
        }

        _db.Dispose();
    }
}
