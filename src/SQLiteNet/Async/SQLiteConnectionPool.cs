namespace SQLite;

/// <summary>
/// The connections <see cref="SQLiteAsyncConnection"/>s share: one per <see cref="SQLiteConnectionString.UniqueKey"/>
/// (path and open flags), as in sqlite-net, so every asynchronous connection to a file goes through one lock and
/// <c>:memory:</c> databases opened the same way are the same database. A connection that was closed (by
/// <see cref="SQLiteAsyncConnection.CloseAsync"/> or directly) is replaced by a fresh one on next use.
/// </summary>
internal sealed class SQLiteConnectionPool
{
    private readonly Dictionary<string, SQLiteConnectionWithLock> _entries = new(StringComparer.Ordinal);
    private readonly Lock _entriesGate = new();

    /// <summary>The pool every <see cref="SQLiteAsyncConnection"/> uses.</summary>
    public static SQLiteConnectionPool Shared { get; } = new();

    /// <summary>The open connection for <paramref name="connectionString"/>, opened now if there is none.</summary>
    /// <exception cref="SQLiteException">The database cannot be opened.</exception>
    public SQLiteConnectionWithLock GetConnection(SQLiteConnectionString connectionString)
    {
        lock (_entriesGate)
        {
            if (_entries.TryGetValue(connectionString.UniqueKey, out var connection) && !connection.IsClosed)
            {
                return connection;
            }

            connection = new SQLiteConnectionWithLock(connectionString);
            _entries[connectionString.UniqueKey] = connection;
            return connection;
        }
    }

    /// <summary>The open connection for <paramref name="connectionString"/>, or null when none is open.</summary>
    public SQLiteConnectionWithLock Find(SQLiteConnectionString connectionString)
    {
        lock (_entriesGate)
        {
            return _entries.TryGetValue(connectionString.UniqueKey, out var connection) && !connection.IsClosed ? connection : null;
        }
    }

    /// <summary>Forgets <paramref name="connection"/> if it is still the pooled connection for its key.</summary>
    public void Remove(SQLiteConnectionString connectionString, SQLiteConnectionWithLock connection)
    {
        lock (_entriesGate)
        {
            if (_entries.TryGetValue(connectionString.UniqueKey, out var current) && ReferenceEquals(current, connection))
            {
                _entries.Remove(connectionString.UniqueKey);
            }
        }
    }

    /// <summary>Closes every pooled connection (each after the call running on it, if any) and empties the pool.</summary>
    public void Reset()
    {
        SQLiteConnectionWithLock[] connections;
        lock (_entriesGate)
        {
            connections = [.. _entries.Values];
            _entries.Clear();
        }

        foreach (var connection in connections)
        {
            connection.Close();
        }
    }
}
