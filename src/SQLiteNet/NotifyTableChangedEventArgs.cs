namespace SQLite;

/// <summary>The table and kind of change of a <see cref="SQLiteConnection.TableChanged"/> event.</summary>
public class NotifyTableChangedEventArgs : EventArgs
{
    /// <summary>Describes a change to <paramref name="table"/>.</summary>
    /// <param name="table">The changed table.</param>
    /// <param name="action">What changed.</param>
    public NotifyTableChangedEventArgs(TableMapping table, NotifyTableChangedAction action)
    {
        Table = table;
        Action = action;
    }

    /// <summary>The changed table.</summary>
    public TableMapping Table { get; private set; }

    /// <summary>What changed.</summary>
    public NotifyTableChangedAction Action { get; private set; }
}
