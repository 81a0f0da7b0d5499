namespace MicroDb.Npgsql;

/// <summary>
/// A unit of work run by <see cref="MicroDbNpgsqlConnection.RunInTransaction(Action, RetryPolicy, System.Data.IsolationLevel)"/>
/// failed with a retryable error (a serialization failure, a deadlock, a connection lost before <c>COMMIT</c>) on every
/// one of its <see cref="RetryPolicy.MaxAttempts"/> attempts. Every attempt was rolled back: none of its writes are
/// stored. <see cref="Exception.InnerException"/> is the last attempt's error.
/// </summary>
public sealed class MicroDbTransactionRetryException : MicroDbException
{
    /// <summary>Creates the exception.</summary>
    /// <param name="message">What failed, how often, and why.</param>
    /// <param name="attempts">The attempts made.</param>
    /// <param name="sqlState">The last attempt's SQLSTATE (40001, 40P01), or null when its connection was lost without one.</param>
    /// <param name="innerException">The last attempt's error.</param>
    public MicroDbTransactionRetryException(string message, int attempts, string? sqlState, Exception? innerException)
        : base(message, innerException)
    {
        Attempts = attempts;
        SqlState = sqlState;
    }

    /// <summary>The attempts made, all rolled back.</summary>
    public int Attempts { get; }

    /// <summary>The SQLSTATE of the last attempt's failure: 40001 (serialization failure), 40P01 (deadlock), or null for a lost connection without one.</summary>
    public string? SqlState { get; }
}
