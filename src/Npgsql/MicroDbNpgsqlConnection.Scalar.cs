using System.Data;
using Npgsql;

namespace MicroDb.Npgsql;

/// <summary>Scalar queries (study 004's ExecuteScalar shape).</summary>
public sealed partial class MicroDbNpgsqlConnection
{
    private static readonly int[] FirstColumn = [0];

    /// <summary>
    /// Runs <paramref name="sql"/> with positional <c>$n</c> parameters and returns the first column of the first row,
    /// read as a member of type <typeparamref name="T"/> is read (<see cref="NpgsqlDataReader.GetFieldValue{T}"/> in the
    /// column's stored type, unsigned and other widened kinds converted back; no value boxed).
    /// </summary>
    /// <typeparam name="T">The result's type.</typeparam>
    /// <param name="sql">The query.</param>
    /// <param name="args">The arguments of <c>$1..$n</c>.</param>
    /// <returns>The value; default when the query returns no row or NULL.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="sql"/> is null.</exception>
    /// <exception cref="InvalidCastException">The column's PostgreSQL type cannot be read as <typeparamref name="T"/> (Npgsql's message names both).</exception>
    /// <exception cref="MicroDbException">The server refused the query (the message has the SQLSTATE and the SQL).</exception>
    public T? ExecuteScalar<T>(string sql, params object?[] args) => ScalarCore<T>(sql, args, false, default).GetAwaiter().GetResult();

    /// <summary>Runs <paramref name="sql"/> (positional <c>$n</c> parameters) and returns the first column of the first row as <typeparamref name="T"/>.</summary>
    /// <typeparam name="T">The result's type.</typeparam>
    /// <param name="sql">The query.</param>
    /// <param name="args">The arguments of <c>$1..$n</c>.</param>
    /// <param name="cancellationToken">Cancels the query.</param>
    /// <returns>The value; default when the query returns no row or NULL.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="sql"/> is null.</exception>
    /// <exception cref="InvalidCastException">The column's type cannot be read as <typeparamref name="T"/>.</exception>
    /// <exception cref="MicroDbException">The server refused the query.</exception>
    public Task<T?> ExecuteScalarAsync<T>(string sql, object?[] args, CancellationToken cancellationToken = default) =>
        ScalarCore<T>(sql, args, true, cancellationToken).AsTask();

    private async ValueTask<T?> ScalarCore<T>(string sql, object?[]? args, bool async, CancellationToken cancellationToken)
    {
        await EnsureOpen(async, cancellationToken).ConfigureAwait(false);
        ArgumentNullException.ThrowIfNull(sql);
        using var command = Command(sql, args);
        try
        {
            await using var reader = async
                ? await command.ExecuteReaderAsync(CommandBehavior.SingleRow, cancellationToken).ConfigureAwait(false)
                : command.ExecuteReader(CommandBehavior.SingleRow);
            if (!(async ? await reader.ReadAsync(cancellationToken).ConfigureAwait(false) : reader.Read()) || reader.FieldCount == 0)
            {
                return default;
            }

            return new TypedRowReader(reader, FirstColumn).Read<T>(0);
        }
        catch (Exception e) when (FailsTransaction(e, sql))
        {
            throw;
        }
        catch (NpgsqlException e)
        {
            throw Failure(e, sql);
        }
    }
}
