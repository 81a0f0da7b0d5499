namespace MicroDb.Concurrency;

/// <summary>
/// A set of connections to one database for concurrent use: reads run in parallel on up to
/// <see cref="MicroDbPoolOptions.ReaderCount"/> read-only connections, writes go one at a time through a single writer
/// connection (so callers in this process never see SQLITE_BUSY from each other), and a transaction keeps the writer for
/// its whole duration. The database uses WAL unless the options name another journal mode, so readers see the last
/// committed state while a write is in progress.
/// </summary>
/// <remarks>
/// An in-memory database (<c>:memory:</c>, or a <c>file:</c> URI with <c>mode=memory</c>) exists only inside one
/// connection, so such a pool has just the writer and every call takes turns on it (<see cref="IsSingleConnection"/>).
/// The connection passed to a callback belongs to the caller only until the callback returns; do not keep it, and do not
/// call back into the pool from inside a write callback (the writer is not reentrant: that waits for
/// <see cref="MicroDbPoolOptions.AcquireTimeout"/> and then throws).
/// </remarks>
public sealed partial class MicroDbPool : IDisposable, IAsyncDisposable
{
    private readonly MicroDbPoolOptions _options;
    private readonly MicroDbOptions? _readerOptions;
    private readonly MicroDbConnection _writer;
    private readonly SemaphoreSlim _writerGate = new(1, 1);
    private readonly SemaphoreSlim? _readerSlots;
    private readonly MicroDbConnection[] _idleReaders;
    private readonly Lock _idleGate = new();
    private int _idleCount;
    private readonly List<MicroDbConnection> _openedReaders = [];
    private int _disposed;

    /// <summary>Opens a pool on the database file at <paramref name="databasePath"/> with default options.</summary>
    /// <param name="databasePath">A file path, or <c>:memory:</c>.</param>
    public MicroDbPool(string databasePath)
        : this(new MicroDbPoolOptions(databasePath))
    {
    }

    /// <summary>Opens a pool: the writer connection now (creating the file and switching it to WAL), readers on first need.</summary>
    /// <param name="options">The pool options.</param>
    /// <exception cref="MicroDbException">The database cannot be opened.</exception>
    public MicroDbPool(MicroDbPoolOptions options)
    {
        ArgumentNullException.ThrowIfNull(options);
        _options = options;
        Name = options.Name ?? options.Connection.DatabasePath;
        IsSingleConnection = IsInMemory(options.Connection.DatabasePath) || options.ReaderCount == 0;
        _writer = new MicroDbConnection(WriterOptions(options.Connection)) { PinTransactionsToThread = false };
        _idleReaders = new MicroDbConnection[IsSingleConnection ? 0 : options.ReaderCount];
        if (!IsSingleConnection)
        {
            _readerOptions = ReaderOptions(options.Connection);
            _readerSlots = new SemaphoreSlim(options.ReaderCount, options.ReaderCount);
        }
    }

    /// <summary>
    /// A single-connection pool over <paramref name="writer"/>, a connection the caller opened and keeps owning (its open
    /// options are kept as they are: no journal mode switch). The compat package's shared connection per path runs on it.
    /// </summary>
    internal MicroDbPool(MicroDbConnection writer, MicroDbPoolOptions options)
    {
        ArgumentNullException.ThrowIfNull(writer);
        ArgumentNullException.ThrowIfNull(options);
        _options = options;
        Name = options.Name ?? options.Connection.DatabasePath;
        IsSingleConnection = true;
        _writer = writer;
        _idleReaders = [];
    }

    /// <summary>The pool's name, used in messages: <see cref="MicroDbPoolOptions.Name"/> or the database path.</summary>
    public string Name { get; }

    /// <summary>The options the pool was opened with.</summary>
    public MicroDbPoolOptions Options => _options;

    /// <summary>True when every call shares the writer connection (in-memory database, or <see cref="MicroDbPoolOptions.ReaderCount"/> 0).</summary>
    public bool IsSingleConnection { get; }

    /// <summary>A connection to build queries against (the writer; queries are rebound to the connection they run on).</summary>
    internal MicroDbConnection QueryTemplate => _writer;

    /// <summary>How many reader connections are open now (they open on first need, up to <see cref="MicroDbPoolOptions.ReaderCount"/>).</summary>
    public int OpenReaderCount
    {
        get
        {
            lock (_openedReaders)
            {
                return _openedReaders.Count;
            }
        }
    }

    /// <summary>Closes every connection. Calls still running finish first on their connection; later calls throw <see cref="ObjectDisposedException"/>.</summary>
    public void Dispose()
    {
        if (Interlocked.Exchange(ref _disposed, 1) == 1)
        {
            return;
        }

        // MicroDbConnection.Dispose takes the connection's own gate, so a call in progress on it completes first.
        _writer.Dispose();
        lock (_openedReaders)
        {
            foreach (var reader in _openedReaders)
            {
                reader.Dispose();
            }

            _openedReaders.Clear();
        }

        lock (_idleGate)
        {
            Array.Clear(_idleReaders);
            _idleCount = 0;
        }
    }

    /// <summary>Closes every connection (see <see cref="Dispose"/>).</summary>
    /// <returns>A completed task.</returns>
    public ValueTask DisposeAsync()
    {
        Dispose();
        return ValueTask.CompletedTask;
    }

    internal static bool IsInMemory(string path) =>
        path == ":memory:"
        || (path.StartsWith("file:", StringComparison.Ordinal)
            && (path.StartsWith("file::memory:", StringComparison.Ordinal) || path.Contains("mode=memory", StringComparison.Ordinal)));

    private static MicroDbOptions WriterOptions(MicroDbOptions source)
    {
        var copy = Copy(source, source.DatabasePath);
        copy.ReadOnly = source.ReadOnly;
        copy.CreateIfMissing = source.CreateIfMissing;

        // WAL is what lets readers run beside the writer; an explicit other mode is respected (readers then wait on the writer).
        copy.JournalMode = source.JournalMode ?? (IsInMemory(source.DatabasePath) ? null : JournalMode.Wal);
        return copy;
    }

    private static MicroDbOptions ReaderOptions(MicroDbOptions source)
    {
        // Read-only opens: a write through a reader fails loudly instead of racing the writer for the file lock.
        var copy = Copy(source, source.DatabasePath);
        copy.ReadOnly = true;
        copy.CreateIfMissing = false;
        copy.JournalMode = source.JournalMode;
        return copy;
    }

    private static MicroDbOptions Copy(MicroDbOptions source, string path) => new(path)
    {
        Preset = source.Preset,
        Synchronous = source.Synchronous,
        BusyTimeout = source.BusyTimeout,
        ForeignKeys = source.ForeignKeys,
        CacheSize = source.CacheSize,
        MmapSize = source.MmapSize,
        TempStore = source.TempStore,
        Mapping = source.Mapping,
        ReflectionProvider = source.ReflectionProvider,
        ThrowOnReflectionFallback = source.ThrowOnReflectionFallback,
        StatementCacheSize = source.StatementCacheSize,
        Storage = source.Storage,
        OnStatement = source.OnStatement,
        IncludeParameterValues = source.IncludeParameterValues,
    };
}
