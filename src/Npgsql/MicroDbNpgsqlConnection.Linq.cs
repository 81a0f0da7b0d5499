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

    // Ordinals 0, 1, 2 ...: a SELECT of every column in table order reads column i at field i (TypedRowReader indexes by column).
    private static int[] _identityOrdinals = [];

    /// <summary>
    /// Runs a translated SELECT and reads its rows through <paramref name="map"/> (columns it does not select get their
    /// default). With <paramref name="prepare"/> (a text from the query text cache, so one of a bounded set) the statement is prepared.
    /// </summary>
    internal async ValueTask<List<T>> RunQuery<T>(EntityMap<T> map, string sql, List<NpgsqlParameter> parameters, bool async, CancellationToken cancellationToken, bool prepare = false)
    {
        await EnsureOpen(async, cancellationToken).ConfigureAwait(false);
        var command = await LinqCommand(sql, parameters, prepare, async, cancellationToken).ConfigureAwait(false);
        List<T> rows;
        try
        {
            rows = await ReadRows(map, command, async, cancellationToken).ConfigureAwait(false);
        }
        catch
        {
            command.Dispose();
            throw;
        }

        Release(command, prepare);
        return rows;
    }

    /// <summary>
    /// Runs a translated SELECT of every column in table order (capped to one row) and reads its first row, without a list
    /// or a lookup of the columns by name.
    /// </summary>
    internal async ValueTask<(bool Found, T? Row)> RunFirst<T>(EntityMap<T> map, string sql, List<NpgsqlParameter> parameters, bool prepare, bool async, CancellationToken cancellationToken)
    {
        await EnsureOpen(async, cancellationToken).ConfigureAwait(false);
        var command = await LinqCommand(sql, parameters, prepare, async, cancellationToken).ConfigureAwait(false);
        (bool, T?) result;
        try
        {
            await using var reader = async
                ? await command.ExecuteReaderAsync(cancellationToken).ConfigureAwait(false)
                : command.ExecuteReader();
            if (!(async ? await reader.ReadAsync(cancellationToken).ConfigureAwait(false) : reader.Read()))
            {
                result = (false, default);
            }
            else
            {
                var row = new TypedRowReader(reader, IdentityOrdinals(map.Table.Columns.Count));
                result = (true, ((ITypedColumns<T>)map).ReadColumns(ref row));
            }
        }
        catch (Exception e) when (FailsTransaction(e, sql))
        {
            throw;
        }
        catch (NpgsqlException e)
        {
            command.Dispose();
            throw Failure(e, sql);
        }

        Release(command, prepare);
        return result;
    }

    // A prepared LINQ text's commands, kept for the next run of the same text (found by the string's reference: the query
    // text cache gives the same object). A command is taken out while it runs, so a nested run gets its own.
    private readonly NpgsqlCommand?[] _linqCommands = new NpgsqlCommand?[4];
    private int _linqNext;

    private async ValueTask<NpgsqlCommand> LinqCommand(string sql, List<NpgsqlParameter> parameters, bool prepare, bool async, CancellationToken cancellationToken)
    {
        NpgsqlCommand? command = null;
        if (prepare)
        {
            for (var i = 0; i < _linqCommands.Length; i++)
            {
                if (_linqCommands[i] is { } kept && ReferenceEquals(kept.CommandText, sql))
                {
                    _linqCommands[i] = null;
                    kept.Transaction = _transaction;
                    command = kept;
                    break;
                }
            }
        }

        command ??= Command(sql);
        foreach (var parameter in parameters)
        {
            command.Parameters.Add(parameter);
        }

        if (prepare)
        {
            try
            {
                await CommandPreparation.Prepare(command, async, cancellationToken).ConfigureAwait(false);
            }
            catch (Exception e) when (FailsTransaction(e, sql))
            {
                throw;
            }
            catch (NpgsqlException e)
            {
                await command.DisposeAsync().ConfigureAwait(false);
                throw Failure(e, sql);
            }
        }

        return command;
    }

    /// <summary>Keeps a prepared text's command for the next run (its parameters dropped); any other is disposed.</summary>
    private void Release(NpgsqlCommand command, bool prepared)
    {
        if (!prepared || _disposed)
        {
            command.Dispose();
            return;
        }

        command.Parameters.Clear();
        var slot = _linqNext++ & (_linqCommands.Length - 1);
        _linqCommands[slot]?.Dispose();
        _linqCommands[slot] = command;
    }

    private static int[] IdentityOrdinals(int count)
    {
        var ordinals = Volatile.Read(ref _identityOrdinals);
        if (ordinals.Length < count)
        {
            ordinals = new int[Math.Max(count, 64)];
            for (var i = 0; i < ordinals.Length; i++)
            {
                ordinals[i] = i;
            }

            Volatile.Write(ref _identityOrdinals, ordinals);
        }

        return ordinals;
    }

    /// <summary>Runs a translated SELECT and reads each row with <paramref name="read"/> (a join's rows).</summary>
    internal async ValueTask<List<TRow>> RunRows<TRow>(string sql, List<NpgsqlParameter> parameters, Func<NpgsqlDataReader, TRow> read, bool async, CancellationToken cancellationToken)
    {
        await EnsureOpen(async, cancellationToken).ConfigureAwait(false);
        using var command = await LinqCommand(sql, parameters, prepare: false, async, cancellationToken).ConfigureAwait(false);
        var rows = new List<TRow>();
        try
        {
            await using var reader = async
                ? await command.ExecuteReaderAsync(cancellationToken).ConfigureAwait(false)
                : command.ExecuteReader();
            while (async ? await reader.ReadAsync(cancellationToken).ConfigureAwait(false) : reader.Read())
            {
                rows.Add(read(reader));
            }
        }
        catch (Exception e) when (FailsTransaction(e, sql))
        {
            throw;
        }
        catch (NpgsqlException e)
        {
            throw Failure(e, sql);
        }

        return rows;
    }

    /// <summary>Runs a translated UPDATE or DELETE and returns the number of rows it changed.</summary>
    internal async ValueTask<int> RunLinqNonQuery(string sql, List<NpgsqlParameter> parameters, bool async, CancellationToken cancellationToken)
    {
        await EnsureOpen(async, cancellationToken).ConfigureAwait(false);
        using var command = await LinqCommand(sql, parameters, prepare: false, async, cancellationToken).ConfigureAwait(false);
        return await RunNonQuery(command, async, cancellationToken).ConfigureAwait(false);
    }

    /// <summary>Runs a translated SELECT of one value (count, EXISTS).</summary>
    internal async ValueTask<TValue> RunScalar<TValue>(string sql, List<NpgsqlParameter> parameters, bool async, CancellationToken cancellationToken)
    {
        await EnsureOpen(async, cancellationToken).ConfigureAwait(false);
        using var command = await LinqCommand(sql, parameters, prepare: false, async, cancellationToken).ConfigureAwait(false);
        try
        {
            await using var reader = async
                ? await command.ExecuteReaderAsync(cancellationToken).ConfigureAwait(false)
                : command.ExecuteReader();
            var read = async ? await reader.ReadAsync(cancellationToken).ConfigureAwait(false) : reader.Read();
            return read ? reader.GetFieldValue<TValue>(0) : default!;
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
