namespace MicroDb;

// Insert, update, delete and lookup by key. Writes run on the pool's writer, lookups on a reader.
public sealed partial class MicroDbAsyncConnection
{
    /// <summary>Inserts <paramref name="obj"/>; an auto-incremented key is written back to it.</summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    /// <param name="obj">The entity.</param>
    /// <param name="cancellationToken">Cancels the wait for the writer, or interrupts the running statement.</param>
    /// <returns>The number of rows added (1).</returns>
    public ValueTask<int> InsertAsync<T>(T obj, CancellationToken cancellationToken = default)
    {
        ArgumentNullException.ThrowIfNull(obj);
        return _pool.WriteAsync(obj, static (c, o, _) => c.Insert(o), cancellationToken);
    }

    /// <summary>Inserts every object, in one transaction unless <paramref name="runInTransaction"/> is false.</summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    /// <param name="objects">The entities.</param>
    /// <param name="runInTransaction">All or nothing in one transaction (default).</param>
    /// <param name="cancellationToken">Cancels the wait; checked between objects (in a transaction, cancellation rolls back every insert).</param>
    /// <returns>The number of rows added.</returns>
    public ValueTask<int> InsertAllAsync<T>(IEnumerable<T> objects, bool runInTransaction = true, CancellationToken cancellationToken = default)
    {
        ArgumentNullException.ThrowIfNull(objects);
        return _pool.WriteAsync((objects, runInTransaction), static (c, s, ct) => c.InsertAll(Cancellable(s.objects, ct), s.runInTransaction), cancellationToken);
    }

    /// <summary>Inserts <paramref name="obj"/>, replacing any row with the same key or unique value.</summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    /// <param name="obj">The entity.</param>
    /// <param name="cancellationToken">Cancels the wait for the writer, or interrupts the running statement.</param>
    /// <returns>The number of rows written (1).</returns>
    public ValueTask<int> InsertOrReplaceAsync<T>(T obj, CancellationToken cancellationToken = default)
    {
        ArgumentNullException.ThrowIfNull(obj);
        return _pool.WriteAsync(obj, static (c, o, _) => c.InsertOrReplace(o), cancellationToken);
    }

    /// <summary>Updates the row with <paramref name="obj"/>'s key.</summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    /// <param name="obj">The entity.</param>
    /// <param name="cancellationToken">Cancels the wait for the writer, or interrupts the running statement.</param>
    /// <returns>The number of rows changed.</returns>
    public ValueTask<int> UpdateAsync<T>(T obj, CancellationToken cancellationToken = default)
    {
        ArgumentNullException.ThrowIfNull(obj);
        return _pool.WriteAsync(obj, static (c, o, _) => c.Update(o), cancellationToken);
    }

    /// <summary>Updates every object, in one transaction unless told otherwise.</summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    /// <param name="objects">The entities.</param>
    /// <param name="runInTransaction">All or nothing in one transaction (default).</param>
    /// <param name="cancellationToken">Cancels the wait; checked between objects.</param>
    /// <returns>The number of rows changed.</returns>
    public ValueTask<int> UpdateAllAsync<T>(IEnumerable<T> objects, bool runInTransaction = true, CancellationToken cancellationToken = default)
    {
        ArgumentNullException.ThrowIfNull(objects);
        return _pool.WriteAsync((objects, runInTransaction), static (c, s, ct) => c.UpdateAll(Cancellable(s.objects, ct), s.runInTransaction), cancellationToken);
    }

    /// <summary>Deletes the row with <paramref name="obj"/>'s key.</summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    /// <param name="obj">The entity.</param>
    /// <param name="cancellationToken">Cancels the wait for the writer, or interrupts the running statement.</param>
    /// <returns>The number of rows deleted.</returns>
    public ValueTask<int> DeleteAsync<T>(T obj, CancellationToken cancellationToken = default)
    {
        ArgumentNullException.ThrowIfNull(obj);
        return _pool.WriteAsync(obj, static (c, o, _) => c.Delete(o), cancellationToken);
    }

    /// <summary>Deletes the row of <typeparamref name="T"/> whose key is <paramref name="primaryKey"/>.</summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    /// <param name="primaryKey">The key value.</param>
    /// <param name="cancellationToken">Cancels the wait for the writer, or interrupts the running statement.</param>
    /// <returns>The number of rows deleted.</returns>
    public ValueTask<int> DeleteAsync<T>(object primaryKey, CancellationToken cancellationToken = default)
    {
        ArgumentNullException.ThrowIfNull(primaryKey);
        return _pool.WriteAsync(primaryKey, static (c, k, _) => c.Delete<T>(k), cancellationToken);
    }

    /// <summary>Deletes the row of <typeparamref name="T"/> whose key is <paramref name="primaryKey"/>, for an <see cref="int"/> key, without boxing it.</summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    /// <param name="primaryKey">The key value.</param>
    /// <param name="cancellationToken">Cancels the wait for the writer, or interrupts the running statement.</param>
    /// <returns>The number of rows deleted.</returns>
    public ValueTask<int> DeleteAsync<T>(int primaryKey, CancellationToken cancellationToken = default)
    {
        return _pool.WriteAsync(primaryKey, static (c, k, _) => c.Delete<T>(k), cancellationToken);
    }

    /// <summary>Deletes the row of <typeparamref name="T"/> whose key is <paramref name="primaryKey"/>, for a <see cref="long"/> key, without boxing it.</summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    /// <param name="primaryKey">The key value.</param>
    /// <param name="cancellationToken">Cancels the wait for the writer, or interrupts the running statement.</param>
    /// <returns>The number of rows deleted.</returns>
    public ValueTask<int> DeleteAsync<T>(long primaryKey, CancellationToken cancellationToken = default)
    {
        return _pool.WriteAsync(primaryKey, static (c, k, _) => c.Delete<T>(k), cancellationToken);
    }

    /// <summary>Deletes the row of <typeparamref name="T"/> whose key is <paramref name="primaryKey"/>, for a <see cref="string"/> key, without boxing it.</summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    /// <param name="primaryKey">The key value.</param>
    /// <param name="cancellationToken">Cancels the wait for the writer, or interrupts the running statement.</param>
    /// <returns>The number of rows deleted.</returns>
    public ValueTask<int> DeleteAsync<T>(string primaryKey, CancellationToken cancellationToken = default)
    {
        ArgumentNullException.ThrowIfNull(primaryKey);
        return _pool.WriteAsync(primaryKey, static (c, k, _) => c.Delete<T>(k), cancellationToken);
    }

    /// <summary>Deletes the row of <typeparamref name="T"/> whose key is <paramref name="primaryKey"/>, for a <see cref="Guid"/> key, without boxing it.</summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    /// <param name="primaryKey">The key value.</param>
    /// <param name="cancellationToken">Cancels the wait for the writer, or interrupts the running statement.</param>
    /// <returns>The number of rows deleted.</returns>
    public ValueTask<int> DeleteAsync<T>(Guid primaryKey, CancellationToken cancellationToken = default)
    {
        return _pool.WriteAsync(primaryKey, static (c, k, _) => c.Delete<T>(k), cancellationToken);
    }

    /// <summary>Deletes every row of <typeparamref name="T"/>'s table.</summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    /// <param name="cancellationToken">Cancels the wait for the writer, or interrupts the running statement.</param>
    /// <returns>The number of rows deleted.</returns>
    public ValueTask<int> DeleteAllAsync<T>(CancellationToken cancellationToken = default) =>
        _pool.WriteAsync(0, static (c, _, _) => c.DeleteAll<T>(), cancellationToken);

    /// <summary>The entity with key <paramref name="primaryKey"/>.</summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    /// <param name="primaryKey">The key value.</param>
    /// <param name="cancellationToken">Cancels the wait for a reader, or interrupts the running statement.</param>
    /// <exception cref="InvalidOperationException">No row has the key.</exception>
    public ValueTask<T> GetAsync<T>(object primaryKey, CancellationToken cancellationToken = default)
    {
        ArgumentNullException.ThrowIfNull(primaryKey);
        return _pool.ReadAsync(primaryKey, static (c, k, _) => c.Get<T>(k), cancellationToken);
    }

    /// <summary>The entity with key <paramref name="primaryKey"/>, for an <see cref="int"/> key, without boxing it.</summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    /// <param name="primaryKey">The key value.</param>
    /// <param name="cancellationToken">Cancels the wait for a reader, or interrupts the running statement.</param>
    /// <exception cref="InvalidOperationException">No row has the key.</exception>
    public ValueTask<T> GetAsync<T>(int primaryKey, CancellationToken cancellationToken = default)
    {
        return _pool.ReadAsync(primaryKey, static (c, k, _) => c.Get<T>(k), cancellationToken);
    }

    /// <summary>The entity with key <paramref name="primaryKey"/>, for a <see cref="long"/> key, without boxing it.</summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    /// <param name="primaryKey">The key value.</param>
    /// <param name="cancellationToken">Cancels the wait for a reader, or interrupts the running statement.</param>
    /// <exception cref="InvalidOperationException">No row has the key.</exception>
    public ValueTask<T> GetAsync<T>(long primaryKey, CancellationToken cancellationToken = default)
    {
        return _pool.ReadAsync(primaryKey, static (c, k, _) => c.Get<T>(k), cancellationToken);
    }

    /// <summary>The entity with key <paramref name="primaryKey"/>, for a <see cref="string"/> key, without boxing it.</summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    /// <param name="primaryKey">The key value.</param>
    /// <param name="cancellationToken">Cancels the wait for a reader, or interrupts the running statement.</param>
    /// <exception cref="InvalidOperationException">No row has the key.</exception>
    public ValueTask<T> GetAsync<T>(string primaryKey, CancellationToken cancellationToken = default)
    {
        ArgumentNullException.ThrowIfNull(primaryKey);
        return _pool.ReadAsync(primaryKey, static (c, k, _) => c.Get<T>(k), cancellationToken);
    }

    /// <summary>The entity with key <paramref name="primaryKey"/>, for a <see cref="Guid"/> key, without boxing it.</summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    /// <param name="primaryKey">The key value.</param>
    /// <param name="cancellationToken">Cancels the wait for a reader, or interrupts the running statement.</param>
    /// <exception cref="InvalidOperationException">No row has the key.</exception>
    public ValueTask<T> GetAsync<T>(Guid primaryKey, CancellationToken cancellationToken = default)
    {
        return _pool.ReadAsync(primaryKey, static (c, k, _) => c.Get<T>(k), cancellationToken);
    }

    /// <summary>The entity with key <paramref name="primaryKey"/>, or null (default) when there is none.</summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    /// <param name="primaryKey">The key value.</param>
    /// <param name="cancellationToken">Cancels the wait for a reader, or interrupts the running statement.</param>
    public ValueTask<T?> FindAsync<T>(object primaryKey, CancellationToken cancellationToken = default)
    {
        ArgumentNullException.ThrowIfNull(primaryKey);
        return _pool.ReadAsync(primaryKey, static (c, k, _) => c.Find<T>(k), cancellationToken);
    }

    /// <summary>The entity with key <paramref name="primaryKey"/>, or null (default) when there is none, for an <see cref="int"/> key, without boxing it.</summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    /// <param name="primaryKey">The key value.</param>
    /// <param name="cancellationToken">Cancels the wait for a reader, or interrupts the running statement.</param>
    public ValueTask<T?> FindAsync<T>(int primaryKey, CancellationToken cancellationToken = default)
    {
        return _pool.ReadAsync(primaryKey, static (c, k, _) => c.Find<T>(k), cancellationToken);
    }

    /// <summary>The entity with key <paramref name="primaryKey"/>, or null (default) when there is none, for a <see cref="long"/> key, without boxing it.</summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    /// <param name="primaryKey">The key value.</param>
    /// <param name="cancellationToken">Cancels the wait for a reader, or interrupts the running statement.</param>
    public ValueTask<T?> FindAsync<T>(long primaryKey, CancellationToken cancellationToken = default)
    {
        return _pool.ReadAsync(primaryKey, static (c, k, _) => c.Find<T>(k), cancellationToken);
    }

    /// <summary>The entity with key <paramref name="primaryKey"/>, or null (default) when there is none, for a <see cref="string"/> key, without boxing it.</summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    /// <param name="primaryKey">The key value.</param>
    /// <param name="cancellationToken">Cancels the wait for a reader, or interrupts the running statement.</param>
    public ValueTask<T?> FindAsync<T>(string primaryKey, CancellationToken cancellationToken = default)
    {
        ArgumentNullException.ThrowIfNull(primaryKey);
        return _pool.ReadAsync(primaryKey, static (c, k, _) => c.Find<T>(k), cancellationToken);
    }

    /// <summary>The entity with key <paramref name="primaryKey"/>, or null (default) when there is none, for a <see cref="Guid"/> key, without boxing it.</summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    /// <param name="primaryKey">The key value.</param>
    /// <param name="cancellationToken">Cancels the wait for a reader, or interrupts the running statement.</param>
    public ValueTask<T?> FindAsync<T>(Guid primaryKey, CancellationToken cancellationToken = default)
    {
        return _pool.ReadAsync(primaryKey, static (c, k, _) => c.Find<T>(k), cancellationToken);
    }

    /// <summary>Passes the objects through, throwing at the next one once cancellation is requested (the surrounding transaction then rolls back).</summary>
    private static IEnumerable<T> Cancellable<T>(IEnumerable<T> objects, CancellationToken cancellationToken)
    {
        if (!cancellationToken.CanBeCanceled)
        {
            return objects;
        }

        return Iterate(objects, cancellationToken);

        static IEnumerable<T> Iterate(IEnumerable<T> objects, CancellationToken cancellationToken)
        {
            foreach (var obj in objects)
            {
                cancellationToken.ThrowIfCancellationRequested();
                yield return obj;
            }
        }
    }
}
