namespace SQLite;

/// <summary>The kind of change <see cref="SQLiteConnection.TableChanged"/> reports.</summary>
public enum NotifyTableChangedAction
{
    /// <summary>Rows were inserted.</summary>
    Insert,

    /// <summary>Rows were updated.</summary>
    Update,

    /// <summary>Rows were deleted.</summary>
    Delete,
}
