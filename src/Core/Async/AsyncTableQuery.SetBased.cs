namespace MicroDb.Query;

// Set-based writes on the pool's writer (TableQuery.SetBased.cs).
public sealed partial class AsyncTableQuery<T>
{
    /// <summary>Deletes the rows this query selects in one statement, on the writer; see <see cref="TableQuery{T}.ExecuteDelete"/>.</summary>
    /// <param name="cancellationToken">Cancels the wait for the writer, or interrupts the running statement (its changes are undone).</param>
    /// <returns>The number of rows deleted.</returns>
    public ValueTask<int> ExecuteDeleteAsync(CancellationToken cancellationToken = default) =>
        _pool.WriteAsync(_query, static (c, q, _) => q.On(c).ExecuteDelete(), cancellationToken);

    /// <summary>Updates the rows this query selects in one statement, on the writer; see <see cref="TableQuery{T}.ExecuteUpdate"/>.</summary>
    /// <param name="setters">The columns to set.</param>
    /// <param name="cancellationToken">Cancels the wait for the writer, or interrupts the running statement (its changes are undone).</param>
    /// <returns>The number of rows changed.</returns>
    public ValueTask<int> ExecuteUpdateAsync(Func<UpdateSetters<T>, UpdateSetters<T>> setters, CancellationToken cancellationToken = default)
    {
        ArgumentNullException.ThrowIfNull(setters);
        return _pool.WriteAsync((Query: _query, Setters: setters), static (c, s, _) => s.Query.On(c).ExecuteUpdate(s.Setters), cancellationToken);
    }
}
