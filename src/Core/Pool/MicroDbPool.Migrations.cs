namespace MicroDb.Concurrency;

// Versioned migrations on the writer (docs/migrations.md).
public sealed partial class MicroDbPool
{
    /// <summary>Runs the pending steps of <paramref name="migrations"/> on the writer; see <see cref="MicroDbConnection.Migrate(MicroDbMigrations)"/>.</summary>
    /// <param name="migrations">The app's ordered list of steps.</param>
    /// <param name="cancellationToken">Cancels the wait for the writer, or interrupts the running statement (the step then rolls back).</param>
    /// <returns>The names of the steps this call applied.</returns>
    /// <exception cref="MicroDbMigrationException">The history does not match the list, or a step failed (it was rolled back).</exception>
    public IReadOnlyList<string> Migrate(MicroDbMigrations migrations, CancellationToken cancellationToken = default)
    {
        ArgumentNullException.ThrowIfNull(migrations);
        return WriteCore(migrations, static (c, m) => c.Migrate(m), cancellationToken);
    }

    /// <summary>Runs the pending steps of <paramref name="migrations"/> on the writer without blocking while it waits for it.</summary>
    /// <param name="migrations">The app's ordered list of steps.</param>
    /// <param name="cancellationToken">Cancels the wait for the writer, or interrupts the running statement (the step then rolls back).</param>
    /// <returns>The names of the steps this call applied.</returns>
    /// <exception cref="MicroDbMigrationException">The history does not match the list, or a step failed (it was rolled back).</exception>
    public ValueTask<IReadOnlyList<string>> MigrateAsync(MicroDbMigrations migrations, CancellationToken cancellationToken = default)
    {
        ArgumentNullException.ThrowIfNull(migrations);
        return WriteAsync(migrations, static (c, m, _) => c.Migrate(m), cancellationToken);
    }
}
