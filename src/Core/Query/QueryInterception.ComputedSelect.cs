namespace MicroDb.Query;

// A computed projection's captured values (issue 22): the generated projector reads them from an array read once per run
// from the query's selector (InterceptedSite.Selector.cs), so a value that changes between runs is the one the run sees.
public static partial class QueryInterception
{
    /// <summary>For generated code: the captured values the site's projector reads, from <paramref name="query"/>'s selector.</summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    /// <typeparam name="TResult">The projected type.</typeparam>
    /// <param name="query">The projection the intercepted operators built.</param>
    /// <param name="site">The call site, with its selector values' paths.</param>
    /// <returns>The values in the site's order, or null when the selector is not the one the generator saw (the caller then runs the run-time path).</returns>
    /// <exception cref="ArgumentNullException"><paramref name="query"/> or <paramref name="site"/> is null.</exception>
    public static object?[]? SelectorValues<T, TResult>(SelectQuery<T, TResult> query, InterceptedSite site)
    {
        ArgumentNullException.ThrowIfNull(query);
        ArgumentNullException.ThrowIfNull(site);
        return site.ReadSelectorValues(query.Selector);
    }

    /// <summary>For generated code: the captured values the site's projector reads, from the async <paramref name="query"/>'s selector.</summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    /// <typeparam name="TResult">The projected type.</typeparam>
    /// <param name="query">The async projection the intercepted operators built.</param>
    /// <param name="site">The call site, with its selector values' paths.</param>
    /// <returns>The values in the site's order, or null when the selector is not the one the generator saw (the caller then runs the run-time path).</returns>
    /// <exception cref="ArgumentNullException"><paramref name="query"/> or <paramref name="site"/> is null.</exception>
    public static object?[]? SelectorValues<T, TResult>(AsyncSelectQuery<T, TResult> query, InterceptedSite site)
    {
        ArgumentNullException.ThrowIfNull(query);
        return SelectorValues(query.Query, site);
    }
}
