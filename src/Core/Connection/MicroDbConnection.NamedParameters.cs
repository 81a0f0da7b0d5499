namespace MicroDb;

// Every named-parameter overload (values from a dictionary keyed by parameter name): Query, ExecuteScalar, Execute.
public sealed partial class MicroDbConnection
{
    /// <summary>Runs a query with named parameters (<c>@name</c>, <c>:name</c> or <c>$name</c>; dictionary keys with or without the prefix).</summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    /// <param name="sql">The SQL.</param>
    /// <param name="parameters">Parameter names and values.</param>
    /// <exception cref="ArgumentException">A parameter has no value, or the SQL uses positional parameters.</exception>
    public List<T> Query<T>(string sql, IReadOnlyDictionary<string, object?> parameters) =>
        _runner.Query(GetMap<T>(), sql, StatementArguments.Named(parameters));

    /// <summary>Runs a query with named parameters and returns the first column of the first row; default when there is no row.</summary>
    /// <typeparam name="T">A scalar type.</typeparam>
    /// <param name="sql">The SQL.</param>
    /// <param name="parameters">Parameter names and values.</param>
    /// <exception cref="ArgumentException">A parameter has no value, or the SQL uses positional parameters.</exception>
    public T ExecuteScalar<T>(string sql, IReadOnlyDictionary<string, object?> parameters) =>
        _runner.Scalar<T>(sql, StatementArguments.Named(parameters));

    /// <summary>Runs a statement with named parameters taken from a dictionary (keys with or without their @, : or $ prefix).</summary>
    /// <param name="sql">The SQL.</param>
    /// <param name="parameters">Parameter names and values.</param>
    public int Execute(string sql, IReadOnlyDictionary<string, object?> parameters) =>
        _runner.Execute(sql, StatementArguments.Named(parameters));
}
