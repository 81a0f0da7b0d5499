namespace MicroDb;

// Transactions: the writer stays reserved for the whole transaction, so no other caller's write can interleave, and
// readers see nothing of it until it commits. Failure or cancellation rolls everything back.
public sealed partial class MicroDbAsyncConnection
{
    /// <summary>Runs synchronous work in one transaction on the writer: kept when it returns, rolled back when it throws or the token is cancelled.</summary>
    /// <param name="work">The work, given the writer connection.</param>
    /// <param name="cancellationToken">Cancels the wait; checked before commit.</param>
    public ValueTask RunInTransactionAsync(Action<MicroDbConnection> work, CancellationToken cancellationToken = default)
    {
        ArgumentNullException.ThrowIfNull(work);
        var pending = _pool.RunInTransactionAsync(c =>
        {
            work(c);
            return true;
        }, cancellationToken);
        return pending.IsCompletedSuccessfully ? ValueTask.CompletedTask : new ValueTask(pending.AsTask());
    }

    /// <summary>Runs synchronous work in one transaction on the writer and returns its result.</summary>
    /// <typeparam name="T">The result type.</typeparam>
    /// <param name="work">The work, given the writer connection.</param>
    /// <param name="cancellationToken">Cancels the wait; checked before commit.</param>
    public ValueTask<T> RunInTransactionAsync<T>(Func<MicroDbConnection, T> work, CancellationToken cancellationToken = default) =>
        _pool.RunInTransactionAsync(work, cancellationToken);

    /// <summary>Runs asynchronous work in one transaction; the writer stays reserved across its awaits.</summary>
    /// <param name="work">The work, given the writer connection and the token.</param>
    /// <param name="cancellationToken">Passed to the work; checked before begin and commit.</param>
    public Task RunInTransactionAsync(Func<MicroDbConnection, CancellationToken, Task> work, CancellationToken cancellationToken = default) =>
        _pool.RunInTransactionAsync(work, cancellationToken);

    /// <summary>Runs asynchronous work in one transaction and returns its result; the writer stays reserved across its awaits.</summary>
    /// <typeparam name="T">The result type.</typeparam>
    /// <param name="work">The work, given the writer connection and the token.</param>
    /// <param name="cancellationToken">Passed to the work; checked before begin and commit.</param>
    public Task<T> RunInTransactionAsync<T>(Func<MicroDbConnection, CancellationToken, Task<T>> work, CancellationToken cancellationToken = default) =>
        _pool.RunInTransactionAsync(work, cancellationToken);
}
