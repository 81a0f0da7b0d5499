using MicroDb.Mapping;
using Npgsql;

namespace MicroDb.Npgsql;

// LINQ (issue 24): Table<T>() and how its queries run (NpgsqlTableQuery, NpgsqlSelectQuery).
public sealed partial class MicroDbNpgsqlConnection
{
    /// <summary>
    /// A LINQ query over the table of <typeparamref name="T"/>: Where, OrderBy/ThenBy, Skip/Take, Select and the terminal
    /// operators, translated to one PostgreSQL statement with <c>$n</c> parameters (docs/postgresql.md, "LINQ").
    /// </summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    public NpgsqlTableQuery<T> Table<T>() => new(this, MapOf<T>());

    /// <summary>Runs a translated SELECT and reads its rows through <paramref name="map"/> (columns it does not select get their default).</summary>
    internal async ValueTask<List<T>> RunQuery<T>(EntityMap<T> map, string sql, List<NpgsqlParameter> parameters, bool async, CancellationToken cancellationToken)
    {
        await EnsureOpen(async, cancellationToken).ConfigureAwait(false);
        using var command = Command(sql);
        command.Parameters.AddRange(parameters.ToArray());
        return await ReadRows(map, command, async, cancellationToken).ConfigureAwait(false);
    }

    /// <summary>Runs a translated SELECT of one value (count, EXISTS).</summary>
    internal async ValueTask<TValue> RunScalar<TValue>(string sql, List<NpgsqlParameter> parameters, bool async, CancellationToken cancellationToken)
    {
        await EnsureOpen(async, cancellationToken).ConfigureAwait(false);
        using var command = Command(sql);
        command.Parameters.AddRange(parameters.ToArray());
        try
        {
            await using var reader = async
                ? await command.ExecuteReaderAsync(cancellationToken).ConfigureAwait(false)
                : command.ExecuteReader();
            var read = async ? await reader.ReadAsync(cancellationToken).ConfigureAwait(false) : reader.Read();
            return read ? reader.GetFieldValue<TValue>(0) : default!;
        }
        catch (NpgsqlException e)
        {
            throw Failure(e, sql);
        }
    }
}
