namespace MicroDb;

/// <summary>Why a migration run stopped; carried by <see cref="MicroDbMigrationException.Error"/>.</summary>
public enum MicroDbMigrationError
{
    /// <summary>
    /// The database records applied steps this app's list does not have (it was migrated by a newer version of the
    /// app): downgrade protection. Set <see cref="MicroDbMigrations.AllowUnknownAppliedSteps"/> to open it anyway.
    /// </summary>
    UnknownAppliedSteps,

    /// <summary>The steps the database records differ from the start of the app's list: a step was renamed, removed or moved.</summary>
    HistoryMismatch,

    /// <summary>A step threw; the inner exception is the cause. The step's changes were rolled back.</summary>
    StepFailed,

    /// <summary>A stored value cannot be converted to a column's new type, or is NULL where the column becomes NOT NULL; <see cref="MicroDbMigrationException.Row"/> and <see cref="MicroDbMigrationException.Column"/> name it.</summary>
    ConversionFailed,

    /// <summary><c>PRAGMA foreign_key_check</c> found rows whose parent row is missing after the step.</summary>
    ForeignKeyViolation,

    /// <summary>A step asked for something the schema does not allow: a table, column or index that does not exist, a column a table constraint needs, a view the change would break, or a step that ended the migration's transaction.</summary>
    InvalidStep,

    /// <summary>
    /// <c>CreateTable</c> found the table with a different primary key (columns or their order) than the model declares;
    /// it changes no key. Change it in a migration step with <see cref="MigrationContext.ChangePrimaryKey"/>.
    /// </summary>
    PrimaryKeyChanged,

    /// <summary>
    /// <c>CreateTable</c> found a column the model has stored in another type than the model declares (MicroDb.Npgsql,
    /// whose columns have fixed types; SQLite's columns take any value, so SQLite's migration does not compare them); it
    /// changes no column's type. Change it in a migration step (<c>ALTER TABLE ... ALTER COLUMN ... TYPE</c>).
    /// </summary>
    ColumnTypeChanged,
}
