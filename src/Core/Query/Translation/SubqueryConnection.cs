namespace MicroDb.Query;

/// <summary>
/// The connection of the query whose Where lambdas are being translated, on this thread (null: none). A sub-query read
/// from a lambda (<c>db.Table&lt;Line&gt;()</c>) must be made on it: one statement runs on one connection.
/// </summary>
internal static class SubqueryConnection
{
    [ThreadStatic]
    private static MicroDbConnection? _current;

    /// <summary>The connection of the query being translated, or null.</summary>
    public static MicroDbConnection? Current => _current;

    /// <summary>Makes <paramref name="connection"/> current until the result is disposed (then the previous one again).</summary>
    public static Scope Enter(MicroDbConnection connection)
    {
        var previous = _current;
        _current = connection;
        return new Scope(previous);
    }

    /// <summary>Restores the previous connection.</summary>
    internal readonly struct Scope : IDisposable
    {
        private readonly MicroDbConnection? _previous;

        public Scope(MicroDbConnection? previous) => _previous = previous;

        public void Dispose() => _current = _previous;
    }
}
