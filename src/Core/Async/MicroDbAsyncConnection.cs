using MicroDb.Concurrency;
using MicroDb.Mapping;

namespace MicroDb;

/// <summary>
/// The asynchronous face of MicroDb: the API of <see cref="MicroDbConnection"/> with an <c>Async</c> suffix and a
/// <see cref="CancellationToken"/> on every call, over a <see cref="MicroDbPool"/> (reads in parallel on reader connections,
/// writes one at a time on the writer, a transaction keeps the writer until it ends).
/// </summary>
/// <remarks>
/// SQLite itself is synchronous. A call whose connection is free runs at once on the calling thread and returns a completed
/// <see cref="ValueTask{TResult}"/> (no allocation, no thread switch); a call that must wait for a connection waits without
/// blocking a thread and then runs on the thread pool thread that resumes it. Nothing is offloaded with <c>Task.Run</c>:
/// wrap a call in <c>Task.Run</c> yourself if a UI thread must never run SQLite. The token cancels waiting, is checked
/// between rows of a query, interrupts a running statement (sqlite3_interrupt), and makes a transaction roll back.
/// </remarks>
public sealed partial class MicroDbAsyncConnection : IAsyncDisposable, IDisposable
{
    private readonly MicroDbPool _pool;
    private readonly bool _ownsPool;

    /// <summary>Opens the database at <paramref name="databasePath"/> with the default preset and pool settings.</summary>
    /// <param name="databasePath">A file path, or <c>:memory:</c> (one shared connection; see <see cref="MicroDbPool"/>).</param>
    public MicroDbAsyncConnection(string databasePath)
        : this(new MicroDbPoolOptions(databasePath))
    {
    }

    /// <summary>Opens the database described by <paramref name="options"/> with default pool settings.</summary>
    /// <param name="options">The connection options.</param>
    public MicroDbAsyncConnection(MicroDbOptions options)
        : this(new MicroDbPoolOptions(options))
    {
    }

    /// <summary>Opens a pool with <paramref name="options"/>; the connection owns it and closes it on dispose.</summary>
    /// <param name="options">The pool options.</param>
    public MicroDbAsyncConnection(MicroDbPoolOptions options)
        : this(new MicroDbPool(options), ownsPool: true)
    {
    }

    /// <summary>Works over an existing pool, which the caller keeps owning (dispose does not close it).</summary>
    /// <param name="pool">The pool.</param>
    public MicroDbAsyncConnection(MicroDbPool pool)
        : this(pool, ownsPool: false)
    {
    }

    private MicroDbAsyncConnection(MicroDbPool pool, bool ownsPool)
    {
        ArgumentNullException.ThrowIfNull(pool);
        _pool = pool;
        _ownsPool = ownsPool;
    }

    /// <summary>The pool the calls run on; use it for work that needs a connection directly (<see cref="MicroDbPool.ReadAsync{TResult}"/>, <see cref="MicroDbPool.WriteAsync{TResult}"/>).</summary>
    public MicroDbPool Pool => _pool;

    /// <summary>The database file path.</summary>
    public string DatabasePath => _pool.Options.Connection.DatabasePath;

    /// <summary>The table metadata of <typeparamref name="T"/>'s map (no database access).</summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    public TableMapping GetMapping<T>() => _pool.Read(static c => c.GetMapping<T>());

    /// <summary>Closes the pool if this connection opened it.</summary>
    /// <returns>A completed task.</returns>
    public ValueTask CloseAsync() => DisposeAsync();

    /// <summary>Closes the pool if this connection opened it.</summary>
    /// <returns>A completed task.</returns>
    public ValueTask DisposeAsync()
    {
        Dispose();
        return ValueTask.CompletedTask;
    }

    /// <summary>Closes the pool if this connection opened it.</summary>
    public void Dispose()
    {
        if (_ownsPool)
        {
            _pool.Dispose();
        }
    }
}
