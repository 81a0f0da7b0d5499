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
                ? node.Method.DeclaringType is { IsGenericType: true } asyncType && asyncType.GetGenericTypeDefinition() == typeof(AsyncTableQuery<>)
                    && node.Method.Name is "Any" or "All" or "Count" or "LongCount"
                : node.Method.DeclaringType is { IsGenericType: true } type && (type.GetGenericTypeDefinition() == typeof(TableQuery<>) || type.GetGenericTypeDefinition() == typeof(AsyncTableQuery<>)
                    // Another database's table query (MicroDb.Npgsql's), through the interface the translator reads it by.
                    || typeof(ISubquerySource).IsAssignableFrom(type)))
            {
                _found = true;
                return node;
            }

            return base.VisitMethodCall(node);
        }
    }
}
