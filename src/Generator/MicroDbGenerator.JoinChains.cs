using MicroDb.Generator.Model;

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

            /// <summary><paramref name="node"/> with every value's path starting with <paramref name="prefix"/>.</summary>
            private static LoweredNode Prefixed(LoweredNode node, string prefix) => node with
            {
                Path = node.Path is null ? null : prefix + node.Path,
                Left = node.Left is null ? null : Prefixed(node.Left, prefix),
                Right = node.Right is null ? null : Prefixed(node.Right, prefix),
            };
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
