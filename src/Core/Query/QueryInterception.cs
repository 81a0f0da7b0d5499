using System.ComponentModel;
using System.Linq.Expressions;

namespace MicroDb.Query;

/// <summary>
/// For generated code: the run-time half of the build-time query front end. The source generator lowers a LINQ chain
/// written in one expression on <c>db.Table&lt;T&gt;()</c> to SQL at build time and intercepts its calls: the operators
/// keep their lambdas without the run-time check (the generator checked them), and the terminal operator runs the
/// constant SQL through the connection's statement runner (reported as <see cref="StatementSource.Intercepted"/>), with
/// the captured values read from the known nodes of the lambdas and encoded as the run-time translator encodes them, and
/// the rows read by the connection's map. When a value decides the SQL differently from what was lowered (a null), the
/// query runs on the run-time path instead. Not meant to be called by hand.
/// </summary>
[EditorBrowsable(EditorBrowsableState.Never)]
public static partial class QueryInterception
{
    /// <summary>For generated code: <see cref="TableQuery{T}.Where"/> without the run-time check.</summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    /// <param name="query">The query.</param>
    /// <param name="predicate">The condition, lowered at build time.</param>
    public static TableQuery<T> Where<T>(TableQuery<T> query, Expression<Func<T, bool>> predicate)
    {
        ArgumentNullException.ThrowIfNull(query);
        return query.WhereChecked(predicate);
    }

    /// <summary>For generated code: OrderBy, OrderByDescending, ThenBy or ThenByDescending without the run-time check.</summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    /// <param name="query">The query.</param>
    /// <param name="keySelector">The key, lowered at build time.</param>
    /// <param name="descending">True for the descending operators.</param>
    /// <param name="then">True for ThenBy and ThenByDescending.</param>
    public static TableQuery<T> Order<T>(TableQuery<T> query, LambdaExpression keySelector, bool descending, bool then)
    {
        ArgumentNullException.ThrowIfNull(query);
        return query.OrderChecked(keySelector, descending, then);
    }

    /// <summary>For generated code: <see cref="AsyncTableQuery{T}.Where"/> without the run-time check.</summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    /// <param name="query">The async query.</param>
    /// <param name="predicate">The condition, lowered at build time.</param>
    public static AsyncTableQuery<T> Where<T>(AsyncTableQuery<T> query, Expression<Func<T, bool>> predicate)
    {
        ArgumentNullException.ThrowIfNull(query);
        return query.With(query.Query.WhereChecked(predicate));
    }

    /// <summary>For generated code: the async OrderBy, OrderByDescending, ThenBy or ThenByDescending without the run-time check.</summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    /// <param name="query">The async query.</param>
    /// <param name="keySelector">The key, lowered at build time.</param>
    /// <param name="descending">True for the descending operators.</param>
    /// <param name="then">True for ThenBy and ThenByDescending.</param>
    public static AsyncTableQuery<T> Order<T>(AsyncTableQuery<T> query, LambdaExpression keySelector, bool descending, bool then)
    {
        ArgumentNullException.ThrowIfNull(query);
        return query.With(query.Query.OrderChecked(keySelector, descending, then));
    }

    /// <summary>For generated code: runs <paramref name="run"/> (an intercepted terminal) on the query rebound to one of the pool's readers.</summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    /// <typeparam name="TResult">The terminal's result.</typeparam>
    /// <param name="query">The async query the intercepted operators built.</param>
    /// <param name="run">The terminal: a <see cref="QueryInterception"/> helper with the SQL the generator wrote.</param>
    /// <param name="cancellationToken">Cancels the wait for a reader; checked between rows; interrupts the running statement.</param>
    public static ValueTask<TResult> ReadAsync<T, TResult>(AsyncTableQuery<T> query, Func<TableQuery<T>, CancellationToken, TResult> run, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(query);
        ArgumentNullException.ThrowIfNull(run);
        return query.Pool.ReadAsync((Query: query.Query, Run: run), static (c, s, ct) => s.Run(s.Query.On(c), ct), cancellationToken);
    }

    /// <summary>For generated code: runs the site's SQL and returns every row, checking <paramref name="cancellationToken"/> between rows (the async path).</summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    /// <param name="query">The query the intercepted operators built.</param>
    /// <param name="site">The call site: the SQL the generator wrote and where its values are; a null value sends the query to the run-time path.</param>
    /// <param name="cancellationToken">Checked between rows.</param>
    public static List<T> ToList<T>(TableQuery<T> query, InterceptedSite site, CancellationToken cancellationToken)
    {
        var scratch = Bind(query, site);
        var sql = site.SqlFor(query.Connection.Storage)!;
        if (scratch is null)
        {
            return query.ToList(cancellationToken);
        }

        try
        {
            if (InterceptionCheck.Enabled)
            {
                InterceptionCheck.Statement("ToList", sql, scratch.ToList(), query.BuildSelectStatement(null));
            }

            var rows = query.Connection.Runner.Query(query.Map, sql, StatementArguments.Intercepted(scratch), cancellationToken);
            if (InterceptionCheck.Enabled)
            {
                InterceptionCheck.Rows("ToList", sql, query.Map, rows, query.ToList(cancellationToken));
            }

            return rows;
        }
        finally
        {
            InterceptedValues.Return(scratch);
        }
    }

    /// <summary>For generated code: runs the site's SQL and returns every row.</summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    /// <param name="query">The query the intercepted operators built.</param>
    /// <param name="site">The call site: the SQL the generator wrote and where its values are; a null value sends the query to the run-time path.</param>
    public static List<T> ToList<T>(TableQuery<T> query, InterceptedSite site)
    {
        var scratch = Bind(query, site);
        var sql = site.SqlFor(query.Connection.Storage)!;
        if (scratch is null)
        {
            return query.ToList();
        }

        try
        {
            if (InterceptionCheck.Enabled)
            {
                InterceptionCheck.Statement("ToList", sql, scratch.ToList(), query.BuildSelectStatement(null));
            }

            var rows = query.Connection.Runner.Query(query.Map, sql, StatementArguments.Intercepted(scratch));
            if (InterceptionCheck.Enabled)
            {
                InterceptionCheck.Rows("ToList", sql, query.Map, rows, query.ToList());
            }

            return rows;
        }
        finally
        {
            InterceptedValues.Return(scratch);
        }
    }

    /// <summary>For generated code: runs the site's SQL and returns every row as an array.</summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    /// <param name="query">The query the intercepted operators built.</param>
    /// <param name="site">The call site: the SQL the generator wrote and where its values are; a null value sends the query to the run-time path.</param>
    public static T[] ToArray<T>(TableQuery<T> query, InterceptedSite site) =>
        ToList(query, site).ToArray();

    /// <summary>For generated code: the first row of the site's SQL (which has LIMIT 1), or the run-time error for none.</summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    /// <param name="query">The query the intercepted operators built.</param>
    /// <param name="site">The call site: the SQL the generator wrote and where its values are; a null value sends the query to the run-time path.</param>
    /// <exception cref="InvalidOperationException">The query returns no row.</exception>
    public static T First<T>(TableQuery<T> query, InterceptedSite site)
    {
        var scratch = Bind(query, site);
        var sql = site.SqlFor(query.Connection.Storage)!;
        if (scratch is null)
        {
            return query.First();
        }

        try
        {
            return TryFirst(query, sql, scratch, "First", out var value) ? value : throw query.NoRow();
        }
        finally
        {
            InterceptedValues.Return(scratch);
        }
    }

    /// <summary>For generated code: the first row of the site's SQL (which has LIMIT 1), or default.</summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    /// <param name="query">The query the intercepted operators built.</param>
    /// <param name="site">The call site: the SQL the generator wrote and where its values are; a null value sends the query to the run-time path.</param>
    public static T? FirstOrDefault<T>(TableQuery<T> query, InterceptedSite site)
    {
        var scratch = Bind(query, site);
        var sql = site.SqlFor(query.Connection.Storage)!;
        if (scratch is null)
        {
            return query.FirstOrDefault();
        }

        try
        {
            return TryFirst(query, sql, scratch, "FirstOrDefault", out var value) ? value : default;
        }
        finally
        {
            InterceptedValues.Return(scratch);
        }
    }

    /// <summary>For generated code: the only row of the site's SQL (which reads at most two rows).</summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    /// <param name="query">The query the intercepted operators built.</param>
    /// <param name="site">The call site: the SQL the generator wrote and where its values are; a null value sends the query to the run-time path.</param>
    /// <param name="orDefault">True for SingleOrDefault.</param>
    /// <exception cref="InvalidOperationException">No row (unless <paramref name="orDefault"/>), or more than one.</exception>
    public static T? Single<T>(TableQuery<T> query, InterceptedSite site, bool orDefault)
    {
        var scratch = Bind(query, site);
        var sql = site.SqlFor(query.Connection.Storage)!;
        if (scratch is null)
        {
            return orDefault ? query.SingleOrDefault() : query.Single();
        }

        List<T> rows;
        try
        {
            var terminal = orDefault ? "SingleOrDefault" : "Single";
            if (InterceptionCheck.Enabled)
            {
                InterceptionCheck.Statement(terminal, sql, scratch.ToList(), query.Take(2).BuildSelectStatement(null));
            }

            rows = query.Connection.Runner.Query(query.Map, sql, StatementArguments.Intercepted(scratch));
            if (InterceptionCheck.Enabled)
            {
                InterceptionCheck.Rows(terminal, sql, query.Map, rows, query.Take(2).ToList());
            }
        }
        finally
        {
            InterceptedValues.Return(scratch);
        }

        return query.SingleOf(rows, orDefault);
    }

    /// <summary>For generated code: the count the site's SQL (a SELECT count(*)) returns.</summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    /// <param name="query">The query the intercepted operators built.</param>
    /// <param name="site">The call site: the SQL the generator wrote and where its values are; a null value sends the query to the run-time path.</param>
    /// <exception cref="OverflowException">More than <see cref="int.MaxValue"/> rows.</exception>
    public static int Count<T>(TableQuery<T> query, InterceptedSite site) => checked((int)LongCount(query, site));

    /// <summary>For generated code: the count the site's SQL (a SELECT count(*)) returns, as a long.</summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    /// <param name="query">The query the intercepted operators built.</param>
    /// <param name="site">The call site: the SQL the generator wrote and where its values are; a null value sends the query to the run-time path.</param>
    public static long LongCount<T>(TableQuery<T> query, InterceptedSite site)
    {
        var scratch = Bind(query, site);
        var sql = site.SqlFor(query.Connection.Storage)!;
        if (scratch is null)
        {
            return query.LongCount();
        }

        try
        {
            if (InterceptionCheck.Enabled)
            {
                InterceptionCheck.Statement("Count", sql, scratch.ToList(), query.BuildCount());
            }

            var count = query.Connection.Runner.Scalar<long>(sql, StatementArguments.Intercepted(scratch));
            if (InterceptionCheck.Enabled)
            {
                InterceptionCheck.Scalar("Count", sql, count, query.LongCount());
            }

            return count;
        }
        finally
        {
            InterceptedValues.Return(scratch);
        }
    }

    /// <summary>For generated code: whether the site's SQL (a SELECT EXISTS) finds a row.</summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    /// <param name="query">The query the intercepted operators built.</param>
    /// <param name="site">The call site: the SQL the generator wrote and where its values are; a null value sends the query to the run-time path.</param>
    public static bool Any<T>(TableQuery<T> query, InterceptedSite site)
    {
        var scratch = Bind(query, site);
        var sql = site.SqlFor(query.Connection.Storage)!;
        if (scratch is null)
        {
            return query.Any();
        }

        try
        {
            if (InterceptionCheck.Enabled)
            {
                InterceptionCheck.Statement("Any", sql, scratch.ToList(), query.BuildAny());
            }

            var any = query.Connection.Runner.Scalar<long>(sql, StatementArguments.Intercepted(scratch)) != 0;
            if (InterceptionCheck.Enabled)
            {
                InterceptionCheck.Scalar("Any", sql, any, query.Any());
            }

            return any;
        }
        finally
        {
            InterceptedValues.Return(scratch);
        }
    }

    /// <summary>First's and FirstOrDefault's run of <paramref name="sql"/> (LIMIT 1), checked against the run-time path when <see cref="InterceptionCheck.Enabled"/>.</summary>
    private static bool TryFirst<T>(TableQuery<T> query, string sql, InterceptedValues args, string terminal, out T value)
    {
        if (InterceptionCheck.Enabled)
        {
            InterceptionCheck.Statement(terminal, sql, args.ToList(), query.BuildSelectStatement(1));
        }

        var found = query.Connection.Runner.TryQueryFirst(query.Map, sql, StatementArguments.Intercepted(args), out value);
        if (InterceptionCheck.Enabled)
        {
            var runtimeFound = query.TryFirstCapped(out var runtime);
            InterceptionCheck.Row(terminal, sql, query.Map, found, value, runtimeFound, runtime);
        }

        return found;
    }

    private static InterceptedValues? Bind<T>(TableQuery<T> query, InterceptedSite site)
    {
        ArgumentNullException.ThrowIfNull(query);
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
