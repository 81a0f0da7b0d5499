using MicroDb;
using SQLitePCL;

namespace SQLite;

// Transactions and savepoints with sqlite-net's rules: Commit and Rollback without a transaction do nothing, a second
// BeginTransaction throws, savepoints nest.
public partial class SQLiteConnection
{
    /// <summary>Whether a transaction is open.</summary>
    public bool IsInTransaction => _db.IsInTransaction;

    /// <summary>Begins a transaction.</summary>
    /// <exception cref="InvalidOperationException">A transaction is already open (use <see cref="SaveTransactionPoint"/> to nest).</exception>
    public void BeginTransaction()
    {
        if (_db.IsInTransaction)
        {
            throw new InvalidOperationException("Cannot begin a transaction while already in a transaction.");
        }

        TraceStatement("begin transaction");
        Transaction(_db.BeginTransaction);
    }

    /// <summary>Commits the open transaction; does nothing when none is open.</summary>
    public void Commit()
    {
        if (!_db.IsInTransaction)
        {
            return;
        }

        EndTransaction("commit", _db.Commit, endsTransaction: true);
    }

    /// <summary>Rolls back the open transaction; does nothing when none is open.</summary>
    public void Rollback()
    {
        try
        {
            TraceStatement("rollback");
        }
        finally
        {
            // A tracer that throws must not leave the transaction open.
            Transaction(_db.Rollback);
        }
    }

    /// <summary>Opens a savepoint (beginning a transaction if none is open).</summary>
    /// <returns>Its name, for <see cref="Release"/> or <see cref="RollbackTo"/>.</returns>
    public string SaveTransactionPoint()
    {
        try
        {
            var name = _db.SaveTransactionPoint();
            TraceStatement("savepoint " + name);
            return name;
        }
        catch (MicroDbException e)
        {
            throw Translate(e);
        }
    }

    /// <summary>Keeps the work since <paramref name="savepoint"/> and closes it; releasing the outermost one commits.</summary>
    /// <param name="savepoint">A name from <see cref="SaveTransactionPoint"/>.</param>
    /// <exception cref="ArgumentException">The name is not an open savepoint.</exception>
    public void Release(string savepoint)
    {
        // Releasing the outermost savepoint commits; a stale or foreign name is refused here as MicroDb refuses it.
        int depth;
        try
        {
            depth = _db.SavepointDepth(savepoint);
        }
        catch (MicroDbException e)
        {
            throw Translate(e);
        }

        EndTransaction("release " + savepoint, () => _db.Release(savepoint), endsTransaction: depth == 1);
    }

    /// <summary>
    /// Undoes the work since <paramref name="savepoint"/> (a null or empty name rolls back the whole transaction). Unlike
    /// sqlite-net, the savepoint is also closed, so a later <see cref="Commit"/> or <see cref="Release"/> ends the right one.
    /// </summary>
    /// <param name="savepoint">A name from <see cref="SaveTransactionPoint"/>, or null.</param>
    /// <exception cref="ArgumentException">The name is not an open savepoint.</exception>
    public void RollbackTo(string savepoint)
    {
        if (string.IsNullOrEmpty(savepoint))
        {
            Rollback();
            return;
        }

        TraceStatement("rollback to " + savepoint);
        Transaction(() => _db.RollbackTo(savepoint));
    }

    /// <summary>Runs <paramref name="action"/> in a savepoint: kept when it returns, undone (and rethrown) when it throws.</summary>
    /// <param name="action">The work.</param>
    public void RunInTransaction(Action action)
    {
        ArgumentNullException.ThrowIfNull(action);
        try
        {
            _db.RunInTransaction(action);
        }
        catch (MicroDbException e) when (Translate(e) is var translated && !ReferenceEquals(translated, e))
        {
            throw translated;
        }
    }

    /// <summary>
    /// Copies the database to <paramref name="destinationDatabasePath"/> with SQLite's online backup (MicroDb's
    /// <see cref="MicroDbConnection.Backup(string, BackupOptions?, CancellationToken)"/>: in steps, so other threads'
    /// calls on this connection run between them).
    /// </summary>
    /// <param name="destinationDatabasePath">The destination file (created or overwritten).</param>
    /// <param name="databaseName">The schema to copy (<c>main</c>, <c>temp</c> or an attached database's name), written to the destination's main database.</param>
    /// <exception cref="SQLiteException">
    /// The destination cannot be opened (<see cref="SQLite3.Result.CannotOpen"/>), is this database itself, is locked, or a
    /// transaction is open on this connection (<see cref="SQLite3.Result.Busy"/>, as sqlite-net), or the copy failed.
    /// </exception>
    public void Backup(string destinationDatabasePath, string databaseName = "main")
    {
        ArgumentNullException.ThrowIfNull(destinationDatabasePath);
        ArgumentNullException.ThrowIfNull(databaseName);
        try
        {
            _db.Backup(destinationDatabasePath, new BackupOptions { SourceDatabase = databaseName });
        }
        catch (MicroDbException e)
        {
            throw Translate(e);
        }
        catch (ArgumentException e) when (e.Data.Contains(BackupPaths.DestinationIsSourceKey))
        {
            // sqlite-net reports a backup onto its own file as the lock it runs into; the message says what is wrong.
            throw SQLiteException.Wrap(SQLite3.Result.Busy, e.Message, e);
        }
        catch (InvalidOperationException e)
        {
            // As above: sqlite-net's backup inside a transaction fails with "database is locked".
            throw SQLiteException.Wrap(SQLite3.Result.Busy, e.Message, e);
        }
    }

    /// <summary>Allows or forbids loading SQLite extensions on this connection.</summary>
    /// <param name="enabled">Whether extensions may be loaded.</param>
    public void EnableLoadExtension(bool enabled) => Check(Handle, raw.sqlite3_enable_load_extension(Handle, enabled ? 1 : 0));

    /// <summary>Switches the database to write-ahead logging (a persistent property of the file).</summary>
    public void EnableWriteAheadLogging() => ExecuteScalar<string>("PRAGMA journal_mode=WAL");

    /// <summary>Changes the encryption key (SQLCipher builds only; plain SQLite ignores the pragma, as with sqlite-net).</summary>
    /// <param name="key">The new key.</param>
    public void ReKey(string key)
    {
        ArgumentNullException.ThrowIfNull(key);
        ExecuteScalar<string>("pragma rekey = '" + key.Replace("'", "''", StringComparison.Ordinal) + "'");
    }

    /// <summary>Changes the encryption key to raw bytes (SQLCipher builds only).</summary>
    /// <param name="key">The new key: 32 or 48 bytes.</param>
    /// <exception cref="ArgumentException">The key is not 32 or 48 bytes long.</exception>
    public void ReKey(byte[] key)
    {
        ArgumentNullException.ThrowIfNull(key);
        CheckKeyLength(key);
        ExecuteScalar<string>("pragma rekey = \"x'" + Convert.ToHexString(key) + "'\"");
    }

    /// <summary>
    /// Traces and runs a statement that may end the transaction (COMMIT, RELEASE). When it ends the transaction and fails
    /// (the statement, or the tracer before it), the transaction is rolled back, as sqlite-net's <c>Commit</c> does,
    /// and that ROLLBACK is traced too: no transaction is left open behind a failed commit. The first error is rethrown;
    /// a tracer that throws again while the rollback is traced does not stop the rollback.
    /// </summary>
    private void EndTransaction(string sql, Action run, bool endsTransaction)
    {
        try
        {
            TraceStatement(sql);
        }
        catch when (endsTransaction)
        {
            // The statement never ran; the caller sees the commit fail, so nothing may stay open.
            RollbackAfterFailedCommit();
            throw;
        }

        try
        {
            run();
        }
        catch (MicroDbException e)
        {
            if (endsTransaction && !_db.IsInTransaction)
            {
                // MicroDb rolled the failed commit back (it leaves no transaction open); say so in the trace.
                TraceQuietly("rollback");
            }

            throw Translate(e);
        }
    }

    private void RollbackAfterFailedCommit()
    {
        TraceQuietly("rollback");
        _db.Rollback();
    }

    private void TraceQuietly(string sql)
    {
        try
        {
            TraceStatement(sql);
        }
        catch
        {
            // The error being reported is the first one; a failing trace hook must not stop the recovery.
        }
    }

    private static void Check(sqlite3 db, int rc)
    {
        if (rc != raw.SQLITE_OK && rc != raw.SQLITE_DONE)
        {
            var message = db is null || db.IsInvalid ? raw.sqlite3_errstr(rc).utf8_to_string() : raw.sqlite3_errmsg(db).utf8_to_string();
            throw SQLiteException.New((SQLite3.Result)(rc & 0xFF), message);
        }
    }

    private static void Transaction(Action action)
    {
        try
        {
            action();
        }
        catch (MicroDbException e)
        {
            throw Translate(e);
        }
    }
}
