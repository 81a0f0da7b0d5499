using System.Linq.Expressions;

namespace MicroDb.Conformance.Portable;

/// <summary>A grouped projection's operators both databases translate (GroupedQuery and NpgsqlGroupedQuery).</summary>
public interface IPortableGrouped<T>
{
    IPortableGrouped<T> Where(Expression<Func<T, bool>> predicate);
    IPortableGrouped<T> OrderBy<TKey>(Expression<Func<T, TKey>> key);
    IPortableGrouped<T> OrderByDescending<TKey>(Expression<Func<T, TKey>> key);
    IPortableGrouped<T> ThenBy<TKey>(Expression<Func<T, TKey>> key);
    IPortableGrouped<T> Take(int count);
    IPortableGrouped<T> Skip(int count);

    List<T> ToList();
    T First();
    int Count();
}
