using MicroDb.Mapping;
using MicroDb.Native;
using SQLitePCL;

namespace MicroDb;

// CRUD by entity: the hot paths. Each call takes the map's own prepared statement (EntityStatements, found by the map's
// slot, no dictionary), binds through the map's typed binders (generated code binds members straight to the statement:
// no boxing, no delegate, no closure), steps, resets. Nothing here allocates per call.
internal sealed partial class StatementRunner
{
    /// <summary>Inserts <paramref name="entity"/>; an auto-incremented key is written back. Returns the rows added.</summary>
    public int Insert<T>(EntityMap<T> map, T entity)
    {
        lock (_gate)
        {
            var statement = StatementsFor(map).Insert;
            map.BindInsert(statement, entity);
            return StepInsert(statement, map, entity);
        }
    }

    /// <summary>Inserts every entity on one prepared statement; a null entity fails with its position.</summary>
    public int InsertEach<T>(EntityMap<T> map, IEnumerable<T> objects)
    {
        lock (_gate)
        {
            var statement = StatementsFor(map).Insert;
            var count = 0;
            foreach (var entity in objects)
            {
                if (entity is null)
                {
                    throw new ArgumentException($"InsertAll was given a null {typeof(T).Name} at position {count}.", nameof(objects));
                }

                map.BindInsert(statement, entity);
                count += StepInsert(statement, map, entity);
            }

            return count;
        }
    }

    /// <summary>Inserts <paramref name="entity"/>, replacing any row with the same key or unique value.</summary>
    public int InsertOrReplace<T>(EntityMap<T> map, T entity)
    {
        lock (_gate)
        {
            var statement = StatementsFor(map).InsertOrReplace;
            map.BindAll(statement, entity);
            return StepInsert(statement, map, entity);
        }
    }

    /// <summary>Updates the row with <paramref name="entity"/>'s key; returns the rows changed.</summary>
    public int Update<T>(EntityMap<T> map, T entity)
    {
        lock (_gate)
        {
            var statement = StatementsFor(map).Update;
            map.BindUpdate(statement, entity);
            return StepChanges(statement);
        }
    }

    /// <summary>Deletes the row with <paramref name="entity"/>'s key; returns the rows deleted.</summary>
    public int Delete<T>(EntityMap<T> map, T entity)
    {
        lock (_gate)
        {
            var statement = StatementsFor(map).Delete;
            map.BindKey(statement, 1, entity);
            return StepChanges(statement);
        }
    }

    /// <summary>Deletes the row whose key is <paramref name="primaryKey"/>; returns the rows deleted.</summary>
    public int DeleteByKey<T, TKey>(EntityMap<T> map, TKey primaryKey)
    {
        lock (_gate)
        {
            var statement = StatementsFor(map).Delete;
            StatementArguments.BindPrimaryKey(statement, map.Table, primaryKey);
            return StepChanges(statement);
        }
    }

    /// <summary>Reads the row whose key is <paramref name="primaryKey"/>; false when there is none.</summary>
    public bool TryFind<T, TKey>(EntityMap<T> map, TKey primaryKey, out T entity)
    {
        lock (_gate)
        {
            var statement = StatementsFor(map).SelectByKey;
            StatementArguments.BindPrimaryKey(statement, map.Table, primaryKey);
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
    }

    /// <summary>
    /// Inserts an entity known only at run time. Rare, so it rents the INSERT from the SQL cache and binds column by
    /// column through the untyped map rather than keeping a statement per map.
    /// </summary>
    public int InsertByRuntimeType(IEntityMap map, object entity)
    {
        using var lease = Lease(map.Sql.Insert, StatementArguments.None, cached: true);
        var statement = lease.Statement;
        var columns = map.Table.InsertColumns;
        for (var i = 0; i < columns.Count; i++)
        {
            map.BindColumn(statement, i + 1, entity, columns[i].Ordinal);
        }

        statement.Step();
        var db = _connection.Handle;
        if (map.Table.AutoIncrementColumn is not null)
        {
            map.SetGeneratedKey(entity, raw.sqlite3_last_insert_rowid(db));
        }

        return raw.sqlite3_changes(db);
    }

    /// <summary>The connection's prepared CRUD statements for <paramref name="map"/>, found by the map's slot.</summary>
    private EntityStatements StatementsFor<T>(EntityMap<T> map)
    {
        var slot = map.Slot;
        var sets = _entityStatements;
        if (slot >= sets.Length)
        {
            Array.Resize(ref _entityStatements, Math.Max(slot + 1, sets.Length * 2));
            sets = _entityStatements;
        }

        var set = sets[slot];
        if (set is null || !ReferenceEquals(set.Map, map))
        {
            set?.Dispose();
            set = sets[slot] = new EntityStatements(this, map);
        }

        return set;
    }

    private int StepInsert<T>(SqliteStatement statement, EntityMap<T> map, T entity)
    {
        try
        {
            statement.Step();
        }
        finally
        {
            statement.Reset();
        }

        var db = _connection.Handle;
        if (map.Table.AutoIncrementColumn is not null)
        {
            map.SetGeneratedKey(entity, raw.sqlite3_last_insert_rowid(db));
        }

        return raw.sqlite3_changes(db);
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

        return raw.sqlite3_changes(_connection.Handle);
    }
}
