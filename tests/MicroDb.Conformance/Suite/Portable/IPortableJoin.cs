using System.Linq.Expressions;

namespace MicroDb.Conformance.Portable;

/// <summary>A join's operators both databases translate (JoinQuery&lt;T&gt; and NpgsqlJoinQuery&lt;T&gt;); query syntax binds here too.</summary>
public interface IPortableJoin<T>
{
    IPortableJoin<TResult> Join<TInner, TKey, TResult>(IPortableQuery<TInner> inner, Expression<Func<T, TKey>> outerKey, Expression<Func<TInner, TKey>> innerKey, Expression<Func<T, TInner, TResult>> result);
    IPortableJoin<TResult> LeftJoin<TInner, TKey, TResult>(IPortableQuery<TInner> inner, Expression<Func<T, TKey>> outerKey, Expression<Func<TInner, TKey>> innerKey, Expression<Func<T, TInner?, TResult>> result);
    IPortableGroupBy<TKey, T> GroupBy<TKey>(Expression<Func<T, TKey>> key);
    IPortableJoin<T> Where(Expression<Func<T, bool>> predicate);
    IPortableJoin<TResult> Select<TResult>(Expression<Func<T, TResult>> selector);
    IPortableJoin<T> OrderBy<TKey>(Expression<Func<T, TKey>> key);
    IPortableJoin<T> OrderByDescending<TKey>(Expression<Func<T, TKey>> key);
    IPortableJoin<T> ThenBy<TKey>(Expression<Func<T, TKey>> key);
    IPortableJoin<T> ThenByDescending<TKey>(Expression<Func<T, TKey>> key);
    IPortableJoin<T> Take(int count);
    IPortableJoin<T> Skip(int count);

    List<T> ToList();
    T First();
    int Count();
    bool Any();
}
