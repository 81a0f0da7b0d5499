using System.Diagnostics;
using System.Globalization;
using MicroDb.Mapping;

namespace MicroDb.Migrations;

/// <summary>
/// Runs a <see cref="MicroDbMigrations"/> list on one connection: checks the recorded history against the list, then
/// runs each pending step in its own BEGIN IMMEDIATE transaction, re-reading the history inside the write lock so two
/// connections or processes never both run a step.
/// </summary>
internal static class MigrationRunner
{
    private static readonly string Quoted = SqlBuilder.Quote(MicroDbMigrations.HistoryTable);

    public static IReadOnlyList<string> Run(MicroDbConnection db, MicroDbMigrations migrations)
    {
        ArgumentNullException.ThrowIfNull(migrations);
        var steps = migrations.Steps.ToArray();
        lock (db.Gate)
        {
            db.ThrowIfDisposed();
            if (db.IsInTransaction)
            {
                throw new InvalidOperationException("Migrate cannot run inside a transaction: each step runs in a transaction of its own.");
            }

            // Outside the write lock first: a database that is up to date (the usual case) costs one read.
            if (CheckHistory(ReadHistory(db), steps, migrations.AllowUnknownAppliedSteps) >= steps.Length)
            {
                return [];
            }

            var applied = new List<string>();

            // The twelve-step table rebuild needs foreign keys off, and PRAGMA foreign_keys is a no-op inside a
            // transaction: turn it off around the steps (unless a step asks for them); foreign_key_check runs before
            // every commit instead.
            var foreignKeys = db.ExecuteScalar<long>("PRAGMA foreign_keys") == 1;
            var enforcing = foreignKeys;
            try
            {
                while (true)
                {
                    var want = foreignKeys && Next(db, steps, migrations.AllowUnknownAppliedSteps) is { EnforceForeignKeys: true };
                    if (want != enforcing)
                    {
                        db.Execute(want ? "PRAGMA foreign_keys = ON" : "PRAGMA foreign_keys = OFF");
                        enforcing = want;
                    }

                    Begin(db, migrations.LockTimeout);
                    try
                    {
                        db.Execute($"CREATE TABLE IF NOT EXISTS {Quoted} (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE, applied_at TEXT NOT NULL)");

                        // Inside the write lock: another connection may have applied steps since the first read.
                        var done = CheckHistory(ReadHistory(db), steps, migrations.AllowUnknownAppliedSteps);
                        if (done >= steps.Length)
                        {
                            db.Rollback();
                            return applied;
                        }

                        var (name, run, enforce) = steps[done];
                        if (enforce != enforcing && foreignKeys)
                        {
                            // Another connection applied steps since the mode was chosen: choose again for this step.
                            db.Rollback();
                            continue;
                        }

                        RunStep(db, name, run);
                        CheckForeignKeys(db, name);
                        db.Execute(
                            $"INSERT INTO {Quoted} (id, name, applied_at) VALUES (?, ?, ?)",
                            done + 1,
                            name,
                            DateTime.UtcNow.ToString("yyyy-MM-dd'T'HH:mm:ss.fff'Z'", CultureInfo.InvariantCulture));
                        db.Commit();
                        applied.Add(name);
                    }
                    catch
                    {
                        db.Rollback();
                        throw;
                    }
                }
            }
            finally
            {
                if (foreignKeys != enforcing)
                {
                    db.Execute("PRAGMA foreign_keys = ON");
                }
            }
        }
    }

    /// <summary>The recorded step names in order; empty when the history table does not exist.</summary>
    public static List<string> ReadHistory(MicroDbConnection db) =>
        db.ExecuteScalar<long>("SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = ?", MicroDbMigrations.HistoryTable) == 0
            ? []
            : db.QueryScalars<string>($"SELECT name FROM {Quoted} ORDER BY id");

    /// <summary>The next step to run as the history stands now (read outside the write lock: a hint), or null.</summary>
    private static MicroDbMigrations.Step? Next(MicroDbConnection db, MicroDbMigrations.Step[] steps, bool allowUnknown)
    {
        var done = CheckHistory(ReadHistory(db), steps, allowUnknown);
        return done < steps.Length ? steps[done] : null;
    }

    /// <summary>Checks the history against the list (<see cref="MigrationHistory.Check"/>); returns how many steps are applied.</summary>
    private static int CheckHistory(List<string> history, MicroDbMigrations.Step[] steps, bool allowUnknown) =>
        MigrationHistory.Check(history, Array.ConvertAll(steps, s => s.Name), allowUnknown);

    private static void Begin(MicroDbConnection db, TimeSpan lockTimeout)
    {
        // BEGIN IMMEDIATE waits the connection's busy timeout; a step running in another process may take longer.
        var clock = Stopwatch.StartNew();
        while (true)
        {
            try
            {
                db.BeginTransaction();
                return;
            }
            catch (MicroDbException e) when (e.IsBusy && clock.Elapsed < lockTimeout)
            {
                Thread.Sleep(20);
            }
        }
    }

    private static void RunStep(MicroDbConnection db, string name, Action<MigrationContext> run)
    {
        try
        {
            run(new MigrationContext(db, name));
        }
        catch (MicroDbMigrationException e) when (e.StepName is not null)
        {
            throw;
        }
        catch (Exception e) when (e is not OperationCanceledException && e is not MicroDbException { ResultCode: SQLitePCL.raw.SQLITE_INTERRUPT })
        {
            // A cancelled pool or async call (an interrupt) stays what the pool turns into OperationCanceledException; the step is rolled back all the same.
            throw new MicroDbMigrationException($"Migration step '{name}' failed and was rolled back: {e.Message}", MicroDbMigrationError.StepFailed, name, e);
        }

        if (!db.IsInTransaction)
        {
            throw new MicroDbMigrationException(
                $"Migration step '{name}' ended the migration's transaction (it committed or rolled back); a step must not. Use RunInTransaction or savepoints inside a step.",
                MicroDbMigrationError.InvalidStep,
                name);
        }
    }

    private static void CheckForeignKeys(MicroDbConnection db, string name)
    {
        List<string> violations;
        try
        {
            violations = db.QueryScalars<string>("SELECT \"table\" || ' row ' || coalesce(rowid, 'NULL') || ' -> ' || parent FROM pragma_foreign_key_check LIMIT 5");
        }
        catch (MicroDbException e) when (e.ResultCode == SQLitePCL.raw.SQLITE_ERROR)
        {
            // "foreign key mismatch": a REFERENCES clause names a parent column or table the step removed.
            throw new MicroDbMigrationException(
                $"Migration step '{name}' was rolled back: PRAGMA foreign_key_check fails ({e.Message}); a foreign key names a parent key the step removed or changed.",
                MicroDbMigrationError.ForeignKeyViolation,
                name,
                e);
        }

        if (violations.Count > 0)
        {
            throw new MicroDbMigrationException(
                $"Migration step '{name}' was rolled back: PRAGMA foreign_key_check finds rows whose parent row is missing ({string.Join("; ", violations)}).",
                MicroDbMigrationError.ForeignKeyViolation,
                name);
        }
    }
}
