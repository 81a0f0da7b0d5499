using System.ComponentModel;
using System.Linq.Expressions;
using MicroDb.Query;

namespace SQLite;

/// <summary>
/// For generated code: the compatibility package's entry points of the build-time query front end. The source generator
/// lowers a chain written in one expression on <c>db.Table&lt;T&gt;()</c> of a <see cref="SQLiteConnection"/> or
/// <see cref="SQLiteAsyncConnection"/> to SQL at build time, as it does for MicroDb's own queries, and its interceptors
/// call these methods: each unwraps to the MicroDb query and calls <see cref="QueryInterception"/>, keeping what the
/// run-time path of this package does around it (the <see cref="SQLiteConnection.Tracer"/> line, sqlite-net's
/// exceptions, the async connection's turn). When a value or the map does not fit what was lowered, the query runs on
/// the run-time path. Not meant to be called by hand.
/// </summary>
[EditorBrowsable(EditorBrowsableState.Never)]
public static class TableQueryInterception
{
    /// <summary>For generated code: <see cref="TableQuery{T}.Where"/> without the run-time check.</summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    /// <param name="query">The query.</param>
    /// <param name="predicate">The condition, lowered at build time.</param>
    /// <returns>The narrowed query.</returns>
    public static TableQuery<T> Where<T>(TableQuery<T> query, Expression<Func<T, bool>> predicate)
    {
        ArgumentNullException.ThrowIfNull(query);
        return query.WhereIntercepted(predicate);
    }

    /// <summary>For generated code: OrderBy, OrderByDescending, ThenBy or ThenByDescending without the run-time check.</summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    /// <param name="query">The query.</param>
    /// <param name="keySelector">The key, lowered at build time.</param>
    /// <param name="descending">True for the descending operators.</param>
    /// <param name="then">True for ThenBy and ThenByDescending.</param>
    /// <returns>The ordered query.</returns>
    public static TableQuery<T> Order<T>(TableQuery<T> query, LambdaExpression keySelector, bool descending, bool then)
    {
        ArgumentNullException.ThrowIfNull(query);
        return query.With(q => QueryInterception.Order(q, keySelector, descending, then));
    }

    /// <summary>For generated code: <see cref="AsyncTableQuery{T}.Where"/> without the run-time check.</summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    /// <param name="query">The async query.</param>
    /// <param name="predicate">The condition, lowered at build time.</param>
    /// <returns>The narrowed query.</returns>
    public static AsyncTableQuery<T> Where<T>(AsyncTableQuery<T> query, Expression<Func<T, bool>> predicate)
        where T : new()
    {
        ArgumentNullException.ThrowIfNull(query);
        return query.Compose(q => Where(q, predicate));
    }

    /// <summary>For generated code: the async OrderBy, OrderByDescending, ThenBy or ThenByDescending without the run-time check.</summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    /// <param name="query">The async query.</param>
    /// <param name="keySelector">The key, lowered at build time.</param>
    /// <param name="descending">True for the descending operators.</param>
    /// <param name="then">True for ThenBy and ThenByDescending.</param>
    /// <returns>The ordered query.</returns>
    public static AsyncTableQuery<T> Order<T>(AsyncTableQuery<T> query, LambdaExpression keySelector, bool descending, bool then)
        where T : new()
    {
        ArgumentNullException.ThrowIfNull(query);
        return query.Compose(q => Order(q, keySelector, descending, then));
    }

    /// <summary>For generated code: <see cref="TableQuery{T}.ToList"/> with the SQL the generator wrote.</summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    /// <param name="query">The query the intercepted operators built.</param>
    /// <param name="site">The call site: the SQL the generator wrote and where its values are.</param>
    /// <returns>The objects.</returns>
    public static List<T> ToList<T>(TableQuery<T> query, InterceptedSite site)
    {
        ArgumentNullException.ThrowIfNull(query);
        return query.RunIntercepted(q => QueryInterception.ToList(q, site));
    }

    /// <summary>For generated code: <see cref="TableQuery{T}.ToArray"/> with the SQL the generator wrote.</summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    /// <param name="query">The query the intercepted operators built.</param>
    /// <param name="site">The call site: the SQL the generator wrote and where its values are.</param>
    /// <returns>The objects.</returns>
    public static T[] ToArray<T>(TableQuery<T> query, InterceptedSite site)
    {
        ArgumentNullException.ThrowIfNull(query);
        return query.RunIntercepted(q => QueryInterception.ToArray(q, site));
    }

    /// <summary>For generated code: <see cref="TableQuery{T}.First()"/> with the SQL the generator wrote.</summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    /// <param name="query">The query the intercepted operators built.</param>
    /// <param name="site">The call site: the SQL the generator wrote and where its values are.</param>
    /// <returns>The object.</returns>
    /// <exception cref="InvalidOperationException">There is no row.</exception>
    public static T First<T>(TableQuery<T> query, InterceptedSite site)
    {
        ArgumentNullException.ThrowIfNull(query);
        return query.RunIntercepted(q => QueryInterception.First(q, site));
    }

    /// <summary>For generated code: <see cref="TableQuery{T}.FirstOrDefault()"/> with the SQL the generator wrote.</summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    /// <param name="query">The query the intercepted operators built.</param>
    /// <param name="site">The call site: the SQL the generator wrote and where its values are.</param>
    /// <returns>The object or default.</returns>
    public static T FirstOrDefault<T>(TableQuery<T> query, InterceptedSite site)
    {
        ArgumentNullException.ThrowIfNull(query);
        return query.FirstOrDefaultIntercepted(site);
    }

    /// <summary>For generated code: <see cref="TableQuery{T}.Count()"/> with the SQL the generator wrote.</summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    /// <param name="query">The query the intercepted operators built.</param>
    /// <param name="site">The call site: the SQL the generator wrote and where its values are.</param>
    /// <returns>The count.</returns>
    public static int Count<T>(TableQuery<T> query, InterceptedSite site)
    {
        ArgumentNullException.ThrowIfNull(query);
        return query.RunIntercepted(q => QueryInterception.Count(q, site));
    }

    /// <summary>For generated code: <see cref="AsyncTableQuery{T}.ToListAsync"/> with the SQL the generator wrote.</summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    /// <param name="query">The async query the intercepted operators built.</param>
    /// <param name="site">The call site: the SQL the generator wrote and where its values are.</param>
    /// <returns>The objects, in the connection's turn.</returns>
    public static Task<List<T>> ToListAsync<T>(AsyncTableQuery<T> query, InterceptedSite site)
        where T : new()
    {
        ArgumentNullException.ThrowIfNull(query);
        return query.Run(q => ToList(q, site));
    }

    /// <summary>For generated code: <see cref="AsyncTableQuery{T}.ToArrayAsync"/> with the SQL the generator wrote.</summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    /// <param name="query">The async query the intercepted operators built.</param>
    /// <param name="site">The call site: the SQL the generator wrote and where its values are.</param>
    /// <returns>The objects, in the connection's turn.</returns>
    public static Task<T[]> ToArrayAsync<T>(AsyncTableQuery<T> query, InterceptedSite site)
        where T : new()
    {
        ArgumentNullException.ThrowIfNull(query);
        return query.Run(q => ToArray(q, site));
    }

    /// <summary>For generated code: <see cref="AsyncTableQuery{T}.FirstAsync()"/> with the SQL the generator wrote.</summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    /// <param name="query">The async query the intercepted operators built.</param>
    /// <param name="site">The call site: the SQL the generator wrote and where its values are.</param>
    /// <returns>The object; the task fails with <see cref="InvalidOperationException"/> when there is none.</returns>
    public static Task<T> FirstAsync<T>(AsyncTableQuery<T> query, InterceptedSite site)
        where T : new()
    {
        ArgumentNullException.ThrowIfNull(query);
        return query.Run(q => First(q, site));
    }

    /// <summary>For generated code: <see cref="AsyncTableQuery{T}.FirstOrDefaultAsync()"/> with the SQL the generator wrote.</summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    /// <param name="query">The async query the intercepted operators built.</param>
    /// <param name="site">The call site: the SQL the generator wrote and where its values are.</param>
    /// <returns>The object or default, in the connection's turn.</returns>
    public static Task<T> FirstOrDefaultAsync<T>(AsyncTableQuery<T> query, InterceptedSite site)
        where T : new()
    {
        ArgumentNullException.ThrowIfNull(query);
        return query.Run(q => FirstOrDefault(q, site));
    }

    /// <summary>For generated code: <see cref="AsyncTableQuery{T}.CountAsync()"/> with the SQL the generator wrote.</summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    /// <param name="query">The async query the intercepted operators built.</param>
    /// <param name="site">The call site: the SQL the generator wrote and where its values are.</param>
    /// <returns>The count, in the connection's turn.</returns>
    public static Task<int> CountAsync<T>(AsyncTableQuery<T> query, InterceptedSite site)
        where T : new()
    {
        ArgumentNullException.ThrowIfNull(query);
        return query.Run(q => Count(q, site));
    }
}
