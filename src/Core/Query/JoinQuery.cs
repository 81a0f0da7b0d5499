using System.Collections;
using System.Linq.Expressions;
using MicroDb.Query.Model;

namespace MicroDb.Query;

/// <summary>
/// A query over two or more joined tables (see <see cref="TableQuery{T}.Join"/> and <see cref="TableQuery{T}.LeftJoin"/>),
/// translated to one SELECT with <c>INNER JOIN</c>/<c>LEFT JOIN</c> clauses; nothing is joined, filtered or sorted in
/// memory. Every lambda given to it is rewritten onto the tables' rows (a member of the joined result becomes the
/// expression it was built from), so method syntax and query syntax (<c>from ... join ... where ... orderby ... select</c>)
/// translate alike. Immutable; enumerating streams rows from one statement.
/// </summary>
/// <typeparam name="TResult">The type of a joined row.</typeparam>
public sealed partial class JoinQuery<TResult> : IEnumerable<TResult>
{
    private readonly MicroDbConnection _connection;
    // The operators' state. An intercepted join (JoinQuery.Intercepted.cs) has none until something needs it (the
    // run-time path, the interception check): then its operators run once, as the chain would have run them.
    private JoinState? _state;

    internal JoinQuery(MicroDbConnection connection, JoinState state)
    {
        _connection = connection;
        _state = state;
    }

    /// <summary>The connection (the intercepted path).</summary>
    internal MicroDbConnection Connection => _connection;

    /// <summary>The joined tables (the intercepted path).</summary>
    internal JoinedTables Tables => Resolved.Tables;

    /// <summary>The result over the tables' parameters (the intercepted path's check names its members).</summary>
    internal Expression Selector => Resolved.Selector;

    /// <summary>How many Where conditions the query has.</summary>
    internal int WhereCount => Resolved.Wheres.Length;

    /// <summary>The <paramref name="index"/>-th Where condition, rewritten onto the tables (the intercepted path reads its values).</summary>
    internal Expression WhereBody(int index) => Resolved.Wheres[index];

    /// <summary>The run-time path's statement for ToList (<paramref name="limitCap"/> null) or First (1), for the interception check.</summary>
    internal (string Sql, List<object?> Args) BuildStatement(int? limitCap)
    {
        var statement = Resolved.Build(limitCap);
        return (statement.Sql, statement.Args);
    }

    /// <summary>The run-time path's Count statement, for the interception check.</summary>
    internal (string Sql, List<object?> Args) BuildCount() => Resolved.BuildCount();

    /// <summary>The run-time path's Any statement, for the interception check.</summary>
    internal (string Sql, List<object?> Args) BuildAny() => Resolved.BuildAny();

    /// <summary>A reader of this query's rows (the columns its plan selects, as the run-time path reads them) that builds each result with <paramref name="project"/>.</summary>
    internal JoinRowReader<TResult> Reader(Func<object?[], TResult> project)
    {
        var tables = Resolved.Tables;
        var plan = JoinRowReader<TResult>.Plan(tables.Maps, tables.Parameters, Resolved.Selector);
        var presence = new int[tables.Maps.Length];
        var next = plan.Columns.Count;
        for (var i = 0; i < presence.Length; i++)
        {
            presence[i] = tables.Presence[i] is null ? -1 : next++;
        }

        return new JoinRowReader<TResult>(tables.Maps, tables.Parameters, plan.Ordinals, presence, Resolved.Selector, project: project);
    }

    /// <summary>First's error when the query returns no row.</summary>
    internal InvalidOperationException NoRow() => Resolved.NoRow();

    /// <summary>The query over one table a join starts from: its row is the entity.</summary>
    internal static JoinQuery<TResult> Start(TableQuery<TResult> first, string? name) =>
        new(first.Connection, JoinState.Start(new SqliteJoinExecution(first.Connection), first.AsJoinTable(), name));

    /// <summary>
    /// Joins one more table (inner join on equal keys), as <see cref="TableQuery{T}.Join"/> does; the outer key and the
    /// result read the rows joined so far through this query's result (<c>x =&gt; x.o.ProductId</c>).
    /// </summary>
    /// <typeparam name="TInner">The joined table's type.</typeparam>
    /// <typeparam name="TKey">The key type.</typeparam>
    /// <typeparam name="TNew">The type of a joined row.</typeparam>
    /// <param name="inner">The joined table (its Where conditions are kept).</param>
    /// <param name="outerKeySelector">The key of the rows joined so far.</param>
    /// <param name="innerKeySelector">The key of the joined table's row.</param>
    /// <param name="resultSelector">The joined row.</param>
    /// <exception cref="NotSupportedException">This query is ordered or limited, a key or the result has no SQL translation.</exception>
    public JoinQuery<TNew> Join<TInner, TKey, TNew>(
        TableQuery<TInner> inner,
        Expression<Func<TResult, TKey>> outerKeySelector,
        Expression<Func<TInner, TKey>> innerKeySelector,
        Expression<Func<TResult, TInner, TNew>> resultSelector) =>
        AddJoin<TInner, TNew>(SqlJoinKind.Inner, inner, outerKeySelector, innerKeySelector, resultSelector);

    /// <summary>
    /// Joins one more table as a left outer join (.NET 10's <c>LeftJoin</c>): every row so far is kept, and the joined
    /// row is null where none matches. As in LINQ-to-Objects, reading a member of that null row throws
    /// <see cref="NullReferenceException"/>; test it first (<c>c == null ? null : c.Name</c>).
    /// </summary>
    /// <typeparam name="TInner">The joined table's type.</typeparam>
    /// <typeparam name="TKey">The key type.</typeparam>
    /// <typeparam name="TNew">The type of a joined row.</typeparam>
    /// <param name="inner">The joined table (its Where conditions choose which rows can match).</param>
    /// <param name="outerKeySelector">The key of the rows joined so far.</param>
    /// <param name="innerKeySelector">The key of the joined table's row (a value, or an anonymous object of values compared member by member).</param>
    /// <param name="resultSelector">The joined row; its second argument is null where no row matched.</param>
    /// <exception cref="NotSupportedException">This query is ordered or limited, a key or the result has no SQL translation, or only one key is an anonymous object.</exception>
    public JoinQuery<TNew> LeftJoin<TInner, TKey, TNew>(
        TableQuery<TInner> inner,
        Expression<Func<TResult, TKey>> outerKeySelector,
        Expression<Func<TInner, TKey>> innerKeySelector,
        Expression<Func<TResult, TInner?, TNew>> resultSelector) =>
        AddJoin<TInner, TNew>(SqlJoinKind.Left, inner, outerKeySelector, innerKeySelector, resultSelector);

    /// <summary>
    /// Joins one more table as a right outer join (.NET 10's <c>RightJoin</c>): every row of <paramref name="inner"/> is
    /// kept, and the rows joined so far are null, as a whole, where none matches (each of their tables reads null). It
    /// runs as a SQL <c>RIGHT JOIN</c> (SQLite 3.39 or later; the bundled SQLite is). The Where conditions given so far
    /// choose which of the rows joined so far can match (they become part of the ON condition); the joined table's own
    /// Where conditions choose which of its rows are kept. As in LINQ-to-Objects, test the missing row first
    /// (<c>x == null ? null : x.c.Name</c>).
    /// </summary>
    /// <typeparam name="TInner">The joined table's type.</typeparam>
    /// <typeparam name="TKey">The key type (a value, or an anonymous object of values compared member by member).</typeparam>
    /// <typeparam name="TNew">The type of a joined row.</typeparam>
    /// <param name="inner">The joined table: every one of its rows is kept (its Where conditions choose which).</param>
    /// <param name="outerKeySelector">The key of the rows joined so far.</param>
    /// <param name="innerKeySelector">The key of the joined table's row.</param>
    /// <param name="resultSelector">The joined row; its first argument is null where no row joined so far matched.</param>
    /// <exception cref="NotSupportedException">This query is ordered or limited, a key or the result has no SQL translation, or only one key is an anonymous object.</exception>
    /// <exception cref="ArgumentException"><paramref name="inner"/> was made on another connection.</exception>
    public JoinQuery<TNew> RightJoin<TInner, TKey, TNew>(
        TableQuery<TInner> inner,
        Expression<Func<TResult, TKey>> outerKeySelector,
        Expression<Func<TInner, TKey>> innerKeySelector,
        Expression<Func<TResult?, TInner, TNew>> resultSelector)
    {
        ArgumentNullException.ThrowIfNull(inner);
        ArgumentNullException.ThrowIfNull(outerKeySelector);
        ArgumentNullException.ThrowIfNull(innerKeySelector);
        ArgumentNullException.ThrowIfNull(resultSelector);
        return new JoinQuery<TNew>(_connection, Resolved.RightJoin(inner.AsJoinTable(), outerKeySelector, innerKeySelector, resultSelector));
    }

    /// <summary>
    /// Groups the joined rows by <paramref name="keySelector"/> (SQL GROUP BY over the join), each group's elements being
    /// the joined rows; see <see cref="TableQuery{T}.GroupBy{TKey}(Expression{Func{T, TKey}})"/> for what may follow.
    /// </summary>
    /// <typeparam name="TKey">The key type.</typeparam>
    /// <param name="keySelector">The key, over the joined row.</param>
    /// <exception cref="NotSupportedException">The key has no SQL translation, or the query is ordered or limited.</exception>
    public GroupByQuery<TKey, TResult> GroupBy<TKey>(Expression<Func<TResult, TKey>> keySelector)
    {
        ArgumentNullException.ThrowIfNull(keySelector);
        return new GroupByQuery<TKey, TResult>(Resolved.Grouping<TKey, TResult>(keySelector, null));
    }

    /// <summary>
    /// Groups the joined rows by <paramref name="keySelector"/>, each group's elements being <paramref name="elementSelector"/>
    /// of a joined row: query syntax's <c>join c in ... on ... group o by c.Country into g</c> binds here.
    /// </summary>
    /// <typeparam name="TKey">The key type.</typeparam>
    /// <typeparam name="TElement">The type of a group's elements.</typeparam>
    /// <param name="keySelector">The key, over the joined row.</param>
    /// <param name="elementSelector">What each joined row contributes to its group.</param>
    /// <exception cref="NotSupportedException">The key has no SQL translation, or the query is ordered or limited.</exception>
    public GroupByQuery<TKey, TElement> GroupBy<TKey, TElement>(Expression<Func<TResult, TKey>> keySelector, Expression<Func<TResult, TElement>> elementSelector)
    {
        ArgumentNullException.ThrowIfNull(keySelector);
        ArgumentNullException.ThrowIfNull(elementSelector);
        return new GroupByQuery<TKey, TElement>(Resolved.Grouping<TKey, TElement>(keySelector, elementSelector));
    }

    /// <summary>Keeps the joined rows matching <paramref name="predicate"/> (SQL WHERE; several calls are ANDed).</summary>
    /// <param name="predicate">The condition on the joined row.</param>
    /// <exception cref="NotSupportedException">The predicate has no SQL translation, or the query is already limited (Skip/Take).</exception>
    public JoinQuery<TResult> Where(Expression<Func<TResult, bool>> predicate)
    {
        ArgumentNullException.ThrowIfNull(predicate);
        return new JoinQuery<TResult>(_connection, Resolved.Where(predicate));
    }

    /// <summary>Projects each joined row; later operators read the new result.</summary>
    /// <typeparam name="TNew">The projected type.</typeparam>
    /// <param name="selector">The projection.</param>
    public JoinQuery<TNew> Select<TNew>(Expression<Func<TResult, TNew>> selector)
    {
        ArgumentNullException.ThrowIfNull(selector);
        return new JoinQuery<TNew>(_connection, Resolved.Select(selector));
    }

    /// <summary>Sorts by <paramref name="keySelector"/> ascending; earlier orderings become tie-breakers.</summary>
    /// <typeparam name="TKey">The key type.</typeparam>
    /// <param name="keySelector">The key.</param>
    public JoinQuery<TResult> OrderBy<TKey>(Expression<Func<TResult, TKey>> keySelector) => AddOrdering(keySelector, descending: false, then: false, "OrderBy");

    /// <summary>Sorts by <paramref name="keySelector"/> descending.</summary>
    /// <typeparam name="TKey">The key type.</typeparam>
    /// <param name="keySelector">The key.</param>
    public JoinQuery<TResult> OrderByDescending<TKey>(Expression<Func<TResult, TKey>> keySelector) => AddOrdering(keySelector, descending: true, then: false, "OrderByDescending");

    /// <summary>Adds an ascending tie-breaker to the preceding OrderBy.</summary>
    /// <typeparam name="TKey">The key type.</typeparam>
    /// <param name="keySelector">The key.</param>
    /// <exception cref="InvalidOperationException">No OrderBy precedes it.</exception>
    public JoinQuery<TResult> ThenBy<TKey>(Expression<Func<TResult, TKey>> keySelector) => AddOrdering(keySelector, descending: false, then: true, "ThenBy");

    /// <summary>Adds a descending tie-breaker to the preceding OrderBy.</summary>
    /// <typeparam name="TKey">The key type.</typeparam>
    /// <param name="keySelector">The key.</param>
    /// <exception cref="InvalidOperationException">No OrderBy precedes it.</exception>
    public JoinQuery<TResult> ThenByDescending<TKey>(Expression<Func<TResult, TKey>> keySelector) => AddOrdering(keySelector, descending: true, then: true, "ThenByDescending");

    /// <summary>Keeps at most <paramref name="count"/> rows (SQL LIMIT; a negative count keeps none, as in LINQ).</summary>
    /// <param name="count">The number of rows.</param>
    public JoinQuery<TResult> Take(int count) => new(_connection, Resolved.Take(count));

    /// <summary>Skips <paramref name="count"/> rows (SQL OFFSET; a negative count skips none, as in LINQ).</summary>
    /// <param name="count">The number of rows.</param>
    public JoinQuery<TResult> Skip(int count) => new(_connection, Resolved.Skip(count));

    /// <summary>Runs the query and returns every joined row.</summary>
    public List<TResult> ToList() => ToList(CancellationToken.None);

    /// <summary>Runs the query and returns every joined row as an array.</summary>
    public TResult[] ToArray() => ToList().ToArray();

    /// <summary>The first joined row.</summary>
    /// <exception cref="InvalidOperationException">The query returns no row.</exception>
    public TResult First() => TryFirst(out var value) ? value : throw NoRow();

    /// <summary>The first joined row matching <paramref name="predicate"/>.</summary>
    /// <param name="predicate">The condition.</param>
    /// <exception cref="InvalidOperationException">No row matches.</exception>
    public TResult First(Expression<Func<TResult, bool>> predicate) => Where(predicate).First();

    /// <summary>The first joined row, or default when there is none.</summary>
    public TResult? FirstOrDefault() => TryFirst(out var value) ? value : default;

    /// <summary>The first joined row matching <paramref name="predicate"/>, or default.</summary>
    /// <param name="predicate">The condition.</param>
    public TResult? FirstOrDefault(Expression<Func<TResult, bool>> predicate) => Where(predicate).FirstOrDefault();

    /// <summary>The number of joined rows (SQL count).</summary>
    /// <exception cref="OverflowException">More than <see cref="int.MaxValue"/> rows.</exception>
    public int Count() => checked((int)LongCount());

    /// <summary>The number of joined rows matching <paramref name="predicate"/>.</summary>
    /// <param name="predicate">The condition.</param>
    public int Count(Expression<Func<TResult, bool>> predicate) => Where(predicate).Count();

    /// <summary>The number of joined rows, as a long.</summary>
    public long LongCount() => Resolved.Count(async: false, default).GetAwaiter().GetResult();

    /// <summary>True when the query returns at least one row.</summary>
    public bool Any() => Resolved.Any(async: false, default).GetAwaiter().GetResult();

    /// <summary>True when some joined row matches <paramref name="predicate"/>.</summary>
    /// <param name="predicate">The condition.</param>
    public bool Any(Expression<Func<TResult, bool>> predicate) => Where(predicate).Any();

    /// <summary>The SQL the query runs (values appear as <c>?</c> parameters).</summary>
    public string ToSqlString() => Resolved.Build(limitCap: null).Sql;

    /// <summary>Runs the query and streams the joined rows.</summary>
    public IEnumerator<TResult> GetEnumerator()
    {
        var statement = Resolved.Build(limitCap: null);
        return _connection.Runner.Enumerate<TResult, JoinRowReader<TResult>>(statement.Sql, StatementArguments.Translated(statement.Args), statement.SqliteReader<TResult>());
    }

    IEnumerator IEnumerable.GetEnumerator() => GetEnumerator();

    internal bool TryFirst(out TResult value)
    {
        var statement = Resolved.Build(limitCap: 1);
        return _connection.Runner.TryReadFirst(statement.Sql, StatementArguments.Translated(statement.Args), statement.SqliteReader<TResult>(), out value);
    }

    /// <summary>
    /// The first half of query syntax's left join (<c>join c in ... on ... into g from c in g.DefaultIfEmpty()</c>) or of a
    /// grouped join flattened again (<c>from c in g</c>): only <see cref="GroupJoinQuery{TResult, TInner}.SelectMany"/>
    /// can follow, which makes it a left or an inner join. A group used any other way (<c>g.Count()</c>) has no SQL form here.
    /// </summary>
    /// <typeparam name="TInner">The joined table's type.</typeparam>
    /// <typeparam name="TKey">The key type.</typeparam>
    /// <typeparam name="TNew">The type of the grouped row.</typeparam>
    /// <param name="inner">The joined table.</param>
    /// <param name="outerKeySelector">The key of the rows joined so far.</param>
    /// <param name="innerKeySelector">The key of the joined table's row.</param>
    /// <param name="resultSelector">The row with its group of matches.</param>
    public GroupJoinQuery<TNew, TInner> GroupJoin<TInner, TKey, TNew>(
        TableQuery<TInner> inner,
        Expression<Func<TResult, TKey>> outerKeySelector,
        Expression<Func<TInner, TKey>> innerKeySelector,
        Expression<Func<TResult, IEnumerable<TInner>, TNew>> resultSelector)
    {
        ArgumentNullException.ThrowIfNull(inner);
        ArgumentNullException.ThrowIfNull(outerKeySelector);
        ArgumentNullException.ThrowIfNull(innerKeySelector);
        ArgumentNullException.ThrowIfNull(resultSelector);
        return new GroupJoinQuery<TNew, TInner>(_connection, Resolved.GroupJoin(inner.AsJoinTable(), outerKeySelector, innerKeySelector, resultSelector));
    }

    private JoinQuery<TNew> AddJoin<TInner, TNew>(SqlJoinKind kind, TableQuery<TInner> inner, LambdaExpression outerKeySelector, LambdaExpression innerKeySelector, LambdaExpression resultSelector)
    {
        ArgumentNullException.ThrowIfNull(inner);
        ArgumentNullException.ThrowIfNull(outerKeySelector);
        ArgumentNullException.ThrowIfNull(innerKeySelector);
        ArgumentNullException.ThrowIfNull(resultSelector);
        return new JoinQuery<TNew>(_connection, Resolved.Join(kind, inner.AsJoinTable(), outerKeySelector, innerKeySelector, resultSelector));
    }

    /// <summary>
    /// The right join that started from this query's single table: <paramref name="outer"/> (the table whose rows may be
    /// missing) is left-joined to it, and the result selector takes that row first, as <c>RightJoin</c>'s does.
    /// </summary>
    internal JoinQuery<TNew> RightJoinFrom<TOuter, TNew>(TableQuery<TOuter> outer, LambdaExpression keySelector, LambdaExpression outerKeySelector, LambdaExpression resultSelector) =>
        new(_connection, Resolved.RightJoinFrom(outer.AsJoinTable(), keySelector, outerKeySelector, resultSelector));

    /// <summary>The same query bound to <paramref name="connection"/> (a reader of the pool, for the async query).</summary>
    internal JoinQuery<TResult> On(MicroDbConnection connection)
    {
        if (ReferenceEquals(connection, _connection))
        {
            return this;
        }

        // An intercepted join stays deferred: its operators run (and are rebound) only when the run-time query is needed.
        if (Intercepted is { } intercepted && _state is null)
        {
            var build = _build!;
            return Deferred(connection, intercepted, () => build().On(connection));
        }

        return new JoinQuery<TResult>(connection, Resolved.On(new SqliteJoinExecution(connection)));
    }

    /// <summary>Every joined row, with a cancellation check between rows (the async query's path).</summary>
    internal List<TResult> ToList(CancellationToken cancellationToken)
    {
        var statement = Resolved.Build(limitCap: null);
        return _connection.Runner.ReadAll<TResult, JoinRowReader<TResult>>(statement.Sql, StatementArguments.Translated(statement.Args), statement.SqliteReader<TResult>(), cancellationToken);
    }

    /// <summary>Joins <paramref name="inner"/> on <paramref name="outerKey"/> (over this query's tables); the new result is <paramref name="selectorOf"/> the joined table's parameter.</summary>
    internal JoinQuery<TNew> AddJoinCore<TInner, TNew>(SqlJoinKind kind, TableQuery<TInner> inner, Expression outerKey, LambdaExpression innerKeySelector, Func<ParameterExpression, Expression> selectorOf, string name, ParameterExpression? group = null) =>
        new(_connection, Resolved.AddJoin(kind, inner.AsJoinTable(), outerKey, innerKeySelector, selectorOf, name, group));

    private JoinQuery<TResult> AddOrdering(LambdaExpression keySelector, bool descending, bool then, string name)
    {
        ArgumentNullException.ThrowIfNull(keySelector);
        return new JoinQuery<TResult>(_connection, Resolved.Order(keySelector, descending, then, name));
    }
}
