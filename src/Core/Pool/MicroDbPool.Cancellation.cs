using SQLitePCL;

namespace MicroDb.Concurrency;

// Cancellation of a statement that is already running, and rollback that never hides the original error.
public sealed partial class MicroDbPool
{
    /// <summary>
    /// While the registration lives, cancelling the token calls sqlite3_interrupt on the connection, so a long statement
    /// stops with SQLITE_INTERRUPT. Disposing the registration waits for a running callback, so no interrupt can reach the
    /// connection after it has been given back.
    /// </summary>
    internal static CancellationTokenRegistration InterruptOnCancel(MicroDbConnection connection, CancellationToken cancellationToken) =>
        cancellationToken.CanBeCanceled
            ? cancellationToken.UnsafeRegister(static state => raw.sqlite3_interrupt((sqlite3)state!), connection.Handle)
            : default;

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
