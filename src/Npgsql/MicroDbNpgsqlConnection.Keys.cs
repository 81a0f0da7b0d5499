namespace MicroDb.Npgsql;

// Lookup and delete by a composite primary key ([PrimaryKey(Order = n)] on several members), with the names and meaning of
// MicroDbConnection's (src/Core/Connection/MicroDbConnection.Keys.cs): the values in key order, each bound typed into the
// map's prepared SELECT/DELETE by key (CrudCommand.BindKeyValue), so long, int, Guid and string parts are not boxed. The
// key-count rule and its messages are Core's (StatementArguments.KeyColumns).
public sealed partial class MicroDbNpgsqlConnection
{
    /// <summary>The entity whose two-column composite key is (<paramref name="key1"/>, <paramref name="key2"/>), in key order.</summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    /// <typeparam name="TKey1">The first key column's value type.</typeparam>
    /// <typeparam name="TKey2">The second key column's value type.</typeparam>
    /// <param name="key1">The first key column's value.</param>
    /// <param name="key2">The second key column's value.</param>
    /// <returns>The entity.</returns>
    /// <exception cref="InvalidOperationException">No row has the key; the message names table and key.</exception>
    /// <exception cref="ArgumentException">The type's key does not have two columns.</exception>
    /// <exception cref="ArgumentNullException">A key value is null.</exception>
    /// <exception cref="NotSupportedException">The type has no primary key.</exception>
    public T Get<T, TKey1, TKey2>(TKey1 key1, TKey2 key2) => GetByKeys<T, KeyValues<TKey1, TKey2>>(KeyValues<TKey1, TKey2>.Of(key1, key2), false, default).GetAwaiter().GetResult();

    /// <summary>The entity whose two-column composite key is (<paramref name="key1"/>, <paramref name="key2"/>), in key order.</summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    /// <typeparam name="TKey1">The first key column's value type.</typeparam>
    /// <typeparam name="TKey2">The second key column's value type.</typeparam>
    /// <param name="key1">The first key column's value.</param>
    /// <param name="key2">The second key column's value.</param>
    /// <param name="cancellationToken">Cancels the query.</param>
    /// <returns>The entity.</returns>
    /// <exception cref="InvalidOperationException">No row has the key; the message names table and key.</exception>
    /// <exception cref="ArgumentException">The type's key does not have two columns.</exception>
    /// <exception cref="ArgumentNullException">A key value is null.</exception>
    /// <exception cref="NotSupportedException">The type has no primary key.</exception>
    public Task<T> GetAsync<T, TKey1, TKey2>(TKey1 key1, TKey2 key2, CancellationToken cancellationToken = default) =>
        GetByKeys<T, KeyValues<TKey1, TKey2>>(KeyValues<TKey1, TKey2>.Of(key1, key2), true, cancellationToken).AsTask();

    /// <summary>The entity whose two-column composite key is (<paramref name="key1"/>, <paramref name="key2"/>), or default when there is none.</summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    /// <typeparam name="TKey1">The first key column's value type.</typeparam>
    /// <typeparam name="TKey2">The second key column's value type.</typeparam>
    /// <param name="key1">The first key column's value.</param>
    /// <param name="key2">The second key column's value.</param>
    /// <returns>The entity, or default.</returns>
    /// <exception cref="ArgumentException">The type's key does not have two columns.</exception>
    /// <exception cref="ArgumentNullException">A key value is null.</exception>
    /// <exception cref="NotSupportedException">The type has no primary key.</exception>
    public T? Find<T, TKey1, TKey2>(TKey1 key1, TKey2 key2) => FindByKeys<T, KeyValues<TKey1, TKey2>>(KeyValues<TKey1, TKey2>.Of(key1, key2), false, default).GetAwaiter().GetResult().Entity;

    /// <summary>The entity whose two-column composite key is (<paramref name="key1"/>, <paramref name="key2"/>), or default when there is none.</summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    /// <typeparam name="TKey1">The first key column's value type.</typeparam>
    /// <typeparam name="TKey2">The second key column's value type.</typeparam>
    /// <param name="key1">The first key column's value.</param>
    /// <param name="key2">The second key column's value.</param>
    /// <param name="cancellationToken">Cancels the query.</param>
    /// <returns>The entity, or default.</returns>
    /// <exception cref="ArgumentException">The type's key does not have two columns.</exception>
    /// <exception cref="ArgumentNullException">A key value is null.</exception>
    /// <exception cref="NotSupportedException">The type has no primary key.</exception>
    public async Task<T?> FindAsync<T, TKey1, TKey2>(TKey1 key1, TKey2 key2, CancellationToken cancellationToken = default) =>
        (await FindByKeys<T, KeyValues<TKey1, TKey2>>(KeyValues<TKey1, TKey2>.Of(key1, key2), true, cancellationToken).ConfigureAwait(false)).Entity;

    /// <summary>Deletes the row whose two-column composite key is (<paramref name="key1"/>, <paramref name="key2"/>).</summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    /// <typeparam name="TKey1">The first key column's value type.</typeparam>
    /// <typeparam name="TKey2">The second key column's value type.</typeparam>
    /// <param name="key1">The first key column's value.</param>
    /// <param name="key2">The second key column's value.</param>
    /// <returns>The number of rows deleted (0 when no row has the key).</returns>
    /// <exception cref="ArgumentException">The type's key does not have two columns.</exception>
    /// <exception cref="ArgumentNullException">A key value is null.</exception>
    /// <exception cref="NotSupportedException">The type has no primary key.</exception>
    public int Delete<T, TKey1, TKey2>(TKey1 key1, TKey2 key2) => DeleteByKeys<T, KeyValues<TKey1, TKey2>>(KeyValues<TKey1, TKey2>.Of(key1, key2), false, default).GetAwaiter().GetResult();

    /// <summary>Deletes the row whose two-column composite key is (<paramref name="key1"/>, <paramref name="key2"/>).</summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    /// <typeparam name="TKey1">The first key column's value type.</typeparam>
    /// <typeparam name="TKey2">The second key column's value type.</typeparam>
    /// <param name="key1">The first key column's value.</param>
    /// <param name="key2">The second key column's value.</param>
    /// <param name="cancellationToken">Cancels the statement.</param>
    /// <returns>The number of rows deleted (0 when no row has the key).</returns>
    /// <exception cref="ArgumentException">The type's key does not have two columns.</exception>
    /// <exception cref="ArgumentNullException">A key value is null.</exception>
    /// <exception cref="NotSupportedException">The type has no primary key.</exception>
    public Task<int> DeleteAsync<T, TKey1, TKey2>(TKey1 key1, TKey2 key2, CancellationToken cancellationToken = default) =>
        DeleteByKeys<T, KeyValues<TKey1, TKey2>>(KeyValues<TKey1, TKey2>.Of(key1, key2), true, cancellationToken).AsTask();

    /// <summary>The entity whose three-column composite key is (<paramref name="key1"/>, <paramref name="key2"/>, <paramref name="key3"/>), in key order.</summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    /// <typeparam name="TKey1">The first key column's value type.</typeparam>
    /// <typeparam name="TKey2">The second key column's value type.</typeparam>
    /// <typeparam name="TKey3">The third key column's value type.</typeparam>
    /// <param name="key1">The first key column's value.</param>
    /// <param name="key2">The second key column's value.</param>
    /// <param name="key3">The third key column's value.</param>
    /// <returns>The entity.</returns>
    /// <exception cref="InvalidOperationException">No row has the key; the message names table and key.</exception>
    /// <exception cref="ArgumentException">The type's key does not have three columns.</exception>
    /// <exception cref="ArgumentNullException">A key value is null.</exception>
    /// <exception cref="NotSupportedException">The type has no primary key.</exception>
    public T Get<T, TKey1, TKey2, TKey3>(TKey1 key1, TKey2 key2, TKey3 key3) => GetByKeys<T, KeyValues<TKey1, TKey2, TKey3>>(KeyValues<TKey1, TKey2, TKey3>.Of(key1, key2, key3), false, default).GetAwaiter().GetResult();

    /// <summary>The entity whose three-column composite key is (<paramref name="key1"/>, <paramref name="key2"/>, <paramref name="key3"/>), in key order.</summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    /// <typeparam name="TKey1">The first key column's value type.</typeparam>
    /// <typeparam name="TKey2">The second key column's value type.</typeparam>
    /// <typeparam name="TKey3">The third key column's value type.</typeparam>
    /// <param name="key1">The first key column's value.</param>
    /// <param name="key2">The second key column's value.</param>
    /// <param name="key3">The third key column's value.</param>
    /// <param name="cancellationToken">Cancels the query.</param>
    /// <returns>The entity.</returns>
    /// <exception cref="InvalidOperationException">No row has the key; the message names table and key.</exception>
    /// <exception cref="ArgumentException">The type's key does not have three columns.</exception>
    /// <exception cref="ArgumentNullException">A key value is null.</exception>
    /// <exception cref="NotSupportedException">The type has no primary key.</exception>
    public Task<T> GetAsync<T, TKey1, TKey2, TKey3>(TKey1 key1, TKey2 key2, TKey3 key3, CancellationToken cancellationToken = default) =>
        GetByKeys<T, KeyValues<TKey1, TKey2, TKey3>>(KeyValues<TKey1, TKey2, TKey3>.Of(key1, key2, key3), true, cancellationToken).AsTask();

    /// <summary>The entity whose three-column composite key is (<paramref name="key1"/>, <paramref name="key2"/>, <paramref name="key3"/>), or default when there is none.</summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    /// <typeparam name="TKey1">The first key column's value type.</typeparam>
    /// <typeparam name="TKey2">The second key column's value type.</typeparam>
    /// <typeparam name="TKey3">The third key column's value type.</typeparam>
    /// <param name="key1">The first key column's value.</param>
    /// <param name="key2">The second key column's value.</param>
    /// <param name="key3">The third key column's value.</param>
    /// <returns>The entity, or default.</returns>
    /// <exception cref="ArgumentException">The type's key does not have three columns.</exception>
    /// <exception cref="ArgumentNullException">A key value is null.</exception>
    /// <exception cref="NotSupportedException">The type has no primary key.</exception>
    public T? Find<T, TKey1, TKey2, TKey3>(TKey1 key1, TKey2 key2, TKey3 key3) => FindByKeys<T, KeyValues<TKey1, TKey2, TKey3>>(KeyValues<TKey1, TKey2, TKey3>.Of(key1, key2, key3), false, default).GetAwaiter().GetResult().Entity;

    /// <summary>The entity whose three-column composite key is (<paramref name="key1"/>, <paramref name="key2"/>, <paramref name="key3"/>), or default when there is none.</summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    /// <typeparam name="TKey1">The first key column's value type.</typeparam>
    /// <typeparam name="TKey2">The second key column's value type.</typeparam>
    /// <typeparam name="TKey3">The third key column's value type.</typeparam>
    /// <param name="key1">The first key column's value.</param>
    /// <param name="key2">The second key column's value.</param>
    /// <param name="key3">The third key column's value.</param>
    /// <param name="cancellationToken">Cancels the query.</param>
    /// <returns>The entity, or default.</returns>
    /// <exception cref="ArgumentException">The type's key does not have three columns.</exception>
    /// <exception cref="ArgumentNullException">A key value is null.</exception>
    /// <exception cref="NotSupportedException">The type has no primary key.</exception>
    public async Task<T?> FindAsync<T, TKey1, TKey2, TKey3>(TKey1 key1, TKey2 key2, TKey3 key3, CancellationToken cancellationToken = default) =>
        (await FindByKeys<T, KeyValues<TKey1, TKey2, TKey3>>(KeyValues<TKey1, TKey2, TKey3>.Of(key1, key2, key3), true, cancellationToken).ConfigureAwait(false)).Entity;

    /// <summary>Deletes the row whose three-column composite key is (<paramref name="key1"/>, <paramref name="key2"/>, <paramref name="key3"/>).</summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    /// <typeparam name="TKey1">The first key column's value type.</typeparam>
    /// <typeparam name="TKey2">The second key column's value type.</typeparam>
    /// <typeparam name="TKey3">The third key column's value type.</typeparam>
    /// <param name="key1">The first key column's value.</param>
    /// <param name="key2">The second key column's value.</param>
    /// <param name="key3">The third key column's value.</param>
    /// <returns>The number of rows deleted (0 when no row has the key).</returns>
    /// <exception cref="ArgumentException">The type's key does not have three columns.</exception>
    /// <exception cref="ArgumentNullException">A key value is null.</exception>
    /// <exception cref="NotSupportedException">The type has no primary key.</exception>
    public int Delete<T, TKey1, TKey2, TKey3>(TKey1 key1, TKey2 key2, TKey3 key3) => DeleteByKeys<T, KeyValues<TKey1, TKey2, TKey3>>(KeyValues<TKey1, TKey2, TKey3>.Of(key1, key2, key3), false, default).GetAwaiter().GetResult();

    /// <summary>Deletes the row whose three-column composite key is (<paramref name="key1"/>, <paramref name="key2"/>, <paramref name="key3"/>).</summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    /// <typeparam name="TKey1">The first key column's value type.</typeparam>
    /// <typeparam name="TKey2">The second key column's value type.</typeparam>
    /// <typeparam name="TKey3">The third key column's value type.</typeparam>
    /// <param name="key1">The first key column's value.</param>
    /// <param name="key2">The second key column's value.</param>
    /// <param name="key3">The third key column's value.</param>
    /// <param name="cancellationToken">Cancels the statement.</param>
    /// <returns>The number of rows deleted (0 when no row has the key).</returns>
    /// <exception cref="ArgumentException">The type's key does not have three columns.</exception>
    /// <exception cref="ArgumentNullException">A key value is null.</exception>
    /// <exception cref="NotSupportedException">The type has no primary key.</exception>
    public Task<int> DeleteAsync<T, TKey1, TKey2, TKey3>(TKey1 key1, TKey2 key2, TKey3 key3, CancellationToken cancellationToken = default) =>
        DeleteByKeys<T, KeyValues<TKey1, TKey2, TKey3>>(KeyValues<TKey1, TKey2, TKey3>.Of(key1, key2, key3), true, cancellationToken).AsTask();

    private async ValueTask<T> GetByKeys<T, TKeys>(TKeys keys, bool async, CancellationToken cancellationToken)
        where TKeys : struct, IKeyValues
    {
        var (found, entity) = await FindByKeys<T, TKeys>(keys, async, cancellationToken).ConfigureAwait(false);
        return found
            ? entity!
            : throw new InvalidOperationException($"No row in table '{MapOf<T>().Table.TableName}' has primary key {keys}.");
    }

    private async ValueTask<(bool Found, T? Entity)> FindByKeys<T, TKeys>(TKeys keys, bool async, CancellationToken cancellationToken)
        where TKeys : struct, IKeyValues
    {
        await EnsureOpen(async, cancellationToken).ConfigureAwait(false);
        var crud = Crud(MapOf<T>());
        var keyColumns = StatementArguments.KeyColumns(crud.Map.Table, keys.Count);
        var statement = crud.Find();
        keys.Bind(statement, crud.Map.Table.Columns, keyColumns);
        return await ReadFound(crud, statement, async, cancellationToken).ConfigureAwait(false);
    }

    private async ValueTask<int> DeleteByKeys<T, TKeys>(TKeys keys, bool async, CancellationToken cancellationToken)
        where TKeys : struct, IKeyValues
    {
        await EnsureOpen(async, cancellationToken).ConfigureAwait(false);
        var crud = Crud(MapOf<T>());
        var keyColumns = StatementArguments.KeyColumns(crud.Map.Table, keys.Count);
        var statement = crud.Delete();
        keys.Bind(statement, crud.Map.Table.Columns, keyColumns);
        return await RunCrud(statement, async, cancellationToken).ConfigureAwait(false);
    }
}
