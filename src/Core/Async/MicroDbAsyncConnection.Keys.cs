namespace MicroDb;

// Lookup and delete by a composite primary key (see MicroDbConnection.Keys.cs). Writes run on the pool's writer, lookups on a reader.
public sealed partial class MicroDbAsyncConnection
{
    /// <summary>The entity whose two-column composite key is (<paramref name="key1"/>, <paramref name="key2"/>), in key order.</summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    /// <typeparam name="TKey1">The first key column's value type.</typeparam>
    /// <typeparam name="TKey2">The second key column's value type.</typeparam>
    /// <param name="key1">The first key column's value.</param>
    /// <param name="key2">The second key column's value.</param>
    /// <param name="cancellationToken">Cancels the wait for a reader, or interrupts the running statement.</param>
    /// <exception cref="InvalidOperationException">No row has the key.</exception>
    /// <exception cref="ArgumentException">The type's key does not have two columns.</exception>
    public ValueTask<T> GetAsync<T, TKey1, TKey2>(TKey1 key1, TKey2 key2, CancellationToken cancellationToken = default) =>
        _pool.ReadAsync((key1, key2), static (c, k, _) => c.Get<T, TKey1, TKey2>(k.key1, k.key2), cancellationToken);

    /// <summary>The entity whose two-column composite key is (<paramref name="key1"/>, <paramref name="key2"/>), or null (default) when there is none.</summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    /// <typeparam name="TKey1">The first key column's value type.</typeparam>
    /// <typeparam name="TKey2">The second key column's value type.</typeparam>
    /// <param name="key1">The first key column's value.</param>
    /// <param name="key2">The second key column's value.</param>
    /// <param name="cancellationToken">Cancels the wait for a reader, or interrupts the running statement.</param>
    /// <exception cref="ArgumentException">The type's key does not have two columns.</exception>
    public ValueTask<T?> FindAsync<T, TKey1, TKey2>(TKey1 key1, TKey2 key2, CancellationToken cancellationToken = default) =>
        _pool.ReadAsync((key1, key2), static (c, k, _) => c.Find<T, TKey1, TKey2>(k.key1, k.key2), cancellationToken);

    /// <summary>Deletes the row whose two-column composite key is (<paramref name="key1"/>, <paramref name="key2"/>).</summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    /// <typeparam name="TKey1">The first key column's value type.</typeparam>
    /// <typeparam name="TKey2">The second key column's value type.</typeparam>
    /// <param name="key1">The first key column's value.</param>
    /// <param name="key2">The second key column's value.</param>
    /// <param name="cancellationToken">Cancels the wait for the writer, or interrupts the running statement.</param>
    /// <returns>The number of rows deleted.</returns>
    /// <exception cref="ArgumentException">The type's key does not have two columns.</exception>
    public ValueTask<int> DeleteAsync<T, TKey1, TKey2>(TKey1 key1, TKey2 key2, CancellationToken cancellationToken = default) =>
        _pool.WriteAsync((key1, key2), static (c, k, _) => c.Delete<T, TKey1, TKey2>(k.key1, k.key2), cancellationToken);
}
