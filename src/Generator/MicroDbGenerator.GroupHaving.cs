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
// the aggregates of a nullable integer, double or float member (the run time's null handling: IS for equality, an IS NOT
// NULL guard for an ordering comparison); and the HAVING comparisons over the groups' own values (GroupsComparison): two
// of them compared, an aggregate compared with null or its HasValue, arithmetic over aggregates, and a computed,
// conditional or case-mapped key part compared as its GROUP BY term.
public sealed partial class MicroDbGenerator
{
    private static partial class QueryChains
    {
        /// <summary>The aggregates a HAVING condition compares at build time, for MDB0013's reasons.</summary>
        private const string HavingAggregatesLowered = "Count() and Count(predicate), the integer, double and float aggregates, a decimal member's Sum and Average, Min and Max of a decimal, DateTime or string member (a string's compared for equality) and the aggregates of a nullable integer, double or float member are";

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
                IsSortable(aggregate) || IsCountWhere(aggregate) || IsNullableNumber(aggregate) || IsExactOrdering(aggregate) || IsKeyedExtreme(aggregate) || IsNarrowOrSingle(aggregate);

            /// <summary>
            /// An aggregate of a short, byte or float member (nullable or not): Min/Max of a narrow integer compared as SQL's own
            /// integer, a float's Sum, Average, Min or Max as a double's (<c>ifnull(.., 0)</c>, or guarded when it can be null).
            /// </summary>
            private static bool IsNarrowOrSingle(AggregateShape aggregate)
            {
                var type = aggregate.Type is INamedTypeSymbol { OriginalDefinition.SpecialType: SpecialType.System_Nullable_T } nullable ? nullable.TypeArguments[0] : aggregate.Type;
                return type.SpecialType is SpecialType.System_Int16 or SpecialType.System_Byte or SpecialType.System_Single;
            }

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

            /// <summary>
            /// What a HAVING operand names for the lowering's aggregate resolver: a comparable aggregate's name, or <c>key:</c> and
            /// the key part of a computed key (<c>key:#0</c>) or a string key's case mapping (<c>key:Name.ToLower()</c>), compared
            /// as its GROUP BY term (MicroDbGenerator.GroupHaving.cs, <c>GroupsComparison</c>); null for anything else.
            /// </summary>
            private static string? HavingOperandName(Shape? shape) => shape switch
            {
                AggregateShape aggregate when IsComparable(aggregate) => aggregate.Aggregate,
                ComputedKeyShape computed => "key:" + computed.Name,
                DatePartShape { Part: var part } mapped when part.EndsWith("()", System.StringComparison.Ordinal) => "key:" + mapped.Member.Member.Name + "." + part,
                _ => null,
            };

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
            /// A HAVING comparison the run time writes over the groups' own values (MicroDbGenerator.GroupHaving.cs): two
            /// operands that both read the groups (aggregates, key members, or integer and double arithmetic over them and
            /// values), an aggregate compared with null, or such arithmetic compared with a value. (true, node) when lowered,
            /// (true, null) with a reason when declined, (false, null) for any other comparison.
            /// </summary>
            private (bool Handled, LoweredNode? Node) GroupsComparison(IBinaryOperation b, string op, string path)
            {
                if (_aggregate is null || b.OperatorMethod is { ContainingType.SpecialType: not SpecialType.System_Decimal and not SpecialType.System_DateTime and not SpecialType.System_String })
                {
                    return (false, null);
                }

                var leftUses = Uses(b.LeftOperand);
                var rightUses = Uses(b.RightOperand);
                if (leftUses && rightUses)
                {
                    var left = GroupsOperand(b.LeftOperand, path + "L");
                    var right = left is null ? null : GroupsOperand(b.RightOperand, path + "R");
                    if (right is null)
                    {
                        return (true, Decline(Reason ?? $"'{b.Syntax}' compares two values of the groups that are not aggregates, integer key members or integer and double arithmetic over them"));
                    }

                    if (op is not ("=" or "<>") && (left!.Family == "string" || right.Family == "string"))
                    {
                        return (true, Decline($"'{b.Syntax}' orders two strings computed in SQL, which the run-time path refuses too"));
                    }

                    return (true, new LoweredNode(op, Family: "groups:pair", Left: left, Right: right));
                }

                if (leftUses == rightUses)
                {
                    return (false, null);
                }

                var (open, closed) = leftUses ? (b.LeftOperand, b.RightOperand) : (b.RightOperand, b.LeftOperand);
                if (_datePart?.Invoke(open) is { Name: var date } && date.EndsWith(".Date", System.StringComparison.Ordinal) && !IsNull(closed))
                {
                    // A key's Date compared with a value: its GROUP BY term, the value bound as that term's key (HavingKeyValue).
                    return IsClosedValue(closed)
                        ? (true, new LoweredNode(op, date, Family: "groups:date", Path: path + (leftUses ? "R" : "L"), ValueOnLeft: !leftUses))
                        : (true, Decline($"the value '{closed.Syntax}' is computed; only constants and captured variables, fields and properties are read at run time"));
                }

                if (IsNull(closed))
                {
                    // An aggregate compared with null: IS NULL / IS NOT NULL of the aggregate as the SELECT list writes it.
                    var stripped = open;
                    while (stripped is IConversionOperation { OperatorMethod: null, Conversion.IsNullable: true } lifted)
                    {
                        stripped = lifted.Operand;
                    }

                    return op is "=" or "<>" && Aggregate(stripped) is { } nullable && !IsKeyPart(nullable)
                        ? (true, new LoweredNode(op == "=" ? "null" : "notnull", nullable, Family: "groups:null"))
                        : (false, null);
                }

                if (Strip(open) is not IBinaryOperation && !(Aggregate(open) is { } part && IsKeyPart(part)) && !(open is IConversionOperation && Aggregate(Converted(open)) is not null))
                {
                    return (false, null);
                }

                // Arithmetic over aggregates, or a computed or case-mapped key part, compared with a value.
                var read = closed is IConversionOperation { IsImplicit: true, OperatorMethod: null } converted && !closed.ConstantValue.HasValue ? converted.Operand : closed;
                if (!IsClosedValue(read) && closed.ConstantValue is not { HasValue: true, Value: not null })
                {
                    return (true, Decline($"the value '{closed.Syntax}' is computed; only constants and captured variables, fields and properties are read at run time"));
                }

                if (GroupsOperand(open, path + (leftUses ? "L" : "R")) is not { } computed)
                {
                    return (true, Decline(Reason ?? $"'{open.Syntax}' is not integer or double arithmetic over the groups' aggregates, integer key members and values"));
                }

                if (computed.Family == "string" && op is not ("=" or "<>"))
                {
                    return (true, Decline($"'{b.Syntax}' orders a string computed in SQL, which is not lowered at build time"));
                }

                return (true, new LoweredNode(op, Family: "groups:value", Left: computed, Right: new LoweredNode("val", Path: path + (leftUses ? "R" : "L")), ValueOnLeft: !leftUses));
            }

            /// <summary>
            /// <c>g.Max(x => x.Rank).HasValue</c>: the run time's <c>(aggregate IS NOT NULL)</c>, or null when the property is not
            /// HasValue of an aggregate of the groups.
            /// </summary>
            private LoweredNode? GroupsHasValue(IOperation operation) =>
                _aggregate is not null && operation is IPropertyReferenceOperation { Property.Name: "HasValue", Instance: { } instance }
                && instance.Type is INamedTypeSymbol { OriginalDefinition.SpecialType: SpecialType.System_Nullable_T } && Aggregate(instance) is { } aggregate && !IsKeyPart(aggregate)
                    ? new LoweredNode("notnull", aggregate, Family: "groups:null")
                    : null;

            /// <summary>
            /// One operand over the groups: an aggregate (<c>agg</c>), an integer key member (<c>key</c>), integer or double
            /// arithmetic (<c>+ - * / %</c>) over those and closed values (<c>val</c>), through integer widening, nullable lifting
            /// and integer-to-double conversions (<c>real</c>, the run time's CAST AS REAL). Family is how the operand compares:
            /// integer, double, decimal, datetime or string; Nullable whether its C# type can be null. Null (with a reason where
            /// one is known) for anything else.
            /// </summary>
            private LoweredNode? GroupsOperand(IOperation operation, string path)
            {
                var type = operation.Type;
                var nullable = type is INamedTypeSymbol { OriginalDefinition.SpecialType: SpecialType.System_Nullable_T };
                if (operation is IConversionOperation { OperatorMethod: null } conversion)
                {
                    var from = Underlying(conversion.Operand.Type);
                    var to = Underlying(type);
                    if (from is null || to is null || !IsIntegralOrEnum(from) && !SymbolEqualityComparer.Default.Equals(from, to))
                    {
                        return Decline($"the conversion '{conversion.Syntax}' follows the run-time translator's rules");
                    }

                    var inner = GroupsOperand(conversion.Operand, path);
                    if (inner is null || SymbolEqualityComparer.Default.Equals(from, to) || IsIntegralOrEnum(to))
                    {
                        // Only the compared operand's nullability counts (the run time guards it and keys it by its type).
                        return inner is null ? null : inner with { Nullable = nullable };
                    }

                    return to.SpecialType is SpecialType.System_Double or SpecialType.System_Single && inner.Family == "integer"
                        ? new LoweredNode("real", Family: "double", Left: inner, Nullable: nullable)
                        : Decline($"the conversion '{conversion.Syntax}' follows the run-time translator's rules");
                }

                var family = Underlying(type) switch
                {
                    { SpecialType: SpecialType.System_Double or SpecialType.System_Single } => "double",
                    { SpecialType: SpecialType.System_Decimal } => "decimal",
                    { SpecialType: SpecialType.System_DateTime } => "datetime",
                    { SpecialType: SpecialType.System_String } => "string",
                    { } t when IsIntegralOrEnum(t) && t.SpecialType != SpecialType.System_UInt64 && t.TypeKind != TypeKind.Enum => "integer",
                    _ => null,
                };
                if (family is null)
                {
                    return Decline($"'{operation.Syntax}' of type {type?.ToDisplayString()} is not compared over the groups at build time");
                }

                if (Aggregate(operation) is { } aggregate)
                {
                    // A string can be null in .NET: the run time compares it with IS / IS NOT.
                    return IsKeyPart(aggregate)
                        ? new LoweredNode("keypart", aggregate.Substring(4), Family: family, Nullable: nullable || family == "string")
                        : new LoweredNode("agg", aggregate, Family: family, Nullable: nullable || family == "string");
                }

                if (operation is IBinaryOperation { OperatorMethod: null } arithmetic && family is "integer" or "double")
                {
                    var symbol = arithmetic.OperatorKind switch
                    {
                        BinaryOperatorKind.Add => "+",
                        BinaryOperatorKind.Subtract => "-",
                        BinaryOperatorKind.Multiply => "*",
                        BinaryOperatorKind.Divide => "/",
                        BinaryOperatorKind.Remainder when family == "integer" => "%",
                        _ => null,
                    };
                    if (symbol is null)
                    {
                        return Decline(arithmetic.OperatorKind == BinaryOperatorKind.Remainder
                            ? $"'{arithmetic.Syntax}' is {QueryReasons.FloatingRemainder} (the run time refuses it too)"
                            : $"the operator of '{arithmetic.Syntax}' is not lowered over the groups at build time");
                    }

                    var left = Uses(arithmetic.LeftOperand) ? GroupsOperand(arithmetic.LeftOperand, path + "L") : GroupsValue(arithmetic.LeftOperand, path + "L");
                    var right = left is null ? null : Uses(arithmetic.RightOperand) ? GroupsOperand(arithmetic.RightOperand, path + "R") : GroupsValue(arithmetic.RightOperand, path + "R");
                    return right is null ? null : new LoweredNode(symbol, Family: family, Left: left, Right: right, Nullable: nullable);
                }

                if (family == "integer" && !nullable && Member(operation, out var member) == "integer" && _memberName is null)
                {
                    return new LoweredNode("key", member!.Name, Family: family);
                }

                return Reason is null ? Decline($"'{operation.Syntax}' is not an aggregate, an integer key member or integer or double arithmetic over them") : null;
            }

            /// <summary>The operand under its numeric and nullable conversions (no user-defined one).</summary>
            private static IOperation Converted(IOperation operation)
            {
                while (operation is IConversionOperation { OperatorMethod: null } conversion)
                {
                    operation = conversion.Operand;
                }

                return operation;
            }

            /// <summary>Whether the aggregate resolver named a key part (<c>key:...</c>, HavingOperandName) rather than an aggregate.</summary>
            private static bool IsKeyPart(string name) => name.StartsWith("key:", System.StringComparison.Ordinal);

            /// <summary>A closed value inside arithmetic over the groups (<c>val</c>), or null with the reason.</summary>
            private LoweredNode? GroupsValue(IOperation operation, string path) =>
                IsClosedValue(operation) || operation.ConstantValue is { HasValue: true, Value: not null }
                    ? new LoweredNode("val", Path: path)
                    : Decline($"the value '{operation.Syntax}' is computed or null; only constants and captured variables, fields and properties are read at run time");

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
            var floating = aggregate.StartsWith("avg:", System.StringComparison.Ordinal) || column?.Kind is ColumnKind.Double or ColumnKind.Single;
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

        // The grouping whose HAVING conditions are being written (its computed key parts), or null.
        [System.ThreadStatic]
        private static GroupSpec? _havingGroup;

        /// <summary>
        /// A HAVING comparison over the groups' own values (the lowering's <c>GroupsComparison</c>), as SqlTranslator's Equality
        /// and Ordering write it: an aggregate compared with null as <c>(aggregate IS [NOT] NULL)</c>; two operands, or one and a
        /// value, each keyed as the pair's stored key (a double's <c>ifnull(.., 0)</c> unless the operand can be null, a decimal
        /// total's exact key, a decimal's or DateTime's Min/Max by its order key), an ordering of nullable operands behind
        /// <c>IS NOT NULL</c> guards; an integer operand compared with a value keeps the value where it is written.
        /// </summary>
        private static SqlExpression? GroupsCondition(LoweredNode node, EntityModel model, List<LoweredNode> values, int having, bool sqliteNet, bool dateText, ref string? declined)
        {
            var read = having.ToString(CultureInfo.InvariantCulture) + ":";
            if (node.Family == "groups:null")
            {
                return AggregateSql(node.Member!, model, sqliteNet, ref declined) is { } aggregate ? new SqlGroup(new SqlIsNull(aggregate, node.Op == "notnull")) : null;
            }

            var equality = node.Op is "=" or "<>";
            if (node.Family == "groups:date")
            {
                // The run time's Equality/Ordering over the key's Date: under MicroDb's format its order key compared with the
                // value's key (the value written second); under sqlite-net's ticks the term as stored, the value where it is written.
                if (KeyMemberTerm(node.Member!, model, sqliteNet, dateText, out var refused) is not { } term)
                {
                    declined = refused;
                    return null;
                }

                var member = node.Member!.Substring(0, node.Member.IndexOf('.'));
                values.Add(new LoweredNode("val", member, "global::System.DateTime", Family: "having:key", Path: read + node.Path));
                var value = new SqlParameter(values.Count - 1, null);
                var op = SqlComparisons.Of(!sqliteNet && node.ValueOnLeft ? Flip(node.Op) : node.Op);
                return new SqlGroup(sqliteNet && node.ValueOnLeft ? new SqlBinary(value, op, term) : new SqlBinary(term, op, value));
            }

            var left = node.Left!;
            var right = node.Right!;
            if (node.Family == "groups:value")
            {
                // One operand and a value: the value is bound as one compared with no column (HavingValue).
                var openKey = GroupsKind(left, model);
                SqlExpression Value()
                {
                    values.Add(new LoweredNode("val", Family: "having:value", Path: read + right.Path));
                    return new SqlParameter(values.Count - 1, null);
                }

                if (equality)
                {
                    var operand = openKey is null ? GroupsSql(left, model, values, read, sqliteNet, ref declined) : GroupsKeyed(left, openKey, model, values, read, sqliteNet, ref declined);
                    return operand is null ? null : new SqlGroup(new SqlBinary(operand, SqlComparisons.Of(node.Op, left.Nullable), Value()));
                }

                var guard = left.Nullable ? GroupsSql(left, model, values, read, sqliteNet, ref declined) : null;
                if (left.Nullable && guard is null)
                {
                    return null;
                }

                SqlExpression? comparison;
                if (openKey is not null)
                {
                    // A keyed operand: written as key op value (the operator flipped when the value is written first).
                    var key = GroupsKeyed(left, openKey, model, values, read, sqliteNet, ref declined);
                    comparison = key is null ? null : new SqlBinary(key, SqlComparisons.Of(node.ValueOnLeft ? Flip(node.Op) : node.Op), Value());
                }
                else if (node.ValueOnLeft)
                {
                    var value = Value();
                    var operand = GroupsSql(left, model, values, read, sqliteNet, ref declined);
                    comparison = operand is null ? null : new SqlBinary(value, SqlComparisons.Of(node.Op), operand);
                }
                else
                {
                    var operand = GroupsSql(left, model, values, read, sqliteNet, ref declined);
                    comparison = operand is null ? null : new SqlBinary(operand, SqlComparisons.Of(node.Op), Value());
                }

                return comparison is null ? null : new SqlGroup(guard is null ? comparison : new SqlBinary(new SqlIsNull(guard, Negated: true), SqlOperator.And, comparison));
            }

            // Two operands over the groups: the pair's key is the left's, else the right's; two different stored keys have no common SQL form.
            var (leftKind, rightKind) = (GroupsKind(left, model), GroupsKind(right, model));
            if (leftKind is not null && rightKind is not null && leftKind != rightKind && leftKind != "floating" && rightKind != "floating")
            {
                declined = "HAVING compares two aggregates stored differently (" + leftKind + " and " + rightKind + "), which the run-time path refuses too";
                return null;
            }

            var pairKind = leftKind ?? rightKind;
            if (equality)
            {
                var a = GroupsKeyed(left, pairKind, model, values, read, sqliteNet, ref declined);
                var b = a is null ? null : GroupsKeyed(right, pairKind, model, values, read, sqliteNet, ref declined);
                return b is null ? null : new SqlGroup(new SqlBinary(a!, SqlComparisons.Of(node.Op, left.Nullable || right.Nullable), b));
            }

            SqlExpression? guards = null;
            foreach (var operand in new[] { left, right })
            {
                if (operand.Nullable)
                {
                    if (GroupsSql(operand, model, values, read, sqliteNet, ref declined) is not { } guarded)
                    {
                        return null;
                    }

                    SqlExpression guard = new SqlIsNull(guarded, Negated: true);
                    guards = guards is null ? guard : new SqlBinary(guards, SqlOperator.And, guard);
                }
            }

            var l = GroupsKeyed(left, pairKind, model, values, read, sqliteNet, ref declined);
            var r = l is null ? null : GroupsKeyed(right, pairKind, model, values, read, sqliteNet, ref declined);
            if (r is null)
            {
                return null;
            }

            SqlExpression ordering = new SqlBinary(l!, SqlComparisons.Of(node.Op), r);
            return new SqlGroup(guards is null ? ordering : new SqlBinary(guards, SqlOperator.And, ordering));
        }

        /// <summary>
        /// How an operand over the groups compares (the run time's StoredKey): <c>floating</c> for a double, <c>decimal</c> for a
        /// decimal aggregate, <c>datetime</c>/<c>datetimetext</c> for a DateTime's Min/Max by its column's kind; null where the SQL
        /// value compares as it is (integers, strings).
        /// </summary>
        private static string? GroupsKind(LoweredNode operand, EntityModel model) => operand.Family switch
        {
            "double" => "floating",
            "decimal" => "decimal",
            "datetime" => operand.Op == "agg" && IsKeyedExtreme(operand.Member!, model) is { } column ? (column.Kind == ColumnKind.DateTime ? "datetime" : "datetimetext") : "datetime",
            _ => null,
        };

        /// <summary>An operand over the groups as the pair's key compares it (the run time's Key): see <see cref="GroupsCondition"/>.</summary>
        private static SqlExpression? GroupsKeyed(LoweredNode operand, string? kind, EntityModel model, List<LoweredNode> values, string read, bool sqliteNet, ref string? declined)
        {
            switch (kind)
            {
                case "floating":
                    {
                        var value = GroupsSql(operand, model, values, read, sqliteNet, ref declined);
                        return value is null || operand.Nullable ? value : SqlStoredKeys.FloatingNotNull(value);
                    }

                case "decimal" or "datetime" or "datetimetext" when operand.Op == "agg":
                    return AggregateKey(operand.Member!, model, sqliteNet, ref declined);
                case "decimal" or "datetime" or "datetimetext":
                    declined = "HAVING compares a decimal or DateTime value over the groups that is not an aggregate, not lowered at build time";
                    return null;
                default:
                    return GroupsSql(operand, model, values, read, sqliteNet, ref declined);
            }
        }

        /// <summary>
        /// An operand over the groups as the run time translates it: an aggregate as the SELECT list writes it, a key member's
        /// column, <c>CAST(.. AS REAL)</c> of an integer converted to double, arithmetic grouped, a value as a slot (HavingValue).
        /// </summary>
        private static SqlExpression? GroupsSql(LoweredNode operand, EntityModel model, List<LoweredNode> values, string read, bool sqliteNet, ref string? declined)
        {
            switch (operand.Op)
            {
                case "agg":
                    return AggregateSql(operand.Member!, model, sqliteNet, ref declined);
                case "key":
                    if (model.Columns.FirstOrDefault(c => c.MemberName == operand.Member) is not { } column || !Fits(column.Kind, "integer"))
                    {
                        declined = $"the key member '{operand.Member}' is not stored as an integer column";
                        return null;
                    }

                    return new SqlColumn(column.ColumnName);
                case "val":
                    values.Add(new LoweredNode("val", Family: "having:value", Path: read + operand.Path));
                    return new SqlParameter(values.Count - 1, null);
                case "real":
                    return GroupsSql(operand.Left!, model, values, read, sqliteNet, ref declined) is { } integer ? new SqlCast(integer, "REAL") : null;
                case "keypart" when operand.Member!.StartsWith("#", System.StringComparison.Ordinal):
                    // A computed key part: its GROUP BY term, its values bound again (read from the key selector).
                    return ComputedKeyTerm(_havingGroup!, operand.Member, model, values, ref declined);
                case "keypart":
                    {
                        // A string key's case mapping: its GROUP BY term, the same under every storage format.
                        var term = KeyMemberTerm(operand.Member!, model, sqliteNet, dateText: false, out var refused);
                        declined ??= refused;
                        return term;
                    }

            }

            var op = operand.Op switch
            {
                "+" => SqlOperator.Add,
                "-" => SqlOperator.Subtract,
                "*" => SqlOperator.Multiply,
                "/" => SqlOperator.Divide,
                _ => SqlOperator.Modulo,
            };
            var left = GroupsSql(operand.Left!, model, values, read, sqliteNet, ref declined);
            var right = left is null ? null : GroupsSql(operand.Right!, model, values, read, sqliteNet, ref declined);
            return right is null ? null : new SqlGroup(new SqlBinary(left!, op, right));
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
            : node.Family == "aggregate" || node.Op == "agg" || node.Family == "groups:null" ? [node.Member!]
            : Aggregates(node.Left).Concat(Aggregates(node.Right));
    }
}
