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

// The build-time front end of set-based writes: ExecuteDelete() and ExecuteUpdate(s => s.Set(...)...) (and their async
// forms) after Where (and OrderBy/Take/Skip: the rows are then a sub-query on the key) on one table, written as
// TableQuery<T>.BuildDelete/BuildUpdate write them at run time.
public sealed partial class MicroDbGenerator
{
    private static partial class QueryChains
    {
        /// <summary>Whether <paramref name="name"/> is a set-based write's terminal.</summary>
        private static bool IsWrite(string name) => name is "ExecuteDelete" or "ExecuteUpdate" or "ExecuteDeleteAsync" or "ExecuteUpdateAsync";

        /// <summary>
        /// The write's step: ExecuteDelete's, or ExecuteUpdate's with its Set calls lowered (<c>set</c> nodes whose Left is the
        /// value's arithmetic over the row, or null for a value read at run time); null with the reason when it is declined.
        /// </summary>
        private static ChainStep? LowerWrite(IInvocationOperation call, string name, string intercept, out string? reason)
        {
            reason = null;
            if (!name.StartsWith("ExecuteUpdate", System.StringComparison.Ordinal))
            {
                return new ChainStep(name, intercept);
            }

            if (call.Arguments.FirstOrDefault(a => a.Parameter?.Name == "setters") is not { } argument
                || LambdaOf(argument.Value) is not { } lambda || lambda.Symbol.Parameters.Length != 1
                || lambda.Body.Operations.Length != 1 || lambda.Body.Operations[0] is not IReturnOperation { ReturnedValue: { } body })
            {
                reason = "the setters of ExecuteUpdate are not a lambda with an expression body written at the call";
                return null;
            }

            var calls = new List<IInvocationOperation>();
            var current = body;
            while (current is IInvocationOperation { TargetMethod: { Name: "Set", ContainingType: { Name: "UpdateSetters", Arity: 1 } } } set)
            {
                calls.Add(set);
                current = set.Instance;
            }

            if (calls.Count == 0 || current is not IParameterReferenceOperation builder || !SymbolEqualityComparer.Default.Equals(builder.Parameter, lambda.Symbol.Parameters[0]))
            {
                reason = "the setters of ExecuteUpdate are not a chain of Set calls on the lambda's parameter";
                return null;
            }

            calls.Reverse();
            var setters = new List<LoweredNode>();
            foreach (var set in calls)
            {
                if (set.Arguments.Length != 2 || LambdaOf(set.Arguments[0].Value) is not { } memberLambda || memberLambda.Symbol.Parameters.Length != 1
                    || new Lowering(memberLambda).Body is not IPropertyReferenceOperation { Instance: IParameterReferenceOperation row, Property: { Parameters.Length: 0 } member }
                    || !SymbolEqualityComparer.Default.Equals(row.Parameter, memberLambda.Symbol.Parameters[0]))
                {
                    reason = $"'{set.Syntax}' does not name a member of the row as x => x.Member";
                    return null;
                }

                if (!IsAccessible(member.Type))
                {
                    reason = $"the type of member '{member.Name}' is not accessible to generated code";
                    return null;
                }

                var memberType = member.Type.ToDisplayString(SymbolDisplayFormat.FullyQualifiedFormat);
                LoweredNode? value = null;
                if (LambdaOf(set.Arguments[1].Value) is { } valueLambda)
                {
                    // Set(member, x => ...): SQLite computes it from the row's members; a lambda that reads no member is a value.
                    var lowering = new Lowering(valueLambda);
                    var parameter = valueLambda.Symbol.Parameters[0];
                    if (lowering.Body is null)
                    {
                        reason = $"the value of '{set.Syntax}' has a statement body";
                        return null;
                    }

                    if (Reads(lowering.Body, parameter) && !ComputableType(member.Type))
                    {
                        reason = $"member '{member.Name}' of type '{member.Type.ToDisplayString()}' cannot be computed in SQL from the row ('{valueLambda.Syntax}'; the run-time path throws NotSupportedException: set it to a value instead)";
                        return null;
                    }

                    _setterDateParts = true; // a DateTime member's part is lowered in a setter (MicroDbGenerator.SetterDateParts.cs)
                    try
                    {
                        if (Reads(lowering.Body, parameter) && (value = Arithmetic(lowering.Body, parameter, "", ref reason)) is null)
                        {
                            return null;
                        }
                    }
                    finally
                    {
                        _setterDateParts = false;
                    }
                }

                setters.Add(new LoweredNode("set", member.Name, memberType, value is null ? "value" : "computed", "", Left: value));
            }

            return new ChainStep(name, intercept, LambdaText: lambda.Syntax.ToString(), Setters: new EquatableArray<LoweredNode>(setters.ToArray()));
        }

        /// <summary>
        /// A setter's value over the row as the run-time translator reads it: <c>+ - * /</c> (and <c>%</c> of integers) and unary
        /// <c>-</c>, lifted over nullable operands too, over members of the row stored as numbers or text (<c>col</c>, whose
        /// Family is the column kind expected), string <c>+</c> (<c>concat</c>), conversions between numbers other than
        /// decimal (<c>cast</c>), <c>Math.Abs/Max/Min</c>, <c>ToUpper/ToLower</c> and <c>string.Length</c> (<c>fn</c>), and closed
        /// values read at their path (<c>val</c>). Conversions without an operator method take no path step: the interceptor
        /// looks through them, as the translator does.
        /// </summary>
        private static LoweredNode? Arithmetic(IOperation operation, IParameterSymbol row, string path, ref string? reason)
        {
            if (!Reads(operation, row))
            {
                return new LoweredNode("val", MemberType: operation.Type?.ToDisplayString(SymbolDisplayFormat.FullyQualifiedFormat), Path: path);
            }

            if (operation is IInvocationOperation && SubqueryReason(operation) is { } subquery)
            {
                // x => db.Table<Line>().Count(l => l.OrderId == x.Id): the run-time path writes it (its own binding of the inner values).
                reason ??= subquery + " in a setter's value (the run-time path writes it)";
                return null;
            }

            switch (operation)
            {
                case IBinaryOperation { OperatorKind: BinaryOperatorKind.Add, Type.SpecialType: SpecialType.System_String } concat:
                    {
                        var left = ConcatPart(concat.LeftOperand, row, path + "L", ref reason);
                        var right = left is null ? null : ConcatPart(concat.RightOperand, row, path + "R", ref reason);
                        return right is null ? null : new LoweredNode("concat", Left: left, Right: right);
                    }

                case IBinaryOperation b when b.OperatorMethod is null || b.OperatorMethod.ContainingType.SpecialType == SpecialType.System_Decimal:
                    {
                        var family = ArithmeticFamily(b.Type);
                        var op = b.OperatorKind switch
                        {
                            BinaryOperatorKind.Add => "+",
                            BinaryOperatorKind.Subtract => "-",
                            BinaryOperatorKind.Multiply => "*",
                            BinaryOperatorKind.Divide => "/",
                            BinaryOperatorKind.Remainder when family is "int" or "long" => "%",
                            _ => null,
                        };
                        if (b.OperatorKind == BinaryOperatorKind.Remainder && family is "double" or "decimal")
                        {
                            // The run time refuses it too (SqliteQueryDialect.RefusesArithmetic).
                            reason ??= $"'{b.Syntax}' is {QueryReasons.FloatingRemainder} (the run time refuses it too)";
                            return null;
                        }

                        if (op is null || family is null or "string")
                        {
                            reason ??= $"the operator of '{b.Syntax}' is not lowered in a setter at build time";
                            return null;
                        }

                        var left = Arithmetic(b.LeftOperand, row, path + "L", ref reason);
                        var right = left is null ? null : Arithmetic(b.RightOperand, row, path + "R", ref reason);
                        return right is null ? null : new LoweredNode(op, Left: left, Right: right);
                    }

                case ICoalesceOperation coalesce when ArithmeticFamily(coalesce.Type) is not null && ArithmeticFamily(coalesce.Value.Type) is not null:
                    {
                        // x.Bonus ?? 0: the run time's coalesce(left, right), a closed fallback encoded as the left column stores
                        // it, which for numbers and text is how a value outside a comparison is encoded too.
                        var left = Arithmetic(coalesce.Value, row, path + "L", ref reason);
                        var right = left is null ? null : Arithmetic(coalesce.WhenNull, row, path + "R", ref reason);
                        return right is null ? null : new LoweredNode("fn", "coalesce", Left: left, Right: right);
                    }

                case IUnaryOperation { OperatorKind: UnaryOperatorKind.Minus } minus
                    when (minus.OperatorMethod is null || minus.OperatorMethod.ContainingType.SpecialType == SpecialType.System_Decimal) && ArithmeticFamily(minus.Type) is not (null or "string"):
                    return Arithmetic(minus.Operand, row, path + "O", ref reason) is { } negated ? new LoweredNode("neg", Left: negated) : null;
                case IConversionOperation { OperatorMethod: null, Conversion.IsIdentity: true } identity:
                    // No node in the expression tree.
                    return Arithmetic(identity.Operand, row, path, ref reason);
                case IConversionOperation { OperatorMethod: null } conversion:
                    {
                        // (long)x.Count, x.Views - x.Stock, x.Score * x.Stock, x.Score + 1 with int? Score: the run time's
                        // TranslateConvert, CAST to REAL from an integer to a double, to INTEGER from a double to an integer,
                        // the operand itself between integers (and to or from a nullable of the same type).
                        // An integer to decimal (x.Price * x.Count): the translator's setter rule, CAST to REAL (TrySetterDecimalConversion).
                        var from = ArithmeticFamily(conversion.Operand.Type);
                        var to = ArithmeticFamily(conversion.Type);
                        // decimal to decimal? (x.Price * rate + x.Bonus) has no operator method: the operand itself.
                        var toDecimal = to == "decimal" && from is "int" or "long";
                        if (from == "decimal" && to == "decimal")
                        {
                            return Arithmetic(conversion.Operand, row, path, ref reason);
                        }

                        if (!toDecimal && (from is null or "decimal" or "string" || to is null or "decimal" or "string"))
                        {
                            reason ??= from == "decimal"
                                ? $"the conversion '{conversion.Syntax}' from decimal is an operator method in the expression tree, which the run-time translator does not translate (it throws NotSupportedException; only an integer converted to decimal is)"
                                : $"the conversion '{conversion.Syntax}' in a setter is not lowered at build time (only conversions between integer and floating-point values of the row, and from an integer to decimal, are)";
                            return null;
                        }

                        var operand = Arithmetic(conversion.Operand, row, path, ref reason);
                        var cast = toDecimal || (to == "double" && from != "double") ? "REAL" : from == "double" && to != "double" ? "INTEGER" : null;
                        return operand is null || cast is null ? operand : new LoweredNode("cast", cast, Left: operand);
                    }

                case IConversionOperation { OperatorMethod: { } method } converted:
                    reason ??= $"the conversion '{converted.Syntax}' is an operator method ({method.ContainingType.Name}.{method.Name}), which the run-time translator does not translate either (it throws NotSupportedException)";
                    return null;
                case IPropertyReferenceOperation { Instance: IParameterReferenceOperation instance, Property: { Parameters.Length: 0 } member }
                    when SymbolEqualityComparer.Default.Equals(instance.Parameter, row):
                    if (StoredKind(member.Type) is not { } kind)
                    {
                        reason ??= $"member '{member.Name}' of type '{member.Type.ToDisplayString()}' is computed by the run-time translator's rules";
                        return null;
                    }

                    return new LoweredNode("col", member.Name, member.Type.ToDisplayString(SymbolDisplayFormat.FullyQualifiedFormat), kind);
                case IPropertyReferenceOperation datePart when SetterDatePart(datePart, row) is { } lowered:
                    return lowered;
                case IPropertyReferenceOperation { Instance.Type: { } owner, Property.Name: var part }
                    when Underlying(owner) is { Name: "DateTime" or "DateOnly" or "TimeOnly" or "DateTimeOffset" or "TimeSpan", ContainingNamespace.Name: "System" }:
                    // The run time writes a date part by the column's kind and the storage format (ticks, ISO text, sqlite-net's
                    // text format); a setter's site has one text per format family, so this stays on the run-time path.
                    reason ??= $"the date part '{operation.Syntax}' ({part}) in a setter is not lowered at build time: its SQL depends on how the storage format stores '{Underlying(owner)!.Name}' values";
                    return null;
                case IPropertyReferenceOperation { Property: { Name: "Length", ContainingType.SpecialType: SpecialType.System_String }, Instance: { } text }:
                    return Arithmetic(text, row, path + "m", ref reason) is { } measured ? new LoweredNode("fn", SqlStrings.LengthFunction, Left: measured) : null;
                case IConditionalOperation { WhenFalse: { } whenFalse } conditional:
                    return Conditional(conditional, whenFalse, row, path, ref reason);
                case IInvocationOperation { TargetMethod: { Name: "Concat", IsStatic: true, ContainingType.SpecialType: SpecialType.System_String } concat } call
                    when concat.Parameters.Length is >= 2 and <= 4 && concat.Parameters.All(p => p.Type.SpecialType is SpecialType.System_String or SpecialType.System_Object):
                    {
                        // string.Concat(a, b[, c[, d]]): the run time's one concatenation of all the parts (not nested as + is).
                        var arguments = call.Arguments.OrderBy(a => a.Parameter!.Ordinal).ToArray();
                        LoweredNode? parts = null;
                        for (var i = arguments.Length - 1; i >= 0; i--)
                        {
                            var part = ConcatPart(arguments[i].Value, row, path + i.ToString(System.Globalization.CultureInfo.InvariantCulture), ref reason);
                            if (part is null)
                            {
                                return null;
                            }

                            parts = new LoweredNode("part", Left: part, Right: parts);
                        }

                        return new LoweredNode("concatn", Left: parts);
                    }

                case IInvocationOperation { TargetMethod.ContainingType.SpecialType: SpecialType.System_String, Instance: { } text } call
                    when call.TargetMethod.Name is "Substring" or "Trim" or "TrimStart" or "TrimEnd" or "Replace":
                    return StringCall(call, text, row, path, ref reason);
                case IInvocationOperation { TargetMethod: { ContainingType: { Name: "Math", ContainingNamespace: { Name: "System", ContainingNamespace.IsGlobalNamespace: true } } } method } call
                    when SetterFunction(call) is null:
                    return MathCall(call, method, row, path, ref reason);
                case IInvocationOperation call when SetterFunction(call) is { } function:
                    {
                        LoweredNode? first, second = null;
                        if (call.Instance is { } target)
                        {
                            first = Arithmetic(target, row, path + "o", ref reason);
                        }
                        else
                        {
                            var arguments = call.Arguments.OrderBy(a => a.Parameter!.Ordinal).ToArray();
                            first = Arithmetic(arguments[0].Value, row, path + "0", ref reason);
                            second = first is null || arguments.Length == 1 ? null : Arithmetic(arguments[1].Value, row, path + "1", ref reason);
                            if (first is not null && arguments.Length == 2 && second is null)
                            {
                                return null;
                            }
                        }

                        return first is null ? null : new LoweredNode("fn", function, Left: first, Right: second);
                    }

                default:
                    reason ??= $"'{operation.Syntax}' in a setter is not lowered at build time (only + - * / over numeric and string members and captured values, string + and string.Concat, conversions between integer and floating-point values, ??, ?:, Math.Abs/Max/Min/Round, ToUpper/ToLower, Substring, Trim/TrimStart/TrimEnd, Replace and string.Length are)";
                    return null;
            }
        }

        /// <summary>
        /// <c>test ? a : b</c> as the run time's <c>(CASE WHEN test THEN a ELSE b END)</c>: the test lowered as a Where condition
        /// (comparisons of integer, string, bool, enum and Guid members with closed values, null tests, <c>!</c>, <c>&amp;&amp;</c>, <c>||</c>; its values read at
        /// <c>c</c>), the branches as setter values (at <c>t</c> and <c>f</c>). A test that reads no row picks its branch at run time.
        /// </summary>
        private static LoweredNode? Conditional(IConditionalOperation conditional, IOperation whenFalse, IParameterSymbol row, string path, ref string? reason)
        {
            if (!Reads(conditional.Condition, row))
            {
                reason ??= $"the condition of '{conditional.Syntax}' does not read the row: the run-time translator writes only the branch it takes, so the SQL depends on its value";
                return null;
            }

            IOperation? lambda = conditional.Parent;
            while (lambda is not null and not IAnonymousFunctionOperation)
            {
                lambda = lambda.Parent;
            }

            if (lambda is not IAnonymousFunctionOperation function)
            {
                reason ??= $"'{conditional.Syntax}' is not in a setter's lambda";
                return null;
            }

            var lowering = new Lowering(function);
            var test = lowering.Condition(conditional.Condition, path + "c");
            if (test is null)
            {
                reason ??= $"the condition of '{conditional.Syntax}' is not lowered at build time: {lowering.Reason}";
                return null;
            }

            if (ConditionFamilies(test, setter: true) is { } read)
            {
                reason ??= $"the condition of '{conditional.Syntax}' reads {read}, where a setter's ?: lowers only comparisons of integer, string, bool, enum and Guid members and null tests";
                return null;
            }

            var whenTrue = Arithmetic(conditional.WhenTrue, row, path + "t", ref reason);
            var otherwise = whenTrue is null ? null : Arithmetic(whenFalse, row, path + "f", ref reason);
            return otherwise is null ? null : new LoweredNode("case", Left: test, Right: new LoweredNode("branches", Left: whenTrue, Right: otherwise));
        }

        /// <summary>
        /// What a lowered condition reads that a setter does not bind as the run time does, or null: a setter's values are
        /// encoded as values outside a comparison, which is the comparison's encoding for integer, string and bool members, or (with
        /// <paramref name="setter"/>: enum and Guid members, bound by <c>Compared</c>) as the compared column encodes them; a
        /// setter's null tests bind nothing. Without it (a grouping's conditional key) only the first three are.
        /// </summary>
        private static string? ConditionFamilies(LoweredNode node, bool setter = false) => node.Op switch
        {
            "and" or "or" => ConditionFamilies(node.Left!, setter) ?? ConditionFamilies(node.Right!, setter),
            "not" => ConditionFamilies(node.Left!, setter),
            "=" or "<>" or "<" or "<=" or ">" or ">=" or "bool" when node.Family is "integer" or "string" or "bool" => null,
            "=" or "<>" or "<" or "<=" or ">" or ">=" or "bool" when setter && node.Family is "enum" or "guid" => null,
            "=" or "<>" or "<" or "<=" or ">" or ">=" or "bool" => $"a comparison of {node.Family} values",
            "null" or "notnull" when setter => null,
            _ => "a sub-query",
        };

        /// <summary>
        /// <c>Substring(start[, length])</c>, <c>Trim()</c>/<c>TrimStart</c>/<c>TrimEnd</c> (none, a char or a char array, closed) and
        /// <c>Replace(a, b)</c> of strings or chars, as the run time writes them (<c>SqlStrings</c>); the characters to trim and a
        /// replaced char are read as the run time binds them (path steps <c>w</c>, <c>W</c> and <c>s</c>).
        /// </summary>
        private static LoweredNode? StringCall(IInvocationOperation call, IOperation text, IParameterSymbol row, string path, ref string? reason)
        {
            var method = call.TargetMethod;
            var arguments = call.Arguments.OrderBy(a => a.Parameter!.Ordinal).Select(a => a.Value).ToArray();
            var types = method.Parameters.Select(p => p.Type).ToArray();
            var target = Arithmetic(text, row, path + "o", ref reason);
            if (target is null)
            {
                return null;
            }

            switch (method.Name)
            {
                case "Substring" when types.All(t => t.SpecialType == SpecialType.System_Int32):
                    {
                        var start = Arithmetic(arguments[0], row, path + "0", ref reason);
                        var length = start is null || arguments.Length == 1 ? null : Arithmetic(arguments[1], row, path + "1", ref reason);
                        return start is null || (arguments.Length == 2 && length is null) ? null : new LoweredNode("substr", Left: target, Right: new LoweredNode("args", Left: start, Right: length));
                    }

                case "Trim" or "TrimStart" or "TrimEnd" when types.Length == 0
                    || (types.Length == 1 && (types[0].SpecialType == SpecialType.System_Char || types[0] is IArrayTypeSymbol { ElementType.SpecialType: SpecialType.System_Char })):
                    if (arguments.Length == 1 && Reads(arguments[0], row))
                    {
                        reason ??= $"the characters to trim in '{call.Syntax}' read the row (the run-time path throws NotSupportedException)";
                        return null;
                    }

                    return new LoweredNode("fn", SqlStrings.TrimFunction(method.Name), Left: target,
                        Right: new LoweredNode("val", MemberType: "string", Path: arguments.Length == 0 ? "W" : path + "0w"));
                case "Replace" when types.Length == 2 && types.All(t => t.SpecialType is SpecialType.System_String or SpecialType.System_Char):
                    {
                        var parts = new LoweredNode?[2];
                        for (var i = 0; i < 2; i++)
                        {
                            var step = path + i.ToString(System.Globalization.CultureInfo.InvariantCulture);
                            if (!Reads(arguments[i], row))
                            {
                                parts[i] = new LoweredNode("val", MemberType: "string", Path: types[i].SpecialType == SpecialType.System_Char ? step + "s" : step);
                            }
                            else if (types[i].SpecialType != SpecialType.System_String)
                            {
                                reason ??= $"the argument '{arguments[i].Syntax}' of '{call.Syntax}' is a char of the row (the run-time path throws NotSupportedException)";
                                return null;
                            }
                            else if ((parts[i] = Arithmetic(arguments[i], row, step, ref reason)) is null)
                            {
                                return null;
                            }
                        }

                        return new LoweredNode("replace", Left: target, Right: new LoweredNode("args", Left: parts[0], Right: parts[1]));
                    }

                default:
                    reason ??= $"'{call.Syntax}' ({method.Name}({string.Join(", ", types.Select(t => t.ToDisplayString()))})) has no SQL translation on the run-time path either (it throws NotSupportedException)";
                    return null;
            }
        }

        /// <summary>
        /// <c>Math.Round(double)</c> and <c>Math.Round(double, digits)</c> with closed digits, as the run time writes them
        /// (<c>SqlRounding</c>; 10^digits is bound, read at the digits with the path step <c>p</c>); any other Math method is
        /// declined with the run time's refusal.
        /// </summary>
        private static LoweredNode? MathCall(IInvocationOperation call, IMethodSymbol method, IParameterSymbol row, string path, ref string? reason)
        {
            var parameters = method.Parameters;
            if (method.Name != "Round" || parameters[0].Type.SpecialType != SpecialType.System_Double || parameters.Length > 2
                || (parameters.Length == 2 && parameters[1].Type.SpecialType != SpecialType.System_Int32))
            {
                reason ??= method.Name == "Round"
                    ? $"'{call.Syntax}' is not Math.Round(double) or Math.Round(double, int), the only forms the run-time path translates (it throws NotSupportedException)"
                    : $"Math.{method.Name} in '{call.Syntax}' has no SQL translation on the run-time path either (it throws NotSupportedException)";
                return null;
            }

            var arguments = call.Arguments.OrderBy(a => a.Parameter!.Ordinal).Select(a => a.Value).ToArray();
            var value = Arithmetic(arguments[0], row, path + "0", ref reason);
            if (value is null || arguments.Length == 1)
            {
                return value is null ? null : new LoweredNode("round", Left: value);
            }

            if (Reads(arguments[1], row))
            {
                reason ??= $"the digits of '{call.Syntax}' read the row (the run-time path throws NotSupportedException)";
                return null;
            }

            if (arguments[1].ConstantValue is { HasValue: true, Value: int digits } && SqlRounding.Power(digits) is null)
            {
                reason ??= $"the digits of '{call.Syntax}' are outside 0 to {SqlRounding.MaxDigits} (the run-time path throws NotSupportedException)";
                return null;
            }

            return new LoweredNode("round", Left: value, Right: new LoweredNode("val", MemberType: "double", Path: path + "1p"));
        }

        /// <summary>Whether a member of <paramref name="type"/> maps to a column kind SQLite may compute from the row (SqlSetBased.Computable).</summary>
        private static bool ComputableType(ITypeSymbol type) =>
            Underlying(type) is { TypeKind: not TypeKind.Enum } underlying && (underlying.SpecialType == SpecialType.System_Boolean || ArithmeticFamily(underlying) is not null);

        /// <summary>
        /// A part of a string <c>+</c>, as the run time's Concat reads it through conversions: a string or integer value of the
        /// row, or a closed value of any type, bound as its text.
        /// </summary>
        private static LoweredNode? ConcatPart(IOperation part, IParameterSymbol row, string path, ref string? reason)
        {
            var stripped = part;
            while (stripped is IConversionOperation { OperatorMethod: null } conversion)
            {
                stripped = conversion.Operand;
            }

            var family = ArithmeticFamily(stripped.Type);
            if (!Reads(stripped, row))
            {
                // The run time binds a closed part's text (ToString()): read at its node, then turned into text (step s).
                return new LoweredNode("val", MemberType: "string", Path: family == "string" ? path : path + "s");
            }

            if (family is not ("string" or "int" or "long") || (stripped.Type is INamedTypeSymbol { TypeKind: TypeKind.Enum }))
            {
                reason ??= $"concatenating '{part.Syntax}' of type '{stripped.Type?.ToDisplayString()}' is not lowered at build time (only string and integer values of the row are; the run time throws NotSupportedException for floating-point, decimal, date and other values)";
                return null;
            }

            return Arithmetic(stripped, row, path, ref reason);
        }

        /// <summary>The SQL function of a call the run time translates in a setter: Math.Abs/Max/Min, string ToUpper/ToLower; else null.</summary>
        private static string? SetterFunction(IInvocationOperation call)
        {
            var method = call.TargetMethod;
            if (method.ContainingType is { Name: "Math", ContainingNamespace: { Name: "System", ContainingNamespace.IsGlobalNamespace: true } } && call.Instance is null)
            {
                return (method.Name, method.Parameters.Length) switch
                {
                    ("Abs", 1) => "abs",
                    ("Max", 2) => "max",
                    ("Min", 2) => "min",
                    _ => null,
                };
            }

            return method.ContainingType?.SpecialType == SpecialType.System_String && call.Instance is not null && method.Parameters.Length == 0
                ? SqlStrings.CaseMapping(method.Name)
                : null;
        }

        /// <summary>The value families a setter may compute at build time: integers (not ulong), long, floating point, decimal, string.</summary>
        private static string? ArithmeticFamily(ITypeSymbol? type) => Underlying(type)?.SpecialType switch
        {
            SpecialType.System_SByte or SpecialType.System_Byte or SpecialType.System_Int16 or SpecialType.System_UInt16
                or SpecialType.System_Int32 or SpecialType.System_UInt32 => "int",
            SpecialType.System_Int64 => "long",
            SpecialType.System_Single or SpecialType.System_Double => "double",
            SpecialType.System_Decimal => "decimal",
            SpecialType.System_String => "string",
            _ => null,
        };

        /// <summary>The column kind a member of <paramref name="type"/> the setter reads must be stored as (else the run time's rules decide).</summary>
        private static string? StoredKind(ITypeSymbol type)
        {
            var underlying = Underlying(type);
            if (underlying is INamedTypeSymbol { TypeKind: TypeKind.Enum })
            {
                return null;
            }

            return underlying?.SpecialType switch
            {
                SpecialType.System_SByte => nameof(ColumnKind.SByte),
                SpecialType.System_Byte => nameof(ColumnKind.Byte),
                SpecialType.System_Int16 => nameof(ColumnKind.Int16),
                SpecialType.System_UInt16 => nameof(ColumnKind.UInt16),
                SpecialType.System_Int32 => nameof(ColumnKind.Int32),
                SpecialType.System_UInt32 => nameof(ColumnKind.UInt32),
                SpecialType.System_Int64 => nameof(ColumnKind.Int64),
                SpecialType.System_Single => nameof(ColumnKind.Single),
                SpecialType.System_Double => nameof(ColumnKind.Double),
                SpecialType.System_Decimal => nameof(ColumnKind.Decimal),
                SpecialType.System_String => nameof(ColumnKind.String),
                _ => null,
            };
        }

        private static ITypeSymbol? Underlying(ITypeSymbol? type) =>
            type is INamedTypeSymbol { OriginalDefinition.SpecialType: SpecialType.System_Nullable_T } nullable ? nullable.TypeArguments[0] : type;

        private static bool Reads(IOperation operation, IParameterSymbol row) =>
            operation.DescendantsAndSelf().Any(o => o is IParameterReferenceOperation p && SymbolEqualityComparer.Default.Equals(p.Parameter, row));
    }

    private static partial class InterceptorEmitter
    {
        private static bool IsWrite(string method) => Sync(method) is "ExecuteDelete" or "ExecuteUpdate";

        /// <summary>
        /// The write's statement as <c>TableQuery&lt;T&gt;.BuildDelete/BuildUpdate</c> writes it (the Set values, then the Where
        /// values), the text under sqlite-net's storage format when it differs (a computed decimal is stored as REAL there,
        /// as text under MicroDb's), and the values in slot order; or why it is declined.
        /// </summary>
        private static (string? Sql, string? SqliteNetSql, List<LoweredNode>? Values, string? Declined) WriteSetBased(QueryChain chain, EntityModel model)
        {
            _setterDatePartsUsed = false;
            var values = new List<LoweredNode>();
            var terminal = chain.Steps[chain.Steps.Count - 1];
            var assignments = new List<SqlAssignment>();
            var sqliteNetAssignments = new List<SqlAssignment>();
            string? declined = null;
            var setters = terminal.Setters.Count == 0 ? System.Array.Empty<LoweredNode>() : terminal.Setters.ToArray();
            for (var i = 0; i < setters.Length; i++)
            {
                var setter = setters[i];
                var column = model.Columns.FirstOrDefault(c => c.MemberName == setter.Member);
                if (column is null)
                {
                    return (null, null, null, $"member '{setter.Member}' maps to no column (the run-time path throws ArgumentException)");
                }

                if (setter.Left is not { } computed)
                {
                    assignments.Add(new SqlAssignment(column.ColumnName, new SqlParameter(values.Count, column.Kind)));
                    sqliteNetAssignments.Add(assignments[assignments.Count - 1]);
                    values.Add(new LoweredNode("assigned", setter.Member, setter.MemberType, Path: "", Table: i));
                    continue;
                }

                if (!SqlSetBased.Computable(column.Kind))
                {
                    return (null, null, null, $"'{column.ColumnName}' ({column.Kind}) cannot be computed in SQL from the row (the run-time path throws NotSupportedException)");
                }

                var before = new List<LoweredNode>(values);
                var node = Computed(computed, model, setter, i, values, ref declined);
                if (node is null)
                {
                    return (null, null, null, declined);
                }

                assignments.Add(new SqlAssignment(column.ColumnName, column.Kind == ColumnKind.Decimal ? SqlSetBased.DecimalText(node) : node));
                sqliteNetAssignments.Add(new SqlAssignment(column.ColumnName, SqliteNetSetter(computed, model, setter, i, before, node)));
            }

            var predicates = new List<SqlExpression>();
            var orderings = new List<SqlOrdering>();
            int? limit = null;
            var offset = 0;
            if (Clauses(chain, model, values, predicates, orderings, ref limit, ref offset) is { } reason)
            {
                return (null, null, null, reason);
            }

            var where = new ValueList<SqlExpression>(predicates.ToArray());
            if (limit is not null || offset > 0)
            {
                // After Take/Skip the rows are the key's (or rowid's) sub-query with the order and paging (TableQuery.RowFilter).
                var keys = model.Columns.Where(c => c.IsPrimaryKey).ToList();
                SqlExpression key = keys.Count == 1 ? new SqlColumn(keys[0].ColumnName) : SqlRowId.Instance;
                var selected = new QueryModel(new SqlTable(model.TableName), new ValueList<SqlExpression>(new[] { key }), false, where,
                    new ValueList<SqlOrdering>(orderings.ToArray()), limit, offset);
                where = new ValueList<SqlExpression>(new SqlExpression[] { new SqlInQuery(key, selected, Negated: false) });
            }
            var sql = new StringBuilder();
            var slots = new List<int>();
            string? sqliteNetSql = null;
            if (setters.Length == 0)
            {
                SqliteSqlWriter.Instance.WriteDelete(new DeleteModel(model.TableName, where), sql, slots);
            }
            else
            {
                SqliteSqlWriter.Instance.WriteUpdate(new UpdateModel(model.TableName, new ValueList<SqlAssignment>(assignments.ToArray()), where), sql, slots);
                var other = new StringBuilder();
                SqliteSqlWriter.Instance.WriteUpdate(new UpdateModel(model.TableName, new ValueList<SqlAssignment>(sqliteNetAssignments.ToArray()), where), other, new List<int>());
                sqliteNetSql = other.ToString() == sql.ToString() ? null : other.ToString();
            }

            for (var i = 0; i < slots.Count; i++)
            {
                if (slots[i] != i)
                {
                    return (null, null, null, "the values are not written in the order they are read");
                }
            }

            return (sql.ToString(), sqliteNetSql, values, null);
        }

        /// <summary>A setter's arithmetic as the run-time translator builds it: grouped binaries, decimal columns read as REAL, operands as slots.</summary>
        private static SqlExpression? Computed(LoweredNode node, EntityModel model, LoweredNode setter, int index, List<LoweredNode> values, ref string? declined)
        {
            switch (node.Op)
            {
                case "val":
                    values.Add(new LoweredNode("assigned", setter.Member, setter.MemberType, Path: node.Path, Table: index));
                    return new SqlParameter(values.Count - 1, null);
                case "col":
                    {
                        var column = model.Columns.FirstOrDefault(c => c.MemberName == node.Member);
                        if (column is null || column.Kind.ToString() != node.Family)
                        {
                            declined = column is null
                                ? $"member '{node.Member}' maps to no column"
                                : $"member '{node.Member}' is stored as {column.Kind}, which is computed by the run-time translator's rules";
                            return null;
                        }

                        var name = new SqlColumn(column.ColumnName);
                        return column.Kind == ColumnKind.Decimal ? SqlStoredKeys.DecimalValue(name) : name;
                    }

                case "datepart":
                    return SetterDatePart(node, model, ref declined);
                case "cast":
                    {
                        var operand = Computed(node.Left!, model, setter, index, values, ref declined);
                        return operand is null ? null : new SqlCast(operand, node.Member!);
                    }

                case "neg":
                    {
                        var operand = Computed(node.Left!, model, setter, index, values, ref declined);
                        return operand is null ? null : new SqlGroup(new SqlUnary(SqlUnaryOperator.Negate, operand));
                    }

                case "fn":
                    {
                        var first = Computed(node.Left!, model, setter, index, values, ref declined);
                        var second = first is null || node.Right is null ? null : Computed(node.Right, model, setter, index, values, ref declined);
                        if (first is null || (node.Right is not null && second is null))
                        {
                            return null;
                        }

                        return second is null ? new SqlFunction(node.Member!, first) : new SqlFunction(node.Member!, first, second);
                    }

                case "case":
                    {
                        // The test is a Where condition over the row; its values are this setter's, read at their paths.
                        var first = values.Count;
                        var test = Condition(node.Left!, model, values, index, ref declined);
                        for (var i = first; test is not null && i < values.Count; i++)
                        {
                            // A value compared with an enum or Guid column is encoded as that column compares it (Compared);
                            // one compared with an integer or string column as a value outside a comparison, the same bytes.
                            var read = values[i].Path!;
                            var compared = model.Columns.FirstOrDefault(c => c.MemberName == values[i].Member)?.Kind;
                            values[i] = compared is ColumnKind.Enum or ColumnKind.EnumText or ColumnKind.Guid
                                ? new LoweredNode("compared", values[i].Member, values[i].MemberType, Path: read.Substring(read.IndexOf(':') + 1), Table: index)
                                : new LoweredNode("assigned", setter.Member, setter.MemberType, Path: read.Substring(read.IndexOf(':') + 1), Table: index);
                        }

                        var whenTrue = test is null ? null : Computed(node.Right!.Left!, model, setter, index, values, ref declined);
                        var whenFalse = whenTrue is null ? null : Computed(node.Right!.Right!, model, setter, index, values, ref declined);
                        return whenFalse is null ? null : new SqlGroup(new SqlCase(test!, whenTrue!, whenFalse));
                    }

                case "substr":
                    {
                        var text = Computed(node.Left!, model, setter, index, values, ref declined);
                        var start = text is null ? null : Computed(node.Right!.Left!, model, setter, index, values, ref declined);
                        var length = start is null || node.Right!.Right is null ? null : Computed(node.Right.Right, model, setter, index, values, ref declined);
                        return start is null || (node.Right!.Right is not null && length is null) ? null : SqlStrings.Substring(text!, start, length);
                    }

                case "replace":
                    {
                        var text = Computed(node.Left!, model, setter, index, values, ref declined);
                        var from = text is null ? null : Computed(node.Right!.Left!, model, setter, index, values, ref declined);
                        var to = from is null ? null : Computed(node.Right!.Right!, model, setter, index, values, ref declined);
                        return to is null ? null : SqlStrings.Replace(text!, from!, to);
                    }

                case "round":
                    {
                        // The run time writes the value once per use (SqlRounding), so a declined value is found on a first try.
                        var first = values.Count;
                        if (Computed(node.Left!, model, setter, index, values, ref declined) is null)
                        {
                            return null;
                        }

                        values.RemoveRange(first, values.Count - first);
                        var value = node.Left!;
                        var power = node.Right;
                        string? again = null;
                        SqlExpression Value() => Computed(value, model, setter, index, values, ref again)!;
                        SqlExpression Power() => Computed(power!, model, setter, index, values, ref again)!;
                        return power is null ? SqlRounding.ToEven(Value) : SqlRounding.ToDigits(Value, Power);
                    }

                case "concatn":
                    {
                        var parts = new List<SqlExpression>();
                        for (var part = node.Left; part is not null; part = part.Right)
                        {
                            if (Computed(part.Left!, model, setter, index, values, ref declined) is not { } written)
                            {
                                return null;
                            }

                            parts.Add(written);
                        }

                        return SqlConcat.Of("ifnull", parts);
                    }

                case "concat":
                    {
                        var left = Computed(node.Left!, model, setter, index, values, ref declined);
                        var right = left is null ? null : Computed(node.Right!, model, setter, index, values, ref declined);
                        return right is null ? null : SqlConcat.Of("ifnull", new[] { left!, right });
                    }

                default:
                    {
                        var left = Computed(node.Left!, model, setter, index, values, ref declined);
                        var right = left is null ? null : Computed(node.Right!, model, setter, index, values, ref declined);
                        var op = node.Op switch
                        {
                            "+" => SqlOperator.Add,
                            "-" => SqlOperator.Subtract,
                            "*" => SqlOperator.Multiply,
                            "/" => SqlOperator.Divide,
                            _ => SqlOperator.Modulo,
                        };
                        return right is null ? null : new SqlGroup(new SqlBinary(left!, op, right));
                    }
            }
        }

        /// <summary>
        /// An ExecuteDelete/ExecuteUpdate chain: the Where interceptors, the site (the Set calls' members and values, then the
        /// Where values) and the terminal calling <c>QueryInterception.ExecuteDelete/ExecuteUpdate</c> (async: on the pool's writer).
        /// </summary>
        private static void EmitWriteChain(SourceWriter w, QueryChain chain, string sql, string? sqliteNetSql, List<LoweredNode> values, int index)
        {
            var entity = chain.EntityType;
            var query = (chain.Async ? "AsyncTableQuery<" : "TableQuery<") + entity + ">";
            var predicateType = "global::System.Linq.Expressions.Expression<global::System.Func<" + entity + ", bool>>";
            EmitSteps(w, chain, index, query, predicateType, Runtime, "predicate", "keySelector");

            var terminal = chain.Steps[chain.Steps.Count - 1];
            var site = WriteSite(w, sql, terminal, values, "Site" + index.ToString(System.Globalization.CultureInfo.InvariantCulture));
            var sites = site + (sqliteNetSql is null ? "" : ", " + WriteSite(w, sqliteNetSql, terminal, values, site + "N"));
            var update = Sync(terminal.Method) == "ExecuteUpdate";
            var setters = "global::System.Func<UpdateSetters<" + entity + ">, UpdateSetters<" + entity + ">>";
            var parameters = "this " + query + " query" + (update ? ", " + setters + " setters" : "") + (chain.Async ? ", global::System.Threading.CancellationToken cancellationToken" : "");
            var arguments = "query" + (update ? ", setters" : "") + ", " + sites + (chain.Async ? (update && sqliteNetSql is null ? ", null" : "") + ", cancellationToken" : "");
            w.Line(terminal.Intercept!);
            w.Line("public static " + (chain.Async ? "global::System.Threading.Tasks.ValueTask<int> " : "int ") + terminal.Method + index + "(" + parameters + ") =>");
            w.Line("    " + Runtime + "." + terminal.Method + "(" + arguments + ");");
            w.Line();
        }

        /// <summary>Emits a write's site field: the SQL, the members set (<c>Assigns</c>), and its values in slot order.</summary>
        private static string WriteSite(SourceWriter w, string sql, ChainStep terminal, List<LoweredNode> values, string name)
        {
            var text = new StringBuilder("private static readonly " + SiteType + " " + name + " = new " + SiteType + "(" + SymbolDisplay.FormatLiteral(sql, quote: true) + ")");
            if (terminal.Setters.Count > 0)
            {
                text.Append(".Assigns(").Append(string.Join(", ", terminal.Setters.Select(s => SymbolDisplay.FormatLiteral(s.Member!, quote: true)))).Append(')');
            }

            foreach (var v in values)
            {
                if (v.Op is "assigned" or "compared")
                {
                    text.Append(v.Op == "assigned" ? ".Assigned(" : ".SetterTest(").Append(v.Table.ToString(System.Globalization.CultureInfo.InvariantCulture)).Append(", ").Append(SymbolDisplay.FormatLiteral(v.Path!, quote: true));
                }
                else
                {
                    var colon = v.Path!.IndexOf(':');
                    text.Append(".Value(").Append(v.Path.Substring(0, colon)).Append(", ").Append(SymbolDisplay.FormatLiteral(v.Path.Substring(colon + 1), quote: true));
                }

                text.Append(", ").Append(SymbolDisplay.FormatLiteral(v.Member!, quote: true)).Append(", typeof(").Append(v.MemberType).Append("))");
                AppendForm(text, v); // a date comparison's value, bound under one storage format (MicroDbGenerator.ConditionDates.cs)
            }

            AppendSubqueries(text);
            AppendReal(text, values);
            if (_setterDatePartsUsed)
            {
                // A DateTime part is written for ticks under sqlite-net's format: runs storing DateTime as text take the run-time path.
                text.Append(".SqliteNetRuns(true, false)");
            }

            w.Line(text.Append(_dateFormats).Append(';').ToString());
            return name;
        }
    }
}
