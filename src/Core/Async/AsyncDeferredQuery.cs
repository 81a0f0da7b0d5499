namespace MicroDb.Concurrency;

/// <summary>
/// A query streamed from a pool reader as an <see cref="IAsyncEnumerable{T}"/>. Written by hand rather than as an async
/// iterator: once the reader is held, each <c>MoveNextAsync</c> is one synchronous step returned in a completed
/// <see cref="ValueTask{TResult}"/>, with no state machine to resume per row.
/// </summary>
/// <typeparam name="T">The mapped type.</typeparam>
internal sealed class AsyncDeferredQuery<T> : IAsyncEnumerable<T>
{
    private readonly MicroDbPool _pool;
    private readonly Func<MicroDbConnection, IEnumerator<T>> _open;
    private readonly CancellationToken _cancellationToken;

    public AsyncDeferredQuery(MicroDbPool pool, string sql, object?[] args, CancellationToken cancellationToken)
        : this(pool, c => c.DeferredQuery<T>(sql, args).GetEnumerator(), cancellationToken)
    {
    }

    /// <summary>Streams the rows of whatever <paramref name="open"/> starts on the reader it is given (a LINQ query rebound to it).</summary>
    public AsyncDeferredQuery(MicroDbPool pool, Func<MicroDbConnection, IEnumerator<T>> open, CancellationToken cancellationToken)
    {
        _pool = pool;
        _open = open;
        _cancellationToken = cancellationToken;
    }

    public IAsyncEnumerator<T> GetAsyncEnumerator(CancellationToken cancellationToken = default)
    {
        // The call's token and WithCancellation's token both cancel; link them only when both can fire.
        if (!cancellationToken.CanBeCanceled || cancellationToken == _cancellationToken)
        {
            return new Enumerator(this, _cancellationToken, null);
        }

        if (!_cancellationToken.CanBeCanceled)
        {
            return new Enumerator(this, cancellationToken, null);
        }

        var linked = CancellationTokenSource.CreateLinkedTokenSource(_cancellationToken, cancellationToken);
        return new Enumerator(this, linked.Token, linked);
    }

    private sealed class Enumerator : IAsyncEnumerator<T>
    {
        private readonly AsyncDeferredQuery<T> _query;
        private readonly CancellationToken _cancellationToken;
        private readonly CancellationTokenSource? _linked;
        private MicroDbConnection? _connection;
        private IEnumerator<T>? _rows;
        private StatementInterrupt _interrupt;
        private bool _done;

        public Enumerator(AsyncDeferredQuery<T> query, CancellationToken cancellationToken, CancellationTokenSource? linked)
        {
            _query = query;
            _cancellationToken = cancellationToken;
            _linked = linked;
        }

        public T Current => _rows is null ? default! : _rows.Current;

        public ValueTask<bool> MoveNextAsync()
        {
            if (_done)
            {
                return new ValueTask<bool>(false);
            }

            try
            {
                if (_connection is null)
                {
                    var pending = _query._pool.AcquireReaderAsync(_cancellationToken);
                    if (!pending.IsCompletedSuccessfully)
                    {
                        return AcquireThenStepAsync(pending);
                    }

                    Start(pending.Result);
                }

                return new ValueTask<bool>(Step());
            }
            catch (Exception e)
            {
                return ValueTask.FromException<bool>(e);
            }
        }

        public ValueTask DisposeAsync()
        {
            _done = true;
            var connection = _connection;
            if (connection is not null)
            {
                _connection = null;

                // Order matters: no interrupt may reach the reader once it is back in the pool.
                _interrupt.Dispose();
                _rows?.Dispose();
                _query._pool.ReleaseReader(connection);
            }

            _linked?.Dispose();
            return ValueTask.CompletedTask;
        }

        private async ValueTask<bool> AcquireThenStepAsync(ValueTask<MicroDbConnection> pending)
        {
            Start(await pending.ConfigureAwait(false));
            return Step();
        }

        private void Start(MicroDbConnection connection)
        {
            _connection = connection;
            _interrupt = MicroDbPool.InterruptOnCancel(connection, _cancellationToken);
            _rows = _query._open(connection);
        }

        private bool Step()
        {
            _cancellationToken.ThrowIfCancellationRequested();
            try
            {
                if (_rows!.MoveNext())
                {
                    return true;
                }
            }
            catch (MicroDbException e) when (MicroDbPool.IsCancellation(e, _cancellationToken))
            {
                throw new OperationCanceledException("The query was cancelled while running.", e, _cancellationToken);
            }

            _done = true;
            return false;
        }
    }
}
