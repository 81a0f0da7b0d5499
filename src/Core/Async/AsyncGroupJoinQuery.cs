using System.Linq.Expressions;
using MicroDb.Concurrency;

namespace MicroDb.Query;

/// <summary>
/// The asynchronous form of <see cref="GroupJoinQuery{TResult, TInner}"/>: a grouped join waiting for the
/// <see cref="SelectMany"/> that makes it a left join (over <c>g.DefaultIfEmpty()</c>) or an inner join (over <c>g</c>).
/// </summary>
/// <typeparam name="TResult">The grouped row (a row with its group of matches).</typeparam>
/// <typeparam name="TInner">The joined table's type.</typeparam>
public sealed class AsyncGroupJoinQuery<TResult, TInner>
{
    private readonly MicroDbPool _pool;
    private readonly GroupJoinQuery<TResult, TInner> _query;

    internal AsyncGroupJoinQuery(MicroDbPool pool, GroupJoinQuery<TResult, TInner> query)
    {
        _pool = pool;
        _query = query;
    }

    /// <summary>The pool the terminals read on (for the intercepted operators' stand-ins).</summary>
    internal MicroDbPool Pool => _pool;

    /// <summary>The wrapped sync query (for the intercepted operators' stand-ins).</summary>
    internal GroupJoinQuery<TResult, TInner> Query => _query;

    /// <summary>Flattens the grouped join; see <see cref="GroupJoinQuery{TResult, TInner}.SelectMany"/>.</summary>
    /// <typeparam name="TCollection">The joined row's type.</typeparam>
    /// <typeparam name="TNew">The result type.</typeparam>
    /// <param name="collectionSelector"><c>x =&gt; x.g.DefaultIfEmpty()</c> or <c>x =&gt; x.g</c>.</param>
    /// <param name="resultSelector">The joined row.</param>
    /// <exception cref="NotSupportedException">The collection is anything else, or the result still uses the group.</exception>
    public AsyncJoinQuery<TNew> SelectMany<TCollection, TNew>(
        Expression<Func<TResult, IEnumerable<TCollection>>> collectionSelector,
        Expression<Func<TResult, TCollection, TNew>> resultSelector) =>
        new(_pool, _query.SelectMany(collectionSelector, resultSelector));
}
