using System.Collections;
using System.Linq.Expressions;
using System.Text;
using MicroDb.Mapping;
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
    private State? _state;

    private JoinQuery(MicroDbConnection connection, JoinedTables tables, Expression selector, Expression[] wheres, (Expression Key, bool Descending)[] orderings, int group, int? limit, int offset)
    {
        _connection = connection;
        _state = new State(tables, selector, wheres, orderings, group, limit, offset);
    }

    private JoinedTables _tables => Resolved.Tables;

    private Expression _selector => Resolved.Selector;

    private Expression[] _wheres => Resolved.Wheres;

    private (Expression Key, bool Descending)[] _orderings => Resolved.Orderings;

    private int _group => Resolved.Group;

    private int? _limit => Resolved.Limit;

    private int _offset => Resolved.Offset;

    private bool IsLimited => _limit is not null || _offset > 0;

    /// <summary>The connection (the intercepted path).</summary>
    internal MicroDbConnection Connection => _connection;

    /// <summary>The joined tables (the intercepted path).</summary>
    internal JoinedTables Tables => _tables;

    /// <summary>The result over the tables' parameters (the intercepted path's check names its members).</summary>
    internal Expression Selector => _selector;

    /// <summary>How many Where conditions the query has.</summary>
    internal int WhereCount => _wheres.Length;

    /// <summary>The <paramref name="index"/>-th Where condition, rewritten onto the tables (the intercepted path reads its values).</summary>
    internal Expression WhereBody(int index) => _wheres[index];

    /// <summary>The run-time path's statement for ToList (<paramref name="limitCap"/> null) or First (1), for the interception check.</summary>
    internal (string Sql, List<object?> Args) BuildStatement(int? limitCap)
    {
        var (sql, args, _) = Build(limitCap);
        return (sql, args);
    }

    /// <summary>The run-time path's Count statement, for the interception check.</summary>
    internal (string Sql, List<object?> Args) BuildCount()
    {
        var args = new List<object?>();
        var model = IsLimited
            ? QueryModel.Select(new SqlSubquery(BuildModel(QueryProjections.One, includeOrder: false, args, null)), QueryProjections.CountAll)
            : BuildModel(QueryProjections.CountAll, includeOrder: false, args, null);
        return (Write(model, args), args);
    }

    /// <summary>The run-time path's Any statement, for the interception check.</summary>
    internal (string Sql, List<object?> Args) BuildAny()
    {
        var args = new List<object?>();
        var exists = new SqlExists(BuildModel(QueryProjections.One, includeOrder: false, args, null));
        return (Write(QueryModel.Select(null, new ValueList<SqlExpression>([exists])), args), args);
    }

    /// <summary>A reader of this query's rows (the columns its plan selects, as the run-time path reads them) that builds each result with <paramref name="project"/>.</summary>
    internal JoinRowReader<TResult> Reader(Func<object?[], TResult> project)
    {
        var plan = JoinRowReader<TResult>.Plan(_tables.Maps, _tables.Parameters, _selector);
        var presence = new int[_tables.Maps.Length];
        var next = plan.Columns.Count;
        for (var i = 0; i < presence.Length; i++)
        {
            presence[i] = _tables.Presence[i] is null ? -1 : next++;
        }

        return new JoinRowReader<TResult>(_tables.Maps, _tables.Parameters, plan.Ordinals, presence, _selector, project: project);
    }

    /// <summary>First's error when the query returns no row.</summary>
    internal InvalidOperationException NoRow() => new($"The join on '{_tables.Maps[0].Table.TableName}' returned no row.");

    /// <summary>The query over one table a join starts from: its row is the entity.</summary>
    internal static JoinQuery<TResult> Start(TableQuery<TResult> first, string? name)
    {
        var parameter = Expression.Parameter(typeof(TResult), name ?? JoinScope.Alias(0));
        var tables = new JoinedTables([first.Map], [parameter], [SqlJoinKind.Inner], [null], [null]);
        var filters = first.JoinFilters("join");
        var wheres = new Expression[filters.Count];
        for (var i = 0; i < wheres.Length; i++)
        {
            wheres[i] = RowSubstitution.Apply(filters[i], parameter);
        }

        return new JoinQuery<TResult>(first.Connection, tables, parameter, wheres, [], 0, null, 0);
    }

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
    /// <param name="innerKeySelector">The key of the joined table's row (a single value, not a composite key).</param>
    /// <param name="resultSelector">The joined row; its second argument is null where no row matched.</param>
    /// <exception cref="NotSupportedException">This query is ordered or limited, a key or the result has no SQL translation, the key is composite.</exception>
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
    /// <typeparam name="TKey">The key type (a single value, not a composite key).</typeparam>
    /// <typeparam name="TNew">The type of a joined row.</typeparam>
    /// <param name="inner">The joined table: every one of its rows is kept (its Where conditions choose which).</param>
    /// <param name="outerKeySelector">The key of the rows joined so far.</param>
    /// <param name="innerKeySelector">The key of the joined table's row.</param>
    /// <param name="resultSelector">The joined row; its first argument is null where no row joined so far matched.</param>
    /// <exception cref="NotSupportedException">This query is ordered or limited, a key or the result has no SQL translation, the key is composite.</exception>
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
        RejectLimited("RightJoin");
        if (_orderings.Length > 0)
        {
            throw new NotSupportedException("MicroDb cannot translate RightJoin after OrderBy on a join; order after the last join.");
        }

        if (!ReferenceEquals(inner.Connection, _connection))
        {
            throw new ArgumentException($"The joined query on '{inner.Table.TableName}' runs on another connection; a join runs on one connection.", nameof(inner));
        }

        var parameter = Expression.Parameter(typeof(TInner), innerKeySelector.Parameters[0].Name ?? JoinScope.Alias(_tables.Maps.Length));
        var innerKey = RowSubstitution.Apply(innerKeySelector, parameter);
        var on = JoinKeys.Condition(RowSubstitution.Apply(outerKeySelector, _selector), innerKey, SqlJoinKind.Left, "RightJoin");

        // The conditions on the rows so far filter them before the join: in the ON clause, a row failing them matches nothing.
        foreach (var where in _wheres)
        {
            on = Expression.AndAlso(on, where);
        }

        // The kept table's own conditions choose which of its rows are kept: WHERE.
        var filters = inner.JoinFilters("join");
        var wheres = new Expression[filters.Count];
        for (var i = 0; i < wheres.Length; i++)
        {
            wheres[i] = RowSubstitution.Apply(filters[i], parameter);
        }

        var tables = _tables.AddRight(inner.Map, parameter, on);
        var anchor = tables.Parameters[_tables.Anchor()];
        var row = resultSelector.Parameters[0];
        var body = new MissingRow(row, anchor).Visit(resultSelector.Body);
        var selector = RowSubstitution.Apply(resultSelector.Update(body, resultSelector.Parameters), _selector, parameter);
        var joined = new JoinQuery<TNew>(_connection, tables, selector, wheres, [], 0, null, 0);

        // Translate the condition now, so a key without SQL form fails at the call, as Where does.
        joined.Translate(on, TranslationKind.Predicate, []);
        return joined;
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
        return new GroupByQuery<TKey, TResult>(Grouping<TKey, TResult>(keySelector, _selector));
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
        return new GroupByQuery<TKey, TElement>(Grouping<TKey, TElement>(keySelector, RowSubstitution.Apply(elementSelector, _selector)));
    }

    /// <summary>Keeps the joined rows matching <paramref name="predicate"/> (SQL WHERE; several calls are ANDed).</summary>
    /// <param name="predicate">The condition on the joined row.</param>
    /// <exception cref="NotSupportedException">The predicate has no SQL translation, or the query is already limited (Skip/Take).</exception>
    public JoinQuery<TResult> Where(Expression<Func<TResult, bool>> predicate)
    {
        ArgumentNullException.ThrowIfNull(predicate);
        RejectLimited("Where");
        var condition = RowSubstitution.Apply(predicate, _selector);
        Translate(condition, TranslationKind.Predicate, []);
        return new JoinQuery<TResult>(_connection, _tables, _selector, [.. _wheres, condition], _orderings, _group, _limit, _offset);
    }

    /// <summary>Projects each joined row; later operators read the new result.</summary>
    /// <typeparam name="TNew">The projected type.</typeparam>
    /// <param name="selector">The projection.</param>
    public JoinQuery<TNew> Select<TNew>(Expression<Func<TResult, TNew>> selector)
    {
        ArgumentNullException.ThrowIfNull(selector);
        return new JoinQuery<TNew>(_connection, _tables, RowSubstitution.Apply(selector, _selector), _wheres, _orderings, _group, _limit, _offset);
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
    public JoinQuery<TResult> Take(int count) => new(_connection, _tables, _selector, _wheres, _orderings, _group, SqlPaging.Take(_limit, count), _offset);

    /// <summary>Skips <paramref name="count"/> rows (SQL OFFSET; a negative count skips none, as in LINQ).</summary>
    /// <param name="count">The number of rows.</param>
    public JoinQuery<TResult> Skip(int count)
    {
        var (limit, offset) = SqlPaging.Skip(_limit, _offset, count);
        return new JoinQuery<TResult>(_connection, _tables, _selector, _wheres, _orderings, _group, limit, offset);
    }

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
    public long LongCount()
    {
        var (sql, args) = BuildCount();
        return _connection.Runner.Scalar<long>(sql, StatementArguments.Translated(args));
    }

    /// <summary>True when the query returns at least one row.</summary>
    public bool Any()
    {
        var (sql, args) = BuildAny();
        return _connection.Runner.Scalar<long>(sql, StatementArguments.Translated(args)) != 0;
    }

    /// <summary>True when some joined row matches <paramref name="predicate"/>.</summary>
    /// <param name="predicate">The condition.</param>
    public bool Any(Expression<Func<TResult, bool>> predicate) => Where(predicate).Any();

    /// <summary>The SQL the query runs (values appear as <c>?</c> parameters).</summary>
    public string ToSqlString() => Build(limitCap: null).Sql;

    /// <summary>Runs the query and streams the joined rows.</summary>
    public IEnumerator<TResult> GetEnumerator()
    {
        var (sql, args, reader) = Build(limitCap: null);
        return _connection.Runner.Enumerate<TResult, JoinRowReader<TResult>>(sql, StatementArguments.Translated(args), reader);
    }

    IEnumerator IEnumerable.GetEnumerator() => GetEnumerator();

    internal bool TryFirst(out TResult value)
    {
        var (sql, args, reader) = Build(limitCap: 1);
        return _connection.Runner.TryReadFirst(sql, StatementArguments.Translated(args), reader, out value);
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
        var group = resultSelector.Parameters[1];
        return new GroupJoinQuery<TNew, TInner>(new GroupJoinSource<TResult, TInner>(
            this, inner, RowSubstitution.Apply(outerKeySelector, _selector), innerKeySelector, group, RowSubstitution.Apply(resultSelector, _selector, group)));
    }

    private JoinQuery<TNew> AddJoin<TInner, TNew>(SqlJoinKind kind, TableQuery<TInner> inner, LambdaExpression outerKeySelector, LambdaExpression innerKeySelector, LambdaExpression resultSelector)
    {
        ArgumentNullException.ThrowIfNull(inner);
        ArgumentNullException.ThrowIfNull(outerKeySelector);
        ArgumentNullException.ThrowIfNull(innerKeySelector);
        ArgumentNullException.ThrowIfNull(resultSelector);
        return AddJoinCore<TInner, TNew>(
            kind, inner, RowSubstitution.Apply(outerKeySelector, _selector), innerKeySelector, parameter => RowSubstitution.Apply(resultSelector, _selector, parameter), kind == SqlJoinKind.Left ? "LeftJoin" : "Join");
    }

    /// <summary>
    /// The right join that started from this query's single table: <paramref name="outer"/> (the table whose rows may be
    /// missing) is left-joined to it, and the result selector takes that row first, as <c>RightJoin</c>'s does.
    /// </summary>
    internal JoinQuery<TNew> RightJoinFrom<TOuter, TNew>(TableQuery<TOuter> outer, LambdaExpression keySelector, LambdaExpression outerKeySelector, LambdaExpression resultSelector) =>
        AddJoinCore<TOuter, TNew>(
            SqlJoinKind.Left, outer, RowSubstitution.Apply(keySelector, _selector), outerKeySelector, parameter => RowSubstitution.Apply(resultSelector, parameter, _selector), "RightJoin");

    /// <summary>The same query bound to <paramref name="connection"/> (a reader of the pool, for the async query).</summary>
    internal JoinQuery<TResult> On(MicroDbConnection connection) =>
        ReferenceEquals(connection, _connection) ? this : new JoinQuery<TResult>(connection, _tables, _selector, _wheres, _orderings, _group, _limit, _offset);

    /// <summary>Every joined row, with a cancellation check between rows (the async query's path).</summary>
    internal List<TResult> ToList(CancellationToken cancellationToken)
    {
        var (sql, args, reader) = Build(limitCap: null);
        return _connection.Runner.ReadAll<TResult, JoinRowReader<TResult>>(sql, StatementArguments.Translated(args), reader, cancellationToken);
    }

    private GroupState Grouping<TKey, TElement>(LambdaExpression keySelector, Expression elementBody)
    {
        RejectLimited("GroupBy");
        if (_orderings.Length > 0)
        {
            throw new NotSupportedException("MicroDb cannot translate GroupBy after OrderBy on a join; order the groups instead.");
        }

        var group = Expression.Parameter(typeof(IGrouping<TKey, TElement>), "g");
        var state = new GroupState(_connection, _tables, elementBody, group, RowSubstitution.Apply(keySelector, _selector), _wheres);
        state.CheckKeys();
        return state;
    }

    /// <summary>Joins <paramref name="inner"/> on <paramref name="outerKey"/> (over this query's tables); the new result is <paramref name="selectorOf"/> the joined table's parameter.</summary>
    internal JoinQuery<TNew> AddJoinCore<TInner, TNew>(SqlJoinKind kind, TableQuery<TInner> inner, Expression outerKey, LambdaExpression innerKeySelector, Func<ParameterExpression, Expression> selectorOf, string name, ParameterExpression? group = null)
    {
        RejectLimited(name);
        if (_orderings.Length > 0)
        {
            throw new NotSupportedException($"MicroDb cannot translate {name} after OrderBy on a join; order after the last join.");
        }

        if (!ReferenceEquals(inner.Connection, _connection))
        {
            throw new ArgumentException($"The joined query on '{inner.Table.TableName}' runs on another connection; a join runs on one connection.", nameof(inner));
        }

        var parameter = Expression.Parameter(typeof(TInner), innerKeySelector.Parameters[0].Name ?? JoinScope.Alias(_tables.Maps.Length));
        var innerKey = RowSubstitution.Apply(innerKeySelector, parameter);
        var on = JoinKeys.Condition(outerKey, innerKey, kind, name);
        foreach (var filter in inner.JoinFilters("join"))
        {
            on = Expression.AndAlso(on, RowSubstitution.Apply(filter, parameter));
        }

        var tables = _tables.Add(inner.Map, parameter, kind, on, kind == SqlJoinKind.Left ? innerKey : null, group);
        var joined = new JoinQuery<TNew>(_connection, tables, selectorOf(parameter), _wheres, [], 0, null, 0);

        // Translate the condition now, so a key without SQL form fails at the call, as Where does.
        joined.Translate(on, TranslationKind.Predicate, []);
        return joined;
    }

    private JoinQuery<TResult> AddOrdering(LambdaExpression keySelector, bool descending, bool then, string name)
    {
        ArgumentNullException.ThrowIfNull(keySelector);
        RejectLimited(name);
        if (then && _orderings.Length == 0)
        {
            throw new InvalidOperationException($"{name} needs a preceding OrderBy or OrderByDescending.");
        }

        var key = RowSubstitution.Apply(keySelector, _selector);
        Translate(key, TranslationKind.OrderKey, []);
        var orderings = new List<(Expression Key, bool Descending)>(_orderings);
        if (then)
        {
            orderings.Insert(_group, (key, descending));
            return new JoinQuery<TResult>(_connection, _tables, _selector, _wheres, [.. orderings], _group + 1, _limit, _offset);
        }

        // As LINQ's stable sort: a new OrderBy sorts first, earlier orderings break its ties.
        orderings.Insert(0, (key, descending));
        return new JoinQuery<TResult>(_connection, _tables, _selector, _wheres, [.. orderings], 1, _limit, _offset);
    }

    private void RejectLimited(string name)
    {
        if (IsLimited)
        {
            throw new NotSupportedException($"MicroDb cannot translate {name} after Skip or Take on a join; apply Skip and Take last.");
        }
    }

    private SqlExpression Translate(Expression body, TranslationKind kind, List<object?> args)
    {
        _tables.RejectGroups(body);
        // A sub-query in the lambda must be made on this connection (SqlTranslator.Subqueries).
        using var subqueries = SubqueryConnection.Enter(_connection);
        return SqlTranslator.TranslateJoined(_tables.Scope, _connection.Storage, body, kind, args);
    }

    private (string Sql, List<object?> Args, JoinRowReader<TResult> Reader) Build(int? limitCap)
    {
        _tables.RejectGroups(_selector);
        var args = new List<object?>();
        var subqueries = ProjectionSubqueries.Lift(_selector, _tables.Parameters[0], _selector);
        var plan = JoinRowReader<TResult>.Plan(_tables.Maps, _tables.Parameters, subqueries?.Body ?? _selector);
        var projection = new List<SqlExpression>(plan.Columns);
        var presence = new int[_tables.Maps.Length];
        for (var i = 0; i < presence.Length; i++)
        {
            presence[i] = -1;
            if (_tables.Presence[i] is not null)
            {
                presence[i] = projection.Count;
                projection.Add(PresenceOf(i));
            }
        }

        if (projection.Count == 0)
        {
            projection.Add(SqlLiteral.One);
        }

        // Sub-queries of the result (db.Table<Line>().Count(...)) are columns after the tables' (ProjectionSubqueries).
        var first = projection.Count;
        if (subqueries is not null)
        {
            using var inner = SubqueryConnection.Enter(_connection);
            foreach (var lifted in subqueries.Lifted)
            {
                projection.Add(SqlTranslator.TranslateLiftedJoined(_tables.Scope, _connection.Storage, lifted, args));
            }
        }

        var model = BuildModel(new ValueList<SqlExpression>([.. projection]), includeOrder: true, args, limitCap);
        var reader = new JoinRowReader<TResult>(_tables.Maps, _tables.Parameters, plan.Ordinals, presence, _selector, subqueries, first);
        return (Write(model, args), args, reader);
    }

    /// <summary>
    /// A value of left-joined table <paramref name="index"/> that is NULL only where no row matched: its rowid, or for a
    /// WITHOUT ROWID table its first key column (NOT NULL there). Not the join key: a stored NULL can match (a non-nullable
    /// double's NaN is stored as NULL and compares as the 0 it reads back as), and that row is not missing.
    /// </summary>
    private SqlExpression PresenceOf(int index)
    {
        var table = _tables.Maps[index].Table;
        var alias = JoinScope.Alias(index);
        return SqlJoinPresence.Of(alias, table.WithoutRowId, table.WithoutRowId ? table.PrimaryKeyColumns[0].Name : null);
    }

    private QueryModel BuildModel(ValueList<SqlExpression> projection, bool includeOrder, List<object?> args, int? limitCap)
    {
        var source = _tables.Source(_connection.Storage, args);

        var predicates = new SqlExpression[_wheres.Length];
        for (var i = 0; i < predicates.Length; i++)
        {
            predicates[i] = Translate(_wheres[i], TranslationKind.Predicate, args);
        }

        var orderings = new SqlOrdering[includeOrder ? _orderings.Length : 0];
        for (var i = 0; i < orderings.Length; i++)
        {
            orderings[i] = new SqlOrdering(Translate(_orderings[i].Key, TranslationKind.OrderKey, args), _orderings[i].Descending);
        }

        var limit = limitCap is { } cap ? (_limit is { } own ? Math.Min(own, cap) : cap) : _limit;
        return new QueryModel(source, projection, false, new ValueList<SqlExpression>(predicates), new ValueList<SqlOrdering>(orderings), limit, _offset);
    }

    private static string Write(QueryModel model, List<object?> args) => SlotOrder.Write(model, args);
    /// <summary>
    /// The rows joined before a right join, in its result selector: missing as a whole where no row matched, which is
    /// when the table every such row has (<paramref name="anchor"/>) is missing. <c>x == null</c> becomes that table's
    /// test, and <c>x</c> used whole becomes <c>anchor == null ? default : x</c>; a member of <c>x</c> stays, to be read
    /// from its own table (null there too).
    /// </summary>
    private sealed class MissingRow(ParameterExpression row, ParameterExpression anchor) : ExpressionVisitor
    {
        protected override Expression VisitBinary(BinaryExpression node)
        {
            if (node.NodeType is ExpressionType.Equal or ExpressionType.NotEqual && (IsRow(node.Left) && IsNull(node.Right) || IsRow(node.Right) && IsNull(node.Left)))
            {
                var missing = Expression.Equal(anchor, Expression.Constant(null, anchor.Type));
                return node.NodeType == ExpressionType.Equal ? missing : Expression.Not(missing);
            }

            return base.VisitBinary(node);
        }

        protected override Expression VisitMember(MemberExpression node) =>
            node.Expression is { } target && IsRow(target) ? node : base.VisitMember(node);

        protected override Expression VisitParameter(ParameterExpression node) =>
            node == row && !row.Type.IsValueType
                ? Expression.Condition(Expression.Equal(anchor, Expression.Constant(null, anchor.Type)), Expression.Constant(null, row.Type), row)
                : node;

        private bool IsRow(Expression e) => (e is UnaryExpression { NodeType: ExpressionType.Convert } convert ? convert.Operand : e) == row;

        private static bool IsNull(Expression e) => (e is UnaryExpression { NodeType: ExpressionType.Convert } convert ? convert.Operand : e) is ConstantExpression { Value: null };
    }
}
