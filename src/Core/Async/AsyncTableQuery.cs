using System.Linq.Expressions;
using MicroDb.Concurrency;

namespace MicroDb.Query;

/// <summary>
/// The asynchronous form of <see cref="TableQuery{T}"/>, from <see cref="MicroDbAsyncConnection.Table{T}"/>. It wraps a
/// <see cref="TableQuery{T}"/>, so composition (Where, OrderBy, ThenBy, Skip, Take, Select) and translation are the sync
/// query's, and nothing touches the database until a terminal is awaited or the query is enumerated with
/// <c>await foreach</c>. Each terminal runs one statement on a reader of the pool (on the writer for
/// <see cref="DeleteAsync(CancellationToken)"/>, and for every call when the pool is a single connection). The token of each call cancels
/// the wait for a connection, is checked between rows, and interrupts the running statement (sqlite3_interrupt).
/// Immutable, like the sync query.
/// </summary>
/// <typeparam name="T">The mapped type.</typeparam>
public sealed partial class AsyncTableQuery<T> : IAsyncEnumerable<T>
{
    private readonly MicroDbPool _pool;
    private readonly TableQuery<T> _query;

    internal AsyncTableQuery(MicroDbPool pool, TableQuery<T> query)
    {
        _pool = pool;
        _query = query;
    }

    /// <summary>The pool the query runs on.</summary>
    public MicroDbPool Pool => _pool;

    /// <summary>The sync query this one runs on a reader.</summary>
    internal TableQuery<T> Query => _query;

    /// <summary>This async query over <paramref name="query"/> (an intercepted operator's result).</summary>
    internal AsyncTableQuery<T> With(TableQuery<T> query) => new(_pool, query);

    /// <summary>Keeps the rows matching <paramref name="predicate"/>; see <see cref="TableQuery{T}.Where"/>.</summary>
    /// <param name="predicate">The condition.</param>
    /// <exception cref="NotSupportedException">Part of the predicate has no SQL translation.</exception>
    public AsyncTableQuery<T> Where(Expression<Func<T, bool>> predicate) => new(_pool, _query.Where(predicate));

    /// <summary>Sorts by <paramref name="keySelector"/> ascending.</summary>
    /// <typeparam name="TKey">The key type.</typeparam>
    /// <param name="keySelector">The key.</param>
    public AsyncTableQuery<T> OrderBy<TKey>(Expression<Func<T, TKey>> keySelector) => new(_pool, _query.OrderBy(keySelector));

    /// <summary>Sorts by <paramref name="keySelector"/> descending.</summary>
    /// <typeparam name="TKey">The key type.</typeparam>
    /// <param name="keySelector">The key.</param>
    public AsyncTableQuery<T> OrderByDescending<TKey>(Expression<Func<T, TKey>> keySelector) => new(_pool, _query.OrderByDescending(keySelector));

    /// <summary>Adds an ascending tie-breaker to the preceding OrderBy.</summary>
    /// <typeparam name="TKey">The key type.</typeparam>
    /// <param name="keySelector">The key.</param>
    /// <exception cref="InvalidOperationException">No OrderBy precedes it.</exception>
    public AsyncTableQuery<T> ThenBy<TKey>(Expression<Func<T, TKey>> keySelector) => new(_pool, _query.ThenBy(keySelector));

    /// <summary>Adds a descending tie-breaker to the preceding OrderBy.</summary>
    /// <typeparam name="TKey">The key type.</typeparam>
    /// <param name="keySelector">The key.</param>
    /// <exception cref="InvalidOperationException">No OrderBy precedes it.</exception>
    public AsyncTableQuery<T> ThenByDescending<TKey>(Expression<Func<T, TKey>> keySelector) => new(_pool, _query.ThenByDescending(keySelector));

    /// <summary>Keeps at most <paramref name="count"/> rows.</summary>
    /// <param name="count">The number of rows.</param>
    public AsyncTableQuery<T> Take(int count) => new(_pool, _query.Take(count));

    /// <summary>Skips <paramref name="count"/> rows.</summary>
    /// <param name="count">The number of rows.</param>
    public AsyncTableQuery<T> Skip(int count) => new(_pool, _query.Skip(count));

    /// <summary>Projects each row; see <see cref="TableQuery{T}.Select{TResult}"/>.</summary>
    /// <typeparam name="TResult">The projected type.</typeparam>
    /// <param name="selector">The projection.</param>
    public AsyncSelectQuery<T, TResult> Select<TResult>(Expression<Func<T, TResult>> selector) => new(_pool, _query.Select(selector));

    /// <summary>The SQL the query runs (values appear as <c>?</c> parameters).</summary>
    public string ToSqlString() => _query.ToSqlString();

    /// <summary>Runs the query and returns every row.</summary>
    /// <param name="cancellationToken">Cancels the wait for a reader; checked between rows; interrupts the running statement.</param>
    public ValueTask<List<T>> ToListAsync(CancellationToken cancellationToken = default) =>
        ReadAsync(static (q, ct) => q.ToList(ct), cancellationToken);

    /// <summary>Runs the query and returns every row as an array.</summary>
    /// <param name="cancellationToken">Cancels the wait for a reader; checked between rows; interrupts the running statement.</param>
    public async ValueTask<T[]> ToArrayAsync(CancellationToken cancellationToken = default) =>
        [.. await ToListAsync(cancellationToken).ConfigureAwait(false)];

    /// <summary>
    /// Streams the rows: a reader is taken on the first <c>MoveNextAsync</c> and held until the enumeration is disposed
    /// (<c>await foreach</c> does). Pass a token here or with <c>WithCancellation</c>.
    /// </summary>
    /// <param name="cancellationToken">Cancels the wait for a reader; checked before each row; interrupts a running step.</param>
    public IAsyncEnumerator<T> GetAsyncEnumerator(CancellationToken cancellationToken = default)
    {
        var query = _query;
        return new AsyncDeferredQuery<T>(_pool, c => query.On(c).GetEnumerator(), CancellationToken.None).GetAsyncEnumerator(cancellationToken);
    }

    /// <summary>Runs <paramref name="run"/> on the query rebound to a reader of the pool.</summary>
    private ValueTask<TResult> ReadAsync<TResult>(Func<TableQuery<T>, CancellationToken, TResult> run, CancellationToken cancellationToken) =>
        _pool.ReadAsync((Query: _query, Run: run), static (c, s, ct) => s.Run(s.Query.On(c), ct), cancellationToken);

    /// <summary>Runs <paramref name="run"/> with an argument (a predicate or selector) on the query rebound to a reader.</summary>
    private ValueTask<TResult> ReadAsync<TArg, TResult>(TArg arg, Func<TableQuery<T>, TArg, TResult> run, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(arg);
        return _pool.ReadAsync((Query: _query, Arg: arg, Run: run), static (c, s, _) => s.Run(s.Query.On(c), s.Arg), cancellationToken);
    }
}
