using System.Linq.Expressions;
using MicroDb.Conformance.Portable;
using MicroDb.Query;

namespace MicroDb.Npgsql.Tests;

/// <summary><see cref="IPortableQuery{T}"/> over <see cref="NpgsqlTableQuery{T}"/>.</summary>
public sealed class NpgsqlPortableQuery<T>(NpgsqlTableQuery<T> query) : IPortableQuery<T>
{
    /// <summary>The PostgreSQL query.</summary>
    public NpgsqlTableQuery<T> Query => query;

    public object Native => query;

    public IPortableQuery<T> Where(Expression<Func<T, bool>> predicate) => new NpgsqlPortableQuery<T>(query.Where(PortableSubqueries.Native(predicate)));
    public IPortableQuery<T> OrderBy<TKey>(Expression<Func<T, TKey>> key) => new NpgsqlPortableQuery<T>(query.OrderBy(key));
    public IPortableQuery<T> OrderByDescending<TKey>(Expression<Func<T, TKey>> key) => new NpgsqlPortableQuery<T>(query.OrderByDescending(key));
    public IPortableQuery<T> ThenBy<TKey>(Expression<Func<T, TKey>> key) => new NpgsqlPortableQuery<T>(query.ThenBy(key));
    public IPortableQuery<T> ThenByDescending<TKey>(Expression<Func<T, TKey>> key) => new NpgsqlPortableQuery<T>(query.ThenByDescending(key));
    public IPortableQuery<T> Take(int count) => new NpgsqlPortableQuery<T>(query.Take(count));
    public IPortableQuery<T> Skip(int count) => new NpgsqlPortableQuery<T>(query.Skip(count));

    public List<T> ToList() => query.ToList();
    public T First() => query.First();
    public T? FirstOrDefault() => query.FirstOrDefault();
    public T Single() => query.Single();
    public T? SingleOrDefault() => query.SingleOrDefault();
    public int Count() => query.Count();
    public int Count(Expression<Func<T, bool>> predicate) => query.Count(PortableSubqueries.Native(predicate));
    public bool Any() => query.Any();
    public bool Any(Expression<Func<T, bool>> predicate) => query.Any(PortableSubqueries.Native(predicate));
    public List<TResult> Select<TResult>(Expression<Func<T, TResult>> selector) => query.Select(selector).ToList();
    public bool All(Expression<Func<T, bool>> predicate) => query.All(PortableSubqueries.Native(predicate));
    public IPortableValues<TResult> Values<TResult>(Expression<Func<T, TResult>> selector) => new NpgsqlPortableValues<T, TResult>(query, selector);

    public IPortableJoin<TResult> Join<TInner, TKey, TResult>(IPortableQuery<TInner> inner, Expression<Func<T, TKey>> outerKey, Expression<Func<TInner, TKey>> innerKey, Expression<Func<T, TInner, TResult>> result) =>
        new NpgsqlPortableJoin<TResult>(query.Join(((NpgsqlPortableQuery<TInner>)inner).Query, outerKey, innerKey, result));

    public IPortableJoin<TResult> LeftJoin<TInner, TKey, TResult>(IPortableQuery<TInner> inner, Expression<Func<T, TKey>> outerKey, Expression<Func<TInner, TKey>> innerKey, Expression<Func<T, TInner?, TResult>> result) =>
        new NpgsqlPortableJoin<TResult>(query.LeftJoin(((NpgsqlPortableQuery<TInner>)inner).Query, outerKey, innerKey, result));

    public IPortableJoin<TResult> RightJoin<TInner, TKey, TResult>(IPortableQuery<TInner> inner, Expression<Func<T, TKey>> outerKey, Expression<Func<TInner, TKey>> innerKey, Expression<Func<T?, TInner, TResult>> result) =>
        new NpgsqlPortableJoin<TResult>(query.RightJoin(((NpgsqlPortableQuery<TInner>)inner).Query, outerKey, innerKey, result));

    public int Sum(Expression<Func<T, int>> selector) => query.Sum(selector);

    public IPortableGroupBy<TKey, T> GroupBy<TKey>(Expression<Func<T, TKey>> key) => new NpgsqlPortableGroupBy<TKey, T>(query.GroupBy(key));

    public int ExecuteUpdate(Func<UpdateSetters<T>, UpdateSetters<T>> setters) => query.ExecuteUpdate(setters);
    public int ExecuteDelete() => query.ExecuteDelete();

    public Task<List<T>> ToListAsync(CancellationToken cancellationToken = default) => query.ToListAsync(cancellationToken);
    public Task<T> FirstAsync(CancellationToken cancellationToken = default) => query.FirstAsync(cancellationToken);
    public Task<T?> FirstOrDefaultAsync(CancellationToken cancellationToken = default) => query.FirstOrDefaultAsync(cancellationToken);
    public Task<int> CountAsync(CancellationToken cancellationToken = default) => query.CountAsync(cancellationToken);
    public Task<bool> AnyAsync(CancellationToken cancellationToken = default) => query.AnyAsync(cancellationToken);
}
