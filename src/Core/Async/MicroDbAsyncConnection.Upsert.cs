namespace MicroDb;

// Upsert on the pool's writer (MicroDbConnection.Upsert.cs).
public sealed partial class MicroDbAsyncConnection
{
    /// <summary>Upserts <paramref name="obj"/> on its key: see <see cref="MicroDbConnection.Upsert{T}(T)"/>.</summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    /// <param name="obj">The entity.</param>
    /// <param name="cancellationToken">Cancels the wait for the writer, or interrupts the running statement.</param>
    /// <returns>The number of rows written (1).</returns>
    public ValueTask<int> UpsertAsync<T>(T obj, CancellationToken cancellationToken = default)
    {
        ArgumentNullException.ThrowIfNull(obj);
        return _pool.WriteAsync(obj, static (c, o, _) => c.Upsert(o), cancellationToken);
    }

    /// <summary>Upserts <paramref name="obj"/> on a unique index: see <see cref="MicroDbConnection.Upsert{T}(T, string)"/>.</summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    /// <param name="obj">The entity.</param>
    /// <param name="conflictIndex">The name of a unique index of the table.</param>
    /// <param name="cancellationToken">Cancels the wait for the writer, or interrupts the running statement.</param>
    /// <returns>The number of rows written (1).</returns>
    public ValueTask<int> UpsertAsync<T>(T obj, string conflictIndex, CancellationToken cancellationToken = default)
    {
        ArgumentNullException.ThrowIfNull(obj);
        ArgumentNullException.ThrowIfNull(conflictIndex);
        return _pool.WriteAsync((obj, conflictIndex), static (c, s, _) => c.Upsert(s.obj, s.conflictIndex), cancellationToken);
    }

    /// <summary>Upserts every object on its key, in one transaction unless told otherwise.</summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    /// <param name="objects">The entities.</param>
    /// <param name="runInTransaction">All or nothing in one transaction (default).</param>
    /// <param name="cancellationToken">Cancels the wait; checked between objects.</param>
    /// <returns>The number of rows written.</returns>
    public ValueTask<int> UpsertAllAsync<T>(IEnumerable<T> objects, bool runInTransaction = true, CancellationToken cancellationToken = default)
    {
        ArgumentNullException.ThrowIfNull(objects);
        return _pool.WriteAsync((objects, runInTransaction), static (c, s, ct) => c.UpsertAll(Cancellable(s.objects, ct), s.runInTransaction), cancellationToken);
    }

    /// <summary>Upserts every object on a unique index, in one transaction unless told otherwise.</summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    /// <param name="objects">The entities.</param>
    /// <param name="conflictIndex">The name of a unique index of the table.</param>
    /// <param name="runInTransaction">All or nothing in one transaction (default).</param>
    /// <param name="cancellationToken">Cancels the wait; checked between objects.</param>
    /// <returns>The number of rows written.</returns>
    public ValueTask<int> UpsertAllAsync<T>(IEnumerable<T> objects, string conflictIndex, bool runInTransaction = true, CancellationToken cancellationToken = default)
    {
        ArgumentNullException.ThrowIfNull(objects);
        ArgumentNullException.ThrowIfNull(conflictIndex);
        return _pool.WriteAsync((objects, conflictIndex, runInTransaction), static (c, s, ct) => c.UpsertAll(Cancellable(s.objects, ct), s.conflictIndex, s.runInTransaction), cancellationToken);
    }
}
