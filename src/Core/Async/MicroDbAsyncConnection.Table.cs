using MicroDb.Query;

namespace MicroDb;

// LINQ over the pool: the query is composed without touching the database and runs on a reader when awaited.
public sealed partial class MicroDbAsyncConnection
{
    /// <summary>
    /// A LINQ query over <typeparamref name="T"/>'s table, translated by the same translator as
    /// <see cref="MicroDbConnection.Table{T}"/>; its async terminals run on one of the pool's readers.
    /// </summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    public AsyncTableQuery<T> Table<T>()
    {
        var template = _pool.QueryTemplate;
        return new AsyncTableQuery<T>(_pool, template.Table<T>());
    }
}
