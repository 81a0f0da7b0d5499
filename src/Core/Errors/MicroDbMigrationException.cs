namespace MicroDb;

/// <summary>
/// A migration run (<see cref="MicroDbConnection.Migrate(MicroDbMigrations)"/>) stopped; <see cref="Error"/> says why.
/// The failing step's changes were rolled back: the database is at the last step that committed.
/// </summary>
public sealed class MicroDbMigrationException : MicroDbException
{
    /// <summary>Creates the exception.</summary>
    /// <param name="message">What went wrong, naming the step and, where there is one, the table, column and row.</param>
    /// <param name="error">Why the run stopped.</param>
    /// <param name="stepName">The step that failed or was found out of place, if any.</param>
    /// <param name="innerException">The cause, for <see cref="MicroDbMigrationError.StepFailed"/>.</param>
    public MicroDbMigrationException(string message, MicroDbMigrationError error, string? stepName = null, Exception? innerException = null)
        : base(message, innerException)
    {
        Error = error;
        StepName = stepName;
    }

    /// <summary>Why the run stopped.</summary>
    public MicroDbMigrationError Error { get; }

    /// <summary>The step that failed or was found out of place, if any.</summary>
    public string? StepName { get; init; }

    /// <summary>The table concerned, if any.</summary>
    public string? Table { get; init; }

    /// <summary>The column concerned, if any.</summary>
    public string? Column { get; init; }

    /// <summary>The row concerned, if any: its rowid, or its key values (SQL literals, comma-separated) in a WITHOUT ROWID table.</summary>
    public string? Row { get; init; }
}
