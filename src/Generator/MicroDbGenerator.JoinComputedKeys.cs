using System.Collections.Generic;
using MicroDb.Generator.Model;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Operations;

namespace MicroDb.Generator;

// Computed join keys (issue 22): a key, or a composite key's part, computed from the rows (integer or double arithmetic
// over members and values, conversions between integer types: o.Year * 100 + o.Month equals p.Period, (long)o.CustomerId
// equals c.Id). The run time's JoinKeys builds Equal(outer, inner) (ANDed per composite part) and the translator writes it
// as it writes two operands of the row compared in a Where; so the key condition is lowered as that comparison
// (MicroDbGenerator.ConditionValues.cs), its values read where they sit in the ON condition (InterceptedJoin.OnFilter: the
// key condition is reached by L taken once per joined-table Where, then the path below).
public sealed partial class MicroDbGenerator
{
    private static partial class QueryChains
    {
        private sealed partial class Lowering
        {
            /// <summary>A key lambda's body as a comparison operand (<see cref="Operand"/>), its values at <paramref name="path"/>; null (with the reason) when declined.</summary>
            public LoweredNode? KeyOperand(IOperation body, string path)
            {
                if (!Uses(body))
                {
                    return Decline($"the key '{body.Syntax}' does not read the row");
                }

                return Operand(body, path);
            }
        }

        private sealed partial class JoinLowering
        {
            /// <summary>
            /// A computed key pair, <paramref name="outer"/> over the rows so far and <paramref name="inner"/> over the joined
            /// table, as the "=" comparison of two operands the translator writes for JoinKeys' <c>Equal(outer, inner)</c>;
            /// <paramref name="path"/> is where that equality is in the key condition. Null (with the reason) when declined.
            /// </summary>
            private LoweredNode? ComputedKey(IAnonymousFunctionOperation outerLambda, IOperation outer, Dictionary<IParameterSymbol, Shape> outerScope,
                IAnonymousFunctionOperation innerLambda, IOperation inner, Dictionary<IParameterSymbol, Shape> innerScope, string path)
            {
                var outerLowering = new Lowering(outerLambda, operation => Eval(operation, outerScope) is MemberShape member ? (member.Table, member.Member) : null);
                var innerLowering = new Lowering(innerLambda, operation => Eval(operation, innerScope) is MemberShape member ? (member.Table, member.Member) : null);
                var left = outerLowering.KeyOperand(outer, path + "L");
                var right = left is null ? null : innerLowering.KeyOperand(inner, path + "R");
                if (right is null)
                {
                    Fail("a computed key is lowered at build time as integer or double arithmetic over the rows' members and values, with conversions between integers: "
                        + (outerLowering.Reason ?? innerLowering.Reason ?? $"'{outer.Syntax}' is not"));
                    return null;
                }

                if (!OnlyTable(right, _tables.Count))
                {
                    Fail($"the joined table's key '{inner.Syntax}' reads another table");
                    return null;
                }

                return new LoweredNode("=", Family: "operands", Left: left, Right: right);
            }

            /// <summary>Whether a key part is computed (arithmetic, a negation or a conversion), not a member read as it is.</summary>
            private static bool IsComputedKey(IOperation operation) =>
                operation is IBinaryOperation or IUnaryOperation or IConversionOperation { OperatorMethod: null };

            /// <summary>Whether every member <paramref name="node"/> reads is of table <paramref name="table"/>.</summary>
            private static bool OnlyTable(LoweredNode node, int table) =>
                (node.Op != "col" || node.Table == table) && (node.Left is null || OnlyTable(node.Left, table)) && (node.Right is null || OnlyTable(node.Right, table));
        }
    }
}
