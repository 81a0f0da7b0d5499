using System.Collections.Generic;
using System.Globalization;
using System.Text;
using MicroDb.Generator.Model;
using MicroDb.Generator.Shared.Query;
using Microsoft.CodeAnalysis.CSharp;

namespace MicroDb.Generator;

// A sub-query in a grouping's condition after GroupBy (HAVING, issue 22): db.Table<B>().Any(b => b.Id == g.Key && ...), All,
// Count compared with a value, Select(...).Contains(g.Key). The Lowering (Having set) reads g.Key, or a composite key's part,
// as the grouped table's member, so the sub-query is written as in a Where (MicroDbGenerator.Subqueries.cs) with the outer
// row's column qualified by the table's name, as the run time writes g.Key (its key selector's member) there. The site checks
// each such sub-query's table query at each run (InterceptedSite.HavingSubquery) and reads its values from the HAVING lambda.
public sealed partial class MicroDbGenerator
{
    private static partial class InterceptorEmitter
    {
        // The sub-queries of the grouping's HAVING conditions being written (for its site), or null.
        [System.ThreadStatic]
        private static List<(int Having, string Path)>? _havingSubqueries;

        /// <summary>
        /// A sub-query node of the <paramref name="having"/>-th HAVING condition: <see cref="Subquery"/> over the grouped
        /// table, its values marked as HAVING's (read from that condition) and its check kept apart from the Where ones'.
        /// </summary>
        private static SqlExpression? HavingSubquery(LoweredNode node, EntityModel model, List<LoweredNode> values, int having, ref string? declined)
        {
            var first = values.Count;
            var checks = _subqueries;
            _subqueries = new List<(int, string)>();
            try
            {
                var written = Subquery(node, model, values, having, ref declined);
                (_havingSubqueries ??= new List<(int, string)>()).AddRange(_subqueries);
                for (var i = first; i < values.Count; i++)
                {
                    values[i] = values[i] with { Family = "having:" + values[i].Family };
                }

                return written;
            }
            finally
            {
                _subqueries = checks;
            }
        }

        /// <summary>Appends the HAVING conditions' sub-query checks to the grouping's site (<c>.HavingSubquery(having, path)</c>), then forgets them.</summary>
        private static void AppendHavingSubqueries(StringBuilder text)
        {
            // Each storage format's text wrote them once, and a guarded comparison twice: one check each.
            var seen = new HashSet<(int, string)>();
            foreach (var (having, path) in _havingSubqueries ?? new List<(int, string)>())
            {
                if (seen.Add((having, path)))
                {
                    text.Append(".HavingSubquery(").Append(having.ToString(CultureInfo.InvariantCulture)).Append(", ").Append(SymbolDisplay.FormatLiteral(path, quote: true)).Append(')');
                }
            }

            _havingSubqueries = null;
        }
    }
}
