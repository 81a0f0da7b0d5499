using System.Collections;
using System.Linq.Expressions;
using MicroDb;
using MicroDb.Mapping;

namespace SQLite;

// Insert, update, delete and lookups by key, with sqlite-net's return values and events. Objects are bound column by
// column through MicroDb's map of their type (the storage format decides each value's encoding).
public partial class SQLiteConnection
{
    /// <summary>Inserts <paramref name="obj"/>; an auto-incremented key is written back to it.</summary>
    /// <param name="obj">The object; null inserts nothing.</param>
    /// <returns>The number of rows added (0 for null).</returns>
    /// <exception cref="NotNullConstraintViolationException">A <c>[NotNull]</c> property was null.</exception>
    /// <exception cref="SQLiteException">Another constraint failed (<see cref="SQLite3.Result.Constraint"/>).</exception>
    public int Insert(object obj) => obj is null ? 0 : Insert(obj, "", obj.GetType());

    /// <summary>Inserts <paramref name="obj"/> as a <paramref name="objType"/>.</summary>
    /// <param name="obj">The object; null inserts nothing.</param>
    /// <param name="objType">The mapped type.</param>
    /// <returns>The number of rows added.</returns>
    public int Insert(object obj, Type objType) => Insert(obj, "", objType);

    /// <summary>Inserts <paramref name="obj"/> with a conflict clause: <c>"OR IGNORE"</c>, <c>"OR REPLACE"</c> ....</summary>
    /// <param name="obj">The object; null inserts nothing.</param>
    /// <param name="extra">The words between <c>insert</c> and <c>into</c>.</param>
    /// <returns>The number of rows added (0 when ignored).</returns>
    public int Insert(object obj, string extra) => obj is null ? 0 : Insert(obj, extra, obj.GetType());

    /// <summary>Inserts <paramref name="obj"/> as a <paramref name="objType"/> with a conflict clause.</summary>
    /// <param name="obj">The object; null inserts nothing.</param>
    /// <param name="extra">The words between <c>insert</c> and <c>into</c> (<c>"OR REPLACE"</c> writes the key too).</param>
    /// <param name="objType">The mapped type.</param>
    /// <returns>The number of rows added (0 when ignored).</returns>
    /// <exception cref="NotNullConstraintViolationException">A <c>[NotNull]</c> property was null.</exception>
    /// <exception cref="SQLiteException">Another constraint failed.</exception>
    public int Insert(object obj, string extra, Type objType)
    {
        if (obj is null || objType is null)
        {
            return 0;
        }

        extra ??= "";
        var map = GetMapping(objType);
        if (map.PK is { IsAutoGuid: true } key && key.GetValue(obj) is Guid guid && guid == Guid.Empty)
        {
            key.SetValue(obj, Guid.NewGuid());
        }

        if (map.TypedCrud is { } crud && (extra.Length == 0 || TableMapping.IsOrReplace(extra)))
        {
            // MicroDb's own prepared INSERT (or INSERT OR REPLACE of every column, as sqlite-net's) and binder, which
            // also write the new key back.
            if (Trace)
            {
                TraceStatement(map.InsertStatement(extra).Sql);
            }

            int added;
            try
            {
                added = extra.Length == 0 ? crud.Insert(_db.Runner, obj) : crud.InsertOrReplace(_db.Runner, obj);
            }
            catch (MicroDbException e)
            {
                throw Translate(e, map, obj);
            }

            if (added > 0)
            {
                OnTableChanged(map, NotifyTableChangedAction.Insert);
            }

            return added;
        }

        var (sql, columns) = map.InsertStatement(extra);
        var count = RunWithMembers(map, obj, sql, columns, out var rowId);
        // Only a row actually written gets the new key (sqlite-net also writes a stale row id after an ignored insert).
        if (count > 0 && map.HasAutoIncPK)
        {
            if (map.MapSetsAutoIncKey)
            {
                map.Map.SetGeneratedKey(obj, rowId);
            }
            else
            {
                map.SetAutoIncPK(obj, rowId);
            }
        }

        if (count > 0)
        {
            OnTableChanged(map, NotifyTableChangedAction.Insert);
        }

        return count;
    }

    /// <summary>Inserts <paramref name="obj"/>, replacing the row with the same key or unique value.</summary>
    /// <param name="obj">The object; null inserts nothing.</param>
    /// <returns>The number of rows written.</returns>
    public int InsertOrReplace(object obj) => obj is null ? 0 : Insert(obj, "OR REPLACE", obj.GetType());

    /// <summary>Inserts <paramref name="obj"/> as a <paramref name="objType"/>, replacing the row with the same key.</summary>
    /// <param name="obj">The object; null inserts nothing.</param>
    /// <param name="objType">The mapped type.</param>
    /// <returns>The number of rows written.</returns>
    public int InsertOrReplace(object obj, Type objType) => Insert(obj, "OR REPLACE", objType);

    /// <summary>Inserts every object (each by its own type), in one transaction unless told otherwise.</summary>
    /// <param name="objects">The objects.</param>
    /// <param name="runInTransaction">All or nothing, in one transaction (default).</param>
    /// <returns>The number of rows added.</returns>
    public int InsertAll(IEnumerable objects, bool runInTransaction = true) => InsertAllInRuns(objects, runInTransaction);

    /// <summary>Inserts every object with a conflict clause.</summary>
    /// <param name="objects">The objects.</param>
    /// <param name="extra">The words between <c>insert</c> and <c>into</c>.</param>
    /// <param name="runInTransaction">All or nothing, in one transaction (default).</param>
    /// <returns>The number of rows added.</returns>
    public int InsertAll(IEnumerable objects, string extra, bool runInTransaction = true) => ForEach(objects, runInTransaction, o => Insert(o, extra));

    /// <summary>Inserts every object as a <paramref name="objType"/>.</summary>
    /// <param name="objects">The objects.</param>
    /// <param name="objType">The mapped type.</param>
    /// <param name="runInTransaction">All or nothing, in one transaction (default).</param>
    /// <returns>The number of rows added.</returns>
    public int InsertAll(IEnumerable objects, Type objType, bool runInTransaction = true) => ForEach(objects, runInTransaction, o => Insert(o, objType));

    /// <summary>Updates the row with <paramref name="obj"/>'s key to its values.</summary>
    /// <param name="obj">The object; null updates nothing.</param>
    /// <returns>The number of rows changed (0 when no row has the key).</returns>
    /// <exception cref="NotSupportedException">The type has no primary key.</exception>
    public int Update(object obj) => obj is null ? 0 : Update(obj, obj.GetType());

    /// <summary>Updates the row with <paramref name="obj"/>'s key, as a <paramref name="objType"/>.</summary>
    /// <param name="obj">The object; null updates nothing.</param>
    /// <param name="objType">The mapped type.</param>
    /// <returns>The number of rows changed.</returns>
    /// <exception cref="NotSupportedException">The type has no primary key.</exception>
    public int Update(object obj, Type objType)
    {
        if (obj is null || objType is null)
        {
            return 0;
        }

        var map = GetMapping(objType);
        var (sql, columns) = map.UpdateStatement() ?? throw new NotSupportedException($"Cannot update {map.TableName}: it has no PK");
        int count;
        if (map.TypedCrud is { } crud)
        {
            // MicroDb's own prepared UPDATE and binder (the same columns and key).
            TraceStatement(sql);
            try
            {
                count = crud.Update(_db.Runner, obj);
            }
            catch (MicroDbException e)
            {
                throw Translate(e, map, obj);
            }
        }
        else
        {
            count = RunWithMembers(map, obj, sql, columns, out _);
        }

        if (count > 0)
        {
            OnTableChanged(map, NotifyTableChangedAction.Update);
        }

        return count;
    }

    /// <summary>Updates every object, in one transaction unless told otherwise.</summary>
    /// <param name="objects">The objects.</param>
    /// <param name="runInTransaction">All or nothing, in one transaction (default).</param>
    /// <returns>The number of rows changed.</returns>
    public int UpdateAll(IEnumerable objects, bool runInTransaction = true) => ForEach(objects, runInTransaction, o => Update(o));

    /// <summary>Deletes the row with <paramref name="objectToDelete"/>'s key.</summary>
    /// <param name="objectToDelete">The object.</param>
    /// <returns>The number of rows deleted.</returns>
    /// <exception cref="NotSupportedException">The type has no primary key.</exception>
    public int Delete(object objectToDelete)
    {
        ArgumentNullException.ThrowIfNull(objectToDelete);
        var map = GetMapping(objectToDelete.GetType());
        var pk = map.PK ?? throw new NotSupportedException($"Cannot delete {map.TableName}: it has no PK");
        int count;
        if (map.KeyCrud is { } crud)
        {
            // MicroDb's own prepared DELETE by key, bound from the object by its map.
            TraceStatement(map.DeleteSql);
            try
            {
                count = crud.Delete(_db.Runner, objectToDelete);
            }
            catch (MicroDbException e)
            {
                throw Translate(e, map, objectToDelete);
            }
        }
        else
        {
            count = RunWithMembers(map, objectToDelete, map.DeleteSql, [pk.Source], out _);
        }

        if (count > 0)
        {
            OnTableChanged(map, NotifyTableChangedAction.Delete);
        }

        return count;
    }

    /// <summary>Deletes the row of <typeparamref name="T"/> whose key is <paramref name="primaryKey"/>.</summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    /// <param name="primaryKey">The key value.</param>
    /// <returns>The number of rows deleted.</returns>
    public int Delete<T>(object primaryKey) => Delete(primaryKey, GetMapping(typeof(T)));

    /// <summary>Deletes the row of <paramref name="map"/>'s table whose key is <paramref name="primaryKey"/>.</summary>
    /// <param name="primaryKey">The key value.</param>
    /// <param name="map">The table.</param>
    /// <returns>The number of rows deleted.</returns>
    /// <exception cref="NotSupportedException">The table has no primary key.</exception>
    public int Delete(object primaryKey, TableMapping map)
    {
        ArgumentNullException.ThrowIfNull(map);
        _ = map.PK ?? throw new NotSupportedException($"Cannot delete {map.TableName}: it has no PK");
        int count;
        if (map.KeyCrud is { } crud && primaryKey is not null)
        {
            // MicroDb's own prepared DELETE by key; the key is bound as the key column stores it.
            TraceStatement(map.DeleteSql);
            try
            {
                count = crud.DeleteByKey(_db.Runner, primaryKey);
            }
            catch (MicroDbException e)
            {
                throw Translate(e, map);
            }
        }
        else
        {
            // A key only the CreateFlags conventions declare (MicroDb's map does not know it), or null: a plain argument.
            count = Execute(map.DeleteSql, primaryKey);
        }

        if (count > 0)
        {
            OnTableChanged(map, NotifyTableChangedAction.Delete);
        }

        return count;
    }

    /// <summary>Deletes every row of <typeparamref name="T"/>'s table.</summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    /// <returns>The number of rows deleted.</returns>
    public int DeleteAll<T>() => DeleteAll(GetMapping(typeof(T)));

    /// <summary>Deletes every row of <paramref name="map"/>'s table.</summary>
    /// <param name="map">The table.</param>
    /// <returns>The number of rows deleted.</returns>
    public int DeleteAll(TableMapping map)
    {
        ArgumentNullException.ThrowIfNull(map);
        var count = Execute(SqliteNetDialect.DeleteAll(map.TableName));
        if (count > 0)
        {
            OnTableChanged(map, NotifyTableChangedAction.Delete);
        }

        return count;
    }

    /// <summary>The object of <typeparamref name="T"/> with key <paramref name="pk"/>.</summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    /// <param name="pk">The key value.</param>
    /// <returns>The object.</returns>
    /// <exception cref="InvalidOperationException">No row has the key.</exception>
    public T Get<T>(object pk)
        where T : new()
    {
        var map = GetMapping(typeof(T));
        return Find<T>(pk) ?? throw new InvalidOperationException($"Sequence contains no elements: no row in table '{map.TableName}' has primary key '{pk}'.");
    }

    /// <summary>The object of <paramref name="map"/>'s type with key <paramref name="pk"/>.</summary>
    /// <param name="pk">The key value.</param>
    /// <param name="map">The table.</param>
    /// <returns>The object.</returns>
    /// <exception cref="InvalidOperationException">No row has the key.</exception>
    public object Get(object pk, TableMapping map)
    {
        ArgumentNullException.ThrowIfNull(map);
        return Find(pk, map) ?? throw new InvalidOperationException($"Sequence contains no elements: no row in table '{map.TableName}' has primary key '{pk}'.");
    }

    /// <summary>The first object of <typeparamref name="T"/> matching <paramref name="predicate"/>.</summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    /// <param name="predicate">The condition.</param>
    /// <returns>The object.</returns>
    /// <exception cref="InvalidOperationException">No row matches.</exception>
    public T Get<T>(Expression<Func<T, bool>> predicate)
        where T : new() => Table<T>().Where(predicate).First();

    /// <summary>The object of <typeparamref name="T"/> with key <paramref name="pk"/>, or null.</summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    /// <param name="pk">The key value.</param>
    /// <returns>The object, or null (default).</returns>
    /// <exception cref="NotSupportedException">The type has no primary key.</exception>
    public T Find<T>(object pk)
        where T : new()
    {
        var map = GetMapping(typeof(T));
        RequireKey(map, "Find");
        if (map.Map.Table.PrimaryKey is not null)
        {
            // MicroDb's prepared lookup by key.
            try
            {
                TraceStatement(map.GetByPrimaryKeySql, query: true);
                // MicroDb's typed lookups skip the key's type switch; the same values are bound either way.
                return pk switch
                {
                    long l => _db.Find<T>(l),
                    int i => _db.Find<T>(i),
                    string s => _db.Find<T>(s),
                    _ => _db.Find<T>(pk),
                };
            }
            catch (MicroDb.MicroDbException e)
            {
                throw Translate(e, map);
            }
        }

        return Query<T>(map.GetByPrimaryKeySql, pk).FirstOrDefault();
    }

    /// <summary>The object of <paramref name="map"/>'s type with key <paramref name="pk"/>, or null.</summary>
    /// <param name="pk">The key value.</param>
    /// <param name="map">The table.</param>
    /// <returns>The object, or null.</returns>
    /// <exception cref="NotSupportedException">The table has no primary key.</exception>
    public object Find(object pk, TableMapping map)
    {
        ArgumentNullException.ThrowIfNull(map);
        RequireKey(map, "Find");
        return Query(map, map.GetByPrimaryKeySql, pk).FirstOrDefault();
    }

    /// <summary>The first object of <typeparamref name="T"/> matching <paramref name="predicate"/>, or null.</summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    /// <param name="predicate">The condition.</param>
    /// <returns>The object, or null (default).</returns>
    public T Find<T>(Expression<Func<T, bool>> predicate)
        where T : new() => Table<T>().Where(predicate).FirstOrDefault();

    private static void RequireKey(TableMapping map, string operation)
    {
        // sqlite-net would return the table's first row; a lookup by key without a key is a mistake worth naming.
        if (map.PK is null)
        {
            throw new NotSupportedException($"Cannot {operation} by primary key in {map.TableName}: '{map.MappedType.FullName}' has no [PrimaryKey].");
        }
    }

    private int ForEach(IEnumerable objects, bool runInTransaction, Func<object, int> action)
    {
        ArgumentNullException.ThrowIfNull(objects);
        try
        {
            // MicroDb's loop (the lock held throughout, one transaction unless told otherwise); each action translates its own errors.
            return _db.SumEach(objects.Cast<object>(), runInTransaction, action);
        }
        catch (MicroDbException e) when (Translate(e) is var translated && !ReferenceEquals(translated, e))
        {
            throw translated;
        }
    }

    /// <summary>Runs <paramref name="sql"/> on MicroDb's runner with <paramref name="columns"/> of <paramref name="obj"/> bound in order; returns the rows changed.</summary>
    private int RunWithMembers(TableMapping map, object obj, string sql, ColumnMapping[] columns, out long lastRowId)
    {
        TraceStatement(sql);
        try
        {
            return _db.Runner.ExecuteWithMembers(map.Map, sql, obj, columns, out lastRowId);
        }
        catch (MicroDbException e)
        {
            throw Translate(e, map, obj);
        }
    }
}
