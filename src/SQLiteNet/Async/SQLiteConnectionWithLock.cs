namespace SQLite;

/// <summary>
/// The connection under a <see cref="SQLiteAsyncConnection"/>: a <see cref="SQLiteConnection"/> with a lock that every
/// asynchronous call takes for the whole of its work, so calls on one database run one at a time and a transaction
/// opened by <see cref="SQLiteAsyncConnection.RunInTransactionAsync"/> never takes in another call's statements.
/// Code that uses it directly (from <see cref="SQLiteAsyncConnection.GetConnection"/>) takes the same lock with
/// <c>using (conn.Lock()) { ... }</c>.
/// </summary>
[Preserve(AllMembers = true)]
public class SQLiteConnectionWithLock : SQLiteConnection
{
    // A semaphore rather than a monitor: asynchronous callers wait for it without holding a thread, and its waiters
    // are served in the order they called, so calls started one after another run in that order.
    private readonly SemaphoreSlim _gate = new(1, 1);

    // The thread running work under the lock (0 when none): a call from that thread while it holds the lock (an async
    // call waited on inside RunInTransactionAsync's action, a nested Lock()) runs at once instead of deadlocking.
    private int _ownerThread;
    private volatile bool _closed;

    /// <summary>Opens the database <paramref name="connectionString"/> describes.</summary>
    /// <param name="connectionString">The path, flags, key and value formats.</param>
    /// <exception cref="SQLiteException">The file cannot be opened, or is not a database.</exception>
    public SQLiteConnectionWithLock(SQLiteConnectionString connectionString)
        : base(connectionString)
    {
        // The lock gives one caller the connection at a time; MicroDb's own pinning of a transaction to the thread that
        // opened it would block the next caller, which sqlite-net lets into a transaction begun through GetConnection().
        MicroDbConnection.PinTransactionsToThread = false;
    }

    /// <summary>
    /// When true, <see cref="Lock"/> takes no lock (as in sqlite-net). The asynchronous API of
    /// <see cref="SQLiteAsyncConnection"/> serializes its own calls either way.
    /// </summary>
    public bool SkipLock { get; set; }

    /// <summary>Whether this connection has been closed.</summary>
    internal bool IsClosed => _closed;

    /// <summary>Whether the calling thread is running work under this connection's lock.</summary>
    internal bool IsHeldByCurrentThread => Volatile.Read(ref _ownerThread) == Environment.CurrentManagedThreadId;

    /// <summary>Takes the connection's lock until the returned object is disposed (on the same thread).</summary>
    /// <returns>The lock holder: dispose it to release the lock.</returns>
    public IDisposable Lock()
    {
        if (SkipLock || IsHeldByCurrentThread)
        {
            return NoLock.Instance;
        }

        _gate.Wait();
        Volatile.Write(ref _ownerThread, Environment.CurrentManagedThreadId);
        return new Holder(this);
    }

    /// <summary>
    /// Runs <paramref name="work"/> on a thread-pool thread once this caller's turn for the lock comes, and completes with
    /// its result or its exception. From a thread that already holds the lock it runs at once, on that thread.
    /// </summary>
    /// <param name="work">The work, given this connection.</param>
    /// <param name="whenClosed">What to do instead when the connection was closed before the turn came (null: fail).</param>
    internal Task<T> RunAsync<T>(Func<SQLiteConnectionWithLock, T> work, Func<Task<T>> whenClosed = null)
    {
        if (IsHeldByCurrentThread)
        {
            return RunInline(work);
        }

        // WaitAsync is called now, so the turn is taken in call order; the work itself always runs on the thread pool
        // (never on the caller's thread, which may be a UI thread), as in sqlite-net.
        return _gate.WaitAsync().ContinueWith(
            static (_, state) => ((Turn<T>)state).Run(),
            new Turn<T>(this, work, whenClosed),
            CancellationToken.None,
            TaskContinuationOptions.DenyChildAttach,
            TaskScheduler.Default).Unwrap();
    }

    /// <summary>Closes the connection once no call is running on it; calls waiting for it then see it closed.</summary>
    /// <param name="disposing">True from <see cref="SQLiteConnection.Dispose()"/> or <see cref="SQLiteConnection.Close"/>.</param>
    protected override void Dispose(bool disposing)
    {
        if (!disposing || IsHeldByCurrentThread)
        {
            _closed = true;
            base.Dispose(disposing);
            return;
        }

        // Wait for the running call, if any, so the database is never closed under a statement.
        _gate.Wait();
        try
        {
            _closed = true;
            base.Dispose(disposing);
        }
        finally
        {
            _gate.Release();
        }
    }

    private Task<T> RunInline<T>(Func<SQLiteConnectionWithLock, T> work)
    {
        try
        {
            return Task.FromResult(work(this));
        }
        catch (Exception e)
        {
            return Task.FromException<T>(e);
        }
    }

    private void Exit()
    {
        Volatile.Write(ref _ownerThread, 0);
        _gate.Release();
    }

    /// <summary>One queued call: runs when the lock has been entered for it, then leaves the lock.</summary>
    private sealed class Turn<T>(SQLiteConnectionWithLock connection, Func<SQLiteConnectionWithLock, T> work, Func<Task<T>> whenClosed)
    {
        public Task<T> Run()
        {
            if (connection._closed)
            {
                // Queue on the reopened connection before letting the next waiter go, so calls keep their order.
                var next = whenClosed?.Invoke();
                connection._gate.Release();
                return next ?? Task.FromException<T>(new ObjectDisposedException(nameof(SQLiteConnection), "The connection was closed before this call ran."));
            }

            Volatile.Write(ref connection._ownerThread, Environment.CurrentManagedThreadId);
            try
            {
                return connection.RunInline(work);
            }
            finally
            {
                connection.Exit();
            }
        }
    }

    private sealed class Holder(SQLiteConnectionWithLock connection) : IDisposable
    {
        private int _released;

        public void Dispose()
        {
            if (Interlocked.Exchange(ref _released, 1) == 0)
            {
                connection.Exit();
            }
        }
    }

    private sealed class NoLock : IDisposable
    {
        public static readonly NoLock Instance = new();

        public void Dispose()
        {
        }
    }
}
