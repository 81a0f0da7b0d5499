// Shared source (see src/Shared/README.md): the query model, compiled into the runtime and the generator.
using System;

#if MICRODB_GENERATOR
namespace MicroDb.Generator.Shared.Query;
#else
namespace MicroDb.Query.Model;
#endif

/// <summary>
/// Renumbers the <see cref="SqlParameter"/> slots of a node, so fragments translated on their own (a predicate, an order
/// key) can be put into one <see cref="QueryModel"/> whose slot <c>k</c> is its <c>k</c>-th argument. Nodes are
/// immutable: unchanged sub-trees are shared, not copied.
/// </summary>
internal static class SqlSlots
{
    /// <summary><paramref name="expression"/> with every slot <c>s</c> replaced by <c>s + offset</c>.</summary>
    public static SqlExpression Offset(SqlExpression expression, int offset) =>
        offset == 0 ? expression : Map(expression, slot => slot + offset);

    /// <summary><paramref name="expression"/> with every slot <c>s</c> replaced by <c>map(s)</c>.</summary>
    public static SqlExpression Map(SqlExpression expression, Func<int, int> map)
    {
        switch (expression)
        {
            case SqlParameter parameter:
                var slot = map(parameter.Slot);
                return slot == parameter.Slot ? parameter : parameter with { Slot = slot };
            case SqlColumn or SqlLiteral or SqlRowId:
                return expression;
            case SqlGroup group:
                return Same(group.Inner, map, out var inner) ? group : new SqlGroup(inner);
            case SqlBinary binary:
                return Same(binary.Left, map, out var left) & Same(binary.Right, map, out var right) ? binary : binary with { Left = left, Right = right };
            case SqlUnary unary:
                return Same(unary.Operand, map, out var operand) ? unary : unary with { Operand = operand };
            case SqlIsNull isNull:
                return Same(isNull.Operand, map, out var tested) ? isNull : isNull with { Operand = tested };
            case SqlFunction function:
                return Same(function.Arguments, map, out var arguments) ? function : function with { Arguments = arguments };
            case SqlCast cast:
                return Same(cast.Operand, map, out var converted) ? cast : cast with { Operand = converted };
            case SqlCase @case:
                {
                    var whens = new SqlWhen[@case.Whens.Count];
                    var same = true;
                    for (var i = 0; i < whens.Length; i++)
                    {
                        var when = @case.Whens[i];
                        same &= Same(when.Condition, map, out var condition) & Same(when.Result, map, out var result);
                        whens[i] = new SqlWhen(condition, result);
                    }

                    same &= Same(@case.Else, map, out var otherwise);
                    return same ? @case : new SqlCase(new ValueList<SqlWhen>(whens), otherwise);
                }

            case SqlIn @in:
                return Same(@in.Operand, map, out var value) & Same(@in.Values, map, out var values) ? @in : @in with { Operand = value, Values = values };
            case SqlLike like:
                return Same(like.Operand, map, out var text) & Same(like.Pattern, map, out var pattern) ? like : like with { Operand = text, Pattern = pattern };
            case SqlCollate collate:
                return Same(collate.Operand, map, out var collated) ? collate : collate with { Operand = collated };
            case SqlAlias alias:
                return Same(alias.Value, map, out var aliased) ? alias : alias with { Value = aliased };
            case SqlExists exists:
                return Same(exists.Query, map, out var existsQuery) ? exists : new SqlExists(existsQuery);
            case SqlScalarQuery scalar:
                return Same(scalar.Query, map, out var scalarQuery) ? scalar : new SqlScalarQuery(scalarQuery);
            case SqlInQuery inQuery:
                return Same(inQuery.Operand, map, out var searched) & Same(inQuery.Query, map, out var inQueryModel) ? inQuery : inQuery with { Operand = searched, Query = inQueryModel };
            default:
                throw new ArgumentException($"Slots of the node '{expression}' cannot be renumbered.", nameof(expression));
        }
    }

    // Nested models (sub-queries): every part that can hold a slot, renumbered in place.
    private static bool Same(QueryModel query, Func<int, int> map, out QueryModel mapped)
    {
        var same = Same(query.Source, map, out var source)
            & Same(query.Projection, map, out var projection)
            & Same(query.Predicates, map, out var predicates)
            & Same(query.GroupBy, map, out var groupBy)
            & Same(query.Having, map, out var having);
        var orderings = new SqlOrdering[query.Orderings.Count];
        for (var i = 0; i < orderings.Length; i++)
        {
            same &= Same(query.Orderings[i].Key, map, out var key);
            orderings[i] = query.Orderings[i] with { Key = key };
        }

        mapped = same
            ? query
            : query with
            {
                Source = source,
                Projection = projection,
                Predicates = predicates,
                Orderings = new ValueList<SqlOrdering>(orderings),
                GroupBy = groupBy,
                Having = having,
            };
        return same;
    }

    private static bool Same(SqlSource? source, Func<int, int> map, out SqlSource? mapped)
    {
        switch (source)
        {
            case SqlSubquery subquery:
                var same = Same(subquery.Query, map, out var query);
                mapped = same ? subquery : subquery with { Query = query };
                return same;
            case SqlJoin join:
                var sameJoin = Same(join.Left, map, out var left) & Same(join.Right, map, out var right) & Same(join.On, map, out var on);
                mapped = sameJoin ? join : join with { Left = left!, Right = right!, On = on };
                return sameJoin;
            default:
                mapped = source;
                return true;
        }
    }

    private static bool Same(SqlExpression node, Func<int, int> map, out SqlExpression mapped)
    {
        mapped = Map(node, map);
        return ReferenceEquals(mapped, node);
    }

    private static bool Same(ValueList<SqlExpression> nodes, Func<int, int> map, out ValueList<SqlExpression> mapped)
    {
        var items = new SqlExpression[nodes.Count];
        var same = true;
        for (var i = 0; i < items.Length; i++)
        {
            same &= Same(nodes[i], map, out items[i]);
        }

        mapped = same ? nodes : new ValueList<SqlExpression>(items);
        return same;
    }
}
