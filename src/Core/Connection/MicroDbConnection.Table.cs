using System.Linq.Expressions;
using MicroDb.Query;

namespace MicroDb;

// LINQ-style queries: Table<T>() and lookups by predicate. TableQuery runs its SQL on the StatementRunner.
public sealed partial class MicroDbConnection
{
    /// <summary>A query over <typeparamref name="T"/>'s table; add Where, OrderBy, Take, Select... and run it.</summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    public TableQuery<T> Table<T>() => new(this, GetMap<T>());

    /// <summary>The first entity matching <paramref name="predicate"/>.</summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    /// <param name="predicate">The condition, translated to SQL.</param>
    /// <exception cref="InvalidOperationException">No row matches; the message names the table.</exception>
    public T Get<T>(Expression<Func<T, bool>> predicate) => Table<T>().First(predicate);

    /// <summary>The first entity matching <paramref name="predicate"/>, or null (default) when none does.</summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    /// <param name="predicate">The condition, translated to SQL.</param>
    public T? Find<T>(Expression<Func<T, bool>> predicate) => Table<T>().FirstOrDefault(predicate);
}
