namespace MicroDb;

/// <summary>A foreign key's ON DELETE / ON UPDATE action (<see cref="ReferencesAttribute"/>), as SQLite defines them.</summary>
public enum ForeignKeyAction
{
    /// <summary>NO ACTION: the change fails (at the end of the statement) when a row still refers to the parent.</summary>
    NoAction = 0,

    /// <summary>RESTRICT: the change fails at once when a row refers to the parent.</summary>
    Restrict = 1,

    /// <summary>SET NULL: referring rows get NULL in this column.</summary>
    SetNull = 2,

    /// <summary>SET DEFAULT: referring rows get the column's default.</summary>
    SetDefault = 3,

    /// <summary>CASCADE: referring rows are deleted with the parent, or follow its new key value.</summary>
    Cascade = 4,
}
