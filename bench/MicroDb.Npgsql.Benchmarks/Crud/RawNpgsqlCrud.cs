using MicroDb.Npgsql.Benchmarks.Models;
using Npgsql;

namespace MicroDb.Npgsql.Benchmarks.Crud;

/// <summary>
/// The best hand-written Npgsql for study 001's per-call CRUD: one open connection, one prepared command per statement
/// kept for the run, its <see cref="NpgsqlParameter{T}"/>s reused (a new value is set through <c>TypedValue</c>, so
/// nothing is boxed), rows read with typed getters.
/// </summary>
public sealed class RawNpgsqlCrud : IDisposable
{
    private readonly NpgsqlConnection _connection;
    private readonly NpgsqlCommand _insert;
    private readonly NpgsqlParameter<string> _insertText = new() { NpgsqlDbType = NpgsqlTypes.NpgsqlDbType.Varchar };
    private readonly NpgsqlCommand _find;
    private readonly NpgsqlParameter<long> _findId = new();
    private readonly NpgsqlCommand _update;
    private readonly NpgsqlParameter<string> _updateText = new() { NpgsqlDbType = NpgsqlTypes.NpgsqlDbType.Varchar };
    private readonly NpgsqlParameter<long> _updateId = new();
    private readonly NpgsqlCommand _delete;
    private readonly NpgsqlParameter<long> _deleteId = new();

    /// <summary>Opens a connection and prepares the four statements.</summary>
    /// <param name="source">The server.</param>
    public RawNpgsqlCrud(NpgsqlDataSource source)
    {
        _connection = source.OpenConnection();
        _insert = Prepared("INSERT INTO pg_test (\"TextData\") VALUES ($1) RETURNING \"Id\"", _insertText);
        _find = Prepared("SELECT \"Id\", \"TextData\" FROM pg_test WHERE \"Id\" = $1", _findId);
        _update = Prepared("UPDATE pg_test SET \"TextData\" = $1 WHERE \"Id\" = $2", _updateText, _updateId);
        _delete = Prepared("DELETE FROM pg_test WHERE \"Id\" = $1", _deleteId);
    }

    /// <summary>Inserts the row and writes its new key back, as an ORM's Insert does.</summary>
    /// <param name="row">The row.</param>
    /// <returns>Rows inserted.</returns>
    public int Insert(PgTestRow row)
    {
        _insertText.TypedValue = row.TextData;
        using var reader = _insert.ExecuteReader();
        reader.Read();
        row.Id = reader.GetInt64(0);
        return 1;
    }

    /// <summary>The row with key <paramref name="id"/>, or null.</summary>
    /// <param name="id">The key.</param>
    /// <returns>The row.</returns>
    public PgTestRow? Find(long id)
    {
        _findId.TypedValue = id;
        using var reader = _find.ExecuteReader();
        return reader.Read() ? new PgTestRow { Id = reader.GetInt64(0), TextData = reader.IsDBNull(1) ? null : reader.GetString(1) } : null;
    }

    /// <summary>Updates the row's text by key.</summary>
    /// <param name="row">The row.</param>
    /// <returns>Rows changed.</returns>
    public int Update(PgTestRow row)
    {
        _updateText.TypedValue = row.TextData;
        _updateId.TypedValue = row.Id;
        return _update.ExecuteNonQuery();
    }

    /// <summary>Deletes the row by key.</summary>
    /// <param name="row">The row.</param>
    /// <returns>Rows deleted.</returns>
    public int Delete(PgTestRow row)
    {
        _deleteId.TypedValue = row.Id;
        return _delete.ExecuteNonQuery();
    }

    /// <inheritdoc />
    public void Dispose()
    {
        _insert.Dispose();
        _find.Dispose();
        _update.Dispose();
        _delete.Dispose();
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
