namespace MicroDb;

// Ad-hoc SQL with positional parameters: Query, DeferredQuery, FindWithQuery, Execute, ExecuteScalar, QueryScalars.
// The named-parameter overloads are in MicroDbConnection.NamedParameters.cs. All of them run on the StatementRunner.
public sealed partial class MicroDbConnection
{
    /// <summary>
    /// Runs a query and maps every row to a new <typeparamref name="T"/>; columns are matched to members by name. A
    /// value tuple (<c>Query&lt;(long Id, string Name)&gt;</c>) takes the columns by position instead, one per element.
    /// </summary>
    /// <typeparam name="T">The mapped type, or a value tuple of stored types.</typeparam>
    /// <param name="sql">The SQL, with <c>?</c>, <c>?NNN</c>, <c>@name</c>, <c>:name</c> or <c>$name</c> parameters.</param>
    /// <param name="args">The parameter values, in parameter-index order.</param>
    /// <exception cref="MicroDbMappingException">A value tuple's element count differs from the query's column count.</exception>
    public List<T> Query<T>(string sql, params object?[] args) =>
        ValueTupleRowReader<T>.IsTuple
            ? _runner.ReadAll<T, ValueTupleRowReader<T>>(sql, StatementArguments.Positional(args), new ValueTupleRowReader<T>(sqliteNetRules: false))
            : _runner.Query(GetMap<T>(), sql, StatementArguments.Positional(args));

    /// <summary>
    /// Runs a query lazily: rows are read one at a time as the result is enumerated. Dispose the enumerator
    /// (foreach does) to release the statement; the connection must stay open while enumerating.
    /// </summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    /// <param name="sql">The SQL.</param>
    /// <param name="args">The parameter values.</param>
    public IEnumerable<T> DeferredQuery<T>(string sql, params object?[] args)
    {
        ArgumentNullException.ThrowIfNull(sql);
        if (ValueTupleRowReader<T>.IsTuple)
        {
            return new DeferredTupleQuery<T>(_runner, sql, args);
        }

        var map = GetMap<T>();
        return new DeferredQuery<T>(_runner, map, sql, args);
    }

    /// <summary>Runs a query and maps its first row to a new <typeparamref name="T"/>; null (default) when there is no row.</summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    /// <param name="sql">The SQL.</param>
    /// <param name="args">The parameter values.</param>
    public T? FindWithQuery<T>(string sql, params object?[] args)
    {
        ArgumentNullException.ThrowIfNull(sql);
        if (ValueTupleRowReader<T>.IsTuple)
        {
            return _runner.TryReadFirst<T, ValueTupleRowReader<T>>(sql, StatementArguments.Positional(args), new ValueTupleRowReader<T>(sqliteNetRules: false), out var tuple) ? tuple : default;
        }

        return _runner.TryQueryFirst(GetMap<T>(), sql, StatementArguments.Positional(args), out var entity) ? entity : default;
    }

    /// <summary>Runs a statement and returns the number of rows it changed.</summary>
    /// <param name="sql">The SQL.</param>
    /// <param name="args">The parameter values.</param>
    public int Execute(string sql, params object?[] args) =>
        _runner.Execute(sql, StatementArguments.Positional(args));

    /// <summary>Runs a query and returns the first column of the first row, converted to <typeparamref name="T"/>; default when there is no row.</summary>
    /// <typeparam name="T">A scalar type (integers, floating point, decimal, bool, string, byte[], Guid, dates and times, enums, and their nullables).</typeparam>
    /// <param name="sql">The SQL.</param>
    /// <param name="args">The parameter values.</param>
    public T ExecuteScalar<T>(string sql, params object?[] args) =>
        _runner.Scalar<T>(sql, StatementArguments.Positional(args));

    /// <summary>Runs a query and returns the first column of every row, converted to <typeparamref name="T"/>.</summary>
    /// <typeparam name="T">A scalar type.</typeparam>
    /// <param name="sql">The SQL.</param>
    /// <param name="args">The parameter values.</param>
    public List<T> QueryScalars<T>(string sql, params object?[] args) =>
        _runner.Scalars<T>(sql, StatementArguments.Positional(args));
}
