using System.Linq.Expressions;
using MicroDb.Query;

namespace MicroDb;

// LINQ-style queries: Table<T>() and lookups by predicate. TableQuery runs its SQL on the StatementRunner.
public sealed partial class MicroDbConnection
{
    /// <summary>A query over <typeparamref name="T"/>'s table; add Where, OrderBy, Take, Select... and run it.</summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    public TableQuery<T> Table<T>()
    {
        // A query is immutable, so the whole-table query of the type asked for last is handed out again.
        var map = GetMap<T>();
        if (_lastTable is TableQuery<T> last && ReferenceEquals(last.Map, map))
        {
            return last;
        }

        var query = new TableQuery<T>(this, map);
        _lastTable = query;
        return query;
    }

    private object? _lastTable;

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
