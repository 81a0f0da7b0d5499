namespace MicroDb;

// Backups run on a reader connection of the pool, so writes continue during the copy.
public sealed partial class MicroDbAsyncConnection
{
    /// <summary>Copies the database to a file with SQLite's online backup, in steps, from a reader connection (see <see cref="Concurrency.MicroDbPool.BackupAsync"/>).</summary>
    /// <param name="destinationPath">The destination file (created, or overwritten).</param>
    /// <param name="options">Step size, pause, progress and source schema; null for the defaults.</param>
    /// <param name="cancellationToken">Cancels the wait for a reader, and the copy between steps (a cancelled copy leaves no file it created).</param>
    /// <returns>A task that completes when the copy is written.</returns>
    /// <exception cref="ArgumentException">The destination is empty, not a file path, or the database itself.</exception>
    /// <exception cref="MicroDbBackupException">The destination's directory does not exist, it stayed locked past the busy timeout, or SQLite failed the copy.</exception>
    public Task BackupAsync(string destinationPath, BackupOptions? options = null, CancellationToken cancellationToken = default) =>
        _pool.BackupAsync(destinationPath, options, cancellationToken);

    /// <summary>Writes a compacted copy of the database to a new file with <c>VACUUM INTO</c>, on a reader connection.</summary>
    /// <param name="destinationPath">The new file; it must not exist yet, or be empty.</param>
    /// <param name="cancellationToken">Cancels the wait for a reader, or interrupts the running statement.</param>
    /// <returns>A task that completes when the copy is written.</returns>
    /// <exception cref="ArgumentException">The destination is empty, not a file path, or the database itself.</exception>
    /// <exception cref="MicroDbBackupException">The directory does not exist, the file already exists, or SQLite failed the copy.</exception>
    public ValueTask VacuumIntoAsync(string destinationPath, CancellationToken cancellationToken = default) =>
        _pool.VacuumIntoAsync(destinationPath, cancellationToken);
}
