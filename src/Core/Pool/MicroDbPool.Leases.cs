using System.Globalization;

namespace MicroDb.Concurrency;

// Taking and giving back connections. The fast paths (a connection is free now) complete synchronously and allocate
// nothing; only a caller that has to wait goes through SemaphoreSlim.WaitAsync, which does not block a thread.
public sealed partial class MicroDbPool
{
    internal MicroDbConnection AcquireWriter(CancellationToken cancellationToken)
    {
        ThrowIfDisposed();
        if (!_writerGate.Wait(_options.AcquireTimeout, cancellationToken))
        {
            throw Exhausted("writer connection");
        }

        return _writer;
    }

    internal ValueTask<MicroDbConnection> AcquireWriterAsync(CancellationToken cancellationToken)
    {
        ThrowIfDisposed();
        cancellationToken.ThrowIfCancellationRequested();
        return _writerGate.Wait(0) ? new ValueTask<MicroDbConnection>(_writer) : WaitForWriterAsync(cancellationToken);
    }

    internal void ReleaseWriter() => _writerGate.Release();

    internal MicroDbConnection AcquireReader(CancellationToken cancellationToken)
    {
        if (_readerSlots is null)
        {
            return AcquireWriter(cancellationToken);
        }

        ThrowIfDisposed();
        if (!_readerSlots.Wait(_options.AcquireTimeout, cancellationToken))
        {
            throw Exhausted("reader connection");
        }

        return TakeReader();
    }

    internal ValueTask<MicroDbConnection> AcquireReaderAsync(CancellationToken cancellationToken)
    {
        if (_readerSlots is null)
        {
            return AcquireWriterAsync(cancellationToken);
        }

        ThrowIfDisposed();
        cancellationToken.ThrowIfCancellationRequested();
        return _readerSlots.Wait(0) ? new ValueTask<MicroDbConnection>(TakeReader()) : WaitForReaderAsync(cancellationToken);
    }

    /// <summary>Gives back a connection from <see cref="AcquireReader"/> or <see cref="AcquireReaderAsync"/>.</summary>
    internal void ReleaseReader(MicroDbConnection connection)
    {
        if (ReferenceEquals(connection, _writer))
        {
            if (connection.IsInTransaction)
            {
                // Single-connection pool: a read callback must not leave the writer inside a transaction.
                RollbackQuietly(connection);
            }

            ReleaseWriter();
            return;
        }

        if (connection.IsInTransaction)
        {
            // A callback left a read transaction open; end it so the reader does not pin an old WAL snapshot.
            RollbackQuietly(connection);
        }

        lock (_idleGate)
        {
            // Never more than ReaderCount readers exist, so the array has room.
            _idleReaders[_idleCount++] = connection;
        }

        _readerSlots!.Release();
    }

    private async ValueTask<MicroDbConnection> WaitForWriterAsync(CancellationToken cancellationToken)
    {
        if (!await _writerGate.WaitAsync(_options.AcquireTimeout, cancellationToken).ConfigureAwait(false))
        {
            throw Exhausted("writer connection");
        }

        return _writer;
    }

    private async ValueTask<MicroDbConnection> WaitForReaderAsync(CancellationToken cancellationToken)
    {
        if (!await _readerSlots!.WaitAsync(_options.AcquireTimeout, cancellationToken).ConfigureAwait(false))
        {
            throw Exhausted("reader connection");
        }

        return TakeReader();
    }

    /// <summary>Takes an idle reader, or opens one; the caller already holds a reader slot.</summary>
    private MicroDbConnection TakeReader()
    {
        MicroDbConnection reader;
        lock (_idleGate)
        {
            // A plain array under a lock: unlike ConcurrentStack, giving a reader back allocates nothing.
            if (_idleCount > 0)
            {
                reader = _idleReaders[--_idleCount];
                _idleReaders[_idleCount] = null!;
                return reader;
            }
        }

        try
        {
            ThrowIfDisposed();
            reader = new MicroDbConnection(_readerOptions!) { PinTransactionsToThread = false, PoolWriter = _writer };
            lock (_openedReaders)
            {
                _openedReaders.Add(reader);
            }

            return reader;
        }
        catch
        {
            _readerSlots!.Release();
            throw;
        }
    }

    private TimeoutException Exhausted(string what) =>
        new($"MicroDb pool '{Name}': no {what} became free within {_options.AcquireTimeout.TotalSeconds.ToString("0.###", CultureInfo.InvariantCulture)} s "
            + $"({(IsSingleConnection ? "single-connection pool" : _options.ReaderCount.ToString(CultureInfo.InvariantCulture) + " readers, 1 writer")}). "
            + "Raise MicroDbPoolOptions.AcquireTimeout or ReaderCount, or look for a caller that holds a connection (a long transaction, an unfinished stream, or a pool call made from inside a write callback).");

    private void ThrowIfDisposed() => ObjectDisposedException.ThrowIf(Volatile.Read(ref _disposed) == 1, this);
}
