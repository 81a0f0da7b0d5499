using System.Linq.Expressions;
using MicroDb.Concurrency;

namespace MicroDb.Query;

/// <summary>
/// The asynchronous form of <see cref="JoinQuery{TResult}"/>, from <see cref="AsyncTableQuery{T}"/>'s <c>Join</c>,
/// <c>LeftJoin</c>, <c>RightJoin</c> and <c>GroupJoin</c>. It wraps a <see cref="JoinQuery{TResult}"/>, so composition and
/// translation are the sync query's (one SELECT with its joins); nothing touches the database until a terminal is awaited
/// or the query is enumerated with <c>await foreach</c>. Each terminal runs one statement on a reader of the pool. The
/// token of each call cancels the wait for a connection, is checked between rows, and interrupts the running statement.
/// Immutable.
/// </summary>
/// <typeparam name="TResult">The type of a joined row.</typeparam>
public sealed class AsyncJoinQuery<TResult> : IAsyncEnumerable<TResult>
{
    private readonly MicroDbPool _pool;
    private readonly JoinQuery<TResult> _query;

    internal AsyncJoinQuery(MicroDbPool pool, JoinQuery<TResult> query)
    {
        _pool = pool;
        _query = query;
    }

    /// <summary>The pool the terminals read on (for the intercepted operators' stand-ins).</summary>
    internal MicroDbPool Pool => _pool;

    /// <summary>The wrapped sync query (for the intercepted operators' stand-ins).</summary>
    internal JoinQuery<TResult> Query => _query;

    /// <summary>Joins one more table; see <see cref="JoinQuery{TResult}.Join"/>.</summary>
    /// <typeparam name="TInner">The joined table's type.</typeparam>
    /// <typeparam name="TKey">The key type.</typeparam>
    /// <typeparam name="TNew">The type of a joined row.</typeparam>
    /// <param name="inner">The joined table (a query of the same connection).</param>
    /// <param name="outerKeySelector">The key of the rows joined so far.</param>
    /// <param name="innerKeySelector">The key of the joined table's row.</param>
    /// <param name="resultSelector">The joined row.</param>
    /// <exception cref="NotSupportedException">This query is ordered or limited, or a key or the result has no SQL translation.</exception>
    public AsyncJoinQuery<TNew> Join<TInner, TKey, TNew>(
        AsyncTableQuery<TInner> inner,
        Expression<Func<TResult, TKey>> outerKeySelector,
        Expression<Func<TInner, TKey>> innerKeySelector,
        Expression<Func<TResult, TInner, TNew>> resultSelector)
    {
        ArgumentNullException.ThrowIfNull(inner);
        return new(_pool, _query.Join(inner.Query, outerKeySelector, innerKeySelector, resultSelector));
    }

    /// <summary>Joins one more table as a left outer join; see <see cref="JoinQuery{TResult}.LeftJoin"/>.</summary>
    /// <typeparam name="TInner">The joined table's type.</typeparam>
    /// <typeparam name="TKey">The key type.</typeparam>
    /// <typeparam name="TNew">The type of a joined row.</typeparam>
    /// <param name="inner">The joined table (a query of the same connection).</param>
    /// <param name="outerKeySelector">The key of the rows joined so far.</param>
    /// <param name="innerKeySelector">The key of the joined table's row.</param>
    /// <param name="resultSelector">The joined row; its second argument is null where no row matched.</param>
    /// <exception cref="NotSupportedException">This query is ordered or limited, a key or the result has no SQL translation, or only one key is an anonymous object.</exception>
    public AsyncJoinQuery<TNew> LeftJoin<TInner, TKey, TNew>(
        AsyncTableQuery<TInner> inner,
        Expression<Func<TResult, TKey>> outerKeySelector,
        Expression<Func<TInner, TKey>> innerKeySelector,
        Expression<Func<TResult, TInner?, TNew>> resultSelector)
    {
        ArgumentNullException.ThrowIfNull(inner);
        return new(_pool, _query.LeftJoin(inner.Query, outerKeySelector, innerKeySelector, resultSelector));
    }

    /// <summary>A right outer join of one more table (SQL <c>RIGHT JOIN</c>); see <see cref="JoinQuery{TResult}.RightJoin"/>.</summary>
    /// <typeparam name="TInner">The joined table's type.</typeparam>
    /// <typeparam name="TKey">The key type.</typeparam>
    /// <typeparam name="TNew">The type of a joined row.</typeparam>
    /// <param name="inner">The joined table.</param>
    /// <param name="outerKeySelector">The key of the rows joined so far.</param>
    /// <param name="innerKeySelector">The key of the joined table's row.</param>
    /// <param name="resultSelector">The joined row; its first argument is null where no row joined so far matched.</param>
    /// <exception cref="NotSupportedException">This query is ordered or limited, a key or the result has no SQL translation, or only one key is an anonymous object.</exception>
    public AsyncJoinQuery<TNew> RightJoin<TInner, TKey, TNew>(
        AsyncTableQuery<TInner> inner,
        Expression<Func<TResult, TKey>> outerKeySelector,
        Expression<Func<TInner, TKey>> innerKeySelector,
        Expression<Func<TResult?, TInner, TNew>> resultSelector)
    {
        ArgumentNullException.ThrowIfNull(inner);
        return new(_pool, _query.RightJoin(inner.Query, outerKeySelector, innerKeySelector, resultSelector));
    }

    /// <summary>The first half of query syntax's left join; see <see cref="JoinQuery{TResult}.GroupJoin"/>.</summary>
    /// <typeparam name="TInner">The joined table's type.</typeparam>
    /// <typeparam name="TKey">The key type.</typeparam>
    /// <typeparam name="TNew">The type of the grouped row.</typeparam>
    /// <param name="inner">The joined table (a query of the same connection).</param>
    /// <param name="outerKeySelector">The key of the rows joined so far.</param>
    /// <param name="innerKeySelector">The key of the joined table's row.</param>
    /// <param name="resultSelector">The row with its group of matches.</param>
    public AsyncGroupJoinQuery<TNew, TInner> GroupJoin<TInner, TKey, TNew>(
        AsyncTableQuery<TInner> inner,
        Expression<Func<TResult, TKey>> outerKeySelector,
        Expression<Func<TInner, TKey>> innerKeySelector,
        Expression<Func<TResult, IEnumerable<TInner>, TNew>> resultSelector)
    {
        ArgumentNullException.ThrowIfNull(inner);
        return new(_pool, _query.GroupJoin(inner.Query, outerKeySelector, innerKeySelector, resultSelector));
    }

    /// <summary>Keeps the joined rows matching <paramref name="predicate"/>; see <see cref="JoinQuery{TResult}.Where"/>.</summary>
    /// <param name="predicate">The condition on the joined row.</param>
    /// <exception cref="NotSupportedException">The predicate has no SQL translation, or the query is already limited.</exception>
    public AsyncJoinQuery<TResult> Where(Expression<Func<TResult, bool>> predicate) => new(_pool, _query.Where(predicate));

    /// <summary>Projects each joined row; later operators read the new result.</summary>
    /// <typeparam name="TNew">The projected type.</typeparam>
    /// <param name="selector">The projection.</param>
    public AsyncJoinQuery<TNew> Select<TNew>(Expression<Func<TResult, TNew>> selector) => new(_pool, _query.Select(selector));

    /// <summary>Sorts by <paramref name="keySelector"/> ascending.</summary>
    /// <typeparam name="TKey">The key type.</typeparam>
    /// <param name="keySelector">The key.</param>
    public AsyncJoinQuery<TResult> OrderBy<TKey>(Expression<Func<TResult, TKey>> keySelector) => new(_pool, _query.OrderBy(keySelector));

    /// <summary>Sorts by <paramref name="keySelector"/> descending.</summary>
    /// <typeparam name="TKey">The key type.</typeparam>
    /// <param name="keySelector">The key.</param>
    public AsyncJoinQuery<TResult> OrderByDescending<TKey>(Expression<Func<TResult, TKey>> keySelector) => new(_pool, _query.OrderByDescending(keySelector));

    /// <summary>Adds an ascending tie-breaker to the preceding OrderBy.</summary>
    /// <typeparam name="TKey">The key type.</typeparam>
    /// <param name="keySelector">The key.</param>
    /// <exception cref="InvalidOperationException">No OrderBy precedes it.</exception>
    public AsyncJoinQuery<TResult> ThenBy<TKey>(Expression<Func<TResult, TKey>> keySelector) => new(_pool, _query.ThenBy(keySelector));

    /// <summary>Adds a descending tie-breaker to the preceding OrderBy.</summary>
    /// <typeparam name="TKey">The key type.</typeparam>
    /// <param name="keySelector">The key.</param>
    /// <exception cref="InvalidOperationException">No OrderBy precedes it.</exception>
    public AsyncJoinQuery<TResult> ThenByDescending<TKey>(Expression<Func<TResult, TKey>> keySelector) => new(_pool, _query.ThenByDescending(keySelector));

    /// <summary>Keeps at most <paramref name="count"/> rows.</summary>
    /// <param name="count">The number of rows.</param>
    public AsyncJoinQuery<TResult> Take(int count) => new(_pool, _query.Take(count));

    /// <summary>Skips <paramref name="count"/> rows.</summary>
    /// <param name="count">The number of rows.</param>
    public AsyncJoinQuery<TResult> Skip(int count) => new(_pool, _query.Skip(count));

    /// <summary>Groups the joined rows; see <see cref="JoinQuery{TResult}.GroupBy{TKey}(Expression{Func{TResult, TKey}})"/>.</summary>
    /// <typeparam name="TKey">The key type.</typeparam>
    /// <param name="keySelector">The key, over the joined row.</param>
    /// <exception cref="NotSupportedException">The key has no SQL translation, or the query is ordered or limited.</exception>
    public AsyncGroupByQuery<TKey, TResult> GroupBy<TKey>(Expression<Func<TResult, TKey>> keySelector) => new(_pool, _query.GroupBy(keySelector));

    /// <summary>Groups the joined rows with an element selector (query syntax's <c>group o by c.Country</c>); see <see cref="JoinQuery{TResult}.GroupBy{TKey, TElement}"/>.</summary>
    /// <typeparam name="TKey">The key type.</typeparam>
    /// <typeparam name="TElement">The type of a group's elements.</typeparam>
    /// <param name="keySelector">The key, over the joined row.</param>
    /// <param name="elementSelector">What each joined row contributes to its group.</param>
    /// <exception cref="NotSupportedException">The key has no SQL translation, or the query is ordered or limited.</exception>
    public AsyncGroupByQuery<TKey, TElement> GroupBy<TKey, TElement>(Expression<Func<TResult, TKey>> keySelector, Expression<Func<TResult, TElement>> elementSelector) =>
        new(_pool, _query.GroupBy(keySelector, elementSelector));

    /// <summary>The SQL the query runs (values appear as <c>?</c> parameters).</summary>
    public string ToSqlString() => _query.ToSqlString();

    /// <summary>Runs the query and returns every joined row.</summary>
    /// <param name="cancellationToken">Cancels the wait for a reader; checked between rows; interrupts the running statement.</param>
    public ValueTask<List<TResult>> ToListAsync(CancellationToken cancellationToken = default) =>
        ReadAsync(static (q, ct) => q.ToList(ct), cancellationToken);

    /// <summary>Runs the query and returns every joined row as an array.</summary>
    /// <param name="cancellationToken">Cancels the wait for a reader; checked between rows; interrupts the running statement.</param>
    public async ValueTask<TResult[]> ToArrayAsync(CancellationToken cancellationToken = default) =>
        [.. await ToListAsync(cancellationToken).ConfigureAwait(false)];

    /// <summary>The first joined row.</summary>
    /// <param name="cancellationToken">Cancels the wait for a reader, or interrupts the running statement.</param>
    /// <exception cref="InvalidOperationException">The query returns no row.</exception>
    public ValueTask<TResult> FirstAsync(CancellationToken cancellationToken = default) =>
        ReadAsync(static (q, _) => q.First(), cancellationToken);

    /// <summary>The first joined row matching <paramref name="predicate"/>.</summary>
    /// <param name="predicate">The condition.</param>
    /// <param name="cancellationToken">Cancels the wait for a reader, or interrupts the running statement.</param>
    /// <exception cref="InvalidOperationException">No row matches.</exception>
    public ValueTask<TResult> FirstAsync(Expression<Func<TResult, bool>> predicate, CancellationToken cancellationToken = default) =>
        Where(predicate).FirstAsync(cancellationToken);

    /// <summary>The first joined row, or default when there is none.</summary>
    /// <param name="cancellationToken">Cancels the wait for a reader, or interrupts the running statement.</param>
    public ValueTask<TResult?> FirstOrDefaultAsync(CancellationToken cancellationToken = default) =>
        ReadAsync(static (q, _) => q.FirstOrDefault(), cancellationToken);

    /// <summary>The first joined row matching <paramref name="predicate"/>, or default.</summary>
    /// <param name="predicate">The condition.</param>
    /// <param name="cancellationToken">Cancels the wait for a reader, or interrupts the running statement.</param>
    public ValueTask<TResult?> FirstOrDefaultAsync(Expression<Func<TResult, bool>> predicate, CancellationToken cancellationToken = default) =>
        Where(predicate).FirstOrDefaultAsync(cancellationToken);

    /// <summary>The number of joined rows.</summary>
    /// <param name="cancellationToken">Cancels the wait for a reader, or interrupts the running statement.</param>
    public ValueTask<int> CountAsync(CancellationToken cancellationToken = default) =>
        ReadAsync(static (q, _) => q.Count(), cancellationToken);

    /// <summary>The number of joined rows matching <paramref name="predicate"/>.</summary>
    /// <param name="predicate">The condition.</param>
    /// <param name="cancellationToken">Cancels the wait for a reader, or interrupts the running statement.</param>
    public ValueTask<int> CountAsync(Expression<Func<TResult, bool>> predicate, CancellationToken cancellationToken = default) =>
        Where(predicate).CountAsync(cancellationToken);

    /// <summary>The number of joined rows, as a long.</summary>
    /// <param name="cancellationToken">Cancels the wait for a reader, or interrupts the running statement.</param>
    public ValueTask<long> LongCountAsync(CancellationToken cancellationToken = default) =>
        ReadAsync(static (q, _) => q.LongCount(), cancellationToken);

    /// <summary>True when the query returns at least one row.</summary>
    /// <param name="cancellationToken">Cancels the wait for a reader, or interrupts the running statement.</param>
    public ValueTask<bool> AnyAsync(CancellationToken cancellationToken = default) =>
        ReadAsync(static (q, _) => q.Any(), cancellationToken);

    /// <summary>True when some joined row matches <paramref name="predicate"/>.</summary>
    /// <param name="predicate">The condition.</param>
    /// <param name="cancellationToken">Cancels the wait for a reader, or interrupts the running statement.</param>
    public ValueTask<bool> AnyAsync(Expression<Func<TResult, bool>> predicate, CancellationToken cancellationToken = default) =>
        Where(predicate).AnyAsync(cancellationToken);

    /// <summary>Streams the joined rows on a reader held until the enumeration is disposed.</summary>
    /// <param name="cancellationToken">Cancels the wait for a reader; checked before each row; interrupts a running step.</param>
    public IAsyncEnumerator<TResult> GetAsyncEnumerator(CancellationToken cancellationToken = default)
    {
        var query = _query;
        return new AsyncDeferredQuery<TResult>(_pool, c => query.On(c).GetEnumerator(), CancellationToken.None).GetAsyncEnumerator(cancellationToken);
    }

    /// <summary>Runs <paramref name="run"/> on the join rebound to one of the pool's readers (the terminals, and the intercepted path's).</summary>
    internal ValueTask<TValue> ReadAsync<TValue>(Func<JoinQuery<TResult>, CancellationToken, TValue> run, CancellationToken cancellationToken) =>
        _pool.ReadAsync((Query: _query, Run: run), static (c, s, ct) => s.Run(s.Query.On(c), ct), cancellationToken);
}
