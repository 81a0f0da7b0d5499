using Dapper;
using Microsoft.Data.Sqlite;

namespace MicroDb.Benchmarks.Workloads;

/// <summary>Dapper over Microsoft.Data.Sqlite, used the ordinary way (anonymous parameter objects; Dapper caches its per-SQL plan, the provider re-prepares).</summary>
public sealed class DapperBlockStore : IBlockStore
{
    private static readonly string SelectSql = BlockSql.Numbered(BlockSql.Select, "@p");
    private static readonly string InsertSql = BlockSql.Numbered(BlockSql.Insert, "@p") + "; SELECT last_insert_rowid()";
    private static readonly string InsertOrIgnoreSql = BlockSql.Numbered(BlockSql.InsertOrIgnore, "@p");
    private static readonly string JoinSql = BlockSql.Numbered(BlockSql.Join, "@p");
    private static readonly string NewBlocksetSql = BlockSql.NewBlockset + "; SELECT last_insert_rowid()";
    private static readonly string AddEntrySql = BlockSql.Numbered(BlockSql.AddEntry, "@p");
    private static readonly string GrowSql = BlockSql.Numbered(BlockSql.GrowBlockset, "@p");
    private readonly SqliteConnection _db;

    /// <summary>Opens the file.</summary>
    /// <param name="path">The database file.</param>
    public DapperBlockStore(string path) => _db = MdsConnections.Open(path);

    /// <inheritdoc />
    public long Select(string hash, long size) => _db.ExecuteScalar<long?>(SelectSql, new { p1 = hash, p2 = size }) ?? -1;

    /// <inheritdoc />
    public long Insert(string hash, long size) => _db.ExecuteScalar<long>(InsertSql, new { p1 = hash, p2 = size });

    /// <inheritdoc />
    public long InsertOrIgnoreThenSelect(string hash, long size)
    {
        _db.Execute(InsertOrIgnoreSql, new { p1 = hash, p2 = size });
        return Select(hash, size);
    }

    /// <inheritdoc />
    public int Join(long blocksetId) => _db.Query<Models.Block>(JoinSql, new { p1 = blocksetId }).AsList().Count;

    /// <inheritdoc />
    public long NewBlockset() => _db.ExecuteScalar<long>(NewBlocksetSql);

    /// <inheritdoc />
    public void AddEntry(long blocksetId, long blockId)
    {
        _db.Execute(AddEntrySql, new { p1 = blocksetId, p2 = blockId });
        _db.Execute(GrowSql, new { p1 = blocksetId });
    }

    /// <inheritdoc />
    public void Exec(string sql) => _db.Execute(sql, commandType: System.Data.CommandType.Text);

    /// <inheritdoc />
    public void Dispose() => _db.Dispose();
}
