using System.Collections;
using System.Linq.Expressions;

namespace SQLite;

/// <summary>
/// sqlite-net's asynchronous connection API, for dependency injection and test doubles; <see cref="SQLiteAsyncConnection"/>
/// implements it. Every member returns a <see cref="Task"/> (not a ValueTask), so results can be kept, waited on and
/// passed to <see cref="Task.WhenAll(Task[])"/>.
/// </summary>
public interface ISQLiteAsyncConnection
{
    /// <summary>The database file path.</summary>
    string DatabasePath { get; }

    /// <summary>The SQLite library version as a number.</summary>
    int LibVersionNumber { get; }

    /// <summary>The .NET format of <see cref="DateTime"/> text when not stored as ticks.</summary>
    string DateTimeStringFormat { get; }

    /// <summary>Whether <see cref="DateTime"/> values are stored as ticks.</summary>
    bool StoreDateTimeAsTicks { get; }

    /// <summary>Whether <see cref="TimeSpan"/> values are stored as ticks.</summary>
    bool StoreTimeSpanAsTicks { get; }

    /// <summary>Whether executed statements are written to <see cref="Tracer"/>.</summary>
    bool Trace { get; set; }

    /// <summary>Receives trace lines.</summary>
    Action<string> Tracer { get; set; }

    /// <summary>Whether statement times are traced.</summary>
    bool TimeExecution { get; set; }

    /// <summary>The mappings built so far.</summary>
    IEnumerable<TableMapping> TableMappings { get; }

    /// <summary>Copies the database with SQLite's online backup.</summary>
    /// <param name="destinationDatabasePath">The destination file.</param>
    /// <param name="databaseName">The schema to copy.</param>
    /// <returns>The work.</returns>
    Task BackupAsync(string destinationDatabasePath, string databaseName = "main");

    /// <summary>Closes the shared connection to this database (after the call running on it).</summary>
    /// <returns>The work.</returns>
    Task CloseAsync();

    /// <summary>Creates an index on one column.</summary>
    /// <param name="tableName">The table.</param>
    /// <param name="columnName">The column.</param>
    /// <param name="unique">Whether the index is unique.</param>
    /// <returns>The statement's result.</returns>
    Task<int> CreateIndexAsync(string tableName, string columnName, bool unique = false);

    /// <summary>Creates a named index on one column.</summary>
    /// <param name="indexName">The index.</param>
    /// <param name="tableName">The table.</param>
    /// <param name="columnName">The column.</param>
    /// <param name="unique">Whether the index is unique.</param>
    /// <returns>The statement's result.</returns>
    Task<int> CreateIndexAsync(string indexName, string tableName, string columnName, bool unique = false);

    /// <summary>Creates an index on several columns.</summary>
    /// <param name="tableName">The table.</param>
    /// <param name="columnNames">The columns.</param>
    /// <param name="unique">Whether the index is unique.</param>
    /// <returns>The statement's result.</returns>
    Task<int> CreateIndexAsync(string tableName, string[] columnNames, bool unique = false);

    /// <summary>Creates a named index on several columns.</summary>
    /// <param name="indexName">The index.</param>
    /// <param name="tableName">The table.</param>
    /// <param name="columnNames">The columns.</param>
    /// <param name="unique">Whether the index is unique.</param>
    /// <returns>The statement's result.</returns>
    Task<int> CreateIndexAsync(string indexName, string tableName, string[] columnNames, bool unique = false);

    /// <summary>Creates an index on the property <paramref name="property"/> selects.</summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    /// <param name="property">The property.</param>
    /// <param name="unique">Whether the index is unique.</param>
    /// <returns>The statement's result.</returns>
    Task<int> CreateIndexAsync<T>(Expression<Func<T, object>> property, bool unique = false);

    /// <summary>Creates <typeparamref name="T"/>'s table, or adds its missing columns and indexes.</summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    /// <param name="createFlags">Conventions to apply.</param>
    /// <returns>Whether the table was created or migrated.</returns>
    Task<CreateTableResult> CreateTableAsync<T>(CreateFlags createFlags = CreateFlags.None)
        where T : new();

    /// <summary>Creates <paramref name="ty"/>'s table, or adds its missing columns and indexes.</summary>
    /// <param name="ty">The mapped type.</param>
    /// <param name="createFlags">Conventions to apply.</param>
    /// <returns>Whether the table was created or migrated.</returns>
    Task<CreateTableResult> CreateTableAsync(Type ty, CreateFlags createFlags = CreateFlags.None);

    /// <summary>Creates two tables.</summary>
    /// <typeparam name="T">The first type.</typeparam>
    /// <typeparam name="T2">The second type.</typeparam>
    /// <param name="createFlags">Conventions to apply.</param>
    /// <returns>What happened to each table.</returns>
    Task<CreateTablesResult> CreateTablesAsync<T, T2>(CreateFlags createFlags = CreateFlags.None)
        where T : new()
        where T2 : new();

    /// <summary>Creates three tables.</summary>
    /// <typeparam name="T">The first type.</typeparam>
    /// <typeparam name="T2">The second type.</typeparam>
    /// <typeparam name="T3">The third type.</typeparam>
    /// <param name="createFlags">Conventions to apply.</param>
    /// <returns>What happened to each table.</returns>
    Task<CreateTablesResult> CreateTablesAsync<T, T2, T3>(CreateFlags createFlags = CreateFlags.None)
        where T : new()
        where T2 : new()
        where T3 : new();

    /// <summary>Creates four tables.</summary>
    /// <typeparam name="T">The first type.</typeparam>
    /// <typeparam name="T2">The second type.</typeparam>
    /// <typeparam name="T3">The third type.</typeparam>
    /// <typeparam name="T4">The fourth type.</typeparam>
    /// <param name="createFlags">Conventions to apply.</param>
    /// <returns>What happened to each table.</returns>
    Task<CreateTablesResult> CreateTablesAsync<T, T2, T3, T4>(CreateFlags createFlags = CreateFlags.None)
        where T : new()
        where T2 : new()
        where T3 : new()
        where T4 : new();

    /// <summary>Creates five tables.</summary>
    /// <typeparam name="T">The first type.</typeparam>
    /// <typeparam name="T2">The second type.</typeparam>
    /// <typeparam name="T3">The third type.</typeparam>
    /// <typeparam name="T4">The fourth type.</typeparam>
    /// <typeparam name="T5">The fifth type.</typeparam>
    /// <param name="createFlags">Conventions to apply.</param>
    /// <returns>What happened to each table.</returns>
    Task<CreateTablesResult> CreateTablesAsync<T, T2, T3, T4, T5>(CreateFlags createFlags = CreateFlags.None)
        where T : new()
        where T2 : new()
        where T3 : new()
        where T4 : new()
        where T5 : new();

    /// <summary>Creates the tables of <paramref name="types"/>.</summary>
    /// <param name="createFlags">Conventions to apply.</param>
    /// <param name="types">The mapped types.</param>
    /// <returns>What happened to each table.</returns>
    Task<CreateTablesResult> CreateTablesAsync(CreateFlags createFlags = CreateFlags.None, params Type[] types);

    /// <summary>Runs a query and reads all its rows (sqlite-net reads them before the call completes, too).</summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    /// <param name="query">The SQL.</param>
    /// <param name="args">The parameter values.</param>
    /// <returns>The objects.</returns>
    Task<IEnumerable<T>> DeferredQueryAsync<T>(string query, params object[] args)
        where T : new();

    /// <summary>Runs a query and reads all its rows as objects of <paramref name="map"/>'s type.</summary>
    /// <param name="map">The table mapping.</param>
    /// <param name="query">The SQL.</param>
    /// <param name="args">The parameter values.</param>
    /// <returns>The objects.</returns>
    Task<IEnumerable<object>> DeferredQueryAsync(TableMapping map, string query, params object[] args);

    /// <summary>Deletes every row of <typeparamref name="T"/>'s table.</summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    /// <returns>The number of rows deleted.</returns>
    Task<int> DeleteAllAsync<T>();

    /// <summary>Deletes every row of <paramref name="map"/>'s table.</summary>
    /// <param name="map">The table mapping.</param>
    /// <returns>The number of rows deleted.</returns>
    Task<int> DeleteAllAsync(TableMapping map);

    /// <summary>Deletes the row of <paramref name="objectToDelete"/> by its primary key.</summary>
    /// <param name="objectToDelete">The object.</param>
    /// <returns>The number of rows deleted.</returns>
    Task<int> DeleteAsync(object objectToDelete);

    /// <summary>Deletes the row of <typeparamref name="T"/> with <paramref name="primaryKey"/>.</summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    /// <param name="primaryKey">The key.</param>
    /// <returns>The number of rows deleted.</returns>
    Task<int> DeleteAsync<T>(object primaryKey);

    /// <summary>Deletes the row of <paramref name="map"/>'s table with <paramref name="primaryKey"/>.</summary>
    /// <param name="primaryKey">The key.</param>
    /// <param name="map">The table mapping.</param>
    /// <returns>The number of rows deleted.</returns>
    Task<int> DeleteAsync(object primaryKey, TableMapping map);

    /// <summary>Drops <typeparamref name="T"/>'s table.</summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    /// <returns>The statement's result.</returns>
    Task<int> DropTableAsync<T>()
        where T : new();

    /// <summary>Drops <paramref name="map"/>'s table.</summary>
    /// <param name="map">The table mapping.</param>
    /// <returns>The statement's result.</returns>
    Task<int> DropTableAsync(TableMapping map);

    /// <summary>Allows or forbids loading SQLite extensions.</summary>
    /// <param name="enabled">Whether extensions may be loaded.</param>
    /// <returns>The work.</returns>
    Task EnableLoadExtensionAsync(bool enabled);

    /// <summary>Switches the database to write-ahead logging.</summary>
    /// <returns>The work.</returns>
    Task EnableWriteAheadLoggingAsync();

    /// <summary>Runs a statement that returns no rows.</summary>
    /// <param name="query">The SQL.</param>
    /// <param name="args">The parameter values.</param>
    /// <returns>The number of rows changed.</returns>
    Task<int> ExecuteAsync(string query, params object[] args);

    /// <summary>Runs a query and returns the first column of its first row.</summary>
    /// <typeparam name="T">The value type.</typeparam>
    /// <param name="query">The SQL.</param>
    /// <param name="args">The parameter values.</param>
    /// <returns>The value, or default.</returns>
    Task<T> ExecuteScalarAsync<T>(string query, params object[] args);

    /// <summary>The object of <typeparamref name="T"/> with <paramref name="pk"/>, or null.</summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    /// <param name="pk">The key.</param>
    /// <returns>The object or null.</returns>
    Task<T> FindAsync<T>(object pk)
        where T : new();

    /// <summary>The object of <paramref name="map"/>'s type with <paramref name="pk"/>, or null.</summary>
    /// <param name="pk">The key.</param>
    /// <param name="map">The table mapping.</param>
    /// <returns>The object or null.</returns>
    Task<object> FindAsync(object pk, TableMapping map);

    /// <summary>The first object matching <paramref name="predicate"/>, or null.</summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    /// <param name="predicate">The condition.</param>
    /// <returns>The object or null.</returns>
    Task<T> FindAsync<T>(Expression<Func<T, bool>> predicate)
        where T : new();

    /// <summary>The first row of a query as <typeparamref name="T"/>, or null.</summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    /// <param name="query">The SQL.</param>
    /// <param name="args">The parameter values.</param>
    /// <returns>The object or null.</returns>
    Task<T> FindWithQueryAsync<T>(string query, params object[] args)
        where T : new();

    /// <summary>The first row of a query as an object of <paramref name="map"/>'s type, or null.</summary>
    /// <param name="map">The table mapping.</param>
    /// <param name="query">The SQL.</param>
    /// <param name="args">The parameter values.</param>
    /// <returns>The object or null.</returns>
    Task<object> FindWithQueryAsync(TableMapping map, string query, params object[] args);

    /// <summary>The object of <typeparamref name="T"/> with <paramref name="pk"/>.</summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    /// <param name="pk">The key.</param>
    /// <returns>The object; the task fails with <see cref="InvalidOperationException"/> when there is none.</returns>
    Task<T> GetAsync<T>(object pk)
        where T : new();

    /// <summary>The object of <paramref name="map"/>'s type with <paramref name="pk"/>.</summary>
    /// <param name="pk">The key.</param>
    /// <param name="map">The table mapping.</param>
    /// <returns>The object; the task fails when there is none.</returns>
    Task<object> GetAsync(object pk, TableMapping map);

    /// <summary>The first object matching <paramref name="predicate"/>.</summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    /// <param name="predicate">The condition.</param>
    /// <returns>The object; the task fails when there is none.</returns>
    Task<T> GetAsync<T>(Expression<Func<T, bool>> predicate)
        where T : new();

    /// <summary>The busy timeout of the shared connection.</summary>
    /// <returns>The timeout.</returns>
    TimeSpan GetBusyTimeout();

    /// <summary>The shared connection underneath; take its <see cref="SQLiteConnectionWithLock.Lock"/> to use it directly.</summary>
    /// <returns>The connection.</returns>
    SQLiteConnectionWithLock GetConnection();

    /// <summary>The mapping of <paramref name="type"/>.</summary>
    /// <param name="type">The mapped type.</param>
    /// <param name="createFlags">Conventions to apply.</param>
    /// <returns>The mapping.</returns>
    Task<TableMapping> GetMappingAsync(Type type, CreateFlags createFlags = CreateFlags.None);

    /// <summary>The mapping of <typeparamref name="T"/>.</summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    /// <param name="createFlags">Conventions to apply.</param>
    /// <returns>The mapping.</returns>
    Task<TableMapping> GetMappingAsync<T>(CreateFlags createFlags = CreateFlags.None)
        where T : new();

    /// <summary>The columns of <paramref name="tableName"/> (<c>PRAGMA table_info</c>).</summary>
    /// <param name="tableName">The table.</param>
    /// <returns>The columns.</returns>
    Task<List<SQLiteConnection.ColumnInfo>> GetTableInfoAsync(string tableName);

    /// <summary>Inserts every object, in one transaction unless <paramref name="runInTransaction"/> is false.</summary>
    /// <param name="objects">The objects.</param>
    /// <param name="runInTransaction">Whether to wrap the inserts in a transaction.</param>
    /// <returns>The number of rows inserted.</returns>
    Task<int> InsertAllAsync(IEnumerable objects, bool runInTransaction = true);

    /// <summary>Inserts every object with <paramref name="extra"/> after INSERT (e.g. <c>OR REPLACE</c>).</summary>
    /// <param name="objects">The objects.</param>
    /// <param name="extra">The conflict clause.</param>
    /// <param name="runInTransaction">Whether to wrap the inserts in a transaction.</param>
    /// <returns>The number of rows inserted.</returns>
    Task<int> InsertAllAsync(IEnumerable objects, string extra, bool runInTransaction = true);

    /// <summary>Inserts every object as <paramref name="objType"/>.</summary>
    /// <param name="objects">The objects.</param>
    /// <param name="objType">The mapped type.</param>
    /// <param name="runInTransaction">Whether to wrap the inserts in a transaction.</param>
    /// <returns>The number of rows inserted.</returns>
    Task<int> InsertAllAsync(IEnumerable objects, Type objType, bool runInTransaction = true);

    /// <summary>Inserts <paramref name="obj"/>, setting its auto-increment key.</summary>
    /// <param name="obj">The object.</param>
    /// <returns>The number of rows inserted.</returns>
    Task<int> InsertAsync(object obj);

    /// <summary>Inserts <paramref name="obj"/> as <paramref name="objType"/>.</summary>
    /// <param name="obj">The object.</param>
    /// <param name="objType">The mapped type.</param>
    /// <returns>The number of rows inserted.</returns>
    Task<int> InsertAsync(object obj, Type objType);

    /// <summary>Inserts <paramref name="obj"/> with <paramref name="extra"/> after INSERT.</summary>
    /// <param name="obj">The object.</param>
    /// <param name="extra">The conflict clause.</param>
    /// <returns>The number of rows inserted.</returns>
    Task<int> InsertAsync(object obj, string extra);

    /// <summary>Inserts <paramref name="obj"/> as <paramref name="objType"/> with <paramref name="extra"/> after INSERT.</summary>
    /// <param name="obj">The object.</param>
    /// <param name="extra">The conflict clause.</param>
    /// <param name="objType">The mapped type.</param>
    /// <returns>The number of rows inserted.</returns>
    Task<int> InsertAsync(object obj, string extra, Type objType);

    /// <summary>Inserts <paramref name="obj"/>, replacing a row with the same key.</summary>
    /// <param name="obj">The object.</param>
    /// <returns>The number of rows written.</returns>
    Task<int> InsertOrReplaceAsync(object obj);

    /// <summary>Inserts <paramref name="obj"/> as <paramref name="objType"/>, replacing a row with the same key.</summary>
    /// <param name="obj">The object.</param>
    /// <param name="objType">The mapped type.</param>
    /// <returns>The number of rows written.</returns>
    Task<int> InsertOrReplaceAsync(object obj, Type objType);

    /// <summary>Runs a query and maps every row to a new <typeparamref name="T"/>.</summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    /// <param name="query">The SQL.</param>
    /// <param name="args">The parameter values.</param>
    /// <returns>The objects.</returns>
    Task<List<T>> QueryAsync<T>(string query, params object[] args)
        where T : new();

    /// <summary>Runs a query and maps every row to an object of <paramref name="map"/>'s type.</summary>
    /// <param name="map">The table mapping.</param>
    /// <param name="query">The SQL.</param>
    /// <param name="args">The parameter values.</param>
    /// <returns>The objects.</returns>
    Task<List<object>> QueryAsync(TableMapping map, string query, params object[] args);

    /// <summary>Runs a query and returns the first column of every row.</summary>
    /// <typeparam name="T">The value type.</typeparam>
    /// <param name="query">The SQL.</param>
    /// <param name="args">The parameter values.</param>
    /// <returns>The values.</returns>
    Task<List<T>> QueryScalarsAsync<T>(string query, params object[] args);

    /// <summary>Changes the encryption key (SQLCipher builds only).</summary>
    /// <param name="key">The new key.</param>
    /// <returns>The work.</returns>
    Task ReKeyAsync(string key);

    /// <summary>Changes the encryption key to raw bytes (SQLCipher builds only).</summary>
    /// <param name="key">The new key.</param>
    /// <returns>The work.</returns>
    Task ReKeyAsync(byte[] key);

    /// <summary>
    /// Runs <paramref name="action"/> in a transaction on the shared connection, holding its lock throughout: committed
    /// when the action returns, rolled back (and the task failed with the exception) when it throws.
    /// </summary>
    /// <param name="action">The work, given the connection.</param>
    /// <returns>The work.</returns>
    Task RunInTransactionAsync(Action<SQLiteConnection> action);

    /// <summary>Sets the busy timeout of the shared connection.</summary>
    /// <param name="value">The timeout.</param>
    /// <returns>The work.</returns>
    Task SetBusyTimeoutAsync(TimeSpan value);

    /// <summary>A LINQ query over <typeparamref name="T"/>'s table with asynchronous terminals.</summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    /// <returns>The query.</returns>
    AsyncTableQuery<T> Table<T>()
        where T : new();

    /// <summary>Updates every object by its primary key.</summary>
    /// <param name="objects">The objects.</param>
    /// <param name="runInTransaction">Whether to wrap the updates in a transaction.</param>
    /// <returns>The number of rows updated.</returns>
    Task<int> UpdateAllAsync(IEnumerable objects, bool runInTransaction = true);

    /// <summary>Updates the row of <paramref name="obj"/> by its primary key.</summary>
    /// <param name="obj">The object.</param>
    /// <returns>The number of rows updated.</returns>
    Task<int> UpdateAsync(object obj);

    /// <summary>Updates the row of <paramref name="obj"/> as <paramref name="objType"/>.</summary>
    /// <param name="obj">The object.</param>
    /// <param name="objType">The mapped type.</param>
    /// <returns>The number of rows updated.</returns>
    Task<int> UpdateAsync(object obj, Type objType);
}
