using MicroDb.Native;

namespace MicroDb.Query;

// The intercepted terminals of a join (JoinQuery<TResult>). The generator writes the SQL the run-time JoinQuery builds
// (the same FROM ... JOIN ... ON, SELECT list, WHERE, ORDER BY and LIMIT) and either a static reader over the statement
// (a result of plain members: one typed read per selected column, a left-joined row missing where its presence column is
// NULL; no entity, no row array) or, when the result uses a row whole, a static projector over the rows read as the
// run-time path reads them (each used table's columns into an entity by its map), in compiled code instead of the
// interpreter.
public static partial class QueryInterception
{
    /// <summary>For generated code: runs the site's SQL and returns every joined row.</summary>
    /// <typeparam name="TResult">The joined row's type.</typeparam>
    /// <typeparam name="TRow">The projector's result (the same type as <typeparamref name="TResult"/>, which may be anonymous).</typeparam>
    /// <param name="query">The join the (run-time) operators built.</param>
    /// <param name="site">The call site: the SQL the generator wrote and where its values are; a null value sends the query to the run-time path.</param>
    /// <param name="project">Builds the result from the rows, one per table in join order (null for a missing left-joined row).</param>
    /// <exception cref="ArgumentException"><paramref name="project"/> does not build <typeparamref name="TResult"/>.</exception>
    public static List<TResult> ToList<TResult, TRow>(JoinQuery<TResult> query, InterceptedSite site, Func<object?[], TRow> project) =>
        ToList(query, site, project, CancellationToken.None);

    /// <summary>For generated code: runs the site's SQL and returns every joined row, checking <paramref name="cancellationToken"/> between rows (the async path).</summary>
    /// <typeparam name="TResult">The joined row's type.</typeparam>
    /// <typeparam name="TRow">The projector's result (the same type as <typeparamref name="TResult"/>, which may be anonymous).</typeparam>
    /// <param name="query">The join the (run-time) operators built, bound to the connection it runs on.</param>
    /// <param name="site">The call site: the SQL the generator wrote and where its values are; a null value sends the query to the run-time path.</param>
    /// <param name="project">Builds the result from the rows, one per table in join order (null for a missing left-joined row).</param>
    /// <param name="cancellationToken">Checked between rows.</param>
    /// <exception cref="ArgumentException"><paramref name="project"/> does not build <typeparamref name="TResult"/>.</exception>
    public static List<TResult> ToList<TResult, TRow>(JoinQuery<TResult> query, InterceptedSite site, Func<object?[], TRow> project, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(query);
        var typed = JoinProjector<TResult, TRow>(project);
        return JoinList(query, site, query.Reader(typed), cancellationToken);
    }

    /// <summary>For generated code: runs the site's SQL and returns every joined row, each read straight from the selected columns.</summary>
    /// <typeparam name="TResult">The joined row's type.</typeparam>
    /// <typeparam name="TRow">The reader's result (the same type as <typeparamref name="TResult"/>, which may be anonymous).</typeparam>
    /// <param name="query">The join the (run-time) operators built.</param>
    /// <param name="site">The call site: the SQL the generator wrote and where its values are; a null value sends the query to the run-time path.</param>
    /// <param name="read">Builds the result from the current row of the site's statement, one typed read per column.</param>
    /// <exception cref="ArgumentException"><paramref name="read"/> does not build <typeparamref name="TResult"/>.</exception>
    public static List<TResult> ToList<TResult, TRow>(JoinQuery<TResult> query, InterceptedSite site, Func<SqliteStatement, TRow> read) =>
        ToList(query, site, read, CancellationToken.None);

    /// <summary>For generated code: runs the site's SQL and returns every joined row, each read straight from the selected columns, checking <paramref name="cancellationToken"/> between rows (the async path).</summary>
    /// <typeparam name="TResult">The joined row's type.</typeparam>
    /// <typeparam name="TRow">The reader's result (the same type as <typeparamref name="TResult"/>, which may be anonymous).</typeparam>
    /// <param name="query">The join the (run-time) operators built, bound to the connection it runs on.</param>
    /// <param name="site">The call site: the SQL the generator wrote and where its values are; a null value sends the query to the run-time path.</param>
    /// <param name="read">Builds the result from the current row of the site's statement, one typed read per column.</param>
    /// <param name="cancellationToken">Checked between rows.</param>
    /// <exception cref="ArgumentException"><paramref name="read"/> does not build <typeparamref name="TResult"/>.</exception>
    public static List<TResult> ToList<TResult, TRow>(JoinQuery<TResult> query, InterceptedSite site, Func<SqliteStatement, TRow> read, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(query);
        return JoinList(query, site, new ColumnRowReader<TResult>(JoinReader<TResult, TRow>(read)), cancellationToken);
    }

    /// <summary>For generated code: runs <paramref name="run"/> (an intercepted terminal) on the join rebound to one of the pool's readers.</summary>
    /// <typeparam name="TResult">The joined row's type.</typeparam>
    /// <typeparam name="TValue">The terminal's result.</typeparam>
    /// <param name="query">The async join the (run-time) operators built.</param>
    /// <param name="run">The terminal: a <see cref="QueryInterception"/> helper with the SQL the generator wrote.</param>
    /// <param name="cancellationToken">Cancels the wait for a reader; interrupts the running statement.</param>
    public static ValueTask<TValue> ReadAsync<TResult, TValue>(AsyncJoinQuery<TResult> query, Func<JoinQuery<TResult>, CancellationToken, TValue> run, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(query);
        ArgumentNullException.ThrowIfNull(run);
        return query.ReadAsync(run, cancellationToken);
    }

    /// <summary>For generated code: runs the site's SQL and returns every joined row as an array, each read straight from the selected columns.</summary>
    /// <typeparam name="TResult">The joined row's type.</typeparam>
    /// <typeparam name="TRow">The reader's result.</typeparam>
    /// <param name="query">The join the (run-time) operators built.</param>
    /// <param name="site">The call site: the SQL the generator wrote and where its values are; a null value sends the query to the run-time path.</param>
    /// <param name="read">Builds the result from the current row of the site's statement.</param>
    /// <exception cref="ArgumentException"><paramref name="read"/> does not build <typeparamref name="TResult"/>.</exception>
    public static TResult[] ToArray<TResult, TRow>(JoinQuery<TResult> query, InterceptedSite site, Func<SqliteStatement, TRow> read) =>
        ToList(query, site, read).ToArray();

    /// <summary>For generated code: the first joined row of the site's SQL (which has LIMIT 1), read straight from the selected columns, or the run-time error for none.</summary>
    /// <typeparam name="TResult">The joined row's type.</typeparam>
    /// <typeparam name="TRow">The reader's result.</typeparam>
    /// <param name="query">The join the (run-time) operators built.</param>
    /// <param name="site">The call site: the SQL the generator wrote and where its values are; a null value sends the query to the run-time path.</param>
    /// <param name="read">Builds the result from the current row of the site's statement.</param>
    /// <exception cref="InvalidOperationException">The query returns no row.</exception>
    /// <exception cref="ArgumentException"><paramref name="read"/> does not build <typeparamref name="TResult"/>.</exception>
    public static TResult First<TResult, TRow>(JoinQuery<TResult> query, InterceptedSite site, Func<SqliteStatement, TRow> read)
    {
        ArgumentNullException.ThrowIfNull(query);
        return TryFirst(query, site, new ColumnRowReader<TResult>(JoinReader<TResult, TRow>(read)), "Join.First", out var value) ? value : throw query.NoRow();
    }

    /// <summary>For generated code: the first joined row of the site's SQL (which has LIMIT 1), read straight from the selected columns, or default.</summary>
    /// <typeparam name="TResult">The joined row's type.</typeparam>
    /// <typeparam name="TRow">The reader's result.</typeparam>
    /// <param name="query">The join the (run-time) operators built.</param>
    /// <param name="site">The call site: the SQL the generator wrote and where its values are; a null value sends the query to the run-time path.</param>
    /// <param name="read">Builds the result from the current row of the site's statement.</param>
    /// <exception cref="ArgumentException"><paramref name="read"/> does not build <typeparamref name="TResult"/>.</exception>
    public static TResult? FirstOrDefault<TResult, TRow>(JoinQuery<TResult> query, InterceptedSite site, Func<SqliteStatement, TRow> read)
    {
        ArgumentNullException.ThrowIfNull(query);
        return TryFirst(query, site, new ColumnRowReader<TResult>(JoinReader<TResult, TRow>(read)), "Join.FirstOrDefault", out var value) ? value : default;
    }

    private static List<TResult> JoinList<TResult, TReader>(JoinQuery<TResult> query, InterceptedSite site, TReader reader, CancellationToken cancellationToken)
        where TReader : IRowReader<TResult>
    {
        var scratch = Bind(query, site);
        if (scratch is null)
        {
            return query.ToList(cancellationToken);
        }

        try
        {
            if (InterceptionCheck.Enabled)
            {
                InterceptionCheck.Statement("Join.ToList", site.Sql, scratch.ToList(), query.BuildStatement(null));
            }

            var rows = query.Connection.Runner.ReadAll<TResult, TReader>(site.Sql, StatementArguments.Intercepted(scratch), reader, cancellationToken);
            if (InterceptionCheck.Enabled)
            {
                InterceptionCheck.Projected("Join.ToList", site.Sql, query.Selector, rows, query.ToList());
            }

            return rows;
        }
        finally
        {
            InterceptedValues.Return(scratch);
        }
    }

    /// <summary>For generated code: runs the site's SQL and returns every joined row as an array.</summary>
    /// <typeparam name="TResult">The joined row's type.</typeparam>
    /// <typeparam name="TRow">The projector's result.</typeparam>
    /// <param name="query">The join the (run-time) operators built.</param>
    /// <param name="site">The call site: the SQL the generator wrote and where its values are; a null value sends the query to the run-time path.</param>
    /// <param name="project">Builds the result from the rows, one per table in join order.</param>
    /// <exception cref="ArgumentException"><paramref name="project"/> does not build <typeparamref name="TResult"/>.</exception>
    public static TResult[] ToArray<TResult, TRow>(JoinQuery<TResult> query, InterceptedSite site, Func<object?[], TRow> project) =>
        ToList(query, site, project).ToArray();

    /// <summary>For generated code: the first joined row of the site's SQL (which has LIMIT 1), or the run-time error for none.</summary>
    /// <typeparam name="TResult">The joined row's type.</typeparam>
    /// <typeparam name="TRow">The projector's result.</typeparam>
    /// <param name="query">The join the (run-time) operators built.</param>
    /// <param name="site">The call site: the SQL the generator wrote and where its values are; a null value sends the query to the run-time path.</param>
    /// <param name="project">Builds the result from the rows, one per table in join order.</param>
    /// <exception cref="InvalidOperationException">The query returns no row.</exception>
    /// <exception cref="ArgumentException"><paramref name="project"/> does not build <typeparamref name="TResult"/>.</exception>
    public static TResult First<TResult, TRow>(JoinQuery<TResult> query, InterceptedSite site, Func<object?[], TRow> project)
    {
        ArgumentNullException.ThrowIfNull(query);
        return TryFirst(query, site, query.Reader(JoinProjector<TResult, TRow>(project)), "Join.First", out var value) ? value : throw query.NoRow();
    }

    /// <summary>For generated code: the first joined row of the site's SQL (which has LIMIT 1), or default.</summary>
    /// <typeparam name="TResult">The joined row's type.</typeparam>
    /// <typeparam name="TRow">The projector's result.</typeparam>
    /// <param name="query">The join the (run-time) operators built.</param>
    /// <param name="site">The call site: the SQL the generator wrote and where its values are; a null value sends the query to the run-time path.</param>
    /// <param name="project">Builds the result from the rows, one per table in join order.</param>
    /// <exception cref="ArgumentException"><paramref name="project"/> does not build <typeparamref name="TResult"/>.</exception>
    public static TResult? FirstOrDefault<TResult, TRow>(JoinQuery<TResult> query, InterceptedSite site, Func<object?[], TRow> project)
    {
        ArgumentNullException.ThrowIfNull(query);
        return TryFirst(query, site, query.Reader(JoinProjector<TResult, TRow>(project)), "Join.FirstOrDefault", out var value) ? value : default;
    }

    /// <summary>For generated code: the number of joined rows (the site's SQL is a count).</summary>
    /// <typeparam name="TResult">The joined row's type.</typeparam>
    /// <param name="query">The join the (run-time) operators built.</param>
    /// <param name="site">The call site: the SQL the generator wrote and where its values are; a null value sends the query to the run-time path.</param>
    /// <exception cref="OverflowException">More than <see cref="int.MaxValue"/> rows.</exception>
    public static int Count<TResult>(JoinQuery<TResult> query, InterceptedSite site) => checked((int)LongCount(query, site));

    /// <summary>For generated code: the number of rows the join returns, as a long (the site's SQL counts them).</summary>
    /// <typeparam name="TResult">The joined row's type.</typeparam>
    /// <param name="query">The join the (run-time) operators built.</param>
    /// <param name="site">The call site: the SQL the generator wrote and where its values are; a null value sends the query to the run-time path.</param>
    public static long LongCount<TResult>(JoinQuery<TResult> query, InterceptedSite site)
    {
        ArgumentNullException.ThrowIfNull(query);
        var scratch = Bind(query, site);
        if (scratch is null)
        {
            return query.LongCount();
        }

        try
        {
            if (InterceptionCheck.Enabled)
            {
                InterceptionCheck.Statement("Join.Count", site.Sql, scratch.ToList(), query.BuildCount());
            }

            var count = query.Connection.Runner.Scalar<long>(site.Sql, StatementArguments.Intercepted(scratch));
            if (InterceptionCheck.Enabled)
            {
                InterceptionCheck.Scalar("Join.Count", site.Sql, count, query.LongCount());
            }

            return count;
        }
        finally
        {
            InterceptedValues.Return(scratch);
        }
    }

    /// <summary>For generated code: whether the join returns a row (the site's SQL is an EXISTS).</summary>
    /// <typeparam name="TResult">The joined row's type.</typeparam>
    /// <param name="query">The join the (run-time) operators built.</param>
    /// <param name="site">The call site: the SQL the generator wrote and where its values are; a null value sends the query to the run-time path.</param>
    public static bool Any<TResult>(JoinQuery<TResult> query, InterceptedSite site)
    {
        ArgumentNullException.ThrowIfNull(query);
        var scratch = Bind(query, site);
        if (scratch is null)
        {
            return query.Any();
        }

        try
        {
            if (InterceptionCheck.Enabled)
            {
                InterceptionCheck.Statement("Join.Any", site.Sql, scratch.ToList(), query.BuildAny());
            }

            var any = query.Connection.Runner.Scalar<long>(site.Sql, StatementArguments.Intercepted(scratch)) != 0;
            if (InterceptionCheck.Enabled)
            {
                InterceptionCheck.Scalar("Join.Any", site.Sql, any, query.Any());
            }

            return any;
        }
        finally
        {
            InterceptedValues.Return(scratch);
        }
    }

    private static bool TryFirst<TResult, TReader>(JoinQuery<TResult> query, InterceptedSite site, TReader reader, string terminal, out TResult value)
        where TReader : IRowReader<TResult>
    {
        var scratch = Bind(query, site);
        if (scratch is null)
        {
            return query.TryFirst(out value);
        }

        try
        {
            if (InterceptionCheck.Enabled)
            {
                InterceptionCheck.Statement(terminal, site.Sql, scratch.ToList(), query.BuildStatement(1));
            }

            var found = query.Connection.Runner.TryReadFirst(site.Sql, StatementArguments.Intercepted(scratch), reader, out value);
            if (InterceptionCheck.Enabled)
            {
                var runtimeFound = query.TryFirst(out var runtime);
                InterceptionCheck.Projected<TResult>(terminal, site.Sql, query.Selector, found ? [value] : [], runtimeFound ? [runtime] : []);
            }

            return found;
        }
        finally
        {
            InterceptedValues.Return(scratch);
        }
    }

    /// <summary>The generated projector as the query's own result type; it is the same delegate type when the generator named the same type.</summary>
    private static Func<object?[], TResult> JoinProjector<TResult, TRow>(Func<object?[], TRow> project)
    {
        ArgumentNullException.ThrowIfNull(project);
        return (object)project as Func<object?[], TResult>
            ?? throw new ArgumentException($"The projector builds {typeof(TRow).Name}, but the join's rows are {typeof(TResult).Name}.", nameof(project));
    }

    /// <summary>The generated reader as the query's own result type (see <see cref="JoinProjector"/>).</summary>
    private static Func<SqliteStatement, TResult> JoinReader<TResult, TRow>(Func<SqliteStatement, TRow> read)
    {
        ArgumentNullException.ThrowIfNull(read);
        return (object)read as Func<SqliteStatement, TResult>
            ?? throw new ArgumentException($"The reader builds {typeof(TRow).Name}, but the join's rows are {typeof(TResult).Name}.", nameof(read));
    }

    private static InterceptedValues? Bind<TResult>(JoinQuery<TResult> query, InterceptedSite site)
    {
        ArgumentNullException.ThrowIfNull(site);
        var values = InterceptedValues.Rent();
        if (site.TryBind(query, values))
        {
            return values;
        }

        InterceptedValues.Return(values);
        return null;
    }
}
