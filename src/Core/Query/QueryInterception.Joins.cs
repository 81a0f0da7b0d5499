using System.Linq.Expressions;
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
    // The stand-ins of an intercepted join's operators (the generator lowered the whole chain): each keeps the lambdas
    // where the terminal reads its values (InterceptedJoin) and, for the run-time path and the interception check, the
    // operator call itself, run only when the run-time query is needed. No ON condition, row substitution or translation
    // runs per query. A receiver that is not an intercepted join gets the run-time operator.

    /// <summary>For generated code: <see cref="TableQuery{T}.Join"/> of an intercepted chain.</summary>
    /// <typeparam name="T">The first table's type.</typeparam>
    /// <typeparam name="TInner">The joined table's type.</typeparam>
    /// <typeparam name="TKey">The key type.</typeparam>
    /// <typeparam name="TResult">The type of a joined row.</typeparam>
    /// <param name="query">The first table's query.</param>
    /// <param name="inner">The joined table's query.</param>
    /// <param name="outerKeySelector">The first table's key, lowered at build time.</param>
    /// <param name="innerKeySelector">The joined table's key, lowered at build time.</param>
    /// <param name="resultSelector">The joined row, lowered at build time.</param>
    /// <exception cref="ArgumentException"><paramref name="inner"/> was made on another connection.</exception>
    /// <exception cref="NotSupportedException">Either query is ordered or limited.</exception>
    public static JoinQuery<TResult> Join<T, TInner, TKey, TResult>(TableQuery<T> query, TableQuery<TInner> inner,
        Expression<Func<T, TKey>> outerKeySelector, Expression<Func<TInner, TKey>> innerKeySelector, Expression<Func<T, TInner, TResult>> resultSelector)
    {
        var intercepted = InterceptedJoin.Start(query, inner, outerKeySelector, innerKeySelector);
        return JoinQuery<TResult>.Deferred(query.Connection, intercepted, () => query.Join(inner, outerKeySelector, innerKeySelector, resultSelector));
    }

    /// <summary>For generated code: <see cref="TableQuery{T}.LeftJoin"/> of an intercepted chain.</summary>
    /// <typeparam name="T">The first table's type.</typeparam>
    /// <typeparam name="TInner">The joined table's type.</typeparam>
    /// <typeparam name="TKey">The key type.</typeparam>
    /// <typeparam name="TResult">The type of a joined row.</typeparam>
    /// <param name="query">The first table's query.</param>
    /// <param name="inner">The joined table's query.</param>
    /// <param name="outerKeySelector">The first table's key, lowered at build time.</param>
    /// <param name="innerKeySelector">The joined table's key, lowered at build time.</param>
    /// <param name="resultSelector">The joined row, lowered at build time.</param>
    /// <exception cref="ArgumentException"><paramref name="inner"/> was made on another connection.</exception>
    /// <exception cref="NotSupportedException">Either query is ordered or limited.</exception>
    public static JoinQuery<TResult> LeftJoin<T, TInner, TKey, TResult>(TableQuery<T> query, TableQuery<TInner> inner,
        Expression<Func<T, TKey>> outerKeySelector, Expression<Func<TInner, TKey>> innerKeySelector, Expression<Func<T, TInner?, TResult>> resultSelector)
    {
        var intercepted = InterceptedJoin.Start(query, inner, outerKeySelector, innerKeySelector);
        return JoinQuery<TResult>.Deferred(query.Connection, intercepted, () => query.LeftJoin(inner, outerKeySelector, innerKeySelector, resultSelector));
    }

    /// <summary>For generated code: <see cref="TableQuery{T}.RightJoin"/> of an intercepted chain (the kept table first, as the run time builds it).</summary>
    /// <typeparam name="T">The first table's type (its row may be missing).</typeparam>
    /// <typeparam name="TInner">The joined table's type (every row kept).</typeparam>
    /// <typeparam name="TKey">The key type.</typeparam>
    /// <typeparam name="TResult">The type of a joined row.</typeparam>
    /// <param name="query">The first table's query.</param>
    /// <param name="inner">The joined table's query.</param>
    /// <param name="outerKeySelector">The first table's key, lowered at build time.</param>
    /// <param name="innerKeySelector">The joined table's key, lowered at build time.</param>
    /// <param name="resultSelector">The joined row, lowered at build time.</param>
    /// <exception cref="ArgumentException"><paramref name="inner"/> was made on another connection.</exception>
    /// <exception cref="NotSupportedException">Either query is ordered or limited.</exception>
    public static JoinQuery<TResult> RightJoin<T, TInner, TKey, TResult>(TableQuery<T> query, TableQuery<TInner> inner,
        Expression<Func<T, TKey>> outerKeySelector, Expression<Func<TInner, TKey>> innerKeySelector, Expression<Func<T?, TInner, TResult>> resultSelector)
    {
        var intercepted = InterceptedJoin.StartRight(query, inner);
        return JoinQuery<TResult>.Deferred(query.Connection, intercepted, () => query.RightJoin(inner, outerKeySelector, innerKeySelector, resultSelector));
    }

    /// <summary>For generated code: <see cref="JoinQuery{TResult}.Join"/> (one more table) of an intercepted chain.</summary>
    /// <typeparam name="TResult">The type of the rows joined so far.</typeparam>
    /// <typeparam name="TInner">The joined table's type.</typeparam>
    /// <typeparam name="TKey">The key type.</typeparam>
    /// <typeparam name="TNew">The type of a joined row.</typeparam>
    /// <param name="query">The join so far.</param>
    /// <param name="inner">The joined table's query.</param>
    /// <param name="outerKeySelector">The key of the rows so far, lowered at build time.</param>
    /// <param name="innerKeySelector">The joined table's key, lowered at build time.</param>
    /// <param name="resultSelector">The joined row, lowered at build time.</param>
    /// <exception cref="ArgumentException"><paramref name="inner"/> was made on another connection.</exception>
    /// <exception cref="NotSupportedException"><paramref name="inner"/> is ordered or limited.</exception>
    public static JoinQuery<TNew> Join<TResult, TInner, TKey, TNew>(JoinQuery<TResult> query, TableQuery<TInner> inner,
        Expression<Func<TResult, TKey>> outerKeySelector, Expression<Func<TInner, TKey>> innerKeySelector, Expression<Func<TResult, TInner, TNew>> resultSelector)
    {
        ArgumentNullException.ThrowIfNull(query);
        return query.Intercepted is { } intercepted
            ? JoinQuery<TNew>.Deferred(query.Connection, intercepted.Join(query.Connection, inner, outerKeySelector, innerKeySelector), () => query.Join(inner, outerKeySelector, innerKeySelector, resultSelector))
            : query.Join(inner, outerKeySelector, innerKeySelector, resultSelector);
    }

    /// <summary>For generated code: <see cref="JoinQuery{TResult}.LeftJoin"/> (one more table) of an intercepted chain.</summary>
    /// <typeparam name="TResult">The type of the rows joined so far.</typeparam>
    /// <typeparam name="TInner">The joined table's type.</typeparam>
    /// <typeparam name="TKey">The key type.</typeparam>
    /// <typeparam name="TNew">The type of a joined row.</typeparam>
    /// <param name="query">The join so far.</param>
    /// <param name="inner">The joined table's query.</param>
    /// <param name="outerKeySelector">The key of the rows so far, lowered at build time.</param>
    /// <param name="innerKeySelector">The joined table's key, lowered at build time.</param>
    /// <param name="resultSelector">The joined row, lowered at build time.</param>
    /// <exception cref="ArgumentException"><paramref name="inner"/> was made on another connection.</exception>
    /// <exception cref="NotSupportedException"><paramref name="inner"/> is ordered or limited.</exception>
    public static JoinQuery<TNew> LeftJoin<TResult, TInner, TKey, TNew>(JoinQuery<TResult> query, TableQuery<TInner> inner,
        Expression<Func<TResult, TKey>> outerKeySelector, Expression<Func<TInner, TKey>> innerKeySelector, Expression<Func<TResult, TInner?, TNew>> resultSelector)
    {
        ArgumentNullException.ThrowIfNull(query);
        return query.Intercepted is { } intercepted
            ? JoinQuery<TNew>.Deferred(query.Connection, intercepted.Join(query.Connection, inner, outerKeySelector, innerKeySelector), () => query.LeftJoin(inner, outerKeySelector, innerKeySelector, resultSelector))
            : query.LeftJoin(inner, outerKeySelector, innerKeySelector, resultSelector);
    }

    /// <summary>For generated code: <see cref="TableQuery{T}.GroupJoin"/> of an intercepted chain.</summary>
    /// <typeparam name="T">The first table's type.</typeparam>
    /// <typeparam name="TInner">The joined table's type.</typeparam>
    /// <typeparam name="TKey">The key type.</typeparam>
    /// <typeparam name="TResult">The type of the grouped row.</typeparam>
    /// <param name="query">The first table's query.</param>
    /// <param name="inner">The joined table's query.</param>
    /// <param name="outerKeySelector">The first table's key, lowered at build time.</param>
    /// <param name="innerKeySelector">The joined table's key, lowered at build time.</param>
    /// <param name="resultSelector">The row with its group, lowered at build time.</param>
    /// <exception cref="ArgumentException"><paramref name="inner"/> was made on another connection.</exception>
    /// <exception cref="NotSupportedException">Either query is ordered or limited.</exception>
    public static GroupJoinQuery<TResult, TInner> GroupJoin<T, TInner, TKey, TResult>(TableQuery<T> query, TableQuery<TInner> inner,
        Expression<Func<T, TKey>> outerKeySelector, Expression<Func<TInner, TKey>> innerKeySelector, Expression<Func<T, IEnumerable<TInner>, TResult>> resultSelector)
    {
        var intercepted = InterceptedJoin.Start(query, inner, outerKeySelector, innerKeySelector);
        return GroupJoinQuery<TResult, TInner>.Deferred(query.Connection, intercepted, () => query.GroupJoin(inner, outerKeySelector, innerKeySelector, resultSelector));
    }

    /// <summary>For generated code: <see cref="JoinQuery{TResult}.GroupJoin"/> (one more table) of an intercepted chain.</summary>
    /// <typeparam name="TResult">The type of the rows joined so far.</typeparam>
    /// <typeparam name="TInner">The joined table's type.</typeparam>
    /// <typeparam name="TKey">The key type.</typeparam>
    /// <typeparam name="TNew">The type of the grouped row.</typeparam>
    /// <param name="query">The join so far.</param>
    /// <param name="inner">The joined table's query.</param>
    /// <param name="outerKeySelector">The key of the rows so far, lowered at build time.</param>
    /// <param name="innerKeySelector">The joined table's key, lowered at build time.</param>
    /// <param name="resultSelector">The row with its group, lowered at build time.</param>
    /// <exception cref="ArgumentException"><paramref name="inner"/> was made on another connection.</exception>
    /// <exception cref="NotSupportedException"><paramref name="inner"/> is ordered or limited.</exception>
    public static GroupJoinQuery<TNew, TInner> GroupJoin<TResult, TInner, TKey, TNew>(JoinQuery<TResult> query, TableQuery<TInner> inner,
        Expression<Func<TResult, TKey>> outerKeySelector, Expression<Func<TInner, TKey>> innerKeySelector, Expression<Func<TResult, IEnumerable<TInner>, TNew>> resultSelector)
    {
        ArgumentNullException.ThrowIfNull(query);
        return query.Intercepted is { } intercepted
            ? GroupJoinQuery<TNew, TInner>.Deferred(query.Connection, intercepted.Join(query.Connection, inner, outerKeySelector, innerKeySelector), () => query.GroupJoin(inner, outerKeySelector, innerKeySelector, resultSelector))
            : query.GroupJoin(inner, outerKeySelector, innerKeySelector, resultSelector);
    }

    /// <summary>For generated code: <see cref="GroupJoinQuery{TResult, TInner}.SelectMany"/> of an intercepted chain (GroupJoin's flattening).</summary>
    /// <typeparam name="TResult">The grouped row's type.</typeparam>
    /// <typeparam name="TInner">The joined table's type.</typeparam>
    /// <typeparam name="TCollection">The joined row's type.</typeparam>
    /// <typeparam name="TNew">The result type.</typeparam>
    /// <param name="query">The grouped join.</param>
    /// <param name="collectionSelector"><c>x =&gt; x.g.DefaultIfEmpty()</c> or <c>x =&gt; x.g</c>, lowered at build time.</param>
    /// <param name="resultSelector">The joined row, lowered at build time.</param>
    public static JoinQuery<TNew> SelectMany<TResult, TInner, TCollection, TNew>(GroupJoinQuery<TResult, TInner> query,
        Expression<Func<TResult, IEnumerable<TCollection>>> collectionSelector, Expression<Func<TResult, TCollection, TNew>> resultSelector)
    {
        ArgumentNullException.ThrowIfNull(query);
        return query.Intercepted is { } intercepted
            ? JoinQuery<TNew>.Deferred(query.Connection, intercepted, () => query.SelectMany(collectionSelector, resultSelector))
            : query.SelectMany(collectionSelector, resultSelector);
    }

    /// <summary>For generated code: <see cref="JoinQuery{TResult}.Where"/> of an intercepted chain (its values are read from <paramref name="predicate"/>).</summary>
    /// <typeparam name="TResult">The type of a joined row.</typeparam>
    /// <param name="query">The join.</param>
    /// <param name="predicate">The condition, lowered at build time.</param>
    public static JoinQuery<TResult> Where<TResult>(JoinQuery<TResult> query, Expression<Func<TResult, bool>> predicate)
    {
        ArgumentNullException.ThrowIfNull(query);
        return query.Intercepted is { } intercepted
            ? JoinQuery<TResult>.Deferred(query.Connection, intercepted.Where(predicate), () => query.Where(predicate))
            : query.Where(predicate);
    }

    /// <summary>For generated code: OrderBy, OrderByDescending, ThenBy or ThenByDescending of an intercepted join.</summary>
    /// <typeparam name="TResult">The type of a joined row.</typeparam>
    /// <typeparam name="TKey">The key type.</typeparam>
    /// <param name="query">The join.</param>
    /// <param name="keySelector">The key, lowered at build time.</param>
    /// <param name="descending">True for the descending operators.</param>
    /// <param name="then">True for ThenBy and ThenByDescending.</param>
    public static JoinQuery<TResult> Order<TResult, TKey>(JoinQuery<TResult> query, Expression<Func<TResult, TKey>> keySelector, bool descending, bool then)
    {
        ArgumentNullException.ThrowIfNull(query);
        ArgumentNullException.ThrowIfNull(keySelector);
        return query.Intercepted is { } intercepted
            ? JoinQuery<TResult>.Deferred(query.Connection, intercepted, () => OrderJoin(query, keySelector, descending, then))
            : OrderJoin(query, keySelector, descending, then);
    }

    /// <summary>For generated code: Take (<paramref name="skip"/> false) or Skip of an intercepted join.</summary>
    /// <typeparam name="TResult">The type of a joined row.</typeparam>
    /// <param name="query">The join.</param>
    /// <param name="count">The count.</param>
    /// <param name="skip">True for Skip.</param>
    public static JoinQuery<TResult> Page<TResult>(JoinQuery<TResult> query, int count, bool skip)
    {
        ArgumentNullException.ThrowIfNull(query);
        return query.Intercepted is { } intercepted
            ? JoinQuery<TResult>.Deferred(query.Connection, intercepted, () => skip ? query.Skip(count) : query.Take(count))
            : skip ? query.Skip(count) : query.Take(count);
    }

    /// <summary>For generated code: <see cref="JoinQuery{TResult}.Select"/> of an intercepted chain.</summary>
    /// <typeparam name="TResult">The type of a joined row.</typeparam>
    /// <typeparam name="TNew">The projected type.</typeparam>
    /// <param name="query">The join.</param>
    /// <param name="selector">The projection, lowered at build time.</param>
    public static JoinQuery<TNew> Select<TResult, TNew>(JoinQuery<TResult> query, Expression<Func<TResult, TNew>> selector)
    {
        ArgumentNullException.ThrowIfNull(query);
        ArgumentNullException.ThrowIfNull(selector);
        return query.Intercepted is { } intercepted
            ? JoinQuery<TNew>.Deferred(query.Connection, intercepted, () => query.Select(selector))
            : query.Select(selector);
    }

    private static JoinQuery<TResult> OrderJoin<TResult, TKey>(JoinQuery<TResult> query, Expression<Func<TResult, TKey>> keySelector, bool descending, bool then) =>
        (descending, then) switch
        {
            (false, false) => query.OrderBy(keySelector),
            (true, false) => query.OrderByDescending(keySelector),
            (false, true) => query.ThenBy(keySelector),
            _ => query.ThenByDescending(keySelector),
        };

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
        var scratch = Bind(query, site, out var sql);
        if (scratch is null)
        {
            return query.ToList(cancellationToken);
        }

        try
        {
            if (InterceptionCheck.Enabled)
            {
                InterceptionCheck.Statement("Join.ToList", sql, scratch.ToList(), query.BuildStatement(null));
            }

            var rows = query.Connection.Runner.ReadAll<TResult, TReader>(sql, StatementArguments.Intercepted(scratch), reader, cancellationToken);
            if (InterceptionCheck.Enabled)
            {
                InterceptionCheck.JoinProjected("Join.ToList", sql, query.Selector, query.Tables.Maps, rows, query.ToList());
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
        var scratch = Bind(query, site, out var sql);
        if (scratch is null)
        {
            return query.LongCount();
        }

        try
        {
            if (InterceptionCheck.Enabled)
            {
                InterceptionCheck.Statement("Join.Count", sql, scratch.ToList(), query.BuildCount());
            }

            var count = query.Connection.Runner.Scalar<long>(sql, StatementArguments.Intercepted(scratch));
            if (InterceptionCheck.Enabled)
            {
                InterceptionCheck.Scalar("Join.Count", sql, count, query.LongCount());
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
        var scratch = Bind(query, site, out var sql);
        if (scratch is null)
        {
            return query.Any();
        }

        try
        {
            if (InterceptionCheck.Enabled)
            {
                InterceptionCheck.Statement("Join.Any", sql, scratch.ToList(), query.BuildAny());
            }

            var any = query.Connection.Runner.Scalar<long>(sql, StatementArguments.Intercepted(scratch)) != 0;
            if (InterceptionCheck.Enabled)
            {
                InterceptionCheck.Scalar("Join.Any", sql, any, query.Any());
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
        var scratch = Bind(query, site, out var sql);
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

            var found = query.Connection.Runner.TryReadFirst(sql, StatementArguments.Intercepted(scratch), reader, out value);
            if (InterceptionCheck.Enabled)
            {
                var runtimeFound = query.TryFirst(out var runtime);
                InterceptionCheck.JoinProjected<TResult>(terminal, sql, query.Selector, query.Tables.Maps, found ? [value] : [], runtimeFound ? [runtime] : []);
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

    /// <summary>
    /// The join's values read from its conditions and its SQL for the connection's storage format (a key whose ON
    /// condition depends on it, <see cref="InterceptedSite.Formats"/>), or null when a value is null or the format has no
    /// SQL (the run-time path runs the query, and throws its error where it refuses the key).
    /// </summary>
    private static InterceptedValues? Bind<TResult>(JoinQuery<TResult> query, InterceptedSite site, out string sql)
    {
        ArgumentNullException.ThrowIfNull(site);
        sql = site.SqlFor(query.Connection.Storage)!;
        if (sql is null)
        {
            return null;
        }

        var values = InterceptedValues.Rent();
        if (site.TryBind(query, values))
        {
            sql = site.SqlFor(query.Connection.Storage)!; // read again: an IN list's length is the bound collection's (InterceptedSite.Strings.cs)
            return values;
        }

        InterceptedValues.Return(values);
        return null;
    }
}
