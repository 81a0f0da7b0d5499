using System.Linq.Expressions;
using MicroDb.Conformance.Portable;

namespace MicroDb.Npgsql.Tests;

/// <summary><see cref="IPortableGroupBy{TKey, TElement}"/> over <see cref="NpgsqlGroupByQuery{TKey, TElement}"/>.</summary>
public sealed class NpgsqlPortableGroupBy<TKey, TElement>(NpgsqlGroupByQuery<TKey, TElement> query) : IPortableGroupBy<TKey, TElement>
{
    public IPortableGroupBy<TKey, TElement> Where(Expression<Func<IGrouping<TKey, TElement>, bool>> predicate) => new NpgsqlPortableGroupBy<TKey, TElement>(query.Where(predicate));
    public IPortableGroupBy<TKey, TElement> OrderBy<TOrder>(Expression<Func<IGrouping<TKey, TElement>, TOrder>> key) => new NpgsqlPortableGroupBy<TKey, TElement>(query.OrderBy(key));
    public IPortableGroupBy<TKey, TElement> OrderByDescending<TOrder>(Expression<Func<IGrouping<TKey, TElement>, TOrder>> key) => new NpgsqlPortableGroupBy<TKey, TElement>(query.OrderByDescending(key));
    public IPortableGroupBy<TKey, TElement> ThenBy<TOrder>(Expression<Func<IGrouping<TKey, TElement>, TOrder>> key) => new NpgsqlPortableGroupBy<TKey, TElement>(query.ThenBy(key));
    public IPortableGrouped<TResult> Select<TResult>(Expression<Func<IGrouping<TKey, TElement>, TResult>> selector) => new NpgsqlPortableGrouped<TResult>(query.Select(selector));
    public int Count() => query.Count();
}
