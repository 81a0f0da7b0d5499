using System.Linq.Expressions;
using MicroDb.Conformance.Portable;

namespace MicroDb.Npgsql.Tests;

/// <summary><see cref="IPortableJoin{T}"/> over <see cref="NpgsqlJoinQuery{TResult}"/>.</summary>
public sealed class NpgsqlPortableJoin<T>(NpgsqlJoinQuery<T> query) : IPortableJoin<T>
{
    public IPortableJoin<TResult> Join<TInner, TKey, TResult>(IPortableQuery<TInner> inner, Expression<Func<T, TKey>> outerKey, Expression<Func<TInner, TKey>> innerKey, Expression<Func<T, TInner, TResult>> result) =>
        new NpgsqlPortableJoin<TResult>(query.Join(((NpgsqlPortableQuery<TInner>)inner).Query, outerKey, innerKey, result));

    public IPortableJoin<TResult> LeftJoin<TInner, TKey, TResult>(IPortableQuery<TInner> inner, Expression<Func<T, TKey>> outerKey, Expression<Func<TInner, TKey>> innerKey, Expression<Func<T, TInner?, TResult>> result) =>
        new NpgsqlPortableJoin<TResult>(query.LeftJoin(((NpgsqlPortableQuery<TInner>)inner).Query, outerKey, innerKey, result));

    public IPortableGroupBy<TKey, T> GroupBy<TKey>(Expression<Func<T, TKey>> key) => new NpgsqlPortableGroupBy<TKey, T>(query.GroupBy(key));
    public IPortableJoin<T> Where(Expression<Func<T, bool>> predicate) => new NpgsqlPortableJoin<T>(query.Where(PortableSubqueries.Native(predicate)));
    public IPortableJoin<TResult> Select<TResult>(Expression<Func<T, TResult>> selector) => new NpgsqlPortableJoin<TResult>(query.Select(selector));
    public IPortableJoin<T> OrderBy<TKey>(Expression<Func<T, TKey>> key) => new NpgsqlPortableJoin<T>(query.OrderBy(key));
    public IPortableJoin<T> OrderByDescending<TKey>(Expression<Func<T, TKey>> key) => new NpgsqlPortableJoin<T>(query.OrderByDescending(key));
    public IPortableJoin<T> ThenBy<TKey>(Expression<Func<T, TKey>> key) => new NpgsqlPortableJoin<T>(query.ThenBy(key));
    public IPortableJoin<T> ThenByDescending<TKey>(Expression<Func<T, TKey>> key) => new NpgsqlPortableJoin<T>(query.ThenByDescending(key));
    public IPortableJoin<T> Take(int count) => new NpgsqlPortableJoin<T>(query.Take(count));
    public IPortableJoin<T> Skip(int count) => new NpgsqlPortableJoin<T>(query.Skip(count));

    public List<T> ToList() => query.ToList();
    public T First() => query.First();
    public int Count() => query.Count();
    public bool Any() => query.Any();
}
