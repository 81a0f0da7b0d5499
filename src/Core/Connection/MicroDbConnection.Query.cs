using MicroDb.Mapping;
using MicroDb.Native;
using SQLitePCL;

namespace MicroDb;

// Ad-hoc SQL: Query, DeferredQuery, Execute, ExecuteScalar, QueryScalars.
public sealed partial class MicroDbConnection
{
    /// <summary>Runs a query and maps every row to a new <typeparamref name="T"/>; columns are matched to members by name.</summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    /// <param name="sql">The SQL, with <c>?</c>, <c>?NNN</c>, <c>@name</c>, <c>:name</c> or <c>$name</c> parameters.</param>
    /// <param name="args">The parameter values, in parameter-index order.</param>
    public List<T> Query<T>(string sql, params object?[] args)
    {
        lock (_gate)
        {
            var map = GetMap<T>();
            var statement = RentStatement(sql);
            try
            {
                BindArguments(statement, args);
                // Cached on the statement, which the cache keeps between calls: resolved once per SQL text and map.
                var ordinals = map.GetOrdinals(statement);
                var list = new List<T>();
                while (statement.Step())
                {
                    list.Add(map.Read(statement, ordinals));
                }

                return list;
            }
            finally
            {
                ReturnStatement(statement);
            }
        }
    }

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
        var map = GetMap<T>();
        return new DeferredQuery<T>(this, map, sql, args);
    }

    /// <summary>Runs a statement and returns the number of rows it changed.</summary>
    /// <param name="sql">The SQL.</param>
    /// <param name="args">The parameter values.</param>
    public int Execute(string sql, params object?[] args)
    {
        lock (_gate)
        {
            var statement = RentStatement(sql);
            try
            {
                BindArguments(statement, args);
                while (statement.Step())
                {
                }

                return raw.sqlite3_changes(Handle);
            }
            finally
            {
                ReturnStatement(statement);
            }
        }
    }

    /// <summary>Runs a statement with named parameters taken from a dictionary (keys with or without their @, : or $ prefix).</summary>
    /// <param name="sql">The SQL.</param>
    /// <param name="parameters">Parameter names and values.</param>
    public int Execute(string sql, IReadOnlyDictionary<string, object?> parameters)
    {
        lock (_gate)
        {
            var statement = RentStatement(sql);
            try
            {
                BindNamed(statement, parameters);
                while (statement.Step())
                {
                }

                return raw.sqlite3_changes(Handle);
            }
            finally
            {
                ReturnStatement(statement);
            }
        }
    }

    /// <summary>Runs a query and returns the first column of the first row, converted to <typeparamref name="T"/>; default when there is no row.</summary>
    /// <typeparam name="T">A scalar type (integers, floating point, decimal, bool, string, byte[], Guid, dates and times, enums, and their nullables).</typeparam>
    /// <param name="sql">The SQL.</param>
    /// <param name="args">The parameter values.</param>
    public T ExecuteScalar<T>(string sql, params object?[] args)
    {
        lock (_gate)
        {
            var statement = RentStatement(sql);
            try
            {
                BindArguments(statement, args);
                return statement.Step() ? ScalarReader.Read<T>(statement, 0) : default!;
            }
            finally
            {
                ReturnStatement(statement);
            }
        }
    }

    /// <summary>Runs a query and returns the first column of every row, converted to <typeparamref name="T"/>.</summary>
    /// <typeparam name="T">A scalar type.</typeparam>
    /// <param name="sql">The SQL.</param>
    /// <param name="args">The parameter values.</param>
    public List<T> QueryScalars<T>(string sql, params object?[] args)
    {
        lock (_gate)
        {
            var statement = RentStatement(sql);
            try
            {
                BindArguments(statement, args);
                var list = new List<T>();
                while (statement.Step())
                {
                    list.Add(ScalarReader.Read<T>(statement, 0));
                }

                return list;
            }
            finally
            {
                ReturnStatement(statement);
            }
        }
    }

    internal static void BindArguments(SqliteStatement statement, object?[]? args)
    {
        args ??= [null];
        var expected = statement.ParameterCount;
        if (args.Length != expected)
        {
            throw new ArgumentException($"The SQL has {expected} parameter(s) but {args.Length} argument(s) were given: {statement.Sql}", nameof(args));
        }

        for (var i = 0; i < args.Length; i++)
        {
            statement.BindValue(i + 1, args[i]);
        }
    }

    private static void BindNamed(SqliteStatement statement, IReadOnlyDictionary<string, object?> parameters)
    {
        ArgumentNullException.ThrowIfNull(parameters);
        var count = statement.ParameterCount;
        for (var i = 1; i <= count; i++)
        {
            var name = statement.GetParameterName(i) ?? throw new ArgumentException($"Parameter {i} is positional; use the positional overload: {statement.Sql}", nameof(parameters));
            if (!parameters.TryGetValue(name, out var value) && !parameters.TryGetValue(name[1..], out value))
            {
                throw new ArgumentException($"No value was given for parameter '{name}' of: {statement.Sql}", nameof(parameters));
            }

            statement.BindValue(i, value);
        }
    }
}
