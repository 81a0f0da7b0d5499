using Dapper;
using MicroDb.Npgsql.Benchmarks.Models;
using Npgsql;

namespace MicroDb.Npgsql.Benchmarks.Study003;

/// <summary>Dapper over Npgsql, used the ordinary way (SQL text and an anonymous parameter object per call; Dapper caches its per-SQL plan).</summary>
/// <param name="source">The server.</param>
public sealed class DapperBlockStore(NpgsqlDataSource source) : IPgBlockStore
{
    private static readonly string SelectSql = PgBlockSql.Named(PgBlockSql.Select);
    private static readonly string InsertSql = PgBlockSql.Named(PgBlockSql.Insert);
    private static readonly string JoinSql = PgBlockSql.Named(PgBlockSql.Join);
    private readonly NpgsqlConnection _db = source.OpenConnection();
    private NpgsqlTransaction? _transaction;

    /// <inheritdoc />
    public long Select(string hash, long size) => _db.ExecuteScalar<long?>(SelectSql, new { p1 = hash, p2 = size }, _transaction) ?? -1;

    /// <inheritdoc />
    public long Insert(string hash, long size) => _db.ExecuteScalar<long>(InsertSql, new { p1 = hash, p2 = size }, _transaction);

    /// <inheritdoc />
    public int Join(long blocksetId) => _db.Query<PgBlock>(JoinSql, new { p1 = blocksetId }, _transaction).AsList().Count;

    /// <inheritdoc />
    public void Begin() => _transaction = _db.BeginTransaction();

    /// <inheritdoc />
    public void Commit()
    {
        _transaction!.Commit();
        _transaction.Dispose();
        _transaction = null;
    }

    /// <inheritdoc />
    public void Dispose() => _db.Dispose();
}
