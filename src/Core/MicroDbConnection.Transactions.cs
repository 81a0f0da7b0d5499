using System.Globalization;

namespace MicroDb;

// Transactions and savepoints with sqlite-net's semantics: BeginTransaction/Commit/Rollback for one flat
// transaction, SaveTransactionPoint/Release/RollbackTo for nesting, RunInTransaction built on savepoints.
public sealed partial class MicroDbConnection
{
    private int _transactionDepth;

    /// <summary>True while a transaction or savepoint is open.</summary>
    public bool IsInTransaction => _transactionDepth > 0;

    /// <summary>Begins a transaction (BEGIN IMMEDIATE: the write lock is taken now, so the commit cannot fail with BUSY later).</summary>
    /// <exception cref="InvalidOperationException">A transaction is already open; use <see cref="SaveTransactionPoint"/> to nest.</exception>
    public void BeginTransaction()
    {
        lock (_gate)
        {
            ThrowIfDisposed();
            if (_transactionDepth > 0)
            {
                throw new InvalidOperationException("A transaction is already open on this connection; use SaveTransactionPoint or RunInTransaction to nest.");
            }

            ExecuteNonQuery(_options.ReadOnly ? "BEGIN" : "BEGIN IMMEDIATE");
            _transactionDepth = 1;
        }
    }

    /// <summary>Commits the open transaction, including every savepoint inside it.</summary>
    /// <exception cref="InvalidOperationException">No transaction is open.</exception>
    public void Commit()
    {
        lock (_gate)
        {
            ThrowIfDisposed();
            if (_transactionDepth == 0)
            {
                throw new InvalidOperationException("Commit was called but no transaction is open on this connection.");
            }

            try
            {
                ExecuteNonQuery("COMMIT");
            }
            catch
            {
                // A failed COMMIT leaves the transaction open; roll it back so the connection stays usable.
                TryRollback();
                throw;
            }
            finally
            {
                _transactionDepth = 0;
            }
        }
    }

    /// <summary>Rolls back the whole open transaction. Does nothing when none is open, so it is safe in a catch block.</summary>
    public void Rollback()
    {
        lock (_gate)
        {
            ThrowIfDisposed();
            if (_transactionDepth == 0)
            {
                return;
            }

            _transactionDepth = 0;

            // After some errors (SQLITE_FULL, IOERR, NOMEM) SQLite has already rolled the whole transaction back;
            // a ROLLBACK then fails with "no transaction is active" and would hide the original error in a catch block.
            if (SQLitePCL.raw.sqlite3_get_autocommit(Handle) == 0)
            {
                ExecuteNonQuery("ROLLBACK");
            }
        }
    }

    /// <summary>Opens a savepoint (starting a transaction if none is open) and returns its name for <see cref="Release"/> or <see cref="RollbackTo"/>.</summary>
    public string SaveTransactionPoint()
    {
        lock (_gate)
        {
            ThrowIfDisposed();
            var depth = _transactionDepth + 1;
            var name = "S" + Random.Shared.Next(1_000_000).ToString(CultureInfo.InvariantCulture) + "D" + depth.ToString(CultureInfo.InvariantCulture);
            ExecuteNonQuery("SAVEPOINT " + name);
            _transactionDepth = depth;
            return name;
        }
    }

    /// <summary>Releases (keeps the work of) a savepoint and every savepoint opened after it. Releasing the outermost one commits.</summary>
    /// <param name="savepoint">A name from <see cref="SaveTransactionPoint"/>.</param>
    /// <exception cref="ArgumentException">The name is not an open savepoint.</exception>
    public void Release(string savepoint)
    {
        lock (_gate)
        {
            var depth = SavepointDepth(savepoint);
            try
            {
                ExecuteNonQuery("RELEASE " + savepoint);
                _transactionDepth = depth - 1;
            }
            catch (MicroDbException error) when (depth == 1 && error.ResultCode != SQLitePCL.raw.SQLITE_ERROR)
            {
                // The outermost release is a commit; if it fails, undo everything so the connection is usable.
                // SQLITE_ERROR ("no such savepoint": a stale name) is misuse, not a failed commit: the transaction stays open.
                TryRollback();
                _transactionDepth = 0;
                throw;
            }
        }
    }

    /// <summary>Undoes everything since the savepoint and closes it (and every savepoint opened after it). Rolling back the outermost one ends the transaction with nothing written.</summary>
    /// <param name="savepoint">A name from <see cref="SaveTransactionPoint"/>.</param>
    /// <exception cref="ArgumentException">The name is not an open savepoint.</exception>
    public void RollbackTo(string savepoint)
    {
        lock (_gate)
        {
            var depth = SavepointDepth(savepoint);
            ExecuteNonQuery("ROLLBACK TO " + savepoint);
            ExecuteNonQuery("RELEASE " + savepoint);
            _transactionDepth = depth - 1;
        }
    }

    /// <summary>
    /// Runs <paramref name="action"/> inside a savepoint: its work is kept when it returns and undone when it throws
    /// (the exception is rethrown). Calls nest: an inner failure undoes only the inner work if the outer action catches it.
    /// </summary>
    /// <param name="action">The work.</param>
    public void RunInTransaction(Action action)
    {
        ArgumentNullException.ThrowIfNull(action);
        lock (_gate)
        {
            var savepoint = SaveTransactionPoint();
            try
            {
                action();
            }
            catch
            {
                if (_db is not null && _transactionDepth >= SavepointDepth(savepoint, validate: false))
                {
                    try
                    {
                        RollbackTo(savepoint);
                    }
                    catch (MicroDbException)
                    {
                        // SQLite already rolled the whole transaction back (e.g. after SQLITE_FULL); make that official.
                        TryRollback();
                        _transactionDepth = 0;
                    }
                }

                throw;
            }

            Release(savepoint);
        }
    }

    private int SavepointDepth(string savepoint, bool validate = true)
    {
        ThrowIfDisposed();
        ArgumentException.ThrowIfNullOrEmpty(savepoint);
        var at = savepoint.LastIndexOf('D');
        if (at <= 0 || !int.TryParse(savepoint.AsSpan(at + 1), NumberStyles.None, CultureInfo.InvariantCulture, out var depth) || depth < 1)
        {
            throw new ArgumentException($"'{savepoint}' is not a savepoint name returned by SaveTransactionPoint.", nameof(savepoint));
        }

        if (validate && depth > _transactionDepth)
        {
            throw new ArgumentException($"Savepoint '{savepoint}' is not open (it was released or rolled back, or belongs to another transaction).", nameof(savepoint));
        }

        return depth;
    }

    private void TryRollback()
    {
        try
        {
            if (_db is not null && SQLitePCL.raw.sqlite3_get_autocommit(_db) == 0)
            {
                ExecuteNonQuery("ROLLBACK");
            }
        }
        catch (MicroDbException)
        {
            // Nothing more can be done; the original error is the one that matters.
        }
    }
}
