using System.Linq.Expressions;

namespace MicroDb.Conformance.Portable;

/// <summary>A GroupBy's operators both databases translate (GroupByQuery and NpgsqlGroupByQuery): HAVING, ordering by key or aggregate, the projection.</summary>
public interface IPortableGroupBy<TKey, TElement>
{
    IPortableGroupBy<TKey, TElement> Where(Expression<Func<IGrouping<TKey, TElement>, bool>> predicate);
    IPortableGroupBy<TKey, TElement> OrderBy<TOrder>(Expression<Func<IGrouping<TKey, TElement>, TOrder>> key);
    IPortableGroupBy<TKey, TElement> OrderByDescending<TOrder>(Expression<Func<IGrouping<TKey, TElement>, TOrder>> key);
    IPortableGroupBy<TKey, TElement> ThenBy<TOrder>(Expression<Func<IGrouping<TKey, TElement>, TOrder>> key);
    IPortableGrouped<TResult> Select<TResult>(Expression<Func<IGrouping<TKey, TElement>, TResult>> selector);
    int Count();
}
