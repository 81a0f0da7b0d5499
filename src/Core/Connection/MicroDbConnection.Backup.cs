namespace MicroDb;

// Online backup (sqlite3_backup, in steps) and VACUUM INTO. See docs in README, "Backup".
public sealed partial class MicroDbConnection
{
    /// <summary>
    /// Copies this database to the file at <paramref name="destinationPath"/> (created, or overwritten) with SQLite's
    /// online backup, <see cref="BackupOptions.PagesPerStep"/> pages at a time: between steps the connection is free for
    /// other calls. The copy is a consistent snapshot; a write made meanwhile through this connection is copied too, one
    /// made through another connection makes SQLite start over (after 8 restarts the
    /// rest is copied in one step).
    /// </summary>
    /// <param name="destinationPath">The destination file.</param>
    /// <param name="options">Step size, pause, progress and source schema; null for the defaults.</param>
    /// <param name="cancellationToken">Checked between steps; a cancelled copy leaves no file it created.</param>
    /// <exception cref="ArgumentException">The destination is empty, not a file path, or the source database itself.</exception>
    /// <exception cref="MicroDbBackupException">The destination's directory does not exist, it stayed locked past the busy timeout, or SQLite failed the copy.</exception>
    /// <exception cref="InvalidOperationException">The calling thread has a transaction open on this connection.</exception>
    public void Backup(string destinationPath, BackupOptions? options = null, CancellationToken cancellationToken = default)
    {
        options ??= BackupOptions.Default;
        options.Validate();
        ThrowIfTransactionOwner();
        cancellationToken.ThrowIfCancellationRequested();
        using var run = BackupRun.ToFile(this, destinationPath, options);
        Run(run, cancellationToken);
    }

    /// <summary>
    /// Copies this database into <paramref name="destination"/>'s main database, replacing its content, in steps as
    /// <see cref="Backup(string, BackupOptions?, CancellationToken)"/> does. Use it to load a file into an in-memory
    /// database or to save one to disk.
    /// </summary>
    /// <param name="destination">Another open, writable connection with no transaction open.</param>
    /// <param name="options">Step size, pause, progress and source schema; null for the defaults.</param>
    /// <param name="cancellationToken">Checked between steps; a cancelled copy leaves the destination as it was.</param>
    /// <exception cref="ArgumentException">The destination is this database, or read-only.</exception>
    /// <exception cref="MicroDbBackupException">The destination stayed locked past the busy timeout, or SQLite failed the copy.</exception>
    /// <exception cref="InvalidOperationException">A transaction is open on the destination, or the calling thread has one open on this connection.</exception>
    public void Backup(MicroDbConnection destination, BackupOptions? options = null, CancellationToken cancellationToken = default)
    {
        options ??= BackupOptions.Default;
        options.Validate();
        ThrowIfTransactionOwner();
        cancellationToken.ThrowIfCancellationRequested();
        using var run = BackupRun.ToConnection(this, destination, options);
        Run(run, cancellationToken);
    }

    /// <summary>
    /// Writes a compacted copy of the main database to a new file with <c>VACUUM INTO</c>: one statement, one read
    /// transaction (writers on other connections are not blocked in WAL mode), free pages left out.
    /// </summary>
    /// <param name="destinationPath">The new file; it must not exist yet, or be empty.</param>
    /// <exception cref="ArgumentException">The destination is empty, not a file path, or the source database itself.</exception>
    /// <exception cref="MicroDbBackupException">The directory does not exist, the file already exists, or SQLite failed the copy.</exception>
    public void VacuumInto(string destinationPath)
    {
        var fullPath = CheckVacuumDestination(destinationPath);
        var existed = File.Exists(fullPath);
        try
        {
            _runner.Execute("VACUUM INTO ?", StatementArguments.Positional([destinationPath]), cached: false);
        }
        catch (MicroDbException e) when (e is not MicroDbBackupException)
        {
            BackupPaths.DeleteCreated(fullPath, !existed);
            throw new MicroDbBackupException($"VACUUM INTO '{destinationPath}' failed: {e.Message}", destinationPath, e.ResultCode, e.ExtendedResultCode);
        }
    }

    /// <summary>The checks of <see cref="VacuumInto"/>, shared with the pool (which runs the statement on a reader).</summary>
    internal string CheckVacuumDestination(string destinationPath)
    {
        var fullPath = BackupPaths.CheckDestinationFile(this, destinationPath, "main");
        if (File.Exists(fullPath) && new FileInfo(fullPath).Length > 0)
        {
            throw new MicroDbBackupException($"VACUUM INTO '{destinationPath}' refused: the file already exists (VACUUM INTO never overwrites; use Backup, or delete the file first).", destinationPath, SQLitePCL.raw.SQLITE_CANTOPEN, SQLitePCL.raw.SQLITE_CANTOPEN);
        }

        return fullPath;
    }

    /// <summary>Steps a backup to the end, yielding or sleeping between steps.</summary>
    internal static void Run(BackupRun run, CancellationToken cancellationToken)
    {
        while (!run.Step())
        {
            cancellationToken.ThrowIfCancellationRequested();
            var pause = run.Pause;
            if (pause > TimeSpan.Zero)
            {
                cancellationToken.WaitHandle.WaitOne(pause);
            }
            else
            {
                Thread.Yield();
            }
        }

        run.Complete();
    }

    /// <summary>Steps a backup to the end without blocking a thread between steps.</summary>
    internal static async Task RunAsync(BackupRun run, CancellationToken cancellationToken)
    {
        while (!run.Step())
        {
            cancellationToken.ThrowIfCancellationRequested();
            var pause = run.Pause;
            if (pause > TimeSpan.Zero)
            {
                await Task.Delay(pause, cancellationToken).ConfigureAwait(false);
            }
            else
            {
                await Task.Yield();
            }
        }

        run.Complete();
    }

    private void ThrowIfTransactionOwner()
    {
        lock (_gate)
        {
            ThrowIfDisposed();
            if (_transactionDepth > 0)
            {
                // The gate is reentrant: reaching here with a transaction open means this thread (or, unpinned, its caller) owns it.
                throw new InvalidOperationException("Backup cannot run inside a transaction on the source connection: SQLite cannot copy a database with uncommitted changes. Commit or roll back first.");
            }
        }
    }
}
