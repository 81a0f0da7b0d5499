using System.Data.SQLite;

namespace MicroDb.Benchmarks.Workloads;

/// <summary>
/// System.Data.SQLite (System.Data.SQLite.Core 1.0.119) with one prepared command per statement, parameters reused.
/// It brings its own native library (SQLite.Interop, its own SQLite build), not the e_sqlite3 every other side loads.
/// </summary>
public sealed class SdsBlockStore : IBlockStore
{
    private readonly SQLiteConnection _db;
    private readonly SQLiteCommand _select;
    private readonly SQLiteCommand _insert;
    private readonly SQLiteCommand _insertOrIgnore;
    private readonly SQLiteCommand _join;
    private readonly SQLiteCommand _newBlockset;
    private readonly SQLiteCommand _addEntry;
    private readonly SQLiteCommand _grow;

    /// <summary>Opens the file with the same pragmas as the other providers and prepares the commands.</summary>
    /// <param name="path">The database file.</param>
    public SdsBlockStore(string path)
    {
        _db = new SQLiteConnection($"Data Source={path};Pooling=False");
        _db.Open();
        using (var pragmas = _db.CreateCommand())
        {
            pragmas.CommandText = "PRAGMA journal_mode=WAL; PRAGMA synchronous=1; PRAGMA foreign_keys=ON; PRAGMA busy_timeout=5000;";
            pragmas.ExecuteNonQuery();
        }

        _select = Command(BlockSql.Select, 2);
        _insert = Command(BlockSql.Insert + "; SELECT last_insert_rowid()", 2);
        _insertOrIgnore = Command(BlockSql.InsertOrIgnore, 2);
        _join = Command(BlockSql.Join, 1);
        _newBlockset = Command(BlockSql.NewBlockset + "; SELECT last_insert_rowid()", 0);
        _addEntry = Command(BlockSql.AddEntry, 2);
        _grow = Command(BlockSql.GrowBlockset, 1);
    }

    /// <inheritdoc />
    public long Select(string hash, long size)
    {
        _select.Parameters[0].Value = hash;
        _select.Parameters[1].Value = size;
        return _select.ExecuteScalar() is long id ? id : -1;
    }

    /// <inheritdoc />
    public long Insert(string hash, long size)
    {
        _insert.Parameters[0].Value = hash;
        _insert.Parameters[1].Value = size;
        return (long)_insert.ExecuteScalar()!;
    }

    /// <inheritdoc />
    public long InsertOrIgnoreThenSelect(string hash, long size)
    {
        _insertOrIgnore.Parameters[0].Value = hash;
        _insertOrIgnore.Parameters[1].Value = size;
        _insertOrIgnore.ExecuteNonQuery();
        return Select(hash, size);
    }

    /// <inheritdoc />
    public int Join(long blocksetId)
    {
        _join.Parameters[0].Value = blocksetId;
        var count = 0;
        using var reader = _join.ExecuteReader();
        while (reader.Read())
        {
            var block = new Models.Block { Id = reader.GetInt64(0), Hash = reader.GetString(1), Size = reader.GetInt64(2) };
            count += block.Id != 0 ? 1 : 0;
        }

        return count;
    }

    /// <inheritdoc />
    public long NewBlockset() => (long)_newBlockset.ExecuteScalar()!;

    /// <inheritdoc />
    public void AddEntry(long blocksetId, long blockId)
    {
        _addEntry.Parameters[0].Value = blocksetId;
        _addEntry.Parameters[1].Value = blockId;
        _addEntry.ExecuteNonQuery();
        _grow.Parameters[0].Value = blocksetId;
        _grow.ExecuteNonQuery();
    }

    /// <inheritdoc />
    public void Exec(string sql)
    {
        using var command = _db.CreateCommand();
        command.CommandText = sql;
        command.ExecuteNonQuery();
    }

    /// <inheritdoc />
    public void Dispose()
    {
        foreach (var command in new[] { _select, _insert, _insertOrIgnore, _join, _newBlockset, _addEntry, _grow })
        {
            command.Dispose();
        }

        _db.Dispose();
    }

    private SQLiteCommand Command(string sql, int parameters)
    {
        var command = _db.CreateCommand();
        command.CommandText = sql; // plain "?" placeholders: System.Data.SQLite binds unnamed parameters by position
        for (var i = 1; i <= parameters; i++)
        {
            command.Parameters.Add(new SQLiteParameter());
        }

        command.Prepare();
        return command;
    }
}
