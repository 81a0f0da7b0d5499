using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Operations;

namespace MicroDb.Generator;

// A join's result choosing on a missing row with a value of the rows present (issue 22): a == null ? p.Age : a.Id. The run
// time's interpreter computes the conditional over the row objects; the projector writes it the same way, the other value
// read as the result's plain members are (converted to the conditional's type, as C# converts both branches).
public sealed partial class MicroDbGenerator
{
    private static partial class QueryChains
    {
        private sealed partial class ProjectorText
        {
            /// <summary>
            /// The value a <c>row == null ? value : row.Member</c> takes where table <paramref name="table"/>'s row is missing, as
            /// C# over the rows; null when it reads that row (which is missing there) or is not lowered.
            /// </summary>
            private string? MissingValue(IOperation missing, int table)
            {
                foreach (var node in missing.DescendantsAndSelf())
                {
                    var shape = node is IParameterReferenceOperation or IPropertyReferenceOperation ? Eval(node, scope) : null;
                    if (shape is RowShape row && row.Table == table || shape is MemberShape member && member.Table == table || shape is MissingShape)
                    {
                        return null;
                    }
                }

                return Text(missing);
            }
        }
    }
}
