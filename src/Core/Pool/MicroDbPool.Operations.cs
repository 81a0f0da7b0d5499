namespace MicroDb.Concurrency;

// Running work on a pooled connection, synchronously or asynchronously. The async forms run the work on the calling
// thread when a connection is free at once (SQLite calls are synchronous, so there is nothing to await); when the caller
// must wait, it waits without blocking a thread and the work then runs on the thread that resumes it.
public sealed partial class MicroDbPool
{
    /// <summary>Runs a read on a reader connection (in parallel with other reads and with the writer) and returns its result.</summary>
    /// <typeparam name="TResult">The result type.</typeparam>
    /// <param name="read">The work; it must not write (readers are read-only) and must not keep the connection.</param>
    /// <param name="cancellationToken">Cancels the wait for a connection, or interrupts the running statement.</param>
    /// <exception cref="TimeoutException">No reader became free within <see cref="MicroDbPoolOptions.AcquireTimeout"/>.</exception>
    public TResult Read<TResult>(Func<MicroDbConnection, TResult> read, CancellationToken cancellationToken = default)
    {
        ArgumentNullException.ThrowIfNull(read);
        var connection = AcquireReader(cancellationToken);
        try
        {
            return RunRead(connection, read, static (c, r, _) => r(c), cancellationToken);
        }
        finally
        {
            ReleaseReader(connection);
        }
    }

    /// <summary>Runs work on the writer connection, after any write or transaction in progress, and returns its result.</summary>
    /// <typeparam name="TResult">The result type.</typeparam>
    /// <param name="write">The work.</param>
    /// <param name="cancellationToken">Cancels the wait for the writer, or interrupts the running statement.</param>
    /// <exception cref="TimeoutException">The writer did not become free within <see cref="MicroDbPoolOptions.AcquireTimeout"/>.</exception>
    /// <exception cref="InvalidOperationException">The work left a transaction open (it has been rolled back).</exception>
    public TResult Write<TResult>(Func<MicroDbConnection, TResult> write, CancellationToken cancellationToken = default)
    {
        ArgumentNullException.ThrowIfNull(write);
        return WriteCore(write, static (c, w) => w(c), cancellationToken);
    }

    /// <summary>Runs work on the writer connection, after any write or transaction in progress.</summary>
    /// <param name="write">The work.</param>
    /// <param name="cancellationToken">Cancels the wait for the writer, or interrupts the running statement.</param>
    /// <exception cref="TimeoutException">The writer did not become free within <see cref="MicroDbPoolOptions.AcquireTimeout"/>.</exception>
    /// <exception cref="InvalidOperationException">The work left a transaction open (it has been rolled back).</exception>
    public void Write(Action<MicroDbConnection> write, CancellationToken cancellationToken = default)
    {
        ArgumentNullException.ThrowIfNull(write);
        WriteCore(write, static (c, w) =>
        {
            w(c);
            return true;
        }, cancellationToken);
    }

    /// <summary>Runs work in one transaction on the writer: kept when it returns, rolled back when it throws. No other write interleaves.</summary>
    /// <typeparam name="TResult">The result type.</typeparam>
    /// <param name="work">The work.</param>
    /// <param name="cancellationToken">Cancels the wait for the writer; checked again before commit (a cancelled transaction rolls back).</param>
    public TResult RunInTransaction<TResult>(Func<MicroDbConnection, TResult> work, CancellationToken cancellationToken = default)
    {
        ArgumentNullException.ThrowIfNull(work);
        var writer = AcquireWriter(cancellationToken);
        try
        {
            return RunWrite(writer, work, InTransaction, cancellationToken);
        }
        finally
        {
            ReleaseWriter();
        }
    }

    /// <summary>Runs work in one transaction on the writer: kept when it returns, rolled back when it throws. No other write interleaves.</summary>
    /// <param name="work">The work.</param>
    /// <param name="cancellationToken">Cancels the wait for the writer; checked again before commit.</param>
    public void RunInTransaction(Action<MicroDbConnection> work, CancellationToken cancellationToken = default)
    {
        ArgumentNullException.ThrowIfNull(work);
        RunInTransaction(c =>
        {
            work(c);
            return true;
        }, cancellationToken);
    }

    /// <summary>Runs a read on a reader connection; see <see cref="Read{TResult}"/>.</summary>
    /// <typeparam name="TResult">The result type.</typeparam>
    /// <param name="read">The work.</param>
    /// <param name="cancellationToken">Cancels the wait for a connection, or interrupts the running statement.</param>
    public ValueTask<TResult> ReadAsync<TResult>(Func<MicroDbConnection, TResult> read, CancellationToken cancellationToken = default)
    {
        ArgumentNullException.ThrowIfNull(read);
        return ReadAsync(read, static (c, r, _) => r(c), cancellationToken);
    }

    /// <summary>Runs work on the writer connection; see <see cref="Write{TResult}"/>.</summary>
    /// <typeparam name="TResult">The result type.</typeparam>
    /// <param name="write">The work.</param>
    /// <param name="cancellationToken">Cancels the wait for the writer, or interrupts the running statement.</param>
    public ValueTask<TResult> WriteAsync<TResult>(Func<MicroDbConnection, TResult> write, CancellationToken cancellationToken = default)
    {
        ArgumentNullException.ThrowIfNull(write);
        return WriteAsync(write, static (c, w, _) => w(c), cancellationToken);
    }

    /// <summary>
    /// Runs asynchronous work in one transaction on the writer, which stays reserved across the work's awaits: kept when the
    /// work completes, rolled back when it throws or is cancelled. No other write interleaves; readers see none of it until commit.
    /// </summary>
    /// <typeparam name="TResult">The result type.</typeparam>
    /// <param name="work">The work; it gets the writer connection and the token.</param>
    /// <param name="cancellationToken">Passed to the work; checked before begin and before commit.</param>
    public async Task<TResult> RunInTransactionAsync<TResult>(Func<MicroDbConnection, CancellationToken, Task<TResult>> work, CancellationToken cancellationToken = default)
    {
        ArgumentNullException.ThrowIfNull(work);
        var writer = await AcquireWriterAsync(cancellationToken).ConfigureAwait(false);
        try
        {
            using var interrupt = InterruptOnCancel(writer, cancellationToken);
            writer.BeginTransaction();
            try
            {
                var result = await work(writer, cancellationToken).ConfigureAwait(false);
                cancellationToken.ThrowIfCancellationRequested();
                writer.Commit();
                return result;
            }
            catch (Exception e)
            {
                RollbackQuietly(writer);
                if (IsCancellation(e, cancellationToken))
                {
                    throw new OperationCanceledException("The transaction was cancelled while a statement was running; it was rolled back.", e, cancellationToken);
                }

                throw;
            }
        }
        finally
        {
            ReleaseWriter();
        }
    }

    /// <summary>Runs asynchronous work in one transaction on the writer; see <see cref="RunInTransactionAsync{TResult}(Func{MicroDbConnection, CancellationToken, Task{TResult}}, CancellationToken)"/>.</summary>
    /// <param name="work">The work.</param>
    /// <param name="cancellationToken">Passed to the work; checked before begin and before commit.</param>
    public Task RunInTransactionAsync(Func<MicroDbConnection, CancellationToken, Task> work, CancellationToken cancellationToken = default)
    {
        ArgumentNullException.ThrowIfNull(work);
        return RunInTransactionAsync(async (c, ct) =>
        {
            await work(c, ct).ConfigureAwait(false);
            return true;
        }, cancellationToken);
    }

    /// <summary>Runs synchronous work in one transaction on the writer; the wait for the writer is asynchronous.</summary>
    /// <typeparam name="TResult">The result type.</typeparam>
    /// <param name="work">The work.</param>
    /// <param name="cancellationToken">Cancels the wait; checked before commit (a cancelled transaction rolls back).</param>
    public ValueTask<TResult> RunInTransactionAsync<TResult>(Func<MicroDbConnection, TResult> work, CancellationToken cancellationToken = default)
    {
        ArgumentNullException.ThrowIfNull(work);
        return WriteAsync(work, InTransaction, cancellationToken);
    }

    /// <summary>Reads with state and no closure: the allocation-free path the async connection uses.</summary>
    internal ValueTask<TResult> ReadAsync<TState, TResult>(TState state, Func<MicroDbConnection, TState, CancellationToken, TResult> read, CancellationToken cancellationToken)
    {
        ValueTask<MicroDbConnection> pending;
        try
        {
            pending = AcquireReaderAsync(cancellationToken);
        }
        catch (Exception e)
        {
            return ValueTask.FromException<TResult>(e);
        }

        if (!pending.IsCompletedSuccessfully)
        {
            return ReadSlowAsync(pending, state, read, cancellationToken);
        }

        var connection = pending.Result;
        try
        {
            return new ValueTask<TResult>(RunRead(connection, state, read, cancellationToken));
        }
        catch (Exception e)
        {
            return ValueTask.FromException<TResult>(e);
        }
        finally
        {
            ReleaseReader(connection);
        }
    }

    /// <summary>Writes with state and no closure: the allocation-free path the async connection uses.</summary>
    internal ValueTask<TResult> WriteAsync<TState, TResult>(TState state, Func<MicroDbConnection, TState, CancellationToken, TResult> write, CancellationToken cancellationToken)
    {
        ValueTask<MicroDbConnection> pending;
        try
        {
            pending = AcquireWriterAsync(cancellationToken);
        }
        catch (Exception e)
        {
            return ValueTask.FromException<TResult>(e);
        }

        if (!pending.IsCompletedSuccessfully)
        {
            return WriteSlowAsync(pending, state, write, cancellationToken);
        }

        try
        {
            return new ValueTask<TResult>(RunWrite(pending.Result, state, write, cancellationToken));
        }
        catch (Exception e)
        {
            return ValueTask.FromException<TResult>(e);
        }
        finally
        {
            ReleaseWriter();
        }
    }

    /// <summary>
    /// Takes the writer's turn now (so calls made one after another run in that order) and runs <paramref name="write"/>
    /// on a thread-pool thread, never on the caller's: the compat package's asynchronous path (sqlite-net runs every
    /// async call on the thread pool). Unlike <see cref="WriteAsync{TState, TResult}"/> the callback may leave a
    /// transaction open for a later call and a failure does not roll it back, as on sqlite-net's shared connection
    /// (<c>BeginTransaction</c> in one call, <c>Commit</c> in another).
    /// </summary>
    internal Task<TResult> WriteInTurnAsync<TState, TResult>(TState state, Func<MicroDbConnection, TState, CancellationToken, TResult> write, CancellationToken cancellationToken)
    {
        ValueTask<MicroDbConnection> pending;
        try
        {
            pending = AcquireWriterAsync(cancellationToken);
        }
        catch (Exception e)
        {
            return Task.FromException<TResult>(e);
        }

        if (!pending.IsCompletedSuccessfully)
        {
            // SemaphoreSlim completes a waiter asynchronously, so the work resumes on a thread-pool thread.
            return WriteInTurnSlowAsync(pending, state, write, cancellationToken);
        }

        return Task.Factory.StartNew(
            static s => ((InTurn<TState, TResult>)s!).Run(),
            new InTurn<TState, TResult>(this, pending.Result, state, write, cancellationToken),
            CancellationToken.None,
            TaskCreationOptions.DenyChildAttach,
            TaskScheduler.Default);
    }

    private async Task<TResult> WriteInTurnSlowAsync<TState, TResult>(ValueTask<MicroDbConnection> pending, TState state, Func<MicroDbConnection, TState, CancellationToken, TResult> write, CancellationToken cancellationToken)
    {
        var writer = await pending.ConfigureAwait(false);
        try
        {
            return RunInTurn(writer, state, write, cancellationToken);
        }
        finally
        {
            ReleaseWriter();
        }
    }

    /// <summary>Runs work whose turn was taken, with cancellation by interrupt and no transaction policing.</summary>
    private static TResult RunInTurn<TState, TResult>(MicroDbConnection writer, TState state, Func<MicroDbConnection, TState, CancellationToken, TResult> write, CancellationToken cancellationToken)
    {
        using var interrupt = InterruptOnCancel(writer, cancellationToken);
        try
        {
            return write(writer, state, cancellationToken);
        }
        catch (MicroDbException e) when (IsCancellation(e, cancellationToken))
        {
            throw new OperationCanceledException("The statement was cancelled while running.", e, cancellationToken);
        }
    }

    private TResult WriteCore<TState, TResult>(TState state, Func<MicroDbConnection, TState, TResult> write, CancellationToken cancellationToken)
    {
        var writer = AcquireWriter(cancellationToken);
        try
        {
            return RunWrite(writer, (state, write), static (c, s, _) => s.write(c, s.state), cancellationToken);
        }
        finally
        {
            ReleaseWriter();
        }
    }

    private static TResult RunRead<TState, TResult>(MicroDbConnection reader, TState state, Func<MicroDbConnection, TState, CancellationToken, TResult> read, CancellationToken cancellationToken)
    {
        using var interrupt = InterruptOnCancel(reader, cancellationToken);
        try
        {
            return read(reader, state, cancellationToken);
        }
        catch (MicroDbException e) when (IsCancellation(e, cancellationToken))
        {
            throw new OperationCanceledException("The query was cancelled while running.", e, cancellationToken);
        }
    }

    private static TResult RunWrite<TState, TResult>(MicroDbConnection writer, TState state, Func<MicroDbConnection, TState, CancellationToken, TResult> write, CancellationToken cancellationToken)
    {
        using var interrupt = InterruptOnCancel(writer, cancellationToken);
        try
        {
            var result = write(writer, state, cancellationToken);
            EnsureNoTransactionLeft(writer);
            return result;
        }
        catch (Exception e) when (writer.IsInTransaction || IsCancellation(e, cancellationToken))
        {
            RollbackQuietly(writer);
            if (IsCancellation(e, cancellationToken))
            {
                // SQLite stopped the statement (and undid it, with any transaction it was in).
                throw new OperationCanceledException("The statement was cancelled while running; its changes were undone.", e, cancellationToken);
            }

            throw;
        }
    }

    /// <summary>Runs synchronous work between BEGIN IMMEDIATE and COMMIT; checks the token before committing.</summary>
    private static TResult InTransaction<TResult>(MicroDbConnection writer, Func<MicroDbConnection, TResult> work, CancellationToken cancellationToken)
    {
        writer.BeginTransaction();
        try
        {
            var result = work(writer);
            cancellationToken.ThrowIfCancellationRequested();
            writer.Commit();
            return result;
        }
        catch
        {
            RollbackQuietly(writer);
            throw;
        }
    }

    private static void EnsureNoTransactionLeft(MicroDbConnection writer)
    {
        if (writer.IsInTransaction)
        {
            // Leaving it open would let the next caller's writes join (and share the fate of) this transaction.
            RollbackQuietly(writer);
            throw new InvalidOperationException("A pool write callback returned with a transaction still open; it was rolled back. Use RunInTransaction, or Commit before returning.");
        }
    }

    private async ValueTask<TResult> ReadSlowAsync<TState, TResult>(ValueTask<MicroDbConnection> pending, TState state, Func<MicroDbConnection, TState, CancellationToken, TResult> read, CancellationToken cancellationToken)
    {
        var connection = await pending.ConfigureAwait(false);
        try
        {
            return RunRead(connection, state, read, cancellationToken);
        }
        finally
        {
            ReleaseReader(connection);
        }
    }

    private async ValueTask<TResult> WriteSlowAsync<TState, TResult>(ValueTask<MicroDbConnection> pending, TState state, Func<MicroDbConnection, TState, CancellationToken, TResult> write, CancellationToken cancellationToken)
    {
        var writer = await pending.ConfigureAwait(false);
        try
        {
            return RunWrite(writer, state, write, cancellationToken);
        }
        finally
        {
            ReleaseWriter();
        }
    }

    /// <summary>Work whose writer turn was taken by the caller, run by a thread-pool thread, which then gives the turn back.</summary>
    private sealed class InTurn<TState, TResult>(MicroDbPool pool, MicroDbConnection writer, TState state, Func<MicroDbConnection, TState, CancellationToken, TResult> write, CancellationToken cancellationToken)
    {
        public TResult Run()
        {
            try
            {
                return RunInTurn(writer, state, write, cancellationToken);
            }
            finally
            {
                pool.ReleaseWriter();
            }
        }
    }
}
