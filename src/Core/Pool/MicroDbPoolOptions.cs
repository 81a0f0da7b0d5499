namespace MicroDb.Concurrency;

/// <summary>How a <see cref="MicroDbPool"/> opens its connections and hands them out.</summary>
public sealed class MicroDbPoolOptions
{
    private int _readerCount = DefaultReaderCount;
    private TimeSpan _acquireTimeout = TimeSpan.FromSeconds(30);

    /// <summary>Pool options for the database described by <paramref name="connection"/>.</summary>
    /// <param name="connection">The options every pooled connection is opened with (readers additionally read-only).</param>
    public MicroDbPoolOptions(MicroDbOptions connection)
    {
        ArgumentNullException.ThrowIfNull(connection);
        Connection = connection;
    }

    /// <summary>Pool options for the database file at <paramref name="databasePath"/> with the default preset.</summary>
    /// <param name="databasePath">A file path, or <c>:memory:</c> (then the pool has one connection; see <see cref="MicroDbPool.IsSingleConnection"/>).</param>
    public MicroDbPoolOptions(string databasePath)
        : this(new MicroDbOptions(databasePath))
    {
    }

    /// <summary>
    /// The default <see cref="ReaderCount"/>: the processor count, at least 2 and at most 8. More readers than cores only adds
    /// contention (study 000: one connection per thread wins while threads do not outnumber cores).
    /// </summary>
    public static int DefaultReaderCount => Math.Clamp(Environment.ProcessorCount, 2, 8);

    /// <summary>The connection options (path, preset, mapping...). A journal mode left unset is WAL in a pool.</summary>
    public MicroDbOptions Connection { get; }

    /// <summary>A name for messages (timeouts); default the database path.</summary>
    public string? Name { get; set; }

    /// <summary>
    /// How many read-only connections serve reads in parallel; opened on first need. 0 sends reads through the writer.
    /// Default <see cref="DefaultReaderCount"/>.
    /// </summary>
    /// <exception cref="ArgumentOutOfRangeException">Negative, or more than 64.</exception>
    public int ReaderCount
    {
        get => _readerCount;
        set
        {
            ArgumentOutOfRangeException.ThrowIfNegative(value);
            ArgumentOutOfRangeException.ThrowIfGreaterThan(value, 64);
            _readerCount = value;
        }
    }

    /// <summary>
    /// How long a call waits for a free connection before failing with a <see cref="TimeoutException"/> that names the pool.
    /// <see cref="TimeSpan.Zero"/> fails at once when none is free; <see cref="Timeout.InfiniteTimeSpan"/> waits forever. Default 30 seconds.
    /// </summary>
    /// <exception cref="ArgumentOutOfRangeException">Negative (other than infinite).</exception>
    public TimeSpan AcquireTimeout
    {
        get => _acquireTimeout;
        set
        {
            if (value < TimeSpan.Zero && value != Timeout.InfiniteTimeSpan)
            {
                throw new ArgumentOutOfRangeException(nameof(value), value, "AcquireTimeout must be zero or positive, or Timeout.InfiniteTimeSpan.");
            }

            _acquireTimeout = value;
        }
    }
}
