using System.Globalization;

namespace MicroDb;

// Transactions and savepoints with sqlite-net's semantics: BeginTransaction/Commit/Rollback for one flat
// transaction, SaveTransactionPoint/Release/RollbackTo for nesting, RunInTransaction built on savepoints.
//
// Thread ownership: the thread that opens a transaction (or outermost savepoint) keeps the connection's gate
// entered until the transaction ends, so another thread's statements block instead of landing inside (and being
// rolled back with) someone else's transaction. The gate is a reentrant System.Threading.Lock: the owner enters it
// once more when depth goes 0 -> 1 and exits that extra hold when depth returns to 0 (commit, rollback, final release,
// or Dispose). Connections owned by a MicroDbPool turn this off: the pool's lease already gives one caller the
// connection, and an async transaction may resume on another thread, where a thread-affine hold would break.
public sealed partial class MicroDbConnection
{
    private int _transactionDepth;
    private bool _holdsGateForTransaction;

    /// <summary>True while a transaction or savepoint is open.</summary>
    public bool IsInTransaction => _transactionDepth > 0;

    /// <summary>
    /// True (default) when an open transaction pins the connection to the thread that opened it. A pool clears it for
    /// its own connections, whose exclusivity comes from the pool's lease.
    /// </summary>
    internal bool PinTransactionsToThread { get; set; } = true;

    /// <summary>
    /// For a reader of a <see cref="MicroDb.Concurrency.MicroDbPool"/>, the pool's writer: the connection the async connection's table queries
    /// are made on, so a sub-query written on <c>MicroDbAsyncConnection.Table&lt;T&gt;()</c> runs on this reader too.
    /// </summary>
    internal MicroDbConnection? PoolWriter { get; set; }

    /// <summary>Changes the depth, taking the owner's extra hold on the gate when a transaction starts and dropping it when it ends. Call with the gate held.</summary>
    private void SetTransactionDepth(int depth)
    {
        var wasOpen = _transactionDepth > 0;
        _transactionDepth = depth;
        if (!wasOpen && depth > 0 && PinTransactionsToThread)
        {
            // Already inside lock (_gate): this only raises the recursion count, it never blocks.
            _gate.Enter();
            _holdsGateForTransaction = true;
        }
        else if (wasOpen && depth == 0 && _holdsGateForTransaction)
        {
            _holdsGateForTransaction = false;
            _gate.Exit();
        }
    }

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
            SetTransactionDepth(1);
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
                SetTransactionDepth(0);
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

            try
            {
                // After some errors (SQLITE_FULL, IOERR, NOMEM) SQLite has already rolled the whole transaction back;
                // a ROLLBACK then fails with "no transaction is active" and would hide the original error in a catch block.
                if (SQLitePCL.raw.sqlite3_get_autocommit(Handle) == 0)
                {
                    ExecuteNonQuery("ROLLBACK");
                }
            }
            finally
            {
                SetTransactionDepth(0);
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
            SetTransactionDepth(depth);
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
                SetTransactionDepth(depth - 1);
            }
            catch (MicroDbException error) when (depth == 1 && error.ResultCode != SQLitePCL.raw.SQLITE_ERROR)
            {
                // The outermost release is a commit; if it fails, undo everything so the connection is usable.
                // SQLITE_ERROR ("no such savepoint": a stale name) is misuse, not a failed commit: the transaction stays open.
                TryRollback();
                SetTransactionDepth(0);
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
            SetTransactionDepth(depth - 1);
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
                        SetTransactionDepth(0);
                    }
                }

                throw;
            }

            Release(savepoint);
        }
    }

    /// <summary>The nesting depth <paramref name="savepoint"/> was opened at (1 is the outermost), validated as <see cref="Release"/> does.</summary>
    internal int SavepointDepth(string savepoint, bool validate = true)
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
