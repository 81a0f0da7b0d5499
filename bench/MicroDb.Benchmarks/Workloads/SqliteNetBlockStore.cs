extern alias sqlitenet;

using MicroDb.Benchmarks.Infrastructure;
using MicroDb.Benchmarks.Peers;

namespace MicroDb.Benchmarks.Workloads;

/// <summary>
/// sqlite-net-pcl used as its documentation shows: Insert for entities, ExecuteScalar/Execute/Query for the rest (it
/// prepares a statement per call, except Insert's cached command). Its default open flags (FullMutex), the same pragmas.
/// </summary>
public sealed class SqliteNetBlockStore : IBlockStore
{
    private readonly sqlitenet::SQLite.SQLiteConnection _db;

    /// <summary>Opens the file.</summary>
    /// <param name="path">The database file.</param>
    public SqliteNetBlockStore(string path) => _db = SqliteNet.Open(path, Durability.MicroDbDefault);

    /// <inheritdoc />
    public long Select(string hash, long size) => _db.ExecuteScalar<long?>(BlockSql.Select, hash, size) ?? -1;

    /// <inheritdoc />
    public long Insert(string hash, long size)
    {
        var block = new NetBlock { Hash = hash, Size = size };
        _db.Insert(block);
        return block.Id;
    }

    /// <inheritdoc />
    public long InsertOrIgnoreThenSelect(string hash, long size)
    {
        _db.Execute(BlockSql.InsertOrIgnore, hash, size);
        return Select(hash, size);
    }

    /// <inheritdoc />
    public int Join(long blocksetId) => _db.Query<NetBlock>(BlockSql.Join, blocksetId).Count;

    /// <inheritdoc />
    public long NewBlockset()
    {
        _db.Execute(BlockSql.NewBlockset);
        return SQLitePCL.raw.sqlite3_last_insert_rowid(_db.Handle);
    }

    /// <inheritdoc />
    public void AddEntry(long blocksetId, long blockId)
    {
        _db.Execute(BlockSql.AddEntry, blocksetId, blockId);
        _db.Execute(BlockSql.GrowBlockset, blocksetId);
    }

    /// <inheritdoc />
    public void Exec(string sql) => RawSqlite.Exec(_db.Handle, sql);

    /// <inheritdoc />
    public void Dispose() => _db.Dispose();
}
