using MicroDb.Native;

namespace MicroDb.Query;

// The intercepted set-based writes: ExecuteDelete and ExecuteUpdate (and their async forms on the pool's writer) run the
// UPDATE/DELETE text the generator wrote, with the values read and encoded as TableQuery.SetBased.cs encodes them.
public static partial class QueryInterception
{
    /// <summary>For generated code: runs the site's DELETE and returns how many rows were deleted.</summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    /// <param name="query">The query the intercepted operators built.</param>
    /// <param name="site">The call site: the DELETE the generator wrote and where its values are; a null value sends the delete to the run-time path.</param>
    /// <exception cref="MicroDbConstraintException">A foreign key forbids the delete; nothing was deleted.</exception>
    public static int ExecuteDelete<T>(TableQuery<T> query, InterceptedSite site)
    {
        var scratch = Bind(query, site);
        if (scratch is null)
        {
            return query.ExecuteDelete();
        }

        try
        {
            // The storage format's text: a Where comparing dates is written per format (InterceptedSite.Formats).
            var sql = site.SqlFor(query.Connection.Storage)!;
            if (InterceptionCheck.Enabled)
            {
                InterceptionCheck.Statement("ExecuteDelete", sql, scratch.ToList(), query.BuildDelete());
                return InterceptionCheck.Write("ExecuteDelete", sql, query, query.ExecuteDelete, () => Execute(query, sql, scratch));
            }

            return Execute(query, sql, scratch);
        }
        finally
        {
            InterceptedValues.Return(scratch);
        }
    }

    /// <summary>For generated code: runs the site's UPDATE with the values of <paramref name="setters"/>' Set calls and returns how many rows were changed.</summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    /// <param name="query">The query the intercepted operators built.</param>
    /// <param name="setters">The Set calls, as written at the call site (run once).</param>
    /// <param name="site">The call site: the UPDATE the generator wrote and where its values are.</param>
    /// <param name="sqliteNetSite">The UPDATE for connections under sqlite-net's storage format when it differs (a computed decimal), else null.</param>
    /// <exception cref="ArgumentException">No column is set.</exception>
    /// <exception cref="MicroDbConstraintException">A NOT NULL, UNIQUE or foreign key constraint failed; nothing was changed.</exception>
    public static int ExecuteUpdate<T>(TableQuery<T> query, Func<UpdateSetters<T>, UpdateSetters<T>> setters, InterceptedSite site, InterceptedSite? sqliteNetSite = null)
    {
        ArgumentNullException.ThrowIfNull(query);
        ArgumentNullException.ThrowIfNull(site);
        var builder = query.Setters(setters);
        if (sqliteNetSite is not null && query.Connection.Storage.Kind == StorageFormatKind.SqliteNet)
        {
            site = sqliteNetSite;
        }

        var scratch = InterceptedValues.Rent();
        try
        {
            if (!site.TryBind(query, builder, scratch))
            {
                return query.ExecuteUpdateWith(builder);
            }

            var sql = site.SqlFor(query.Connection.Storage)!;
            if (InterceptionCheck.Enabled)
            {
                InterceptionCheck.Statement("ExecuteUpdate", sql, scratch.ToList(), query.BuildUpdate(builder));
                return InterceptionCheck.Write("ExecuteUpdate", sql, query, () => query.ExecuteUpdateWith(builder), () => Execute(query, sql, scratch));
            }

            return Execute(query, sql, scratch);
        }
        finally
        {
            InterceptedValues.Return(scratch);
        }
    }

    /// <summary>For generated code: <see cref="ExecuteDelete{T}(TableQuery{T}, InterceptedSite)"/> on the pool's writer.</summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    /// <param name="query">The async query the intercepted operators built.</param>
    /// <param name="site">The call site.</param>
    /// <param name="cancellationToken">Cancels the wait for the writer; interrupts the running statement.</param>
    public static ValueTask<int> ExecuteDeleteAsync<T>(AsyncTableQuery<T> query, InterceptedSite site, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(query);
        return query.Pool.WriteAsync((Query: query.Query, Site: site), static (c, s, _) => ExecuteDelete(s.Query.On(c), s.Site), cancellationToken);
    }

    /// <summary>For generated code: <see cref="ExecuteUpdate{T}(TableQuery{T}, Func{UpdateSetters{T}, UpdateSetters{T}}, InterceptedSite, InterceptedSite)"/> on the pool's writer.</summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    /// <param name="query">The async query the intercepted operators built.</param>
    /// <param name="setters">The Set calls.</param>
    /// <param name="site">The call site.</param>
    /// <param name="sqliteNetSite">The UPDATE under sqlite-net's storage format when it differs, else null.</param>
    /// <param name="cancellationToken">Cancels the wait for the writer; interrupts the running statement.</param>
    public static ValueTask<int> ExecuteUpdateAsync<T>(
        AsyncTableQuery<T> query, Func<UpdateSetters<T>, UpdateSetters<T>> setters, InterceptedSite site, InterceptedSite? sqliteNetSite, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(query);
        ArgumentNullException.ThrowIfNull(setters);
        return query.Pool.WriteAsync(
            (Query: query.Query, Setters: setters, Site: site, SqliteNet: sqliteNetSite),
            static (c, s, _) => ExecuteUpdate(s.Query.On(c), s.Setters, s.Site, s.SqliteNet),
            cancellationToken);
    }

    private static int Execute<T>(TableQuery<T> query, string sql, InterceptedValues values) =>
        query.Connection.Runner.Execute(sql, StatementArguments.Intercepted(values));
}
