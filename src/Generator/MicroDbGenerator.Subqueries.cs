using System.Linq;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Operations;

namespace MicroDb.Generator;

// Sub-queries in a lowered condition (db.Table<Line>().Any(...), All, Count, Select(...).Contains): not lowered at build
// time yet; the chain is declined with a reason naming the sub-query and the SQL form the run-time path gives it.
public sealed partial class MicroDbGenerator
{
    private static partial class QueryChains
    {
        /// <summary>The MDB0013 reason when <paramref name="operation"/> calls a table query (a sub-query), else null.</summary>
        private static string? SubqueryReason(IOperation operation)
        {
            var call = operation.DescendantsAndSelf().OfType<IInvocationOperation>()
                .FirstOrDefault(c => IsTableQuery(c.TargetMethod.ContainingType) || IsSelectQuery(c.TargetMethod.ContainingType));
            if (call is null)
            {
                return null;
            }

            var outer = operation.DescendantsAndSelf().OfType<IInvocationOperation>().FirstOrDefault(c => c.TargetMethod.Name is "Any" or "All" or "Count" or "LongCount" or "Sum" or "Min" or "Max" or "Average" or "Contains") ?? call;
            var form = outer.TargetMethod.Name switch
            {
                "Any" => "EXISTS",
                "All" => "NOT EXISTS",
                "Contains" => "IN or EXISTS",
                _ => "a scalar sub-query",
            };
            var table = call.TargetMethod.ContainingType.TypeArguments[0].Name;
            return $"'{outer.Syntax}' is a sub-query over '{table}' ({form} at run time), which is not lowered at build time";
        }
    }
}
