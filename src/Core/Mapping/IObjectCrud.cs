using MicroDb.Native;

namespace MicroDb.Mapping;

/// <summary>
/// Typed CRUD for an entity the caller holds as <see cref="object"/>: <see cref="EntityMap{T}"/> casts once and runs
/// the same per-connection prepared statements and straight-line binders as the generic API. MicroDb.SQLiteNet uses it,
/// since sqlite-net's API takes objects (Insert(object), InsertOrReplace(object), Update(object), Delete(object),
/// Delete&lt;T&gt;(object)).
/// </summary>
internal interface IObjectCrud
{
    /// <summary>As <see cref="StatementRunner.Insert{T}"/>; the auto-incremented key is written back.</summary>
    int Insert(StatementRunner runner, object entity);

    /// <summary>As <see cref="StatementRunner.InsertOrReplace{T}"/>; the auto-incremented key is written back.</summary>
    int InsertOrReplace(StatementRunner runner, object entity);

    /// <summary>As <see cref="StatementRunner.Update{T}"/>.</summary>
    int Update(StatementRunner runner, object entity);

    /// <summary>As <see cref="StatementRunner.Delete{T}"/>: the row with the entity's key.</summary>
    int Delete(StatementRunner runner, object entity);

    /// <summary>As <see cref="StatementRunner.DeleteByKey{T, TKey}"/>; the key is bound as the key column stores it.</summary>
    int DeleteByKey(StatementRunner runner, object primaryKey);

    /// <summary>As <see cref="EntityMap{T}.GetOrdinals"/>: each column's ordinal in the statement's result, cached on the statement.</summary>
    int[] GetOrdinals(SqliteStatement statement);
    /// <summary>As <see cref="StatementRunner.InsertEachOfType{T}"/>: a run of objects of exactly the map's type on one statement.</summary>
    int InsertEach(StatementRunner runner, System.Collections.IEnumerator objects, Action? afterRow, out bool stopped);
    /// <summary>As <see cref="StatementRunner.DeleteByKey{T, TKey}"/> for an integer key.</summary>
    int DeleteByKey(StatementRunner runner, long primaryKey);
}
