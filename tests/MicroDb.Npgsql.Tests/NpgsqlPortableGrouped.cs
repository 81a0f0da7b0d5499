using System.Linq.Expressions;
using MicroDb.Conformance.Portable;

namespace MicroDb.Npgsql.Tests;

/// <summary><see cref="IPortableGrouped{T}"/> over <see cref="NpgsqlGroupedQuery{TResult}"/>.</summary>
public sealed class NpgsqlPortableGrouped<T>(NpgsqlGroupedQuery<T> query) : IPortableGrouped<T>
{
    public IPortableGrouped<T> Where(Expression<Func<T, bool>> predicate) => new NpgsqlPortableGrouped<T>(query.Where(predicate));
    public IPortableGrouped<T> OrderBy<TKey>(Expression<Func<T, TKey>> key) => new NpgsqlPortableGrouped<T>(query.OrderBy(key));
    public IPortableGrouped<T> OrderByDescending<TKey>(Expression<Func<T, TKey>> key) => new NpgsqlPortableGrouped<T>(query.OrderByDescending(key));
    public IPortableGrouped<T> ThenBy<TKey>(Expression<Func<T, TKey>> key) => new NpgsqlPortableGrouped<T>(query.ThenBy(key));
    public IPortableGrouped<T> Take(int count) => new NpgsqlPortableGrouped<T>(query.Take(count));
    public IPortableGrouped<T> Skip(int count) => new NpgsqlPortableGrouped<T>(query.Skip(count));

    public List<T> ToList() => query.ToList();
    public T First() => query.First();
    public int Count() => query.Count();
}
