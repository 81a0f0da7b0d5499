using System.Collections.Generic;
using System.Linq;
using MicroDb.Generator.Model;
using MicroDb.Generator.Shared.Query;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Operations;

namespace MicroDb.Generator;

public sealed partial class MicroDbGenerator
{
    // The build-time front end for grouping, computed key parts: which computations a key may hold (the setters' lowering,
    // MicroDbGenerator.SetBased.cs, is the one rule for how each is written), how the run time keys them, and their C#.
    private static partial class QueryChains
    {
        /// <summary>The value families a computed key part may have: integers, floating point and text (decimal arithmetic stays declined).</summary>
        private static bool IsKeyFamily(string? family) => family is "int" or "long" or "double" or "string";

        /// <summary>
        /// Whether a lowered key part (the setters' <c>Arithmetic</c>) is one the GROUP BY term writes as the run time does:
        /// <c>+ - * / %</c> and unary <c>-</c> over members and values, <c>Substring</c>, <c>Replace</c>, <c>Trim</c>/<c>TrimStart</c>/
        /// <c>TrimEnd</c>, <c>ToUpper</c>/<c>ToLower</c>, <c>Length</c>, <c>??</c>, <c>Math.Abs/Max/Min/Round</c> and string
        /// concatenation, and conversions between integer and floating-point values (a converted member is keyed by its column's
        /// kind, as <see cref="StoredKeyOf"/> reads it). A nested <c>?:</c> is not taken.
        /// </summary>
        private static bool IsKeyComputation(LoweredNode? node) => node is null || node.Op switch
        {
            "val" or "col" => true,
            "+" or "-" or "*" or "/" or "%" or "fn" or "substr" or "replace" or "args" or "round" or "concat" or "part" =>
                IsKeyComputation(node.Left) && IsKeyComputation(node.Right),
            "neg" or "concatn" or "cast" => IsKeyComputation(node.Left),
            _ => false,
        };

        /// <summary>
        /// A computed key part as the run time's GROUP BY term keys it (<c>SqlTranslator.Key</c> over <c>KeyOf</c>): a
        /// floating-point part whose type is not nullable reads a stored NULL as 0, so its term is <c>ifnull(part, 0)</c>
        /// (<c>notnull</c>); the kind is the stored column's where the part is one (through conversions, <c>??</c> and
        /// <c>?:</c>), else its type's.
        /// </summary>
        private static LoweredNode StoredKeyOf(LoweredNode node, IOperation operation)
        {
            static ITypeSymbol? StoredType(IOperation operation)
            {
                while (operation is IConversionOperation { OperatorMethod: null } conversion)
                {
                    operation = conversion.Operand;
                }

                return operation switch
                {
                    IPropertyReferenceOperation { Instance: IParameterReferenceOperation } member => member.Property.Type,
                    ICoalesceOperation coalesce => StoredType(coalesce.Value) ?? StoredType(coalesce.WhenNull),
                    IConditionalOperation { WhenFalse: { } whenFalse } conditional => StoredType(conditional.WhenTrue) ?? StoredType(whenFalse),
                    _ => null,
                };
            }

            var floating = ArithmeticFamily(StoredType(operation) ?? operation.Type) == "double";
            var nullable = operation.Type is INamedTypeSymbol { OriginalDefinition.SpecialType: SpecialType.System_Nullable_T };
            return floating && !nullable ? new LoweredNode("notnull", Left: node) : node;
        }

        /// <summary>
        /// A string or Math call of a computed key part as C# over the group's row (the run time computes the key from the
        /// row's columns), or null when an argument is not a constant or a member of the row.
        /// </summary>
        private static string? KeyCallText(IInvocationOperation call, System.Func<IOperation, string, string?> text)
        {
            // The path steps of the setters' lowering: the instance 'o', an argument its index.
            var arguments = call.Arguments.OrderBy(a => a.Parameter!.Ordinal)
                .Select(a => a.ArgumentKind == ArgumentKind.ParamArray ? null : text(a.Value, a.Parameter!.Ordinal.ToString(System.Globalization.CultureInfo.InvariantCulture))).ToList();
            if (arguments.Any(a => a is null))
            {
                return null;
            }

            var method = call.TargetMethod;
            if (call.Instance is { } instance)
            {
                return method.ContainingType.SpecialType == SpecialType.System_String && text(instance, "o") is { } target
                    ? target + "." + method.Name + "(" + string.Join(", ", arguments) + ")"
                    : null;
            }

            return method.ContainingType is { Name: "Math", ContainingNamespace: { Name: "System", ContainingNamespace.IsGlobalNamespace: true } }
                ? "global::System.Math." + method.Name + "(" + string.Join(", ", arguments) + ")"
                : null;
        }

        private sealed partial class GroupLowering
        {
            /// <summary>
            /// A captured value of a computed key part (<c>size</c> in <c>x.Age / size</c>) as the projector reads it: a local
            /// read once per run from the key selector at <paramref name="path"/>, as the site reads the value it binds
            /// (<c>QueryInterception.KeyOperand</c>); null where its type is not one generated code can name.
            /// </summary>
            /// <summary>The first captured value the projector reads at a path where the site binds no value, or null.</summary>
            private LoweredNode? UnboundOperand(string projector)
            {
                // The projector's values must be read where the site reads a value it binds: the same node, so the same value.
                var bound = new HashSet<string>(System.StringComparer.Ordinal);
                void Collect(LoweredNode? node)
                {
                    if (node is null)
                    {
                        return;
                    }

                    if (node.Path is { } path)
                    {
                        bound.Add(path);
                    }

                    Collect(node.Left);
                    Collect(node.Right);
                }

                foreach (var key in _computedKeys)
                {
                    Collect(key);
                }

                return _keyOperands.FirstOrDefault(o => projector.Contains(o.Member!) && !bound.Contains(o.Path!));
            }

            private string? CapturedOperand(IOperation operation, string path)
            {
                if (operation.Type is not { } type || !IsAccessible(type) || type.IsAnonymousType)
                {
                    return null;
                }

                var name = "keyOperand" + _keyOperands.Count.ToString(System.Globalization.CultureInfo.InvariantCulture);
                _keyOperands.Add(new LoweredNode("operand", name, type.ToDisplayString(SymbolDisplayFormat.FullyQualifiedFormat), Path: path));
                return name;
            }

            /// <summary>
            /// Min or Max of a nullable <c>short</c>, <c>byte</c>, <c>sbyte</c> or <c>ushort</c> member: an ordering sorts by the
            /// SQL aggregate as it is (NULL first), as it sorts a nullable <c>int</c>'s.
            /// </summary>
            private static bool IsNullableSmallExtreme(AggregateShape aggregate) =>
                (aggregate.Aggregate.StartsWith("min:", System.StringComparison.Ordinal) || aggregate.Aggregate.StartsWith("max:", System.StringComparison.Ordinal))
                && aggregate.Type is INamedTypeSymbol { OriginalDefinition.SpecialType: SpecialType.System_Nullable_T } nullable
                && nullable.TypeArguments[0].SpecialType is SpecialType.System_Int16 or SpecialType.System_Byte or SpecialType.System_SByte or SpecialType.System_UInt16;
        }
    }

    private static partial class InterceptorEmitter
    {
        /// <summary>
        /// A computed key part's term: <c>notnull</c> (<see cref="QueryChains"/>' <c>StoredKeyOf</c>) is the run time's key of a
        /// floating-point value that is not nullable (<see cref="SqlStoredKeys.FloatingNotNull"/>) over the part's term.
        /// </summary>
        private static SqlExpression? StoredKeyTerm(LoweredNode node, System.Func<LoweredNode, SqlExpression?> term) =>
            node.Op == "notnull" ? (term(node.Left!) is { } value ? SqlStoredKeys.FloatingNotNull(value) : null) : term(node);
    }
}
