using System.Linq.Expressions;

namespace SQLite;

/// <summary>
/// sqlite-net's asynchronous LINQ query: the composition operators return new queries at once, and each terminal
/// (<see cref="ToListAsync"/>, <see cref="CountAsync()"/> ...) runs one SQL statement in its turn on the connection's
/// lock, on the thread pool, completing a <see cref="Task"/>.
/// </summary>
/// <typeparam name="T">The mapped type.</typeparam>
public class AsyncTableQuery<T>
    where T : new()
{
    private readonly TableQuery<T> _innerQuery;

    // How to build this same query on a newly opened shared connection, for a terminal whose turn comes after
    // CloseAsync closed the connection the query was made on (null for a query made from a caller's TableQuery).
    private readonly Func<SQLiteConnectionWithLock> _reopen;
    private readonly Func<SQLiteConnection, TableQuery<T>> _rebuild;

    /// <summary>An asynchronous view of <paramref name="innerQuery"/>.</summary>
    /// <param name="innerQuery">The synchronous query.</param>
    /// <exception cref="ArgumentNullException"><paramref name="innerQuery"/> is null.</exception>
    public AsyncTableQuery(TableQuery<T> innerQuery)
    {
        ArgumentNullException.ThrowIfNull(innerQuery);
        _innerQuery = innerQuery;
    }

    /// <summary>A query that can be rebuilt on the shared connection <paramref name="reopen"/> returns.</summary>
    internal AsyncTableQuery(TableQuery<T> innerQuery, Func<SQLiteConnectionWithLock> reopen, Func<SQLiteConnection, TableQuery<T>> rebuild)
        : this(innerQuery)
    {
        _reopen = reopen;
        _rebuild = rebuild;
    }

    /// <summary>The rows matching <paramref name="predExpr"/> as well.</summary>
    /// <param name="predExpr">The condition.</param>
    /// <returns>The narrowed query.</returns>
    /// <exception cref="NotSupportedException">The condition cannot be translated to SQL.</exception>
    public AsyncTableQuery<T> Where(Expression<Func<T, bool>> predExpr) => Compose(q => q.Where(predExpr));

    /// <summary>Skips <paramref name="n"/> rows.</summary>
    /// <param name="n">The row count.</param>
    /// <returns>The offset query.</returns>
    public AsyncTableQuery<T> Skip(int n) => Compose(q => q.Skip(n));

    /// <summary>At most <paramref name="n"/> rows.</summary>
    /// <param name="n">The row count.</param>
    /// <returns>The limited query.</returns>
    public AsyncTableQuery<T> Take(int n) => Compose(q => q.Take(n));

    /// <summary>Orders by a property, ascending.</summary>
    /// <typeparam name="U">The key type.</typeparam>
    /// <param name="orderExpr">The key.</param>
    /// <returns>The ordered query.</returns>
    public AsyncTableQuery<T> OrderBy<U>(Expression<Func<T, U>> orderExpr) => Compose(q => q.OrderBy(orderExpr));

    /// <summary>Orders by a property, descending.</summary>
    /// <typeparam name="U">The key type.</typeparam>
    /// <param name="orderExpr">The key.</param>
    /// <returns>The ordered query.</returns>
    public AsyncTableQuery<T> OrderByDescending<U>(Expression<Func<T, U>> orderExpr) => Compose(q => q.OrderByDescending(orderExpr));

    /// <summary>Then orders by a property, ascending.</summary>
    /// <typeparam name="U">The key type.</typeparam>
    /// <param name="orderExpr">The key.</param>
    /// <returns>The ordered query.</returns>
    public AsyncTableQuery<T> ThenBy<U>(Expression<Func<T, U>> orderExpr) => Compose(q => q.ThenBy(orderExpr));

    /// <summary>Then orders by a property, descending.</summary>
    /// <typeparam name="U">The key type.</typeparam>
    /// <param name="orderExpr">The key.</param>
    /// <returns>The ordered query.</returns>
    public AsyncTableQuery<T> ThenByDescending<U>(Expression<Func<T, U>> orderExpr) => Compose(q => q.ThenByDescending(orderExpr));

    /// <summary>Every row, in a list.</summary>
    /// <returns>The objects.</returns>
    public Task<List<T>> ToListAsync() => Run(q => q.ToList());

    /// <summary>Every row, in an array.</summary>
    /// <returns>The objects.</returns>
    public Task<T[]> ToArrayAsync() => Run(q => q.ToArray());

    /// <summary>The number of rows.</summary>
    /// <returns>The count.</returns>
    public Task<int> CountAsync() => Run(q => q.Count());

    /// <summary>The number of rows matching <paramref name="predExpr"/>.</summary>
    /// <param name="predExpr">The condition.</param>
    /// <returns>The count.</returns>
    public Task<int> CountAsync(Expression<Func<T, bool>> predExpr) => Run(q => q.Count(predExpr));

    /// <summary>The row at <paramref name="index"/>.</summary>
    /// <param name="index">The zero-based position.</param>
    /// <returns>The object; the task fails with <see cref="InvalidOperationException"/> when there are not that many rows.</returns>
    public Task<T> ElementAtAsync(int index) => Run(q => q.ElementAt(index));

    /// <summary>The first row.</summary>
    /// <returns>The object; the task fails with <see cref="InvalidOperationException"/> when there is none.</returns>
    public Task<T> FirstAsync() => Run(q => q.First());

    /// <summary>The first row, or null (default).</summary>
    /// <returns>The object or default.</returns>
    public Task<T> FirstOrDefaultAsync() => Run(q => q.FirstOrDefault());

    /// <summary>The first row matching <paramref name="predExpr"/>.</summary>
    /// <param name="predExpr">The condition.</param>
    /// <returns>The object; the task fails when no row matches.</returns>
    public Task<T> FirstAsync(Expression<Func<T, bool>> predExpr) => Run(q => q.First(predExpr));

    /// <summary>The first row matching <paramref name="predExpr"/>, or null (default).</summary>
    /// <param name="predExpr">The condition.</param>
    /// <returns>The object or default.</returns>
    public Task<T> FirstOrDefaultAsync(Expression<Func<T, bool>> predExpr) => Run(q => q.FirstOrDefault(predExpr));

    /// <summary>Deletes the rows this query and <paramref name="predExpr"/> match.</summary>
    /// <param name="predExpr">A further condition.</param>
    /// <returns>The number of rows deleted; the task fails when there is no condition at all or the query has Take/Skip.</returns>
    public Task<int> DeleteAsync(Expression<Func<T, bool>> predExpr) => Run(q => q.Delete(predExpr));

    /// <summary>Deletes the rows this query matches (it needs a condition, as in sqlite-net).</summary>
    /// <returns>The number of rows deleted; the task fails when the query has no condition or has Take/Skip.</returns>
    public Task<int> DeleteAsync() => Run(q => q.Delete());

    internal AsyncTableQuery<T> Compose(Func<TableQuery<T>, TableQuery<T>> step)
    {
        var rebuild = _rebuild;
        return new(step(_innerQuery), _reopen, rebuild is null ? null : c => step(rebuild(c)));
    }

    internal Task<TResult> Run<TResult>(Func<TableQuery<T>, TResult> terminal)
    {
        var query = _innerQuery;
        return query.Connection is SQLiteConnectionWithLock locked
            ? locked.RunAsync(_ => terminal(query), _reopen is null ? null : () => RunReopened(terminal))
            : Task.Run(() => terminal(query));
    }

    // The connection was closed (CloseAsync) before this terminal's turn came: run it, in a new turn, on the shared
    // connection opened in its place, as every other call of SQLiteAsyncConnection does.
    private Task<TResult> RunReopened<TResult>(Func<TableQuery<T>, TResult> terminal)
    {
        SQLiteConnectionWithLock connection;
        TableQuery<T> query;
        try
        {
            connection = _reopen();
            query = _rebuild(connection);
        }
        catch (Exception e)
        {
            return Task.FromException<TResult>(e);
        }

        return connection.RunAsync(_ => terminal(query), () => RunReopened(terminal));
    }
}
