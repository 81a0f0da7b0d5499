using System.Runtime.CompilerServices;
using SQLitePCL;

namespace MicroDb.Concurrency;

// Cancellation of a statement that is already running, and rollback that never hides the original error.
public sealed partial class MicroDbPool
{
    /// <summary>
    /// While the returned value lives, cancelling the token stops the connection's running statement with SQLITE_INTERRUPT:
    /// at once through sqlite3_interrupt, and through a progress handler that polls the token every
    /// <see cref="ProgressSteps"/> virtual-machine steps. The handler is what makes it certain: SQLite forgets an interrupt
    /// that lands while no statement is running on the connection (a cancel between this call and the first step, while
    /// the query is translated or prepared), so without it that statement would run to its end. Disposing waits for a
    /// running callback, so no interrupt can reach the connection after it has been given back. A token that cannot be
    /// cancelled costs nothing.
    /// </summary>
    internal static StatementInterrupt InterruptOnCancel(MicroDbConnection connection, CancellationToken cancellationToken)
    {
        if (!cancellationToken.CanBeCanceled)
        {
            return default;
        }

        var handle = connection.Handle;
        raw.sqlite3_progress_handler(handle, ProgressSteps, static state => ((StrongBox<CancellationToken>)state).Value.IsCancellationRequested ? 1 : 0, new StrongBox<CancellationToken>(cancellationToken));
        return new StatementInterrupt(cancellationToken.UnsafeRegister(static state => raw.sqlite3_interrupt((sqlite3)state!), handle), handle);
    }

    /// <summary>How many virtual-machine steps SQLite runs between two polls of a cancellable statement's token.</summary>
    private const int ProgressSteps = 10_000;

    /// <summary>True when <paramref name="exception"/> is SQLite's answer to an interrupt caused by <paramref name="cancellationToken"/>.</summary>
    internal static bool IsCancellation(Exception exception, CancellationToken cancellationToken) =>
        cancellationToken.IsCancellationRequested && exception is MicroDbException { ResultCode: raw.SQLITE_INTERRUPT };

    /// <summary>Rolls back, ignoring a failure: SQLite may already have rolled the transaction back (after an interrupt or a full disk).</summary>
    private static void RollbackQuietly(MicroDbConnection connection)
    {
        try
        {
            connection.Rollback();
        }
        catch (MicroDbException)
        {
            // Rollback has already reset the connection's transaction state; the caller's exception is the one that matters.
        }
        catch (ObjectDisposedException)
        {
            // The pool was closed meanwhile; SQLite rolled back on close.
        }
    }
}
