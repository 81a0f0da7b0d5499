using System.Linq.Expressions;
using MicroDb.Concurrency;

namespace MicroDb.Query;

/// <summary>
/// The asynchronous form of <see cref="GroupByQuery{TKey, TElement}"/> (SQL GROUP BY), from
/// <see cref="AsyncTableQuery{T}"/>'s or <see cref="AsyncJoinQuery{TResult}"/>'s <c>GroupBy</c>: <see cref="Where"/>
/// filters groups (HAVING), <see cref="OrderBy{TOrder}"/> sorts them and <see cref="Select{TResult}"/> reads each group's
/// key and aggregates. Composition and translation are the sync query's.
/// </summary>
/// <typeparam name="TKey">The key type.</typeparam>
/// <typeparam name="TElement">The type of a group's elements.</typeparam>
public sealed class AsyncGroupByQuery<TKey, TElement>
{
    private readonly MicroDbPool _pool;
    private readonly GroupByQuery<TKey, TElement> _query;

    internal AsyncGroupByQuery(MicroDbPool pool, GroupByQuery<TKey, TElement> query)
    {
        _pool = pool;
        _query = query;
    }

    /// <summary>Keeps the groups matching <paramref name="predicate"/> (SQL HAVING).</summary>
    /// <param name="predicate">The condition on a group: its key and aggregates.</param>
    /// <exception cref="NotSupportedException">The condition has no SQL translation.</exception>
    public AsyncGroupByQuery<TKey, TElement> Where(Expression<Func<IGrouping<TKey, TElement>, bool>> predicate) => new(_pool, _query.Where(predicate));

    /// <summary>Sorts the groups by <paramref name="keySelector"/> (the key or an aggregate), ascending.</summary>
    /// <typeparam name="TOrder">The sort key's type.</typeparam>
    /// <param name="keySelector">The sort key.</param>
    public AsyncGroupByQuery<TKey, TElement> OrderBy<TOrder>(Expression<Func<IGrouping<TKey, TElement>, TOrder>> keySelector) => new(_pool, _query.OrderBy(keySelector));

    /// <summary>Sorts the groups by <paramref name="keySelector"/>, descending.</summary>
    /// <typeparam name="TOrder">The sort key's type.</typeparam>
    /// <param name="keySelector">The sort key.</param>
    public AsyncGroupByQuery<TKey, TElement> OrderByDescending<TOrder>(Expression<Func<IGrouping<TKey, TElement>, TOrder>> keySelector) => new(_pool, _query.OrderByDescending(keySelector));

    /// <summary>Adds an ascending tie-breaker.</summary>
    /// <typeparam name="TOrder">The sort key's type.</typeparam>
    /// <param name="keySelector">The sort key.</param>
    /// <exception cref="InvalidOperationException">No OrderBy precedes it.</exception>
    public AsyncGroupByQuery<TKey, TElement> ThenBy<TOrder>(Expression<Func<IGrouping<TKey, TElement>, TOrder>> keySelector) => new(_pool, _query.ThenBy(keySelector));

    /// <summary>Adds a descending tie-breaker.</summary>
    /// <typeparam name="TOrder">The sort key's type.</typeparam>
    /// <param name="keySelector">The sort key.</param>
    /// <exception cref="InvalidOperationException">No OrderBy precedes it.</exception>
    public AsyncGroupByQuery<TKey, TElement> ThenByDescending<TOrder>(Expression<Func<IGrouping<TKey, TElement>, TOrder>> keySelector) => new(_pool, _query.ThenByDescending(keySelector));

    /// <summary>Reads each group as <paramref name="selector"/> gives it.</summary>
    /// <typeparam name="TResult">The result type.</typeparam>
    /// <param name="selector">The group's key and aggregates.</param>
    /// <exception cref="NotSupportedException">The selector uses the group other than through its key and the aggregates.</exception>
    public AsyncGroupedQuery<TResult> Select<TResult>(Expression<Func<IGrouping<TKey, TElement>, TResult>> selector) => new(_pool, _query.Select(selector));

    /// <summary>The number of groups.</summary>
    /// <param name="cancellationToken">Cancels the wait for a reader, or interrupts the running statement.</param>
    public ValueTask<int> CountAsync(CancellationToken cancellationToken = default) =>
        ReadAsync(static (q, _) => q.Count(), cancellationToken);

    /// <summary>Runs <paramref name="run"/> on the grouping rebound to one of the pool's readers (the terminal, and the intercepted path's).</summary>
    internal ValueTask<TValue> ReadAsync<TValue>(Func<GroupByQuery<TKey, TElement>, CancellationToken, TValue> run, CancellationToken cancellationToken) =>
        _pool.ReadAsync((Query: _query, Run: run), static (c, s, ct) => s.Run(s.Query.On(c), ct), cancellationToken);
}
