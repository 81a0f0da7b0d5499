using System.Collections;
using System.Linq.Expressions;

namespace SQLite;

// The object API and ad-hoc SQL, each call the sync member run in its turn on the shared connection.
public partial class SQLiteAsyncConnection
{
    /// <summary>Inserts <paramref name="obj"/>, setting its auto-increment key.</summary>
    /// <param name="obj">The object.</param>
    /// <returns>The number of rows inserted.</returns>
    public Task<int> InsertAsync(object obj) => Run(c => c.Insert(obj));

    /// <summary>Inserts <paramref name="obj"/> as <paramref name="objType"/>.</summary>
    /// <param name="obj">The object.</param>
    /// <param name="objType">The mapped type.</param>
    /// <returns>The number of rows inserted.</returns>
    public Task<int> InsertAsync(object obj, Type objType) => Run(c => c.Insert(obj, objType));

    /// <summary>Inserts <paramref name="obj"/> with <paramref name="extra"/> after INSERT (e.g. <c>OR IGNORE</c>).</summary>
    /// <param name="obj">The object.</param>
    /// <param name="extra">The conflict clause.</param>
    /// <returns>The number of rows inserted.</returns>
    public Task<int> InsertAsync(object obj, string extra) => Run(c => c.Insert(obj, extra));

    /// <summary>Inserts <paramref name="obj"/> as <paramref name="objType"/> with <paramref name="extra"/> after INSERT.</summary>
    /// <param name="obj">The object.</param>
    /// <param name="extra">The conflict clause.</param>
    /// <param name="objType">The mapped type.</param>
    /// <returns>The number of rows inserted.</returns>
    public Task<int> InsertAsync(object obj, string extra, Type objType) => Run(c => c.Insert(obj, extra, objType));

    /// <summary>Inserts <paramref name="obj"/>, replacing a row with the same key.</summary>
    /// <param name="obj">The object.</param>
    /// <returns>The number of rows written.</returns>
    public Task<int> InsertOrReplaceAsync(object obj) => Run(c => c.InsertOrReplace(obj));

    /// <summary>Inserts <paramref name="obj"/> as <paramref name="objType"/>, replacing a row with the same key.</summary>
    /// <param name="obj">The object.</param>
    /// <param name="objType">The mapped type.</param>
    /// <returns>The number of rows written.</returns>
    public Task<int> InsertOrReplaceAsync(object obj, Type objType) => Run(c => c.InsertOrReplace(obj, objType));

    /// <summary>Inserts every object, in one transaction unless <paramref name="runInTransaction"/> is false.</summary>
    /// <param name="objects">The objects.</param>
    /// <param name="runInTransaction">Whether to wrap the inserts in a transaction.</param>
    /// <returns>The number of rows inserted.</returns>
    public Task<int> InsertAllAsync(IEnumerable objects, bool runInTransaction = true) => Run(c => c.InsertAll(objects, runInTransaction));

    /// <summary>Inserts every object with <paramref name="extra"/> after INSERT.</summary>
    /// <param name="objects">The objects.</param>
    /// <param name="extra">The conflict clause.</param>
    /// <param name="runInTransaction">Whether to wrap the inserts in a transaction.</param>
    /// <returns>The number of rows inserted.</returns>
    public Task<int> InsertAllAsync(IEnumerable objects, string extra, bool runInTransaction = true) =>
        Run(c => c.InsertAll(objects, extra, runInTransaction));

    /// <summary>Inserts every object as <paramref name="objType"/>.</summary>
    /// <param name="objects">The objects.</param>
    /// <param name="objType">The mapped type.</param>
    /// <param name="runInTransaction">Whether to wrap the inserts in a transaction.</param>
    /// <returns>The number of rows inserted.</returns>
    public Task<int> InsertAllAsync(IEnumerable objects, Type objType, bool runInTransaction = true) =>
        Run(c => c.InsertAll(objects, objType, runInTransaction));

    /// <summary>Updates the row of <paramref name="obj"/> by its primary key.</summary>
    /// <param name="obj">The object.</param>
    /// <returns>The number of rows updated.</returns>
    public Task<int> UpdateAsync(object obj) => Run(c => c.Update(obj));

    /// <summary>Updates the row of <paramref name="obj"/> as <paramref name="objType"/>.</summary>
    /// <param name="obj">The object.</param>
    /// <param name="objType">The mapped type.</param>
    /// <returns>The number of rows updated.</returns>
    public Task<int> UpdateAsync(object obj, Type objType) => Run(c => c.Update(obj, objType));

    /// <summary>Updates every object by its primary key.</summary>
    /// <param name="objects">The objects.</param>
    /// <param name="runInTransaction">Whether to wrap the updates in a transaction.</param>
    /// <returns>The number of rows updated.</returns>
    public Task<int> UpdateAllAsync(IEnumerable objects, bool runInTransaction = true) => Run(c => c.UpdateAll(objects, runInTransaction));

    /// <summary>Deletes the row of <paramref name="objectToDelete"/> by its primary key.</summary>
    /// <param name="objectToDelete">The object.</param>
    /// <returns>The number of rows deleted.</returns>
    public Task<int> DeleteAsync(object objectToDelete) => Run(c => c.Delete(objectToDelete));

    /// <summary>Deletes the row of <typeparamref name="T"/> with <paramref name="primaryKey"/>.</summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    /// <param name="primaryKey">The key.</param>
    /// <returns>The number of rows deleted.</returns>
    public Task<int> DeleteAsync<T>(object primaryKey) => Run(c => c.Delete<T>(primaryKey));

    /// <summary>Deletes the row of <paramref name="map"/>'s table with <paramref name="primaryKey"/>.</summary>
    /// <param name="primaryKey">The key.</param>
    /// <param name="map">The table mapping.</param>
    /// <returns>The number of rows deleted.</returns>
    public Task<int> DeleteAsync(object primaryKey, TableMapping map) => Run(c => c.Delete(primaryKey, map));

    /// <summary>Deletes every row of <typeparamref name="T"/>'s table.</summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    /// <returns>The number of rows deleted.</returns>
    public Task<int> DeleteAllAsync<T>() => Run(c => c.DeleteAll<T>());

    /// <summary>Deletes every row of <paramref name="map"/>'s table.</summary>
    /// <param name="map">The table mapping.</param>
    /// <returns>The number of rows deleted.</returns>
    public Task<int> DeleteAllAsync(TableMapping map) => Run(c => c.DeleteAll(map));

    /// <summary>The object of <typeparamref name="T"/> with <paramref name="pk"/>.</summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    /// <param name="pk">The key.</param>
    /// <returns>The object; the task fails with <see cref="InvalidOperationException"/> when there is none.</returns>
    public Task<T> GetAsync<T>(object pk)
        where T : new() => Run(c => c.Get<T>(pk));

    /// <summary>The object of <paramref name="map"/>'s type with <paramref name="pk"/>.</summary>
    /// <param name="pk">The key.</param>
    /// <param name="map">The table mapping.</param>
    /// <returns>The object; the task fails when there is none.</returns>
    public Task<object> GetAsync(object pk, TableMapping map) => Run(c => c.Get(pk, map));

    /// <summary>The first object matching <paramref name="predicate"/>.</summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    /// <param name="predicate">The condition.</param>
    /// <returns>The object; the task fails when there is none.</returns>
    public Task<T> GetAsync<T>(Expression<Func<T, bool>> predicate)
        where T : new() => Run(c => c.Get(predicate));

    /// <summary>The object of <typeparamref name="T"/> with <paramref name="pk"/>, or null.</summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    /// <param name="pk">The key.</param>
    /// <returns>The object or null.</returns>
    public Task<T> FindAsync<T>(object pk)
        where T : new() => Run(c => c.Find<T>(pk));

    /// <summary>The object of <paramref name="map"/>'s type with <paramref name="pk"/>, or null.</summary>
    /// <param name="pk">The key.</param>
    /// <param name="map">The table mapping.</param>
    /// <returns>The object or null.</returns>
    public Task<object> FindAsync(object pk, TableMapping map) => Run(c => c.Find(pk, map));

    /// <summary>The first object matching <paramref name="predicate"/>, or null.</summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    /// <param name="predicate">The condition.</param>
    /// <returns>The object or null.</returns>
    public Task<T> FindAsync<T>(Expression<Func<T, bool>> predicate)
        where T : new() => Run(c => c.Find(predicate));

    /// <summary>The first row of a query as <typeparamref name="T"/>, or null.</summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    /// <param name="query">The SQL.</param>
    /// <param name="args">The parameter values.</param>
    /// <returns>The object or null.</returns>
    public Task<T> FindWithQueryAsync<T>(string query, params object[] args)
        where T : new() => Run(c => c.FindWithQuery<T>(query, args));

    /// <summary>The first row of a query as an object of <paramref name="map"/>'s type, or null.</summary>
    /// <param name="map">The table mapping.</param>
    /// <param name="query">The SQL.</param>
    /// <param name="args">The parameter values.</param>
    /// <returns>The object or null.</returns>
    public Task<object> FindWithQueryAsync(TableMapping map, string query, params object[] args) => Run(c => c.FindWithQuery(map, query, args));

    /// <summary>Runs a statement that returns no rows.</summary>
    /// <param name="query">The SQL, with <c>?</c> parameters.</param>
    /// <param name="args">The parameter values.</param>
    /// <returns>The number of rows changed.</returns>
    public Task<int> ExecuteAsync(string query, params object[] args) => Run(c => c.Execute(query, args));

    /// <summary>Runs a query and returns the first column of its first row.</summary>
    /// <typeparam name="T">The value type.</typeparam>
    /// <param name="query">The SQL.</param>
    /// <param name="args">The parameter values.</param>
    /// <returns>The value, or default.</returns>
    public Task<T> ExecuteScalarAsync<T>(string query, params object[] args) => Run(c => c.ExecuteScalar<T>(query, args));

    /// <summary>Runs a query and maps every row to a new <typeparamref name="T"/>.</summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    /// <param name="query">The SQL.</param>
    /// <param name="args">The parameter values.</param>
    /// <returns>The objects.</returns>
    public Task<List<T>> QueryAsync<T>(string query, params object[] args)
        where T : new() => Run(c => c.Query<T>(query, args));

    /// <summary>Runs a query and maps every row to an object of <paramref name="map"/>'s type.</summary>
    /// <param name="map">The table mapping.</param>
    /// <param name="query">The SQL.</param>
    /// <param name="args">The parameter values.</param>
    /// <returns>The objects.</returns>
    public Task<List<object>> QueryAsync(TableMapping map, string query, params object[] args) => Run(c => c.Query(map, query, args));

    /// <summary>Runs a query and returns the first column of every row.</summary>
    /// <typeparam name="T">The value type.</typeparam>
    /// <param name="query">The SQL.</param>
    /// <param name="args">The parameter values.</param>
    /// <returns>The values.</returns>
    public Task<List<T>> QueryScalarsAsync<T>(string query, params object[] args) => Run(c => c.QueryScalars<T>(query, args));

    /// <summary>
    /// Runs a query and reads every row before the task completes (as sqlite-net does: rows read after the call would be
    /// read outside the connection's lock).
    /// </summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    /// <param name="query">The SQL.</param>
    /// <param name="args">The parameter values.</param>
    /// <returns>The objects.</returns>
    public Task<IEnumerable<T>> DeferredQueryAsync<T>(string query, params object[] args)
        where T : new() => Run(c => (IEnumerable<T>)c.DeferredQuery<T>(query, args).ToList());

    /// <summary>Runs a query and reads every row as an object of <paramref name="map"/>'s type before the task completes.</summary>
    /// <param name="map">The table mapping.</param>
    /// <param name="query">The SQL.</param>
    /// <param name="args">The parameter values.</param>
    /// <returns>The objects.</returns>
    public Task<IEnumerable<object>> DeferredQueryAsync(TableMapping map, string query, params object[] args) =>
        Run(c => (IEnumerable<object>)c.DeferredQuery(map, query, args).ToList());

    /// <summary>
    /// A LINQ query over <typeparamref name="T"/>'s table (opening the shared connection if needed); its terminals
    /// (<see cref="AsyncTableQuery{T}.ToListAsync"/> ...) run in their turn on that connection.
    /// </summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    /// <returns>The query.</returns>
    public AsyncTableQuery<T> Table<T>()
        where T : new() => new(GetConnection().Table<T>(), GetConnection, static c => c.Table<T>());
}
