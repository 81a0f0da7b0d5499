using System.Collections.Generic;
using System.Globalization;
using System.Linq;
using System.Text;
using MicroDb.Generator.Model;
using MicroDb.Generator.Shared;
using MicroDb.Generator.Shared.Query;

namespace MicroDb.Generator;

public sealed partial class MicroDbGenerator
{
    // The build-time front end for grouping, part two: the query model GroupState builds at run time (BuildSelect, Count).
    private static partial class InterceptorEmitter
    {
        /// <summary>The grouped chain's SQL (it binds no values), or why it is declined.</summary>
        private static (string? Sql, List<LoweredNode>? Values, string? Declined) WriteGroup(QueryChain chain, GroupSpec group, EntityModel model)
        {
            ColumnModel? Column(string member) => model.Columns.FirstOrDefault(c => c.MemberName == member);
            static bool Plain(ColumnModel column) => Fits(column.Kind, "integer") || column.Kind == ColumnKind.String;

            // GROUP BY: each key part as it sorts; integer and string columns sort as they are.
            var terms = new List<SqlExpression>();
            foreach (var member in group.KeyMembers)
            {
                if (Column(member) is not { } column || !Plain(column))
                {
                    return (null, null, $"the key member '{member}' is not an integer or text column");
                }

                terms.Add(new SqlColumn(column.ColumnName));
            }

            // SELECT: the key's columns the result reads, bare and in table order, then the aggregates in the order the result reads them.
            var projection = model.Columns.Where(c => group.Used.Contains(c.MemberName)).Select(c => (SqlExpression)new SqlColumn(c.ColumnName)).ToList();
            foreach (var aggregate in group.Aggregates)
            {
                if (aggregate == "count")
                {
                    projection.Add(new SqlFunction("count", new SqlLiteral("*")));
                    continue;
                }

                var colon = aggregate.IndexOf(':');
                var function = aggregate.Substring(0, colon);
                if (Column(aggregate.Substring(colon + 1)) is not { } column || !Fits(column.Kind, "integer"))
                {
                    return (null, null, $"the aggregated member '{aggregate.Substring(colon + 1)}' is not an integer column");
                }

                var value = new SqlColumn(column.ColumnName);
                // LINQ's Sum gives 0 for no values, SQL's sum NULL.
                projection.Add(function == "sum" ? new SqlFunction("coalesce", new SqlFunction("sum", value), SqlLiteral.Zero) : new SqlFunction(function, value));
            }

            if (projection.Count == 0)
            {
                projection.Add(SqlLiteral.One);
            }

            var orderings = new List<SqlOrdering>();
            var then = 0;
            int? limit = null;
            var offset = 0;
            foreach (var step in chain.Steps)
            {
                switch (step.Method)
                {
                    case "Take":
                        limit = limit is { } own ? System.Math.Min(own, System.Math.Max(0, step.Count)) : System.Math.Max(0, step.Count);
                        break;
                    case "Skip":
                        {
                            var count = System.Math.Max(0, step.Count);
                            limit = limit is { } kept ? System.Math.Max(0, kept - count) : null;
                            offset = checked(offset + count);
                            break;
                        }

                    case "OrderBy" or "OrderByDescending" or "ThenBy" or "ThenByDescending":
                        {
                            if (Column(step.KeyMember!) is not { } column || !Plain(column))
                            {
                                return (null, null, $"the ordering member '{step.KeyMember}' is not an integer or text column");
                            }

                            var isThen = step.Method.StartsWith("ThenBy", System.StringComparison.Ordinal);
                            orderings.Insert(isThen ? then : 0, new SqlOrdering(new SqlColumn(column.ColumnName), step.Method.EndsWith("Descending", System.StringComparison.Ordinal)));
                            then = isThen ? then + 1 : 1;
                            break;
                        }
                }
            }

            var none = ValueList<SqlExpression>.Empty;
            QueryModel Model(List<SqlExpression> select, bool includeOrder, int? cap) =>
                new(new SqlTable(model.TableName), new ValueList<SqlExpression>(select.ToArray()), false, none,
                    includeOrder ? new ValueList<SqlOrdering>(orderings.ToArray()) : ValueList<SqlOrdering>.Empty,
                    cap is { } c ? (limit is { } mine ? System.Math.Min(mine, c) : c) : limit, offset)
                {
                    GroupBy = new ValueList<SqlExpression>(terms.ToArray()),
                    Having = none,
                };

            var query = chain.Steps[chain.Steps.Count - 1].Method switch
            {
                "Count" => QueryModel.Select(new SqlSubquery(Model(new List<SqlExpression> { SqlLiteral.One }, includeOrder: false, null)), CountAll),
                "First" or "FirstOrDefault" => Model(projection, includeOrder: true, 1),
                _ => Model(projection, includeOrder: true, null),
            };
            var sql = new StringBuilder();
            SqliteSqlWriter.Instance.WriteQuery(query, sql, new List<int>());
            return (sql.ToString(), new List<LoweredNode>(), null);
        }

        /// <summary>
        /// A chain ending on <c>GroupedQuery&lt;TResult&gt;</c> (or GroupByQuery's Count): the interceptor is generic over the
        /// result and passes a static projector over the row holding the key's columns (<c>e</c>) and the aggregates (<c>a</c>).
        /// </summary>
        private static void EmitGroupChain(SourceWriter w, QueryChain chain, string sql, int index)
        {
            w.Line("// " + Comment(chain));
            var site = EmitSite(w, sql, new List<LoweredNode>(), index);
            var terminal = chain.Steps[chain.Steps.Count - 1];
            var projector = chain.Group!.Projector;
            var (returns, generic, query) = terminal.Method switch
            {
                "ToList" => ("global::System.Collections.Generic.List<TResult>", "<TResult>", "GroupedQuery<TResult>"),
                "ToArray" => ("TResult[]", "<TResult>", "GroupedQuery<TResult>"),
                "Count" when projector is null => ("int", "<TKey, TElement>", "GroupByQuery<TKey, TElement>"),
                "Count" => ("int", "<TResult>", "GroupedQuery<TResult>"),
                _ => ("TResult", "<TResult>", "GroupedQuery<TResult>"),
            };
            var arguments = site + (terminal.Method == "Count" ? "" : ", static (e, a) => " + projector);
            w.Line(terminal.Intercept!);
            w.Line("public static " + returns + " " + terminal.Method + index.ToString(CultureInfo.InvariantCulture) + generic + "(this " + query + " query) =>");
            w.Line("    " + Runtime + "." + terminal.Method + "(query, " + arguments + ");");
            w.Line();
        }
    }
}
