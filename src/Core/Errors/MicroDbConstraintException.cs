namespace MicroDb;

/// <summary>A constraint (NOT NULL, UNIQUE, PRIMARY KEY, FOREIGN KEY, CHECK) was violated.</summary>
public sealed class MicroDbConstraintException : MicroDbException
{
    /// <summary>Creates the exception.</summary>
    /// <param name="message">What went wrong.</param>
    /// <param name="resultCode">SQLite's primary result code.</param>
    /// <param name="extendedResultCode">SQLite's extended result code.</param>
    /// <param name="sql">The SQL text that failed.</param>
    public MicroDbConstraintException(string message, int resultCode, int extendedResultCode, string? sql)
        : base(message, resultCode, extendedResultCode, sql)
    {
    }
}
