using System.Linq.Expressions;
using MicroDb.Concurrency;

namespace MicroDb.Query;

/// <summary>
/// The asynchronous form of <see cref="GroupedQuery{TResult}"/>: groups read as <typeparamref name="TResult"/>, run on a
/// reader of the pool when a terminal is awaited or the query is enumerated with <c>await foreach</c>. The token of each
/// call cancels the wait for a connection, is checked between rows, and interrupts the running statement.
/// </summary>
/// <typeparam name="TResult">The result type.</typeparam>
public sealed class AsyncGroupedQuery<TResult> : IAsyncEnumerable<TResult>
{
    private readonly MicroDbPool _pool;
    private readonly GroupedQuery<TResult> _query;

    internal AsyncGroupedQuery(MicroDbPool pool, GroupedQuery<TResult> query)
    {
        _pool = pool;
        _query = query;
    }

    /// <summary>Keeps the groups whose result matches <paramref name="predicate"/> (SQL HAVING).</summary>
    /// <param name="predicate">The condition on the result.</param>
    public AsyncGroupedQuery<TResult> Where(Expression<Func<TResult, bool>> predicate) => new(_pool, _query.Where(predicate));

    /// <summary>Sorts by a member of the result (the key or an aggregate), ascending.</summary>
    /// <typeparam name="TOrder">The sort key's type.</typeparam>
    /// <param name="keySelector">The sort key.</param>
    public AsyncGroupedQuery<TResult> OrderBy<TOrder>(Expression<Func<TResult, TOrder>> keySelector) => new(_pool, _query.OrderBy(keySelector));

    /// <summary>Sorts by a member of the result, descending.</summary>
    /// <typeparam name="TOrder">The sort key's type.</typeparam>
    /// <param name="keySelector">The sort key.</param>
    public AsyncGroupedQuery<TResult> OrderByDescending<TOrder>(Expression<Func<TResult, TOrder>> keySelector) => new(_pool, _query.OrderByDescending(keySelector));

    /// <summary>Adds an ascending tie-breaker.</summary>
    /// <typeparam name="TOrder">The sort key's type.</typeparam>
    /// <param name="keySelector">The sort key.</param>
    /// <exception cref="InvalidOperationException">No OrderBy precedes it.</exception>
    public AsyncGroupedQuery<TResult> ThenBy<TOrder>(Expression<Func<TResult, TOrder>> keySelector) => new(_pool, _query.ThenBy(keySelector));

    /// <summary>Adds a descending tie-breaker.</summary>
    /// <typeparam name="TOrder">The sort key's type.</typeparam>
    /// <param name="keySelector">The sort key.</param>
    /// <exception cref="InvalidOperationException">No OrderBy precedes it.</exception>
    public AsyncGroupedQuery<TResult> ThenByDescending<TOrder>(Expression<Func<TResult, TOrder>> keySelector) => new(_pool, _query.ThenByDescending(keySelector));

    /// <summary>Keeps at most <paramref name="count"/> groups.</summary>
    /// <param name="count">The number of groups.</param>
    public AsyncGroupedQuery<TResult> Take(int count) => new(_pool, _query.Take(count));

    /// <summary>Skips <paramref name="count"/> groups.</summary>
    /// <param name="count">The number of groups.</param>
    public AsyncGroupedQuery<TResult> Skip(int count) => new(_pool, _query.Skip(count));

    /// <summary>The SQL the query runs (values appear as <c>?</c> parameters).</summary>
    public string ToSqlString() => _query.ToSqlString();

    /// <summary>Runs the query and returns every group's result.</summary>
    /// <param name="cancellationToken">Cancels the wait for a reader; checked between rows; interrupts the running statement.</param>
    public ValueTask<List<TResult>> ToListAsync(CancellationToken cancellationToken = default) =>
        ReadAsync(static (q, ct) => q.ToList(ct), cancellationToken);

    /// <summary>Runs the query and returns every group's result as an array.</summary>
    /// <param name="cancellationToken">Cancels the wait for a reader; checked between rows; interrupts the running statement.</param>
    public async ValueTask<TResult[]> ToArrayAsync(CancellationToken cancellationToken = default) =>
        [.. await ToListAsync(cancellationToken).ConfigureAwait(false)];

    /// <summary>The first group's result.</summary>
    /// <param name="cancellationToken">Cancels the wait for a reader, or interrupts the running statement.</param>
    /// <exception cref="InvalidOperationException">There is no group.</exception>
    public ValueTask<TResult> FirstAsync(CancellationToken cancellationToken = default) =>
        ReadAsync(static (q, _) => q.First(), cancellationToken);

    /// <summary>The first group's result, or default when there is none.</summary>
    /// <param name="cancellationToken">Cancels the wait for a reader, or interrupts the running statement.</param>
    public ValueTask<TResult?> FirstOrDefaultAsync(CancellationToken cancellationToken = default) =>
        ReadAsync(static (q, _) => q.FirstOrDefault(), cancellationToken);

    /// <summary>The number of groups.</summary>
    /// <param name="cancellationToken">Cancels the wait for a reader, or interrupts the running statement.</param>
    public ValueTask<int> CountAsync(CancellationToken cancellationToken = default) =>
        ReadAsync(static (q, _) => q.Count(), cancellationToken);

    /// <summary>Streams the groups' results on a reader held until the enumeration is disposed.</summary>
    /// <param name="cancellationToken">Cancels the wait for a reader; checked before each row; interrupts a running step.</param>
    public IAsyncEnumerator<TResult> GetAsyncEnumerator(CancellationToken cancellationToken = default)
    {
        var query = _query;
        return new AsyncDeferredQuery<TResult>(_pool, c => query.On(c).GetEnumerator(), CancellationToken.None).GetAsyncEnumerator(cancellationToken);
    }

    /// <summary>Runs <paramref name="run"/> on the query rebound to one of the pool's readers (the terminals, and the intercepted path's).</summary>
    internal ValueTask<TValue> ReadAsync<TValue>(Func<GroupedQuery<TResult>, CancellationToken, TValue> run, CancellationToken cancellationToken) =>
        _pool.ReadAsync((Query: _query, Run: run), static (c, s, ct) => s.Run(s.Query.On(c), ct), cancellationToken);
}
