using MicroDb.Mapping;
using MicroDb.Native;
using SQLitePCL;

namespace MicroDb;

// Insert, update, delete and lookup by key, through the type's map and its cached statements.
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
        lock (_gate)
        {
            var map = GetMap<T>();
            var statement = StatementsFor(map).Insert;
            map.BindInsert(statement, obj);
            return StepInsert(statement, map, obj);
        }
    }

    /// <summary>Inserts <paramref name="obj"/>, mapped by its run-time type.</summary>
    /// <param name="obj">The entity.</param>
    /// <returns>The number of rows added (1).</returns>
    public int Insert(object obj)
    {
        ArgumentNullException.ThrowIfNull(obj);
        lock (_gate)
        {
            var map = GetMap(obj.GetType());
            var statement = RentStatement(map.Sql.Insert);
            try
            {
                var columns = map.Table.InsertColumns;
                for (var i = 0; i < columns.Count; i++)
                {
                    map.BindColumn(statement, i + 1, obj, columns[i].Ordinal);
                }

                statement.Step();
                if (map.Table.AutoIncrementColumn is not null)
                {
                    map.SetGeneratedKey(obj, raw.sqlite3_last_insert_rowid(Handle));
                }

                return raw.sqlite3_changes(Handle);
            }
            finally
            {
                ReturnStatement(statement);
            }
        }
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
                RunInTransaction(() => count = InsertEach(objects));
            }
            else
            {
                count = InsertEach(objects);
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
        lock (_gate)
        {
            var map = GetMap<T>();
            var statement = StatementsFor(map).InsertOrReplace;
            map.BindAll(statement, obj);
            return StepInsert(statement, map, obj);
        }
    }

    /// <summary>Updates the row with <paramref name="obj"/>'s key to its current values.</summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    /// <param name="obj">The entity.</param>
    /// <returns>The number of rows changed (0 when no row has the key).</returns>
    /// <exception cref="NotSupportedException">The type has no primary key.</exception>
    public int Update<T>(T obj)
    {
        ArgumentNullException.ThrowIfNull(obj);
        lock (_gate)
        {
            var map = GetMap<T>();
            var statement = StatementsFor(map).Update;
            map.BindUpdate(statement, obj);
            return StepChanges(statement);
        }
    }

    /// <summary>Updates every object, in one transaction unless told otherwise.</summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    /// <param name="objects">The entities.</param>
    /// <param name="runInTransaction">Wrap the updates in one transaction (default).</param>
    /// <returns>The number of rows changed.</returns>
    public int UpdateAll<T>(IEnumerable<T> objects, bool runInTransaction = true)
    {
        ArgumentNullException.ThrowIfNull(objects);
        lock (_gate)
        {
            var count = 0;
            void Run()
            {
                foreach (var obj in objects)
                {
                    count += Update(obj);
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
        lock (_gate)
        {
            var map = GetMap<T>();
            var statement = StatementsFor(map).Delete;
            map.BindKey(statement, 1, obj);
            return StepChanges(statement);
        }
    }

    /// <summary>Deletes the row of <typeparamref name="T"/> whose key is <paramref name="primaryKey"/>.</summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    /// <param name="primaryKey">The key value.</param>
    /// <returns>The number of rows deleted.</returns>
    public int Delete<T>(object primaryKey)
    {
        lock (_gate)
        {
            var map = GetMap<T>();
            var statement = StatementsFor(map).Delete;
            BindKeyValue(statement, map.Table, primaryKey);
            return StepChanges(statement);
        }
    }

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
    public T Get<T>(object primaryKey)
    {
        lock (_gate)
        {
            if (TryFind<T>(primaryKey, out var entity))
            {
                return entity;
            }

            throw new InvalidOperationException($"No row in table '{GetMap<T>().Table.TableName}' has primary key '{primaryKey}'.");
        }
    }

    /// <summary>The entity with key <paramref name="primaryKey"/>, or null (default) when there is none.</summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    /// <param name="primaryKey">The key value.</param>
    public T? Find<T>(object primaryKey)
    {
        lock (_gate)
        {
            return TryFind<T>(primaryKey, out var entity) ? entity : default;
        }
    }

    private bool TryFind<T>(object primaryKey, out T entity)
    {
        var map = GetMap<T>();
        var statement = StatementsFor(map).SelectByKey;
        BindKeyValue(statement, map.Table, primaryKey);
        try
        {
            if (statement.Step())
            {
                entity = map.Read(statement, map.GetOrdinals(statement));
                return true;
            }

            entity = default!;
            return false;
        }
        finally
        {
            statement.Reset();
        }
    }

    private int InsertEach<T>(IEnumerable<T> objects)
    {
        var map = GetMap<T>();
        var statement = StatementsFor(map).Insert;
        var count = 0;
        foreach (var obj in objects)
        {
            if (obj is null)
            {
                throw new ArgumentException($"InsertAll was given a null {typeof(T).Name} at position {count}.", nameof(objects));
            }

            map.BindInsert(statement, obj);
            count += StepInsert(statement, map, obj);
        }

        return count;
    }

    private int StepInsert<T>(SqliteStatement statement, EntityMap<T> map, T obj)
    {
        try
        {
            statement.Step();
        }
        finally
        {
            statement.Reset();
        }

        if (map.Table.AutoIncrementColumn is not null)
        {
            map.SetGeneratedKey(obj, raw.sqlite3_last_insert_rowid(Handle));
        }

        return raw.sqlite3_changes(Handle);
    }

    private int StepChanges(SqliteStatement statement)
    {
        try
        {
            statement.Step();
        }
        finally
        {
            statement.Reset();
        }

        return raw.sqlite3_changes(Handle);
    }

    private static void BindKeyValue(SqliteStatement statement, TableMapping table, object primaryKey)
    {
        ArgumentNullException.ThrowIfNull(primaryKey);
        var key = table.PrimaryKey ?? throw new NotSupportedException($"'{table.EntityTypeName}' has no [PrimaryKey].");

        // The common key types skip the general conversion switches: Find/Get/Delete by key are hot paths.
        switch (primaryKey)
        {
            case int i:
                statement.Bind(1, i);
                break;
            case long l:
                statement.Bind(1, l);
                break;
            case string s:
                statement.Bind(1, s);
                break;
            default:
                statement.BindValue(1, ValueEncoding.ToStorage(primaryKey, key.StoreAsText));
                break;
        }
    }
}
