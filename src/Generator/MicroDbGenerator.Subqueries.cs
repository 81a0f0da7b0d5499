using System.Collections.Generic;
using System.Linq;
using System.Text;
using MicroDb.Generator.Model;
using MicroDb.Generator.Shared.Query;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.Operations;

namespace MicroDb.Generator;

// Sub-queries in a one-table condition: db.Table<Line>().Any(l => l.OrderId == o.Id [&& ...]) and All(...) on a captured
// connection become EXISTS / NOT EXISTS over "s0" exactly as SqlTranslator.Subqueries.cs builds them; the correlation is an
// equality of integer members. Other sub-queries (Count, Contains, Sum ..., in a join, nested) are declined with a reason
// naming the sub-query and its run-time SQL form. A value inside the sub-query's lambda has an 'a' step in its path (the
// call's argument lambda's body); the interceptor checks at each run that the sub-query's table query is on the query's
// connection (InterceptedSite.Subquery), as the run-time path requires.
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

        private sealed partial class Lowering
        {
            // True in a sub-query's own lambda: a sub-query there (nested) is declined.
            private bool _inner;

            /// <summary>
            /// <c>db.Table&lt;B&gt;().Any(b =&gt; ...)</c> or <c>All(...)</c> reading this row: an <c>exists</c>/<c>all</c> node (Member: the
            /// inner type's key, MemberType: its C# name, Path: the call's path, Left: the inner condition); else declined.
            /// </summary>
            private LoweredNode? Subquery(IInvocationOperation call, string path)
            {
                var reason = SubqueryReason(call)!;
                if (_resolve is not null || _inner)
                {
                    return Decline(reason + " in a join or inside another sub-query");
                }

                if (call.TargetMethod is not { Name: "Any" or "All", ContainingType: { Name: "TableQuery" } type } || IsCompat(type)
                    || call.Arguments.Length != 1 || LambdaOf(call.Arguments[0].Value) is not { } lambda || lambda.Symbol.Parameters.Length != 1
                    || call.Instance is not IInvocationOperation { TargetMethod.Name: "Table", Arguments.Length: 0, Instance: { } connection } root
                    || !IsConnection(root.TargetMethod.ContainingType, compat: false) || !IsClosedValue(connection) || Uses(connection))
                {
                    return Decline(reason + " (only db.Table<T>().Any(x => ...) and All(x => ...) on a captured connection are)");
                }

                if (!Uses(call))
                {
                    return Decline(reason + ": it does not read the row, so the run-time path runs it first as a value");
                }

                if (type.TypeArguments[0] is not INamedTypeSymbol entity || !IsAccessible(entity))
                {
                    return Decline(reason + ": its row type is not accessible to generated code");
                }

                var inner = new Lowering(lambda) { _inner = true };
                if (inner.Body is null)
                {
                    return Decline(reason + ": its lambda has a statement body");
                }

                var condition = Correlated(inner, inner.Body, path + "a", out var why);
                if (condition is null)
                {
                    return Decline(reason + ": " + why);
                }

                return new LoweredNode(call.TargetMethod.Name == "Any" ? "exists" : "all", Parser.MetadataNameOf(entity),
                    entity.ToDisplayString(SymbolDisplayFormat.FullyQualifiedFormat), Path: path, Left: condition);
            }

            /// <summary>
            /// The sub-query's condition: <c>&amp;&amp;</c> of parts, each an equality of an inner and an outer integer member
            /// (<c>corr</c>) or a condition over the inner row only (the one-table lowering).
            /// </summary>
            private LoweredNode? Correlated(Lowering inner, IOperation operation, string path, out string? why)
            {
                why = null;
                if (!Uses(operation))
                {
                    var own = inner.Condition(operation, path);
                    why = inner.Reason;
                    return own;
                }

                if (operation is IBinaryOperation { OperatorKind: BinaryOperatorKind.ConditionalAnd } logic && inner.Uses(logic.LeftOperand))
                {
                    var left = Correlated(inner, logic.LeftOperand, path + "L", out why);
                    var right = left is null ? null : Correlated(inner, logic.RightOperand, path + "R", out why);
                    return right is null ? null : new LoweredNode("and", Left: left, Right: right);
                }

                if (operation is IBinaryOperation { OperatorKind: BinaryOperatorKind.Equals or BinaryOperatorKind.NotEquals, OperatorMethod: null, IsLifted: false } b)
                {
                    var outerLeft = Uses(b.LeftOperand);
                    var (own, other) = outerLeft ? (b.RightOperand, b.LeftOperand) : (b.LeftOperand, b.RightOperand);
                    if (inner.Member(own, out var innerMember) == "integer" && !Uses(own) && Member(other, out var outerMember) == "integer" && !inner.Uses(other)
                        && own is IPropertyReferenceOperation && other is IPropertyReferenceOperation)
                    {
                        return new LoweredNode("corr", innerMember!.Name, Family: b.OperatorKind == BinaryOperatorKind.Equals ? "=" : "<>",
                            ValueOnLeft: outerLeft, Right: new LoweredNode("outer", outerMember!.Name));
                    }
                }

                why = $"'{operation.Syntax}' reads the outer row other than as 'inner.Member == outer.Member' of integer members";
                return null;
            }
        }
    }

    private static partial class InterceptorEmitter
    {
        // The models by type key, for a sub-query's table (set by Plan), and the sub-queries of the chain being written (for its site).
        [System.ThreadStatic]
        private static Dictionary<string, EntityModel>? _tables;

        [System.ThreadStatic]
        private static List<(int Where, string Path)>? _subqueries;

        /// <summary>
        /// A sub-query node as SqlTranslator.Subqueries.cs builds it: <c>EXISTS (SELECT 1 FROM "B" AS "s0" WHERE ...)</c>, or
        /// for All <c>(NOT EXISTS (... WHERE (NOT (condition))))</c>; the outer row's columns qualified by its table's name.
        /// </summary>
        private static SqlExpression? Exists(LoweredNode node, EntityModel outer, List<LoweredNode> values, int where, ref string? declined)
        {
            if (_tables is null || !_tables.TryGetValue(node.Member!, out var inner))
            {
                declined = $"the sub-query's type '{node.MemberType}' has no generated map";
                return null;
            }

            var condition = InnerCondition(node.Left!, inner, outer, values, where, ref declined);
            if (condition is null)
            {
                return null;
            }

            _subqueries?.Add((where, node.Path!));
            var all = node.Op == "all";
            var predicate = all ? new SqlGroup(new SqlUnary(SqlUnaryOperator.Not, new SqlGroup(condition))) : condition;
            var model = QueryModel.Select(new SqlTable(inner.TableName, "s0"), One) with { Predicates = new ValueList<SqlExpression>(new[] { predicate }) };
            var exists = new SqlExists(model);
            return all ? new SqlGroup(new SqlUnary(SqlUnaryOperator.Not, exists)) : exists;
        }

        private static SqlExpression? InnerCondition(LoweredNode node, EntityModel inner, EntityModel outer, List<LoweredNode> values, int where, ref string? declined)
        {
            switch (node.Op)
            {
                case "and":
                    {
                        var left = InnerCondition(node.Left!, inner, outer, values, where, ref declined);
                        var right = left is null ? null : InnerCondition(node.Right!, inner, outer, values, where, ref declined);
                        return right is null ? null : new SqlGroup(new SqlBinary(left!, SqlOperator.And, right));
                    }

                case "corr":
                    {
                        var own = inner.Columns.FirstOrDefault(c => c.MemberName == node.Member);
                        var other = outer.Columns.FirstOrDefault(c => c.MemberName == node.Right!.Member);
                        if (own is null || other is null || !Fits(own.Kind, "integer") || !Fits(other.Kind, "integer"))
                        {
                            declined = $"the sub-query's key '{node.Member}' or the row's '{node.Right!.Member}' is not an integer column";
                            return null;
                        }

                        SqlExpression a = new SqlColumn(own.ColumnName, "s0");
                        SqlExpression b = new SqlColumn(other.ColumnName, outer.TableName);
                        var op = node.Family == "=" ? SqlOperator.Equal : SqlOperator.NotEqual;
                        return new SqlGroup(node.ValueOnLeft ? new SqlBinary(b, op, a) : new SqlBinary(a, op, b));
                    }

                default:
                    {
                        var own = Condition(node, inner, values, where, ref declined);
                        return own is null ? null : Qualify(own);
                    }
            }
        }

        /// <summary>The one-table lowering's node over the sub-query's table, its columns named by the alias <c>s0</c>.</summary>
        private static SqlExpression Qualify(SqlExpression node) => node switch
        {
            SqlColumn { Table: null } column => column with { Table = "s0" },
            SqlGroup group => new SqlGroup(Qualify(group.Inner)),
            SqlBinary binary => binary with { Left = Qualify(binary.Left), Right = Qualify(binary.Right) },
            SqlUnary unary => unary with { Operand = Qualify(unary.Operand) },
            _ => node,
        };

        /// <summary>Appends the chain's sub-query checks to its site (<c>.Subquery(where, path)</c>).</summary>
        private static void AppendSubqueries(StringBuilder text)
        {
            foreach (var (where, path) in _subqueries ?? new List<(int, string)>())
            {
                text.Append(".Subquery(").Append(where.ToString(System.Globalization.CultureInfo.InvariantCulture)).Append(", ").Append(SymbolDisplay.FormatLiteral(path, quote: true)).Append(')');
            }
        }
    }
}
