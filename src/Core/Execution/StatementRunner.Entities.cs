using System.Runtime.CompilerServices;
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
        var start = ObserveStart();
        lock (_gate)
        {
            var statement = StatementsFor(map).Insert;
            try
            {
                map.BindInsert(statement, entity);
                var rows = StepInsert(statement, map, entity);
                if (start != 0)
                {
                    ReportCrud(start, map, statement.Sql, CrudValues.Insert, entity, rows);
                }

                return rows;
            }
            catch (Exception e) when (start != 0 && ReportCrudFailed(start, map, statement.Sql, CrudValues.Insert, entity, e))
            {
                throw;
            }
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

                var start = ObserveStart();
                try
                {
                    map.BindInsert(statement, entity);
                    var rows = StepInsert(statement, map, entity);
                    if (start != 0)
                    {
                        ReportCrud(start, map, statement.Sql, CrudValues.Insert, entity, rows);
                    }

                    count += rows;
                }
                catch (Exception e) when (start != 0 && ReportCrudFailed(start, map, statement.Sql, CrudValues.Insert, entity, e))
                {
                    throw;
                }
            }

            return count;
        }
    }

    /// <summary>
    /// Inserts entities held as <see cref="object"/> from <paramref name="objects"/> on one prepared statement, under one
    /// hold of the lock, while each is exactly a <typeparamref name="T"/> (the compat package's InsertAll, whose objects
    /// may be of several types). Stops at the first object that is not (null, or another type) and leaves it as
    /// <paramref name="objects"/>' current object, with <paramref name="stopped"/> true; <paramref name="afterRow"/> runs
    /// after each row added.
    /// </summary>
    public int InsertEachOfType<T>(EntityMap<T> map, System.Collections.IEnumerator objects, Action? afterRow, out bool stopped)
    {
        lock (_gate)
        {
            var statement = StatementsFor(map).Insert;
            var count = 0;
            while (objects.MoveNext())
            {
                if (objects.Current is not T entity || entity.GetType() != typeof(T))
                {
                    stopped = true;
                    return count;
                }

                var start = ObserveStart();
                try
                {
                    map.BindInsert(statement, entity);
                    var rows = StepInsert(statement, map, entity);
                    if (start != 0)
                    {
                        ReportCrud(start, map, statement.Sql, CrudValues.Insert, entity, rows);
                    }

                    count += rows;
                    if (rows > 0)
                    {
                        afterRow?.Invoke();
                    }
                }
                catch (Exception e) when (start != 0 && ReportCrudFailed(start, map, statement.Sql, CrudValues.Insert, entity, e))
                {
                    throw;
                }
            }

            stopped = false;
            return count;
        }
    }

    /// <summary>Inserts <paramref name="entity"/>, replacing any row with the same key or unique value.</summary>
    public int InsertOrReplace<T>(EntityMap<T> map, T entity)
    {
        var start = ObserveStart();
        lock (_gate)
        {
            var statement = StatementsFor(map).InsertOrReplace;
            try
            {
                map.BindAll(statement, entity);
                var rows = StepInsert(statement, map, entity);
                if (start != 0)
                {
                    ReportCrud(start, map, statement.Sql, CrudValues.All, entity, rows);
                }

                return rows;
            }
            catch (Exception e) when (start != 0 && ReportCrudFailed(start, map, statement.Sql, CrudValues.All, entity, e))
            {
                throw;
            }
        }
    }

    /// <summary>
    /// Upserts <paramref name="entity"/> on its key (<paramref name="indexName"/> null) or on the unique index named
    /// <paramref name="indexName"/>: inserts it, or updates the conflicting row in place (nothing deleted). An
    /// auto-incremented key is read back through RETURNING: the new row's, or the updated row's. Returns the rows written.
    /// </summary>
    public int Upsert<T>(EntityMap<T> map, T entity, string? indexName)
    {
        var sql = indexName is null ? UpsertSql.ByKey(map.Table) : UpsertSql.ByIndex(map.Table, SqlBuilder.Indexes(map.Table, _connection.Storage), indexName);
        var start = ObserveStart();
        lock (_gate)
        {
            var statement = StatementsFor(map).Upsert(indexName, sql);
            try
            {
                map.BindAll(statement, entity);
                long? key = null;
                try
                {
                    if (statement.Step() && map.Table.AutoIncrementColumn is not null)
                    {
                        key = statement.GetInt64(0);
                    }
                }
                finally
                {
                    statement.Reset();
                }

                if (key is { } generated)
                {
                    map.SetGeneratedKey(entity, generated);
                }

                var rows = raw.sqlite3_changes(_connection.Handle);
                if (start != 0)
                {
                    ReportCrud(start, map, statement.Sql, CrudValues.All, entity, rows);
                }

                return rows;
            }
            catch (Exception e) when (start != 0 && ReportCrudFailed(start, map, statement.Sql, CrudValues.All, entity, e))
            {
                throw;
            }
        }
    }

    /// <summary>Updates the row with <paramref name="entity"/>'s key; returns the rows changed.</summary>
    public int Update<T>(EntityMap<T> map, T entity)
    {
        var start = ObserveStart();
        lock (_gate)
        {
            var statement = StatementsFor(map).Update;
            try
            {
                map.BindUpdate(statement, entity);
                var rows = StepChanges(statement);
                if (start != 0)
                {
                    ReportCrud(start, map, statement.Sql, CrudValues.Update, entity, rows);
                }

                return rows;
            }
            catch (Exception e) when (start != 0 && ReportCrudFailed(start, map, statement.Sql, CrudValues.Update, entity, e))
            {
                throw;
            }
        }
    }

    /// <summary>Deletes the row with <paramref name="entity"/>'s key; returns the rows deleted.</summary>
    public int Delete<T>(EntityMap<T> map, T entity)
    {
        var start = ObserveStart();
        lock (_gate)
        {
            var statement = StatementsFor(map).Delete;
            try
            {
                map.BindKey(statement, 1, entity);
                var rows = StepChanges(statement);
                if (start != 0)
                {
                    ReportCrud(start, map, statement.Sql, CrudValues.Key, entity, rows);
                }

                return rows;
            }
            catch (Exception e) when (start != 0 && ReportCrudFailed(start, map, statement.Sql, CrudValues.Key, entity, e))
            {
                throw;
            }
        }
    }

    /// <summary>Deletes the row whose key is <paramref name="primaryKey"/>; returns the rows deleted.</summary>
    public int DeleteByKey<T, TKey>(EntityMap<T> map, TKey primaryKey) => DeleteByKeys(map, new SingleKey<TKey>(primaryKey));

    /// <summary>Deletes the row whose composite key is <paramref name="keys"/>; returns the rows deleted.</summary>
    public int DeleteByKeys<T, TKeys>(EntityMap<T> map, TKeys keys)
        where TKeys : struct, ICompositeKey
    {
        var start = ObserveStart();
        lock (_gate)
        {
            var statement = StatementsFor(map).Delete;
            try
            {
                keys.Bind(statement, map.Table);
                var rows = StepChanges(statement);
                if (start != 0)
                {
                    ReportKeys(start, statement.Sql, keys, rows);
                }

                return rows;
            }
            catch (Exception e) when (start != 0 && ReportKeysFailed(start, statement.Sql, keys, e))
            {
                throw;
            }
        }
    }

    /// <summary>Reads the row whose composite key is <paramref name="keys"/>; false when there is none.</summary>
    public bool TryFindByKeys<T, TKeys>(EntityMap<T> map, TKeys keys, out T entity)
        where TKeys : struct, ICompositeKey
    {
        var start = ObserveStart();
        lock (_gate)
        {
            var statement = StatementsFor(map).SelectByKey;
            try
            {
                keys.Bind(statement, map.Table);
                var found = statement.Step();
                entity = found ? map.Read(statement, map.GetOrdinals(statement)) : default!;
                if (start != 0)
                {
                    ReportKeys(start, statement.Sql, keys, found ? 1 : 0);
                }

                return found;
            }
            catch (Exception e) when (start != 0 && ReportKeysFailed(start, statement.Sql, keys, e))
            {
                throw;
            }
            finally
            {
                statement.Reset();
            }
        }
    }

    /// <summary>Reads the row whose key is <paramref name="primaryKey"/>; false when there is none.</summary>
    public bool TryFind<T, TKey>(EntityMap<T> map, TKey primaryKey, out T entity) => TryFindByKeys(map, new SingleKey<TKey>(primaryKey), out entity);

    /// <summary>
    /// Inserts an entity known only at run time. Rare, so it rents the INSERT from the SQL cache and binds column by
    /// column through the untyped map (<see cref="ExecuteWithMembers"/>) rather than keeping a statement per map.
    /// </summary>
    public int InsertByRuntimeType(IEntityMap map, object entity)
    {
        var rows = ExecuteWithMembers(map, map.Sql.Insert, entity, map.Table.InsertColumns, out var rowId);
        if (map.Table.AutoIncrementColumn is not null)
        {
            map.SetGeneratedKey(entity, rowId);
        }

        return rows;
    }

    /// <summary>
    /// Runs <paramref name="sql"/> with members of an entity known only as <see cref="object"/> bound through the untyped
    /// map: parameter <c>i + 1</c> takes <paramref name="columns"/>[i]. The statement is rented from the SQL cache (the
    /// same text instance each call hits the recent-statement check). For statements whose text the map does not hold:
    /// the runtime-type insert, and sqlite-net's statements with a conflict clause or <c>CreateFlags</c> conventions.
    /// </summary>
    /// <param name="map">The entity's map.</param>
    /// <param name="sql">The SQL, with one <c>?</c> per column in <paramref name="columns"/>.</param>
    /// <param name="entity">The entity.</param>
    /// <param name="columns">The columns bound, in parameter order.</param>
    /// <param name="lastInsertRowId">The connection's last inserted row id after the statement (read under the lock).</param>
    /// <returns>The rows the statement changed.</returns>
    public int ExecuteWithMembers(IEntityMap map, string sql, object entity, IReadOnlyList<ColumnMapping> columns, out long lastInsertRowId)
    {
        var start = ObserveStart();
        try
        {
            using var lease = Lease(sql, StatementArguments.None, cached: true);
            var statement = lease.Statement;
            map.BindColumns(statement, entity, columns);
            statement.Step();
            var db = _connection.Handle;
            lastInsertRowId = raw.sqlite3_last_insert_rowid(db);
            var rows = raw.sqlite3_changes(db);
            if (start != 0)
            {
                Publish(start, sql, _includeParameterValues ? MemberValues(map, entity, columns) : null, rows, StatementSource.Crud, null);
            }

            return rows;
        }
        catch (Exception e) when (start != 0 && PublishFailed(start, sql, _includeParameterValues ? MemberValues(map, entity, columns) : null, e))
        {
            throw;
        }
    }

    private static object?[] MemberValues(IEntityMap map, object entity, IReadOnlyList<ColumnMapping> columns) =>
        [.. columns.Select(c => map.GetValue(entity, c.Ordinal))];

    private bool PublishFailed(long start, string sql, IReadOnlyList<object?>? parameters, Exception error)
    {
        Publish(start, sql, parameters, 0, StatementSource.Crud, error);
        return false;
    }

    /// <summary>The connection's prepared CRUD statements for <paramref name="map"/>, found by the map's slot.</summary>
    /// <remarks>
    /// Every CRUD call starts here, so the hit (one array read and one reference test) inlines into the caller and the
    /// first use of a map on this connection goes to <see cref="CreateStatements"/> (issue 20 profile, docs/benchmarks.md).
    /// </remarks>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private EntityStatements StatementsFor<T>(EntityMap<T> map)
    {
        var slot = map.Slot;
        var sets = _entityStatements;
        if ((uint)slot < (uint)sets.Length && sets[slot] is { } set && ReferenceEquals(set.Map, map))
        {
            return set;
        }

        return CreateStatements(map, slot);
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    private EntityStatements CreateStatements(IEntityMap map, int slot)
    {
        var sets = _entityStatements;
        if (slot >= sets.Length)
        {
            Array.Resize(ref _entityStatements, Math.Max(slot + 1, sets.Length * 2));
            sets = _entityStatements;
        }

        // Another map of the same slot (a connection that switched maps) is replaced: its statements are finalized.
        sets[slot]?.Dispose();
        return sets[slot] = new EntityStatements(this, map);
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
