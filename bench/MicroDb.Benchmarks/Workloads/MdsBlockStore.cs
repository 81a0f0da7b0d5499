using Microsoft.Data.Sqlite;

namespace MicroDb.Benchmarks.Workloads;

/// <summary>Microsoft.Data.Sqlite with one prepared command per statement, parameters reused (the provider's fastest use).</summary>
public sealed class MdsBlockStore : IBlockStore
{
    private readonly SqliteConnection _db;
    private readonly SqliteCommand _select;
    private readonly SqliteCommand _insert;
    private readonly SqliteCommand _insertOrIgnore;
    private readonly SqliteCommand _join;
    private readonly SqliteCommand _newBlockset;
    private readonly SqliteCommand _addEntry;
    private readonly SqliteCommand _grow;

    /// <summary>Opens the file with the same pragmas as the other providers and prepares the commands.</summary>
    /// <param name="path">The database file.</param>
    public MdsBlockStore(string path)
    {
        _db = MdsConnections.Open(path);
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

    private SqliteCommand Command(string sql, int parameters)
    {
        var command = _db.CreateCommand();
        command.CommandText = BlockSql.Numbered(sql, "?");
        for (var i = 1; i <= parameters; i++)
        {
            command.Parameters.Add(new SqliteParameter { ParameterName = "?" + i.ToString(System.Globalization.CultureInfo.InvariantCulture) });
        }

        command.Prepare();
        return command;
    }
}
