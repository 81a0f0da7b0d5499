using MicroDb.Mapping;

namespace MicroDb;

// Insert, update, delete and lookup by key, through the type's map and its prepared statements (StatementRunner.Entities.cs).
public sealed partial class MicroDbConnection
{
    /// <summary>Inserts <paramref name="obj"/>; an auto-incremented key is written back to it.</summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    /// <param name="obj">The entity.</param>
    /// <returns>The number of rows added (1).</returns>
    /// <exception cref="MicroDbConstraintException">A constraint failed; nothing was written.</exception>
    public int Insert<T>(T obj)
    {
        ArgumentNullException.ThrowIfNull(obj);
        return _runner.Insert(GetMap<T>(), obj);
    }

    /// <summary>Inserts <paramref name="obj"/>, mapped by its run-time type.</summary>
    /// <param name="obj">The entity.</param>
    /// <returns>The number of rows added (1).</returns>
    public int Insert(object obj)
    {
        ArgumentNullException.ThrowIfNull(obj);
        return _runner.InsertByRuntimeType(GetMap(obj.GetType()), obj);
    }

    /// <summary>Inserts every object, in one transaction unless <paramref name="runInTransaction"/> is false (then each insert commits alone).</summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    /// <param name="objects">The entities.</param>
    /// <param name="runInTransaction">Wrap the inserts in one transaction (default): all or nothing, and far faster.</param>
    /// <returns>The number of rows added.</returns>
    public int InsertAll<T>(IEnumerable<T> objects, bool runInTransaction = true)
    {
        ArgumentNullException.ThrowIfNull(objects);
        lock (_gate)
        {
            var count = 0;
            if (runInTransaction)
            {
                RunInTransaction(() => count = _runner.InsertEach(GetMap<T>(), objects));
            }
            else
            {
                count = _runner.InsertEach(GetMap<T>(), objects);
            }

            return count;
        }
    }

    /// <summary>Inserts <paramref name="obj"/>, replacing any row with the same key or unique value.</summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    /// <param name="obj">The entity.</param>
    /// <returns>The number of rows written (1).</returns>
    public int InsertOrReplace<T>(T obj)
    {
        ArgumentNullException.ThrowIfNull(obj);
        return _runner.InsertOrReplace(GetMap<T>(), obj);
    }

    /// <summary>Updates the row with <paramref name="obj"/>'s key to its current values.</summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    /// <param name="obj">The entity.</param>
    /// <returns>The number of rows changed (0 when no row has the key).</returns>
    /// <exception cref="NotSupportedException">The type has no primary key.</exception>
    public int Update<T>(T obj)
    {
        ArgumentNullException.ThrowIfNull(obj);
        return _runner.Update(GetMap<T>(), obj);
    }

    /// <summary>Updates every object, in one transaction unless told otherwise.</summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    /// <param name="objects">The entities.</param>
    /// <param name="runInTransaction">Wrap the updates in one transaction (default).</param>
    /// <returns>The number of rows changed.</returns>
    public int UpdateAll<T>(IEnumerable<T> objects, bool runInTransaction = true)
    {
        ArgumentNullException.ThrowIfNull(objects);
        return SumEach(objects, runInTransaction, Update);
    }

    /// <summary>
    /// Runs <paramref name="action"/> on each item and adds up what it returns, in one transaction unless
    /// <paramref name="runInTransaction"/> is false, holding the connection's lock throughout: <see cref="UpdateAll{T}"/>,
    /// and the compatibility package's object-typed InsertAll and UpdateAll.
    /// </summary>
    internal int SumEach<TItem>(IEnumerable<TItem> items, bool runInTransaction, Func<TItem, int> action)
    {
        lock (_gate)
        {
            var count = 0;
            void Run()
            {
                foreach (var item in items)
                {
                    count += action(item);
                }
            }

            if (runInTransaction)
            {
                RunInTransaction(Run);
            }
            else
            {
                Run();
            }

            return count;
        }
    }

    /// <summary>Deletes the row with <paramref name="obj"/>'s key.</summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    /// <param name="obj">The entity.</param>
    /// <returns>The number of rows deleted.</returns>
    /// <exception cref="NotSupportedException">The type has no primary key.</exception>
    public int Delete<T>(T obj)
    {
        ArgumentNullException.ThrowIfNull(obj);
        return _runner.Delete(GetMap<T>(), obj);
    }

    /// <summary>Deletes the row of <typeparamref name="T"/> whose key is <paramref name="primaryKey"/>.</summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    /// <param name="primaryKey">The key value.</param>
    /// <returns>The number of rows deleted.</returns>
    public int Delete<T>(object primaryKey)
        => _runner.DeleteByKey(GetMap<T>(), primaryKey);

    /// <summary>Deletes the row of <typeparamref name="T"/> whose key is <paramref name="primaryKey"/>, for an <see cref="int"/> key (bound as INTEGER; it finds the row in a <see cref="long"/> key column too), without boxing it.</summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    /// <param name="primaryKey">The key value.</param>
    /// <returns>The number of rows deleted.</returns>
    public int Delete<T>(int primaryKey)
        => _runner.DeleteByKey(GetMap<T>(), primaryKey);

    /// <summary>Deletes the row of <typeparamref name="T"/> whose key is <paramref name="primaryKey"/>, for a <see cref="long"/> key (bound as INTEGER), without boxing it.</summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    /// <param name="primaryKey">The key value.</param>
    /// <returns>The number of rows deleted.</returns>
    public int Delete<T>(long primaryKey)
        => _runner.DeleteByKey(GetMap<T>(), primaryKey);

    /// <summary>Deletes the row of <typeparamref name="T"/> whose key is <paramref name="primaryKey"/>, for a <see cref="string"/> key (bound as TEXT), without boxing it.</summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    /// <param name="primaryKey">The key value.</param>
    /// <returns>The number of rows deleted.</returns>
    public int Delete<T>(string primaryKey)
        => _runner.DeleteByKey(GetMap<T>(), primaryKey);

    /// <summary>Deletes the row of <typeparamref name="T"/> whose key is <paramref name="primaryKey"/>, for a <see cref="Guid"/> key (bound as lowercase "D" TEXT, as Guid keys are stored), without boxing it.</summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    /// <param name="primaryKey">The key value.</param>
    /// <returns>The number of rows deleted.</returns>
    public int Delete<T>(Guid primaryKey)
        => _runner.DeleteByKey(GetMap<T>(), primaryKey);

    /// <summary>Deletes every row of <typeparamref name="T"/>'s table.</summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    /// <returns>The number of rows deleted.</returns>
    public int DeleteAll<T>()
    {
        lock (_gate)
        {
            var map = GetMap<T>();
            return Execute("DELETE FROM " + SqlBuilder.Quote(map.Table.TableName));
        }
    }

    /// <summary>The entity with key <paramref name="primaryKey"/>.</summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    /// <param name="primaryKey">The key value.</param>
    /// <exception cref="InvalidOperationException">No row has the key; the message names table and key.</exception>
    public T Get<T>(object primaryKey) => GetByKey<T, object>(primaryKey);

    /// <summary>The entity with key <paramref name="primaryKey"/>, for an <see cref="int"/> key (bound as INTEGER; it finds the row in a <see cref="long"/> key column too), without boxing it.</summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    /// <param name="primaryKey">The key value.</param>
    /// <exception cref="InvalidOperationException">No row has the key; the message names table and key.</exception>
    public T Get<T>(int primaryKey) => GetByKey<T, int>(primaryKey);

    /// <summary>The entity with key <paramref name="primaryKey"/>, for a <see cref="long"/> key (bound as INTEGER), without boxing it.</summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    /// <param name="primaryKey">The key value.</param>
    /// <exception cref="InvalidOperationException">No row has the key; the message names table and key.</exception>
    public T Get<T>(long primaryKey) => GetByKey<T, long>(primaryKey);

    /// <summary>The entity with key <paramref name="primaryKey"/>, for a <see cref="string"/> key (bound as TEXT), without boxing it.</summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    /// <param name="primaryKey">The key value.</param>
    /// <exception cref="InvalidOperationException">No row has the key; the message names table and key.</exception>
    public T Get<T>(string primaryKey) => GetByKey<T, string>(primaryKey);

    /// <summary>The entity with key <paramref name="primaryKey"/>, for a <see cref="Guid"/> key (bound as lowercase "D" TEXT, as Guid keys are stored), without boxing it.</summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    /// <param name="primaryKey">The key value.</param>
    /// <exception cref="InvalidOperationException">No row has the key; the message names table and key.</exception>
    public T Get<T>(Guid primaryKey) => GetByKey<T, Guid>(primaryKey);

    /// <summary>The entity with key <paramref name="primaryKey"/>, or null (default) when there is none.</summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    /// <param name="primaryKey">The key value.</param>
    public T? Find<T>(object primaryKey)
        => _runner.TryFind(GetMap<T>(), primaryKey, out var entity) ? entity : default;

    /// <summary>The entity with key <paramref name="primaryKey"/>, or null (default) when there is none, for an <see cref="int"/> key (bound as INTEGER; it finds the row in a <see cref="long"/> key column too), without boxing it.</summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    /// <param name="primaryKey">The key value.</param>
    public T? Find<T>(int primaryKey)
        => _runner.TryFind(GetMap<T>(), primaryKey, out var entity) ? entity : default;

    /// <summary>The entity with key <paramref name="primaryKey"/>, or null (default) when there is none, for a <see cref="long"/> key (bound as INTEGER), without boxing it.</summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    /// <param name="primaryKey">The key value.</param>
    public T? Find<T>(long primaryKey)
        => _runner.TryFind(GetMap<T>(), primaryKey, out var entity) ? entity : default;

    /// <summary>The entity with key <paramref name="primaryKey"/>, or null (default) when there is none, for a <see cref="string"/> key (bound as TEXT), without boxing it.</summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    /// <param name="primaryKey">The key value.</param>
    public T? Find<T>(string primaryKey)
        => _runner.TryFind(GetMap<T>(), primaryKey, out var entity) ? entity : default;

    /// <summary>The entity with key <paramref name="primaryKey"/>, or null (default) when there is none, for a <see cref="Guid"/> key (bound as lowercase "D" TEXT, as Guid keys are stored), without boxing it.</summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    /// <param name="primaryKey">The key value.</param>
    public T? Find<T>(Guid primaryKey)
        => _runner.TryFind(GetMap<T>(), primaryKey, out var entity) ? entity : default;

    private T GetByKey<T, TKey>(TKey primaryKey)
    {
        var map = GetMap<T>();
        return _runner.TryFind(map, primaryKey, out var entity)
            ? entity
            : throw new InvalidOperationException($"No row in table '{map.Table.TableName}' has primary key '{primaryKey}'.");
    }
}
