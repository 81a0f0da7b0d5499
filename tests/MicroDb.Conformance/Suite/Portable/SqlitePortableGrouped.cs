using System.Linq.Expressions;
using MicroDb.Query;

namespace MicroDb.Conformance.Portable;

/// <summary><see cref="IPortableGrouped{T}"/> over SQLite's <see cref="GroupedQuery{TResult}"/>.</summary>
public sealed class SqlitePortableGrouped<T>(GroupedQuery<T> query) : IPortableGrouped<T>
{
    public IPortableGrouped<T> Where(Expression<Func<T, bool>> predicate) => new SqlitePortableGrouped<T>(query.Where(predicate));
    public IPortableGrouped<T> OrderBy<TKey>(Expression<Func<T, TKey>> key) => new SqlitePortableGrouped<T>(query.OrderBy(key));
    public IPortableGrouped<T> OrderByDescending<TKey>(Expression<Func<T, TKey>> key) => new SqlitePortableGrouped<T>(query.OrderByDescending(key));
    public IPortableGrouped<T> ThenBy<TKey>(Expression<Func<T, TKey>> key) => new SqlitePortableGrouped<T>(query.ThenBy(key));
    public IPortableGrouped<T> Take(int count) => new SqlitePortableGrouped<T>(query.Take(count));
    public IPortableGrouped<T> Skip(int count) => new SqlitePortableGrouped<T>(query.Skip(count));

    public List<T> ToList() => query.ToList();
    public T First() => query.First();
    public int Count() => query.Count();
}
