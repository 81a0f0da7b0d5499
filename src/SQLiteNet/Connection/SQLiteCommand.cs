using MicroDb;

namespace SQLite;

/// <summary>
/// SQL text and its bound values, run through the connection it was made for. Values are bound either all by
/// position (<see cref="Bind(object)"/>) or all by name (<see cref="Bind(string, object)"/>).
/// </summary>
public class SQLiteCommand
{
    private readonly SQLiteConnection _conn;
    private readonly List<object> _positional = [];
    private readonly Dictionary<string, object> _named = new(StringComparer.Ordinal);

    /// <summary>A command for <paramref name="conn"/>; set <see cref="CommandText"/> and bind values.</summary>
    /// <param name="conn">The connection.</param>
    public SQLiteCommand(SQLiteConnection conn)
    {
        ArgumentNullException.ThrowIfNull(conn);
        _conn = conn;
        CommandText = "";
    }

    /// <summary>The SQL.</summary>
    public string CommandText { get; set; }

    /// <summary>Binds <paramref name="val"/> to the parameter named <paramref name="name"/> (prefix included: <c>@id</c>); a null name binds by position.</summary>
    /// <param name="name">The parameter name, or null.</param>
    /// <param name="val">The value.</param>
    public void Bind(string name, object val)
    {
        if (name is null)
        {
            Bind(val);
            return;
        }

        _named[name] = val is Enum e && EnumArguments.IsStoredAsText(e.GetType()) ? e.ToString() : val;
    }

    /// <summary>Binds <paramref name="val"/> to the next positional parameter.</summary>
    /// <param name="val">The value.</param>
    public void Bind(object val) => _positional.Add(val);

    /// <summary>Runs the command.</summary>
    /// <returns>The number of rows changed.</returns>
    /// <exception cref="SQLiteException">SQLite reported an error.</exception>
    public int ExecuteNonQuery() => Named is { } named ? _conn.Run(CommandText, () => _conn.MicroDbConnection.Execute(CommandText, named)) : _conn.Execute(CommandText, Positional);

    /// <summary>Runs the query and maps every row to a new <typeparamref name="T"/>.</summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    /// <returns>The objects.</returns>
    public List<T> ExecuteQuery<T>() =>
        Named is { } named
            ? _conn.Run(CommandText, () => _conn.MicroDbConnection.Query<T>(CommandText, named), isQuery: true)
            : _conn.Run(CommandText, () => _conn.MicroDbConnection.Query<T>(CommandText, Positional), isQuery: true);

    /// <summary>Runs the query and maps every row to an object of <paramref name="map"/>'s type.</summary>
    /// <typeparam name="T">The type the objects are cast to.</typeparam>
    /// <param name="map">The table mapping.</param>
    /// <returns>The objects.</returns>
    public List<T> ExecuteQuery<T>(TableMapping map) => _conn.Query(map, CommandText, RequirePositional()).Cast<T>().ToList();

    /// <summary>Runs the query lazily.</summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    /// <returns>The objects, read on demand.</returns>
    public IEnumerable<T> ExecuteDeferredQuery<T>()
    {
        _conn.TraceStatement(CommandText, query: true);
        return SQLiteConnection.Translating(_conn.MicroDbConnection.DeferredQuery<T>(CommandText, RequirePositional()));
    }

    /// <summary>Runs the query lazily, reading objects of <paramref name="map"/>'s type.</summary>
    /// <typeparam name="T">The type the objects are cast to.</typeparam>
    /// <param name="map">The table mapping.</param>
    /// <returns>The objects, read on demand.</returns>
    public IEnumerable<T> ExecuteDeferredQuery<T>(TableMapping map) => _conn.DeferredQuery(map, CommandText, RequirePositional()).Cast<T>();

    /// <summary>Runs the query and returns the first column of the first row.</summary>
    /// <typeparam name="T">The value type.</typeparam>
    /// <returns>The value, or default when there is no row.</returns>
    public T ExecuteScalar<T>() =>
        Named is { } named
            ? _conn.Run(CommandText, () => _conn.MicroDbConnection.ExecuteScalar<T>(CommandText, named), isQuery: true)
            : _conn.ExecuteScalar<T>(CommandText, Positional);

    /// <summary>Runs the query and returns the first column of every row.</summary>
    /// <typeparam name="T">The value type.</typeparam>
    /// <returns>The values.</returns>
    public IEnumerable<T> ExecuteQueryScalars<T>() => _conn.QueryScalars<T>(CommandText, RequirePositional());

    /// <summary>The SQL and its bound values.</summary>
    /// <returns>A description.</returns>
    public override string ToString()
    {
        var parts = new List<string> { CommandText };
        var i = 0;
        parts.AddRange(_positional.Select(v => $"  {i++}: {v}"));
        parts.AddRange(_named.Select(p => $"  {p.Key}: {p.Value}"));
        return string.Join(Environment.NewLine, parts);
    }

    private object[] Positional => EnumArguments.Convert([.. _positional]);

    private Dictionary<string, object> Named
    {
        get
        {
            if (_named.Count == 0)
            {
                return null;
            }

            if (_positional.Count > 0)
            {
                throw new NotSupportedException($"The command binds {_positional.Count} value(s) by position and {_named.Count} by name; MicroDb.SQLiteNet binds one way per command. Name every parameter or none: {CommandText}");
            }

            return _named;
        }
    }

    private object[] RequirePositional() =>
        Named is null
            ? Positional
            : throw new NotSupportedException($"This operation binds values by position; the command has named values ({string.Join(", ", _named.Keys)}). Use ExecuteQuery<T>() or ExecuteScalar<T>() for named parameters: {CommandText}");
}
