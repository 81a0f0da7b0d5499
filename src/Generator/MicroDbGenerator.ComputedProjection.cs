using System.Collections.Generic;
using System.Globalization;
using System.Linq;
using MicroDb.Generator.Model;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.Operations;

namespace MicroDb.Generator;

public sealed partial class MicroDbGenerator
{
    private static partial class InterceptorEmitter
    {
        /// <summary>
        /// A projection terminal whose projector reads captured values: a block that reads them from the query's selector
        /// once per run (<c>QueryInterception.SelectorValues</c>) into <c>c</c>, which the projector closes over; when the
        /// tree is not the one seen at build time, the query's own terminal runs it on the run-time path.
        /// </summary>
        private static void EmitCapturedSelectChain(SourceWriter w, QueryChain chain, string name, string method, string helper, string site, string arguments)
        {
            var returns = method switch
            {
                "ToList" => "global::System.Collections.Generic.List<TResult>",
                "ToArray" => "TResult[]",
                _ => "TResult",
            };
            if (!chain.Async)
            {
                w.Open("public static " + returns + " " + name + "<T, TResult>(this SelectQuery<T, TResult> query)");
                w.Line("var c = " + Runtime + ".SelectorValues(query, " + site + ");");
                w.Line("return c is null ? query." + method + "() : " + Runtime + "." + helper + "(query, " + arguments + ");");
            }
            else
            {
                var run = method switch
                {
                    "ToList" => Runtime + ".ToList(q, " + arguments + ", ct)",
                    "ToArray" => Runtime + ".ToList(q, " + arguments + ", ct).ToArray()",
                    _ => Runtime + "." + helper + "(q, " + arguments + ")",
                };
                w.Open("public static global::System.Threading.Tasks.ValueTask<" + returns + "> " + name
                    + "<T, TResult>(this AsyncSelectQuery<T, TResult> query, global::System.Threading.CancellationToken cancellationToken)");
                w.Line("var c = " + Runtime + ".SelectorValues(query, " + site + ");");
                w.Line("return c is null ? query." + method + "Async(cancellationToken) : " + Runtime + ".ReadAsync(query, (q, ct) => " + run + ", cancellationToken);");
            }

            w.Close();
            w.Line();
        }
    }

    /// <summary>
    /// Re-emits a projection's expression as plain C# for the generated projector (issue 22, computed Select): the row's
    /// members become reads of the entity <c>r</c> (which holds the columns the run time selects), constants become
    /// literals, static members and methods are called as written, and a captured value (a local, a parameter, <c>this</c>,
    /// or a member chain on them) is read from the query's expression tree at run time (<c>InterceptedSite.SelectorValue</c>,
    /// path steps as the site's others) and cast back (<c>(int)c[0]</c>). Only what C# computes as the run time's
    /// ExpressionInterpreter does is lowered; anything else is declined with the reason (MDB0013).
    /// </summary>
    /// <summary>
    /// The next number for the pattern variables (<c>l&lt;n&gt;</c>, <c>r&lt;n&gt;</c>) a nullable bool's <c>&amp;</c>, <c>|</c> and
    /// <c>^</c> declare: one per projector, so that no two of its elements declare the same name in its one lambda (CS0128).
    /// </summary>
    private sealed class TupleNames
    {
        public int Next;
    }

    private sealed partial class ComputedElement
    {
        private readonly IParameterSymbol? _parameter;

        // Over a join's rows (MicroDbGenerator.Joins.cs): which parameters are rows, and the join's own text for a read of one.
        private readonly System.Func<IParameterSymbol, bool>? _isRow;
        private readonly System.Func<IOperation, (bool Handled, string? Text)>? _leaf;
        private readonly List<string> _members;
        private readonly List<string>? _captured;
        private readonly System.Func<IOperation, string?>? _lift;

        /// <param name="parameter">The selector's row parameter.</param>
        /// <param name="members">Receives the row members read (<c>*</c> when the whole row is).</param>
        /// <param name="captured">Receives the paths of the captured values read (<c>c[i]</c>); null where they are not read.</param>
        /// <param name="lift">Lifts a sub-query out as a column (MicroDbGenerator.Subqueries.cs), or null.</param>
        public ComputedElement(IParameterSymbol parameter, List<string> members, List<string>? captured, System.Func<IOperation, string?>? lift)
        {
            _parameter = parameter;
            _members = members;
            _captured = captured;
            _lift = lift;
        }

        /// <summary>
        /// Over a join's result selector: <paramref name="leaf"/> writes a read of a joined row's member (or declines it),
        /// <paramref name="isRow"/> tells the rows' parameters; captured values are declined (the join's site does not read them).
        /// </summary>
        public ComputedElement(System.Func<IParameterSymbol, bool> isRow, System.Func<IOperation, (bool Handled, string? Text)> leaf)
        {
            _isRow = isRow;
            _leaf = leaf;
            _members = new List<string>();
        }

        /// <summary>Why the last <see cref="Emit"/> returned null.</summary>
        public string? Reason { get; private set; }

        /// <summary>
        /// The C# of <paramref name="operation"/>, or null (see <see cref="Reason"/>). <paramref name="path"/> names its
        /// node in the selector's expression tree (a <c>#</c> in it: a node the site cannot reach, so no captured value below).
        /// </summary>
        public string? Emit(IOperation operation, string path)
        {
            if (Reason is not null)
            {
                return null;
            }

            _root ??= operation;

            if (_leaf?.Invoke(operation) is (true, var read))
            {
                return read ?? No($"'{operation.Syntax}' is not lowered at build time");
            }

            if (operation.ConstantValue is { HasValue: true } constant && !Uses(operation))
            {
                return Literal(constant.Value, operation.Type) ?? No($"the constant '{operation.Syntax}' has a type generated code does not write");
            }

            if (_lift is not null && operation is not (IAnonymousObjectCreationOperation or IObjectCreationOperation or IParenthesizedOperation) && HasQuery(operation)
                && !ComputesOverQuery(operation))
            {
                // A sub-query (MicroDbGenerator.Subqueries.cs): its value, read after the members' columns; any other
                // computation over one is declined there (the lowering's reason).
                return _lift(operation) ?? No($"'{operation.Syntax}' reads a sub-query, which is not lowered here");
            }

            if (IsCaptured(operation))
            {
                return Captured(operation, path);
            }

            switch (operation)
            {
                case IParenthesizedOperation parenthesized:
                    return Emit(parenthesized.Operand, path);

                case IParameterReferenceOperation parameter when _leaf is null && SymbolEqualityComparer.Default.Equals(parameter.Parameter, _parameter):
                    // The whole row: the run time then selects every column (ProjectionColumns), so r holds them all, read by
                    // the map into a new entity per row as the run time reads it (in the result too: p => p, new { p.Id, Row = p },
                    // which the check compares column by column through the map: only where its walk reaches, the result
                    // itself or an anonymous object's or initializer's member, else as a call's receiver or argument).
                    if (operation.Parent is not (IInvocationOperation or IArgumentOperation { Parent: IInvocationOperation }) && !InResult(operation))
                    {
                        return No($"'{operation.Syntax}' puts the row itself in the result other than as the result, an anonymous object's member or an initializer's member");
                    }

                    _members.Add("*");
                    return "r";

                case IPropertyReferenceOperation { Instance: IParameterReferenceOperation instance, Property: { Parameters.Length: 0, IsStatic: false } own }
                    when _leaf is null && SymbolEqualityComparer.Default.Equals(instance.Parameter, _parameter):
                    // A member of the row: its column (or, not mapped, every column, as the run time reads it).
                    if (!Reachable(own.DeclaredAccessibility) || own.GetMethod is not { } getter || !Reachable(getter.DeclaredAccessibility))
                    {
                        return No($"member '{own.Name}' is not readable by generated code");
                    }

                    _members.Add(own.Name);
                    return "r.@" + own.Name;

                case IPropertyReferenceOperation property:
                    return Property(property, path);

                case IFieldReferenceOperation field:
                    {
                        if (!Reachable(field.Field.DeclaredAccessibility) || !QueryChains.IsAccessible(field.Field.ContainingType))
                        {
                            return No($"field '{field.Field.Name}' in '{field.Syntax}' is not accessible to generated code");
                        }

                        if (field.Instance is null)
                        {
                            return TypeName(field.Field.ContainingType) + ".@" + field.Field.Name;
                        }

                        return Emit(field.Instance, Step(path, 'm')) is { } instance ? instance + ".@" + field.Field.Name : null;
                    }

                case IBinaryOperation binary:
                    return Binary(binary, path);

                case IUnaryOperation unary:
                    return Unary(unary, path);

                case IConversionOperation conversion:
                    return Conversion(conversion, path);

                case IConditionalOperation { WhenFalse: { } whenFalse, IsRef: false } conditional:
                    {
                        var condition = Emit(conditional.Condition, Step(path, 'c'));
                        var whenTrue = condition is null ? null : Emit(conditional.WhenTrue, Step(path, 't'));
                        var otherwise = whenTrue is null ? null : Emit(whenFalse, Step(path, 'f'));
                        return otherwise is null ? null : "(" + condition + " ? " + whenTrue + " : " + otherwise + ")";
                    }

                case ICoalesceOperation coalesce:
                    {
                        // The interpreter's Coalesce: the left value when not null, else the right one (the conversion of the left is C#'s).
                        if (coalesce.ValueConversion is { Exists: true, IsIdentity: false, IsNullable: false })
                        {
                            return No($"'{coalesce.Syntax}' converts its left value, which the run time does not reproduce");
                        }

                        var left = Emit(coalesce.Value, Step(path, 'L'));
                        var right = left is null ? null : Emit(coalesce.WhenNull, Step(path, 'R'));
                        return right is null ? null : "(" + left + " ?? " + right + ")";
                    }

                case IInvocationOperation invocation:
                    return Invocation(invocation, path);

                case IAnonymousObjectCreationOperation anonymous:
                    {
                        var parts = new List<string>();
                        for (var i = 0; i < anonymous.Initializers.Length; i++)
                        {
                            if (anonymous.Initializers[i] is not ISimpleAssignmentOperation { Target: IPropertyReferenceOperation target } assignment)
                            {
                                return No($"'{anonymous.Initializers[i].Syntax}' is not a member of an anonymous object");
                            }

                            if (Emit(assignment.Value, Step(path, i)) is not { } element)
                            {
                                return null;
                            }

                            parts.Add("@" + target.Property.Name + " = " + element);
                        }

                        return "new { " + string.Join(", ", parts) + " }";
                    }

                case IObjectCreationOperation creation:
                    return Creation(creation, path);

                case IIsTypeOperation { IsNegated: false } isType when Accessible(isType.TypeOperand):
                    return Emit(isType.ValueOperand, Step(path, '#')) is { } tested ? "(" + tested + " is " + TypeName(isType.TypeOperand) + ")" : null;

                case IDefaultValueOperation { Type: { } type } when Accessible(type):
                    return "default(" + TypeName(type) + ")";

                case IAnonymousFunctionOperation or IDelegateCreationOperation:
                    return No($"'{operation.Syntax}' is a lambda inside the projection, which is not lowered at build time");

                case IInterpolatedStringOperation interpolated:
                    return Interpolated(interpolated, path);

                default:
                    return No($"'{operation.Syntax}' ({operation.Kind}) is not lowered at build time");
            }
        }

        private string? Property(IPropertyReferenceOperation property, string path)
        {
            var symbol = property.Property;
            if (!Reachable(symbol.DeclaredAccessibility) || symbol.GetMethod is not { } getter || !Reachable(getter.DeclaredAccessibility)
                || !QueryChains.IsAccessible(symbol.ContainingType) || symbol.ReturnsByRef || symbol.ReturnsByRefReadonly)
            {
                return No($"property '{symbol.Name}' in '{property.Syntax}' is not accessible to generated code");
            }

            if (property.Instance is null)
            {
                // A static property (DateTime.Now): read per row, as the run time's interpreter reads it.
                return symbol.Parameters.Length == 0 ? TypeName(symbol.ContainingType) + ".@" + symbol.Name : No($"the static indexer in '{property.Syntax}' is not lowered at build time");
            }

            if (symbol.Parameters.Length == 0)
            {
                return Emit(property.Instance, Step(path, 'm')) is { } instance ? instance + ".@" + symbol.Name : null;
            }

            // An indexer (a string's characters): the tree calls its getter, the instance then the arguments.
            var target = Emit(property.Instance, Step(path, 'o'));
            return target is null || Arguments(property.Arguments, path, property.Syntax) is not { } arguments ? null : target + "[" + arguments + "]";
        }

        private string? Binary(IBinaryOperation binary, string path)
        {
            var op = binary.OperatorKind switch
            {
                BinaryOperatorKind.Add => "+",
                BinaryOperatorKind.Subtract => "-",
                BinaryOperatorKind.Multiply => "*",
                BinaryOperatorKind.Divide => "/",
                BinaryOperatorKind.Remainder => "%",
                BinaryOperatorKind.And => "&",
                BinaryOperatorKind.Or => "|",
                BinaryOperatorKind.ExclusiveOr => "^",
                BinaryOperatorKind.ConditionalAnd => "&&",
                BinaryOperatorKind.ConditionalOr => "||",
                BinaryOperatorKind.Equals => "==",
                BinaryOperatorKind.NotEquals => "!=",
                BinaryOperatorKind.LessThan => "<",
                BinaryOperatorKind.LessThanOrEqual => "<=",
                BinaryOperatorKind.GreaterThan => ">",
                BinaryOperatorKind.GreaterThanOrEqual => ">=",
                _ => null,
            };
            var shift = binary.OperatorKind switch
            {
                BinaryOperatorKind.LeftShift => "<<",
                BinaryOperatorKind.RightShift => ">>",
                _ => null,
            };
            if (op is null && (shift is null || binary.OperatorMethod is not null))
            {
                return No($"the operator of '{binary.Syntax}' is not lowered at build time");
            }

            if (binary.IsChecked)
            {
                return No($"'{binary.Syntax}' is checked arithmetic, which the run time computes unchecked");
            }

            if (binary.OperatorMethod is { } method && !Callable(method))
            {
                return No($"the operator of '{binary.Syntax}' is not accessible to generated code");
            }

            var left = Emit(binary.LeftOperand, Step(path, 'L'));
            var right = left is null ? null : Emit(binary.RightOperand, Step(path, 'R'));
            if (right is null)
            {
                return null;
            }

            // The interpreter's integer arithmetic is signed 64-bit, narrowed (unchecked, in the projector) to the result's type.
            if (shift is not null)
            {
                // The interpreter masks the count by the shifted operand's width, as C# does (ExpressionInterpreter): C#'s own shift.
                return "(" + left + " " + shift + " " + right + ")";
            }

            if (binary.IsLifted && op is "&" or "|" or "^" && IsBoolean(binary.LeftOperand.Type))
            {
                // The interpreter lifts a nullable bool's & | ^ as arithmetic: null when either side is null (C#'s false & null is false).
                var n = (_tuples.Next++).ToString(CultureInfo.InvariantCulture);
                return "((" + left + ", " + right + ") is ({ } l" + n + ", { } r" + n + ") ? (bool?)(l" + n + " " + op + " r" + n + ") : null)";
            }

            return "(" + left + " " + op + " " + right + ")";
        }

        // The selector's body (the first operation emitted).
        private IOperation? _root;

        /// <summary>Whether <paramref name="operation"/> is the result or, through reference conversions, an anonymous object's or an initializer's member of one.</summary>
        private bool InResult(IOperation operation)
        {
            while (!ReferenceEquals(operation, _root))
            {
                switch (operation.Parent)
                {
                    case IParenthesizedOperation or IConversionOperation { OperatorMethod: null, Conversion.IsReference: true } or IConversionOperation { Conversion.IsIdentity: true }:
                        operation = operation.Parent;
                        break;
                    case ISimpleAssignmentOperation { Parent: IAnonymousObjectCreationOperation or IObjectOrCollectionInitializerOperation { Parent: IObjectCreationOperation } } assignment
                        when ReferenceEquals(assignment.Value, operation):
                        operation = assignment.Parent is IObjectOrCollectionInitializerOperation initializer ? initializer.Parent! : assignment.Parent!;
                        break;
                    default:
                        return false;
                }
            }

            return true;
        }

        // The pattern variables of a nullable bool's operators, numbered so that nested ones do not share names; shared by
        // every computed element of one projector (a join's result makes one per member, in one lambda).
        private TupleNames _tuples = new();

        /// <summary>The numbering of the pattern variables this element writes (a join's result passes its projector's, shared by its elements).</summary>
        public TupleNames Tuples
        {
            get => _tuples;
            init => _tuples = value;
        }

        /// <summary>
        /// An interpolated string: the compiler's expression tree calls <c>string.Format</c> with a composite format and the
        /// holes as objects (separately up to three, else in an array), so the projector calls the same overload, with the
        /// same culture and formatting. A captured value is read at its argument's index (not inside an array).
        /// </summary>
        private string? Interpolated(IInterpolatedStringOperation interpolated, string path)
        {
            var format = new System.Text.StringBuilder();
            var holes = new List<string>();
            var count = interpolated.Parts.Count(p => p is IInterpolationOperation);
            foreach (var part in interpolated.Parts)
            {
                switch (part)
                {
                    case IInterpolatedStringTextOperation { Text.ConstantValue.Value: string text }:
                        format.Append(text.Replace("{", "{{").Replace("}", "}}"));
                        break;
                    case IInterpolationOperation hole
                        when (hole.Alignment is null || hole.Alignment.ConstantValue.Value is int) && (hole.FormatString is null || hole.FormatString.ConstantValue.Value is string):
                        format.Append('{').Append(holes.Count.ToString(CultureInfo.InvariantCulture));
                        if (hole.Alignment?.ConstantValue.Value is int alignment)
                        {
                            format.Append(',').Append(alignment.ToString(CultureInfo.InvariantCulture));
                        }

                        if (hole.FormatString?.ConstantValue.Value is string holeFormat)
                        {
                            format.Append(':').Append(holeFormat);
                        }

                        format.Append('}');
                        if (Emit(hole.Expression, count <= 3 ? Step(path, holes.Count + 1) : Step(path, '#')) is not { } value)
                        {
                            return null;
                        }

                        holes.Add("(object)" + value);
                        break;
                    default:
                        return No($"'{interpolated.Syntax}' is an interpolated string with a part that is not lowered at build time");
                }
            }

            var literal = SymbolDisplay.FormatLiteral(format.ToString(), quote: true);
            return holes.Count <= 3
                ? "global::System.String.Format(" + literal + string.Concat(holes.Select(h => ", " + h)) + ")"
                : "global::System.String.Format(" + literal + ", new object[] { " + string.Join(", ", holes) + " })";
        }

        private string? Unary(IUnaryOperation unary, string path)
        {
            var op = unary.OperatorKind switch
            {
                UnaryOperatorKind.Minus => "-",
                UnaryOperatorKind.Plus => "+",
                UnaryOperatorKind.BitwiseNegation => "~",
                UnaryOperatorKind.Not => "!",
                _ => null,
            };
            if (op is null || unary.IsChecked)
            {
                return No($"'{unary.Syntax}' is {(unary.IsChecked ? "checked arithmetic, which the run time computes unchecked" : "not lowered at build time")}");
            }

            if (unary.OperatorMethod is { } method && !Callable(method))
            {
                return No($"the operator of '{unary.Syntax}' is not accessible to generated code");
            }

            return Emit(unary.Operand, Step(path, 'O')) is { } operand ? "(" + op + operand + ")" : null;
        }

        private string? Conversion(IConversionOperation conversion, string path)
        {
            var type = conversion.Type!;
            if (conversion.Conversion.IsIdentity && conversion.OperatorMethod is null)
            {
                return Emit(conversion.Operand, path);
            }

            if (conversion.IsChecked)
            {
                return No($"'{conversion.Syntax}' is a checked conversion, which the run time converts unchecked");
            }

            if (conversion.Operand is IInterpolatedStringOperation && type.ToDisplayString() is "System.FormattableString" or "System.IFormattable")
            {
                return No($"'{conversion.Syntax}' is an interpolated string converted to {type.Name}, which is not lowered at build time");
            }

            var from = Underlying(conversion.Operand.Type);
            var to = Underlying(type);
            var through = false;
            if (from is not null && to is not null && IsFloatingOrDecimal(from) && IsIntegral(to))
            {
                if (to.TypeKind == TypeKind.Enum)
                {
                    // The interpreter makes the enum from Convert.ToInt64, which rounds.
                    return No($"'{conversion.Syntax}' converts a {from.Name} to an enum, which the run time rounds through a 64-bit value");
                }

                // The interpreter converts a double or float to a 64-bit integer, then narrows it unchecked; a decimal's
                // conversion is its operator method in the tree, which C# calls too.
                through = from.SpecialType != SpecialType.System_Decimal;
            }

            if (!Accessible(type))
            {
                return No($"the type '{type.ToDisplayString()}' in '{conversion.Syntax}' is not accessible to generated code");
            }

            if (conversion.OperatorMethod is { } method && !Callable(method))
            {
                return No($"the conversion of '{conversion.Syntax}' is not accessible to generated code");
            }

            // A conversion with a method (decimal's, a user's) is a node the site cannot look through.
            var inner = conversion.OperatorMethod is null && !(from?.SpecialType == SpecialType.System_Decimal || to?.SpecialType == SpecialType.System_Decimal) ? path : Step(path, '#');
            if (Emit(conversion.Operand, inner) is not { } operand)
            {
                return null;
            }

            if (through)
            {
                // (int)x.Weight as ((int)(long)r.@Weight), (int?)x.Ratio as ((int?)(long?)r.@Ratio).
                var wide = SymbolEqualityComparer.Default.Equals(to, type) ? "(long)" : "(long?)";
                return "((" + TypeName(type) + ")" + wide + operand + ")";
            }

            return conversion.IsTryCast ? "(" + operand + " as " + TypeName(type) + ")" : "((" + TypeName(type) + ")" + operand + ")";
        }

        private string? Invocation(IInvocationOperation invocation, string path)
        {
            var method = invocation.TargetMethod;
            var owner = method.ContainingType;
            if (owner?.ContainingNamespace?.ToDisplayString() is "MicroDb" or "MicroDb.Query" or "MicroDb.Async" or "SQLite" or "System.Linq")
            {
                return No($"'{invocation.Syntax}' is a nested query inside the projection, which is not lowered at build time");
            }

            if (method.MethodKind is not MethodKind.Ordinary || !Callable(method) || method.TypeArguments.Any(t => !Accessible(t)))
            {
                return No($"the method '{method.Name}' in '{invocation.Syntax}' is not accessible to generated code");
            }

            if (method.ReturnsByRef || method.ReturnsByRefReadonly || method.Parameters.Any(p => p.RefKind != RefKind.None && !(p.RefKind == RefKind.In && invocation.Arguments.All(a => a.Value is not null))))
            {
                return No($"'{invocation.Syntax}' passes or returns a ref, which is not lowered at build time");
            }

            var name = "@" + method.Name + (method.IsGenericMethod ? "<" + string.Join(", ", method.TypeArguments.Select(TypeName)) + ">" : "");
            string target;
            if (invocation.Instance is { } instance)
            {
                if (Emit(instance, Step(path, 'o')) is not { } read)
                {
                    return null;
                }

                target = read + "." + name;
            }
            else
            {
                target = TypeName(owner!) + "." + name;
            }

            return Arguments(invocation.Arguments, path, invocation.Syntax) is { } arguments ? target + "(" + arguments + ")" : null;
        }

        /// <summary>Arguments by parameter name (a default one left out: C# fills the same value the tree holds); a step is the parameter's index.</summary>
        private string? Arguments(IEnumerable<IArgumentOperation> arguments, string path, SyntaxNode syntax)
        {
            var parts = new List<string>();
            foreach (var argument in arguments)
            {
                if (argument.Parameter is null || argument.ArgumentKind == ArgumentKind.ParamArray)
                {
                    No($"'{syntax}' passes a params array, which is not lowered at build time");
                    return null;
                }

                if (argument.ArgumentKind == ArgumentKind.DefaultValue)
                {
                    continue;
                }

                if (Emit(argument.Value, Step(path, argument.Parameter.Ordinal)) is not { } value)
                {
                    return null;
                }

                parts.Add("@" + argument.Parameter.Name + ": " + value);
            }

            return string.Join(", ", parts);
        }

        private string? Creation(IObjectCreationOperation creation, string path)
        {
            if (creation.Constructor is not { } constructor || !Accessible(creation.Type!) || !Reachable(constructor.DeclaredAccessibility))
            {
                return No($"the type or constructor of '{creation.Syntax}' is not accessible to generated code");
            }

            if (constructor.IsImplicitlyDeclared && creation.Type!.IsValueType && constructor.Parameters.Length == 0)
            {
                // The tree has no constructor to call: the run time's interpreter refuses it.
                return No($"'{creation.Syntax}' creates a struct without a constructor, which the run time cannot evaluate");
            }

            // With an initializer the tree is a MemberInit: the constructor's arguments under 'n', the assignments by index.
            var arguments = new List<string>();
            foreach (var argument in creation.Arguments)
            {
                if (argument.ArgumentKind != ArgumentKind.Explicit || argument.Parameter is null)
                {
                    return No($"the constructor call '{creation.Syntax}' uses default or params arguments");
                }

                if (Emit(argument.Value, Step(creation.Initializer is null ? path : Step(path, 'n'), argument.Parameter.Ordinal)) is not { } element)
                {
                    return null;
                }

                arguments.Add("@" + argument.Parameter.Name + ": " + element);
            }

            if (creation.Type!.IsTupleType)
            {
                // new ValueTuple<int, long>(a, b) cannot be written with a tuple type's name: the literal (a, b) calls the same constructor.
                return creation.Initializer is null && arguments.Count is >= 2 and <= 7
                    ? "(" + string.Join(", ", arguments.Select(a => a.Substring(a.IndexOf(": ", System.StringComparison.Ordinal) + 2))) + ")"
                    : No($"'{creation.Syntax}' creates a value tuple of one or more than seven elements, which is not lowered at build time");
            }

            var text = "new " + TypeName(creation.Type!) + "(" + string.Join(", ", arguments) + ")";
            if (creation.Initializer is { } initializer)
            {
                var parts = new List<string>();
                for (var i = 0; i < initializer.Initializers.Length; i++)
                {
                    var init = initializer.Initializers[i];
                    var settable = init is ISimpleAssignmentOperation { Target: var target } && target switch
                    {
                        IPropertyReferenceOperation { Property: { SetMethod: { } setter, Parameters.Length: 0 } property } =>
                            Reachable(setter.DeclaredAccessibility) && Reachable(property.DeclaredAccessibility),
                        IFieldReferenceOperation { Field: { IsReadOnly: false } field } => Reachable(field.DeclaredAccessibility),
                        _ => false,
                    };
                    if (!settable)
                    {
                        return No($"'{init.Syntax}' does not set an accessible member");
                    }

                    var assignment = (ISimpleAssignmentOperation)init;
                    if (Emit(assignment.Value, Step(path, i)) is not { } element)
                    {
                        return null;
                    }

                    var name = assignment.Target is IPropertyReferenceOperation prop ? prop.Property.Name : ((IFieldReferenceOperation)assignment.Target).Field.Name;
                    parts.Add("@" + name + " = " + element);
                }

                text += " { " + string.Join(", ", parts) + " }";
            }

            return text;
        }

        /// <summary>A captured value: read from the query's tree at run time (its conversions written here), then cast back to its type.</summary>
        private string? Captured(IOperation operation, string path)
        {
            if (_captured is null)
            {
                return No($"'{operation.Syntax}' is a captured value, which this projection does not read at build time");
            }

            if (path.IndexOf('#') >= 0)
            {
                return No($"the captured value '{operation.Syntax}' is under a node the interceptor does not reach (more than ten arguments, or a conversion with a method)");
            }

            if (operation.Type is not { } type || !Accessible(type))
            {
                return No($"the captured value '{operation.Syntax}' has a type generated code cannot name");
            }

            _captured.Add(path);
            return "((" + TypeName(type) + ")c[" + (_captured.Count - 1).ToString(CultureInfo.InvariantCulture) + "])";
        }

        /// <summary>A local, a parameter other than the row, <c>this</c>, or a field or property chain on one: a closure read in the tree.</summary>
        private bool IsCaptured(IOperation operation) => operation switch
        {
            ILocalReferenceOperation => true,
            IParameterReferenceOperation p => !IsRow(p.Parameter),
            IInstanceReferenceOperation => true,
            IFieldReferenceOperation { Instance: { } instance } => IsCaptured(instance),
            IPropertyReferenceOperation { Instance: { } instance, Arguments.Length: 0 } => IsCaptured(instance),
            _ => false,
        };

        private static bool HasQuery(IOperation operation) =>
            operation.DescendantsAndSelf().Any(o => o is IInvocationOperation { TargetMethod.ContainingType.ContainingNamespace: { } ns } && ns.ToDisplayString() is "MicroDb" or "MicroDb.Query");

        private bool Uses(IOperation operation) =>
            operation.DescendantsAndSelf().Any(o => o is IParameterReferenceOperation p && IsRow(p.Parameter));

        private bool IsRow(IParameterSymbol parameter) => _isRow?.Invoke(parameter) ?? SymbolEqualityComparer.Default.Equals(parameter, _parameter);

        private string? No(string reason)
        {
            Reason ??= reason;
            return null;
        }

        private static string Step(string path, char step) => path + step;

        private static string Step(string path, int index) => path + (index < 10 ? (char)('0' + index) : '#');

        private static bool Callable(IMethodSymbol method) =>
            Reachable(method.DeclaredAccessibility) && method.ContainingType is { } type && QueryChains.IsAccessible(type);

        private static bool Accessible(ITypeSymbol type) =>
            !type.IsAnonymousType && QueryChains.IsAccessible(type) && !(type is INamedTypeSymbol named && named.TypeArguments.Any(t => t.IsAnonymousType));

        private static string TypeName(ITypeSymbol type) => type.ToDisplayString(SymbolDisplayFormat.FullyQualifiedFormat);

        private static ITypeSymbol? Underlying(ITypeSymbol? type) =>
            type is INamedTypeSymbol { OriginalDefinition.SpecialType: SpecialType.System_Nullable_T } nullable ? nullable.TypeArguments[0] : type;

        private static bool IsBoolean(ITypeSymbol? type) => Underlying(type)?.SpecialType == SpecialType.System_Boolean;

        private static bool IsFloatingOrDecimal(ITypeSymbol type) => type.SpecialType is SpecialType.System_Double or SpecialType.System_Single or SpecialType.System_Decimal;

        private static bool IsIntegral(ITypeSymbol type) =>
            type.TypeKind == TypeKind.Enum || type.SpecialType is SpecialType.System_Byte or SpecialType.System_SByte or SpecialType.System_Int16 or SpecialType.System_UInt16
                or SpecialType.System_Int32 or SpecialType.System_UInt32 or SpecialType.System_Int64 or SpecialType.System_UInt64 or SpecialType.System_Char;

        private static bool Reachable(Accessibility accessibility) =>
            accessibility is Accessibility.Public or Accessibility.Internal or Accessibility.ProtectedOrInternal;

        /// <summary>A constant as a C# literal of its type (null: a type not written here).</summary>
        private static string? Literal(object? value, ITypeSymbol? type)
        {
            if (value is null)
            {
                // A typeless null (a conversion over it names the type), else default of the constant's type.
                return type is null ? "null" : Accessible(type) ? "default(" + TypeName(type) + ")" : null;
            }

            if (type is INamedTypeSymbol { TypeKind: TypeKind.Enum } enumType)
            {
                return Accessible(enumType) && Literal(value, enumType.EnumUnderlyingType) is { } underlying ? "((" + TypeName(enumType) + ")" + underlying + ")" : null;
            }

            var text = value switch
            {
                string s => SymbolDisplay.FormatLiteral(s, quote: true),
                char ch => SymbolDisplay.FormatLiteral(ch, quote: true),
                bool b => b ? "true" : "false",
                int i => i.ToString(CultureInfo.InvariantCulture),
                long l => l.ToString(CultureInfo.InvariantCulture) + "L",
                uint u => u.ToString(CultureInfo.InvariantCulture) + "U",
                ulong ul => ul.ToString(CultureInfo.InvariantCulture) + "UL",
                short or byte or sbyte or ushort => "((" + TypeName(type!) + ")" + System.Convert.ToInt64(value, CultureInfo.InvariantCulture).ToString(CultureInfo.InvariantCulture) + ")",
                double d => double.IsNaN(d) ? "double.NaN" : double.IsPositiveInfinity(d) ? "double.PositiveInfinity" : double.IsNegativeInfinity(d) ? "double.NegativeInfinity" : d.ToString("R", CultureInfo.InvariantCulture) + "D",
                float f => float.IsNaN(f) ? "float.NaN" : float.IsPositiveInfinity(f) ? "float.PositiveInfinity" : float.IsNegativeInfinity(f) ? "float.NegativeInfinity" : f.ToString("R", CultureInfo.InvariantCulture) + "F",
                decimal m => m.ToString(CultureInfo.InvariantCulture) + "M",
                _ => null,
            };
            if (text is null)
            {
                return null;
            }

            return Paren(text);
        }

        private static string Paren(string text) => text.StartsWith("-", System.StringComparison.Ordinal) ? "(" + text + ")" : text;
    }
}
