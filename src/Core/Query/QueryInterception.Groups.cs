namespace MicroDb.Query;

// The intercepted terminals of a grouping (GroupBy ... Select). The generator writes the SQL GroupState builds (the key's
// columns bare, the aggregates, WHERE, GROUP BY, HAVING, ORDER BY, LIMIT), where its values are (the Where conditions
// before GroupBy, then the HAVING conditions; a null value sends the run to the run-time path), and a static projector
// over the row holding the key's columns and the aggregate values, read and converted as the run-time path reads them
// (GroupRowReader).
public static partial class QueryInterception
{
    /// <summary>For generated code: runs the site's SQL and returns every group's result.</summary>
    /// <typeparam name="TResult">The result type.</typeparam>
    /// <typeparam name="TRow">The projector's result (the same type as <typeparamref name="TResult"/>, which may be anonymous).</typeparam>
    /// <param name="query">The grouped query the (run-time) operators built.</param>
    /// <param name="site">The call site: the SQL the generator wrote.</param>
    /// <param name="project">Builds the result from the row holding the key's columns and the aggregate values, in the order the result reads them.</param>
    /// <exception cref="ArgumentException"><paramref name="project"/> does not build <typeparamref name="TResult"/>.</exception>
    public static List<TResult> ToList<TResult, TRow>(GroupedQuery<TResult> query, InterceptedSite site, Func<object?, object?[], TRow> project) =>
        ToList(query, site, project, CancellationToken.None);

    /// <summary>For generated code: runs the site's SQL and returns every group's result, checking <paramref name="cancellationToken"/> between rows (the async path).</summary>
    /// <typeparam name="TResult">The result type.</typeparam>
    /// <typeparam name="TRow">The projector's result (the same type as <typeparamref name="TResult"/>, which may be anonymous).</typeparam>
    /// <param name="query">The grouped query the (run-time) operators built, bound to the connection it runs on.</param>
    /// <param name="site">The call site: the SQL the generator wrote and where its values are.</param>
    /// <param name="project">Builds the result from the row holding the key's columns and the aggregate values, in the order the result reads them.</param>
    /// <param name="cancellationToken">Checked between rows.</param>
    /// <exception cref="ArgumentException"><paramref name="project"/> does not build <typeparamref name="TResult"/>.</exception>
    /// <exception cref="OverflowException">A sum does not fit (as on the run-time path).</exception>
    public static List<TResult> ToList<TResult, TRow>(GroupedQuery<TResult> query, InterceptedSite site, Func<object?, object?[], TRow> project, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(query);
        ArgumentNullException.ThrowIfNull(site);
        var typed = GroupProjector<TResult, TRow>(project);
        var scratch = Bind(query.State, site, out var sql, Lifted(query, site));
        if (scratch is null)
        {
            return query.ToList(cancellationToken);
        }

        try
        {
            if (InterceptionCheck.Enabled)
            {
                InterceptionCheck.Statement("GroupBy.ToList", sql, scratch.ToList(), query.BuildStatement(null));
            }

            var rows = query.State.Connection.Runner.ReadAll<TResult, GroupRowReader<TResult>>(sql, StatementArguments.Intercepted(scratch), query.Reader(typed), cancellationToken);
            if (InterceptionCheck.Enabled)
            {
                InterceptionCheck.Projected("GroupBy.ToList", sql, query.Selector, rows, query.ToList());
            }

            return rows;
        }
        catch (MicroDbException e) when (GroupState.IsOverflow(e))
        {
            // A sum that does not fit: the run-time path's OverflowException (GroupedQuery.ToList).
            throw query.State.Overflow(e);
        }
        finally
        {
            InterceptedValues.Return(scratch);
        }
    }

    /// <summary>For generated code: runs the site's SQL and returns every group's result as an array.</summary>
    /// <typeparam name="TResult">The result type.</typeparam>
    /// <typeparam name="TRow">The projector's result.</typeparam>
    /// <param name="query">The grouped query the (run-time) operators built.</param>
    /// <param name="site">The call site: the SQL the generator wrote.</param>
    /// <param name="project">Builds the result from the row holding the key's columns and the aggregate values.</param>
    /// <exception cref="ArgumentException"><paramref name="project"/> does not build <typeparamref name="TResult"/>.</exception>
    public static TResult[] ToArray<TResult, TRow>(GroupedQuery<TResult> query, InterceptedSite site, Func<object?, object?[], TRow> project) =>
        ToList(query, site, project).ToArray();

    /// <summary>For generated code: the first group's result (the site's SQL has LIMIT 1), or the run-time error for none.</summary>
    /// <typeparam name="TResult">The result type.</typeparam>
    /// <typeparam name="TRow">The projector's result.</typeparam>
    /// <param name="query">The grouped query the (run-time) operators built.</param>
    /// <param name="site">The call site: the SQL the generator wrote.</param>
    /// <param name="project">Builds the result from the row holding the key's columns and the aggregate values.</param>
    /// <exception cref="InvalidOperationException">There is no group.</exception>
    /// <exception cref="ArgumentException"><paramref name="project"/> does not build <typeparamref name="TResult"/>.</exception>
    public static TResult First<TResult, TRow>(GroupedQuery<TResult> query, InterceptedSite site, Func<object?, object?[], TRow> project)
    {
        ArgumentNullException.ThrowIfNull(query);
        return TryFirst(query, site, GroupProjector<TResult, TRow>(project), "GroupBy.First", out var value) ? value : throw query.NoGroup();
    }

    /// <summary>For generated code: the first group's result (the site's SQL has LIMIT 1), or default.</summary>
    /// <typeparam name="TResult">The result type.</typeparam>
    /// <typeparam name="TRow">The projector's result.</typeparam>
    /// <param name="query">The grouped query the (run-time) operators built.</param>
    /// <param name="site">The call site: the SQL the generator wrote.</param>
    /// <param name="project">Builds the result from the row holding the key's columns and the aggregate values.</param>
    /// <exception cref="ArgumentException"><paramref name="project"/> does not build <typeparamref name="TResult"/>.</exception>
    public static TResult? FirstOrDefault<TResult, TRow>(GroupedQuery<TResult> query, InterceptedSite site, Func<object?, object?[], TRow> project)
    {
        ArgumentNullException.ThrowIfNull(query);
        return TryFirst(query, site, GroupProjector<TResult, TRow>(project), "GroupBy.FirstOrDefault", out var value) ? value : default;
    }

    /// <summary>For generated code: runs <paramref name="run"/> (an intercepted terminal) on the grouped query rebound to one of the pool's readers.</summary>
    /// <typeparam name="TResult">The result type.</typeparam>
    /// <typeparam name="TValue">The terminal's result.</typeparam>
    /// <param name="query">The async grouped query the (run-time) operators built.</param>
    /// <param name="run">The terminal: a <see cref="QueryInterception"/> helper with the SQL the generator wrote.</param>
    /// <param name="cancellationToken">Cancels the wait for a reader; interrupts the running statement.</param>
    public static ValueTask<TValue> ReadAsync<TResult, TValue>(AsyncGroupedQuery<TResult> query, Func<GroupedQuery<TResult>, CancellationToken, TValue> run, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(query);
        ArgumentNullException.ThrowIfNull(run);
        return query.ReadAsync(run, cancellationToken);
    }

    /// <summary>For generated code: runs <paramref name="run"/> (an intercepted <c>CountAsync</c>) on the grouping rebound to one of the pool's readers.</summary>
    /// <typeparam name="TKey">The key type.</typeparam>
    /// <typeparam name="TElement">The type of a group's elements.</typeparam>
    /// <typeparam name="TValue">The terminal's result.</typeparam>
    /// <param name="query">The async grouping the (run-time) operators built.</param>
    /// <param name="run">The terminal: a <see cref="QueryInterception"/> helper with the SQL the generator wrote.</param>
    /// <param name="cancellationToken">Cancels the wait for a reader; interrupts the running statement.</param>
    public static ValueTask<TValue> ReadAsync<TKey, TElement, TValue>(AsyncGroupByQuery<TKey, TElement> query, Func<GroupByQuery<TKey, TElement>, CancellationToken, TValue> run, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(query);
        ArgumentNullException.ThrowIfNull(run);
        return query.ReadAsync(run, cancellationToken);
    }

    /// <summary>For generated code: the number of groups (the site's SQL counts them).</summary>
    /// <typeparam name="TResult">The result type.</typeparam>
    /// <param name="query">The grouped query the (run-time) operators built.</param>
    /// <param name="site">The call site: the SQL the generator wrote.</param>
    /// <exception cref="OverflowException">More than <see cref="int.MaxValue"/> groups.</exception>
    public static int Count<TResult>(GroupedQuery<TResult> query, InterceptedSite site)
    {
        ArgumentNullException.ThrowIfNull(query);
        return CountGroups(query.State, site);
    }

    /// <summary>For generated code: the number of groups (the site's SQL counts them).</summary>
    /// <typeparam name="TKey">The key type.</typeparam>
    /// <typeparam name="TElement">The mapped type.</typeparam>
    /// <param name="query">The grouping the (run-time) operators built.</param>
    /// <param name="site">The call site: the SQL the generator wrote.</param>
    /// <exception cref="OverflowException">More than <see cref="int.MaxValue"/> groups.</exception>
    public static int Count<TKey, TElement>(GroupByQuery<TKey, TElement> query, InterceptedSite site)
    {
        ArgumentNullException.ThrowIfNull(query);
        return CountGroups(query.State, site);
    }

    private static int CountGroups(GroupState state, InterceptedSite site)
    {
        var scratch = Bind(state, site, out var sql);
        if (scratch is null)
        {
            return checked((int)state.Count());
        }

        try
        {
            if (InterceptionCheck.Enabled)
            {
                InterceptionCheck.Statement("GroupBy.Count", sql, scratch.ToList(), state.BuildCount());
            }

            var count = checked((int)state.Connection.Runner.Scalar<long>(sql, StatementArguments.Intercepted(scratch)));
            if (InterceptionCheck.Enabled)
            {
                InterceptionCheck.Scalar("GroupBy.Count", sql, count, checked((int)state.Count()));
            }

            return count;
        }
        catch (MicroDbException e) when (GroupState.IsOverflow(e))
        {
            throw state.Overflow(e);
        }
        finally
        {
            InterceptedValues.Return(scratch);
        }
    }

    private static bool TryFirst<TResult>(GroupedQuery<TResult> query, InterceptedSite site, Func<object?, object?[], TResult> project, string terminal, out TResult value)
    {
        var scratch = Bind(query.State, site, out var sql, Lifted(query, site));
        if (scratch is null)
        {
            return query.TryFirst(out value);
        }

        try
        {
            if (InterceptionCheck.Enabled)
            {
                InterceptionCheck.Statement(terminal, sql, scratch.ToList(), query.BuildStatement(1));
            }

            var found = query.State.Connection.Runner.TryReadFirst(sql, StatementArguments.Intercepted(scratch), query.Reader(project), out value);
            if (InterceptionCheck.Enabled)
            {
                var runtimeFound = query.TryFirst(out var runtime);
                InterceptionCheck.Projected<TResult>(terminal, sql, query.Selector, found ? [value] : [], runtimeFound ? [runtime] : []);
            }

            return found;
        }
        catch (MicroDbException e) when (GroupState.IsOverflow(e))
        {
            throw query.State.Overflow(e);
        }
        finally
        {
            InterceptedValues.Return(scratch);
        }
    }

    /// <summary>The grouping's values read from its conditions and its SQL for the connection's storage format, or null when a value is null or the format has no SQL (the run-time path runs the query).</summary>
    private static InterceptedValues? Bind(GroupState state, InterceptedSite site, out string sql, IReadOnlyList<System.Linq.Expressions.Expression>? lifted = null)
    {
        ArgumentNullException.ThrowIfNull(site);
        sql = site.SqlFor(state.Storage)!;
        if (sql is null)
        {
            // A key the run-time path refuses under this storage format: it throws its error.
            return null;
        }

        var values = InterceptedValues.Rent();
        if (site.TryBind(state, values, lifted))
        {
            sql = site.SqlFor(state.Storage)!; // read again: an IN list's length is the bound collection's (InterceptedSite.Strings.cs)
            return values;
        }

        InterceptedValues.Return(values);
        return null;
    }

    /// <summary>The result's aggregates as the run-time plan lifts them, when the site reads values from them (<c>g.Count(x =&gt; x.Age &gt; min)</c>); else null.</summary>
    private static List<System.Linq.Expressions.MethodCallExpression>? Lifted<TResult>(GroupedQuery<TResult> query, InterceptedSite site) =>
        site is not null && site.LiftsValues ? query.State.PlanResult(query.Selector, translate: false).Aggregates : null;

    /// <summary>The generated projector as the query's own result type; it is the same delegate type when the generator named the same type.</summary>
    private static Func<object?, object?[], TResult> GroupProjector<TResult, TRow>(Func<object?, object?[], TRow> project)
    {
        ArgumentNullException.ThrowIfNull(project);
        return (object)project as Func<object?, object?[], TResult>
            ?? throw new ArgumentException($"The projector builds {typeof(TRow).Name}, but the grouped query's results are {typeof(TResult).Name}.", nameof(project));
    }
}
