using System.Diagnostics;
using MicroDb;

namespace SQLite;

// Ad-hoc SQL: Execute, ExecuteScalar, Query, DeferredQuery, FindWithQuery, QueryScalars, commands and Table<T>.
public partial class SQLiteConnection
{
    private long _elapsedMilliseconds;

    /// <summary>Runs a statement that returns no rows (INSERT, UPDATE, DELETE, DDL).</summary>
    /// <param name="query">The SQL, with <c>?</c> parameters.</param>
    /// <param name="args">The parameter values.</param>
    /// <returns>The number of rows changed.</returns>
    /// <exception cref="SQLiteException">SQLite reported an error.</exception>
    public int Execute(string query, params object[] args) => Timed(query, () => _db.Execute(query, EnumArguments.Convert(args)));

    /// <summary>Runs a query and returns the first column of its first row, converted to <typeparamref name="T"/>.</summary>
    /// <typeparam name="T">The value type.</typeparam>
    /// <param name="query">The SQL.</param>
    /// <param name="args">The parameter values.</param>
    /// <returns>The value, or default when there is no row.</returns>
    public T ExecuteScalar<T>(string query, params object[] args) => Timed(query, () => _db.ExecuteScalar<T>(query, EnumArguments.Convert(args)), isQuery: true);

    /// <summary>
    /// Runs a query and maps every row to a new <typeparamref name="T"/>, matching columns to properties by name; a
    /// <see cref="ValueTuple"/> (<c>Query&lt;(int, string)&gt;</c>) takes the columns by position, as in sqlite-net.
    /// </summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    /// <param name="query">The SQL.</param>
    /// <param name="args">The parameter values.</param>
    /// <returns>The objects.</returns>
    public List<T> Query<T>(string query, params object[] args)
        where T : new() => ValueTupleRowReader<T>.IsTuple
            ? Run(query, () => _db.Runner.ReadAll<T, ValueTupleRowReader<T>>(query, StatementArguments.Positional(EnumArguments.Convert(args)), new ValueTupleRowReader<T>(sqliteNetRules: true)), isQuery: true)
            : Run(query, () => _db.Query<T>(query, EnumArguments.Convert(args)), isQuery: true);

    /// <summary>Runs a query and maps every row to an object of <paramref name="map"/>'s type.</summary>
    /// <param name="map">The table mapping.</param>
    /// <param name="query">The SQL.</param>
    /// <param name="args">The parameter values.</param>
    /// <returns>The objects.</returns>
    public List<object> Query(TableMapping map, string query, params object[] args)
    {
        ArgumentNullException.ThrowIfNull(map);
        return Run(query, () => _db.Runner.QueryObjects(map.Map, query, StatementArguments.Positional(EnumArguments.Convert(args))), isQuery: true);
    }

    /// <summary>Runs a query lazily: each row is read as the result is enumerated (keep the connection open meanwhile).</summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    /// <param name="query">The SQL.</param>
    /// <param name="args">The parameter values.</param>
    /// <returns>The objects, read on demand.</returns>
    public IEnumerable<T> DeferredQuery<T>(string query, params object[] args)
        where T : new()
    {
        TraceStatement(query, query: true);
        if (ValueTupleRowReader<T>.IsTuple)
        {
            var runner = _db.Runner;
            var arguments = EnumArguments.Convert(args);
            return Translating(new DeferredEnumerable<T>(() => runner.Enumerate<T, ValueTupleRowReader<T>>(query, StatementArguments.Positional(arguments), new ValueTupleRowReader<T>(sqliteNetRules: true))));
        }

        return Translating(_db.DeferredQuery<T>(query, EnumArguments.Convert(args)));
    }

    /// <summary>Runs a query lazily, reading objects of <paramref name="map"/>'s type.</summary>
    /// <param name="map">The table mapping.</param>
    /// <param name="query">The SQL.</param>
    /// <param name="args">The parameter values.</param>
    /// <returns>The objects, read on demand.</returns>
    public IEnumerable<object> DeferredQuery(TableMapping map, string query, params object[] args)
    {
        ArgumentNullException.ThrowIfNull(map);
        TraceStatement(query, query: true);
        var runner = _db.Runner;
        var arguments = EnumArguments.Convert(args);
        return Translating(new DeferredEnumerable<object>(() => runner.EnumerateObjects(map.Map, query, StatementArguments.Positional(arguments))));
    }

    /// <summary>Runs a query and maps its first row to a new <typeparamref name="T"/>.</summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    /// <param name="query">The SQL.</param>
    /// <param name="args">The parameter values.</param>
    /// <returns>The object, or null (default) when there is no row.</returns>
    public T FindWithQuery<T>(string query, params object[] args)
        where T : new() => ValueTupleRowReader<T>.IsTuple
            ? Run(query, () => _db.Runner.TryReadFirst<T, ValueTupleRowReader<T>>(query, StatementArguments.Positional(EnumArguments.Convert(args)), new ValueTupleRowReader<T>(sqliteNetRules: true), out var value) ? value : default, isQuery: true)
            : Run(query, () => _db.FindWithQuery<T>(query, EnumArguments.Convert(args)), isQuery: true);

    /// <summary>Runs a query and maps its first row to an object of <paramref name="map"/>'s type.</summary>
    /// <param name="map">The table mapping.</param>
    /// <param name="query">The SQL.</param>
    /// <param name="args">The parameter values.</param>
    /// <returns>The object, or null when there is no row.</returns>
    public object FindWithQuery(TableMapping map, string query, params object[] args)
    {
        ArgumentNullException.ThrowIfNull(map);
        return Run(query, () => _db.Runner.TryQueryFirstObject(map.Map, query, StatementArguments.Positional(EnumArguments.Convert(args)), out var value) ? value : null, isQuery: true);
    }

    /// <summary>Runs a query and returns its first column of every row, converted to <typeparamref name="T"/>.</summary>
    /// <typeparam name="T">The value type.</typeparam>
    /// <param name="query">The SQL.</param>
    /// <param name="args">The parameter values.</param>
    /// <returns>The values.</returns>
    public List<T> QueryScalars<T>(string query, params object[] args) => Run(query, () => _db.QueryScalars<T>(query, EnumArguments.Convert(args)), isQuery: true);

    /// <summary>A LINQ query over <typeparamref name="T"/>'s table, translated to SQL.</summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    /// <returns>The query.</returns>
    public TableQuery<T> Table<T>()
        where T : new() => new(this);

    /// <summary>A command for <paramref name="cmdText"/> with positional arguments.</summary>
    /// <param name="cmdText">The SQL.</param>
    /// <param name="ps">The parameter values, in order.</param>
    /// <returns>The command.</returns>
    public SQLiteCommand CreateCommand(string cmdText, params object[] ps)
    {
        var command = new SQLiteCommand(this) { CommandText = cmdText };
        foreach (var value in ps ?? [null])
        {
            command.Bind(value);
        }

        return command;
    }

    /// <summary>A command for <paramref name="cmdText"/> with named arguments (<c>@name</c>, <c>:name</c>, <c>$name</c>).</summary>
    /// <param name="cmdText">The SQL.</param>
    /// <param name="args">The parameter values by name, prefix included.</param>
    /// <returns>The command.</returns>
    public SQLiteCommand CreateCommand(string cmdText, Dictionary<string, object> args)
    {
        ArgumentNullException.ThrowIfNull(args);
        var command = new SQLiteCommand(this) { CommandText = cmdText };
        foreach (var pair in args)
        {
            command.Bind(pair.Key, pair.Value);
        }

        return command;
    }

    /// <summary>Runs <paramref name="action"/> (traced, as a query when <paramref name="isQuery"/>; MicroDb errors translated).</summary>
    internal T Run<T>(string sql, Func<T> action, bool isQuery = false)
    {
        TraceStatement(sql, isQuery);
        try
        {
            return action();
        }
        catch (MicroDbException e)
        {
            throw Translate(e);
        }
    }

    /// <summary>Enumerates <paramref name="source"/>, translating MicroDb errors as rows are read.</summary>
    internal static IEnumerable<T> Translating<T>(IEnumerable<T> source)
    {
        using var enumerator = source.GetEnumerator();
        while (true)
        {
            try
            {
                if (!enumerator.MoveNext())
                {
                    yield break;
                }
            }
            catch (MicroDbException e)
            {
                throw Translate(e);
            }

            yield return enumerator.Current;
        }
    }

    private T Timed<T>(string sql, Func<T> action, bool isQuery = false)
    {
        if (!TimeExecution)
        {
            return Run(sql, action, isQuery);
        }

        var watch = Stopwatch.StartNew();
        var result = Run(sql, action, isQuery);
        watch.Stop();
        _elapsedMilliseconds += watch.ElapsedMilliseconds;
        Tracer?.Invoke($"Finished in {watch.ElapsedMilliseconds} ms ({_elapsedMilliseconds / 1000.0:0.0} s total)");
        return result;
    }

    private sealed class DeferredEnumerable<T>(Func<IEnumerator<T>> start) : IEnumerable<T>
    {
        public IEnumerator<T> GetEnumerator() => start();

        System.Collections.IEnumerator System.Collections.IEnumerable.GetEnumerator() => GetEnumerator();
    }
}
