using System.Linq;
using MicroDb.Generator.Model;
using MicroDb.Generator.Shared.Query;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Operations;

namespace MicroDb.Generator;

// The richer condition forms inside a sub-query's Where (issue 22): string methods, a captured collection's Contains (IN),
// decimal and ulong orderings, float against double, two operands of its row and integer/double arithmetic are lowered by
// the one-table rules (MicroDbGenerator.ConditionStrings.cs, .ConditionValues.cs) and written over the sub-query's table,
// then qualified by its alias (s0, s1 ...) as the run time's scope names them. Their values are in the Where's value list
// (or, in a projection's sub-query, the lifted values, bound first), so the per-value checks (.Text, .Real, .Compared)
// name each value's index on the site as anywhere else.
public sealed partial class MicroDbGenerator
{
    private static partial class InterceptorEmitter
    {
        /// <summary>
        /// <see cref="Qualify"/> over the nodes the richer conditions write (a function's arguments, LIKE, IN, COLLATE, CASE); a
        /// query (a nested sub-query, already written with its own aliases) and a leaf stay as they are.
        /// </summary>
        private static SqlExpression QualifyMore(SqlExpression node, string alias) => node switch
        {
            SqlFunction function => function with { Arguments = new ValueList<SqlExpression>(function.Arguments.Select(a => Qualify(a, alias)).ToArray()) },
            SqlLike like => like with { Operand = Qualify(like.Operand, alias), Pattern = Qualify(like.Pattern, alias) },
            SqlIn list => list with { Operand = Qualify(list.Operand, alias), Values = new ValueList<SqlExpression>(list.Values.Select(v => Qualify(v, alias)).ToArray()) },
            SqlCollate collate => collate with { Operand = Qualify(collate.Operand, alias) },
            SqlCase branches => new SqlCase(new ValueList<SqlWhen>(branches.Whens.Select(w => new SqlWhen(Qualify(w.Condition, alias), Qualify(w.Result, alias))).ToArray()), Qualify(branches.Else, alias)),
            _ => node,
        };

        /// <summary>
        /// Appends the per-value checks (<c>.Text</c>, <c>.Real</c>, <c>.Compared</c>) of the values inside a projection's lifted
        /// sub-queries, which are the site's first values (index 0 on).
        /// </summary>
        private static void AppendLiftedChecks(System.Text.StringBuilder text, System.Collections.Generic.List<LoweredNode> lifted)
        {
            // Written into a text of their own: the index offset counts the ".LiftedValue(" calls before the values given.
            var checks = new System.Text.StringBuilder();
            AppendReal(checks, lifted);
            text.Append(checks);
        }
    }

    private sealed partial class ComputedElement
    {
        /// <summary>
        /// Arithmetic or a conversion over a sub-query's value (<c>(double)db.Table&lt;B&gt;().Sum(...) / 2</c>, <c>-S</c>,
        /// <c>(long)(S * 2)</c>): written as C# over its operands, each sub-query among them lifted as a column, as the run
        /// time lifts every sub-query call of the selector and computes over it in the selector.
        /// </summary>
        private static bool ComputesOverQuery(IOperation operation)
        {
            if (operation is IBinaryOperation or IUnaryOperation)
            {
                return true;
            }

            while (operation is IConversionOperation { OperatorMethod: null, IsChecked: false } conversion)
            {
                operation = conversion.Operand;
            }

            return operation is IBinaryOperation or IUnaryOperation;
        }
    }
}
