using MicroDb.Benchmarks.Infrastructure;
using MicroDb.Benchmarks.Models;
using MicroDb.Mapping;

namespace MicroDb.Benchmarks.Workloads;

/// <summary>MicroDb's public API as an application would use it: Insert for entities, Query/ExecuteScalar/Execute for the rest (its statement cache reuses the prepared statements).</summary>
public sealed class MicroDbBlockStore : IBlockStore
{
    private readonly MicroDbConnection _db;

    /// <summary>Opens the file.</summary>
    /// <param name="path">The database file.</param>
    /// <param name="mode">Generated or reflection maps.</param>
    public MicroDbBlockStore(string path, MappingMode mode)
    {
        _db = new MicroDbConnection(RawSqlite.Options(path, Durability.MicroDbDefault, mode));
    }

    /// <inheritdoc />
    public long Select(string hash, long size) => _db.ExecuteScalar<long?>(BlockSql.Select, hash, size) ?? -1;

    /// <inheritdoc />
    public long Insert(string hash, long size)
    {
        var block = new Block { Hash = hash, Size = size };
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
    public int Join(long blocksetId) => _db.Query<Block>(BlockSql.Join, blocksetId).Count;

    /// <inheritdoc />
    public long NewBlockset()
    {
        _db.Execute(BlockSql.NewBlockset);
        return _db.LastInsertRowId;
    }

    /// <inheritdoc />
    public void AddEntry(long blocksetId, long blockId)
    {
        _db.Execute(BlockSql.AddEntry, blocksetId, blockId);
        _db.Execute(BlockSql.GrowBlockset, blocksetId);
    }

    /// <inheritdoc />
    public void Exec(string sql) => MicroDb.Benchmarks.Infrastructure.RawSqlite.Exec(_db.Handle, sql);

    /// <inheritdoc />
    public void Dispose() => _db.Dispose();
}
