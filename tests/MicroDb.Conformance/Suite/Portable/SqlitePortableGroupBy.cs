using System.Linq.Expressions;
using MicroDb.Query;

namespace MicroDb.Conformance.Portable;

/// <summary><see cref="IPortableGroupBy{TKey, TElement}"/> over SQLite's <see cref="GroupByQuery{TKey, TElement}"/>.</summary>
public sealed class SqlitePortableGroupBy<TKey, TElement>(GroupByQuery<TKey, TElement> query) : IPortableGroupBy<TKey, TElement>
{
    public IPortableGroupBy<TKey, TElement> Where(Expression<Func<IGrouping<TKey, TElement>, bool>> predicate) => new SqlitePortableGroupBy<TKey, TElement>(query.Where(predicate));
    public IPortableGroupBy<TKey, TElement> OrderBy<TOrder>(Expression<Func<IGrouping<TKey, TElement>, TOrder>> key) => new SqlitePortableGroupBy<TKey, TElement>(query.OrderBy(key));
    public IPortableGroupBy<TKey, TElement> OrderByDescending<TOrder>(Expression<Func<IGrouping<TKey, TElement>, TOrder>> key) => new SqlitePortableGroupBy<TKey, TElement>(query.OrderByDescending(key));
    public IPortableGroupBy<TKey, TElement> ThenBy<TOrder>(Expression<Func<IGrouping<TKey, TElement>, TOrder>> key) => new SqlitePortableGroupBy<TKey, TElement>(query.ThenBy(key));
    public IPortableGrouped<TResult> Select<TResult>(Expression<Func<IGrouping<TKey, TElement>, TResult>> selector) => new SqlitePortableGrouped<TResult>(query.Select(selector));
    public int Count() => query.Count();
}
