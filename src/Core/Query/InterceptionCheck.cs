using System.Collections;
using System.Globalization;
using System.Linq.Expressions;
using System.Reflection;
using System.Text;
using MicroDb.Mapping;

namespace MicroDb.Query;

/// <summary>
/// A check for tests that the two query front ends agree: when <see cref="Enabled"/>, each intercepted run
/// (<see cref="QueryInterception"/>) also asks the run-time front end for the same query's SQL and values, compares
/// them with the generator's constant SQL and the values its binder read, runs the run-time path too and compares
/// the results (row by row, column by column through the map). A difference throws
/// <see cref="InterceptionMismatchException"/> naming both SQL texts. Off by default: the intercepted helpers then pay
/// one static field test.
/// </summary>
internal static partial class InterceptionCheck
{
    private static long _runs;

    /// <summary>Whether intercepted runs are checked against the run-time front end (set by the test runners).</summary>
    internal static bool Enabled;

    /// <summary>How many intercepted runs were checked since the process started.</summary>
    internal static long Runs => Interlocked.Read(ref _runs);

    /// <summary>Compares the generator's statement with the run-time front end's: the SQL text and each bound value.</summary>
    internal static void Statement(string terminal, string sql, List<object?> args, (string Sql, List<object?> Args) runtime)
    {
        if (!string.Equals(sql, runtime.Sql, StringComparison.Ordinal))
        {
            throw Mismatch(terminal, sql, runtime.Sql, "the SQL differs");
        }

        if (args.Count != runtime.Args.Count)
        {
            throw Mismatch(terminal, sql, runtime.Sql, $"{args.Count} value(s) bound by the interceptor, {runtime.Args.Count} by the run-time path");
        }

        for (var i = 0; i < args.Count; i++)
        {
            if (!Same(args[i], runtime.Args[i]))
            {
                throw Mismatch(terminal, sql, runtime.Sql, $"value {i} is {Show(args[i])} from the interceptor, {Show(runtime.Args[i])} from the run-time path");
            }
        }
    }

    /// <summary>Compares the rows both front ends read (in order: the SQL is the same, so is the order SQLite returns).</summary>
    internal static void Rows<T>(string terminal, string sql, EntityMap<T> map, IReadOnlyList<T> intercepted, IReadOnlyList<T> runtime)
    {
        if (intercepted.Count != runtime.Count)
        {
            throw Mismatch(terminal, sql, sql, $"{intercepted.Count} row(s) from the interceptor, {runtime.Count} from the run-time path");
        }

        for (var r = 0; r < intercepted.Count; r++)
        {
            Row(terminal, sql, map, r, intercepted[r], runtime[r]);
        }

        Interlocked.Increment(ref _runs);
    }

    /// <summary>Compares an optional row (First, FirstOrDefault).</summary>
    internal static void Row<T>(string terminal, string sql, EntityMap<T> map, bool interceptedFound, T intercepted, bool runtimeFound, T runtime)
    {
        if (interceptedFound != runtimeFound)
        {
            throw Mismatch(terminal, sql, sql, interceptedFound ? "the interceptor found a row, the run-time path none" : "the run-time path found a row, the interceptor none");
        }

        if (interceptedFound)
        {
            Row(terminal, sql, map, 0, intercepted, runtime);
        }

        Interlocked.Increment(ref _runs);
    }

    /// <summary>
    /// Compares projected rows (Select): a value built by an object initializer member by member (the members the
    /// selector's tree binds), an anonymous object by the members its tree names, anything else (a scalar, a tuple, a
    /// record) by its Equals.
    /// </summary>
    internal static void Projected<TResult>(string terminal, string sql, LambdaExpression selector, IReadOnlyList<TResult> intercepted, IReadOnlyList<TResult> runtime) =>
        Projected(terminal, sql, selector.Body, intercepted, runtime);

    /// <summary>
    /// Compares one table's projected rows along the selector's tree, where the row used whole (<c>p =&gt; p</c>,
    /// <c>new { p.Id, Row = p }</c>: an entity, which has no Equals of its own) is compared column by column through <paramref name="map"/>.
    /// </summary>
    internal static void Projected<TResult>(string terminal, string sql, LambdaExpression selector, IEntityMap map, IReadOnlyList<TResult> intercepted, IReadOnlyList<TResult> runtime) =>
        JoinProjected(terminal, sql, selector.Body, [map], intercepted, runtime);

    /// <summary>Compares projected rows, as <see cref="Projected{TResult}(string, string, LambdaExpression, IReadOnlyList{TResult}, IReadOnlyList{TResult})"/>, given the selector's body (a join's result over its tables).</summary>
    internal static void Projected<TResult>(string terminal, string sql, Expression selectorBody, IReadOnlyList<TResult> intercepted, IReadOnlyList<TResult> runtime)
    {
        if (intercepted.Count != runtime.Count)
        {
            throw Mismatch(terminal, sql, sql, $"{intercepted.Count} row(s) from the interceptor, {runtime.Count} from the run-time path");
        }

        var members = selectorBody switch
        {
            MemberInitExpression init => init.Bindings.Select(b => b.Member).ToArray(),
            NewExpression { Members: { } named } => named.ToArray(),
            _ => null,
        };
        for (var r = 0; r < intercepted.Count; r++)
        {
            if (members is null)
            {
                if (!Same(intercepted[r], runtime[r]))
                {
                    throw Mismatch(terminal, sql, sql, $"row {r}: {Show(intercepted[r])} from the interceptor, {Show(runtime[r])} from the run-time path");
                }

                continue;
            }

            foreach (var member in members)
            {
                var a = ValueOf(member, intercepted[r]);
                var b = ValueOf(member, runtime[r]);
                if (!Same(a, b))
                {
                    throw Mismatch(terminal, sql, sql, $"row {r}, member '{member.Name}': {Show(a)} from the interceptor, {Show(b)} from the run-time path");
                }
            }
        }

        Interlocked.Increment(ref _runs);
    }

    /// <summary>A member the selector's tree names, read as the run-time path's interpreter reads it (property getter from the tree; .NET Framework names the getter method).</summary>
    private static object? ValueOf(MemberInfo member, object? instance) => member switch
    {
        PropertyInfo property => property.GetValue(instance),
        FieldInfo field => field.GetValue(instance),
        MethodInfo getter => getter.Invoke(instance, null),
        _ => throw new NotSupportedException($"member '{member.Name}' cannot be compared"),
    };

    /// <summary>Compares a scalar result (Count, Any).</summary>
    internal static void Scalar<TValue>(string terminal, string sql, TValue intercepted, TValue runtime)
    {
        if (!EqualityComparer<TValue>.Default.Equals(intercepted, runtime))
        {
            throw Mismatch(terminal, sql, sql, $"the interceptor's result is {Show(intercepted)}, the run-time path's {Show(runtime)}");
        }

        Interlocked.Increment(ref _runs);
    }

    private static void Row<T>(string terminal, string sql, EntityMap<T> map, int index, T intercepted, T runtime)
    {
        var columns = map.Table.Columns;
        for (var c = 0; c < columns.Count; c++)
        {
            var a = map.GetValue(intercepted, c);
            var b = map.GetValue(runtime, c);
            if (!Same(a, b))
            {
                throw Mismatch(terminal, sql, sql, $"row {index}, column '{columns[c].Name}': {Show(a)} from the interceptor, {Show(b)} from the run-time path");
            }
        }
    }

    /// <summary>Equal values, sequences (byte[], lists) element by element.</summary>
    private static bool Same(object? a, object? b)
    {
        if (a is null || b is null)
        {
            return a is null && b is null;
        }

        if (a.GetType() != b.GetType())
        {
            return false;
        }

        if (a is not string && a is IEnumerable left && b is IEnumerable right)
        {
            var l = left.GetEnumerator();
            var r = right.GetEnumerator();
            while (true)
            {
                var more = l.MoveNext();
                if (more != r.MoveNext())
                {
                    return false;
                }

                if (!more)
                {
                    return true;
                }

                if (!Same(l.Current, r.Current))
                {
                    return false;
                }
            }
        }

        return a.Equals(b);
    }

    private static string Show(object? value) => value switch
    {
        null => "null",
        string s => $"'{s}' (string)",
        byte[] bytes => $"x'{ToHex(bytes)}' (byte[])",
        _ => $"{Convert.ToString(value, CultureInfo.InvariantCulture)} ({value.GetType().Name})",
    };

    private static string ToHex(byte[] bytes)
    {
        var text = new StringBuilder(bytes.Length * 2);
        foreach (var b in bytes)
        {
            text.Append(b.ToString("x2", CultureInfo.InvariantCulture));
        }

        return text.ToString();
    }

    private static InterceptionMismatchException Mismatch(string terminal, string sql, string runtimeSql, string what) =>
        new($"The build-time and run-time query front ends disagree on {terminal}: {what}. Intercepted SQL: {sql} | run-time SQL: {runtimeSql}");
}
