using MicroDb.Mapping;

namespace MicroDb;

// Lookup and delete by a composite primary key ([PrimaryKey(Order = n)] on several members): the key values are passed
// in key order and bound typed (StatementArguments.BindPrimaryKey), so int, long, string and Guid parts are not boxed.
public sealed partial class MicroDbConnection
{
    /// <summary>The entity whose two-column composite key is (<paramref name="key1"/>, <paramref name="key2"/>), in key order.</summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    /// <typeparam name="TKey1">The first key column's value type.</typeparam>
    /// <typeparam name="TKey2">The second key column's value type.</typeparam>
    /// <param name="key1">The first key column's value.</param>
    /// <param name="key2">The second key column's value.</param>
    /// <exception cref="InvalidOperationException">No row has the key; the message names table and key.</exception>
    /// <exception cref="ArgumentException">The type's key does not have two columns.</exception>
    /// <exception cref="ArgumentNullException">A key value is null.</exception>
    public T Get<T, TKey1, TKey2>(TKey1 key1, TKey2 key2) => GetByKeys<T, CompositeKey<TKey1, TKey2>>(CompositeKey<TKey1, TKey2>.Of(key1, key2));

    /// <summary>The entity whose three-column composite key is (<paramref name="key1"/>, <paramref name="key2"/>, <paramref name="key3"/>), in key order.</summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    /// <typeparam name="TKey1">The first key column's value type.</typeparam>
    /// <typeparam name="TKey2">The second key column's value type.</typeparam>
    /// <typeparam name="TKey3">The third key column's value type.</typeparam>
    /// <param name="key1">The first key column's value.</param>
    /// <param name="key2">The second key column's value.</param>
    /// <param name="key3">The third key column's value.</param>
    /// <exception cref="InvalidOperationException">No row has the key; the message names table and key.</exception>
    /// <exception cref="ArgumentException">The type's key does not have three columns.</exception>
    /// <exception cref="ArgumentNullException">A key value is null.</exception>
    public T Get<T, TKey1, TKey2, TKey3>(TKey1 key1, TKey2 key2, TKey3 key3) =>
        GetByKeys<T, CompositeKey<TKey1, TKey2, TKey3>>(CompositeKey<TKey1, TKey2, TKey3>.Of(key1, key2, key3));

    /// <summary>The entity whose two-column composite key is (<paramref name="key1"/>, <paramref name="key2"/>), or null (default) when there is none.</summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    /// <typeparam name="TKey1">The first key column's value type.</typeparam>
    /// <typeparam name="TKey2">The second key column's value type.</typeparam>
    /// <param name="key1">The first key column's value.</param>
    /// <param name="key2">The second key column's value.</param>
    /// <exception cref="ArgumentException">The type's key does not have two columns.</exception>
    /// <exception cref="ArgumentNullException">A key value is null.</exception>
    public T? Find<T, TKey1, TKey2>(TKey1 key1, TKey2 key2)
        => _runner.TryFindByKeys(GetMap<T>(), CompositeKey<TKey1, TKey2>.Of(key1, key2), out var entity) ? entity : default;

    /// <summary>The entity whose three-column composite key is (<paramref name="key1"/>, <paramref name="key2"/>, <paramref name="key3"/>), or null (default) when there is none.</summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    /// <typeparam name="TKey1">The first key column's value type.</typeparam>
    /// <typeparam name="TKey2">The second key column's value type.</typeparam>
    /// <typeparam name="TKey3">The third key column's value type.</typeparam>
    /// <param name="key1">The first key column's value.</param>
    /// <param name="key2">The second key column's value.</param>
    /// <param name="key3">The third key column's value.</param>
    /// <exception cref="ArgumentException">The type's key does not have three columns.</exception>
    /// <exception cref="ArgumentNullException">A key value is null.</exception>
    public T? Find<T, TKey1, TKey2, TKey3>(TKey1 key1, TKey2 key2, TKey3 key3)
        => _runner.TryFindByKeys(GetMap<T>(), CompositeKey<TKey1, TKey2, TKey3>.Of(key1, key2, key3), out var entity) ? entity : default;

    /// <summary>Deletes the row whose two-column composite key is (<paramref name="key1"/>, <paramref name="key2"/>).</summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    /// <typeparam name="TKey1">The first key column's value type.</typeparam>
    /// <typeparam name="TKey2">The second key column's value type.</typeparam>
    /// <param name="key1">The first key column's value.</param>
    /// <param name="key2">The second key column's value.</param>
    /// <returns>The number of rows deleted.</returns>
    /// <exception cref="ArgumentException">The type's key does not have two columns.</exception>
    /// <exception cref="ArgumentNullException">A key value is null.</exception>
    public int Delete<T, TKey1, TKey2>(TKey1 key1, TKey2 key2)
        => _runner.DeleteByKeys(GetMap<T>(), CompositeKey<TKey1, TKey2>.Of(key1, key2));

    /// <summary>Deletes the row whose three-column composite key is (<paramref name="key1"/>, <paramref name="key2"/>, <paramref name="key3"/>).</summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    /// <typeparam name="TKey1">The first key column's value type.</typeparam>
    /// <typeparam name="TKey2">The second key column's value type.</typeparam>
    /// <typeparam name="TKey3">The third key column's value type.</typeparam>
    /// <param name="key1">The first key column's value.</param>
    /// <param name="key2">The second key column's value.</param>
    /// <param name="key3">The third key column's value.</param>
    /// <returns>The number of rows deleted.</returns>
    /// <exception cref="ArgumentException">The type's key does not have three columns.</exception>
    /// <exception cref="ArgumentNullException">A key value is null.</exception>
    public int Delete<T, TKey1, TKey2, TKey3>(TKey1 key1, TKey2 key2, TKey3 key3)
        => _runner.DeleteByKeys(GetMap<T>(), CompositeKey<TKey1, TKey2, TKey3>.Of(key1, key2, key3));

    private T GetByKeys<T, TKeys>(TKeys keys)
        where TKeys : struct, ICompositeKey
    {
        var map = GetMap<T>();
        return _runner.TryFindByKeys(map, keys, out var entity)
            ? entity
            : throw new InvalidOperationException($"No row in table '{map.Table.TableName}' has primary key {keys}.");
    }
}
