using MicroDb.Concurrency;

namespace SQLite;

/// <summary>
/// The connection under a <see cref="SQLiteAsyncConnection"/>: a <see cref="SQLiteConnection"/> with a lock that every
/// asynchronous call takes for the whole of its work, so calls on one database run one at a time and a transaction
/// opened by <see cref="SQLiteAsyncConnection.RunInTransactionAsync"/> never takes in another call's statements.
/// Code that uses it directly (from <see cref="SQLiteAsyncConnection.GetConnection"/>) takes the same lock with
/// <c>using (conn.Lock()) { ... }</c>. The lock and the queue of asynchronous calls are MicroDb's: the writer turn of a
/// single-connection <see cref="MicroDbPool"/> over this connection.
/// </summary>
[Preserve(AllMembers = true)]
public class SQLiteConnectionWithLock : SQLiteConnection
{
    // MicroDb's async path: a single-connection pool whose writer is this connection's MicroDbConnection. Its writer
    // turn (one SemaphoreSlim, shared by synchronous and asynchronous callers, served in call order) is the lock.
    private readonly MicroDbPool _pool;

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
        // sqlite-net's lock waits as long as it takes; the pool's default 30 s acquire timeout would be a new failure.
        _pool = new MicroDbPool(MicroDbConnection, new MicroDbPoolOptions(MicroDbConnection.Options)
        {
            ReaderCount = 0,
            AcquireTimeout = Timeout.InfiniteTimeSpan,
        });
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

        _pool.AcquireWriter(CancellationToken.None);
        Volatile.Write(ref _ownerThread, Environment.CurrentManagedThreadId);
        return new Holder(this);
    }

    /// <summary>
    /// Takes this caller's turn on the lock now and runs <paramref name="work"/> on a thread-pool thread when it comes
    /// (<see cref="MicroDbPool"/>'s writer turn), completing with its result or its exception. From a thread that already
    /// holds the lock it runs at once, on that thread.
    /// </summary>
    /// <param name="work">The work, given this connection.</param>
    /// <param name="whenClosed">What to do instead when the connection was closed before the turn came (null: fail).</param>
    internal Task<T> RunAsync<T>(Func<SQLiteConnectionWithLock, T> work, Func<Task<T>> whenClosed = null)
    {
        if (IsHeldByCurrentThread)
        {
            return RunInline(work);
        }

        return _pool.WriteInTurnAsync(new Turn<T>(this, work, whenClosed), static (_, turn, _) => turn.Run(), CancellationToken.None).Unwrap();
    }

    /// <summary>Closes the connection once no call is running on it; calls waiting for it then see it closed.</summary>
    /// <param name="disposing">True from <see cref="SQLiteConnection.Dispose()"/> or <see cref="SQLiteConnection.Close"/>.</param>
    protected override void Dispose(bool disposing)
    {
        if (!disposing || _pool is null || IsHeldByCurrentThread)
        {
            _closed = true;
            base.Dispose(disposing);
            return;
        }

        // Wait for the running call, if any, so the database is never closed under a statement. The pool itself is
        // not disposed: its only resource is this connection, and its turn stays usable so that calls queued behind the
        // close find the connection closed and move to the one opened in its place.
        _pool.AcquireWriter(CancellationToken.None);
        try
        {
            _closed = true;
            base.Dispose(disposing);
        }
        finally
        {
            _pool.ReleaseWriter();
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
        _pool.ReleaseWriter();
    }

    /// <summary>One queued call, run by the pool in its turn: the work, or the move to the reopened connection.</summary>
    private sealed class Turn<T>(SQLiteConnectionWithLock connection, Func<SQLiteConnectionWithLock, T> work, Func<Task<T>> whenClosed)
    {
        public Task<T> Run()
        {
            if (connection._closed)
            {
                // Queued on the reopened connection while this turn is still held, so calls keep their order.
                return whenClosed?.Invoke()
                    ?? Task.FromException<T>(new ObjectDisposedException(nameof(SQLiteConnection), "The connection was closed before this call ran."));
            }

            Volatile.Write(ref connection._ownerThread, Environment.CurrentManagedThreadId);
            try
            {
                return connection.RunInline(work);
            }
            finally
            {
                Volatile.Write(ref connection._ownerThread, 0);
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
