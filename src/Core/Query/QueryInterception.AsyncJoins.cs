using System.Linq.Expressions;

namespace MicroDb.Query;

// The stand-ins of an intercepted async join's operators (AsyncTableQuery ... AsyncJoinQuery): each unwraps the async
// query, calls the sync stand-in (QueryInterception.Joins.cs) on the wrapped JoinQuery and wraps the result again, so an
// async chain keeps its lambdas and translates nothing until its terminal runs on a pool reader, as the sync chain does.
public static partial class QueryInterception
{
    /// <summary>For generated code: <see cref="AsyncTableQuery{T}.Join"/> of an intercepted chain.</summary>
    /// <typeparam name="T">The first table's type.</typeparam>
    /// <typeparam name="TInner">The joined table's type.</typeparam>
    /// <typeparam name="TKey">The key type.</typeparam>
    /// <typeparam name="TResult">The type of a joined row.</typeparam>
    /// <param name="query">The first table's query.</param>
    /// <param name="inner">The joined table's query.</param>
    /// <param name="outerKeySelector">The first table's key, lowered at build time.</param>
    /// <param name="innerKeySelector">The joined table's key, lowered at build time.</param>
    /// <param name="resultSelector">The joined row, lowered at build time.</param>
    /// <exception cref="ArgumentException"><paramref name="inner"/> was made on another connection.</exception>
    /// <exception cref="NotSupportedException">Either query is ordered or limited.</exception>
    public static AsyncJoinQuery<TResult> Join<T, TInner, TKey, TResult>(AsyncTableQuery<T> query, AsyncTableQuery<TInner> inner,
        Expression<Func<T, TKey>> outerKeySelector, Expression<Func<TInner, TKey>> innerKeySelector, Expression<Func<T, TInner, TResult>> resultSelector)
    {
        ArgumentNullException.ThrowIfNull(query);
        ArgumentNullException.ThrowIfNull(inner);
        return new(query.Pool, Join(query.Query, inner.Query, outerKeySelector, innerKeySelector, resultSelector));
    }

    /// <summary>For generated code: <see cref="AsyncTableQuery{T}.LeftJoin"/> of an intercepted chain.</summary>
    /// <typeparam name="T">The first table's type.</typeparam>
    /// <typeparam name="TInner">The joined table's type.</typeparam>
    /// <typeparam name="TKey">The key type.</typeparam>
    /// <typeparam name="TResult">The type of a joined row.</typeparam>
    /// <param name="query">The first table's query.</param>
    /// <param name="inner">The joined table's query.</param>
    /// <param name="outerKeySelector">The first table's key, lowered at build time.</param>
    /// <param name="innerKeySelector">The joined table's key, lowered at build time.</param>
    /// <param name="resultSelector">The joined row, lowered at build time.</param>
    /// <exception cref="ArgumentException"><paramref name="inner"/> was made on another connection.</exception>
    /// <exception cref="NotSupportedException">Either query is ordered or limited.</exception>
    public static AsyncJoinQuery<TResult> LeftJoin<T, TInner, TKey, TResult>(AsyncTableQuery<T> query, AsyncTableQuery<TInner> inner,
        Expression<Func<T, TKey>> outerKeySelector, Expression<Func<TInner, TKey>> innerKeySelector, Expression<Func<T, TInner?, TResult>> resultSelector)
    {
        ArgumentNullException.ThrowIfNull(query);
        ArgumentNullException.ThrowIfNull(inner);
        return new(query.Pool, LeftJoin(query.Query, inner.Query, outerKeySelector, innerKeySelector, resultSelector));
    }

    /// <summary>For generated code: <see cref="AsyncJoinQuery{TResult}.Join"/> (one more table) of an intercepted chain.</summary>
    /// <typeparam name="TResult">The type of the rows joined so far.</typeparam>
    /// <typeparam name="TInner">The joined table's type.</typeparam>
    /// <typeparam name="TKey">The key type.</typeparam>
    /// <typeparam name="TNew">The type of a joined row.</typeparam>
    /// <param name="query">The join so far.</param>
    /// <param name="inner">The joined table's query.</param>
    /// <param name="outerKeySelector">The key of the rows so far, lowered at build time.</param>
    /// <param name="innerKeySelector">The joined table's key, lowered at build time.</param>
    /// <param name="resultSelector">The joined row, lowered at build time.</param>
    /// <exception cref="ArgumentException"><paramref name="inner"/> was made on another connection.</exception>
    /// <exception cref="NotSupportedException"><paramref name="inner"/> is ordered or limited.</exception>
    public static AsyncJoinQuery<TNew> Join<TResult, TInner, TKey, TNew>(AsyncJoinQuery<TResult> query, AsyncTableQuery<TInner> inner,
        Expression<Func<TResult, TKey>> outerKeySelector, Expression<Func<TInner, TKey>> innerKeySelector, Expression<Func<TResult, TInner, TNew>> resultSelector)
    {
        ArgumentNullException.ThrowIfNull(query);
        ArgumentNullException.ThrowIfNull(inner);
        return new(query.Pool, Join(query.Query, inner.Query, outerKeySelector, innerKeySelector, resultSelector));
    }

    /// <summary>For generated code: <see cref="AsyncJoinQuery{TResult}.LeftJoin"/> (one more table) of an intercepted chain.</summary>
    /// <typeparam name="TResult">The type of the rows joined so far.</typeparam>
    /// <typeparam name="TInner">The joined table's type.</typeparam>
    /// <typeparam name="TKey">The key type.</typeparam>
    /// <typeparam name="TNew">The type of a joined row.</typeparam>
    /// <param name="query">The join so far.</param>
    /// <param name="inner">The joined table's query.</param>
    /// <param name="outerKeySelector">The key of the rows so far, lowered at build time.</param>
    /// <param name="innerKeySelector">The joined table's key, lowered at build time.</param>
    /// <param name="resultSelector">The joined row, lowered at build time.</param>
    /// <exception cref="ArgumentException"><paramref name="inner"/> was made on another connection.</exception>
    /// <exception cref="NotSupportedException"><paramref name="inner"/> is ordered or limited.</exception>
    public static AsyncJoinQuery<TNew> LeftJoin<TResult, TInner, TKey, TNew>(AsyncJoinQuery<TResult> query, AsyncTableQuery<TInner> inner,
        Expression<Func<TResult, TKey>> outerKeySelector, Expression<Func<TInner, TKey>> innerKeySelector, Expression<Func<TResult, TInner?, TNew>> resultSelector)
    {
        ArgumentNullException.ThrowIfNull(query);
        ArgumentNullException.ThrowIfNull(inner);
        return new(query.Pool, LeftJoin(query.Query, inner.Query, outerKeySelector, innerKeySelector, resultSelector));
    }

    /// <summary>For generated code: <see cref="AsyncTableQuery{T}.RightJoin"/> of an intercepted chain.</summary>
    /// <typeparam name="T">The first table's type (its row may be missing).</typeparam>
    /// <typeparam name="TInner">The joined table's type (every row kept).</typeparam>
    /// <typeparam name="TKey">The key type.</typeparam>
    /// <typeparam name="TResult">The type of a joined row.</typeparam>
    /// <param name="query">The first table's query.</param>
    /// <param name="inner">The joined table's query.</param>
    /// <param name="outerKeySelector">The first table's key, lowered at build time.</param>
    /// <param name="innerKeySelector">The joined table's key, lowered at build time.</param>
    /// <param name="resultSelector">The joined row, lowered at build time.</param>
    /// <exception cref="ArgumentException"><paramref name="inner"/> was made on another connection.</exception>
    /// <exception cref="NotSupportedException">Either query is ordered or limited.</exception>
    public static AsyncJoinQuery<TResult> RightJoin<T, TInner, TKey, TResult>(AsyncTableQuery<T> query, AsyncTableQuery<TInner> inner,
        Expression<Func<T, TKey>> outerKeySelector, Expression<Func<TInner, TKey>> innerKeySelector, Expression<Func<T?, TInner, TResult>> resultSelector)
    {
        ArgumentNullException.ThrowIfNull(query);
        ArgumentNullException.ThrowIfNull(inner);
        return new(query.Pool, RightJoin(query.Query, inner.Query, outerKeySelector, innerKeySelector, resultSelector));
    }

    /// <summary>For generated code: <see cref="AsyncTableQuery{T}.GroupJoin"/> of an intercepted chain.</summary>
    /// <typeparam name="T">The first table's type.</typeparam>
    /// <typeparam name="TInner">The joined table's type.</typeparam>
    /// <typeparam name="TKey">The key type.</typeparam>
    /// <typeparam name="TResult">The type of the grouped row.</typeparam>
    /// <param name="query">The first table's query.</param>
    /// <param name="inner">The joined table's query.</param>
    /// <param name="outerKeySelector">The first table's key, lowered at build time.</param>
    /// <param name="innerKeySelector">The joined table's key, lowered at build time.</param>
    /// <param name="resultSelector">The row with its group, lowered at build time.</param>
    /// <exception cref="ArgumentException"><paramref name="inner"/> was made on another connection.</exception>
    /// <exception cref="NotSupportedException">Either query is ordered or limited.</exception>
    public static AsyncGroupJoinQuery<TResult, TInner> GroupJoin<T, TInner, TKey, TResult>(AsyncTableQuery<T> query, AsyncTableQuery<TInner> inner,
        Expression<Func<T, TKey>> outerKeySelector, Expression<Func<TInner, TKey>> innerKeySelector, Expression<Func<T, IEnumerable<TInner>, TResult>> resultSelector)
    {
        ArgumentNullException.ThrowIfNull(query);
        ArgumentNullException.ThrowIfNull(inner);
        return new(query.Pool, GroupJoin(query.Query, inner.Query, outerKeySelector, innerKeySelector, resultSelector));
    }

    /// <summary>For generated code: <see cref="AsyncJoinQuery{TResult}.GroupJoin"/> (one more table) of an intercepted chain.</summary>
    /// <typeparam name="TResult">The type of the rows joined so far.</typeparam>
    /// <typeparam name="TInner">The joined table's type.</typeparam>
    /// <typeparam name="TKey">The key type.</typeparam>
    /// <typeparam name="TNew">The type of the grouped row.</typeparam>
    /// <param name="query">The join so far.</param>
    /// <param name="inner">The joined table's query.</param>
    /// <param name="outerKeySelector">The key of the rows so far, lowered at build time.</param>
    /// <param name="innerKeySelector">The joined table's key, lowered at build time.</param>
    /// <param name="resultSelector">The row with its group, lowered at build time.</param>
    /// <exception cref="ArgumentException"><paramref name="inner"/> was made on another connection.</exception>
    /// <exception cref="NotSupportedException"><paramref name="inner"/> is ordered or limited.</exception>
    public static AsyncGroupJoinQuery<TNew, TInner> GroupJoin<TResult, TInner, TKey, TNew>(AsyncJoinQuery<TResult> query, AsyncTableQuery<TInner> inner,
        Expression<Func<TResult, TKey>> outerKeySelector, Expression<Func<TInner, TKey>> innerKeySelector, Expression<Func<TResult, IEnumerable<TInner>, TNew>> resultSelector)
    {
        ArgumentNullException.ThrowIfNull(query);
        ArgumentNullException.ThrowIfNull(inner);
        return new(query.Pool, GroupJoin(query.Query, inner.Query, outerKeySelector, innerKeySelector, resultSelector));
    }

    /// <summary>For generated code: <see cref="AsyncGroupJoinQuery{TResult, TInner}.SelectMany"/> of an intercepted chain.</summary>
    /// <typeparam name="TResult">The grouped row's type.</typeparam>
    /// <typeparam name="TInner">The joined table's type.</typeparam>
    /// <typeparam name="TCollection">The joined row's type.</typeparam>
    /// <typeparam name="TNew">The result type.</typeparam>
    /// <param name="query">The grouped join.</param>
    /// <param name="collectionSelector"><c>x =&gt; x.g.DefaultIfEmpty()</c> or <c>x =&gt; x.g</c>, lowered at build time.</param>
    /// <param name="resultSelector">The joined row, lowered at build time.</param>
    public static AsyncJoinQuery<TNew> SelectMany<TResult, TInner, TCollection, TNew>(AsyncGroupJoinQuery<TResult, TInner> query,
        Expression<Func<TResult, IEnumerable<TCollection>>> collectionSelector, Expression<Func<TResult, TCollection, TNew>> resultSelector)
    {
        ArgumentNullException.ThrowIfNull(query);
        return new(query.Pool, SelectMany(query.Query, collectionSelector, resultSelector));
    }

    /// <summary>For generated code: <see cref="AsyncJoinQuery{TResult}.Where"/> of an intercepted chain (its values are read from <paramref name="predicate"/>).</summary>
    /// <typeparam name="TResult">The type of a joined row.</typeparam>
    /// <param name="query">The join.</param>
    /// <param name="predicate">The condition, lowered at build time.</param>
    public static AsyncJoinQuery<TResult> Where<TResult>(AsyncJoinQuery<TResult> query, Expression<Func<TResult, bool>> predicate)
    {
        ArgumentNullException.ThrowIfNull(query);
        return new(query.Pool, Where(query.Query, predicate));
    }

    /// <summary>For generated code: OrderBy, OrderByDescending, ThenBy or ThenByDescending of an intercepted async join.</summary>
    /// <typeparam name="TResult">The type of a joined row.</typeparam>
    /// <typeparam name="TKey">The key type.</typeparam>
    /// <param name="query">The join.</param>
    /// <param name="keySelector">The key, lowered at build time.</param>
    /// <param name="descending">True for the descending operators.</param>
    /// <param name="then">True for ThenBy and ThenByDescending.</param>
    public static AsyncJoinQuery<TResult> Order<TResult, TKey>(AsyncJoinQuery<TResult> query, Expression<Func<TResult, TKey>> keySelector, bool descending, bool then)
    {
        ArgumentNullException.ThrowIfNull(query);
        return new(query.Pool, Order(query.Query, keySelector, descending, then));
    }

    /// <summary>For generated code: Take (<paramref name="skip"/> false) or Skip of an intercepted async join.</summary>
    /// <typeparam name="TResult">The type of a joined row.</typeparam>
    /// <param name="query">The join.</param>
    /// <param name="count">The count.</param>
    /// <param name="skip">True for Skip.</param>
    public static AsyncJoinQuery<TResult> Page<TResult>(AsyncJoinQuery<TResult> query, int count, bool skip)
    {
        ArgumentNullException.ThrowIfNull(query);
        return new(query.Pool, Page(query.Query, count, skip));
    }

    /// <summary>For generated code: <see cref="AsyncJoinQuery{TResult}.Select"/> of an intercepted chain.</summary>
    /// <typeparam name="TResult">The type of a joined row.</typeparam>
    /// <typeparam name="TNew">The projected type.</typeparam>
    /// <param name="query">The join.</param>
    /// <param name="selector">The projection, lowered at build time.</param>
    public static AsyncJoinQuery<TNew> Select<TResult, TNew>(AsyncJoinQuery<TResult> query, Expression<Func<TResult, TNew>> selector)
    {
        ArgumentNullException.ThrowIfNull(query);
        return new(query.Pool, Select(query.Query, selector));
    }
}
