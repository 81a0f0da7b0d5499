using System.Linq.Expressions;
using MicroDb.Query;

namespace MicroDb.Conformance.Portable;

/// <summary>
/// <see cref="IPortableQuery{T}"/> over SQLite: every operator is applied to the sync <see cref="TableQuery{T}"/> and,
/// when the adapter has an async connection, to the same chain of <see cref="AsyncTableQuery{T}"/> (built at the async
/// terminal).
/// </summary>
public sealed class SqlitePortableQuery<T>(TableQuery<T> query, Func<AsyncTableQuery<T>>? async) : IPortableQuery<T>
{
    private SqlitePortableQuery<T> With(Func<TableQuery<T>, TableQuery<T>> sync, Func<AsyncTableQuery<T>, AsyncTableQuery<T>> step) =>
        new(sync(query), async is null ? null : () => step(async()));

    private AsyncTableQuery<T>? Async => async?.Invoke();

    /// <summary>The SQLite query.</summary>
    public TableQuery<T> Query => query;

    public object Native => query;

    public IPortableQuery<T> Where(Expression<Func<T, bool>> predicate) => With(q => q.Where(PortableSubqueries.Native(predicate)), q => q.Where(predicate));
    public IPortableQuery<T> OrderBy<TKey>(Expression<Func<T, TKey>> key) => With(q => q.OrderBy(key), q => q.OrderBy(key));
    public IPortableQuery<T> OrderByDescending<TKey>(Expression<Func<T, TKey>> key) => With(q => q.OrderByDescending(key), q => q.OrderByDescending(key));
    public IPortableQuery<T> ThenBy<TKey>(Expression<Func<T, TKey>> key) => With(q => q.ThenBy(key), q => q.ThenBy(key));
    public IPortableQuery<T> ThenByDescending<TKey>(Expression<Func<T, TKey>> key) => With(q => q.ThenByDescending(key), q => q.ThenByDescending(key));
    public IPortableQuery<T> Take(int count) => With(q => q.Take(count), q => q.Take(count));
    public IPortableQuery<T> Skip(int count) => With(q => q.Skip(count), q => q.Skip(count));

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
    public IPortableValues<TResult> Values<TResult>(Expression<Func<T, TResult>> selector) => new SqlitePortableValues<T, TResult>(query, selector);

    public IPortableJoin<TResult> Join<TInner, TKey, TResult>(IPortableQuery<TInner> inner, Expression<Func<T, TKey>> outerKey, Expression<Func<TInner, TKey>> innerKey, Expression<Func<T, TInner, TResult>> result) =>
        new SqlitePortableJoin<TResult>(query.Join(((SqlitePortableQuery<TInner>)inner).Query, outerKey, innerKey, result));

    public IPortableJoin<TResult> LeftJoin<TInner, TKey, TResult>(IPortableQuery<TInner> inner, Expression<Func<T, TKey>> outerKey, Expression<Func<TInner, TKey>> innerKey, Expression<Func<T, TInner?, TResult>> result) =>
        new SqlitePortableJoin<TResult>(query.LeftJoin(((SqlitePortableQuery<TInner>)inner).Query, outerKey, innerKey, result));

    public IPortableJoin<TResult> RightJoin<TInner, TKey, TResult>(IPortableQuery<TInner> inner, Expression<Func<T, TKey>> outerKey, Expression<Func<TInner, TKey>> innerKey, Expression<Func<T?, TInner, TResult>> result) =>
        new SqlitePortableJoin<TResult>(query.RightJoin(((SqlitePortableQuery<TInner>)inner).Query, outerKey, innerKey, result));

    public int Sum(Expression<Func<T, int>> selector) => query.Sum(selector);

    public IPortableGroupBy<TKey, T> GroupBy<TKey>(Expression<Func<T, TKey>> key) => new SqlitePortableGroupBy<TKey, T>(query.GroupBy(key));

    public int ExecuteUpdate(Func<UpdateSetters<T>, UpdateSetters<T>> setters) => query.ExecuteUpdate(setters);
    public int ExecuteDelete() => query.ExecuteDelete();

    public async Task<List<T>> ToListAsync(CancellationToken cancellationToken = default) => Async is { } q ? await q.ToListAsync(cancellationToken) : query.ToList();
    public async Task<T> FirstAsync(CancellationToken cancellationToken = default) => Async is { } q ? await q.FirstAsync(cancellationToken) : query.First();
    public async Task<T?> FirstOrDefaultAsync(CancellationToken cancellationToken = default) => Async is { } q ? await q.FirstOrDefaultAsync(cancellationToken) : query.FirstOrDefault();
    public async Task<int> CountAsync(CancellationToken cancellationToken = default) => Async is { } q ? await q.CountAsync(cancellationToken) : query.Count();
    public async Task<bool> AnyAsync(CancellationToken cancellationToken = default) => Async is { } q ? await q.AnyAsync(cancellationToken) : query.Any();
}
