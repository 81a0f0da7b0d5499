using System.Data;
using Npgsql;

namespace MicroDb.Npgsql;

// The retry helper (docs/scaling.md, "A retry helper"): a unit of work run again, whole, in a fresh transaction after
// PostgreSQL aborted it with 40001 or 40P01, or after the connection was lost before COMMIT.
public sealed partial class MicroDbNpgsqlConnection
{
    /// <summary>
    /// Runs <paramref name="action"/> in a transaction and commits it; when PostgreSQL aborts the transaction with a
    /// serialization failure (SQLSTATE 40001) or a deadlock (40P01), or the connection is lost before <c>COMMIT</c> (the
    /// server rolled the work back), rolls back, waits as <paramref name="retry"/> says and runs all of
    /// <paramref name="action"/> again in a new transaction. Any other error is thrown at once, without a retry, and so
    /// is a connection lost during <c>COMMIT</c> (<see cref="MicroDbConnectionLostException.CommitOutcomeUnknown"/>:
    /// running the work again could apply it twice). The work must be safe to run again: build its entities inside
    /// <paramref name="action"/> (an identity key written back by a failed attempt's <c>Insert</c> would be kept) and
    /// keep effects outside the database until this returns.
    /// </summary>
    /// <param name="action">The whole unit of work.</param>
    /// <param name="retry">How many attempts and how long to wait between them.</param>
    /// <param name="isolationLevel">The transaction's isolation level (Unspecified: the server's default, READ COMMITTED unless configured otherwise).</param>
    /// <exception cref="ArgumentNullException"><paramref name="action"/> or <paramref name="retry"/> is null.</exception>
    /// <exception cref="InvalidOperationException">A transaction is already open: only a whole transaction can be run again.</exception>
    /// <exception cref="MicroDbTransactionRetryException">Every attempt failed with a retryable error; nothing is stored.</exception>
    public void RunInTransaction(Action action, RetryPolicy retry, IsolationLevel isolationLevel = IsolationLevel.Unspecified)
    {
        ArgumentNullException.ThrowIfNull(action);
        RunWithRetry(
            _ =>
            {
                action();
                return Task.CompletedTask;
            },
            retry,
            isolationLevel,
            false,
            default).GetAwaiter().GetResult();
    }

    /// <summary>
    /// Runs <paramref name="action"/> in a transaction, running it again whole after a serialization failure (40001), a
    /// deadlock (40P01) or a connection lost before <c>COMMIT</c>, as
    /// <see cref="RunInTransaction(Action, RetryPolicy, IsolationLevel)"/> does; the waits between attempts honour
    /// <paramref name="cancellationToken"/>.
    /// </summary>
    /// <param name="action">The whole unit of work; it receives <paramref name="cancellationToken"/>.</param>
    /// <param name="retry">How many attempts and how long to wait between them.</param>
    /// <param name="isolationLevel">The transaction's isolation level.</param>
    /// <param name="cancellationToken">Cancels the work, its statements and the waits; an attempt in progress is rolled back.</param>
    /// <returns>A task that completes after the commit.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="action"/> or <paramref name="retry"/> is null.</exception>
    /// <exception cref="InvalidOperationException">A transaction is already open.</exception>
    /// <exception cref="MicroDbTransactionRetryException">Every attempt failed with a retryable error; nothing is stored.</exception>
    public Task RunInTransactionAsync(Func<CancellationToken, Task> action, RetryPolicy retry, IsolationLevel isolationLevel = IsolationLevel.Unspecified, CancellationToken cancellationToken = default)
    {
        ArgumentNullException.ThrowIfNull(action);
        return RunWithRetry(action, retry, isolationLevel, true, cancellationToken).AsTask();
    }

    private async ValueTask RunWithRetry(Func<CancellationToken, Task> action, RetryPolicy retry, IsolationLevel isolationLevel, bool async, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(retry);
        ThrowIfDisposed();
        if (_transaction is not null || _transactionLost)
        {
            throw new InvalidOperationException(
                "RunInTransaction with a RetryPolicy must start the transaction: a transaction is already open on this connection, and after a " +
                "serialization failure or deadlock PostgreSQL aborts the whole of it, not only the inner work. Pass the policy to the outermost call.");
        }

        for (var attempt = 1; ; attempt++)
        {
            cancellationToken.ThrowIfCancellationRequested();
            try
            {
                await RunInTransactionCore(() => action(cancellationToken), async, cancellationToken, isolationLevel).ConfigureAwait(false);
                return;
            }
            catch (Exception e) when (Retryable(e, out var sqlState))
            {
                if (attempt >= retry.MaxAttempts)
                {
                    throw new MicroDbTransactionRetryException(
                        $"The transaction failed {attempt} time(s) with a retryable error ({Describe(sqlState)}) and was rolled back each time; " +
                        $"nothing it wrote is stored. The last error: {e.Message}",
                        attempt,
                        sqlState,
                        e);
                }

                var delay = retry.DelayAfter(attempt);
                if (delay > TimeSpan.Zero)
                {
                    if (async)
                    {
                        await Task.Delay(delay, cancellationToken).ConfigureAwait(false);
                    }
                    else
                    {
                        // The sync form has no token (cancellationToken is default here).
                        Thread.Sleep(delay);
                    }
                }
            }
        }
    }

    // 40001 and 40P01 (from MicroDb's typed error, or from Npgsql's when the work used Connection directly), and a lost
    // connection whose transaction the server rolled back before any COMMIT was sent.
    private static bool Retryable(Exception error, out string? sqlState)
    {
        sqlState = null;
        if (error is MicroDbConnectionLostException lost)
        {
            sqlState = lost.SqlState;
            return lost.TransactionRolledBack && !lost.CommitOutcomeUnknown;
        }

        var server = error as PostgresException ?? (error is MicroDbException ? error.InnerException as PostgresException : null);
        if (server?.SqlState is PostgresErrorCodes.SerializationFailure or PostgresErrorCodes.DeadlockDetected)
        {
            sqlState = server.SqlState;
            return true;
        }

        return false;
    }

    private static string Describe(string? sqlState) => sqlState switch
    {
        PostgresErrorCodes.SerializationFailure => "SQLSTATE 40001, serialization failure",
        PostgresErrorCodes.DeadlockDetected => "SQLSTATE 40P01, deadlock",
        null => "connection lost before COMMIT",
        _ => "connection lost before COMMIT, SQLSTATE " + sqlState,
    };
}
