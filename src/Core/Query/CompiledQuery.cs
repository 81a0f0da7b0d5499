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
    private readonly ConditionalWeakTable<MicroDbConnection, object> _perConnection = new();

    private CompiledQuery(LambdaExpression query, MethodInfo table, (MethodInfo, object?[])[] operators, MethodInfo terminal, object?[] terminalArguments)
    {
        _query = query;
        _table = table;
        _operators = operators;
        _terminal = terminal;
        _terminalArguments = terminalArguments;
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
                return replace.UsedConnection
                    ? throw Unsupported(query, "the connection parameter can only be used as db.Table<T>()")
                    : new CompiledQuery<TArg, TResult>(query, root.Method, operators, calls[i].Method, arguments);
            }
        }

        throw Unsupported(query, "it has no operator that runs the query");
    }

    /// <summary>Runs the query on <paramref name="connection"/> with <paramref name="argument"/>.</summary>
    public TResult Run(MicroDbConnection connection, TArg argument)
    {
        ArgumentNullException.ThrowIfNull(connection);
        var query = _perConnection.GetValue(connection, Build);
        var previous = CompiledQueryArgument<TArg>.Current;
        CompiledQueryArgument<TArg>.Current = argument;
        CompiledQueryScope.Enter();
        try
        {
            return (TResult)Invoke(_terminal, query, _terminalArguments)!;
        }
        finally
        {
            CompiledQueryScope.Exit();
            CompiledQueryArgument<TArg>.Current = previous;
        }
    }

    /// <summary>db.Table&lt;T&gt;() and the operators, once per connection (queries are immutable and read their values per run).</summary>
    private object Build(MicroDbConnection connection)
    {
        var query = Invoke(_table, connection, [])!;
        foreach (var (method, arguments) in _operators)
        {
            query = Invoke(method, query, arguments)!;
        }

        return query;
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

    public override string ToString() => _query.ToString();
}
