using System.Data.Common;

namespace MicroDb.Benchmarks.Workloads;

/// <summary>
/// The study 003 workloads through any ADO.NET provider: one prepared command per statement, parameters reused (a
/// provider's fastest use). Each provider supplies only its connection and its parameter placeholders.
/// </summary>
public abstract class AdoBlockStore : IBlockStore
{
    private readonly DbConnection _db;
    private readonly DbCommand _select;
    private readonly DbCommand _insert;
    private readonly DbCommand _insertOrIgnore;
    private readonly DbCommand _join;
    private readonly DbCommand _newBlockset;
    private readonly DbCommand _addEntry;
    private readonly DbCommand _grow;

    /// <summary>Takes an open connection (pragmas set) and prepares the commands.</summary>
    /// <param name="db">The open connection; the store disposes it.</param>
    protected AdoBlockStore(DbConnection db)
    {
        _db = db;
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

    /// <summary>The command text and parameters for <paramref name="sql"/> written with positional <c>?</c>.</summary>
    /// <param name="command">A new command of the connection.</param>
    /// <param name="sql">The SQL with <c>?</c> placeholders.</param>
    /// <param name="parameters">How many parameters it has.</param>
    protected abstract void Describe(DbCommand command, string sql, int parameters);

    private DbCommand Command(string sql, int parameters)
    {
        var command = _db.CreateCommand();
        Describe(command, sql, parameters);
        command.Prepare();
        return command;
    }
}
