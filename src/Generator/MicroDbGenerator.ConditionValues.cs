using System.Collections.Generic;
using System.Linq;
using System.Text;
using MicroDb.Generator.Model;
using MicroDb.Generator.Shared;
using MicroDb.Generator.Shared.Query;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.Operations;

namespace MicroDb.Generator;

// Conditions over values (issue 22): a decimal member ordered against a value, a ulong member ordered against a value, a
// float member compared with a double value, a non-nullable double member compared with a nullable value, two operands of
// the row compared (members, or integer/double arithmetic over members and values), each written as the run-time translator
// writes it (SqlTranslator.Comparisons.cs, .Semantics.cs). Hooked once in Lowering.Comparison and once in the emitter's Condition.
public sealed partial class MicroDbGenerator
{
    private static partial class QueryChains
    {
        private sealed partial class Lowering
        {
            /// <summary>
            /// The comparisons this file lowers: (true, node) when it lowers <paramref name="b"/>, (true, null) when it declines it
            /// (<see cref="Reason"/> says why), (false, null) when the general comparison rule applies.
            /// </summary>
            private (bool Handled, LoweredNode? Node) ValueComparison(IBinaryOperation b, string op, string path)
            {
                if (_aggregate is not null || _datePart is not null)
                {
                    // HAVING keeps its own rules (a sub-query's conditions take these, qualified by its alias: MicroDbGenerator.SubqueryConditions.cs).
                    return (false, null);
                }

                var leftUses = Uses(b.LeftOperand);
                var rightUses = Uses(b.RightOperand);
                if (leftUses && rightUses)
                {
                    return (true, TwoOperands(b, op, path));
                }

                if (!leftUses && !rightUses)
                {
                    return (false, null);
                }

                var (open, closed) = leftUses ? (b.LeftOperand, b.RightOperand) : (b.RightOperand, b.LeftOperand);
                var valuePath = path + (leftUses ? "R" : "L");
                if (IsComputed(open))
                {
                    return (true, ComputedWithValue(b, op, open, closed, path, leftUses));
                }

                if (RowMember(open, out var table) is not { } member || !IsAccessible(member.Type))
                {
                    return (false, null);
                }

                var type = Underlying(member.Type)!;
                var memberType = member.Type.ToDisplayString(SymbolDisplayFormat.FullyQualifiedFormat);
                var nullableMember = member.Type.OriginalDefinition.SpecialType == SpecialType.System_Nullable_T;
                switch (type.SpecialType)
                {
                    case SpecialType.System_Decimal:
                        {
                            if (!IsClosedOperand(closed) || IsNull(closed))
                            {
                                return (true, Decline(IsNull(closed) ? $"'{b.Syntax}' orders against null" : $"the value '{closed.Syntax}' is computed; only constants and captured variables, fields and properties are read at run time"));
                            }

                            return (true, new LoweredNode(op, member.Name, memberType, "decimal", valuePath, ValueOnLeft: !leftUses, Table: table, Nullable: b.IsLifted));
                        }

                    case SpecialType.System_UInt64 when op is not ("=" or "<>"):
                        {
                            if (!IsClosedValue(closed) || IsNull(closed))
                            {
                                return (false, null);
                            }

                            // SqlTranslator.TryColumnRange: the ranges' shape depends on whether the value is stored negative (above long.MaxValue).
                            var high = closed.ConstantValue is { HasValue: true, Value: ulong constant } && constant > long.MaxValue;
                            return (true, new LoweredNode(op, member.Name, memberType, "unsigned", valuePath, ValueOnLeft: !leftUses, Table: table, Nullable: b.IsLifted, ZeroHolds: high));
                        }

                    case SpecialType.System_Single or SpecialType.System_Double when FloatWidened(open) || (b.IsLifted && !nullableMember):
                        {
                            if (!IsClosedValue(closed) || IsNull(closed))
                            {
                                return (false, null);
                            }

                            // A float member read as double compares as the member itself; a non-nullable member with a nullable value
                            // keeps the member's NULL rule, unguarded (its stored NULL reads as 0: SqlTranslator.ReadsNull).
                            var number = closed.ConstantValue is { HasValue: true, Value: { } value } ? System.Convert.ToDouble(value, System.Globalization.CultureInfo.InvariantCulture) : 1;
                            var zeroHolds = !nullableMember && SqlFloatingNulls.ZeroHolds(leftUses ? op : Flip(op), number);
                            return (true, new LoweredNode(op, member.Name, memberType, "double", valuePath, ValueOnLeft: !leftUses, Table: table, Nullable: nullableMember, ZeroHolds: zeroHolds));
                        }
                }

                return (false, null);
            }

            /// <summary>A float member widened to double (<c>x.Weight &gt; 1.5</c>), through nullable conversions.</summary>
            private static bool FloatWidened(IOperation open)
            {
                while (open is IConversionOperation { OperatorMethod: null } conversion)
                {
                    if (Underlying(conversion.Type)?.SpecialType == SpecialType.System_Double && Underlying(conversion.Operand.Type)?.SpecialType == SpecialType.System_Single)
                    {
                        return true;
                    }

                    open = conversion.Operand;
                }

                return false;
            }

            /// <summary>
            /// The member of the row <paramref name="operation"/> reads (through conversions without an operator method), and its
            /// table in a join; null when it is none. Reports nothing.
            /// </summary>
            private IPropertySymbol? RowMember(IOperation operation, out int table)
            {
                table = 0;
                while (operation is IConversionOperation { OperatorMethod: null } conversion)
                {
                    operation = conversion.Operand;
                }

                if (_resolve is not null)
                {
                    if (_resolve(operation) is not { } resolved)
                    {
                        return null;
                    }

                    table = resolved.Table;
                    return resolved.Member;
                }

                return operation is IPropertyReferenceOperation { Instance: IParameterReferenceOperation instance, Property: { Parameters.Length: 0 } own }
                    && SymbolEqualityComparer.Default.Equals(instance.Parameter, _parameter) ? own : null;
            }

            /// <summary>Whether <paramref name="open"/> is arithmetic (through conversions): <c>+ - * / %</c> or unary minus.</summary>
            private static bool IsComputed(IOperation open)
            {
                while (open is IConversionOperation { OperatorMethod: null } conversion)
                {
                    open = conversion.Operand;
                }

                return open is IBinaryOperation { OperatorKind: BinaryOperatorKind.Add or BinaryOperatorKind.Subtract or BinaryOperatorKind.Multiply or BinaryOperatorKind.Divide or BinaryOperatorKind.Remainder }
                    or IUnaryOperation { OperatorKind: UnaryOperatorKind.Minus };
            }

            /// <summary>A closed value, or a closed value converted to decimal (<c>x.Price &gt; 10</c>, <c>x.Price &gt; count</c>).</summary>
            private bool IsClosedOperand(IOperation operation) =>
                IsClosedValue(operation)
                || operation is IConversionOperation { OperatorMethod: null } conversion && !Uses(conversion) && IsClosedOperand(conversion.Operand);

            /// <summary>
            /// Two operands of the row compared (<c>x.Min &lt; x.Max</c>, <c>x.A == x.B</c>, <c>x.Qty * x.Price &gt; x.Limit</c>): an
            /// <c>operands</c> node over the two operand trees; the emitter picks the pair's key as the run time does.
            /// </summary>
            private LoweredNode? TwoOperands(IBinaryOperation b, string op, string path)
            {
                var left = Operand(b.LeftOperand, path + "L");
                var right = left is null ? null : Operand(b.RightOperand, path + "R");
                return right is null ? null : new LoweredNode(op, Family: "operands", Left: left, Right: right);
            }

            /// <summary>Arithmetic over the row compared with a closed value: an <c>operands</c> node whose value side is a <c>val</c>.</summary>
            private LoweredNode? ComputedWithValue(IBinaryOperation b, string op, IOperation open, IOperation closed, string path, bool leftUses)
            {
                if (!IsClosedOperand(closed))
                {
                    return Decline($"the value '{closed.Syntax}' is computed; only constants and captured variables, fields and properties are read at run time");
                }

                if (IsNull(closed))
                {
                    return Decline(op is "=" or "<>" ? $"'{b.Syntax}' compares a computed value with null" : $"'{b.Syntax}' orders against null");
                }

                var computed = Operand(open, path + (leftUses ? "L" : "R"));
                if (computed is null)
                {
                    return null;
                }

                var value = Value(closed, path + (leftUses ? "R" : "L"));
                return value is null ? null : new LoweredNode(op, Family: "operands", Left: leftUses ? computed : value, Right: leftUses ? value : computed);
            }

            /// <summary>
            /// One operand as the run time translates it (<c>SqlTranslator.Translate</c>): <c>col</c> (a member; Family its
            /// type's family), <c>val</c> (a closed value read at its path), <c>+ - * / %</c> and <c>neg</c> over integers and
            /// doubles, <c>cast</c> (an integer read as double: <c>CAST(... AS REAL)</c>). Nullable says whether the operand's type
            /// (as the comparison reads it) can be null.
            /// </summary>
            private LoweredNode? Operand(IOperation operation, string path)
            {
                var nullable = operation.Type?.OriginalDefinition.SpecialType == SpecialType.System_Nullable_T || operation.Type is { IsReferenceType: true };
                if (!Uses(operation))
                {
                    return Value(operation, path);
                }

                switch (operation)
                {
                    case IConversionOperation { OperatorMethod: null } conversion:
                        {
                            var from = Underlying(conversion.Operand.Type);
                            var to = Underlying(conversion.Type);
                            if (SymbolEqualityComparer.Default.Equals(from, to) || IsIntegralOrEnum(from) && IsIntegralOrEnum(to) && from?.TypeKind != TypeKind.Enum && to?.TypeKind != TypeKind.Enum
                                || from?.SpecialType == SpecialType.System_Single && to?.SpecialType == SpecialType.System_Double)
                            {
                                // A nullable lift, a widening between integers or a float read as double: no SQL of its own (SqlTranslator.TranslateConvert).
                                // A non-nullable operand lifted keeps reading as non-null (ZeroHolds: SqlTranslator.ReadsNull).
                                return Operand(conversion.Operand, path) is { } same ? same with { Nullable = nullable, ZeroHolds = same.ZeroHolds || (nullable && !same.Nullable) } : null;
                            }

                            if (to?.SpecialType == SpecialType.System_Double && IsIntegralOrEnum(from) && from?.TypeKind != TypeKind.Enum)
                            {
                                return Operand(conversion.Operand, path) is { } integer ? new LoweredNode("cast", Family: "double", Left: integer, Nullable: nullable, ZeroHolds: nullable && !integer.Nullable) : null;
                            }

                            return Decline($"the conversion '{conversion.Syntax}' in a comparison of the row's values is not lowered at build time (only widenings between integers, from an integer to double and from float to double are)");
                        }

                    case IBinaryOperation arithmetic when arithmetic.OperatorKind is BinaryOperatorKind.Add or BinaryOperatorKind.Subtract or BinaryOperatorKind.Multiply
                        or BinaryOperatorKind.Divide or BinaryOperatorKind.Remainder:
                        {
                            var family = NumberFamily(arithmetic.Type);
                            if (family is null || arithmetic.OperatorMethod is not null)
                            {
                                return Decline(Underlying(arithmetic.Type)?.SpecialType switch
                                {
                                    SpecialType.System_Decimal => $"'{arithmetic.Syntax}' is decimal arithmetic, which SQLite computes as REAL (the run time refuses to compare it)",
                                    SpecialType.System_UInt64 => $"'{arithmetic.Syntax}' is arithmetic on ulong, which SQLite computes on the signed bit pattern (the run time refuses it)",
                                    _ => $"'{arithmetic.Syntax}' is arithmetic on {arithmetic.Type?.ToDisplayString()}, which is lowered at build time only over integers (not ulong), floats and doubles",
                                });
                            }

                            if (arithmetic.OperatorKind == BinaryOperatorKind.Remainder && family == "double")
                            {
                                return Decline($"'{arithmetic.Syntax}' is {QueryReasons.FloatingRemainder} (the run time refuses it too)");
                            }

                            var op = arithmetic.OperatorKind switch
                            {
                                BinaryOperatorKind.Add => "+",
                                BinaryOperatorKind.Subtract => "-",
                                BinaryOperatorKind.Multiply => "*",
                                BinaryOperatorKind.Divide => "/",
                                _ => "%",
                            };
                            var left = Operand(arithmetic.LeftOperand, path + "L");
                            var right = left is null ? null : Operand(arithmetic.RightOperand, path + "R");
                            return right is null ? null : new LoweredNode(op, Family: family, Left: left, Right: right, Nullable: nullable);
                        }

                    case IUnaryOperation { OperatorKind: UnaryOperatorKind.Minus, OperatorMethod: null } minus when NumberFamily(minus.Type) is { } negated:
                        return Operand(minus.Operand, path + "O") is { } operand ? new LoweredNode("neg", Family: negated, Left: operand, Nullable: nullable) : null;
                }

                if (RowMember(operation, out var table) is not { } member)
                {
                    return Decline(SubqueryReason(operation) ?? $"'{operation.Syntax}' is not lowered at build time");
                }

                if (!IsAccessible(member.Type))
                {
                    return Decline($"the type of member '{member.Name}' is not accessible to generated code");
                }

                var memberFamily = Underlying(member.Type) is { } underlying ? FamilyOf(underlying) ?? NumberFamily(underlying) : null;
                return new LoweredNode("col", member.Name, member.Type.ToDisplayString(SymbolDisplayFormat.FullyQualifiedFormat), memberFamily ?? "other", Table: table, Nullable: nullable);
            }

            /// <summary>A closed value inside a comparison of computed operands: read at its path, bound as a value compared with no column.</summary>
            private LoweredNode? Value(IOperation operation, string path)
            {
                if (!IsClosedOperand(operation))
                {
                    return Decline($"the value '{operation.Syntax}' is computed; only constants and captured variables, fields and properties are read at run time");
                }

                if (operation.Type is not { } type || !IsAccessible(type))
                {
                    return Decline($"the value '{operation.Syntax}' has a type generated code cannot name");
                }

                return new LoweredNode("val", MemberType: type.ToDisplayString(SymbolDisplayFormat.FullyQualifiedFormat), Family: NumberFamily(type), Path: path);
            }

            /// <summary>
            /// The arithmetic families lowered in a condition: <c>integer</c> (not ulong) and <c>double</c> (float too: the run time
            /// computes it in SQL as REAL and compares it as a float, SqlTranslator.KeyOf); null for others.
            /// </summary>
            private static string? NumberFamily(ITypeSymbol? type) => Underlying(type)?.SpecialType switch
            {
                SpecialType.System_SByte or SpecialType.System_Byte or SpecialType.System_Int16 or SpecialType.System_UInt16
                    or SpecialType.System_Int32 or SpecialType.System_UInt32 or SpecialType.System_Int64 => "integer",
                SpecialType.System_Double or SpecialType.System_Single => "double",
                _ => null,
            };
        }
    }

    private static partial class InterceptorEmitter
    {
        /// <summary>How an operand compares in SQL (SqlTranslator.StoredKey): directly, as a float (NaN stored as NULL), as text.</summary>
        private enum OperandKey
        {
            Direct,
            Floating,
            Text,
        }

        /// <summary>
        /// The nodes of MicroDbGenerator.ConditionValues.cs as the run-time translator writes them: (true, node) when this file
        /// writes <paramref name="node"/>, (true, null) when it declines it, (false, null) for the general rule.
        /// </summary>
        private static (bool Handled, SqlExpression? Node) ValueCondition(LoweredNode node, EntityModel model, List<LoweredNode> values, int where, IReadOnlyList<EntityModel>? joined, ref string? declined)
        {
            switch (node.Family)
            {
                case "operands":
                    return (true, Operands(node, model, values, where, joined, ref declined));
                case "decimal" or "unsigned":
                    break;
                default:
                    return (false, null);
            }

            var table = joined is null ? model : joined[node.Table];
            var column = table.Columns.FirstOrDefault(c => c.MemberName == node.Member);
            var expected = node.Family == "decimal" ? column?.Kind == ColumnKind.Decimal : column?.Kind == ColumnKind.UInt64;
            if (column is null || !expected)
            {
                declined = column is null ? $"member '{node.Member}' maps to no column" : $"member '{node.Member}' is stored as {column.Kind}, which compares by the run-time translator's rules";
                return (true, null);
            }

            var name = new SqlColumn(column.ColumnName, joined is null ? null : SqlAliases.Table(node.Table));
            var op = node.ValueOnLeft ? Flip(node.Op) : node.Op;
            var at = where.ToString(System.Globalization.CultureInfo.InvariantCulture) + ":" + node.Path;
            SqlExpression compared;
            switch (node.Family)
            {
                case "decimal" when op is "=" or "<>":
                    {
                        // SqlTranslator.TryColumnEquality: IN the value's text at every scale it fits (1.0 and 1.00), one marker the
                        // site repeats per spelling (InterceptedSite.Text "decimal"; MicroDb's format only), whatever the nullability.
                        var spellings = new SqlParameter(values.Count, null);
                        values.Add(node with { Member = "", Family = "text:decimal", Path = at });
                        var negate = op == "<>";
                        var list = new SqlIn(name, new ValueList<SqlExpression>(new SqlExpression[] { spellings }), negate);
                        return (true, new SqlGroup(negate
                            ? new SqlBinary(new SqlIsNull(name, Negated: false), SqlOperator.Or, list)
                            : new SqlBinary(new SqlIsNull(name, Negated: true), SqlOperator.And, list)));
                    }

                case "decimal":
                    {
                        // SqlTranslator.Ordering: the stored text's sort key against the value's key (bound as text; MicroDb's format only).
                        var value = new SqlParameter(values.Count, null);
                        values.Add(node with { Member = "", Family = "value:decimal", Path = at });
                        compared = new SqlBinary(SqlStoredKeys.Decimal(name), SqlComparisons.Of(op), value);
                        return (true, new SqlGroup(node.Nullable ? new SqlBinary(new SqlIsNull(SqlStoredKeys.DecimalValue(name), Negated: true), SqlOperator.And, compared) : compared));
                    }

                default:
                    {
                        // SqlTranslator.TryColumnRange: 0..long.MaxValue are stored as themselves, the values above as negatives.
                        var high = node.ZeroHolds;
                        var value = new SqlParameter(values.Count, null);
                        values.Add(node with { Family = high ? "value:unsigned-high" : "value:unsigned", Path = at });
                        var compare = new SqlBinary(name, SqlComparisons.Of(op), value);
                        var negative = new SqlBinary(name, SqlOperator.LessThan, SqlLiteral.Zero);
                        var positive = new SqlBinary(name, SqlOperator.GreaterThanOrEqual, SqlLiteral.Zero);
                        var range = new SqlGroup(op is ">" or ">="
                            ? new SqlBinary(compare, high ? SqlOperator.And : SqlOperator.Or, negative)
                            : new SqlBinary(positive, high ? SqlOperator.Or : SqlOperator.And, compare));
                        compared = node.Nullable ? new SqlBinary(new SqlIsNull(name, Negated: true), SqlOperator.And, range) : range;
                        return (true, new SqlGroup(compared));
                    }
            }
        }

        /// <summary>
        /// Two operands compared (SqlTranslator.Equality/Ordering): with a closed value, the open operand first for equality
        /// and for a float key, in written order otherwise; two open operands through the pair's key; an ordering guarded by
        /// <c>IS NOT NULL</c> of each nullable open operand.
        /// </summary>
        private static SqlExpression? Operands(LoweredNode node, EntityModel model, List<LoweredNode> values, int where, IReadOnlyList<EntityModel>? joined, ref string? declined)
        {
            var (left, right) = (node.Left!, node.Right!);
            var valueOnLeft = left.Op == "val";
            var closed = valueOnLeft ? left : right.Op == "val" ? right : null;
            var open = valueOnLeft ? right : left;
            if (KeyOf(open, model, joined, ref declined) is not { } openKey)
            {
                return null;
            }

            var key = openKey;
            if (closed is null)
            {
                if (KeyOf(right, model, joined, ref declined) is not { } rightKey)
                {
                    return null;
                }

                key = openKey != OperandKey.Direct ? openKey : rightKey;
                if (openKey != rightKey && openKey != OperandKey.Direct && rightKey != OperandKey.Direct && (openKey == OperandKey.Text || rightKey == OperandKey.Text))
                {
                    declined = "a string compared with a number is not lowered at build time";
                    return null;
                }
            }

            var equality = node.Op is "=" or "<>";
            if (!equality && key == OperandKey.Text)
            {
                declined = "ordering two strings computed in SQL follows the run-time translator's rules (it refuses them: SQLite orders UTF-8 by code point, .NET by UTF-16 code unit)";
                return null;
            }

            if (closed is not null)
            {
                // A value compared: NaN or null changes the SQL (the run takes the run-time path).
                closed = closed with { Family = "value:nan" };
            }

            if (equality)
            {
                var nullable = closed is null ? left.Nullable || right.Nullable : open.Nullable;
                var first = Key(open, key, model, values, where, joined, ref declined);
                var second = first is null ? null : closed is null ? Key(right, key, model, values, where, joined, ref declined) : Operand(closed, model, values, where, joined, ref declined);
                return second is null ? null : new SqlGroup(new SqlBinary(first!, SqlComparisons.Of(node.Op, nullable), second));
            }

            // The guards come first in slot order (the run time translates them first).
            SqlExpression? guards = null;
            foreach (var side in new[] { left, right })
            {
                if (side.Op != "val" && side.Nullable && (key != OperandKey.Floating || !side.ZeroHolds))
                {
                    if (Operand(side, model, values, where, joined, ref declined) is not { } guarded)
                    {
                        return null;
                    }

                    var guard = new SqlIsNull(guarded, Negated: true);
                    guards = guards is null ? guard : new SqlBinary(guards, SqlOperator.And, guard);
                }
            }

            SqlExpression? comparison;
            if (closed is not null && key == OperandKey.Floating)
            {
                // The open operand's key against the value, the operator turned to read from the open side.
                var first = Key(open, key, model, values, where, joined, ref declined);
                var second = first is null ? null : Operand(closed, model, values, where, joined, ref declined);
                comparison = second is null ? null : new SqlBinary(first!, SqlComparisons.Of(valueOnLeft ? Flip(node.Op) : node.Op), second);
            }
            else
            {
                var first = closed is null ? Key(left, key, model, values, where, joined, ref declined) : Operand(left, model, values, where, joined, ref declined);
                var second = first is null ? null : closed is null ? Key(right, key, model, values, where, joined, ref declined) : Operand(right, model, values, where, joined, ref declined);
                comparison = second is null ? null : new SqlBinary(first!, SqlComparisons.Of(node.Op), second);
            }

            return comparison is null ? null : new SqlGroup(guards is null ? comparison : new SqlBinary(guards, SqlOperator.And, comparison));
        }

        /// <summary>
        /// How an operand compares (SqlTranslator.KeyOf): a member (through casts) by its column's kind, a computed one by its
        /// type; null (with the reason) for the kinds the run time compares through keys this file does not write.
        /// </summary>
        private static OperandKey? KeyOf(LoweredNode operand, EntityModel model, IReadOnlyList<EntityModel>? joined, ref string? declined)
        {
            var inner = operand;
            while (inner.Op == "cast")
            {
                inner = inner.Left!;
            }

            if (inner.Op != "col")
            {
                return operand.Family == "double" ? OperandKey.Floating : OperandKey.Direct;
            }

            var column = (joined is null ? model : joined[inner.Table]).Columns.FirstOrDefault(c => c.MemberName == inner.Member);
            switch (column?.Kind)
            {
                case null:
                    declined = $"member '{inner.Member}' maps to no column";
                    return null;
                case ColumnKind.Byte or ColumnKind.SByte or ColumnKind.Int16 or ColumnKind.UInt16 or ColumnKind.Int32 or ColumnKind.UInt32 or ColumnKind.Int64
                    or ColumnKind.Boolean or ColumnKind.Enum or ColumnKind.Guid when inner.Family != "other" || column.Kind != ColumnKind.Enum:
                    return OperandKey.Direct;
                case ColumnKind.String:
                    return OperandKey.Text;
                case ColumnKind.Single or ColumnKind.Double:
                    return OperandKey.Floating;
                default:
                    declined = $"'{inner.Member}' is stored as {column.Kind}, which the run time compares with another value of the row through its stored form's key (not lowered at build time)";
                    return null;
            }
        }

        /// <summary>SqlTranslator.Key: a float operand whose type cannot be null reads a stored NULL as 0 (<c>ifnull(v, 0)</c>).</summary>
        private static SqlExpression? Key(LoweredNode operand, OperandKey key, EntityModel model, List<LoweredNode> values, int where, IReadOnlyList<EntityModel>? joined, ref string? declined)
        {
            var value = Operand(operand, model, values, where, joined, ref declined);
            return value is not null && key == OperandKey.Floating && (!operand.Nullable || operand.ZeroHolds) ? SqlStoredKeys.FloatingNotNull(value) : value;
        }

        /// <summary>SqlTranslator.Translate of an operand: a column, a value (a slot bound as compared with no column), arithmetic, a cast.</summary>
        private static SqlExpression? Operand(LoweredNode operand, EntityModel model, List<LoweredNode> values, int where, IReadOnlyList<EntityModel>? joined, ref string? declined)
        {
            switch (operand.Op)
            {
                case "val":
                    values.Add(operand with { Member = "", Family = operand.Family is { } family && family.StartsWith("value:", System.StringComparison.Ordinal) ? family : "value", Path = where.ToString(System.Globalization.CultureInfo.InvariantCulture) + ":" + operand.Path });
                    return new SqlParameter(values.Count - 1, null);
                case "col":
                    {
                        var column = (joined is null ? model : joined[operand.Table]).Columns.FirstOrDefault(c => c.MemberName == operand.Member);
                        if (column is null || column.Kind is ColumnKind.Decimal or ColumnKind.EnumText)
                        {
                            declined = column is null ? $"member '{operand.Member}' maps to no column" : $"'{operand.Member}' is stored as {column.Kind}, which the run time computes by its own rules (not lowered at build time)";
                            return null;
                        }

                        return new SqlColumn(column.ColumnName, joined is null ? null : SqlAliases.Table(operand.Table));
                    }

                case "cast":
                    return Operand(operand.Left!, model, values, where, joined, ref declined) is { } cast ? new SqlCast(cast, "REAL") : null;
                case "neg":
                    return Operand(operand.Left!, model, values, where, joined, ref declined) is { } negated ? new SqlGroup(new SqlUnary(SqlUnaryOperator.Negate, negated)) : null;
                default:
                    {
                        var left = Operand(operand.Left!, model, values, where, joined, ref declined);
                        var right = left is null ? null : Operand(operand.Right!, model, values, where, joined, ref declined);
                        var op = operand.Op switch { "+" => SqlOperator.Add, "-" => SqlOperator.Subtract, "*" => SqlOperator.Multiply, "/" => SqlOperator.Divide, _ => SqlOperator.Modulo };
                        return right is null ? null : new SqlGroup(new SqlBinary(left!, op, right));
                    }
            }
        }

        /// <summary>Appends <c>.Compared(index, form)</c> for each value whose SQL depends on it or on the storage format (InterceptedSite.Values.cs).</summary>
        private static void AppendCompared(StringBuilder text, List<LoweredNode> values)
        {
            var offset = LiftedOffset(text, values);
            for (var i = 0; i < values.Count; i++)
            {
                var family = values[i].Family ?? "";
                var at = family.IndexOf("value:", System.StringComparison.Ordinal);
                if (at >= 0)
                {
                    text.Append(".Compared(").Append((offset + i).ToString(System.Globalization.CultureInfo.InvariantCulture)).Append(", ")
                        .Append(SymbolDisplay.FormatLiteral(family.Substring(at + 6), quote: true)).Append(')');
                }
            }
        }
    }
}
