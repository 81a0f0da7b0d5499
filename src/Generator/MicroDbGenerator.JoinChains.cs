using System.Linq;
using MicroDb.Generator.Model;
using Microsoft.CodeAnalysis;

namespace MicroDb.Generator;

public sealed partial class MicroDbGenerator
{
    // The build-time front end for joins, part three: the structure of chains with a RightJoin after another join, as the
    // run time's JoinState.RightJoin builds them.
    private static partial class QueryChains
    {
        private sealed partial class JoinLowering
        {
            /// <summary>
            /// A RightJoin after a join with Where conditions (the first table's own and the join's): the run time ANDs each,
            /// in call order, to the RIGHT JOIN's key condition (<c>((key AND w0) AND w1)</c>) and the join keeps only the
            /// kept table's own conditions as WHERE. Each becomes a <c>RightOn</c> step of table <paramref name="table"/>,
            /// its values' paths starting at that ON condition's root: condition j of k is at <c>L</c> taken k-1-j times, then <c>R</c>.
            /// </summary>
            private void MoveWheresIntoRightJoin(int table)
            {
                var count = 0;
                foreach (var step in _steps)
                {
                    count += step.Method == "Where" ? 1 : 0;
                }

                var j = 0;
                for (var i = 0; i < _steps.Count; i++)
                {
                    if (_steps[i].Method == "Where")
                    {
                        var prefix = new string('L', count - 1 - j++) + "R";
                        _steps[i] = _steps[i] with { Method = "RightOn", KeyTable = table, Predicate = Prefixed(_steps[i].Predicate!, prefix) };
                    }
                }
            }

            /// <summary>
            /// The RightJoin's result with the rows before it (used whole in its selector) hidden: a later operator reading them
            /// would read the run time's <c>anchor == null ? null : row</c>, which is not lowered, so it reads them as computed.
            /// </summary>
            private static Shape? HideMissing(Shape? shape) => shape switch
            {
                MissingShape => null,
                ObjectShape obj => new ObjectShape(obj.Members.ToDictionary(m => m.Key, m => HideMissing(m.Value), System.StringComparer.Ordinal)),
                _ => shape,
            };

            /// <summary><paramref name="node"/> with every value's path starting with <paramref name="prefix"/>.</summary>
            private static LoweredNode Prefixed(LoweredNode node, string prefix) => node with
            {
                Path = node.Path is null ? null : prefix + node.Path,
                Left = node.Left is null ? null : Prefixed(node.Left, prefix),
                Right = node.Right is null ? null : Prefixed(node.Right, prefix),
            };
        }

        private sealed partial class ProjectorText
        {
            /// <summary>
            /// The rows before a RightJoin used whole in its result (<c>(x, l) =&gt; new { x, l.Sku }</c>), as the run time's
            /// MissingRow reads them: <c>anchor == null ? null : x</c>, x being the selector that built them, read over the
            /// rows (its left-joined rows may be missing too; the others are there wherever the anchor is).
            /// </summary>
            private string? WholeBeforeRight(MissingShape missing, IOperation operation)
            {
                if (missing.Previous is not { } previous || operation.Type is not { IsValueType: false } type || LambdaBody(previous.Lambda) is not { } body)
                {
                    return Fail($"'{operation.Syntax}' (the rows before a RightJoin used whole) is not lowered at build time: only an object built by the earlier join's or Select's selector is");
                }

                if (!type.IsAnonymousType && !IsAccessible(type))
                {
                    return Fail($"the type of '{operation.Syntax}' is not accessible to generated code");
                }

                var rows = new ProjectorText(previous.Scope, tables, used, whole, left: BeforeRight?.Left ?? left);
                if (rows.Text(body) is not { } text)
                {
                    return Fail(rows.Reason ?? $"'{operation.Syntax}' (the rows before a RightJoin used whole) is not lowered at build time");
                }

                Direct &= rows.Direct;
                return "(" + JoinMarkers.Missing(missing.Anchor) + " ? null : " + text + ")";
            }
        }
    }

    private static partial class InterceptorEmitter
    {
        private const string MovedOn = "onto";

        /// <summary>The family of a value moved into table <paramref name="table"/>'s RIGHT JOIN ON condition (its own table kept in <c>Table</c>).</summary>
        private static string MovedOnFamily(int table, string? family) => MovedOn + table.ToString(System.Globalization.CultureInfo.InvariantCulture) + ":" + family;

        /// <summary>The RIGHT JOIN table a value was moved into (<see cref="MovedOnFamily"/>), or null.</summary>
        private static int? MovedOnTable(string? family)
        {
            if (family is null || !family.StartsWith(MovedOn, System.StringComparison.Ordinal))
            {
                return null;
            }

            var colon = family.IndexOf(':');
            return int.Parse(family.Substring(MovedOn.Length, colon - MovedOn.Length), System.Globalization.CultureInfo.InvariantCulture);
        }
    }
}
