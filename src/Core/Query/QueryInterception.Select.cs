using MicroDb.Mapping;
using MicroDb.Native;

namespace MicroDb.Query;

// The intercepted terminals of a projection (Select). The generator writes the chain's SQL (the SELECT list of the run
// time's ProjectionPlan) and a static projector over the entity; the rows are read exactly as the run-time path reads
// them (a single mapped scalar member by ScalarReader, anything else by the connection's map with the plan's ordinals),
// then the projector builds the result in compiled code instead of the expression interpreter.
public static partial class QueryInterception
{
    /// <summary>For generated code: runs the site's SQL and returns every projected row.</summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    /// <typeparam name="TResult">The projected type.</typeparam>
    /// <typeparam name="TEntity">The mapped type as the generated projector names it (the same type as <typeparamref name="T"/>).</typeparam>
    /// <typeparam name="TRow">The projector's result (the same type as <typeparamref name="TResult"/>, which may be anonymous).</typeparam>
    /// <param name="query">The projection the intercepted operators built.</param>
    /// <param name="site">The call site: the SQL the generator wrote and where its values are; a null value sends the query to the run-time path.</param>
    /// <param name="project">Builds the projected value from an entity holding the selected columns.</param>
    /// <exception cref="ArgumentException"><paramref name="project"/> does not map <typeparamref name="T"/> to <typeparamref name="TResult"/>.</exception>
    public static List<TResult> ToList<T, TResult, TEntity, TRow>(SelectQuery<T, TResult> query, InterceptedSite site, Func<TEntity, TRow> project) =>
        ToList(query, site, project, CancellationToken.None);

    /// <summary>For generated code: runs the site's SQL and returns every projected row, checking <paramref name="cancellationToken"/> between rows (the async path).</summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    /// <typeparam name="TResult">The projected type.</typeparam>
    /// <typeparam name="TEntity">The mapped type as the generated projector names it.</typeparam>
    /// <typeparam name="TRow">The projector's result.</typeparam>
    /// <param name="query">The projection the intercepted operators built.</param>
    /// <param name="site">The call site: the SQL the generator wrote and where its values are; a null value sends the query to the run-time path.</param>
    /// <param name="project">Builds the projected value from an entity holding the selected columns.</param>
    /// <param name="cancellationToken">Checked between rows.</param>
    /// <exception cref="ArgumentException"><paramref name="project"/> does not map <typeparamref name="T"/> to <typeparamref name="TResult"/>.</exception>
    public static List<TResult> ToList<T, TResult, TEntity, TRow>(SelectQuery<T, TResult> query, InterceptedSite site, Func<TEntity, TRow> project, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(query);
        var typed = Projector<T, TResult, TEntity, TRow>(project);
        var scratch = Bind(query.Source, site);
        var sql = site.SqlFor(query.Source.Connection.Storage)!;
        if (scratch is null)
        {
            return query.ToList(cancellationToken);
        }

        try
        {
            if (InterceptionCheck.Enabled)
            {
                InterceptionCheck.Statement("Select.ToList", sql, scratch.ToList(), query.BuildStatement(first: false));
            }

            var rows = ReadAll(query, sql, scratch, typed, cancellationToken);
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

    /// <summary>For generated code: runs the site's SQL and returns every projected row as an array.</summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    /// <typeparam name="TResult">The projected type.</typeparam>
    /// <typeparam name="TEntity">The mapped type as the generated projector names it.</typeparam>
    /// <typeparam name="TRow">The projector's result.</typeparam>
    /// <param name="query">The projection the intercepted operators built.</param>
    /// <param name="site">The call site: the SQL the generator wrote and where its values are; a null value sends the query to the run-time path.</param>
    /// <param name="project">Builds the projected value from an entity holding the selected columns.</param>
    /// <exception cref="ArgumentException"><paramref name="project"/> does not map <typeparamref name="T"/> to <typeparamref name="TResult"/>.</exception>
    public static TResult[] ToArray<T, TResult, TEntity, TRow>(SelectQuery<T, TResult> query, InterceptedSite site, Func<TEntity, TRow> project) =>
        ToList(query, site, project).ToArray();

    /// <summary>For generated code: the first projected row of the site's SQL (which has LIMIT 1), or the run-time error for none.</summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    /// <typeparam name="TResult">The projected type.</typeparam>
    /// <typeparam name="TEntity">The mapped type as the generated projector names it.</typeparam>
    /// <typeparam name="TRow">The projector's result.</typeparam>
    /// <param name="query">The projection the intercepted operators built.</param>
    /// <param name="site">The call site: the SQL the generator wrote and where its values are; a null value sends the query to the run-time path.</param>
    /// <param name="project">Builds the projected value from an entity holding the selected columns.</param>
    /// <exception cref="InvalidOperationException">The query returns no row.</exception>
    /// <exception cref="ArgumentException"><paramref name="project"/> does not map <typeparamref name="T"/> to <typeparamref name="TResult"/>.</exception>
    public static TResult First<T, TResult, TEntity, TRow>(SelectQuery<T, TResult> query, InterceptedSite site, Func<TEntity, TRow> project)
    {
        ArgumentNullException.ThrowIfNull(query);
        var typed = Projector<T, TResult, TEntity, TRow>(project);
        var scratch = Bind(query.Source, site);
        var sql = site.SqlFor(query.Source.Connection.Storage)!;
        if (scratch is null)
        {
            return query.First();
        }

        try
        {
            return TryFirst(query, sql, scratch, typed, "Select.First", out var value) ? value : throw query.Source.NoRow();
        }
        finally
        {
            InterceptedValues.Return(scratch);
        }
    }

    /// <summary>For generated code: the first projected row of the site's SQL (which has LIMIT 1), or default.</summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    /// <typeparam name="TResult">The projected type.</typeparam>
    /// <typeparam name="TEntity">The mapped type as the generated projector names it.</typeparam>
    /// <typeparam name="TRow">The projector's result.</typeparam>
    /// <param name="query">The projection the intercepted operators built.</param>
    /// <param name="site">The call site: the SQL the generator wrote and where its values are; a null value sends the query to the run-time path.</param>
    /// <param name="project">Builds the projected value from an entity holding the selected columns.</param>
    /// <exception cref="ArgumentException"><paramref name="project"/> does not map <typeparamref name="T"/> to <typeparamref name="TResult"/>.</exception>
    public static TResult? FirstOrDefault<T, TResult, TEntity, TRow>(SelectQuery<T, TResult> query, InterceptedSite site, Func<TEntity, TRow> project)
    {
        ArgumentNullException.ThrowIfNull(query);
        var typed = Projector<T, TResult, TEntity, TRow>(project);
        var scratch = Bind(query.Source, site);
        var sql = site.SqlFor(query.Source.Connection.Storage)!;
        if (scratch is null)
        {
            return query.FirstOrDefault();
        }

        try
        {
            return TryFirst(query, sql, scratch, typed, "Select.FirstOrDefault", out var value) ? value : default;
        }
        finally
        {
            InterceptedValues.Return(scratch);
        }
    }

    /// <summary>For generated code: the only projected row of the site's SQL (which reads at most two rows).</summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    /// <typeparam name="TResult">The projected type.</typeparam>
    /// <typeparam name="TEntity">The mapped type as the generated projector names it.</typeparam>
    /// <typeparam name="TRow">The projector's result.</typeparam>
    /// <param name="query">The projection the intercepted operators built.</param>
    /// <param name="site">The call site: the SQL the generator wrote and where its values are; a null value sends the query to the run-time path.</param>
    /// <param name="project">Builds the projected value from an entity holding the selected columns.</param>
    /// <param name="orDefault">True for SingleOrDefault.</param>
    /// <exception cref="InvalidOperationException">No row (unless <paramref name="orDefault"/>), or more than one.</exception>
    /// <exception cref="ArgumentException"><paramref name="project"/> does not map <typeparamref name="T"/> to <typeparamref name="TResult"/>.</exception>
    public static TResult? Single<T, TResult, TEntity, TRow>(SelectQuery<T, TResult> query, InterceptedSite site, Func<TEntity, TRow> project, bool orDefault)
    {
        ArgumentNullException.ThrowIfNull(query);
        var typed = Projector<T, TResult, TEntity, TRow>(project);
        var scratch = Bind(query.Source, site);
        var sql = site.SqlFor(query.Source.Connection.Storage)!;
        if (scratch is null)
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

            rows = ReadAll(query, sql, scratch, typed, CancellationToken.None);
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

    /// <summary>Every row of <paramref name="sql"/>, read as the run-time path reads them and projected by the generated code.</summary>
    private static List<TResult> ReadAll<T, TResult>(SelectQuery<T, TResult> query, string sql, InterceptedValues args, Func<T, TResult> project, CancellationToken cancellationToken)
    {
        var source = query.Source;
        var arguments = StatementArguments.Intercepted(args);
        return query.Plan.IsScalar
            ? source.Connection.Runner.ReadAll<TResult, ScalarRowReader<TResult>>(sql, arguments, default, cancellationToken)
            : source.Connection.Runner.ReadAll<TResult, ProjectedRowReader<T, TResult>>(sql, arguments, new ProjectedRowReader<T, TResult>(source.Map, query.Plan.Ordinals, project), cancellationToken);
    }

    /// <summary>For generated code: runs <paramref name="run"/> (an intercepted projection terminal) on the query rebound to one of the pool's readers.</summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    /// <typeparam name="TResult">The projected type.</typeparam>
    /// <typeparam name="TValue">The terminal's result.</typeparam>
    /// <param name="query">The async projection the intercepted operators built.</param>
    /// <param name="run">The terminal: a <see cref="QueryInterception"/> helper with the SQL the generator wrote.</param>
    /// <param name="cancellationToken">Cancels the wait for a reader; checked between rows; interrupts the running statement.</param>
    public static ValueTask<TValue> ReadAsync<T, TResult, TValue>(AsyncSelectQuery<T, TResult> query, Func<SelectQuery<T, TResult>, CancellationToken, TValue> run, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(query);
        ArgumentNullException.ThrowIfNull(run);
        return query.Pool.ReadAsync((Query: query.Query, Run: run), static (c, s, ct) => s.Run(s.Query.On(c), ct), cancellationToken);
    }

    /// <summary>The generated projector as the query's own types; it is the same delegate type when the generator named the same types.</summary>
    private static Func<T, TResult> Projector<T, TResult, TEntity, TRow>(Func<TEntity, TRow> project)
    {
        ArgumentNullException.ThrowIfNull(project);
        return (object)project as Func<T, TResult>
            ?? throw new ArgumentException($"The projector maps {typeof(TEntity).Name} to {typeof(TRow).Name}, but the query maps {typeof(T).Name} to {typeof(TResult).Name}.", nameof(project));
    }

    private static bool TryFirst<T, TResult>(SelectQuery<T, TResult> query, string sql, InterceptedValues args, Func<T, TResult> project, string terminal, out TResult value)
    {
        if (InterceptionCheck.Enabled)
        {
            InterceptionCheck.Statement(terminal, sql, args.ToList(), query.BuildStatement(first: true));
        }

        var source = query.Source;
        var arguments = StatementArguments.Intercepted(args);
        var found = query.Plan.IsScalar
            ? source.Connection.Runner.TryReadFirst<TResult, ScalarRowReader<TResult>>(sql, arguments, default, out value)
            : source.Connection.Runner.TryReadFirst(sql, arguments, new ProjectedRowReader<T, TResult>(source.Map, query.Plan.Ordinals, project), out value);
        if (InterceptionCheck.Enabled)
        {
            var runtimeFound = query.TryFirst(out var runtime);
            InterceptionCheck.Projected<TResult>(terminal, sql, query.Selector, query.Source.Map, found ? [value] : [], runtimeFound ? [runtime] : []);
        }

        return found;
    }

    /// <summary>Reads the selected columns into an entity with the connection's map (as the run-time path does), then projects it with the generated code.</summary>
    private readonly struct ProjectedRowReader<T, TResult>(EntityMap<T> map, int[] ordinals, Func<T, TResult> project) : IRowReader<TResult>
    {
        public void Prepare(SqliteStatement statement)
        {
        }

        public TResult Read(SqliteStatement statement) => project(map.Read(statement, ordinals));
    }
}
