using MicroDb.Migrations;

namespace MicroDb;

// Versioned migrations (src/Core/Migrations, docs/migrations.md).
public sealed partial class MicroDbConnection
{
    /// <summary>
    /// Runs the steps of <paramref name="migrations"/> this database has not applied yet, in order, each in its own
    /// transaction, and records them. Safe to call at every start-up, from several connections or processes at once:
    /// each step runs once.
    /// </summary>
    /// <param name="migrations">The app's ordered list of steps.</param>
    /// <returns>The names of the steps this call applied (empty when the database was up to date).</returns>
    /// <exception cref="MicroDbMigrationException">
    /// The recorded history does not match the list (<see cref="MicroDbMigrationError.UnknownAppliedSteps"/>,
    /// <see cref="MicroDbMigrationError.HistoryMismatch"/>), or a step failed; the failing step was rolled back.
    /// </exception>
    /// <exception cref="InvalidOperationException">A transaction is open on this connection.</exception>
    public IReadOnlyList<string> Migrate(MicroDbMigrations migrations) => MigrationRunner.Run(this, migrations);

    /// <summary>The names of the migration steps this database records as applied, in order (empty when none).</summary>
    public IReadOnlyList<string> GetAppliedMigrations()
    {
        lock (_gate)
        {
            return MigrationRunner.ReadHistory(this);
        }
    }
}
