namespace MicroDb.Query;

/// <summary>
/// The connection of the query whose lambdas are being translated, on this thread (null: none). A sub-query read
/// from a lambda (<c>db.Table&lt;Line&gt;()</c>) must be made on it: one statement runs on one connection.
/// </summary>
internal static class SubqueryConnection
{
    [ThreadStatic]
    private static object? _current;

    /// <summary>The connection of the query being translated (a <see cref="MicroDbConnection"/> or another database's connection object), or null.</summary>
    public static object? Current => _current;

    /// <summary>Makes <paramref name="connection"/> current until the result is disposed (then the previous one again).</summary>
    /// <param name="connection">The connection of the query whose lambdas are translated.</param>
    public static Scope Enter(object? connection)
    {
        var scope = new Scope(_current);
        _current = connection;
        return scope;
    }

    /// <summary>
    /// Whether a sub-query over <paramref name="source"/> may be nested in a statement run on <paramref name="connection"/>:
    /// it was made on that connection, or it is the async connection's table query (made on its pool's writer) and the
    /// statement runs on one of that pool's connections. The one rule of the run-time translator and the interceptors.
    /// </summary>
    /// <param name="source">The sub-query's table query.</param>
    /// <param name="connection">The connection the enclosing statement runs on (null: none).</param>
    public static bool Accepts(ISubquerySource source, object? connection) =>
        connection is not null && (ReferenceEquals(source.Connection, connection)
            || source is IAsyncSubquerySource && ReferenceEquals(source.Connection, (connection as MicroDbConnection)?.PoolWriter));

    /// <summary>True when <paramref name="lambda"/> holds a call on a table query (a sub-query the translator nests).</summary>
    public static bool Holds(System.Linq.Expressions.Expression lambda) => Finder.Find(lambda);

    /// <summary>True when <paramref name="e"/> holds a sub-query form of the async connection's table (<c>AsyncTableQuery&lt;T&gt;.Any</c> ...), which only translates.</summary>
    public static bool HoldsAsync(System.Linq.Expressions.Expression e) => Finder.Find(e, asyncOnly: true);

    /// <summary>Restores the previous connection.</summary>
    internal readonly struct Scope : IDisposable
    {
        private readonly object? _previous;

        public Scope(object? previous) => _previous = previous;

        public void Dispose() => _current = _previous;
    }

    private sealed class Finder : System.Linq.Expressions.ExpressionVisitor
    {
        private bool _found;
        private bool _asyncOnly;

        public static bool Find(System.Linq.Expressions.Expression e, bool asyncOnly = false)
        {
            var finder = new Finder { _asyncOnly = asyncOnly };
            finder.Visit(e);
            return finder._found;
        }

        public override System.Linq.Expressions.Expression? Visit(System.Linq.Expressions.Expression? node) => _found ? node : base.Visit(node);

        protected override System.Linq.Expressions.Expression VisitMethodCall(System.Linq.Expressions.MethodCallExpression node)
        {
            if (_asyncOnly
                ? node.Method.DeclaringType is { IsGenericType: true } asyncType
                    && (asyncType.GetGenericTypeDefinition() == typeof(AsyncTableQuery<>) && node.Method.Name is "Any" or "All" or "Count" or "LongCount" or "Sum" or "Min" or "Max" or "Average"
                        || asyncType.GetGenericTypeDefinition() == typeof(AsyncSelectQuery<,>) && node.Method.Name == "Contains")
                : SqlTranslator.IsTableQuery(node.Method.DeclaringType))
            {
                _found = true;
                return node;
            }

            return base.VisitMethodCall(node);
        }
    }
}
