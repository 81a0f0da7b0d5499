using MicroDb.Conformance.Portable;
using MicroDb.Mapping;

namespace MicroDb.Npgsql.Tests;

/// <summary><see cref="IPortableDb"/> over <see cref="MicroDbNpgsqlConnection"/>: every call is the connection's own.</summary>
public sealed class NpgsqlPortableDb(MicroDbNpgsqlConnection db) : IPortableDb
{
    /// <summary>The PostgreSQL connection under test.</summary>
    public MicroDbNpgsqlConnection Connection => db;

    public void CreateTable<T>() => db.CreateTable<T>();
    public int Insert<T>(T entity) => db.Insert(entity);
    public int InsertAll<T>(IEnumerable<T> entities) => db.InsertAll(entities);
    public int InsertOrReplace<T>(T entity) => db.InsertOrReplace(entity);
    public int Update<T>(T entity) => db.Update(entity);
    public int UpdateAll<T>(IEnumerable<T> entities) => db.UpdateAll(entities);
    public int Delete<T>(T entity) => db.Delete(entity);
    public int DeleteAll<T>() => db.DeleteAll<T>();
    public T Get<T>(object primaryKey) => db.Get<T>(primaryKey);
    public T? Find<T>(object primaryKey) => db.Find<T>(primaryKey);
    public int Upsert<T>(T entity) => db.Upsert(entity);
    public int Upsert<T>(T entity, string conflictIndex) => db.Upsert(entity, conflictIndex);
    public int UpsertAll<T>(IEnumerable<T> entities) => db.UpsertAll(entities);

    public bool IsInTransaction => db.IsInTransaction;
    public void BeginTransaction() => db.BeginTransaction();
    public void Commit() => db.Commit();
    public void Rollback() => db.Rollback();
    public void RunInTransaction(Action action) => db.RunInTransaction(action);

    public Task RunInTransactionAsync(Func<IPortableDb, CancellationToken, Task> work, CancellationToken cancellationToken = default) =>
        db.RunInTransactionAsync(token => work(this, token), cancellationToken);

    public Task<int> InsertAsync<T>(T entity, CancellationToken cancellationToken = default) => db.InsertAsync(entity, cancellationToken);
    public Task<int> InsertAllAsync<T>(IEnumerable<T> entities, CancellationToken cancellationToken = default) => db.InsertAllAsync(entities, cancellationToken);
    public Task<int> UpdateAsync<T>(T entity, CancellationToken cancellationToken = default) => db.UpdateAsync(entity, cancellationToken);
    public Task<int> DeleteAsync<T>(T entity, CancellationToken cancellationToken = default) => db.DeleteAsync(entity, cancellationToken);
    public Task<T> GetAsync<T>(object primaryKey, CancellationToken cancellationToken = default) => db.GetAsync<T>(primaryKey, cancellationToken);
    public Task<T?> FindAsync<T>(object primaryKey, CancellationToken cancellationToken = default) => db.FindAsync<T>(primaryKey, cancellationToken);
    public Task<int> UpsertAsync<T>(T entity, CancellationToken cancellationToken = default) => db.UpsertAsync(entity, cancellationToken);

    public bool TableExists(string name) => db.ExecuteScalar<bool>("SELECT to_regclass(quote_ident($1)) IS NOT NULL", name);

    public IReadOnlyList<string> Indexes(string table) => (db.ExecuteScalar<string>(
            "SELECT string_agg((CASE WHEN ix.indisunique THEN 'UNIQUE ' ELSE '' END) || c.relname || '(' || "
            + "(SELECT string_agg(a.attname, ',' ORDER BY k.ord) FROM unnest(ix.indkey::int2[]) WITH ORDINALITY AS k(attnum, ord) "
            + "JOIN pg_attribute a ON a.attrelid = ix.indrelid AND a.attnum = k.attnum) || ')', ';') "
            + "FROM pg_index ix JOIN pg_class c ON c.oid = ix.indexrelid WHERE ix.indrelid = quote_ident($1)::regclass AND NOT ix.indisprimary", table) ?? "")
        .Split(';', StringSplitOptions.RemoveEmptyEntries).Order(StringComparer.Ordinal).ToList();

    public IPortableQuery<T> Table<T>() => new NpgsqlPortableQuery<T>(db.Table<T>());

    public void Dispose() => db.Dispose();
}
