using System.Runtime.CompilerServices;
using MicroDb.Mapping;

namespace MicroDb.Query;

/// <summary>
/// The direct form of a compiled <c>First</c>/<c>FirstOrDefault</c> on one connection: the SQL text (the same string
/// object each call, so the connection's statement cache finds the prepared statement by reference), the parameters
/// that do not depend on the argument, and the parameters that are the argument itself, bound typed. A call binds and
/// steps the prepared statement: no tree, no query model and no cache lookup.
/// </summary>
/// <remarks>
/// Made from two translations of the query, with the call's argument and with a second value of the same kind (same
/// sign, or a second non-empty string), read through the query's own operators: a parameter equal to the argument in
/// both is the argument; one equal in both translations is a constant; the plan is made only when the two SQL texts are
/// the same and every parameter is one or the other. A value of another kind (a zero, a negative number after a positive
/// one, a null or empty string) might translate to other SQL (the translation cache keys on such facets), so
/// <see cref="Accepts"/> sends it through the full path.
/// </remarks>
/// <typeparam name="TArg">The argument type: <see cref="int"/>, <see cref="long"/> or <see cref="string"/>.</typeparam>
/// <typeparam name="T">The entity type.</typeparam>
internal sealed class CompiledQueryPlan<TArg, T>
{
    private readonly EntityMap<T> _map;
    private readonly string _sql;
    private readonly (int Index, object? Value)[] _constants;
    private readonly int[] _argumentSlots;
    private readonly int _kind;

    private CompiledQueryPlan(EntityMap<T> map, string sql, (int, object?)[] constants, int[] argumentSlots, int kind)
    {
        _map = map;
        _sql = sql;
        _constants = constants;
        _argumentSlots = argumentSlots;
        _kind = kind;
    }

    /// <summary>True for the argument types a plan is made for.</summary>
    public static bool Supported => typeof(TArg) == typeof(int) || typeof(TArg) == typeof(long) || typeof(TArg) == typeof(string);

    /// <summary>The SQL the plan runs.</summary>
    public string Sql => _sql;

    /// <summary>Makes the plan from <paramref name="query"/>'s first-row SQL, or null when the query does not have this form.</summary>
    /// <param name="query">The query with every operator applied (the terminal's predicate too).</param>
    /// <param name="argument">This call's argument (a kind <see cref="Accepts"/> takes).</param>
    /// <param name="other">A second value of the same kind.</param>
    public static CompiledQueryPlan<TArg, T>? TryCreate(TableQuery<T> query, TArg argument, TArg other)
    {
        var previous = CompiledQueryArgument<TArg>.Current;
        (string Sql, object?[] Args) first, second;
        try
        {
            CompiledQueryArgument<TArg>.Current = argument;
            first = query.FirstSql();
            CompiledQueryArgument<TArg>.Current = other;
            second = query.FirstSql();
        }
        finally
        {
            CompiledQueryArgument<TArg>.Current = previous;
        }

        if (!string.Equals(first.Sql, second.Sql, StringComparison.Ordinal) || first.Args.Length != second.Args.Length)
        {
            return null;
        }

        var constants = new List<(int, object?)>();
        var slots = new List<int>();
        for (var i = 0; i < first.Args.Length; i++)
        {
            if (Equals(first.Args[i], argument) && Equals(second.Args[i], other))
            {
                slots.Add(i + 1);
            }
            else if (Equals(first.Args[i], second.Args[i]))
            {
                constants.Add((i + 1, first.Args[i]));
            }
            else
            {
                // A value computed from the argument (id + 1, a LIKE pattern ...): the full path reads it.
                return null;
            }
        }

        return new CompiledQueryPlan<TArg, T>(query.Map, first.Sql, [.. constants], [.. slots], KindOf(argument));
    }

    /// <summary>A second value of <paramref name="argument"/>'s kind, or false when the argument's kind has one value or is not planned (zero, null, empty).</summary>
    /// <param name="argument">The argument.</param>
    /// <param name="other">The second value.</param>
    public static bool TryOther(TArg argument, out TArg other)
    {
        other = argument;
        if (typeof(TArg) == typeof(int))
        {
            var value = Unsafe.As<TArg, int>(ref argument);
            var next = value > 0 ? (value == int.MaxValue ? value - 1 : value + 1) : (value == int.MinValue ? value + 1 : value - 1);
            other = Unsafe.As<int, TArg>(ref next);
            return value != 0;
        }

        if (typeof(TArg) == typeof(long))
        {
            var value = Unsafe.As<TArg, long>(ref argument);
            var next = value > 0 ? (value == long.MaxValue ? value - 1 : value + 1) : (value == long.MinValue ? value + 1 : value - 1);
            other = Unsafe.As<long, TArg>(ref next);
            return value != 0;
        }

        if (typeof(TArg) == typeof(string) && argument is string { Length: > 0 } text)
        {
            other = (TArg)(object)(text + "\u0001");
            return true;
        }

        return false;
    }

    /// <summary>True when <paramref name="argument"/> is of the kind the plan was made with.</summary>
    /// <param name="argument">The argument.</param>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public bool Accepts(TArg argument) => KindOf(argument) == _kind;

    /// <summary>Runs the plan on <paramref name="connection"/>; false when there is no row.</summary>
    /// <param name="connection">The connection the plan was made on.</param>
    /// <param name="argument">The argument (<see cref="Accepts"/> said yes).</param>
    /// <param name="entity">The row read, when there is one.</param>
    public bool TryRun(MicroDbConnection connection, TArg argument, out T entity) =>
        connection.Runner.TryReadFirstCompiled(_map, _sql, _constants, _argumentSlots, argument, out entity);

    /// <summary>The argument's kind: the sign of a number (-1, 0, 1); for a string 1 when it has characters, else 0 (null or empty).</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static int KindOf(TArg argument)
    {
        if (typeof(TArg) == typeof(int))
        {
            return Math.Sign(Unsafe.As<TArg, int>(ref argument));
        }

        if (typeof(TArg) == typeof(long))
        {
            return Math.Sign(Unsafe.As<TArg, long>(ref argument));
        }

        return argument is string { Length: > 0 } ? 1 : 0;
    }
}
