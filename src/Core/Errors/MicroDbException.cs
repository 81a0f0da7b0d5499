using SQLitePCL;

namespace MicroDb;

/// <summary>
/// An error reported by SQLite or by MicroDb's own checks. Carries SQLite's primary and
/// extended result codes and the SQL text that failed, when there is one.
/// </summary>
public class MicroDbException : Exception
{
    /// <summary>Creates an exception with a message and no SQLite result code.</summary>
    /// <param name="message">What went wrong.</param>
    public MicroDbException(string message)
        : base(message)
    {
    }

    /// <summary>Creates an exception with a message and an inner exception.</summary>
    /// <param name="message">What went wrong.</param>
    /// <param name="innerException">The cause.</param>
    public MicroDbException(string message, Exception? innerException)
        : base(message, innerException)
    {
    }

    /// <summary>Creates an exception for a SQLite result code.</summary>
    /// <param name="message">What went wrong.</param>
    /// <param name="resultCode">SQLite's primary result code.</param>
    /// <param name="extendedResultCode">SQLite's extended result code.</param>
    /// <param name="sql">The SQL text that failed, if any.</param>
    public MicroDbException(string message, int resultCode, int extendedResultCode, string? sql)
        : base(message)
    {
        ResultCode = resultCode;
        ExtendedResultCode = extendedResultCode;
        Sql = sql;
    }

    /// <summary>SQLite's primary result code (for example 19 for SQLITE_CONSTRAINT), or 0 when the error is MicroDb's own.</summary>
    public int ResultCode { get; }

    /// <summary>SQLite's extended result code (for example 2067 for SQLITE_CONSTRAINT_UNIQUE), or 0.</summary>
    public int ExtendedResultCode { get; }

    /// <summary>The SQL text whose preparation or execution failed, when known.</summary>
    public string? Sql { get; }

    /// <summary>True when the error is a constraint violation (SQLITE_CONSTRAINT).</summary>
    public bool IsConstraintViolation => ResultCode == raw.SQLITE_CONSTRAINT;

    /// <summary>True when the database was locked by another connection past the busy timeout (SQLITE_BUSY or SQLITE_LOCKED).</summary>
    public bool IsBusy => ResultCode is raw.SQLITE_BUSY or raw.SQLITE_LOCKED;

    internal static MicroDbException FromDatabase(sqlite3 db, int rc, string? sql)
    {
        // With extended result codes on, rc may already be extended (e.g. 2067); the low byte is the primary code.
        var primary = rc & 0xFF;
        var message = db is null ? raw.sqlite3_errstr(rc).utf8_to_string() : raw.sqlite3_errmsg(db).utf8_to_string();
        var extended = db is null ? rc : raw.sqlite3_extended_errcode(db);
        var text = sql is null ? message : $"{message} (SQL: {sql})";
        return primary == raw.SQLITE_CONSTRAINT
            ? new MicroDbConstraintException(text, primary, extended, sql)
            : new MicroDbException(text, primary, extended, sql);
    }
}
