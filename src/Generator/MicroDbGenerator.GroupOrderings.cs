using System.Collections.Generic;
using MicroDb.Generator.Model;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Operations;

namespace MicroDb.Generator;

// The build-time front end for grouping, orderings computed over the groups: integer or double arithmetic over aggregates
// and integer key members (OrderBy(g => g.Sum(x => x.A) / g.Count())), the HAVING operand's lowering (GroupsOperand) and
// its SQL as the run time's order key writes it (GroupsKeyed: a non-nullable double as ifnull(v, 0)).
public sealed partial class MicroDbGenerator
{
    private static partial class QueryChains
    {
        private sealed partial class GroupLowering
        {
            /// <summary>
            /// An ordering over the groups by integer or double arithmetic over aggregates and integer key members, with no
            /// value in it (an ordering binds none at build time), or null with the reason in <paramref name="reason"/>.
            /// </summary>
            private LoweredNode? OrderingArithmetic(IAnonymousFunctionOperation lambda, Dictionary<IParameterSymbol, Shape> scope, out string? reason)
            {
                var lowering = new Lowering(lambda,
                    resolve: operation => Eval(operation, scope) is MemberShape member ? (0, member.Member) : null,
                    aggregate: operation => HavingOperandName(Eval(operation, scope))) { Having = true };
                var node = lowering.GroupsOrdering(lowering.Body!);
                reason = node is null ? lowering.Reason : null;
                return node;
            }
        }

        private sealed partial class Lowering
        {
            /// <summary>
            /// An ordering's key over the groups (<see cref="GroupLowering"/>' <c>OrderingArithmetic</c>): the HAVING operand of
            /// integer or double arithmetic over aggregates and integer key members, or null with the reason.
            /// </summary>
            public LoweredNode? GroupsOrdering(IOperation body)
            {
                var operand = body is IBinaryOperation ? GroupsOperand(body, "") : null;
                if (operand is null)
                {
                    return Reason is null ? Decline($"'{body.Syntax}' is not integer or double arithmetic over the groups' aggregates and integer key members") : null;
                }

                return operand.Family is "integer" or "double" && WithoutValues(operand)
                    ? operand
                    : Decline($"'{body.Syntax}' reads a value or a computed key part, which an ordering over the groups does not bind at build time");
            }

            /// <summary>Whether an operand over the groups reads only aggregates and key members (no value to bind).</summary>
            private static bool WithoutValues(LoweredNode node) => node.Op switch
            {
                "agg" or "key" => true,
                "real" => WithoutValues(node.Left!),
                "+" or "-" or "*" or "/" or "%" => WithoutValues(node.Left!) && WithoutValues(node.Right!),
                _ => false,
            };
        }
    }
}
