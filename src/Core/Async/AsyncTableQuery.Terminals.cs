using System.Linq.Expressions;

namespace MicroDb.Query;

// Counting, testing, picking one row and deleting; each is the sync operator run on a pooled connection.
public sealed partial class AsyncTableQuery<T>
{
    /// <summary>The number of rows the query returns.</summary>
    /// <param name="cancellationToken">Cancels the wait for a reader, or interrupts the running statement.</param>
    public ValueTask<int> CountAsync(CancellationToken cancellationToken = default) =>
        ReadAsync(static (q, _) => q.Count(), cancellationToken);

    /// <summary>The number of rows matching <paramref name="predicate"/>.</summary>
    /// <param name="predicate">The condition.</param>
    /// <param name="cancellationToken">Cancels the wait for a reader, or interrupts the running statement.</param>
    public ValueTask<int> CountAsync(Expression<Func<T, bool>> predicate, CancellationToken cancellationToken = default) =>
        Where(predicate).CountAsync(cancellationToken);

    /// <summary>The number of rows the query returns, as a long.</summary>
    /// <param name="cancellationToken">Cancels the wait for a reader, or interrupts the running statement.</param>
    public ValueTask<long> LongCountAsync(CancellationToken cancellationToken = default) =>
        ReadAsync(static (q, _) => q.LongCount(), cancellationToken);

    /// <summary>True when the query returns at least one row.</summary>
    /// <param name="cancellationToken">Cancels the wait for a reader, or interrupts the running statement.</param>
    public ValueTask<bool> AnyAsync(CancellationToken cancellationToken = default) =>
        ReadAsync(static (q, _) => q.Any(), cancellationToken);

    /// <summary>True when some row matches <paramref name="predicate"/>.</summary>
    /// <param name="predicate">The condition.</param>
    /// <param name="cancellationToken">Cancels the wait for a reader, or interrupts the running statement.</param>
    public ValueTask<bool> AnyAsync(Expression<Func<T, bool>> predicate, CancellationToken cancellationToken = default) =>
        Where(predicate).AnyAsync(cancellationToken);

    /// <summary>True when every row matches <paramref name="predicate"/> (true for no rows).</summary>
    /// <param name="predicate">The condition.</param>
    /// <param name="cancellationToken">Cancels the wait for a reader, or interrupts the running statement.</param>
    public ValueTask<bool> AllAsync(Expression<Func<T, bool>> predicate, CancellationToken cancellationToken = default) =>
        ReadAsync(predicate, static (q, p) => q.All(p), cancellationToken);

    /// <summary>The first row.</summary>
    /// <param name="cancellationToken">Cancels the wait for a reader, or interrupts the running statement.</param>
    /// <exception cref="InvalidOperationException">The query returns no row.</exception>
    public ValueTask<T> FirstAsync(CancellationToken cancellationToken = default) =>
        ReadAsync(static (q, _) => q.First(), cancellationToken);

    /// <summary>The first row matching <paramref name="predicate"/>.</summary>
    /// <param name="predicate">The condition.</param>
    /// <param name="cancellationToken">Cancels the wait for a reader, or interrupts the running statement.</param>
    /// <exception cref="InvalidOperationException">No row matches.</exception>
    public ValueTask<T> FirstAsync(Expression<Func<T, bool>> predicate, CancellationToken cancellationToken = default) =>
        Where(predicate).FirstAsync(cancellationToken);

    /// <summary>The first row, or default when there is none.</summary>
    /// <param name="cancellationToken">Cancels the wait for a reader, or interrupts the running statement.</param>
    public ValueTask<T?> FirstOrDefaultAsync(CancellationToken cancellationToken = default) =>
        ReadAsync(static (q, _) => q.FirstOrDefault(), cancellationToken);

    /// <summary>The first row matching <paramref name="predicate"/>, or default.</summary>
    /// <param name="predicate">The condition.</param>
    /// <param name="cancellationToken">Cancels the wait for a reader, or interrupts the running statement.</param>
    public ValueTask<T?> FirstOrDefaultAsync(Expression<Func<T, bool>> predicate, CancellationToken cancellationToken = default) =>
        Where(predicate).FirstOrDefaultAsync(cancellationToken);

    /// <summary>The only row.</summary>
    /// <param name="cancellationToken">Cancels the wait for a reader, or interrupts the running statement.</param>
    /// <exception cref="InvalidOperationException">No row, or more than one.</exception>
    public ValueTask<T> SingleAsync(CancellationToken cancellationToken = default) =>
        ReadAsync(static (q, _) => q.Single(), cancellationToken);

    /// <summary>The only row matching <paramref name="predicate"/>.</summary>
    /// <param name="predicate">The condition.</param>
    /// <param name="cancellationToken">Cancels the wait for a reader, or interrupts the running statement.</param>
    /// <exception cref="InvalidOperationException">No row matches, or more than one does.</exception>
    public ValueTask<T> SingleAsync(Expression<Func<T, bool>> predicate, CancellationToken cancellationToken = default) =>
        Where(predicate).SingleAsync(cancellationToken);

    /// <summary>The only row, or default when there is none.</summary>
    /// <param name="cancellationToken">Cancels the wait for a reader, or interrupts the running statement.</param>
    /// <exception cref="InvalidOperationException">More than one row.</exception>
    public ValueTask<T?> SingleOrDefaultAsync(CancellationToken cancellationToken = default) =>
        ReadAsync(static (q, _) => q.SingleOrDefault(), cancellationToken);

    /// <summary>The only row matching <paramref name="predicate"/>, or default when none does.</summary>
    /// <param name="predicate">The condition.</param>
    /// <param name="cancellationToken">Cancels the wait for a reader, or interrupts the running statement.</param>
    /// <exception cref="InvalidOperationException">More than one row matches.</exception>
    public ValueTask<T?> SingleOrDefaultAsync(Expression<Func<T, bool>> predicate, CancellationToken cancellationToken = default) =>
        Where(predicate).SingleOrDefaultAsync(cancellationToken);

    /// <summary>The last row in the query's order; see <see cref="TableQuery{T}.Last()"/>.</summary>
    /// <param name="cancellationToken">Cancels the wait for a reader, or interrupts the running statement.</param>
    /// <exception cref="InvalidOperationException">The query returns no row.</exception>
    public ValueTask<T> LastAsync(CancellationToken cancellationToken = default) =>
        ReadAsync(static (q, _) => q.Last(), cancellationToken);

    /// <summary>The last row, or default when there is none.</summary>
    /// <param name="cancellationToken">Cancels the wait for a reader, or interrupts the running statement.</param>
    public ValueTask<T?> LastOrDefaultAsync(CancellationToken cancellationToken = default) =>
        ReadAsync(static (q, _) => q.LastOrDefault(), cancellationToken);

    /// <summary>The row at <paramref name="index"/> (0-based) in the query's order.</summary>
    /// <param name="index">The position.</param>
    /// <param name="cancellationToken">Cancels the wait for a reader, or interrupts the running statement.</param>
    /// <exception cref="ArgumentOutOfRangeException">The index is negative or past the last row.</exception>
    public ValueTask<T> ElementAtAsync(int index, CancellationToken cancellationToken = default) =>
        _pool.ReadAsync((Query: _query, Index: index), static (c, s, _) => s.Query.On(c).ElementAt(s.Index), cancellationToken);

    /// <summary>The row at <paramref name="index"/>, or default when the index is negative or past the last row.</summary>
    /// <param name="index">The position.</param>
    /// <param name="cancellationToken">Cancels the wait for a reader, or interrupts the running statement.</param>
    public ValueTask<T?> ElementAtOrDefaultAsync(int index, CancellationToken cancellationToken = default) =>
        _pool.ReadAsync((Query: _query, Index: index), static (c, s, _) => s.Query.On(c).ElementAtOrDefault(s.Index), cancellationToken);

    /// <summary>Deletes the rows this query selects, on the writer; see <see cref="TableQuery{T}.Delete()"/>.</summary>
    /// <param name="cancellationToken">Cancels the wait for the writer, or interrupts the running statement (its changes are undone).</param>
    /// <returns>The number of rows deleted.</returns>
    /// <exception cref="InvalidOperationException">The query has no Where, Take or Skip.</exception>
    public ValueTask<int> DeleteAsync(CancellationToken cancellationToken = default) =>
        _pool.WriteAsync(_query, static (c, q, _) => q.On(c).Delete(), cancellationToken);

    /// <summary>Deletes the rows matching <paramref name="predicate"/> within this query, on the writer.</summary>
    /// <param name="predicate">The condition.</param>
    /// <param name="cancellationToken">Cancels the wait for the writer, or interrupts the running statement.</param>
    /// <returns>The number of rows deleted.</returns>
    public ValueTask<int> DeleteAsync(Expression<Func<T, bool>> predicate, CancellationToken cancellationToken = default) =>
        Where(predicate).DeleteAsync(cancellationToken);
}
