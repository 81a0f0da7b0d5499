namespace MicroDb.Conformance.Portable;

/// <summary>
/// The calls the portable conformance suite makes, with one meaning on every database it runs on. Adapted in tests only:
/// <see cref="SqlitePortableDb"/> over MicroDbConnection (and MicroDbAsyncConnection for the async forms), and
/// tests/MicroDb.Npgsql.Tests' NpgsqlPortableDb over MicroDbNpgsqlConnection. Names and meanings are the connections'
/// own (sqlite-net's); nothing here adds behaviour.
/// </summary>
public interface IPortableDb : IDisposable
{
    /// <summary>Creates the table of <typeparamref name="T"/> (and its indexes) when it does not exist.</summary>
    void CreateTable<T>();

    int Insert<T>(T entity);
    int InsertAll<T>(IEnumerable<T> entities);
    int InsertOrReplace<T>(T entity);
    int Update<T>(T entity);
    int UpdateAll<T>(IEnumerable<T> entities);
    int Delete<T>(T entity);
    int DeleteAll<T>();
    T Get<T>(object primaryKey);
    T? Find<T>(object primaryKey);
    int Upsert<T>(T entity);
    int Upsert<T>(T entity, string conflictIndex);
    int UpsertAll<T>(IEnumerable<T> entities);

    bool IsInTransaction { get; }
    void BeginTransaction();
    void Commit();
    void Rollback();
    void RunInTransaction(Action action);

    /// <summary>Runs <paramref name="work"/> in a transaction; it gets the database to use inside it.</summary>
    Task RunInTransactionAsync(Func<IPortableDb, CancellationToken, Task> work, CancellationToken cancellationToken = default);

    Task<int> InsertAsync<T>(T entity, CancellationToken cancellationToken = default);
    Task<int> InsertAllAsync<T>(IEnumerable<T> entities, CancellationToken cancellationToken = default);
    Task<int> UpdateAsync<T>(T entity, CancellationToken cancellationToken = default);
    Task<int> DeleteAsync<T>(T entity, CancellationToken cancellationToken = default);
    Task<T> GetAsync<T>(object primaryKey, CancellationToken cancellationToken = default);
    Task<T?> FindAsync<T>(object primaryKey, CancellationToken cancellationToken = default);
    Task<int> UpsertAsync<T>(T entity, CancellationToken cancellationToken = default);

    /// <summary>Whether a table of that name exists (read from the database's catalog).</summary>
    bool TableExists(string name);

    /// <summary>
    /// The table's indexes other than its primary key, read from the catalog, each as <c>name(column,column)</c> with
    /// <c>UNIQUE </c> before a unique one, in ordinal order.
    /// </summary>
    IReadOnlyList<string> Indexes(string table);

    /// <summary>A LINQ query over the table of <typeparamref name="T"/>.</summary>
    IPortableQuery<T> Table<T>();
}
