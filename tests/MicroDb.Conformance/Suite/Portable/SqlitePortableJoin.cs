using System.Linq.Expressions;
using MicroDb.Query;

namespace MicroDb.Conformance.Portable;

/// <summary><see cref="IPortableJoin{T}"/> over SQLite's <see cref="JoinQuery{TResult}"/>.</summary>
public sealed class SqlitePortableJoin<T>(JoinQuery<T> query) : IPortableJoin<T>
{
    public IPortableJoin<TResult> Join<TInner, TKey, TResult>(IPortableQuery<TInner> inner, Expression<Func<T, TKey>> outerKey, Expression<Func<TInner, TKey>> innerKey, Expression<Func<T, TInner, TResult>> result) =>
        new SqlitePortableJoin<TResult>(query.Join(((SqlitePortableQuery<TInner>)inner).Query, outerKey, innerKey, result));

    public IPortableJoin<TResult> LeftJoin<TInner, TKey, TResult>(IPortableQuery<TInner> inner, Expression<Func<T, TKey>> outerKey, Expression<Func<TInner, TKey>> innerKey, Expression<Func<T, TInner?, TResult>> result) =>
        new SqlitePortableJoin<TResult>(query.LeftJoin(((SqlitePortableQuery<TInner>)inner).Query, outerKey, innerKey, result));

    public IPortableGroupBy<TKey, T> GroupBy<TKey>(Expression<Func<T, TKey>> key) => new SqlitePortableGroupBy<TKey, T>(query.GroupBy(key));
    public IPortableJoin<T> Where(Expression<Func<T, bool>> predicate) => new SqlitePortableJoin<T>(query.Where(PortableSubqueries.Native(predicate)));
    public IPortableJoin<TResult> Select<TResult>(Expression<Func<T, TResult>> selector) => new SqlitePortableJoin<TResult>(query.Select(selector));
    public IPortableJoin<T> OrderBy<TKey>(Expression<Func<T, TKey>> key) => new SqlitePortableJoin<T>(query.OrderBy(key));
    public IPortableJoin<T> OrderByDescending<TKey>(Expression<Func<T, TKey>> key) => new SqlitePortableJoin<T>(query.OrderByDescending(key));
    public IPortableJoin<T> ThenBy<TKey>(Expression<Func<T, TKey>> key) => new SqlitePortableJoin<T>(query.ThenBy(key));
    public IPortableJoin<T> ThenByDescending<TKey>(Expression<Func<T, TKey>> key) => new SqlitePortableJoin<T>(query.ThenByDescending(key));
    public IPortableJoin<T> Take(int count) => new SqlitePortableJoin<T>(query.Take(count));
    public IPortableJoin<T> Skip(int count) => new SqlitePortableJoin<T>(query.Skip(count));

    public List<T> ToList() => query.ToList();
    public T First() => query.First();
    public int Count() => query.Count();
    public bool Any() => query.Any();
}
