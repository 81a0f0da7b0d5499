using System.Linq.Expressions;
using System.Reflection;
using System.Runtime.CompilerServices;

namespace MicroDb.Query;

/// <summary>
/// A query written as <c>(db, arg) =&gt; db.Table&lt;T&gt;().Where(...)...Terminal(...)</c>, taken apart once: the
/// operators (with the argument replaced by a read of <see cref="CompiledQueryArgument{TArg}"/>) are applied once per
/// connection, and each call sets the argument and runs the terminal operator, whose SQL comes from the translation cache.
/// </summary>
/// <typeparam name="TArg">The argument type.</typeparam>
/// <typeparam name="TResult">The result type.</typeparam>
internal sealed class CompiledQuery<TArg, TResult>
{
    private static readonly FieldInfo ArgumentField = typeof(CompiledQueryArgument<TArg>).GetField(nameof(CompiledQueryArgument<TArg>.Current))!;

    private readonly LambdaExpression _query;
    private readonly MethodInfo _table;
    private readonly (MethodInfo Method, object?[] Arguments)[] _operators;
    private readonly MethodInfo _terminal;
    private readonly object?[] _terminalArguments;
    private readonly ConditionalWeakTable<MicroDbConnection, PerConnection> _perConnection = new();
    private readonly ConditionalWeakTable<MicroDbConnection, PerConnection>.CreateValueCallback _build;

    // The first MicroDbConnection.CompiledSlots compiled queries of the process keep their per-connection state in an
    // array on the connection (one index per call); later ones (queries compiled over and over) in the weak table.
    private readonly int _slot = MicroDbConnection.NextCompiledSlot();

    // First/FirstOrDefault of the entity type, with the argument only compared directly with members: such a query
    // gets a CompiledQueryPlan per connection (bind and step, nothing else) when its argument type is planned.
    private readonly bool _planned;
    private readonly bool _orDefault;

    // True when a lambda reads the connection parameter (a sub-query, db.Table<Line>().Any(...)): the lambdas are bound
    // to each connection when its state is built, so the inner query is made on the connection the query runs on.
    private readonly bool _usesConnection;

    private CompiledQuery(LambdaExpression query, MethodInfo table, (MethodInfo, object?[])[] operators, MethodInfo terminal, object?[] terminalArguments, bool directArgument, bool usesConnection = false)
    {
        _query = query;
        _usesConnection = usesConnection;
        _table = table;
        _operators = operators;
        _terminal = terminal;
        _terminalArguments = terminalArguments;
        _orDefault = terminal.Name == "FirstOrDefault";
        _build = Build;
        _planned = directArgument
            && !usesConnection
            && CompiledQueryPlan<TArg, TResult>.Supported
            && terminal.Name is "First" or "FirstOrDefault"
            && terminal.DeclaringType is { IsGenericType: true } declaring && declaring.GetGenericTypeDefinition() == typeof(TableQuery<>)
            && terminal.ReturnType == typeof(TResult)
            && terminalArguments.Length <= 1;
    }

    public static CompiledQuery<TArg, TResult> Create(Expression<Func<MicroDbConnection, TArg, TResult>> query)
    {
        ArgumentNullException.ThrowIfNull(query);
        var connection = query.Parameters[0];
        var argument = query.Parameters[1];
        if (query.Body is not MethodCallExpression terminal || IsQueryType(terminal.Type))
        {
            throw Unsupported(query, "its body must end with an operator that runs the query (ToList, First, FirstOrDefault, Single, Count, Any ...), called on db.Table<T>() and its operators");
        }

        var calls = new List<MethodCallExpression>();
        Expression current = terminal;
        while (current is MethodCallExpression call && call.Object is not null && IsQueryType(call.Object.Type))
        {
            calls.Add(call);
            current = call.Object;
        }

        if (current is not MethodCallExpression { Method.Name: "Table", Method.IsGenericMethod: true, Arguments.Count: 0 } root
            || !ReferenceEquals(root.Object, connection) || !IsQueryType(root.Type))
        {
            throw Unsupported(query, "it must start with db.Table<T>() on the connection parameter, and each operator must be TableQuery's own (a LINQ-to-Objects operator would run in memory)");
        }

        var replace = new ArgumentReplacer(argument, Expression.Field(null, ArgumentField), connection);
        var direct = true;
        calls.Reverse();
        var operators = new (MethodInfo, object?[])[calls.Count - 1];
        for (var i = 0; i < calls.Count; i++)
        {
            var arguments = new object?[calls[i].Arguments.Count];
            for (var a = 0; a < arguments.Length; a++)
            {
                var arg = calls[i].Arguments[a];
                if (arg is UnaryExpression { NodeType: ExpressionType.Quote } quote)
                {
                    arguments[a] = replace.Visit(quote.Operand);
                    direct &= DirectUses.Only(quote.Operand, argument);
                }
                else if (!ParameterFinder.Uses(arg, argument) && !ParameterFinder.Uses(arg, connection))
                {
                    arguments[a] = ExpressionInterpreter.EvaluateClosed(arg);
                }
                else
                {
                    throw Unsupported(query, $"the argument '{arg}' of {calls[i].Method.Name} must be a lambda or a value known when the query is compiled");
                }
            }

            if (i < calls.Count - 1)
            {
                operators[i] = (calls[i].Method, arguments);
            }
            else
            {
                // The connection is read only inside the operators' lambdas (other arguments using it threw above).
                return new CompiledQuery<TArg, TResult>(query, root.Method, operators, calls[i].Method, arguments, direct, replace.UsedConnection);
            }
        }

        throw Unsupported(query, "it has no operator that runs the query");
    }

    /// <summary>Runs the query on <paramref name="connection"/> with <paramref name="argument"/>.</summary>
    public TResult Run(MicroDbConnection connection, TArg argument)
    {
        ArgumentNullException.ThrowIfNull(connection);
        var state = StateOn(connection);
        var plan = state.Plan;
        if (plan is null && _planned && !state.Unplanned)
        {
            plan = MakePlan(state, argument);
        }

        if (plan is not null && plan.Accepts(argument))
        {
            if (plan.TryRun(connection, argument, out var row))
            {
                return row;
            }

            if (_orDefault)
            {
                return default!;
            }

            // First with no row: the full path below runs it again and throws its error.
        }

        var previous = CompiledQueryArgument<TArg>.Current;
        CompiledQueryArgument<TArg>.Current = argument;
        CompiledQueryScope.Enter();
        try
        {
            return (TResult)Invoke(_terminal, state.Query, state.TerminalArguments ?? _terminalArguments)!;
        }
        finally
        {
            CompiledQueryScope.Exit();
            CompiledQueryArgument<TArg>.Current = previous;
        }
    }

    /// <summary>The SQL of this connection's plan, or null when it has none (yet): tests use it.</summary>
    internal string? PlanSql(MicroDbConnection connection) => StateOn(connection).Plan?.Sql;

    private PerConnection StateOn(MicroDbConnection connection)
    {
        if ((uint)_slot >= MicroDbConnection.CompiledSlots)
        {
            return _perConnection.GetValue(connection, _build);
        }

        return connection.CompiledState(_slot) as PerConnection ?? (PerConnection)connection.KeepCompiledState(_slot, Build(connection));
    }

    /// <summary>
    /// Makes the connection's plan at the first call whose argument has a second value of its kind; a query whose two
    /// translations do not fit a plan is marked, and runs the full path from then on.
    /// </summary>
    private CompiledQueryPlan<TArg, TResult>? MakePlan(PerConnection state, TArg argument)
    {
        if (!CompiledQueryPlan<TArg, TResult>.TryOther(argument, out var other))
        {
            return null;
        }

        lock (state)
        {
            if (state.Plan is not null || state.Unplanned)
            {
                return state.Plan;
            }

            var query = (TableQuery<TResult>)state.Query;
            if (_terminalArguments.Length == 1)
            {
                query = query.Where((Expression<Func<TResult, bool>>)_terminalArguments[0]!);
            }

            var plan = CompiledQueryPlan<TArg, TResult>.TryCreate(query, argument, other);
            state.Unplanned = plan is null;
            state.Plan = plan;
            return plan;
        }
    }

    /// <summary>db.Table&lt;T&gt;() and the operators, once per connection (queries are immutable and read their values per run).</summary>
    private PerConnection Build(MicroDbConnection connection)
    {
        var query = Invoke(_table, connection, [])!;
        foreach (var (method, arguments) in _operators)
        {
            query = Invoke(method, query, BindConnection(arguments, connection))!;
        }

        return new PerConnection(query) { TerminalArguments = _usesConnection ? BindConnection(_terminalArguments, connection) : null };
    }

    /// <summary>The lambdas among <paramref name="arguments"/> with the connection parameter read as <paramref name="connection"/>.</summary>
    private object?[] BindConnection(object?[] arguments, MicroDbConnection connection)
    {
        if (!_usesConnection)
        {
            return arguments;
        }

        var bound = new object?[arguments.Length];
        var binder = new ConnectionBinder(_query.Parameters[0], Expression.Constant(connection, typeof(MicroDbConnection)));
        for (var i = 0; i < bound.Length; i++)
        {
            bound[i] = arguments[i] is Expression lambda ? binder.Visit(lambda) : arguments[i];
        }

        return bound;
    }

    private static object? Invoke(MethodInfo method, object target, object?[] arguments) =>
        method.Invoke(target, BindingFlags.DoNotWrapExceptions, null, arguments, null);

    private static bool IsQueryType(Type type) =>
        type.IsGenericType && (type.GetGenericTypeDefinition() == typeof(TableQuery<>) || type.GetGenericTypeDefinition() == typeof(SelectQuery<,>));

    private static NotSupportedException Unsupported(LambdaExpression query, string why) =>
        new($"MicroDb cannot compile the query '{query}': {why}.");

    /// <summary>Replaces the argument parameter by the thread's current argument, and notes any other use of the connection.</summary>
    private sealed class ArgumentReplacer(ParameterExpression argument, Expression replacement, ParameterExpression connection) : ExpressionVisitor
    {
        public bool UsedConnection { get; private set; }

        protected override Expression VisitParameter(ParameterExpression node)
        {
            if (node == argument)
            {
                return replacement;
            }

            UsedConnection |= node == connection;
            return node;
        }
    }

    /// <summary>Replaces the connection parameter by one connection.</summary>
    private sealed class ConnectionBinder(ParameterExpression connection, Expression replacement) : ExpressionVisitor
    {
        protected override Expression VisitParameter(ParameterExpression node) => node == connection ? replacement : node;
    }

    public override string ToString() => _query.ToString();

    /// <summary>What a compiled query keeps per connection: the query with its operators applied, and its plan once made.</summary>
    private sealed class PerConnection(object query)
    {
        public object Query { get; } = query;

        public CompiledQueryPlan<TArg, TResult>? Plan { get; set; }

        /// <summary>The terminal operator's arguments bound to this connection, or null when they do not read it.</summary>
        public object?[]? TerminalArguments { get; init; }

        /// <summary>True when the query's translations do not fit a plan: it runs the full path.</summary>
        public bool Unplanned { get; set; }
    }

    /// <summary>Whether a lambda uses the argument only as a whole operand of a comparison (<c>p.Id == id</c>), so the SQL binds the argument itself.</summary>
    private sealed class DirectUses : ExpressionVisitor
    {
        private readonly ParameterExpression _argument;
        private bool _other;

        private DirectUses(ParameterExpression argument) => _argument = argument;

        public static bool Only(Expression lambda, ParameterExpression argument)
        {
            var visitor = new DirectUses(argument);
            visitor.Visit(lambda);
            return !visitor._other;
        }

        protected override Expression VisitBinary(BinaryExpression node)
        {
            if (node.NodeType is ExpressionType.Equal or ExpressionType.NotEqual or ExpressionType.LessThan or ExpressionType.LessThanOrEqual
                or ExpressionType.GreaterThan or ExpressionType.GreaterThanOrEqual)
            {
                // The argument (or its lifting to a nullable) as one side is a direct use; anything else is visited.
                if (!IsArgument(node.Left))
                {
                    Visit(node.Left);
                }

                if (!IsArgument(node.Right))
                {
                    Visit(node.Right);
                }

                return node;
            }

            return base.VisitBinary(node);
        }

        protected override Expression VisitParameter(ParameterExpression node)
        {
            _other |= node == _argument;
            return node;
        }

        private bool IsArgument(Expression e) =>
            e == _argument || (e is UnaryExpression { NodeType: ExpressionType.Convert, Operand: var operand } convert
                && operand == _argument && Nullable.GetUnderlyingType(convert.Type) == operand.Type);
    }
}
