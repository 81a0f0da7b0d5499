
namespace MicroDb.Conformance.Portable;

/// <summary>
/// <see cref="IPortableDb"/> over SQLite: the sync calls on one <see cref="MicroDbConnection"/>, the async forms on a
/// <see cref="MicroDbAsyncConnection"/> over the same file with the same options (opened at the first async call).
/// Inside <see cref="RunInTransactionAsync"/> the work gets an adapter over the transaction's pooled connection.
/// </summary>
public sealed class SqlitePortableDb : IPortableDb
{
    private readonly MicroDbConnection _db;
    private readonly MicroDbOptions? _options;
    private MicroDbAsyncConnection? _async;

    /// <summary>An adapter over <paramref name="db"/>; <paramref name="options"/> open the async connection (null: none).</summary>
    public SqlitePortableDb(MicroDbConnection db, MicroDbOptions? options)
    {
        _db = db;
        _options = options;
    }

    /// <summary>The SQLite connection under test.</summary>
    public MicroDbConnection Connection => _db;

    private MicroDbAsyncConnection Async => _async ??= _options is null
        ? throw new InvalidOperationException("This adapter runs inside an async transaction: use the connection it was given.")
        : new MicroDbAsyncConnection(_options);

    public void CreateTable<T>() => _db.CreateTable<T>();
    public int Insert<T>(T entity) => _db.Insert(entity);
    public int InsertAll<T>(IEnumerable<T> entities) => _db.InsertAll(entities);
    public int InsertOrReplace<T>(T entity) => _db.InsertOrReplace(entity);
    public int Update<T>(T entity) => _db.Update(entity);
    public int UpdateAll<T>(IEnumerable<T> entities) => _db.UpdateAll(entities);
    public int Delete<T>(T entity) => _db.Delete(entity);
    public int DeleteAll<T>() => _db.DeleteAll<T>();
    public T Get<T>(object primaryKey) => _db.Get<T>(primaryKey);
    public T? Find<T>(object primaryKey) => _db.Find<T>(primaryKey);
    public int Upsert<T>(T entity) => _db.Upsert(entity);
    public int Upsert<T>(T entity, string conflictIndex) => _db.Upsert(entity, conflictIndex);
    public int UpsertAll<T>(IEnumerable<T> entities) => _db.UpsertAll(entities);

    public bool IsInTransaction => _db.IsInTransaction;
    public void BeginTransaction() => _db.BeginTransaction();
    public void Commit() => _db.Commit();
    public void Rollback() => _db.Rollback();
    public void RunInTransaction(Action action) => _db.RunInTransaction(action);

    public Task RunInTransactionAsync(Func<IPortableDb, CancellationToken, Task> work, CancellationToken cancellationToken = default) =>
        _options is null
            ? throw new InvalidOperationException("Nested async transactions are not part of the portable suite.")
            : Async.RunInTransactionAsync((connection, token) => work(new SqlitePortableDb(connection, null), token), cancellationToken);

    // Inside an async transaction (no options) the async forms run on the transaction's own connection.
    public async Task<int> InsertAsync<T>(T entity, CancellationToken cancellationToken = default) =>
        _options is null ? _db.Insert(entity) : await Async.InsertAsync(entity, cancellationToken);

    public async Task<int> InsertAllAsync<T>(IEnumerable<T> entities, CancellationToken cancellationToken = default) =>
        _options is null ? _db.InsertAll(entities) : await Async.InsertAllAsync(entities, cancellationToken: cancellationToken);

    public async Task<int> UpdateAsync<T>(T entity, CancellationToken cancellationToken = default) =>
        _options is null ? _db.Update(entity) : await Async.UpdateAsync(entity, cancellationToken);

    public async Task<int> DeleteAsync<T>(T entity, CancellationToken cancellationToken = default) =>
        _options is null ? _db.Delete(entity) : await Async.DeleteAsync(entity, cancellationToken);

    public async Task<T> GetAsync<T>(object primaryKey, CancellationToken cancellationToken = default) =>
        _options is null ? _db.Get<T>(primaryKey) : await Async.GetAsync<T>(primaryKey, cancellationToken);

    public async Task<T?> FindAsync<T>(object primaryKey, CancellationToken cancellationToken = default) =>
        _options is null ? _db.Find<T>(primaryKey) : await Async.FindAsync<T>(primaryKey, cancellationToken);

    public async Task<int> UpsertAsync<T>(T entity, CancellationToken cancellationToken = default) =>
        _options is null ? _db.Upsert(entity) : await Async.UpsertAsync(entity, cancellationToken);

    public bool TableExists(string name) => _db.GetTableInfo(name).Count > 0;

    public IReadOnlyList<string> Indexes(string table) => _db.QueryScalars<string>(
            "SELECT (CASE WHEN il.\"unique\" THEN 'UNIQUE ' ELSE '' END) || il.name || '(' || "
            + "(SELECT group_concat(name, ',') FROM (SELECT name FROM pragma_index_info(il.name) ORDER BY seqno)) || ')' "
            + "FROM pragma_index_list(?) AS il WHERE il.origin = 'c'", table)
        .Order(StringComparer.Ordinal).ToList();

    public IPortableQuery<T> Table<T>() => new SqlitePortableQuery<T>(_db.Table<T>(), _options is null ? null : () => Async.Table<T>());

    public void Dispose()
    {
        _async?.Dispose();
        _async = null;
        if (_options is not null)
        {
            // The adapter of an async transaction does not own the pooled connection it was given.
            _db.Dispose();
        }
    }
}
