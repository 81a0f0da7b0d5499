using System.Collections.Generic;
using System.Globalization;
using System.Linq;
using MicroDb.Generator.Model;
using MicroDb.Generator.Shared;
using MicroDb.Generator.Shared.Query;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Operations;

namespace MicroDb.Generator;

// The build-time front end for grouping, HAVING and ORDER BY over the aggregates beyond the integer and double ones
// (issue 22): Count(predicate), a decimal member's Sum/Average (compared through its exact key, as SqlTranslator's
// ExactAggregates), a string member's Min/Max (equality), Min/Max of decimal and DateTime members (by their order keys) and
// the aggregates of a nullable int, long or double member (the run time's null handling: IS for equality, an IS NOT NULL
// guard for an ordering comparison).
public sealed partial class MicroDbGenerator
{
    private static partial class QueryChains
    {
        /// <summary>The aggregates a HAVING condition compares at build time, for MDB0013's reasons.</summary>
        private const string HavingAggregatesLowered = "Count() and Count(predicate), the integer and double aggregates, a decimal member's Sum and Average, Min and Max of a decimal, DateTime or string member (a string's compared for equality) and the aggregates of a nullable int, long or double member are";

        /// <summary>
        /// Why <c>Min</c>/<c>Max</c> of a Guid member (or a nullable one) stays declined, or null for another aggregate: the
        /// run-time translator refuses it (SqlTranslator.ExactAggregates aggregates no Guid), so the query keeps its error there.
        /// </summary>
        private static string? GuidExtremeReason(IInvocationOperation call)
        {
            var type = call.Type is INamedTypeSymbol { OriginalDefinition.SpecialType: SpecialType.System_Nullable_T } nullable ? nullable.TypeArguments[0] : call.Type;
            return call.TargetMethod.Name is "Min" or "Max" && type is { Name: "Guid", ContainingNamespace: { Name: "System", ContainingNamespace.IsGlobalNamespace: true } }
                ? $"{call.TargetMethod.Name} of a Guid member has no SQL translation (the run-time path refuses it too)"
                : null;
        }

        /// <summary>The reason of the first Min/Max of a Guid in <paramref name="body"/> (<see cref="GuidExtremeReason"/>), or null.</summary>
        private static string? GuidExtremeIn(IOperation? body) =>
            body?.DescendantsAndSelf().OfType<IInvocationOperation>().Select(GuidExtremeReason).FirstOrDefault(r => r is not null);

        private sealed partial class GroupLowering
        {
            /// <summary>
            /// An aggregate a HAVING condition may compare with a value: <see cref="IsSortable"/>'s, <c>Count(predicate)</c>,
            /// a decimal member's Sum/Average, a string member's Min/Max, a decimal's or DateTime's Min/Max and the aggregates of a
            /// nullable int, long or double member.
            /// </summary>
            private static bool IsComparable(AggregateShape aggregate) =>
                IsSortable(aggregate) || IsCountWhere(aggregate) || IsNullableNumber(aggregate) || IsExactOrdering(aggregate) || IsKeyedExtreme(aggregate);

            /// <summary>
            /// Min or Max of a decimal or DateTime member (nullable or not): compared and sorted by the least (greatest) order
            /// key under MicroDb's format, by the chosen value under sqlite-net's with DateTime ticks; the run time refuses the
            /// others (a decimal under sqlite-net's format, a DateTime stored as its text), so the site sends those runs to it.
            /// </summary>
            private static bool IsKeyedExtreme(AggregateShape aggregate)
            {
                var type = aggregate.Type is INamedTypeSymbol { OriginalDefinition.SpecialType: SpecialType.System_Nullable_T } nullable ? nullable.TypeArguments[0] : aggregate.Type;
                return (aggregate.Aggregate.StartsWith("min:", System.StringComparison.Ordinal) || aggregate.Aggregate.StartsWith("max:", System.StringComparison.Ordinal))
                    && type.SpecialType is SpecialType.System_Decimal or SpecialType.System_DateTime;
            }

            /// <summary><c>g.Count(predicate)</c> or <c>g.LongCount(predicate)</c>: an integer, compared and sorted as <c>count(*)</c> is.</summary>
            private static bool IsCountWhere(AggregateShape aggregate) => aggregate.Aggregate.StartsWith("countif:", System.StringComparison.Ordinal);

            /// <summary>
            /// Sum, Average, Min or Max of a nullable <c>int</c>, <c>long</c> or <c>double</c> member (an <c>int?</c>,
            /// <c>long?</c> or <c>double?</c> result): compared as it is, with IS for equality and an IS NOT NULL guard.
            /// </summary>
            private static bool IsNullableNumber(AggregateShape aggregate) =>
                aggregate.Type is INamedTypeSymbol { OriginalDefinition.SpecialType: SpecialType.System_Nullable_T } nullable
                && nullable.TypeArguments[0].SpecialType is SpecialType.System_Int32 or SpecialType.System_Int64 or SpecialType.System_Double;
        }

        private sealed partial class Lowering
        {
            /// <summary>
            /// A grouping's aggregate compared with a closed value where C# compares through a lifted operator (a nullable
            /// result) or decimal's or DateTime's operator method: handled (true) with the node, or declined (true, null), when the open
            /// side is an aggregate the grouping takes; (false, null) for any other comparison.
            /// </summary>
            private (bool Handled, LoweredNode? Node) ExactAggregateComparison(IBinaryOperation b, string op, string path)
            {
                if (_aggregate is null || !(b.IsLifted || b.OperatorMethod is { ContainingType.SpecialType: SpecialType.System_Decimal or SpecialType.System_DateTime }))
                {
                    return (false, null);
                }

                var leftUses = Uses(b.LeftOperand);
                if (leftUses == Uses(b.RightOperand))
                {
                    return (false, null);
                }

                var (open, closed) = leftUses ? (b.LeftOperand, b.RightOperand) : (b.RightOperand, b.LeftOperand);
                if (Aggregate(open) is not { } aggregate)
                {
                    return (false, null);
                }

                // The value converted to the aggregate's nullable type (or widened to decimal) is read as the converted node.
                var read = closed is IConversionOperation { IsImplicit: true, OperatorMethod: null } converted && !closed.ConstantValue.HasValue ? converted.Operand : closed;
                return !(IsClosedValue(read) || closed.ConstantValue is { HasValue: true, Value: not null }) || closed.ConstantValue is { HasValue: true, Value: null } || read.ConstantValue is { HasValue: true, Value: null }
                    ? (true, Decline($"the value '{closed.Syntax}' is computed or null; only constants and captured variables, fields and properties are read at run time"))
                    : (true, new LoweredNode(op, aggregate, Family: "aggregate", Path: path + (leftUses ? "R" : "L"), ValueOnLeft: !leftUses));
            }
        }
    }

    private static partial class InterceptorEmitter
    {
        /// <summary>
        /// An aggregate compared with a value in HAVING, as the run time writes it (SqlTranslator's Equality and Ordering over
        /// the aggregate's key): a decimal Sum/Average through its exact key with the value bound as that key
        /// (<c>HavingKeyValue</c>), a result .NET can hold null (a nullable member's aggregate, a string's Min/Max) with IS /
        /// IS NOT, or for an ordering behind <c>IS NOT NULL</c> of the aggregate; the others as <c>aggregate op ?</c>.
        /// </summary>
        private static SqlExpression? HavingAggregate(LoweredNode node, EntityModel model, List<LoweredNode> values, int having, bool sqliteNet, ref string? declined)
        {
            var aggregate = node.Member!;
            if (AggregateKey(aggregate, model, sqliteNet, ref declined) is not { } key)
            {
                return null;
            }

            var colon = aggregate.IndexOf(':');
            var column = colon < 0 || aggregate.StartsWith("countif:", System.StringComparison.Ordinal) ? null : model.Columns.FirstOrDefault(c => c.MemberName == aggregate.Substring(colon + 1));
            var nullable = column is { } c && (c.IsNullableValueType || c.Kind == ColumnKind.String);
            var decimalKey = column?.Kind == ColumnKind.Decimal && aggregate.Substring(0, colon) is "sum" or "avg";
            var extreme = IsKeyedExtreme(aggregate, model) is not null;
            var equality = node.Op is "=" or "<>";
            var op = SqlComparisons.Of(node.Op, nullable);

            var value = new SqlParameter(values.Count, null);
            var read = having.ToString(CultureInfo.InvariantCulture) + ":" + node.Path;
            values.Add(decimalKey || extreme
                ? node with { Left = null, Right = null, Member = column!.MemberName, MemberType = column.Kind == ColumnKind.Decimal ? "decimal" : "global::System.DateTime", Family = "having:key", Path = read }
                : node with { Left = null, Right = null, Member = null, Family = "having:" + node.Family, Path = read });

            // Equality and a keyed comparison put the aggregate on the left (the run time swaps, or flips the operator); a
            // double result compares by its key too; a DateTime's Min/Max under sqlite-net's ticks compares as stored, as an
            // integer aggregate does (the value stays where it is written).
            var floating = aggregate.StartsWith("avg:", System.StringComparison.Ordinal) || column?.Kind == ColumnKind.Double;
            var keyed = decimalKey || equality || floating || extreme && !sqliteNet;
            if (keyed && node.ValueOnLeft)
            {
                op = op == SqlOperator.LessThan ? SqlOperator.GreaterThan : op == SqlOperator.GreaterThan ? SqlOperator.LessThan
                    : op == SqlOperator.LessThanOrEqual ? SqlOperator.GreaterThanOrEqual : op == SqlOperator.GreaterThanOrEqual ? SqlOperator.LessThanOrEqual : op;
            }

            SqlExpression comparison = keyed || !node.ValueOnLeft ? new SqlBinary(key, op, value) : new SqlBinary(value, op, key);
            if (nullable && !equality)
            {
                // C#: an ordering comparison with a null result is false.
                string? refused = null;
                comparison = new SqlBinary(new SqlIsNull(AggregateSql(aggregate, model, sqliteNet, ref refused)!, Negated: true), SqlOperator.And, comparison);
            }

            return new SqlGroup(comparison);
        }

        /// <summary>The column of a decimal's or DateTime's Min/Max (<c>min:Member</c>, <c>max:Member</c>), or null for another aggregate.</summary>
        private static ColumnModel? IsKeyedExtreme(string aggregate, EntityModel model) =>
            (aggregate.StartsWith("min:", System.StringComparison.Ordinal) || aggregate.StartsWith("max:", System.StringComparison.Ordinal))
            && model.Columns.FirstOrDefault(c => c.MemberName == aggregate.Substring(4)) is { Kind: ColumnKind.Decimal or ColumnKind.DateTime or ColumnKind.DateTimeText } column
                ? column
                : null;

        /// <summary>
        /// A decimal's or DateTime's Min/Max as HAVING compares it and ORDER BY sorts it, the run time's (ExactAggregateKey):
        /// under MicroDb's format <c>min(key)</c>/<c>max(key)</c> of the column's order key (the chosen value's key); under
        /// sqlite-net's, the aggregate itself (DateTime ticks compare as stored; the formats the run time refuses there are
        /// sent to it by <see cref="SqliteNetRuns"/>). Null for another aggregate.
        /// </summary>
        private static SqlExpression? ExtremeKey(string aggregate, EntityModel model, bool sqliteNet, ref string? declined)
        {
            if (IsKeyedExtreme(aggregate, model) is not { } column)
            {
                return null;
            }

            return sqliteNet ? AggregateSql(aggregate, model, sqliteNet, ref declined) : new SqlFunction(aggregate.Substring(0, 3), KeyTerm(column, sqliteNet: false)!);
        }

        /// <summary>
        /// The site's <c>SqliteNetRuns</c> call when a HAVING condition or an ordering reads a decimal's or DateTime's Min/Max
        /// (the run time refuses a decimal's under any sqlite-net format and a DateTime's stored as text), else empty.
        /// </summary>
        private static string SqliteNetRuns(QueryChain chain, EntityModel model)
        {
            var ticks = true;
            var text = true;
            foreach (var step in chain.Steps)
            {
                foreach (var aggregate in step.Aggregate is { } sorted ? [sorted] : Aggregates(step.Method == "Having" ? step.Predicate : null))
                {
                    switch (IsKeyedExtreme(aggregate, model)?.Kind)
                    {
                        case ColumnKind.Decimal:
                            ticks = text = false;
                            break;
                        case ColumnKind.DateTime or ColumnKind.DateTimeText:
                            text = false;
                            break;
                    }
                }
            }

            return ticks && text ? "" : ".SqliteNetRuns(" + (ticks ? "true" : "false") + ", " + (text ? "true" : "false") + ")";
        }

        /// <summary>The aggregates a HAVING condition compares.</summary>
        private static IEnumerable<string> Aggregates(LoweredNode? node) =>
            node is null ? []
            : node.Family == "aggregate" ? [node.Member!]
            : Aggregates(node.Left).Concat(Aggregates(node.Right));
    }
}
