using MicroDb.Mapping;
using MicroDb.Native;

namespace MicroDb.Query;

// A projection with sub-queries (o => new { o.Id, Lines = db.Table<Line>().Count(l => l.OrderId == o.Id) }) before ToList,
// ToArray, First, FirstOrDefault, Single or SingleOrDefault (First's SQL has LIMIT 1, Single's LIMIT 2): the generator
// writes the run time's SELECT list (the members' columns, then each sub-query as a column, as ProjectionSubqueries lifts them) and a projector that takes the entity and the sub-queries' values. The values are read
// as the run-time path reads them (ProjectionSubqueries.Read: LINQ's types, checked int, no value for an empty Min/Max).
public static partial class QueryInterception
{
    /// <summary>For generated code: runs the site's SQL and returns every projected row of a projection with sub-queries.</summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    /// <typeparam name="TResult">The projected type.</typeparam>
    /// <typeparam name="TEntity">The mapped type as the generated projector names it (the same type as <typeparamref name="T"/>).</typeparam>
    /// <typeparam name="TRow">The projector's result (the same type as <typeparamref name="TResult"/>, which may be anonymous).</typeparam>
    /// <param name="query">The projection the intercepted operators built.</param>
    /// <param name="site">The call site: the SQL the generator wrote and where its values are; a null value sends the query to the run-time path.</param>
    /// <param name="project">Builds the projected value from an entity holding the selected columns and the sub-queries' values, in the order written.</param>
    /// <exception cref="ArgumentException"><paramref name="project"/> does not map <typeparamref name="T"/> to <typeparamref name="TResult"/>.</exception>
    public static List<TResult> ToList<T, TResult, TEntity, TRow>(SelectQuery<T, TResult> query, InterceptedSite site, Func<TEntity, object?[], TRow> project) =>
        ToList(query, site, project, CancellationToken.None);

    /// <summary>For generated code: as <see cref="ToList{T, TResult, TEntity, TRow}(SelectQuery{T, TResult}, InterceptedSite, Func{TEntity, object[], TRow})"/>, checking <paramref name="cancellationToken"/> between rows (the async path).</summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    /// <typeparam name="TResult">The projected type.</typeparam>
    /// <typeparam name="TEntity">The mapped type as the generated projector names it.</typeparam>
    /// <typeparam name="TRow">The projector's result.</typeparam>
    /// <param name="query">The projection the intercepted operators built.</param>
    /// <param name="site">The call site: the SQL the generator wrote and where its values are; a null value sends the query to the run-time path.</param>
    /// <param name="project">Builds the projected value from an entity holding the selected columns and the sub-queries' values.</param>
    /// <param name="cancellationToken">Checked between rows.</param>
    /// <exception cref="ArgumentException"><paramref name="project"/> does not map <typeparamref name="T"/> to <typeparamref name="TResult"/>.</exception>
    public static List<TResult> ToList<T, TResult, TEntity, TRow>(SelectQuery<T, TResult> query, InterceptedSite site, Func<TEntity, object?[], TRow> project, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(query);
        ArgumentNullException.ThrowIfNull(site);
        var typed = LiftedProjector<T, TResult, TEntity, TRow>(project);
        if (BindLifted(query, site) is not { } scratch || SqlOf(query, site, scratch) is not { } sql)
        {
            return query.ToList(cancellationToken);
        }

        try
        {
            if (InterceptionCheck.Enabled)
            {
                InterceptionCheck.Statement("Select.ToList", sql, scratch.ToList(), query.BuildStatement(first: false));
            }

            var rows = ReadAllLifted(query, sql, scratch, typed, cancellationToken);
            if (InterceptionCheck.Enabled)
            {
                InterceptionCheck.Projected("Select.ToList", sql, query.Selector, query.Source.Map, rows, query.ToList(cancellationToken));
            }

            return rows;
        }
        finally
        {
            InterceptedValues.Return(scratch);
        }
    }

    /// <summary>For generated code: runs the site's SQL and returns every projected row of a projection with sub-queries as an array.</summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    /// <typeparam name="TResult">The projected type.</typeparam>
    /// <typeparam name="TEntity">The mapped type as the generated projector names it.</typeparam>
    /// <typeparam name="TRow">The projector's result.</typeparam>
    /// <param name="query">The projection the intercepted operators built.</param>
    /// <param name="site">The call site: the SQL the generator wrote and where its values are; a null value sends the query to the run-time path.</param>
    /// <param name="project">Builds the projected value from an entity holding the selected columns and the sub-queries' values.</param>
    /// <exception cref="ArgumentException"><paramref name="project"/> does not map <typeparamref name="T"/> to <typeparamref name="TResult"/>.</exception>
    public static TResult[] ToArray<T, TResult, TEntity, TRow>(SelectQuery<T, TResult> query, InterceptedSite site, Func<TEntity, object?[], TRow> project) =>
        ToList(query, site, project).ToArray();

    /// <summary>For generated code: the first projected row of a projection with sub-queries (the site's SQL has LIMIT 1), or the run-time error for none.</summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    /// <typeparam name="TResult">The projected type.</typeparam>
    /// <typeparam name="TEntity">The mapped type as the generated projector names it.</typeparam>
    /// <typeparam name="TRow">The projector's result.</typeparam>
    /// <param name="query">The projection the intercepted operators built.</param>
    /// <param name="site">The call site: the SQL the generator wrote and where its values are; a null value sends the query to the run-time path.</param>
    /// <param name="project">Builds the projected value from an entity holding the selected columns and the sub-queries' values.</param>
    /// <exception cref="InvalidOperationException">The query returns no row, or a non-nullable Min/Max/Average sub-query has no rows.</exception>
    /// <exception cref="ArgumentException"><paramref name="project"/> does not map <typeparamref name="T"/> to <typeparamref name="TResult"/>.</exception>
    public static TResult First<T, TResult, TEntity, TRow>(SelectQuery<T, TResult> query, InterceptedSite site, Func<TEntity, object?[], TRow> project)
    {
        ArgumentNullException.ThrowIfNull(query);
        ArgumentNullException.ThrowIfNull(site);
        var typed = LiftedProjector<T, TResult, TEntity, TRow>(project);
        if (BindLifted(query, site) is not { } scratch || SqlOf(query, site, scratch) is not { } sql)
        {
            return query.First();
        }

        try
        {
            return TryFirstLifted(query, sql, scratch, typed, "Select.First", out var value) ? value : throw query.Source.NoRow();
        }
        finally
        {
            InterceptedValues.Return(scratch);
        }
    }

    /// <summary>For generated code: the first projected row of a projection with sub-queries (the site's SQL has LIMIT 1), or default.</summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    /// <typeparam name="TResult">The projected type.</typeparam>
    /// <typeparam name="TEntity">The mapped type as the generated projector names it.</typeparam>
    /// <typeparam name="TRow">The projector's result.</typeparam>
    /// <param name="query">The projection the intercepted operators built.</param>
    /// <param name="site">The call site: the SQL the generator wrote and where its values are; a null value sends the query to the run-time path.</param>
    /// <param name="project">Builds the projected value from an entity holding the selected columns and the sub-queries' values.</param>
    /// <exception cref="InvalidOperationException">A non-nullable Min/Max/Average sub-query of the row read has no rows.</exception>
    /// <exception cref="ArgumentException"><paramref name="project"/> does not map <typeparamref name="T"/> to <typeparamref name="TResult"/>.</exception>
    public static TResult? FirstOrDefault<T, TResult, TEntity, TRow>(SelectQuery<T, TResult> query, InterceptedSite site, Func<TEntity, object?[], TRow> project)
    {
        ArgumentNullException.ThrowIfNull(query);
        ArgumentNullException.ThrowIfNull(site);
        var typed = LiftedProjector<T, TResult, TEntity, TRow>(project);
        if (BindLifted(query, site) is not { } scratch || SqlOf(query, site, scratch) is not { } sql)
        {
            return query.FirstOrDefault();
        }

        try
        {
            return TryFirstLifted(query, sql, scratch, typed, "Select.FirstOrDefault", out var value) ? value : default;
        }
        finally
        {
            InterceptedValues.Return(scratch);
        }
    }

    /// <summary>For generated code: the only projected row of a projection with sub-queries (the site's SQL reads at most two rows).</summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    /// <typeparam name="TResult">The projected type.</typeparam>
    /// <typeparam name="TEntity">The mapped type as the generated projector names it.</typeparam>
    /// <typeparam name="TRow">The projector's result.</typeparam>
    /// <param name="query">The projection the intercepted operators built.</param>
    /// <param name="site">The call site: the SQL the generator wrote and where its values are; a null value sends the query to the run-time path.</param>
    /// <param name="project">Builds the projected value from an entity holding the selected columns and the sub-queries' values.</param>
    /// <param name="orDefault">True for SingleOrDefault.</param>
    /// <exception cref="InvalidOperationException">No row (unless <paramref name="orDefault"/>), or more than one.</exception>
    /// <exception cref="ArgumentException"><paramref name="project"/> does not map <typeparamref name="T"/> to <typeparamref name="TResult"/>.</exception>
    public static TResult? Single<T, TResult, TEntity, TRow>(SelectQuery<T, TResult> query, InterceptedSite site, Func<TEntity, object?[], TRow> project, bool orDefault)
    {
        ArgumentNullException.ThrowIfNull(query);
        ArgumentNullException.ThrowIfNull(site);
        var typed = LiftedProjector<T, TResult, TEntity, TRow>(project);
        if (BindLifted(query, site) is not { } scratch || SqlOf(query, site, scratch) is not { } sql)
        {
            return orDefault ? query.SingleOrDefault() : query.Single();
        }

        List<TResult> rows;
        try
        {
            var terminal = orDefault ? "Select.SingleOrDefault" : "Select.Single";
            if (InterceptionCheck.Enabled)
            {
                InterceptionCheck.Statement(terminal, sql, scratch.ToList(), query.Take(2).BuildStatement(first: false));
            }

            rows = ReadAllLifted(query, sql, scratch, typed, CancellationToken.None);
            if (InterceptionCheck.Enabled)
            {
                InterceptionCheck.Projected(terminal, sql, query.Selector, query.Source.Map, rows, query.Take(2).ToList());
            }
        }
        finally
        {
            InterceptedValues.Return(scratch);
        }

        return query.SingleOf(rows, orDefault);
    }

    /// <summary>The generated projector (entity and sub-query values) as the query's own types.</summary>
    private static Func<T, object?[], TResult> LiftedProjector<T, TResult, TEntity, TRow>(Func<TEntity, object?[], TRow> project)
    {
        ArgumentNullException.ThrowIfNull(project);
        return (object)project as Func<T, object?[], TResult>
            ?? throw new ArgumentException($"The projector maps {typeof(TEntity).Name} to {typeof(TRow).Name}, but the query maps {typeof(T).Name} to {typeof(TResult).Name}.", nameof(project));
    }

    /// <summary>
    /// The site's values for a projection with sub-queries: those inside the lifted sub-queries first (the SELECT list), then
    /// the Where values. Null (the caller runs the run-time path) when the run-time plan lifted no sub-query, one reads another
    /// connection's or a filtered table query, or a value cannot be bound.
    /// </summary>
    private static InterceptedValues? BindLifted<T, TResult>(SelectQuery<T, TResult> query, InterceptedSite site)
    {
        // The run-time plan lifted the same calls in the same order; each must read a plain table query on this connection.
        if (query.Plan.Subqueries is not { } subqueries || !InterceptedSite.LiftedHold(subqueries.Lifted, query.Source.Connection))
        {
            return null;
        }

        ArgumentNullException.ThrowIfNull(site);
        if (!site.LiftedSubqueriesHold(subqueries.Lifted, query.Source.Connection))
        {
            return null;
        }

        var scratch = InterceptedValues.Rent();
        if (!site.TryBindLifted(subqueries.Lifted, query.Source.Connection, scratch) || !site.TryBind(query.Source, scratch))
        {
            InterceptedValues.Return(scratch);
            return null;
        }

        return scratch;
    }

    /// <summary>The site's SQL for the query's storage format once its values are bound (an IN list's length is the bound one), or null (the scratch returned) for the run-time path.</summary>
    private static string? SqlOf<T, TResult>(SelectQuery<T, TResult> query, InterceptedSite site, InterceptedValues scratch)
    {
        if (site.SqlFor(query.Source.Connection.Storage) is { } sql)
        {
            return sql;
        }

        InterceptedValues.Return(scratch);
        return null;
    }

    /// <summary>Every row of <paramref name="sql"/>, the sub-queries' values read as the run-time path reads them.</summary>
    private static List<TResult> ReadAllLifted<T, TResult>(SelectQuery<T, TResult> query, string sql, InterceptedValues args, Func<T, object?[], TResult> project, CancellationToken cancellationToken)
    {
        var source = query.Source;
        var reader = new LiftedRowReader<T, TResult>(source.Map, query.Plan.Ordinals, query.Plan.Subqueries!, query.Plan.Columns.Count, project);
        return source.Connection.Runner.ReadAll<TResult, LiftedRowReader<T, TResult>>(sql, StatementArguments.Intercepted(args), reader, cancellationToken);
    }

    private static bool TryFirstLifted<T, TResult>(SelectQuery<T, TResult> query, string sql, InterceptedValues args, Func<T, object?[], TResult> project, string terminal, out TResult value)
    {
        if (InterceptionCheck.Enabled)
        {
            InterceptionCheck.Statement(terminal, sql, args.ToList(), query.BuildStatement(first: true));
        }

        var source = query.Source;
        var reader = new LiftedRowReader<T, TResult>(source.Map, query.Plan.Ordinals, query.Plan.Subqueries!, query.Plan.Columns.Count, project);
        var found = source.Connection.Runner.TryReadFirst(sql, StatementArguments.Intercepted(args), reader, out value);
        if (InterceptionCheck.Enabled)
        {
            var runtimeFound = query.TryFirst(out var runtime);
            InterceptionCheck.Projected<TResult>(terminal, sql, query.Selector, query.Source.Map, found ? [value] : [], runtimeFound ? [runtime] : []);
        }

        return found;
    }

    /// <summary>Reads the selected columns into an entity with the connection's map and the sub-queries' values after them, then projects with the generated code.</summary>
    private readonly struct LiftedRowReader<T, TResult>(EntityMap<T> map, int[] ordinals, ProjectionSubqueries subqueries, int first, Func<T, object?[], TResult> project) : IRowReader<TResult>
    {
        public void Prepare(SqliteStatement statement)
        {
        }

        public TResult Read(SqliteStatement statement)
        {
            var entity = map.Read(statement, ordinals);
            var values = new object?[subqueries.Lifted.Count];
            for (var i = 0; i < values.Length; i++)
            {
                values[i] = subqueries.Read(statement, first + i, i);
            }

            return project(entity, values);
        }
    }
}
