using Npgsql;

namespace MicroDb.Npgsql;

// Ad-hoc SQL (Query, Execute, ExecuteScalar): a text used a second time runs as an explicitly prepared statement kept by
// this connection (docs/postgresql.md, "Prepared ad-hoc SQL"), with the invalidation rules of the prepared CRUD commands.
public sealed partial class MicroDbNpgsqlConnection
{
    private readonly AdHocStatements _adHoc = new();

    /// <summary>
    /// Runs <paramref name="body"/> over a command for <paramref name="sql"/> with <paramref name="args"/> bound: the text's
    /// kept prepared command when <see cref="AdHocStatements.Use"/> says so, else a one-off command. A kept statement the
    /// server forgot (26000, or 0A000 after a column changed type) is prepared again and run once more outside a
    /// transaction; any other error is thrown typed and the text is prepared afresh on its next run.
    /// </summary>
    private async ValueTask<TResult> RunAdHoc<TState, TResult>(
        string sql,
        object?[]? args,
        TState state,
        Func<NpgsqlCommand, TState, bool, CancellationToken, ValueTask<TResult>> body,
        bool async,
        CancellationToken cancellationToken)
    {
        await EnsureOpen(async, cancellationToken).ConfigureAwait(false);
        ArgumentNullException.ThrowIfNull(sql);
        var parameters = Arguments(args);
        var entry = _adHoc.Use(sql);
        for (var attempt = 0; ; attempt++)
        {
            var kept = entry is not null && !entry.Busy;
            NpgsqlCommand? command = null;
            try
            {
                if (kept)
                {
                    entry!.Busy = true;
                    command = await ReadyAdHoc(entry, parameters, async, cancellationToken).ConfigureAwait(false);
                }
                else
                {
                    command = new NpgsqlCommand(sql, _connection, _transaction);
                    command.Parameters.AddRange(parameters);
                }

                return await body(command, state, async, cancellationToken).ConfigureAwait(false);
            }
            catch (Exception e) when (FailsTransaction(e, sql))
            {
                throw;
            }
            catch (PostgresException e) when (kept && IsStale(e) && AdHocForgot(entry!, attempt))
            {
            }
            catch (NpgsqlException e)
            {
                if (kept)
                {
                    // Prepared again (a lookup when Npgsql still holds it) on the next run: a failed Parse leaves nothing on
                    // the server, and a statement that failed while running may have been dropped with an aborted transaction.
                    entry!.PreparedOn = 0;
                }

                throw Failure(e, sql);
            }
            finally
            {
                if (kept)
                {
                    entry!.Busy = false;
                    command?.Parameters.Clear();
                }
                else
                {
                    command?.Dispose();
                }
            }
        }
    }

    // The kept command of a text, with this call's parameters and transaction, prepared when it is not prepared on this
    // physical connection (backend process id), since the connection's last UnprepareAll, with these parameter types.
    private async ValueTask<NpgsqlCommand> ReadyAdHoc(AdHocStatement entry, NpgsqlParameter[] parameters, bool async, CancellationToken cancellationToken)
    {
        ClearForgottenStatements();
        if (entry.Command is null && _adHoc.Adopt(entry, _connection) is { } evicted)
        {
            await Unprepare(evicted, async).ConfigureAwait(false);
        }

        var command = entry.Command!;
        command.Transaction = _transaction;
        command.Parameters.Clear();
        command.Parameters.AddRange(parameters);
        var backend = _connection.ProcessID;
        if (backend != entry.PreparedOn || entry.Epoch != _prepareEpoch || !entry.SameTypes(parameters))
        {
            entry.PreparedOn = 0;
            await CommandPreparation.Prepare(command, async, cancellationToken).ConfigureAwait(false);
            entry.PreparedWith(parameters, backend, _prepareEpoch);
        }

        return command;
    }

    // An evicted text's statement is closed on the server (one round trip, outside the bound it would otherwise exceed).
    // When that fails (an aborted transaction, a broken connection), every statement is cleared before the next prepared run.
    private async ValueTask Unprepare(NpgsqlCommand command, bool async)
    {
        try
        {
            if (command.IsPrepared && command.Connection?.State == System.Data.ConnectionState.Open)
            {
                if (async)
                {
                    await command.UnprepareAsync(CancellationToken.None).ConfigureAwait(false);
                }
                else
                {
                    command.Unprepare();
                }
            }
        }
        catch (NpgsqlException)
        {
            _statementsForgotten = true;
        }
        finally
        {
            await command.DisposeAsync().ConfigureAwait(false);
        }
    }

    private bool AdHocForgot(AdHocStatement entry, int attempt)
    {
        entry.PreparedOn = 0;
        _statementsForgotten = true;
        return attempt == 0 && _transaction is null;
    }

    private static NpgsqlParameter[] Arguments(object?[]? args)
    {
        if (args is null || args.Length == 0)
        {
            return [];
        }

        var parameters = new NpgsqlParameter[args.Length];
        for (var i = 0; i < args.Length; i++)
        {
            parameters[i] = PostgresValues.Argument(args[i]);
        }

        return parameters;
    }
}
