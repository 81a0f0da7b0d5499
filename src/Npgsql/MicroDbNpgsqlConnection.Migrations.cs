using System.Globalization;
using MicroDb.Mapping;
using MicroDb.Migrations;
using Npgsql;

namespace MicroDb.Npgsql;

// Versioned migrations on PostgreSQL (docs/postgresql.md, "Migrations"): Core's rules (MigrationHistory), PostgreSQL's
// transactional DDL, and a transaction-level advisory lock so two processes never both run a step.
public sealed partial class MicroDbNpgsqlConnection
{
    private static readonly string History = PostgresDialect.Quote(MicroDbMigrations.HistoryTable);

    /// <summary>
    /// Runs the steps of <paramref name="migrations"/> this database has not applied, in order, each in its own
    /// transaction together with the row that records it in <see cref="MicroDbMigrations.HistoryTable"/>: a step and
    /// its record commit together or not at all. Before each step the run takes a transaction-level advisory lock and
    /// reads the history again, so a step another connection or process applied meanwhile is skipped. Call it at every
    /// start-up: an up-to-date database costs one read.
    /// </summary>
    /// <param name="migrations">The steps.</param>
    /// <returns>The names of the steps this call applied, in order.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="migrations"/> is null.</exception>
    /// <exception cref="InvalidOperationException">A transaction is open: each step runs in a transaction of its own.</exception>
    /// <exception cref="MicroDbMigrationException">
    /// The recorded history differs from the list (<see cref="MicroDbMigrationError.HistoryMismatch"/>) or has steps it
    /// does not know (<see cref="MicroDbMigrationError.UnknownAppliedSteps"/>); or a step failed
    /// (<see cref="MicroDbMigrationError.StepFailed"/>, the cause inside) or asked for something that does not exist or
    /// ended its transaction (<see cref="MicroDbMigrationError.InvalidStep"/>). The failing step was rolled back; the
    /// steps before it stay applied.
    /// </exception>
    /// <exception cref="MicroDbException">Another run held the migration lock longer than <see cref="NpgsqlMigrations.LockTimeout"/> (SQLSTATE 55P03).</exception>
    public IReadOnlyList<string> Migrate(NpgsqlMigrations migrations) => MigrateCore(migrations, false, default).GetAwaiter().GetResult();

    /// <summary>
    /// Runs the pending steps of <paramref name="migrations"/>, as <see cref="Migrate(NpgsqlMigrations)"/> does, with
    /// the runner's statements sent asynchronously (the steps themselves are synchronous).
    /// </summary>
    /// <param name="migrations">The steps.</param>
    /// <param name="cancellationToken">Cancels the run between and inside the runner's statements; a step in progress is rolled back.</param>
    /// <returns>The names of the steps this call applied, in order.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="migrations"/> is null.</exception>
    /// <exception cref="InvalidOperationException">A transaction is open.</exception>
    /// <exception cref="MicroDbMigrationException">The history does not match the list, or a step failed (rolled back).</exception>
    public Task<IReadOnlyList<string>> MigrateAsync(NpgsqlMigrations migrations, CancellationToken cancellationToken = default) =>
        MigrateCore(migrations, true, cancellationToken).AsTask();

    private async ValueTask<IReadOnlyList<string>> MigrateCore(NpgsqlMigrations migrations, bool async, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(migrations);
        ThrowIfDisposed();
        if (_transaction is not null || _transactionLost)
        {
            throw new InvalidOperationException("Migrate cannot run inside a transaction: each step runs in a transaction of its own.");
        }

        var steps = migrations.Steps.ToArray();
        var names = Array.ConvertAll(steps, s => s.Name);

        // Outside the lock first: a database that is up to date (the usual case) costs one read.
        if (MigrationHistory.Check(await ReadHistory(async, cancellationToken).ConfigureAwait(false), names, migrations.AllowUnknownAppliedSteps) >= names.Length)
        {
            return [];
        }

        var applied = new List<string>();
        var lockTimeout = ((long)Math.Ceiling(migrations.LockTimeout.TotalMilliseconds)).ToString(CultureInfo.InvariantCulture);
        while (true)
        {
            string? ran = null;
            await RunInTransactionCore(
                async () =>
                {
                    // One round trip: wait for the migration lock (at most LockTimeout; the step's own lock waits keep the
                    // session's setting), then make sure the history table exists, created under the lock.
                    await ExecuteCore(
                        $"SET LOCAL lock_timeout = {lockTimeout}; SELECT pg_advisory_xact_lock(hashtext('{MicroDbMigrations.HistoryTable}')); " +
                        $"SET LOCAL lock_timeout TO DEFAULT; CREATE TABLE IF NOT EXISTS {History} (id integer PRIMARY KEY, name text NOT NULL UNIQUE, applied_at timestamptz NOT NULL)",
                        null,
                        async,
                        cancellationToken).ConfigureAwait(false);

                    // Inside the lock: another connection may have applied steps since the first read.
                    var done = MigrationHistory.Check(await ReadHistory(async, cancellationToken).ConfigureAwait(false), names, migrations.AllowUnknownAppliedSteps);
                    if (done >= names.Length)
                    {
                        return;
                    }

                    var (name, run) = steps[done];
                    RunStep(name, run);
                    await ExecuteCore($"INSERT INTO {History} (id, name, applied_at) VALUES ($1, $2, now())", [done + 1, name], async, cancellationToken)
                        .ConfigureAwait(false);
                    ran = name;
                },
                async,
                cancellationToken).ConfigureAwait(false);

            if (ran is null)
            {
                return applied;
            }

            applied.Add(ran);
        }
    }

    private void RunStep(string name, Action<NpgsqlMigrationContext> run)
    {
        var transaction = _transaction;
        try
        {
            run(new NpgsqlMigrationContext(this, name));
        }
        catch (MicroDbMigrationException e) when (e.StepName is not null)
        {
            throw;
        }
        catch (Exception e) when (e is not OperationCanceledException)
        {
            throw new MicroDbMigrationException($"Migration step '{name}' failed and was rolled back: {e.Message}", MicroDbMigrationError.StepFailed, name, e);
        }

        if (!ReferenceEquals(_transaction, transaction))
        {
            throw new MicroDbMigrationException(
                $"Migration step '{name}' ended the migration's transaction (it committed or rolled back); a step must not. Use RunInTransaction (a savepoint) inside a step.",
                MicroDbMigrationError.InvalidStep,
                name);
        }
    }

    // The recorded step names in order; empty when the history table does not exist.
    private async ValueTask<List<string>> ReadHistory(bool async, CancellationToken cancellationToken)
    {
        await EnsureOpen(async, cancellationToken).ConfigureAwait(false);
        var names = new List<string>();
        using var command = Command($"SELECT name FROM {History} ORDER BY id");
        try
        {
            await using var reader = async
                ? await command.ExecuteReaderAsync(cancellationToken).ConfigureAwait(false)
                : command.ExecuteReader();
            while (async ? await reader.ReadAsync(cancellationToken).ConfigureAwait(false) : reader.Read())
            {
                names.Add(reader.GetString(0));
            }
        }
        catch (PostgresException e) when (e.SqlState == PostgresErrorCodes.UndefinedTable && _transaction is null)
        {
            // No step was ever applied (outside a transaction, the failed read leaves nothing to roll back).
            return names;
        }
        catch (NpgsqlException e)
        {
            throw Failure(e, command.CommandText);
        }

        return names;
    }
}
