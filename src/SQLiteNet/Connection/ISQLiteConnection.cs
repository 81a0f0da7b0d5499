using System.Collections;
using System.Linq.Expressions;
using SQLitePCL;

namespace SQLite;

/// <summary>The members of <see cref="SQLiteConnection"/>, as sqlite-net declares them (for mocking and wrapping).</summary>
public interface ISQLiteConnection : IDisposable
{
    /// <summary>The native database handle.</summary>
    sqlite3 Handle { get; }

    /// <summary>The database file path.</summary>
    string DatabasePath { get; }

    /// <summary>The SQLite library version as a number.</summary>
    int LibVersionNumber { get; }

    /// <summary>Whether the time each statement takes is traced.</summary>
    bool TimeExecution { get; set; }

    /// <summary>Whether executed statements are traced.</summary>
    bool Trace { get; set; }

    /// <summary>Receives trace lines.</summary>
    Action<string> Tracer { get; set; }

    /// <summary>Whether <see cref="DateTime"/> values are stored as ticks.</summary>
    bool StoreDateTimeAsTicks { get; }

    /// <summary>Whether <see cref="TimeSpan"/> values are stored as ticks.</summary>
    bool StoreTimeSpanAsTicks { get; }

    /// <summary>The .NET format of <see cref="DateTime"/> text.</summary>
    string DateTimeStringFormat { get; }

    /// <summary>How long a statement waits for another connection's lock.</summary>
    TimeSpan BusyTimeout { get; set; }

    /// <summary>The mappings built so far.</summary>
    IEnumerable<TableMapping> TableMappings { get; }

    /// <summary>Whether a transaction is open.</summary>
    bool IsInTransaction { get; }

    /// <summary>Raised after rows are inserted, updated or deleted through the object API.</summary>
    event EventHandler<NotifyTableChangedEventArgs> TableChanged;

    /// <summary>Copies the database with SQLite's online backup.</summary>
    /// <param name="destinationDatabasePath">The destination file.</param>
    /// <param name="databaseName">The schema to copy.</param>
    void Backup(string destinationDatabasePath, string databaseName = "main");

    /// <summary>Begins a transaction.</summary>
    void BeginTransaction();

    /// <summary>Closes the connection.</summary>
    void Close();

    /// <summary>Commits the open transaction, if any.</summary>
    void Commit();

    /// <summary>A command with positional arguments.</summary>
    /// <param name="cmdText">The SQL.</param>
    /// <param name="ps">The parameter values.</param>
    /// <returns>The command.</returns>
    SQLiteCommand CreateCommand(string cmdText, params object[] ps);

    /// <summary>A command with named arguments.</summary>
    /// <param name="cmdText">The SQL.</param>
    /// <param name="args">The parameter values by name.</param>
    /// <returns>The command.</returns>
    SQLiteCommand CreateCommand(string cmdText, Dictionary<string, object> args);

    /// <summary>Creates a named index.</summary>
    /// <param name="indexName">The index name.</param>
    /// <param name="tableName">The table.</param>
    /// <param name="columnNames">The columns.</param>
    /// <param name="unique">Whether it is unique.</param>
    /// <returns>The rows changed (0).</returns>
    int CreateIndex(string indexName, string tableName, string[] columnNames, bool unique = false);

    /// <summary>Creates a named single-column index.</summary>
    /// <param name="indexName">The index name.</param>
    /// <param name="tableName">The table.</param>
    /// <param name="columnName">The column.</param>
    /// <param name="unique">Whether it is unique.</param>
    /// <returns>The rows changed (0).</returns>
    int CreateIndex(string indexName, string tableName, string columnName, bool unique = false);

    /// <summary>Creates the index <c>{table}_{column}</c>.</summary>
    /// <param name="tableName">The table.</param>
    /// <param name="columnName">The column.</param>
    /// <param name="unique">Whether it is unique.</param>
    /// <returns>The rows changed (0).</returns>
    int CreateIndex(string tableName, string columnName, bool unique = false);

    /// <summary>Creates the index <c>{table}_{columns}</c>.</summary>
    /// <param name="tableName">The table.</param>
    /// <param name="columnNames">The columns.</param>
    /// <param name="unique">Whether it is unique.</param>
    /// <returns>The rows changed (0).</returns>
    int CreateIndex(string tableName, string[] columnNames, bool unique = false);

    /// <summary>Creates an index on a property's column.</summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    /// <param name="property">The property.</param>
    /// <param name="unique">Whether it is unique.</param>
    /// <returns>The rows changed (0).</returns>
    int CreateIndex<T>(Expression<Func<T, object>> property, bool unique = false);

    /// <summary>Creates or migrates a table.</summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    /// <param name="createFlags">Conventions.</param>
    /// <returns>Created or Migrated.</returns>
    CreateTableResult CreateTable<T>(CreateFlags createFlags = CreateFlags.None);

    /// <summary>Creates or migrates a table.</summary>
    /// <param name="ty">The mapped type.</param>
    /// <param name="createFlags">Conventions.</param>
    /// <returns>Created or Migrated.</returns>
    CreateTableResult CreateTable(Type ty, CreateFlags createFlags = CreateFlags.None);

    /// <summary>Creates or migrates two tables.</summary>
    /// <typeparam name="T">The first type.</typeparam>
    /// <typeparam name="T2">The second type.</typeparam>
    /// <param name="createFlags">Conventions.</param>
    /// <returns>The results.</returns>
    CreateTablesResult CreateTables<T, T2>(CreateFlags createFlags = CreateFlags.None)
        where T : new()
        where T2 : new();

    /// <summary>Creates or migrates three tables.</summary>
    /// <typeparam name="T">The first type.</typeparam>
    /// <typeparam name="T2">The second type.</typeparam>
    /// <typeparam name="T3">The third type.</typeparam>
    /// <param name="createFlags">Conventions.</param>
    /// <returns>The results.</returns>
    CreateTablesResult CreateTables<T, T2, T3>(CreateFlags createFlags = CreateFlags.None)
        where T : new()
        where T2 : new()
        where T3 : new();

    /// <summary>Creates or migrates four tables.</summary>
    /// <typeparam name="T">The first type.</typeparam>
    /// <typeparam name="T2">The second type.</typeparam>
    /// <typeparam name="T3">The third type.</typeparam>
    /// <typeparam name="T4">The fourth type.</typeparam>
    /// <param name="createFlags">Conventions.</param>
    /// <returns>The results.</returns>
    CreateTablesResult CreateTables<T, T2, T3, T4>(CreateFlags createFlags = CreateFlags.None)
        where T : new()
        where T2 : new()
        where T3 : new()
        where T4 : new();

    /// <summary>Creates or migrates five tables.</summary>
    /// <typeparam name="T">The first type.</typeparam>
    /// <typeparam name="T2">The second type.</typeparam>
    /// <typeparam name="T3">The third type.</typeparam>
    /// <typeparam name="T4">The fourth type.</typeparam>
    /// <typeparam name="T5">The fifth type.</typeparam>
    /// <param name="createFlags">Conventions.</param>
    /// <returns>The results.</returns>
    CreateTablesResult CreateTables<T, T2, T3, T4, T5>(CreateFlags createFlags = CreateFlags.None)
        where T : new()
        where T2 : new()
        where T3 : new()
        where T4 : new()
        where T5 : new();

    /// <summary>Creates or migrates tables.</summary>
    /// <param name="createFlags">Conventions.</param>
    /// <param name="types">The mapped types.</param>
    /// <returns>The results.</returns>
    CreateTablesResult CreateTables(CreateFlags createFlags = CreateFlags.None, params Type[] types);

    /// <summary>Runs a query lazily.</summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    /// <param name="query">The SQL.</param>
    /// <param name="args">The parameter values.</param>
    /// <returns>The objects.</returns>
    IEnumerable<T> DeferredQuery<T>(string query, params object[] args)
        where T : new();

    /// <summary>Runs a query lazily.</summary>
    /// <param name="map">The table mapping.</param>
    /// <param name="query">The SQL.</param>
    /// <param name="args">The parameter values.</param>
    /// <returns>The objects.</returns>
    IEnumerable<object> DeferredQuery(TableMapping map, string query, params object[] args);

    /// <summary>Deletes an object by its key.</summary>
    /// <param name="objectToDelete">The object.</param>
    /// <returns>The rows deleted.</returns>
    int Delete(object objectToDelete);

    /// <summary>Deletes a row by key.</summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    /// <param name="primaryKey">The key.</param>
    /// <returns>The rows deleted.</returns>
    int Delete<T>(object primaryKey);

    /// <summary>Deletes a row by key.</summary>
    /// <param name="primaryKey">The key.</param>
    /// <param name="map">The table.</param>
    /// <returns>The rows deleted.</returns>
    int Delete(object primaryKey, TableMapping map);

    /// <summary>Deletes every row.</summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    /// <returns>The rows deleted.</returns>
    int DeleteAll<T>();

    /// <summary>Deletes every row.</summary>
    /// <param name="map">The table.</param>
    /// <returns>The rows deleted.</returns>
    int DeleteAll(TableMapping map);

    /// <summary>Drops a table.</summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    /// <returns>The rows changed (0).</returns>
    int DropTable<T>();

    /// <summary>Drops a table.</summary>
    /// <param name="map">The table.</param>
    /// <returns>The rows changed (0).</returns>
    int DropTable(TableMapping map);

    /// <summary>Allows or forbids loading extensions.</summary>
    /// <param name="enabled">Whether extensions may be loaded.</param>
    void EnableLoadExtension(bool enabled);

    /// <summary>Switches to write-ahead logging.</summary>
    void EnableWriteAheadLogging();

    /// <summary>Runs a statement.</summary>
    /// <param name="query">The SQL.</param>
    /// <param name="args">The parameter values.</param>
    /// <returns>The rows changed.</returns>
    int Execute(string query, params object[] args);

    /// <summary>Runs a query for one value.</summary>
    /// <typeparam name="T">The value type.</typeparam>
    /// <param name="query">The SQL.</param>
    /// <param name="args">The parameter values.</param>
    /// <returns>The value.</returns>
    T ExecuteScalar<T>(string query, params object[] args);

    /// <summary>The object with a key, or null.</summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    /// <param name="pk">The key.</param>
    /// <returns>The object or null.</returns>
    T Find<T>(object pk)
        where T : new();

    /// <summary>The object with a key, or null.</summary>
    /// <param name="pk">The key.</param>
    /// <param name="map">The table.</param>
    /// <returns>The object or null.</returns>
    object Find(object pk, TableMapping map);

    /// <summary>The first object matching a condition, or null.</summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    /// <param name="predicate">The condition.</param>
    /// <returns>The object or null.</returns>
    T Find<T>(Expression<Func<T, bool>> predicate)
        where T : new();

    /// <summary>The first object a query returns, or null.</summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    /// <param name="query">The SQL.</param>
    /// <param name="args">The parameter values.</param>
    /// <returns>The object or null.</returns>
    T FindWithQuery<T>(string query, params object[] args)
        where T : new();

    /// <summary>The first object a query returns, or null.</summary>
    /// <param name="map">The table mapping.</param>
    /// <param name="query">The SQL.</param>
    /// <param name="args">The parameter values.</param>
    /// <returns>The object or null.</returns>
    object FindWithQuery(TableMapping map, string query, params object[] args);

    /// <summary>The object with a key; throws when absent.</summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    /// <param name="pk">The key.</param>
    /// <returns>The object.</returns>
    T Get<T>(object pk)
        where T : new();

    /// <summary>The object with a key; throws when absent.</summary>
    /// <param name="pk">The key.</param>
    /// <param name="map">The table.</param>
    /// <returns>The object.</returns>
    object Get(object pk, TableMapping map);

    /// <summary>The first object matching a condition; throws when none.</summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    /// <param name="predicate">The condition.</param>
    /// <returns>The object.</returns>
    T Get<T>(Expression<Func<T, bool>> predicate)
        where T : new();

    /// <summary>The mapping of a type.</summary>
    /// <param name="type">The mapped type.</param>
    /// <param name="createFlags">Conventions.</param>
    /// <returns>The mapping.</returns>
    TableMapping GetMapping(Type type, CreateFlags createFlags = CreateFlags.None);

    /// <summary>The mapping of a type.</summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    /// <param name="createFlags">Conventions.</param>
    /// <returns>The mapping.</returns>
    TableMapping GetMapping<T>(CreateFlags createFlags = CreateFlags.None);

    /// <summary>A table's columns.</summary>
    /// <param name="tableName">The table.</param>
    /// <returns>The columns.</returns>
    List<SQLiteConnection.ColumnInfo> GetTableInfo(string tableName);

    /// <summary>Inserts an object.</summary>
    /// <param name="obj">The object.</param>
    /// <returns>The rows added.</returns>
    int Insert(object obj);

    /// <summary>Inserts an object as a type.</summary>
    /// <param name="obj">The object.</param>
    /// <param name="objType">The mapped type.</param>
    /// <returns>The rows added.</returns>
    int Insert(object obj, Type objType);

    /// <summary>Inserts an object with a conflict clause.</summary>
    /// <param name="obj">The object.</param>
    /// <param name="extra">The conflict clause.</param>
    /// <returns>The rows added.</returns>
    int Insert(object obj, string extra);

    /// <summary>Inserts an object as a type with a conflict clause.</summary>
    /// <param name="obj">The object.</param>
    /// <param name="extra">The conflict clause.</param>
    /// <param name="objType">The mapped type.</param>
    /// <returns>The rows added.</returns>
    int Insert(object obj, string extra, Type objType);

    /// <summary>Inserts objects.</summary>
    /// <param name="objects">The objects.</param>
    /// <param name="runInTransaction">In one transaction.</param>
    /// <returns>The rows added.</returns>
    int InsertAll(IEnumerable objects, bool runInTransaction = true);

    /// <summary>Inserts objects with a conflict clause.</summary>
    /// <param name="objects">The objects.</param>
    /// <param name="extra">The conflict clause.</param>
    /// <param name="runInTransaction">In one transaction.</param>
    /// <returns>The rows added.</returns>
    int InsertAll(IEnumerable objects, string extra, bool runInTransaction = true);

    /// <summary>Inserts objects as a type.</summary>
    /// <param name="objects">The objects.</param>
    /// <param name="objType">The mapped type.</param>
    /// <param name="runInTransaction">In one transaction.</param>
    /// <returns>The rows added.</returns>
    int InsertAll(IEnumerable objects, Type objType, bool runInTransaction = true);

    /// <summary>Inserts or replaces an object.</summary>
    /// <param name="obj">The object.</param>
    /// <returns>The rows written.</returns>
    int InsertOrReplace(object obj);

    /// <summary>Inserts or replaces an object as a type.</summary>
    /// <param name="obj">The object.</param>
    /// <param name="objType">The mapped type.</param>
    /// <returns>The rows written.</returns>
    int InsertOrReplace(object obj, Type objType);

    /// <summary>Runs a query into objects.</summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    /// <param name="query">The SQL.</param>
    /// <param name="args">The parameter values.</param>
    /// <returns>The objects.</returns>
    List<T> Query<T>(string query, params object[] args)
        where T : new();

    /// <summary>Runs a query into objects of a mapping's type.</summary>
    /// <param name="map">The table mapping.</param>
    /// <param name="query">The SQL.</param>
    /// <param name="args">The parameter values.</param>
    /// <returns>The objects.</returns>
    List<object> Query(TableMapping map, string query, params object[] args);

    /// <summary>Runs a query for the first column of each row.</summary>
    /// <typeparam name="T">The value type.</typeparam>
    /// <param name="query">The SQL.</param>
    /// <param name="args">The parameter values.</param>
    /// <returns>The values.</returns>
    List<T> QueryScalars<T>(string query, params object[] args);

    /// <summary>Changes the encryption key.</summary>
    /// <param name="key">The key.</param>
    void ReKey(string key);

    /// <summary>Changes the encryption key.</summary>
    /// <param name="key">The key.</param>
    void ReKey(byte[] key);

    /// <summary>Releases a savepoint.</summary>
    /// <param name="savepoint">The savepoint.</param>
    void Release(string savepoint);

    /// <summary>Rolls back the open transaction, if any.</summary>
    void Rollback();

    /// <summary>Rolls back to a savepoint.</summary>
    /// <param name="savepoint">The savepoint.</param>
    void RollbackTo(string savepoint);

    /// <summary>Runs work in a savepoint.</summary>
    /// <param name="action">The work.</param>
    void RunInTransaction(Action action);

    /// <summary>Opens a savepoint.</summary>
    /// <returns>Its name.</returns>
    string SaveTransactionPoint();

    /// <summary>A LINQ query over a table.</summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    /// <returns>The query.</returns>
    TableQuery<T> Table<T>()
        where T : new();

    /// <summary>Updates an object.</summary>
    /// <param name="obj">The object.</param>
    /// <returns>The rows changed.</returns>
    int Update(object obj);

    /// <summary>Updates an object as a type.</summary>
    /// <param name="obj">The object.</param>
    /// <param name="objType">The mapped type.</param>
    /// <returns>The rows changed.</returns>
    int Update(object obj, Type objType);

    /// <summary>Updates objects.</summary>
    /// <param name="objects">The objects.</param>
    /// <param name="runInTransaction">In one transaction.</param>
    /// <returns>The rows changed.</returns>
    int UpdateAll(IEnumerable objects, bool runInTransaction = true);
}
