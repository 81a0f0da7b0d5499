using System.Linq.Expressions;

namespace MicroDb.Query;

// Joins and grouping from the async connection: the sync operators (TableQuery.Joins.cs) over the wrapped queries, run
// on a reader of the pool by AsyncJoinQuery / AsyncGroupedQuery terminals.
public sealed partial class AsyncTableQuery<T>
{
    /// <summary>An inner join on equal keys (SQL <c>INNER JOIN</c>); see <see cref="TableQuery{T}.Join"/>.</summary>
    /// <typeparam name="TInner">The joined table's type.</typeparam>
    /// <typeparam name="TKey">The key type.</typeparam>
    /// <typeparam name="TResult">The type of a joined row.</typeparam>
    /// <param name="inner">The joined table, from the same async connection.</param>
    /// <param name="outerKeySelector">The key of this table's row.</param>
    /// <param name="innerKeySelector">The key of the joined table's row.</param>
    /// <param name="resultSelector">The joined row.</param>
    /// <exception cref="NotSupportedException">A key or the result has no SQL translation, or either query is ordered or limited.</exception>
    public AsyncJoinQuery<TResult> Join<TInner, TKey, TResult>(
        AsyncTableQuery<TInner> inner,
        Expression<Func<T, TKey>> outerKeySelector,
        Expression<Func<TInner, TKey>> innerKeySelector,
        Expression<Func<T, TInner, TResult>> resultSelector)
    {
        ArgumentNullException.ThrowIfNull(inner);
        return new(_pool, _query.Join(inner.Query, outerKeySelector, innerKeySelector, resultSelector));
    }

    /// <summary>A left outer join on equal keys (SQL <c>LEFT JOIN</c>); see <see cref="TableQuery{T}.LeftJoin"/>.</summary>
    /// <typeparam name="TInner">The joined table's type.</typeparam>
    /// <typeparam name="TKey">The key type.</typeparam>
    /// <typeparam name="TResult">The type of a joined row.</typeparam>
    /// <param name="inner">The joined table, from the same async connection.</param>
    /// <param name="outerKeySelector">The key of this table's row.</param>
    /// <param name="innerKeySelector">The key of the joined table's row.</param>
    /// <param name="resultSelector">The joined row; its second argument is null where no row matched.</param>
    /// <exception cref="NotSupportedException">A key or the result has no SQL translation, only one key is an anonymous object, or either query is ordered or limited.</exception>
    public AsyncJoinQuery<TResult> LeftJoin<TInner, TKey, TResult>(
        AsyncTableQuery<TInner> inner,
        Expression<Func<T, TKey>> outerKeySelector,
        Expression<Func<TInner, TKey>> innerKeySelector,
        Expression<Func<T, TInner?, TResult>> resultSelector)
    {
        ArgumentNullException.ThrowIfNull(inner);
        return new(_pool, _query.LeftJoin(inner.Query, outerKeySelector, innerKeySelector, resultSelector));
    }

    /// <summary>A right outer join on equal keys: every row of <paramref name="inner"/> is kept; see <see cref="TableQuery{T}.RightJoin"/>.</summary>
    /// <typeparam name="TInner">The joined table's type.</typeparam>
    /// <typeparam name="TKey">The key type.</typeparam>
    /// <typeparam name="TResult">The type of a joined row.</typeparam>
    /// <param name="inner">The joined table, from the same async connection.</param>
    /// <param name="outerKeySelector">The key of this table's row.</param>
    /// <param name="innerKeySelector">The key of the joined table's row.</param>
    /// <param name="resultSelector">The joined row; its first argument is null where no row of this table matched.</param>
    /// <exception cref="NotSupportedException">A key or the result has no SQL translation, only one key is an anonymous object, or either query is ordered or limited.</exception>
    public AsyncJoinQuery<TResult> RightJoin<TInner, TKey, TResult>(
        AsyncTableQuery<TInner> inner,
        Expression<Func<T, TKey>> outerKeySelector,
        Expression<Func<TInner, TKey>> innerKeySelector,
        Expression<Func<T?, TInner, TResult>> resultSelector)
    {
        ArgumentNullException.ThrowIfNull(inner);
        return new(_pool, _query.RightJoin(inner.Query, outerKeySelector, innerKeySelector, resultSelector));
    }

    /// <summary>The first half of query syntax's left join; see <see cref="TableQuery{T}.GroupJoin"/>.</summary>
    /// <typeparam name="TInner">The joined table's type.</typeparam>
    /// <typeparam name="TKey">The key type.</typeparam>
    /// <typeparam name="TResult">The type of the grouped row.</typeparam>
    /// <param name="inner">The joined table, from the same async connection.</param>
    /// <param name="outerKeySelector">The key of this table's row.</param>
    /// <param name="innerKeySelector">The key of the joined table's row.</param>
    /// <param name="resultSelector">The row with its group of matches.</param>
    public AsyncGroupJoinQuery<TResult, TInner> GroupJoin<TInner, TKey, TResult>(
        AsyncTableQuery<TInner> inner,
        Expression<Func<T, TKey>> outerKeySelector,
        Expression<Func<TInner, TKey>> innerKeySelector,
        Expression<Func<T, IEnumerable<TInner>, TResult>> resultSelector)
    {
        ArgumentNullException.ThrowIfNull(inner);
        return new(_pool, _query.GroupJoin(inner.Query, outerKeySelector, innerKeySelector, resultSelector));
    }

    /// <summary>Groups the rows (SQL GROUP BY); see <see cref="TableQuery{T}.GroupBy{TKey}(Expression{Func{T, TKey}})"/>.</summary>
    /// <typeparam name="TKey">The key type.</typeparam>
    /// <param name="keySelector">The key.</param>
    /// <exception cref="NotSupportedException">The key has no SQL translation, or the query is ordered or limited.</exception>
    public AsyncGroupByQuery<TKey, T> GroupBy<TKey>(Expression<Func<T, TKey>> keySelector) => new(_pool, _query.GroupBy(keySelector));

    /// <summary>Groups the rows with an element selector; see <see cref="TableQuery{T}.GroupBy{TKey, TElement}"/>.</summary>
    /// <typeparam name="TKey">The key type.</typeparam>
    /// <typeparam name="TElement">The type of a group's elements.</typeparam>
    /// <param name="keySelector">The key.</param>
    /// <param name="elementSelector">What each row contributes to its group.</param>
    /// <exception cref="NotSupportedException">The key has no SQL translation, or the query is ordered or limited.</exception>
    public AsyncGroupByQuery<TKey, TElement> GroupBy<TKey, TElement>(Expression<Func<T, TKey>> keySelector, Expression<Func<T, TElement>> elementSelector) =>
        new(_pool, _query.GroupBy(keySelector, elementSelector));
}
