using System.Linq.Expressions;
using MicroDb.Mapping;

namespace MicroDb.Query;

// A join's projected rows, compared along the result selector's tree: a table's row used whole (an entity, which has no
// Equals of its own) column by column through its map, an anonymous object or object initializer member by member, the
// run time's "anchor == null ? null : rows" (the rows before a RightJoin used whole) by its object.
internal static partial class InterceptionCheck
{
    /// <summary>Compares a join's projected rows, <paramref name="selectorBody"/> over the tables whose maps are <paramref name="maps"/>.</summary>
    internal static void JoinProjected<TResult>(string terminal, string sql, Expression selectorBody, IReadOnlyList<IEntityMap> maps, IReadOnlyList<TResult> intercepted, IReadOnlyList<TResult> runtime)
    {
        if (intercepted.Count != runtime.Count)
        {
            throw Mismatch(terminal, sql, sql, $"{intercepted.Count} row(s) from the interceptor, {runtime.Count} from the run-time path");
        }

        for (var r = 0; r < intercepted.Count; r++)
        {
            if (Differs(selectorBody, maps, intercepted[r], runtime[r]) is { } what)
            {
                throw Mismatch(terminal, sql, sql, $"row {r}{what}");
            }
        }

        Interlocked.Increment(ref _runs);
    }

    /// <summary>Null when <paramref name="a"/> and <paramref name="b"/>, built by <paramref name="shape"/>, agree; else where and how they differ.</summary>
    private static string? Differs(Expression shape, IReadOnlyList<IEntityMap> maps, object? a, object? b)
    {
        while (shape is UnaryExpression { NodeType: ExpressionType.Convert } convert)
        {
            shape = convert.Operand;
        }

        if (a is null || b is null || a.GetType() != b.GetType())
        {
            return Same(a, b) ? null : $": {Show(a)} from the interceptor, {Show(b)} from the run-time path";
        }

        switch (shape)
        {
            case ConditionalExpression { IfTrue: ConstantExpression { Value: null } } missing:
                return Differs(missing.IfFalse, maps, a, b);
            case ParameterExpression row when MapOf(maps, row.Type) is { } map:
                for (var c = 0; c < map.Table.Columns.Count; c++)
                {
                    if (!Same(map.GetValue(a, c), map.GetValue(b, c)))
                    {
                        return $", column '{map.Table.Columns[c].Name}': {Show(map.GetValue(a, c))} from the interceptor, {Show(map.GetValue(b, c))} from the run-time path";
                    }
                }

                return null;
            case NewExpression { Members: { } members } created:
                for (var i = 0; i < members.Count; i++)
                {
                    if (Differs(created.Arguments[i], maps, ValueOf(members[i], a), ValueOf(members[i], b)) is { } what)
                    {
                        return $", member '{members[i].Name}'{what}";
                    }
                }

                return null;
            case MemberInitExpression init:
                foreach (var binding in init.Bindings)
                {
                    if (binding is MemberAssignment assignment && Differs(assignment.Expression, maps, ValueOf(binding.Member, a), ValueOf(binding.Member, b)) is { } what)
                    {
                        return $", member '{binding.Member.Name}'{what}";
                    }
                }

                return null;
            default:
                return Same(a, b) ? null : $": {Show(a)} from the interceptor, {Show(b)} from the run-time path";
        }
    }

    private static IEntityMap? MapOf(IReadOnlyList<IEntityMap> maps, Type type)
    {
        foreach (var map in maps)
        {
            if (map.EntityType == type)
            {
                return map;
            }
        }

        return null;
    }
}
