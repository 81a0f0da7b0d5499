using System.Linq.Expressions;
using MicroDb.Concurrency;

namespace MicroDb.Query;

/// <summary>
/// The asynchronous form of <see cref="SelectQuery{T, TResult}"/>, from <see cref="AsyncTableQuery{T}.Select{TResult}"/>:
/// it wraps the sync projection, so translation and projection are shared, and runs each terminal on a reader of the pool.
/// </summary>
/// <typeparam name="T">The mapped type.</typeparam>
/// <typeparam name="TResult">The projected type.</typeparam>
public sealed class AsyncSelectQuery<T, TResult> : IAsyncEnumerable<TResult>
{
    private readonly MicroDbPool _pool;
    private readonly SelectQuery<T, TResult> _query;

    /// <summary>The pool the query reads on.</summary>
    internal MicroDbPool Pool => _pool;

    /// <summary>The sync query it runs on a reader.</summary>
    internal SelectQuery<T, TResult> Query => _query;

    internal AsyncSelectQuery(MicroDbPool pool, SelectQuery<T, TResult> query)
    {
        _pool = pool;
        _query = query;
    }

    /// <summary>Keeps the rows whose projection matches <paramref name="predicate"/>; see <see cref="SelectQuery{T, TResult}.Where"/>.</summary>
    /// <param name="predicate">The condition on the projected value.</param>
    public AsyncSelectQuery<T, TResult> Where(Expression<Func<TResult, bool>> predicate) => new(_pool, _query.Where(predicate));

    /// <summary>Sorts by a key of the projected value.</summary>
    /// <typeparam name="TKey">The key type.</typeparam>
    /// <param name="keySelector">The key.</param>
    public AsyncSelectQuery<T, TResult> OrderBy<TKey>(Expression<Func<TResult, TKey>> keySelector) => new(_pool, _query.OrderBy(keySelector));

    /// <summary>Sorts by a key of the projected value, descending.</summary>
    /// <typeparam name="TKey">The key type.</typeparam>
    /// <param name="keySelector">The key.</param>
    public AsyncSelectQuery<T, TResult> OrderByDescending<TKey>(Expression<Func<TResult, TKey>> keySelector) => new(_pool, _query.OrderByDescending(keySelector));

    /// <summary>Adds an ascending tie-breaker on the projected value.</summary>
    /// <typeparam name="TKey">The key type.</typeparam>
    /// <param name="keySelector">The key.</param>
    public AsyncSelectQuery<T, TResult> ThenBy<TKey>(Expression<Func<TResult, TKey>> keySelector) => new(_pool, _query.ThenBy(keySelector));

    /// <summary>Adds a descending tie-breaker on the projected value.</summary>
    /// <typeparam name="TKey">The key type.</typeparam>
    /// <param name="keySelector">The key.</param>
    public AsyncSelectQuery<T, TResult> ThenByDescending<TKey>(Expression<Func<TResult, TKey>> keySelector) => new(_pool, _query.ThenByDescending(keySelector));

    /// <summary>Keeps at most <paramref name="count"/> rows.</summary>
    /// <param name="count">The number of rows.</param>
    public AsyncSelectQuery<T, TResult> Take(int count) => new(_pool, _query.Take(count));

    /// <summary>Skips <paramref name="count"/> rows.</summary>
    /// <param name="count">The number of rows.</param>
    public AsyncSelectQuery<T, TResult> Skip(int count) => new(_pool, _query.Skip(count));

    /// <summary>Keeps distinct values; see <see cref="SelectQuery{T, TResult}.Distinct"/>.</summary>
    /// <exception cref="NotSupportedException">The projection is not a single mapped column.</exception>
    public AsyncSelectQuery<T, TResult> Distinct() => new(_pool, _query.Distinct());

    /// <summary>
    /// A sub-query inside another query's lambda (<c>value IN (SELECT ...)</c>, or <c>EXISTS</c> with the translator's
    /// equality for keys that are not plain integers): true when <paramref name="value"/> is among the projected values,
    /// as on the sync table (<c>db.Table&lt;T&gt;().Select(...).Contains(...)</c>). Only translated: to test it on its own,
    /// read the values with <see cref="ToListAsync"/>.
    /// </summary>
    /// <param name="value">The value to look for (it may read the outer row).</param>
    /// <exception cref="NotSupportedException">Called outside a query's lambda.</exception>
    public bool Contains(TResult value) =>
        throw new NotSupportedException($"AsyncSelectQuery<{typeof(T).Name}, {typeof(TResult).Name}>.Contains is a sub-query form: it is translated inside another query's lambda (Where, Select, OrderBy ...) and never runs on its own; await ToListAsync and search the values, or write the condition in a query's lambda.");

    /// <summary>The SQL the query runs.</summary>
    public string ToSqlString() => _query.ToSqlString();

    /// <summary>Runs the query and returns every projected row.</summary>
    /// <param name="cancellationToken">Cancels the wait for a reader; checked between rows; interrupts the running statement.</param>
    public ValueTask<List<TResult>> ToListAsync(CancellationToken cancellationToken = default) =>
        ReadAsync(static (q, ct) => q.ToList(ct), cancellationToken);

    /// <summary>Runs the query and returns every projected row as an array.</summary>
    /// <param name="cancellationToken">Cancels the wait for a reader; checked between rows; interrupts the running statement.</param>
    public async ValueTask<TResult[]> ToArrayAsync(CancellationToken cancellationToken = default) =>
        [.. await ToListAsync(cancellationToken).ConfigureAwait(false)];

    /// <summary>The number of rows (after Distinct, of distinct values).</summary>
    /// <param name="cancellationToken">Cancels the wait for a reader, or interrupts the running statement.</param>
    public ValueTask<int> CountAsync(CancellationToken cancellationToken = default) =>
        ReadAsync(static (q, _) => q.Count(), cancellationToken);

    /// <summary>True when the query returns at least one row.</summary>
    /// <param name="cancellationToken">Cancels the wait for a reader, or interrupts the running statement.</param>
    public ValueTask<bool> AnyAsync(CancellationToken cancellationToken = default) =>
        ReadAsync(static (q, _) => q.Any(), cancellationToken);

    /// <summary>The first projected row.</summary>
    /// <param name="cancellationToken">Cancels the wait for a reader, or interrupts the running statement.</param>
    /// <exception cref="InvalidOperationException">The query returns no row.</exception>
    public ValueTask<TResult> FirstAsync(CancellationToken cancellationToken = default) =>
        ReadAsync(static (q, _) => q.First(), cancellationToken);

    /// <summary>The first projected row, or default when there is none.</summary>
    /// <param name="cancellationToken">Cancels the wait for a reader, or interrupts the running statement.</param>
    public ValueTask<TResult?> FirstOrDefaultAsync(CancellationToken cancellationToken = default) =>
        ReadAsync(static (q, _) => q.FirstOrDefault(), cancellationToken);

    /// <summary>The only projected row.</summary>
    /// <param name="cancellationToken">Cancels the wait for a reader, or interrupts the running statement.</param>
    /// <exception cref="InvalidOperationException">No row, or more than one.</exception>
    public ValueTask<TResult> SingleAsync(CancellationToken cancellationToken = default) =>
        ReadAsync(static (q, _) => q.Single(), cancellationToken);

    /// <summary>The only projected row, or default when there is none.</summary>
    /// <param name="cancellationToken">Cancels the wait for a reader, or interrupts the running statement.</param>
    /// <exception cref="InvalidOperationException">More than one row.</exception>
    public ValueTask<TResult?> SingleOrDefaultAsync(CancellationToken cancellationToken = default) =>
        ReadAsync(static (q, _) => q.SingleOrDefault(), cancellationToken);

    /// <summary>The last projected row; see <see cref="SelectQuery{T, TResult}.Last()"/>.</summary>
    /// <param name="cancellationToken">Cancels the wait for a reader, or interrupts the running statement.</param>
    /// <exception cref="InvalidOperationException">The query returns no row.</exception>
    public ValueTask<TResult> LastAsync(CancellationToken cancellationToken = default) =>
        ReadAsync(static (q, _) => q.Last(), cancellationToken);

    /// <summary>The last projected row, or default when there is none.</summary>
    /// <param name="cancellationToken">Cancels the wait for a reader, or interrupts the running statement.</param>
    public ValueTask<TResult?> LastOrDefaultAsync(CancellationToken cancellationToken = default) =>
        ReadAsync(static (q, _) => q.LastOrDefault(), cancellationToken);

    /// <summary>The number of rows, as a long (after Distinct, of distinct values).</summary>
    /// <param name="cancellationToken">Cancels the wait for a reader, or interrupts the running statement.</param>
    public ValueTask<long> LongCountAsync(CancellationToken cancellationToken = default) =>
        ReadAsync(static (q, _) => q.LongCount(), cancellationToken);

    /// <summary>The projected row at <paramref name="index"/>, or default when the index is negative or past the last row.</summary>
    /// <param name="index">The position.</param>
    /// <param name="cancellationToken">Cancels the wait for a reader, or interrupts the running statement.</param>
    public ValueTask<TResult?> ElementAtOrDefaultAsync(int index, CancellationToken cancellationToken = default) =>
        _pool.ReadAsync((Query: _query, Index: index), static (c, s, _) => s.Query.On(c).ElementAtOrDefault(s.Index), cancellationToken);

    /// <summary>The projected row at <paramref name="index"/> (0-based).</summary>
    /// <param name="index">The position.</param>
    /// <param name="cancellationToken">Cancels the wait for a reader, or interrupts the running statement.</param>
    /// <exception cref="ArgumentOutOfRangeException">The index is negative or past the last row.</exception>
    public ValueTask<TResult> ElementAtAsync(int index, CancellationToken cancellationToken = default) =>
        _pool.ReadAsync((Query: _query, Index: index), static (c, s, _) => s.Query.On(c).ElementAt(s.Index), cancellationToken);

    /// <summary>The smallest projected value; see <see cref="SelectQuery{T, TResult}.Min"/>.</summary>
    /// <param name="cancellationToken">Cancels the wait for a reader, or interrupts the running statement.</param>
    /// <exception cref="InvalidOperationException">No row, and <typeparamref name="TResult"/> is a non-nullable value type.</exception>
    public ValueTask<TResult> MinAsync(CancellationToken cancellationToken = default) =>
        ReadAsync(static (q, _) => q.Min(), cancellationToken);

    /// <summary>The largest projected value; see <see cref="SelectQuery{T, TResult}.Max"/>.</summary>
    /// <param name="cancellationToken">Cancels the wait for a reader, or interrupts the running statement.</param>
    /// <exception cref="InvalidOperationException">No row, and <typeparamref name="TResult"/> is a non-nullable value type.</exception>
    public ValueTask<TResult> MaxAsync(CancellationToken cancellationToken = default) =>
        ReadAsync(static (q, _) => q.Max(), cancellationToken);

    /// <summary>Streams the projected rows on a reader held until the enumeration is disposed.</summary>
    /// <param name="cancellationToken">Cancels the wait for a reader; checked before each row; interrupts a running step.</param>
    public IAsyncEnumerator<TResult> GetAsyncEnumerator(CancellationToken cancellationToken = default)
    {
        var query = _query;
        return new AsyncDeferredQuery<TResult>(_pool, c => query.On(c).GetEnumerator(), CancellationToken.None).GetAsyncEnumerator(cancellationToken);
    }

    private ValueTask<TValue> ReadAsync<TValue>(Func<SelectQuery<T, TResult>, CancellationToken, TValue> run, CancellationToken cancellationToken) =>
        _pool.ReadAsync((Query: _query, Run: run), static (c, s, ct) => s.Run(s.Query.On(c), ct), cancellationToken);
}
