namespace MicroDb.Concurrency;

// Online backup and VACUUM INTO from a reader connection, so the writer keeps writing during the copy.
public sealed partial class MicroDbPool
{
    /// <summary>
    /// Copies the database to the file at <paramref name="destinationPath"/> (created, or overwritten) from a reader
    /// connection, in steps. In WAL mode the reader holds one snapshot for the whole copy, so the backup is the database
    /// as last committed when it began, never restarts, and the writer is not blocked at any point.
    /// </summary>
    /// <param name="destinationPath">The destination file.</param>
    /// <param name="options">Step size, pause, progress and source schema; null for the defaults.</param>
    /// <param name="cancellationToken">Cancels the wait for a reader, and the copy between steps (a cancelled copy leaves no file it created).</param>
    /// <exception cref="ArgumentException">The destination is empty, not a file path, or the database itself.</exception>
    /// <exception cref="MicroDbBackupException">The destination's directory does not exist, it stayed locked past the busy timeout, or SQLite failed the copy.</exception>
    public void Backup(string destinationPath, BackupOptions? options = null, CancellationToken cancellationToken = default)
    {
        options ??= BackupOptions.Default;
        options.Validate();
        var reader = AcquireReader(cancellationToken);
        try
        {
            HoldSnapshot(reader);
            using var run = BackupRun.ToFile(reader, destinationPath, options);
            MicroDbConnection.Run(run, cancellationToken);
        }
        finally
        {
            // Ends the snapshot's read transaction.
            ReleaseReader(reader);
        }
    }

    /// <summary>Copies the database to a file from a reader connection; see <see cref="Backup"/>. Waits between steps without blocking a thread.</summary>
    /// <param name="destinationPath">The destination file.</param>
    /// <param name="options">Step size, pause, progress and source schema; null for the defaults.</param>
    /// <param name="cancellationToken">Cancels the wait for a reader, and the copy between steps.</param>
    /// <returns>A task that completes when the copy is written.</returns>
    public async Task BackupAsync(string destinationPath, BackupOptions? options = null, CancellationToken cancellationToken = default)
    {
        options ??= BackupOptions.Default;
        options.Validate();
        var reader = await AcquireReaderAsync(cancellationToken).ConfigureAwait(false);
        try
        {
            HoldSnapshot(reader);
            using var run = BackupRun.ToFile(reader, destinationPath, options);
            await MicroDbConnection.RunAsync(run, cancellationToken).ConfigureAwait(false);
        }
        finally
        {
            ReleaseReader(reader);
        }
    }

    /// <summary>Writes a compacted copy of the database to a new file with <c>VACUUM INTO</c> on a reader connection.</summary>
    /// <param name="destinationPath">The new file; it must not exist yet, or be empty.</param>
    /// <param name="cancellationToken">Cancels the wait for a reader, or interrupts the running statement (the partial file is removed).</param>
    /// <exception cref="ArgumentException">The destination is empty, not a file path, or the database itself.</exception>
    /// <exception cref="MicroDbBackupException">The directory does not exist, the file already exists, or SQLite failed the copy.</exception>
    public void VacuumInto(string destinationPath, CancellationToken cancellationToken = default)
    {
        var reader = AcquireReader(cancellationToken);
        try
        {
            RunRead(reader, destinationPath, VacuumIntoOn, cancellationToken);
        }
        finally
        {
            ReleaseReader(reader);
        }
    }

    /// <summary>Writes a compacted copy with <c>VACUUM INTO</c> on a reader connection; see <see cref="VacuumInto"/>.</summary>
    /// <param name="destinationPath">The new file; it must not exist yet, or be empty.</param>
    /// <param name="cancellationToken">Cancels the wait for a reader, or interrupts the running statement.</param>
    /// <returns>A task that completes when the copy is written.</returns>
    public async ValueTask VacuumIntoAsync(string destinationPath, CancellationToken cancellationToken = default) =>
        await ReadAsync(destinationPath, VacuumIntoOn, cancellationToken).ConfigureAwait(false);

    // An interrupted VACUUM INTO keeps SQLITE_INTERRUPT as its result code, so RunRead turns it into a cancellation.
    private static readonly Func<MicroDbConnection, string, CancellationToken, bool> VacuumIntoOn = static (c, path, _) =>
    {
        c.VacuumInto(path);
        return true;
    };

    /// <summary>In WAL mode, opens a read transaction on a reader so every backup step copies the same snapshot.</summary>
    private void HoldSnapshot(MicroDbConnection reader)
    {
        if (IsSingleConnection)
        {
            // The copy holds the only connection, so nothing else writes meanwhile.
            return;
        }

        if (!string.Equals(reader.ExecuteScalar<string>("PRAGMA journal_mode"), "wal", StringComparison.OrdinalIgnoreCase))
        {
            // Outside WAL a held read lock would block the writer for the whole copy; step without it (SQLite
            // restarts the copy when the writer commits between steps).
            return;
        }

        reader.BeginTransaction();
        reader.ExecuteScalar<long>("SELECT count(*) FROM sqlite_schema");
    }
}
