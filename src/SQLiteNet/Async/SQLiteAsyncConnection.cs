using System.Linq.Expressions;

namespace SQLite;

/// <summary>
/// sqlite-net's asynchronous connection, on MicroDb. Every <see cref="SQLiteAsyncConnection"/> to the same path with the
/// same open flags shares one <see cref="SQLiteConnectionWithLock"/> (opened on first use, as in sqlite-net); each call
/// waits for its turn on that connection's lock without holding a thread, in the order the calls were made, then runs on
/// the thread pool. Results are <see cref="Task"/>s: await them, keep them, <c>Wait()</c> on them or combine them with
/// <see cref="Task.WhenAll(Task[])"/>. Errors surface as <see cref="SQLiteException"/> from the task.
/// </summary>
[Preserve(AllMembers = true)]
public partial class SQLiteAsyncConnection : ISQLiteAsyncConnection
{
    private readonly SQLiteConnectionString _connectionString;

    /// <summary>An asynchronous connection to <paramref name="databasePath"/>, read/write, created if missing.</summary>
    /// <param name="databasePath">The file path, or <c>:memory:</c>.</param>
    /// <param name="storeDateTimeAsTicks">Store <see cref="DateTime"/> as ticks (true, sqlite-net's default) or as text.</param>
    public SQLiteAsyncConnection(string databasePath, bool storeDateTimeAsTicks = true)
        : this(new SQLiteConnectionString(databasePath, SQLiteOpenFlags.ReadWrite | SQLiteOpenFlags.Create | SQLiteOpenFlags.FullMutex, storeDateTimeAsTicks))
    {
    }

    /// <summary>An asynchronous connection to <paramref name="databasePath"/> opened with <paramref name="openFlags"/>.</summary>
    /// <param name="databasePath">The file path, or <c>:memory:</c>.</param>
    /// <param name="openFlags">How to open it.</param>
    /// <param name="storeDateTimeAsTicks">Store <see cref="DateTime"/> as ticks (true) or as text.</param>
    public SQLiteAsyncConnection(string databasePath, SQLiteOpenFlags openFlags, bool storeDateTimeAsTicks = true)
        : this(new SQLiteConnectionString(databasePath, openFlags, storeDateTimeAsTicks))
    {
    }

    /// <summary>An asynchronous connection to the database <paramref name="connectionString"/> describes.</summary>
    /// <param name="connectionString">The path, flags, key and value formats.</param>
    /// <exception cref="ArgumentNullException"><paramref name="connectionString"/> is null.</exception>
    public SQLiteAsyncConnection(SQLiteConnectionString connectionString)
    {
        ArgumentNullException.ThrowIfNull(connectionString);
        _connectionString = connectionString;
    }

    /// <summary>The database file path.</summary>
    public string DatabasePath => _connectionString.DatabasePath;

    /// <summary>The SQLite library version as a number (opens the shared connection if needed).</summary>
    public int LibVersionNumber => GetConnection().LibVersionNumber;

    /// <summary>The .NET format of <see cref="DateTime"/> text when not stored as ticks.</summary>
    public string DateTimeStringFormat => _connectionString.DateTimeStringFormat;

    /// <summary>Whether <see cref="DateTime"/> values are stored as ticks.</summary>
    public bool StoreDateTimeAsTicks => _connectionString.StoreDateTimeAsTicks;

    /// <summary>Whether <see cref="TimeSpan"/> values are stored as ticks.</summary>
    public bool StoreTimeSpanAsTicks => _connectionString.StoreTimeSpanAsTicks;

    /// <summary>Whether executed statements are written to <see cref="Tracer"/> (a setting of the shared connection).</summary>
    public bool Trace
    {
        get => GetConnection().Trace;
        set => GetConnection().Trace = value;
    }

    /// <summary>Receives trace lines (a setting of the shared connection).</summary>
    public Action<string> Tracer
    {
        get => GetConnection().Tracer;
        set => GetConnection().Tracer = value;
    }

    /// <summary>Whether statement times are traced (a setting of the shared connection).</summary>
    public bool TimeExecution
    {
        get => GetConnection().TimeExecution;
        set => GetConnection().TimeExecution = value;
    }

    /// <summary>The mappings the shared connection has built so far.</summary>
    public IEnumerable<TableMapping> TableMappings => GetConnection().TableMappings;

    /// <summary>Closes every shared connection of every <see cref="SQLiteAsyncConnection"/> (each after its running call).</summary>
    public static void ResetPool() => SQLiteConnectionPool.Shared.Reset();

    /// <summary>
    /// The shared connection underneath (opened now if needed). Using it directly, take its lock:
    /// <c>using (conn.Lock()) { ... }</c>.
    /// </summary>
    /// <returns>The connection.</returns>
    /// <exception cref="SQLiteException">The database cannot be opened.</exception>
    public SQLiteConnectionWithLock GetConnection() => SQLiteConnectionPool.Shared.GetConnection(_connectionString);

    /// <summary>The busy timeout of the shared connection.</summary>
    /// <returns>The timeout.</returns>
    public TimeSpan GetBusyTimeout() => GetConnection().BusyTimeout;

    /// <summary>Sets the busy timeout of the shared connection.</summary>
    /// <param name="value">The timeout.</param>
    /// <returns>The work.</returns>
    public Task SetBusyTimeoutAsync(TimeSpan value) => Run(c =>
    {
        c.BusyTimeout = value;
        return true;
    });

    /// <summary>Switches the database to write-ahead logging (a persistent property of the file).</summary>
    /// <returns>The work.</returns>
    public Task EnableWriteAheadLoggingAsync() => Run(c =>
    {
        c.EnableWriteAheadLogging();
        return true;
    });

    /// <summary>Allows or forbids loading SQLite extensions.</summary>
    /// <param name="enabled">Whether extensions may be loaded.</param>
    /// <returns>The work.</returns>
    public Task EnableLoadExtensionAsync(bool enabled) => Run(c =>
    {
        c.EnableLoadExtension(enabled);
        return true;
    });

    /// <summary>
    /// Closes the shared connection to this database once the call running on it (and every call made before this one)
    /// has finished. Other <see cref="SQLiteAsyncConnection"/>s to the same database keep working: their next call
    /// opens a new connection.
    /// </summary>
    /// <returns>The work.</returns>
    public Task CloseAsync()
    {
        var connection = SQLiteConnectionPool.Shared.Find(_connectionString);
        if (connection is null)
        {
            return Task.CompletedTask;
        }

        return connection.RunAsync(
            c =>
            {
                SQLiteConnectionPool.Shared.Remove(_connectionString, c);
                c.Close();
                return true;
            },
            whenClosed: static () => Task.FromResult(true));
    }

    /// <summary>Copies the database with SQLite's online backup.</summary>
    /// <param name="destinationDatabasePath">The destination file.</param>
    /// <param name="databaseName">The schema to copy.</param>
    /// <returns>The work.</returns>
    public Task BackupAsync(string destinationDatabasePath, string databaseName = "main") => Run(c =>
    {
        c.Backup(destinationDatabasePath, databaseName);
        return true;
    });

    /// <summary>Changes the encryption key (SQLCipher builds only).</summary>
    /// <param name="key">The new key.</param>
    /// <returns>The work.</returns>
    public Task ReKeyAsync(string key) => Run(c =>
    {
        c.ReKey(key);
        return true;
    });

    /// <summary>Changes the encryption key to raw bytes (SQLCipher builds only).</summary>
    /// <param name="key">The new key.</param>
    /// <returns>The work.</returns>
    public Task ReKeyAsync(byte[] key) => Run(c =>
    {
        c.ReKey(key);
        return true;
    });

    /// <summary>
    /// Runs <paramref name="action"/> in a transaction (BEGIN ... COMMIT) on the shared connection, holding its lock
    /// throughout so no other call's statements join it: committed when the action returns, rolled back when it throws
    /// (the task then fails with that exception). Inside the action, use the connection it is given; an asynchronous
    /// call on this object waited on from the action's thread runs at once, inside the transaction.
    /// </summary>
    /// <param name="action">The work, given the connection.</param>
    /// <returns>The work.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="action"/> is null.</exception>
    public Task RunInTransactionAsync(Action<SQLiteConnection> action)
    {
        ArgumentNullException.ThrowIfNull(action);
        return Run(c =>
        {
            c.BeginTransaction();
            try
            {
                action(c);
                c.Commit();
            }
            catch
            {
                c.Rollback();
                throw;
            }

            return true;
        });
    }

    /// <summary>Creates <typeparamref name="T"/>'s table, or adds its missing columns and indexes.</summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    /// <param name="createFlags">Conventions to apply.</param>
    /// <returns>Whether the table was created or migrated.</returns>
    public Task<CreateTableResult> CreateTableAsync<T>(CreateFlags createFlags = CreateFlags.None)
        where T : new() => Run(c => c.CreateTable<T>(createFlags));

    /// <summary>Creates <paramref name="ty"/>'s table, or adds its missing columns and indexes.</summary>
    /// <param name="ty">The mapped type.</param>
    /// <param name="createFlags">Conventions to apply.</param>
    /// <returns>Whether the table was created or migrated.</returns>
    public Task<CreateTableResult> CreateTableAsync(Type ty, CreateFlags createFlags = CreateFlags.None) => Run(c => c.CreateTable(ty, createFlags));

    /// <summary>Creates two tables.</summary>
    /// <typeparam name="T">The first type.</typeparam>
    /// <typeparam name="T2">The second type.</typeparam>
    /// <param name="createFlags">Conventions to apply.</param>
    /// <returns>What happened to each table.</returns>
    public Task<CreateTablesResult> CreateTablesAsync<T, T2>(CreateFlags createFlags = CreateFlags.None)
        where T : new()
        where T2 : new() => Run(c => c.CreateTables<T, T2>(createFlags));

    /// <summary>Creates three tables.</summary>
    /// <typeparam name="T">The first type.</typeparam>
    /// <typeparam name="T2">The second type.</typeparam>
    /// <typeparam name="T3">The third type.</typeparam>
    /// <param name="createFlags">Conventions to apply.</param>
    /// <returns>What happened to each table.</returns>
    public Task<CreateTablesResult> CreateTablesAsync<T, T2, T3>(CreateFlags createFlags = CreateFlags.None)
        where T : new()
        where T2 : new()
        where T3 : new() => Run(c => c.CreateTables<T, T2, T3>(createFlags));

    /// <summary>Creates four tables.</summary>
    /// <typeparam name="T">The first type.</typeparam>
    /// <typeparam name="T2">The second type.</typeparam>
    /// <typeparam name="T3">The third type.</typeparam>
    /// <typeparam name="T4">The fourth type.</typeparam>
    /// <param name="createFlags">Conventions to apply.</param>
    /// <returns>What happened to each table.</returns>
    public Task<CreateTablesResult> CreateTablesAsync<T, T2, T3, T4>(CreateFlags createFlags = CreateFlags.None)
        where T : new()
        where T2 : new()
        where T3 : new()
        where T4 : new() => Run(c => c.CreateTables<T, T2, T3, T4>(createFlags));

    /// <summary>Creates five tables.</summary>
    /// <typeparam name="T">The first type.</typeparam>
    /// <typeparam name="T2">The second type.</typeparam>
    /// <typeparam name="T3">The third type.</typeparam>
    /// <typeparam name="T4">The fourth type.</typeparam>
    /// <typeparam name="T5">The fifth type.</typeparam>
    /// <param name="createFlags">Conventions to apply.</param>
    /// <returns>What happened to each table.</returns>
    public Task<CreateTablesResult> CreateTablesAsync<T, T2, T3, T4, T5>(CreateFlags createFlags = CreateFlags.None)
        where T : new()
        where T2 : new()
        where T3 : new()
        where T4 : new()
        where T5 : new() => Run(c => c.CreateTables<T, T2, T3, T4, T5>(createFlags));

    /// <summary>Creates the tables of <paramref name="types"/>.</summary>
    /// <param name="createFlags">Conventions to apply.</param>
    /// <param name="types">The mapped types.</param>
    /// <returns>What happened to each table.</returns>
    public Task<CreateTablesResult> CreateTablesAsync(CreateFlags createFlags = CreateFlags.None, params Type[] types) =>
        Run(c => c.CreateTables(createFlags, types));

    /// <summary>Drops <typeparamref name="T"/>'s table.</summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    /// <returns>The statement's result.</returns>
    public Task<int> DropTableAsync<T>()
        where T : new() => Run(c => c.DropTable<T>());

    /// <summary>Drops <paramref name="map"/>'s table.</summary>
    /// <param name="map">The table mapping.</param>
    /// <returns>The statement's result.</returns>
    public Task<int> DropTableAsync(TableMapping map) => Run(c => c.DropTable(map));

    /// <summary>Creates an index on one column.</summary>
    /// <param name="tableName">The table.</param>
    /// <param name="columnName">The column.</param>
    /// <param name="unique">Whether the index is unique.</param>
    /// <returns>The statement's result.</returns>
    public Task<int> CreateIndexAsync(string tableName, string columnName, bool unique = false) =>
        Run(c => c.CreateIndex(tableName, columnName, unique));

    /// <summary>Creates a named index on one column.</summary>
    /// <param name="indexName">The index.</param>
    /// <param name="tableName">The table.</param>
    /// <param name="columnName">The column.</param>
    /// <param name="unique">Whether the index is unique.</param>
    /// <returns>The statement's result.</returns>
    public Task<int> CreateIndexAsync(string indexName, string tableName, string columnName, bool unique = false) =>
        Run(c => c.CreateIndex(indexName, tableName, columnName, unique));

    /// <summary>Creates an index on several columns.</summary>
    /// <param name="tableName">The table.</param>
    /// <param name="columnNames">The columns.</param>
    /// <param name="unique">Whether the index is unique.</param>
    /// <returns>The statement's result.</returns>
    public Task<int> CreateIndexAsync(string tableName, string[] columnNames, bool unique = false) =>
        Run(c => c.CreateIndex(tableName, columnNames, unique));

    /// <summary>Creates a named index on several columns.</summary>
    /// <param name="indexName">The index.</param>
    /// <param name="tableName">The table.</param>
    /// <param name="columnNames">The columns.</param>
    /// <param name="unique">Whether the index is unique.</param>
    /// <returns>The statement's result.</returns>
    public Task<int> CreateIndexAsync(string indexName, string tableName, string[] columnNames, bool unique = false) =>
        Run(c => c.CreateIndex(indexName, tableName, columnNames, unique));

    /// <summary>Creates an index on the property <paramref name="property"/> selects.</summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    /// <param name="property">The property.</param>
    /// <param name="unique">Whether the index is unique.</param>
    /// <returns>The statement's result.</returns>
    public Task<int> CreateIndexAsync<T>(Expression<Func<T, object>> property, bool unique = false) =>
        Run(c => c.CreateIndex(property, unique));

    /// <summary>The mapping of <paramref name="type"/>.</summary>
    /// <param name="type">The mapped type.</param>
    /// <param name="createFlags">Conventions to apply.</param>
    /// <returns>The mapping.</returns>
    public Task<TableMapping> GetMappingAsync(Type type, CreateFlags createFlags = CreateFlags.None) => Run(c => c.GetMapping(type, createFlags));

    /// <summary>The mapping of <typeparamref name="T"/>.</summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    /// <param name="createFlags">Conventions to apply.</param>
    /// <returns>The mapping.</returns>
    public Task<TableMapping> GetMappingAsync<T>(CreateFlags createFlags = CreateFlags.None)
        where T : new() => Run(c => c.GetMapping<T>(createFlags));

    /// <summary>The columns of <paramref name="tableName"/> (<c>PRAGMA table_info</c>).</summary>
    /// <param name="tableName">The table.</param>
    /// <returns>The columns.</returns>
    public Task<List<SQLiteConnection.ColumnInfo>> GetTableInfoAsync(string tableName) => Run(c => c.GetTableInfo(tableName));

    /// <summary>
    /// Runs <paramref name="work"/> on the shared connection in this call's turn. When the connection is closed before
    /// the turn comes (<see cref="CloseAsync"/> queued earlier), the call runs on a newly opened one instead.
    /// </summary>
    private Task<T> Run<T>(Func<SQLiteConnectionWithLock, T> work)
    {
        SQLiteConnectionWithLock connection;
        try
        {
            connection = GetConnection();
        }
        catch (Exception e)
        {
            // Opening fails the task, as every other error does.
            return Task.FromException<T>(e);
        }

        return connection.RunAsync(work, () => Run(work));
    }
}
