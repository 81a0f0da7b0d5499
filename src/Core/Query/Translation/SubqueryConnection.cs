namespace MicroDb.Query;

/// <summary>
/// The connection of the query whose Where lambdas are being translated, on this thread (null: none). A sub-query read
/// from a lambda (<c>db.Table&lt;Line&gt;()</c>) must be made on it: one statement runs on one connection.
/// </summary>
internal static class SubqueryConnection
{
    [ThreadStatic]
    private static MicroDbConnection? _current;

    [ThreadStatic]
    private static bool _overSubquery;

    /// <summary>The connection of the query being translated, or null.</summary>
    public static MicroDbConnection? Current => _current;

    /// <summary>True when the Where being translated filters a limited query read as a sub-query (its table has no name there).</summary>
    public static bool OverSubquery => _overSubquery;

    /// <summary>Makes <paramref name="connection"/> current until the result is disposed (then the previous one again).</summary>
    /// <param name="connection">The connection of the query whose lambdas are translated.</param>
    /// <param name="overSubquery">True when that query reads a limited query (Where after Take/Skip).</param>
    public static Scope Enter(MicroDbConnection connection, bool overSubquery = false)
    {
        var scope = new Scope(_current, _overSubquery);
        _current = connection;
        _overSubquery = overSubquery;
        return scope;
    }

    /// <summary>Restores the previous connection.</summary>
    internal readonly struct Scope : IDisposable
    {
        private readonly MicroDbConnection? _previous;
        private readonly bool _previousOverSubquery;

        public Scope(MicroDbConnection? previous, bool previousOverSubquery)
        {
            _previous = previous;
            _previousOverSubquery = previousOverSubquery;
        }

        public void Dispose()
        {
            _current = _previous;
            _overSubquery = _previousOverSubquery;
        }
    }
}
