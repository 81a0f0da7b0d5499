namespace MicroDb;

// Versioned migrations run on the writer (docs/migrations.md).
public sealed partial class MicroDbAsyncConnection
{
    /// <summary>Runs the pending steps of <paramref name="migrations"/>; see <see cref="MicroDbConnection.Migrate(MicroDbMigrations)"/>.</summary>
    /// <param name="migrations">The app's ordered list of steps.</param>
    /// <param name="cancellationToken">Cancels the wait for the writer, or interrupts the running statement (the step then rolls back).</param>
    /// <returns>The names of the steps this call applied.</returns>
    /// <exception cref="MicroDbMigrationException">The history does not match the list, or a step failed (it was rolled back).</exception>
    public ValueTask<IReadOnlyList<string>> MigrateAsync(MicroDbMigrations migrations, CancellationToken cancellationToken = default)
    {
        ArgumentNullException.ThrowIfNull(migrations);
        return _pool.MigrateAsync(migrations, cancellationToken);
    }
}
