using Npgsql;

namespace MicroDb.Npgsql;

/// <summary>Turns Npgsql's errors into MicroDb's typed ones, naming the statement.</summary>
internal static class PostgresErrors
{
    // SQLite's codes for the same violations, so code that reads MicroDbConstraintException's codes works on both.
    private const int SqliteConstraint = 19;
    private const int SqliteConstraintCheck = 275;
    private const int SqliteConstraintForeignKey = 787;
    private const int SqliteConstraintNotNull = 1299;
    private const int SqliteConstraintPrimaryKey = 1555;
    private const int SqliteConstraintUnique = 2067;

    /// <summary>The MicroDb exception for <paramref name="error"/>: a constraint violation, or the server's other errors.</summary>
    public static MicroDbException Translate(PostgresException error, string sql)
    {
        var where = error.TableName is { Length: > 0 } table
            ? $" on table '{table}'" + (error.ColumnName is { Length: > 0 } column ? $", column '{column}'" : string.Empty)
            : string.Empty;
        var text = $"PostgreSQL {error.SqlState}{where}: {error.MessageText}" +
            (error.ConstraintName is { Length: > 0 } constraint ? $" (constraint '{constraint}')" : string.Empty) + $" (SQL: {sql})";
        var extended = error.SqlState switch
        {
            PostgresErrorCodes.NotNullViolation => SqliteConstraintNotNull,
            PostgresErrorCodes.UniqueViolation => error.ConstraintName?.EndsWith("_pkey", StringComparison.Ordinal) == true
                ? SqliteConstraintPrimaryKey
                : SqliteConstraintUnique,
            PostgresErrorCodes.ForeignKeyViolation => SqliteConstraintForeignKey,
            PostgresErrorCodes.CheckViolation => SqliteConstraintCheck,
            _ => 0,
        };
        return extended != 0
            ? new MicroDbConstraintException(text, SqliteConstraint, extended, sql)
            : new MicroDbException(text, error);
    }
}
