using System.Linq.Expressions;
using MicroDb.Query.Model;

namespace MicroDb.Query;

/// <summary>
/// Core's one join operator layer, as immutable data with the operators over it: the joined tables, the result over
/// their parameters, the Where conditions, orderings and paging, and the database's execution seam
/// (<see cref="JoinExecution"/>). SQLite's <see cref="JoinQuery{TResult}"/> and MicroDb.Npgsql's join query are typed
/// faces over it that translate their tables at the edge (<see cref="JoinTable"/>); the rules (rewriting every lambda
/// onto the tables, join keys and ON conditions, right joins, grouping a join, paging, the SELECT's columns and presence
/// columns, the count and EXISTS statements) are written here once.
/// </summary>
internal sealed class JoinState
{
    private JoinState(JoinExecution execution, JoinedTables tables, object?[] readers, Expression selector, Expression[] wheres, (Expression Key, bool Descending)[] orderings, int group, int? limit, int offset)
    {
        Execution = execution;
        Tables = tables;
        Readers = readers;
        Selector = selector;
        Wheres = wheres;
        Orderings = orderings;
        ThenAt = group;
        Limit = limit;
        Offset = offset;
    }

    public JoinExecution Execution { get; }

    public JoinedTables Tables { get; }

    /// <summary>Per table, the reader its query type's edge gave (<see cref="JoinTable.Reader"/>).</summary>
    public object?[] Readers { get; }

    /// <summary>The result over the tables' parameters.</summary>
    public Expression Selector { get; }

    /// <summary>The Where conditions, over the tables' parameters.</summary>
    public Expression[] Wheres { get; }

    public (Expression Key, bool Descending)[] Orderings { get; }

    /// <summary>Where the next ThenBy goes among <see cref="Orderings"/>.</summary>
    public int ThenAt { get; }

    public int? Limit { get; }

    public int Offset { get; }

    public bool IsLimited => Limit is not null || Offset > 0;

    /// <summary>The query over one table a join starts from: its row (a parameter named <paramref name="name"/>) is the result.</summary>
    public static JoinState Start(JoinExecution execution, JoinTable first, string? name)
    {
        var parameter = Expression.Parameter(first.Map.EntityType, name ?? JoinScope.Alias(0));
        var tables = new JoinedTables([first.Map], [parameter], [SqlJoinKind.Inner], [null], [null]);
        var filters = first.Filters();
        var wheres = new Expression[filters.Count];
        for (var i = 0; i < wheres.Length; i++)
        {
            wheres[i] = RowSubstitution.Apply(filters[i], parameter);
        }

        return new JoinState(execution, tables, [first.Reader], parameter, wheres, [], 0, null, 0);
    }

    /// <summary>The same query run through <paramref name="execution"/> (a reader of SQLite's pool, for the async query).</summary>
    public JoinState On(JoinExecution execution) => new(execution, Tables, Readers, Selector, Wheres, Orderings, ThenAt, Limit, Offset);

    /// <summary>Join and LeftJoin: the outer key and the result read the rows so far through <see cref="Selector"/>.</summary>
    public JoinState Join(SqlJoinKind kind, JoinTable inner, LambdaExpression outerKeySelector, LambdaExpression innerKeySelector, LambdaExpression resultSelector) =>
        AddJoin(kind, inner, RowSubstitution.Apply(outerKeySelector, Selector), innerKeySelector, parameter => RowSubstitution.Apply(resultSelector, Selector, parameter), kind == SqlJoinKind.Left ? "LeftJoin" : "Join");

    /// <summary>Joins <paramref name="inner"/> on <paramref name="outerKey"/> (over this query's tables); the new result is <paramref name="selectorOf"/> the joined table's parameter.</summary>
    public JoinState AddJoin(SqlJoinKind kind, JoinTable inner, Expression outerKey, LambdaExpression innerKeySelector, Func<ParameterExpression, Expression> selectorOf, string name, ParameterExpression? group = null)
    {
        RejectLimited(name);
        if (Orderings.Length > 0)
        {
            throw new NotSupportedException($"MicroDb cannot translate {name} after OrderBy on a join; order after the last join.");
        }

        RequireSameConnection(inner);
        var parameter = Expression.Parameter(inner.Map.EntityType, innerKeySelector.Parameters[0].Name ?? JoinScope.Alias(Tables.Maps.Length));
        var innerKey = RowSubstitution.Apply(innerKeySelector, parameter);
        var on = JoinKeys.Condition(outerKey, innerKey, name);
        foreach (var filter in inner.Filters())
        {
            on = Expression.AndAlso(on, RowSubstitution.Apply(filter, parameter));
        }

        var tables = Tables.Add(inner.Map, parameter, kind, on, kind == SqlJoinKind.Left ? innerKey : null, group);
        tables.RequirePresence(Execution.Storage, name);
        var joined = new JoinState(Execution, tables, [.. Readers, inner.Reader], selectorOf(parameter), Wheres, [], 0, null, 0);

        // Translate the condition now, so a key without SQL form fails at the call, as Where does.
        joined.Translate(on, TranslationKind.Predicate, []);
        return joined;
    }

    /// <summary>
    /// The right join that starts from this query's single table: <paramref name="outer"/> (the table whose rows may be
    /// missing) is left-joined to it, and the result selector takes that row first, as <c>RightJoin</c>'s does.
    /// </summary>
    public JoinState RightJoinFrom(JoinTable outer, LambdaExpression keySelector, LambdaExpression outerKeySelector, LambdaExpression resultSelector) =>
        AddJoin(SqlJoinKind.Left, outer, RowSubstitution.Apply(keySelector, Selector), outerKeySelector, parameter => RowSubstitution.Apply(resultSelector, parameter, Selector), "RightJoin");

    /// <summary>RightJoin after a join: a SQL <c>RIGHT JOIN</c>; every table joined so far may then be missing.</summary>
    public JoinState RightJoin(JoinTable inner, LambdaExpression outerKeySelector, LambdaExpression innerKeySelector, LambdaExpression resultSelector)
    {
        RejectLimited("RightJoin");
        if (Orderings.Length > 0)
        {
            throw new NotSupportedException("MicroDb cannot translate RightJoin after OrderBy on a join; order after the last join.");
        }

        RequireSameConnection(inner);
        var parameter = Expression.Parameter(inner.Map.EntityType, innerKeySelector.Parameters[0].Name ?? JoinScope.Alias(Tables.Maps.Length));
        var innerKey = RowSubstitution.Apply(innerKeySelector, parameter);
        var on = JoinKeys.Condition(RowSubstitution.Apply(outerKeySelector, Selector), innerKey, "RightJoin");

        // The conditions on the rows so far filter them before the join: in the ON clause, a row failing them matches nothing.
        foreach (var where in Wheres)
        {
            on = Expression.AndAlso(on, where);
        }

        // The kept table's own conditions choose which of its rows are kept: WHERE.
        var filters = inner.Filters();
        var wheres = new Expression[filters.Count];
        for (var i = 0; i < wheres.Length; i++)
        {
            wheres[i] = RowSubstitution.Apply(filters[i], parameter);
        }

        var tables = Tables.AddRight(inner.Map, parameter, on);
        tables.RequirePresence(Execution.Storage, "RightJoin");
        var anchor = tables.Parameters[Tables.Anchor()];
        var row = resultSelector.Parameters[0];
        var body = new MissingRow(row, anchor).Visit(resultSelector.Body);
        var selector = RowSubstitution.Apply(body, resultSelector.Parameters, Selector, parameter);
        var joined = new JoinState(Execution, tables, [.. Readers, inner.Reader], selector, wheres, [], 0, null, 0);

        // Translate the condition now, so a key without SQL form fails at the call, as Where does.
        joined.Translate(on, TranslationKind.Predicate, []);
        return joined;
    }

    /// <summary>GroupJoin: what its SelectMany completes (<see cref="GroupJoinSource.Flatten"/>).</summary>
    public GroupJoinSource GroupJoin(JoinTable inner, LambdaExpression outerKeySelector, LambdaExpression innerKeySelector, LambdaExpression resultSelector)
    {
        var group = resultSelector.Parameters[1];
        return new GroupJoinSource(this, inner, RowSubstitution.Apply(outerKeySelector, Selector), innerKeySelector, group, RowSubstitution.Apply(resultSelector, Selector, group));
    }

    /// <summary>Groups the joined rows by <paramref name="keySelector"/> (over the joined row), each group's elements being <paramref name="elementSelector"/> of a joined row (null: the row).</summary>
    /// <exception cref="NotSupportedException">The key has no SQL translation, or the query is ordered or limited.</exception>
    public GroupState Grouping<TKey, TElement>(LambdaExpression keySelector, LambdaExpression? elementSelector)
    {
        RejectLimited("GroupBy");
        if (Orderings.Length > 0)
        {
            throw new NotSupportedException("MicroDb cannot translate GroupBy after OrderBy on a join; order the groups instead.");
        }

        var elementBody = elementSelector is null ? Selector : RowSubstitution.Apply(elementSelector, Selector);
        var group = Expression.Parameter(typeof(IGrouping<TKey, TElement>), "g");
        var state = new GroupState(Execution.Sqlite, Execution.Storage, Tables, elementBody, group, RowSubstitution.Apply(keySelector, Selector), Wheres);
        state.CheckKeys();
        return state;
    }

    /// <summary>Keeps the joined rows matching <paramref name="predicate"/> (SQL WHERE; several are ANDed).</summary>
    public JoinState Where(LambdaExpression predicate)
    {
        RejectLimited("Where");
        var condition = RowSubstitution.Apply(predicate, Selector);
        Translate(condition, TranslationKind.Predicate, []);
        return new JoinState(Execution, Tables, Readers, Selector, [.. Wheres, condition], Orderings, ThenAt, Limit, Offset);
    }

    /// <summary>Projects each joined row; later operators read the new result.</summary>
    public JoinState Select(LambdaExpression selector) =>
        new(Execution, Tables, Readers, RowSubstitution.Apply(selector, Selector), Wheres, Orderings, ThenAt, Limit, Offset);

    /// <summary>OrderBy (a new first key; earlier ones break its ties, as LINQ's stable sort) or ThenBy (<paramref name="then"/>).</summary>
    public JoinState Order(LambdaExpression keySelector, bool descending, bool then, string name)
    {
        RejectLimited(name);
        if (then && Orderings.Length == 0)
        {
            throw new InvalidOperationException($"{name} needs a preceding OrderBy or OrderByDescending.");
        }

        var key = RowSubstitution.Apply(keySelector, Selector);
        Translate(key, TranslationKind.OrderKey, []);
        var orderings = new List<(Expression Key, bool Descending)>(Orderings);
        orderings.Insert(then ? ThenAt : 0, (key, descending));
        return new JoinState(Execution, Tables, Readers, Selector, Wheres, [.. orderings], then ? ThenAt + 1 : 1, Limit, Offset);
    }

    /// <summary>SQL LIMIT (a negative count keeps none, as in LINQ).</summary>
    public JoinState Take(int count) => new(Execution, Tables, Readers, Selector, Wheres, Orderings, ThenAt, SqlPaging.Take(Limit, count), Offset);

    /// <summary>SQL OFFSET (a negative count skips none, as in LINQ).</summary>
    public JoinState Skip(int count)
    {
        var (limit, offset) = SqlPaging.Skip(Limit, Offset, count);
        return new JoinState(Execution, Tables, Readers, Selector, Wheres, Orderings, ThenAt, limit, offset);
    }

    /// <summary>The number of joined rows.</summary>
    public ValueTask<long> Count(bool async, CancellationToken cancellationToken)
    {
        var (sql, args) = BuildCount();
        return Execution.Count(sql, args, async, cancellationToken);
    }

    /// <summary>True when the join returns a row.</summary>
    public ValueTask<bool> Any(bool async, CancellationToken cancellationToken)
    {
        var (sql, args) = BuildAny();
        return Execution.Exists(sql, args, async, cancellationToken);
    }

    /// <summary>Every joined row (at most <paramref name="limitCap"/>).</summary>
    public ValueTask<List<TResult>> ToList<TResult>(int? limitCap, bool async, CancellationToken cancellationToken) =>
        Execution.ReadAll<TResult>(Build(limitCap), async, cancellationToken);

    /// <summary>First's error when the query returns no row.</summary>
    public InvalidOperationException NoRow() => new($"The join on '{Tables.Maps[0].Table.TableName}' returned no row.");

    /// <summary>The count statement: SELECT count(*) over the join (over a sub-select when paged).</summary>
    public (string Sql, List<object?> Args) BuildCount()
    {
        var args = new List<object?>();
        var model = IsLimited
            ? QueryModel.Select(new SqlSubquery(BuildModel(QueryProjections.One, includeOrder: false, args, null)), QueryProjections.CountAll)
            : BuildModel(QueryProjections.CountAll, includeOrder: false, args, null);
        return (Write(model, args), args);
    }

    /// <summary>The Any statement: SELECT EXISTS (...).</summary>
    public (string Sql, List<object?> Args) BuildAny()
    {
        var args = new List<object?>();
        var exists = new SqlExists(BuildModel(QueryProjections.One, includeOrder: false, args, null));
        return (Write(QueryModel.Select(null, new ValueList<SqlExpression>([exists])), args), args);
    }

    /// <summary>The SELECT of the columns the result reads, each missing-able table's presence column and the result's sub-queries, with how to read its rows.</summary>
    public JoinStatement Build(int? limitCap)
    {
        Tables.RejectGroups(Selector);
        var args = new List<object?>();
        var subqueries = ProjectionSubqueries.Lift(Selector, Tables.Parameters[0], Selector);
        var plan = JoinRowReader<object>.Plan(Tables.Maps, Tables.Parameters, subqueries?.Body ?? Selector);
        var projection = new List<SqlExpression>(plan.Columns);
        var presence = new int[Tables.Maps.Length];
        for (var i = 0; i < presence.Length; i++)
        {
            presence[i] = -1;
            if (Tables.Presence[i] is not null)
            {
                presence[i] = projection.Count;
                projection.Add(JoinedTables.PresenceColumn(Tables.Maps[i].Table, i, Execution.Storage));
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
            using var inner = SubqueryConnection.Enter(Execution.Connection);
            foreach (var lifted in subqueries.Lifted)
            {
                projection.Add(SqlTranslator.TranslateLiftedJoined(Tables.Scope, Execution.Storage, lifted, args));
            }
        }

        var model = BuildModel(new ValueList<SqlExpression>([.. projection]), includeOrder: true, args, limitCap);
        return new JoinStatement(Write(model, args), args, Tables, Readers, plan.Ordinals, presence, Selector, subqueries, first);
    }

    /// <summary>Translates <paramref name="body"/> (over the tables' parameters) with the join's scope and storage format.</summary>
    public SqlExpression Translate(Expression body, TranslationKind kind, List<object?> args)
    {
        Tables.RejectGroups(body);
        // A sub-query in the lambda must be made on this connection (SqlTranslator.Subqueries).
        using var subqueries = SubqueryConnection.Enter(Execution.Connection);
        return SqlTranslator.TranslateJoined(Tables.Scope, Execution.Storage, body, kind, args);
    }

    private void RequireSameConnection(JoinTable inner)
    {
        if (!ReferenceEquals(inner.Connection, Execution.Connection))
        {
            throw new ArgumentException($"The joined query on '{inner.Map.Table.TableName}' runs on another connection; a join runs on one connection.", nameof(inner));
        }
    }

    private void RejectLimited(string name)
    {
        if (IsLimited)
        {
            throw new NotSupportedException($"MicroDb cannot translate {name} after Skip or Take on a join; apply Skip and Take last.");
        }
    }

    private QueryModel BuildModel(ValueList<SqlExpression> projection, bool includeOrder, List<object?> args, int? limitCap)
    {
        // A joined table's own Where may hold a sub-query (in its ON condition): made on this connection, as in Translate.
        SqlSource source;
        using (SubqueryConnection.Enter(Execution.Connection))
        {
            source = Tables.Source(Execution.Storage, args);
        }

        var predicates = new SqlExpression[Wheres.Length];
        for (var i = 0; i < predicates.Length; i++)
        {
            predicates[i] = Translate(Wheres[i], TranslationKind.Predicate, args);
        }

        var orderings = new SqlOrdering[includeOrder ? Orderings.Length : 0];
        for (var i = 0; i < orderings.Length; i++)
        {
            orderings[i] = new SqlOrdering(Translate(Orderings[i].Key, TranslationKind.OrderKey, args), Orderings[i].Descending);
        }

        var limit = limitCap is { } cap ? (Limit is { } own ? Math.Min(own, cap) : cap) : Limit;
        return new QueryModel(source, projection, false, new ValueList<SqlExpression>(predicates), new ValueList<SqlOrdering>(orderings), limit, Offset);
    }

    private string Write(QueryModel model, List<object?> args) => SlotOrder.Write(Execution.Storage, model, args);

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
