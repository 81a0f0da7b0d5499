using MicroDb;

namespace SQLite;

// Integer-key overloads of sqlite-net's lookups by key. sqlite-net takes the key as object, so every call boxes it; code
// compiled against this package with an int or long key binds here instead (C# prefers long to object) and runs
// MicroDb's prepared statement by key with no allocation. Same rows, same errors, same TableChanged events as the
// object overloads; a mapping MicroDb's typed path does not cover (CreateFlags conventions ...) takes the object path.
public partial class SQLiteConnection
{
    /// <summary>Deletes the row of <typeparamref name="T"/> whose key is <paramref name="primaryKey"/> (as <see cref="Delete{T}(object)"/>, without boxing the key).</summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    /// <param name="primaryKey">The key value.</param>
    /// <returns>The number of rows deleted.</returns>
    /// <exception cref="NotSupportedException">The table has no primary key.</exception>
    public int Delete<T>(long primaryKey)
    {
        var map = GetMapping(typeof(T));
        if (map.TypedCrud is not { } crud)
        {
            return Delete(primaryKey, map);
        }

        TraceStatement(map.DeleteSql);
        int count;
        try
        {
            count = crud.DeleteByKey(_db.Runner, primaryKey);
        }
        catch (MicroDbException e)
        {
            throw Translate(e, map);
        }

        if (count > 0)
        {
            OnTableChanged(map, NotifyTableChangedAction.Delete);
        }

        return count;
    }

    /// <summary>The object of <typeparamref name="T"/> with key <paramref name="pk"/>, or null (as <see cref="Find{T}(object)"/>, without boxing the key).</summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    /// <param name="pk">The key value.</param>
    /// <returns>The object, or null (default).</returns>
    /// <exception cref="NotSupportedException">The type has no primary key.</exception>
    public T Find<T>(long pk)
        where T : new()
    {
        var map = GetMapping(typeof(T));
        if (map.PK is null || map.Map.Table.PrimaryKey is null)
        {
            return Find<T>((object)pk);
        }

        TraceStatement(map.GetByPrimaryKeySql, query: true);
        try
        {
            return _db.Find<T>(pk);
        }
        catch (MicroDbException e)
        {
            throw Translate(e, map);
        }
    }

    /// <summary>The object of <typeparamref name="T"/> with key <paramref name="pk"/> (as <see cref="Get{T}(object)"/>, without boxing the key).</summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    /// <param name="pk">The key value.</param>
    /// <returns>The object.</returns>
    /// <exception cref="InvalidOperationException">No row has the key.</exception>
    public T Get<T>(long pk)
        where T : new() =>
        Find<T>(pk) ?? throw new InvalidOperationException($"Sequence contains no elements: no row in table '{GetMapping(typeof(T)).TableName}' has primary key '{pk}'.");
}
