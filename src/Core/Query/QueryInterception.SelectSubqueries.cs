using MicroDb.Mapping;
using MicroDb.Native;

namespace MicroDb.Query;

// A projection with sub-queries (o => new { o.Id, Lines = db.Table<Line>().Count(l => l.OrderId == o.Id) }) before ToList
// or ToArray: the generator writes the run time's SELECT list (the members' columns, then each sub-query as a column, as
// ProjectionSubqueries lifts them) and a projector that takes the entity and the sub-queries' values. The values are read
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
        ArgumentNullException.ThrowIfNull(project);
        var typed = (object)project as Func<T, object?[], TResult>
            ?? throw new ArgumentException($"The projector maps {typeof(TEntity).Name} to {typeof(TRow).Name}, but the query maps {typeof(T).Name} to {typeof(TResult).Name}.", nameof(project));

        // The run-time plan lifted the same calls in the same order; each must read a plain table query on this connection.
        if (query.Plan.Subqueries is not { } subqueries || !InterceptedSite.LiftedHold(subqueries.Lifted, query.Source.Connection))
        {
            return query.ToList(cancellationToken);
        }

        // The values inside the lifted sub-queries come first (the SELECT list), then the Where values.
        ArgumentNullException.ThrowIfNull(site);
        var scratch = InterceptedValues.Rent();
        if (!site.TryBindLifted(subqueries.Lifted, query.Source.Connection, scratch) || !site.TryBind(query.Source, scratch))
        {
            InterceptedValues.Return(scratch);
            return query.ToList(cancellationToken);
        }

        try
        {
            if (InterceptionCheck.Enabled)
            {
                InterceptionCheck.Statement("Select.ToList", site.Sql, scratch.ToList(), query.BuildStatement(first: false));
            }

            var source = query.Source;
            var reader = new LiftedRowReader<T, TResult>(source.Map, query.Plan.Ordinals, subqueries, query.Plan.Columns.Count, typed);
            var rows = source.Connection.Runner.ReadAll<TResult, LiftedRowReader<T, TResult>>(site.Sql, StatementArguments.Intercepted(scratch), reader, cancellationToken);
            if (InterceptionCheck.Enabled)
            {
                InterceptionCheck.Projected("Select.ToList", site.Sql, query.Selector, rows, query.ToList(cancellationToken));
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
