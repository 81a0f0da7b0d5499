using MicroDb.Npgsql.Benchmarks.Models;
using Npgsql;

namespace MicroDb.Npgsql.Benchmarks.Study003;

/// <summary>Hand-written Npgsql: one connection, prepared commands kept for the run, <see cref="NpgsqlParameter{T}"/>s reused.</summary>
public sealed class RawNpgsqlBlockStore : IPgBlockStore
{
    private readonly NpgsqlConnection _connection;
    private readonly NpgsqlCommand _select;
    private readonly NpgsqlParameter<string> _selectHash = new();
    private readonly NpgsqlParameter<long> _selectSize = new();
    private readonly NpgsqlCommand _insert;
    private readonly NpgsqlParameter<string> _insertHash = new();
    private readonly NpgsqlParameter<long> _insertSize = new();
    private readonly NpgsqlCommand _join;
    private readonly NpgsqlParameter<long> _joinId = new();
    private NpgsqlTransaction? _transaction;

    /// <summary>Opens a connection and prepares the statements.</summary>
    /// <param name="source">The server.</param>
    public RawNpgsqlBlockStore(NpgsqlDataSource source)
    {
        _connection = source.OpenConnection();
        _select = Prepared(PgBlockSql.Select, _selectHash, _selectSize);
        _insert = Prepared(PgBlockSql.Insert, _insertHash, _insertSize);
        _join = Prepared(PgBlockSql.Join, _joinId);
    }

    /// <inheritdoc />
    public long Select(string hash, long size)
    {
        _selectHash.TypedValue = hash;
        _selectSize.TypedValue = size;
        using var reader = _select.ExecuteReader();
        return reader.Read() ? reader.GetInt64(0) : -1;
    }

    /// <inheritdoc />
    public long Insert(string hash, long size)
    {
        _insertHash.TypedValue = hash;
        _insertSize.TypedValue = size;
        using var reader = _insert.ExecuteReader();
        reader.Read();
        return reader.GetInt64(0);
    }

    /// <inheritdoc />
    public int Join(long blocksetId)
    {
        _joinId.TypedValue = blocksetId;
        using var reader = _join.ExecuteReader();
        var blocks = new List<PgBlock>();
        while (reader.Read())
        {
            blocks.Add(new PgBlock { Id = reader.GetInt64(0), Hash = reader.GetString(1), Size = reader.GetInt64(2) });
        }

        return blocks.Count;
    }

    /// <inheritdoc />
    public void Begin() => _transaction = _connection.BeginTransaction();

    /// <inheritdoc />
    public void Commit()
    {
        _transaction!.Commit();
        _transaction.Dispose();
        _transaction = null;
    }

    /// <inheritdoc />
    public void Dispose()
    {
        _select.Dispose();
        _insert.Dispose();
        _join.Dispose();
        _connection.Dispose();
    }

    private NpgsqlCommand Prepared(string sql, params NpgsqlParameter[] parameters)
    {
        var command = new NpgsqlCommand(sql, _connection);
        command.Parameters.AddRange(parameters);
        command.Prepare();
        return command;
    }
}
