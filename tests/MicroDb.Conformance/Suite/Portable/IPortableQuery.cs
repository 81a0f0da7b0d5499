using System.Linq.Expressions;

namespace MicroDb.Conformance.Portable;

/// <summary>The one-table LINQ operators both databases translate (TableQuery&lt;T&gt; and NpgsqlTableQuery&lt;T&gt;).</summary>
public interface IPortableQuery<T>
{
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

    Task<List<T>> ToListAsync(CancellationToken cancellationToken = default);
    Task<T> FirstAsync(CancellationToken cancellationToken = default);
    Task<T?> FirstOrDefaultAsync(CancellationToken cancellationToken = default);
    Task<int> CountAsync(CancellationToken cancellationToken = default);
    Task<bool> AnyAsync(CancellationToken cancellationToken = default);
}
