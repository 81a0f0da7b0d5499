namespace MicroDb.Npgsql;

/// <summary>
/// The connection to the PostgreSQL server broke during a call (the server ended the session, the network dropped, the
/// server shut down). A transaction that was open is gone: the server rolls back whatever it had not committed, so
/// none of its writes are stored, and everything committed before stays. The <see cref="MicroDbNpgsqlConnection"/>
/// that threw stays usable: its next call opens a fresh physical connection from the data source's pool.
/// See docs/postgresql.md ("A dropped connection").
/// </summary>
public sealed class MicroDbConnectionLostException : MicroDbException
{
    /// <summary>Creates the exception.</summary>
    /// <param name="message">What was lost and what that means for the data.</param>
    /// <param name="transactionRolledBack">True when a transaction was open and the server rolled it back.</param>
    /// <param name="commitOutcomeUnknown">True when the connection broke during <c>COMMIT</c>, so whether it took effect is unknown.</param>
    /// <param name="sqlState">The server's SQLSTATE when it said why it ended the session (57P01 ...), else null.</param>
    /// <param name="innerException">Npgsql's exception.</param>
    public MicroDbConnectionLostException(string message, bool transactionRolledBack, bool commitOutcomeUnknown, string? sqlState, Exception? innerException)
        : base(message, innerException)
    {
        TransactionRolledBack = transactionRolledBack;
        CommitOutcomeUnknown = commitOutcomeUnknown;
        SqlState = sqlState;
    }

    /// <summary>True when a transaction was open when the connection broke: the server rolled it back, none of its writes are stored.</summary>
    public bool TransactionRolledBack { get; }

    /// <summary>
    /// True when the connection broke while <c>COMMIT</c> was on its way: the server may or may not have committed.
    /// Check the data (or make the work idempotent) before running it again.
    /// </summary>
    public bool CommitOutcomeUnknown { get; }

    /// <summary>The SQLSTATE the server sent when it ended the session (for example 57P01 for <c>pg_terminate_backend</c> or a fast shutdown), or null when the socket just closed.</summary>
    public string? SqlState { get; }
}
