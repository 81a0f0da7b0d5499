using System.Linq.Expressions;
using MicroDb.Mapping;
using MicroDb.Native;
using MicroDb.Query.Model;

namespace MicroDb.Query;

/// <summary>
/// A grouped query over one table or a join, as immutable data shared by <see cref="GroupByQuery{TKey, TElement}"/> and
/// <see cref="GroupedQuery{TResult}"/>: the tables' parameters (one table: the element parameter <c>x</c>), the element
/// each group collects (over them: <c>x</c> itself, an element selector's body, or a join's row), the group parameter
/// <c>g</c>, the key and the Where conditions (over the tables' parameters), and HAVING conditions, orderings and the
/// result (over <c>g</c>). <c>g.Key</c> is replaced by the key when translated; aggregates of <c>g</c> become SQL
/// aggregates over the element.
/// </summary>
internal sealed class GroupState
{
    /// <summary>A grouping of one table's rows (<paramref name="elementBody"/> over <paramref name="element"/>).</summary>
    public GroupState(MicroDbConnection connection, IEntityMap map, ParameterExpression element, Expression elementBody, ParameterExpression group, Expression key, Expression[] wheres)
        : this(connection, connection.Storage, null, [map], [element], elementBody, group, key, wheres)
    {
    }

    /// <summary>
    /// A grouping of one table's rows on another database (<paramref name="storage"/> carries its dialect: MicroDb.Npgsql):
    /// translated and written here, run by the caller (<see cref="Connection"/> is not available).
    /// </summary>
    public GroupState(StorageFormat storage, IEntityMap map, ParameterExpression element, Expression elementBody, ParameterExpression group, Expression key, Expression[] wheres)
        : this(null, storage, null, [map], [element], elementBody, group, key, wheres)
    {
    }

    /// <summary>
    /// A grouping of a join's rows (<paramref name="elementBody"/> over the tables' parameters), on SQLite's
    /// <paramref name="connection"/> or, with none, on the database <paramref name="storage"/>'s dialect names (run by the caller).
    /// </summary>
    public GroupState(MicroDbConnection? connection, StorageFormat storage, JoinedTables tables, Expression elementBody, ParameterExpression group, Expression key, Expression[] wheres)
        : this(connection, storage, tables, tables.Maps, tables.Parameters, elementBody, group, key, wheres)
    {
    }

    private GroupState(MicroDbConnection? connection, StorageFormat storage, JoinedTables? tables, IEntityMap[] maps, ParameterExpression[] parameters, Expression elementBody, ParameterExpression group, Expression key, Expression[] wheres)
    {
        _connection = connection;
        Storage = storage;
        Tables = tables;
        Maps = maps;
        Parameters = parameters;
        ElementBody = elementBody;
        Group = group;
        Key = key;
        Wheres = wheres;
        Havings = [];
        Orderings = [];
    }

    private GroupState(GroupState from, MicroDbConnection? connection) => (_connection, Storage, Tables, Maps, Parameters, ElementBody, Group, Key, Wheres, Havings, Orderings, ThenAt, Limit, Offset) =
        (connection, from.Storage, from.Tables, from.Maps, from.Parameters, from.ElementBody, from.Group, from.Key, from.Wheres, from.Havings, from.Orderings, from.ThenAt, from.Limit, from.Offset);

    private GroupState(GroupState from)
        : this(from, from._connection)
    {
    }

    private readonly MicroDbConnection? _connection;

    /// <summary>The SQLite connection the grouping runs on.</summary>
    /// <exception cref="InvalidOperationException">The grouping is another database's (it has only a <see cref="Storage"/>).</exception>
    public MicroDbConnection Connection => _connection ?? throw new InvalidOperationException("This grouping runs on another database; its caller runs the statement.");

    /// <summary>How values are stored and which dialect writes the statement (the connection's format on SQLite).</summary>
    public StorageFormat Storage { get; }

    /// <summary>The joined tables, or null for one table.</summary>
    public JoinedTables? Tables { get; }

    public IEntityMap[] Maps { get; }

    /// <summary>The first (or only) table's map, for messages.</summary>
    public IEntityMap Map => Maps[0];

    public ParameterExpression[] Parameters { get; }

    public Expression ElementBody { get; }

    public ParameterExpression Group { get; }

    public Expression Key { get; }

    public Expression[] Wheres { get; }

    public Expression[] Havings { get; private init; }

    public (Expression Key, bool Descending)[] Orderings { get; private init; }

    public int ThenAt { get; private init; }

    public int? Limit { get; private init; }

    public int Offset { get; private init; }

    public bool IsLimited => Limit is not null || Offset > 0;

    /// <summary>The same grouping bound to <paramref name="connection"/> (a reader of the pool, for the async queries).</summary>
    public GroupState On(MicroDbConnection connection) => ReferenceEquals(connection, _connection) ? this : new GroupState(this, connection);

    /// <summary>Translates the key now, so a key without SQL form fails at GroupBy.</summary>
    public void CheckKeys()
    {
        // A sub-query in the key (db.Table<Line>().Count(l => l.OrderId == o.Id)) is a GROUP BY term of its own, and where
        // the result reads it, it is selected and read like an aggregate (AggregateLifter): every row of a group has its value.
        GroupTerms([]);
    }

    public GroupState WithHaving(Expression condition, string name)
    {
        RejectLimited(name);
        Translate(condition, TranslationKind.Predicate, []);
        return new GroupState(this) { Havings = [.. Havings, condition] };
    }

    public GroupState WithOrdering(Expression key, bool descending, bool then, string name)
    {
        RejectLimited(name);
        if (then && Orderings.Length == 0)
        {
            throw new InvalidOperationException($"{name} needs a preceding OrderBy or OrderByDescending.");
        }

        Translate(key, TranslationKind.OrderKey, []);
        var orderings = new List<(Expression Key, bool Descending)>(Orderings);
        orderings.Insert(then ? ThenAt : 0, (key, descending));
        return new GroupState(this) { Orderings = [.. orderings], ThenAt = then ? ThenAt + 1 : 1 };
    }

    public GroupState WithTake(int count) => new(this) { Limit = SqlPaging.Take(Limit, count) };

    public GroupState WithSkip(int count)
    {
        var (limit, offset) = SqlPaging.Skip(Limit, Offset, count);
        return new GroupState(this) { Limit = limit, Offset = offset };
    }

    /// <summary>
    /// The result selector's body, checked: <c>g</c> may appear only as <c>g.Key</c> and in aggregates. With
    /// <paramref name="translate"/> false (the intercepted path, whose SQL the generator wrote from a result the
    /// run-time Select already planned) the aggregates are lifted without translating them again.
    /// </summary>
    public Plan PlanResult(Expression selector, bool translate = true)
    {
        var aggregates = new List<MethodCallExpression>();
        var values = Expression.Parameter(typeof(object[]), "aggregates");
        var body = new AggregateLifter(this, values, aggregates, translate).Visit(ResolveKey(selector));
        if (ParameterFinder.Uses(body, Group))
        {
            throw new NotSupportedException($"MicroDb cannot translate '{selector}' after GroupBy: a group can be read only through its Key and the aggregates Count, LongCount, Sum, Average, Min and Max.");
        }

        return new Plan(body, values, aggregates);
    }

    /// <summary>Sets where <paramref name="plan"/>'s columns and aggregates are in the SELECT list (as <see cref="BuildSelect"/> writes it) without translating.</summary>
    public void Layout(Plan plan)
    {
        // The same column order as BuildSelect; the build-time front end lowers one-table groupings only (no presence columns).
        var ordinals = new int[Maps.Length][];
        var next = 0;
        for (var i = 0; i < Maps.Length; i++)
        {
            var used = ProjectionColumns.Collect(plan.Body, Parameters[i], Maps[i].Table);
            var reads = ParameterFinder.Uses(plan.Body, Parameters[i]);
            ordinals[i] = new int[Maps[i].Table.Columns.Count];
            for (var c = 0; c < ordinals[i].Length; c++)
            {
                ordinals[i][c] = reads && (used is null || used.Contains(c)) ? next++ : -1;
            }
        }

        plan.Ordinals = ordinals;
        plan.Presence = [];
        plan.First = next;
    }

    /// <summary>The Count statement (<see cref="Count"/>'s), for the interception check.</summary>
    public (string Sql, List<object?> Args) BuildCount()
    {
        var args = new List<object?>();
        var inner = Model(QueryProjections.One, includeOrder: false, args, null);
        return (Write(QueryModel.Select(new SqlSubquery(inner), QueryProjections.CountAll), args), args);
    }

    public (string Sql, List<object?> Args) BuildSelect(Plan plan, int? limitCap)
    {
        var args = new List<object?>();
        var projection = new List<SqlExpression>();
        var ordinals = new int[Maps.Length][];
        var presence = new int[Maps.Length];
        var grouped = Storage.Dialect.NativeStorage && Tables is null ? GroupedColumns() : null;
        for (var i = 0; i < Maps.Length; i++)
        {
            var table = Maps[i].Table;
            var qualifier = Tables is null ? null : JoinScope.Alias(i);
            var used = ProjectionColumns.Collect(plan.Body, Parameters[i], table);
            var reads = ParameterFinder.Uses(plan.Body, Parameters[i]);
            ordinals[i] = new int[table.Columns.Count];
            for (var c = 0; c < ordinals[i].Length; c++)
            {
                ordinals[i][c] = -1;
                if (reads && (used is null || used.Contains(c)))
                {
                    // A bare column of a group: SQLite reads it from one of the group's rows, and the result reads it only through the key.
                    ordinals[i][c] = projection.Count;
                    SqlExpression column = new SqlColumn(table.Columns[c].Name, qualifier);
                    projection.Add(grouped is null || grouped.Contains(c) ? column : OneOfTheGroups(column, table.Columns[c]));
                }
            }
        }

        for (var i = 0; i < Maps.Length; i++)
        {
            presence[i] = -1;
            if (Tables?.Presence[i] is { } present && ParameterFinder.Uses(plan.Body, Parameters[i]))
            {
                // A left-joined table whose key is NULL had no row: the result reads it as null.
                presence[i] = projection.Count;
                if (JoinedTables.IsRowIdPresence(present, Parameters[i]))
                {
                    projection.Add(JoinedTables.PresenceColumn(Maps[i].Table, i, Storage));
                }
                else
                {
                    projection.Add(Translate(present, TranslationKind.Value, args));
                }
            }
        }

        plan.Ordinals = ordinals;
        plan.Presence = presence;
        plan.First = projection.Count;
        foreach (var aggregate in plan.Aggregates)
        {
            projection.Add(Translate(aggregate, TranslationKind.Value, args));
        }

        if (projection.Count == 0)
        {
            projection.Add(SqlLiteral.One);
        }

        var model = Model(new ValueList<SqlExpression>([.. projection]), includeOrder: true, args, limitCap);
        return (Write(model, args), args);
    }

    /// <summary>
    /// The columns that are a whole part of the key (<c>g.Key.Region</c> of <c>new { s.Region, ... }</c>), which PostgreSQL
    /// lets the SELECT list read bare; another column the result reads (for a computed part, <c>Odd = s.Shop % 2</c>) it
    /// refuses (SQLSTATE 42803), so <see cref="OneOfTheGroups"/> reads it.
    /// </summary>
    private HashSet<int> GroupedColumns()
    {
        var grouped = new HashSet<int>();
        foreach (var part in Key is NewExpression { Members: not null } composite ? composite.Arguments : (IReadOnlyList<Expression>)[Key])
        {
            var member = part is UnaryExpression { NodeType: ExpressionType.Convert } convert ? convert.Operand : part;
            if (member is MemberExpression { Expression: ParameterExpression parameter } && ReferenceEquals(parameter, Parameters[0])
                && ProjectionColumns.Collect(member, parameter, Map.Table) is { } columns)
            {
                grouped.UnionWith(columns);
            }
        }

        return grouped;
    }

    /// <summary>
    /// A column a computed key part reads, as one of the group's values (what SQLite's bare column gives): every row of the
    /// group has the same key, so the key computed from any of them is the group's. min() (bool_and() for a boolean).
    /// </summary>
    private static SqlExpression OneOfTheGroups(SqlExpression column, ColumnMapping mapping) =>
        new SqlFunction(mapping.Kind == ColumnKind.Boolean ? "bool_and" : "min", column);

    public long Count()
    {
        var (sql, args) = BuildCount();
        try
        {
            return Connection.Runner.Scalar<long>(sql, StatementArguments.Translated(args));
        }
        catch (MicroDbException e) when (IsOverflow(e))
        {
            // A sum in a HAVING condition that does not fit.
            throw Overflow(e);
        }
    }

    // SQLite's sum() stops with "integer overflow" where LINQ's checked Sum throws OverflowException (as TableQuery.Sum maps it).
    // MicroDb's decimal sum (ExactAggregates) stops with its own message where LINQ's decimal addition throws OverflowException.
    internal static bool IsOverflow(MicroDbException e) =>
        e.Message.Contains("integer overflow", StringComparison.Ordinal) || e.Message.Contains(ExactAggregates.OverflowMessage, StringComparison.Ordinal);

    internal OverflowException Overflow(MicroDbException e) =>
        new(e.Message.Contains(ExactAggregates.OverflowMessage, StringComparison.Ordinal)
            ? $"A decimal sum in the grouped query on '{Map.Table.TableName}' does not fit in a decimal."
            : $"A sum in the grouped query on '{Map.Table.TableName}' does not fit in a 64-bit integer.", e);

    private QueryModel Model(ValueList<SqlExpression> projection, bool includeOrder, List<object?> args, int? limitCap)
    {
        SqlSource source = Tables is null ? new SqlTable(Map.Table.TableName) : Tables.Source(Storage, args);
        var predicates = new SqlExpression[Wheres.Length];
        for (var i = 0; i < predicates.Length; i++)
        {
            predicates[i] = Translate(Wheres[i], TranslationKind.Predicate, args);
        }

        var groupBy = GroupTerms(args);
        var havings = new SqlExpression[Havings.Length];
        for (var i = 0; i < havings.Length; i++)
        {
            havings[i] = Translate(Havings[i], TranslationKind.Predicate, args);
        }

        var orderings = new SqlOrdering[includeOrder ? Orderings.Length : 0];
        for (var i = 0; i < orderings.Length; i++)
        {
            orderings[i] = new SqlOrdering(Translate(Orderings[i].Key, TranslationKind.OrderKey, args), Orderings[i].Descending);
        }

        var limit = limitCap is { } cap ? (Limit is { } own ? Math.Min(own, cap) : cap) : Limit;
        return new QueryModel(source, projection, false, new ValueList<SqlExpression>(predicates), new ValueList<SqlOrdering>(orderings), limit, Offset)
        {
            GroupBy = groupBy,
            Having = new ValueList<SqlExpression>(havings),
        };
    }

    // Each part of the key as it sorts (and so compares): DateTime kinds masked, decimals by exact value, and so on.
    private ValueList<SqlExpression> GroupTerms(List<object?> args)
    {
        var parts = Key is NewExpression { Members: not null } composite ? composite.Arguments : (IReadOnlyList<Expression>)[Key];
        var terms = new SqlExpression[parts.Count];

        // Native storage compares each kind as .NET's Equals does (text under any deterministic collation), so a part is its
        // value: the SELECT list's bare columns are then GROUP BY terms, as PostgreSQL requires.
        var kind = Storage.Dialect.NativeStorage ? TranslationKind.Value : TranslationKind.OrderKey;
        for (var i = 0; i < terms.Length; i++)
        {
            terms[i] = Translate(parts[i], kind, args);
        }

        return new ValueList<SqlExpression>(terms);
    }

    internal SqlExpression Translate(Expression body, TranslationKind kind, List<object?> args)
    {
        // A sub-query in a Where or HAVING condition must be made on this connection (SqlTranslator.Subqueries).
        using var subqueries = SubqueryConnection.Enter(_connection);
        if (Tables is null)
        {
            return SqlTranslator.TranslateGrouped(Map.Table, Storage, Parameters[0], ElementBody, Group, ResolveKey(body), kind, args);
        }

        var resolved = ResolveKey(body);
        Tables.RejectGroups(resolved);
        Tables.RejectGroups(ElementBody);
        return SqlTranslator.TranslateJoinedGrouped(Tables.Scope, Storage, ElementBody, Group, resolved, kind, args);
    }

    private Expression ResolveKey(Expression body) => new KeyResolver(Group, Key).Visit(body);

    private void RejectLimited(string name)
    {
        if (IsLimited)
        {
            throw new NotSupportedException($"MicroDb cannot translate {name} after Skip or Take on grouped rows; apply Skip and Take last.");
        }
    }

    private string Write(QueryModel model, List<object?> args) => SlotOrder.Write(Storage, model, args);

    /// <summary>How a grouped result is read: its body over the element and the aggregate values, and where the columns are.</summary>
    internal sealed class Plan(Expression body, ParameterExpression values, List<MethodCallExpression> aggregates)
    {
        public Expression Body { get; } = body;

        public ParameterExpression Values { get; } = values;

        public List<MethodCallExpression> Aggregates { get; } = aggregates;

        /// <summary>Per table, the position of each of its columns in the row (-1: not read).</summary>
        public int[][] Ordinals { get; set; } = [];

        /// <summary>Per table, the position of the key whose NULL marks a missing left-joined row (-1: none).</summary>
        public int[] Presence { get; set; } = [];

        public int First { get; set; }
    }

    /// <summary>Replaces <c>g.Key</c> (and a member of a composite key) by the key selector's body.</summary>
    private sealed class KeyResolver(ParameterExpression group, Expression key) : ExpressionVisitor
    {
        protected override Expression VisitMember(MemberExpression node)
        {
            if (ReferenceEquals(node.Expression, group) && node.Member.Name == "Key")
            {
                return key;
            }

            if (node.Expression is MemberExpression inner && ReferenceEquals(inner.Expression, group) && inner.Member.Name == "Key"
                && RowSubstitution.Source(key, node.Member.Name) is { } part)
            {
                return part;
            }

            return base.VisitMember(node);
        }
    }

    /// <summary>Replaces each aggregate of <c>g</c> by a read of its value: <c>(T)aggregates[i]</c>.</summary>
    private sealed class AggregateLifter(GroupState state, ParameterExpression values, List<MethodCallExpression> aggregates, bool translate) : ExpressionVisitor
    {
        protected override Expression VisitMethodCall(MethodCallExpression node)
        {
            // A sub-query (db.Table<Line>().Count(l => l.OrderId == g.Key)) is read like an aggregate: a value of the row.
            if (node.Method.DeclaringType == typeof(Enumerable) && node.Arguments.Count > 0 && ReferenceEquals(node.Arguments[0], state.Group)
                || SqlTranslator.IsSubqueryCall(node))
            {
                // Translated now, so an aggregate without SQL form fails at Select.
                if (translate)
                {
                    state.Translate(node, TranslationKind.Value, []);
                }

                aggregates.Add(node);
                return Expression.Convert(Expression.ArrayIndex(values, Expression.Constant(aggregates.Count - 1)), node.Type);
            }

            return base.VisitMethodCall(node);
        }
    }
}
