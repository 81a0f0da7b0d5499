using MicroDb.Mapping;
using MicroDb.Npgsql.Benchmarks.Models;
using Npgsql;

namespace MicroDb.Npgsql.Benchmarks.Study003;

/// <summary>MicroDb.Npgsql: <c>Query&lt;PgBlock&gt;</c> for the lookups and the join, <c>Insert</c> (identity read back) for new blocks.</summary>
/// <param name="source">The server.</param>
/// <param name="mapping">Generated or reflection maps.</param>
public sealed class MicroDbBlockStore(NpgsqlDataSource source, MappingMode mapping) : IPgBlockStore
{
    private readonly MicroDbNpgsqlConnection _db = new(source, mapping);
    private readonly object?[] _pair = new object?[2];
    private readonly object?[] _one = new object?[1];

    /// <inheritdoc />
    public long Select(string hash, long size)
    {
        _pair[0] = hash;
        _pair[1] = size;
        var found = _db.Query<PgBlock>(PgBlockSql.Select, _pair);
        return found.Count > 0 ? found[0].Id : -1;
    }

    /// <inheritdoc />
    public long Insert(string hash, long size)
    {
        var block = new PgBlock { Hash = hash, Size = size };
        _db.Insert(block);
        return block.Id;
    }

    /// <inheritdoc />
    public int Join(long blocksetId)
    {
        _one[0] = blocksetId;
        return _db.Query<PgBlock>(PgBlockSql.Join, _one).Count;
    }

    /// <inheritdoc />
    public void Begin() => _db.BeginTransaction();

    /// <inheritdoc />
    public void Commit() => _db.Commit();

    /// <inheritdoc />
    public void Dispose() => _db.Dispose();
}
