using System.Collections.Generic;
using System.Linq;
using System.Text;
using MicroDb.Generator.Model;
using MicroDb.Generator.Shared;
using MicroDb.Generator.Shared.Query;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Operations;

namespace MicroDb.Generator;

// Build-time string conditions (issue 22): StartsWith/EndsWith/Contains of a string member with a value, Equals (with a
// constant StringComparison), string.IsNullOrEmpty, ToLower/ToUpper/Trim/Length of a member compared with a value and
// ordinal string ordering (string.CompareOrdinal, string.Compare(a, b, StringComparison.Ordinal) compared with 0), each
// written as the run-time translator writes it (SqlTranslator.Strings.cs). Nodes are "str.*" LoweredNodes; values the
// run time derives from the one read (a LIKE pattern, a char as text, the trimmed whitespace) carry a form, bound by
// InterceptedSite.Text.
public sealed partial class MicroDbGenerator
{
    private static partial class QueryChains
    {
        private sealed partial class Lowering
        {
            /// <summary>A call on <c>string</c> that is a condition on its own, or a captured collection's Contains (the Condition hook).</summary>
            private static bool IsStringCondition(IInvocationOperation call) =>
                call.TargetMethod.ContainingType.SpecialType == SpecialType.System_String
                    ? call.TargetMethod.Name is "StartsWith" or "EndsWith" or "Contains" or "Equals" or "IsNullOrEmpty" or "IsNullOrWhiteSpace"
                    : SubqueryReason(call) is null && ListSource(call) is not null;

            /// <summary>
            /// The collection a <c>Contains</c> searches, with its path from the call: a List's or HashSet's own method (<c>o</c>),
            /// Enumerable.Contains (<c>0</c>), or C# 14's MemoryExtensions.Contains over an array's implicit span (<c>00</c>); null
            /// for any other call (a sub-query's Contains is a table query's).
            /// </summary>
            private static (IOperation Source, string Path)? ListSource(IInvocationOperation call)
            {
                if (call.TargetMethod.Name != "Contains" || call.Arguments.Length != (call.Instance is null ? 2 : 1))
                {
                    return null;
                }

                var (source, path) = call.Instance is { } instance ? (instance, "o") : (call.Arguments[0].Value, "0");
                if (source is IConversionOperation { Type: INamedTypeSymbol { Name: "ReadOnlySpan" or "Span" } } span && call.TargetMethod.ContainingType.Name == "MemoryExtensions")
                {
                    (source, path) = (span.Operand, "00");
                }

                while (source is IConversionOperation { OperatorMethod: null, IsImplicit: true, Conversion.IsReference: true } reference)
                {
                    // An array or a List passed as IEnumerable<T> (no node of its own in the expression tree).
                    source = reference.Operand;
                }

                return source.Type switch
                {
                    IArrayTypeSymbol { Rank: 1 } => (source, path),
                    INamedTypeSymbol { Arity: 1, Name: "List" or "HashSet" or "IEnumerable" or "ICollection" or "IList" or "IReadOnlyList" or "IReadOnlyCollection" or "ISet" or "IReadOnlySet" } named
                        when named.ContainingNamespace.ToDisplayString() == "System.Collections.Generic" => (source, path),
                    _ => null,
                };
            }

            /// <summary>
            /// <c>ids.Contains(x.Id)</c> over a captured collection: IN, its list as long as the collection at run time (the site
            /// writes it by count); a member compared as it is (a nullable one guarded by IS NOT NULL, as the run time writes it).
            /// </summary>
            private LoweredNode? ListContains(IInvocationOperation call, string path)
            {
                var (source, sourcePath) = ListSource(call)!.Value;
                var value = call.Arguments[call.Arguments.Length - 1].Value;
                if (Uses(source) || !IsClosedValue(source))
                {
                    return Decline($"the collection '{source.Syntax}' of '{call.Syntax}' is computed or reads the row; only captured variables, fields and properties are read at run time");
                }

                var operand = value is IConversionOperation { OperatorMethod: null, Conversion.IsNullable: true } lifted
                    && SymbolEqualityComparer.Default.Equals(Underlying(lifted.Type), Underlying(lifted.Operand.Type)) ? lifted.Operand : value;
                if (operand is IConversionOperation || Member(operand, out var member, lifted: true) is not { } family || _memberName is not null)
                {
                    return Decline(Reason ?? $"'{value.Syntax}' in '{call.Syntax}' is not a member of the row compared as it is");
                }

                if (family is not ("integer" or "string" or "enum" or "guid"))
                {
                    return Decline($"'{call.Syntax}' searches {family} values, which the run-time translator lists by its rules");
                }

                var nullable = value.Type is { IsReferenceType: true } || value.Type?.OriginalDefinition.SpecialType == SpecialType.System_Nullable_T;
                return new LoweredNode("str.in", member!.Name, member.Type.ToDisplayString(SymbolDisplayFormat.FullyQualifiedFormat), family, path + sourcePath, Table: LastTable, Nullable: nullable);
            }

            /// <summary>A string method used as a condition, lowered as the run time writes it, or null with the reason.</summary>
            private LoweredNode? StringCondition(IInvocationOperation call, string path)
            {
                if (call.TargetMethod.ContainingType.SpecialType != SpecialType.System_String)
                {
                    return ListContains(call, path);
                }

                var name = call.TargetMethod.Name;
                var args = call.Arguments;
                switch (name)
                {
                    case "IsNullOrEmpty" when call.Instance is null && args.Length == 1:
                        return StringMember(args[0].Value, out var empty) is { } emptyMember
                            ? new LoweredNode("str.empty", emptyMember.Name, Family: "string", Table: LastTable)
                            : Decline(Reason ?? empty!);
                    case "IsNullOrWhiteSpace":
                        return Decline($"'{call.Syntax}' binds the characters it trims as a value with no node of its own, which is not lowered at build time");
                    case "Equals":
                        return StringEquals(call, path);
                    case "StartsWith" or "EndsWith" or "Contains" when call.Instance is not null && args.Length is 1 or 2:
                        {
                            var ignoreCase = false;
                            if (args.Length == 2 && !IgnoreCaseOf(args[1].Value, out ignoreCase))
                            {
                                return Decline($"the second argument of '{call.Syntax}' is not a constant StringComparison (the SQL depends on it)");
                            }

                            if (StringMember(call.Instance, out var why) is not { } member)
                            {
                                return Decline(Reason ?? why!);
                            }

                            var pattern = args[0].Value;
                            if (Uses(pattern) || !IsClosedValue(pattern) || IsNull(pattern))
                            {
                                return Decline(Uses(pattern) ? $"'{call.Syntax}' matches against a value of the row, which is not lowered at build time"
                                    : IsNull(pattern) ? $"'{call.Syntax}' passes a null pattern (the run-time path throws ArgumentNullException)"
                                    : $"the pattern '{pattern.Syntax}' is computed; only constants and captured variables, fields and properties are read at run time");
                            }

                            var kind = name switch { "StartsWith" => "starts", "EndsWith" => "ends", _ => "contains" };
                            return new LoweredNode("str." + kind, member.Name, "string", ignoreCase ? "ci" : "cs", path + "0", Table: LastTable);
                        }

                    default:
                        return Decline($"'{call.Syntax}' (String.{name} with these arguments) is not lowered at build time");
                }
            }

            /// <summary><c>a.Equals(b)</c>, <c>string.Equals(a, b)</c>, each with an optional constant StringComparison.</summary>
            private LoweredNode? StringEquals(IInvocationOperation call, string path)
            {
                var args = call.Arguments;
                var count = call.Instance is null ? 2 : 1;
                var ignoreCase = false;
                if (args.Length < count || args.Length > count + 1 || args.Take(count).Any(a => a.Value.Type?.SpecialType != SpecialType.System_String && !(a.Value is IConversionOperation { Operand.Type.SpecialType: SpecialType.System_String }))
                    || (args.Length == count + 1 && !IgnoreCaseOf(args[count].Value, out ignoreCase)))
                {
                    return Decline($"'{call.Syntax}' (String.Equals with these arguments, or a StringComparison that is not a constant) is not lowered at build time");
                }

                var (a, aPath) = call.Instance is null ? (args[0].Value, "0") : (call.Instance, (string?)null);
                var (b, bPath) = call.Instance is null ? (args[1].Value, "1") : (args[0].Value, "0");
                if (ignoreCase && !Uses(a))
                {
                    // The run time keeps the operands' order here: a value first would be written first.
                    return Decline($"'{call.Syntax}' compares ignoring case with the value first, which is not lowered at build time");
                }

                if (!Uses(a))
                {
                    (a, b, bPath) = (b, a, aPath);
                }

                if (bPath is null || Uses(b))
                {
                    return Decline($"'{call.Syntax}' compares two values of the row");
                }

                if (StringMember(a, out var why) is not { } member)
                {
                    return Decline(Reason ?? why!);
                }

                if (!IsClosedValue(b) || IsNull(b))
                {
                    return Decline($"the value '{b.Syntax}' is computed or null; only constants and captured variables, fields and properties are read at run time");
                }

                return ignoreCase
                    ? new LoweredNode("str.ieq", member.Name, "string", "string", path + bPath, Table: LastTable)
                    : new LoweredNode("=", member.Name, "string", "string", path + bPath, Table: LastTable);
            }

            /// <summary>
            /// The Comparison hook: a string comparison call (<c>string.CompareOrdinal(x.Name, v) &gt; 0</c>), or a member's
            /// <c>ToLower()</c>/<c>ToUpper()</c>/<c>Trim()</c> or <c>Length</c> compared with a value. Not handled (false) when
            /// neither operand is one of them.
            /// </summary>
            private (bool Handled, LoweredNode? Node) StringComparison(IBinaryOperation b, string op, string path)
            {
                var left = Bare(b.LeftOperand);
                var right = Bare(b.RightOperand);
                var onLeft = (IsStringCall(left) || IsStringLength(left)) && Uses(left);
                if (!onLeft && !((IsStringCall(right) || IsStringLength(right)) && Uses(right)))
                {
                    return (false, null);
                }

                var (open, closed, side, valueSide) = onLeft ? (left, b.RightOperand, "L", "R") : (right, b.LeftOperand, "R", "L");
                if (open is IInvocationOperation { TargetMethod.Name: "CompareOrdinal" or "Compare" or "CompareTo" } compare)
                {
                    return (true, OrdinalCompare(compare, b, onLeft ? op : Flip(op), path + side, closed));
                }

                if (Uses(closed))
                {
                    return (true, Decline($"'{b.Syntax}' compares two values of the row"));
                }

                if (!IsClosedValue(closed) || IsNull(closed) || (closed is IConversionOperation && !closed.ConstantValue.HasValue) || b.IsLifted)
                {
                    return (true, Decline($"the value '{closed.Syntax}' is computed, converted or null; only constants and captured variables, fields and properties of the compared type are read at run time"));
                }

                var valueType = closed.Type?.ToDisplayString(SymbolDisplayFormat.FullyQualifiedFormat) ?? "object";
                if (open is IPropertyReferenceOperation length)
                {
                    if (b.LeftOperand is IConversionOperation { Conversion.IsNumeric: true, Type: var to } && !IsIntegralOrEnum(to)
                        || b.RightOperand is IConversionOperation { Conversion.IsNumeric: true, Type: var to2 } && !IsIntegralOrEnum(to2))
                    {
                        return (true, Decline($"'{b.Syntax}' compares a string's Length as a non-integral number, which is not lowered at build time"));
                    }

                    return StringMember(length.Instance, out var lengthWhy) is { } lengthOf
                        ? (true, new LoweredNode("str.length", lengthOf.Name, valueType, op, path + valueSide, ValueOnLeft: !onLeft, Table: LastTable))
                        : (true, Decline(Reason ?? lengthWhy!));
                }

                var call = (IInvocationOperation)open;
                var function = call.TargetMethod.Name switch
                {
                    "ToLower" or "ToLowerInvariant" => "lower",
                    "ToUpper" or "ToUpperInvariant" => "upper",
                    "Trim" or "TrimStart" or "TrimEnd" when call.Arguments.Length == 0 => SqlStrings.TrimFunction(call.TargetMethod.Name),
                    _ => null,
                };
                if (function is null || call.Arguments.Length != 0 || op is not ("=" or "<>"))
                {
                    return (true, Decline($"'{call.Syntax}' (String.{call.TargetMethod.Name}) compared with a value is not lowered at build time (ToLower, ToUpper, Trim() and Length are)"));
                }

                return StringMember(call.Instance, out var whyNot) is { } member
                    ? (true, new LoweredNode("str." + function, member.Name, valueType, op, path + valueSide, Table: LastTable))
                    : (true, Decline(Reason ?? whyNot!));
            }

            /// <summary>
            /// <c>string.CompareOrdinal(a, b) op 0</c> or <c>string.Compare(a, b, StringComparison.Ordinal) op 0</c> (the run
            /// time's OrdinalCompare); <paramref name="op"/> has the call first. Other comparisons are culture-sensitive: the
            /// run time throws for them.
            /// </summary>
            private LoweredNode? OrdinalCompare(IInvocationOperation call, IBinaryOperation b, string op, string callPath, IOperation zero)
            {
                if (zero.ConstantValue is not { HasValue: true, Value: 0 })
                {
                    return Decline($"'{b.Syntax}' compares a string comparison's result with something other than the constant 0 (the run time takes only 0)");
                }

                var args = call.Arguments;
                var ordinal = call.Instance is null && call.TargetMethod.Name switch
                {
                    "CompareOrdinal" => args.Length == 2 && args[0].Value.Type?.SpecialType == SpecialType.System_String,
                    "Compare" => args.Length == 3 && args[2].Value.ConstantValue is { HasValue: true, Value: 4 }
                        && args[2].Value.Type is { Name: "StringComparison" },
                    _ => false,
                };
                if (!ordinal)
                {
                    return Decline($"'{call.Syntax}' is culture-sensitive in .NET; only string.CompareOrdinal(a, b) and string.Compare(a, b, StringComparison.Ordinal) have a SQL translation (the run-time path throws NotSupportedException)");
                }

                var (a, b0, valuePath) = (args[0].Value, args[1].Value, "1");
                if (!Uses(a))
                {
                    (a, b0, valuePath, op) = (b0, a, "0", Flip(op));
                }

                if (Uses(b0))
                {
                    return Decline($"'{call.Syntax}' compares two values of the row");
                }

                if (StringMember(a, out var why) is not { } member)
                {
                    return Decline(Reason ?? why!);
                }

                if (!IsClosedValue(b0) || IsNull(b0))
                {
                    return Decline($"the value '{b0.Syntax}' is computed or null; only constants and captured variables, fields and properties are read at run time");
                }

                return new LoweredNode("str.cmp", member.Name, "string", op, callPath + valuePath, Table: LastTable);
            }

            /// <summary>A string member of the row (the family must be <c>string</c>), or null with the reason in <paramref name="why"/>.</summary>
            private IPropertySymbol? StringMember(IOperation? operation, out string? why)
            {
                why = null;
                if (Member(operation, out var member) is "string")
                {
                    return member;
                }

                // In HAVING (MicroDbGenerator.SubqueryConditions.cs) a key part is the grouped table's member; an aggregate is not.
                why = _aggregate is not null ? $"'{operation?.Syntax}' is a string condition over a grouping (HAVING) on no string key part, which is not lowered at build time"
                    : $"'{operation?.Syntax}' is not a string member of the row";
                return null;
            }

            private static IOperation Bare(IOperation operation)
            {
                while (operation is IConversionOperation { OperatorMethod: null, Conversion.IsImplicit: true } conversion)
                {
                    operation = conversion.Operand;
                }

                return operation;
            }

            private static bool IsStringCall(IOperation operation) =>
                operation is IInvocationOperation call && (call.TargetMethod.ContainingType.SpecialType == SpecialType.System_String
                    || call.Instance?.Type?.SpecialType == SpecialType.System_String);

            private static bool IsStringLength(IOperation operation) =>
                operation is IPropertyReferenceOperation { Property.Name: "Length", Instance.Type.SpecialType: SpecialType.System_String };

            /// <summary>A constant StringComparison: whether it ignores case (CurrentCultureIgnoreCase, InvariantCultureIgnoreCase, OrdinalIgnoreCase).</summary>
            private static bool IgnoreCaseOf(IOperation operation, out bool ignoreCase)
            {
                ignoreCase = false;
                if (operation.Type is not { Name: "StringComparison", ContainingNamespace.Name: "System" } || operation.ConstantValue is not { HasValue: true, Value: int mode })
                {
                    return false;
                }

                ignoreCase = mode is 1 or 3 or 5;
                return true;
            }
        }
    }

    private static partial class InterceptorEmitter
    {
        /// <summary>
        /// A <c>str.*</c> node as the run-time translator writes it (SqlTranslator.Strings.cs, .Comparisons.cs), its values
        /// appended in slot order; those the run time derives from the value read carry a form (<see cref="AppendText"/>).
        /// </summary>
        private static SqlExpression? StringCondition(LoweredNode node, EntityModel model, List<LoweredNode> values, int where, ref string? declined, IReadOnlyList<EntityModel>? joined)
        {
            model = joined is null ? model : joined[node.Table];
            var column = model.Columns.FirstOrDefault(c => c.MemberName == node.Member);
            if (column is null || !Fits(column.Kind, node.Op == "str.in" ? node.Family! : "string"))
            {
                declined = column is null ? $"member '{node.Member}' maps to no column" : $"member '{node.Member}' is stored as {column.Kind}, which compares by the run-time translator's rules";
                return null;
            }

            var name = new SqlColumn(column.ColumnName, joined is null ? null : SqlAliases.Table(node.Table));
            SqlParameter Slot(string? form, ColumnKind? kind = null, string member = "")
            {
                var parameter = new SqlParameter(values.Count, kind);
                values.Add(node with
                {
                    Member = member,
                    Family = form is null ? null : "text:" + form,
                    Path = where.ToString(System.Globalization.CultureInfo.InvariantCulture) + ":" + node.Path,
                });
                return parameter;
            }

            switch (node.Op)
            {
                case "str.in":
                    {
                        // One marker the site repeats for each element at run time (InterceptedSite.Text "in"); an empty list or a null in it takes the run-time path.
                        var list = new SqlIn(name, new ValueList<SqlExpression>(new SqlExpression[] { Slot("in", column.Kind, node.Member!) }), Negated: false);
                        return new SqlGroup(node.Nullable ? new SqlBinary(new SqlIsNull(name, Negated: true), SqlOperator.And, list) : list);
                    }

                case "str.empty":
                    return new SqlGroup(new SqlBinary(new SqlIsNull(name, Negated: false), SqlOperator.Or, new SqlBinary(name, SqlOperator.Equal, SqlLiteral.Quoted(""))));
                case "str.ieq":
                    return new SqlGroup(new SqlBinary(name, SqlOperator.Is, new SqlCollate(Slot(null), "NOCASE")));
                case "str.starts" or "str.ends" or "str.contains" when node.Family == "ci":
                    // LIKE is case-insensitive for ASCII letters; the run time escapes the pattern's own wildcards.
                    return new SqlGroup(new SqlLike(name, Slot(node.Op.Substring(4)), '\\'));
                case "str.contains":
                    return new SqlGroup(new SqlBinary(new SqlFunction("instr", name, Slot("text")), SqlOperator.GreaterThan, SqlLiteral.Zero));
                case "str.starts":
                    {
                        var length = new SqlFunction(SqlStrings.LengthFunction, Slot("text"));
                        return new SqlGroup(new SqlBinary(new SqlFunction("substr", name, SqlLiteral.One, length), SqlOperator.Equal, Slot("text")));
                    }

                case "str.ends":
                    {
                        var empty = new SqlBinary(new SqlFunction(SqlStrings.LengthFunction, Slot("text")), SqlOperator.Equal, SqlLiteral.Zero);
                        var suffix = new SqlFunction("substr", name, new SqlUnary(SqlUnaryOperator.Negate, new SqlFunction(SqlStrings.LengthFunction, Slot("text"))));
                        return new SqlGroup(new SqlBinary(empty, SqlOperator.Or, new SqlBinary(suffix, SqlOperator.Equal, Slot("text"))));
                    }

                case "str.cmp":
                    {
                        // A null member is below any string: included exactly when -1 op 0 holds.
                        var op = node.Family!;
                        var nullHolds = op is "<" or "<=" or "<>";
                        var guard = new SqlIsNull(name, Negated: !nullHolds);
                        var compare = new SqlBinary(name, SqlComparisons.Of(op), Slot(op is "=" or "<>" ? "text" : "order"));
                        return new SqlGroup(new SqlBinary(guard, nullHolds ? SqlOperator.Or : SqlOperator.And, compare));
                    }

                case "str.length":
                    {
                        var length = SqlStrings.Length(name);
                        var op = node.Family!;
                        if (op is "=" or "<>")
                        {
                            // Equality writes the row's operand first.
                            return new SqlGroup(new SqlBinary(length, SqlComparisons.Of(op), Slot(null)));
                        }

                        var value = Slot(null);
                        return new SqlGroup(node.ValueOnLeft ? new SqlBinary(value, SqlComparisons.Of(op), length) : new SqlBinary(length, SqlComparisons.Of(op), value));
                    }

                case "str.lower" or "str.upper":
                    return new SqlGroup(new SqlBinary(SqlStrings.CaseMapped(node.Op.Substring(4), name), node.Family == "=" ? SqlOperator.Is : SqlOperator.IsNot, Slot(null)));
                case "str.trim" or "str.ltrim" or "str.rtrim":
                    {
                        // The characters trimmed are a value of their own (C#'s whitespace), read at the compared value's node.
                        var trimmed = new SqlFunction(node.Op.Substring(4), name, Slot("ws"));
                        return new SqlGroup(new SqlBinary(trimmed, node.Family == "=" ? SqlOperator.Is : SqlOperator.IsNot, Slot(null)));
                    }
            }

            declined = $"'{node.Op}' is not lowered at build time";
            return null;
        }

        /// <summary>
        /// The site's index of <paramref name="values"/>' first value: a projection's lifted values come first on the site
        /// (<c>.LiftedValue</c>, already in <paramref name="text"/>) without being in the list (a grouping's are in it, so 0).
        /// </summary>
        private static int LiftedOffset(StringBuilder text, List<LoweredNode> values)
        {
            var written = text.ToString();
            var offset = 0;
            for (var at = written.IndexOf(".LiftedValue(", System.StringComparison.Ordinal); at >= 0; at = written.IndexOf(".LiftedValue(", at + 1, System.StringComparison.Ordinal))
            {
                offset++;
            }

            return offset - values.Count(v => v.Family?.StartsWith("lifted:", System.StringComparison.Ordinal) == true);
        }

        /// <summary>Appends <c>.Text(index, form)</c> for each value the run time derives from the value read (a LIKE pattern, a char's text ...).</summary>
        private static void AppendText(StringBuilder text, List<LoweredNode> values)
        {
            var offset = LiftedOffset(text, values);
            for (var i = 0; i < values.Count; i++)
            {
                // A grouping's Count(predicate) marks its values "lifted:" in front.
                if (values[i].Family is { } family && family.IndexOf("text:", System.StringComparison.Ordinal) is var at and >= 0)
                {
                    text.Append(".Text(").Append((offset + i).ToString(System.Globalization.CultureInfo.InvariantCulture)).Append(", ")
                        .Append(Microsoft.CodeAnalysis.CSharp.SymbolDisplay.FormatLiteral(family.Substring(at + 5), quote: true)).Append(')');
                }
            }
        }
    }
}
