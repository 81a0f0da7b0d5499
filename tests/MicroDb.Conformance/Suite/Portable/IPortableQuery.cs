using System.Linq.Expressions;

namespace MicroDb.Conformance.Portable;

/// <summary>
/// The LINQ operators both databases translate (TableQuery&lt;T&gt; and NpgsqlTableQuery&lt;T&gt;): one table's, joins
/// (<see cref="IPortableJoin{T}"/>), grouping (<see cref="IPortableGroupBy{TKey, TElement}"/>) and set-based writes. Inside a
/// Where, Any, All or Count lambda another table's query of the same database is a sub-query (<see cref="PortableSubqueries"/>
/// turns it into the database's own query before the lambda reaches it).
/// </summary>
public interface IPortableQuery<T>
{
    /// <summary>The database's own query (TableQuery&lt;T&gt; or NpgsqlTableQuery&lt;T&gt;), for a sub-query in a lambda.</summary>
    object Native { get; }

    IPortableQuery<T> Where(Expression<Func<T, bool>> predicate);
    IPortableQuery<T> OrderBy<TKey>(Expression<Func<T, TKey>> key);
    IPortableQuery<T> OrderByDescending<TKey>(Expression<Func<T, TKey>> key);
    IPortableQuery<T> ThenBy<TKey>(Expression<Func<T, TKey>> key);
    IPortableQuery<T> ThenByDescending<TKey>(Expression<Func<T, TKey>> key);
    IPortableQuery<T> Take(int count);
    IPortableQuery<T> Skip(int count);

    List<T> ToList();
    T First();
    T? FirstOrDefault();
    T Single();
    T? SingleOrDefault();
    int Count();
    int Count(Expression<Func<T, bool>> predicate);
    bool Any();
    bool Any(Expression<Func<T, bool>> predicate);
    List<TResult> Select<TResult>(Expression<Func<T, TResult>> selector);
    bool All(Expression<Func<T, bool>> predicate);

    /// <summary>The values of one member, for <c>Values(x =&gt; x.Key).Contains(value)</c> inside a lambda (an IN/EXISTS sub-query).</summary>
    IPortableValues<TResult> Values<TResult>(Expression<Func<T, TResult>> selector);

    IPortableJoin<TResult> Join<TInner, TKey, TResult>(IPortableQuery<TInner> inner, Expression<Func<T, TKey>> outerKey, Expression<Func<TInner, TKey>> innerKey, Expression<Func<T, TInner, TResult>> result);
    IPortableJoin<TResult> LeftJoin<TInner, TKey, TResult>(IPortableQuery<TInner> inner, Expression<Func<T, TKey>> outerKey, Expression<Func<TInner, TKey>> innerKey, Expression<Func<T, TInner?, TResult>> result);
    IPortableJoin<TResult> RightJoin<TInner, TKey, TResult>(IPortableQuery<TInner> inner, Expression<Func<T, TKey>> outerKey, Expression<Func<TInner, TKey>> innerKey, Expression<Func<T?, TInner, TResult>> result);
    IPortableGroupBy<TKey, T> GroupBy<TKey>(Expression<Func<T, TKey>> key);

    /// <summary>The sum of an integer member (inside a lambda: a scalar sub-query).</summary>
    int Sum(Expression<Func<T, int>> selector);

    int ExecuteUpdate(Func<MicroDb.Query.UpdateSetters<T>, MicroDb.Query.UpdateSetters<T>> setters);
    int ExecuteDelete();

    Task<List<T>> ToListAsync(CancellationToken cancellationToken = default);
    Task<T> FirstAsync(CancellationToken cancellationToken = default);
    Task<T?> FirstOrDefaultAsync(CancellationToken cancellationToken = default);
    Task<int> CountAsync(CancellationToken cancellationToken = default);
    Task<bool> AnyAsync(CancellationToken cancellationToken = default);
}
