using System.Collections.Generic;
using System.Collections.Immutable;
using System.Linq;
using System.Text;
using MicroDb.Generator.Model;
using MicroDb.Generator.Shared;
using MicroDb.Generator.Shared.Query;
using Microsoft.CodeAnalysis.CSharp;

namespace MicroDb.Generator;

public sealed partial class MicroDbGenerator
{
    /// <summary>What the interceptor step gives: the generated source (null for none) and the MDB0013/MDB0014 diagnostics.</summary>
    /// <param name="Source">The interceptors file.</param>
    /// <param name="Diagnostics">The diagnostics to report.</param>
    internal sealed record InterceptorPlan(string? Source, EquatableArray<DiagnosticInfo> Diagnostics);

    /// <summary>
    /// The build-time query front end, part two: each lowered <see cref="QueryChain"/> with its entity's map model becomes a
    /// <see cref="QueryModel"/> built exactly as <c>TableQuery&lt;T&gt;.BuildModel</c> builds it at run time, written by the
    /// shared <see cref="SqliteSqlWriter"/> into a SQL constant; the interceptors call <c>QueryInterception</c>.
    /// </summary>
    private static partial class InterceptorEmitter
    {
        private const string Runtime = "QueryInterception";

        private const string SiteType = "InterceptedSite";

        public static InterceptorPlan Plan(ImmutableArray<QueryChain> chains, ImmutableArray<EntityModel> models, bool intercept)
        {
            var byKey = new Dictionary<string, EntityModel>(System.StringComparer.Ordinal);
            foreach (var model in models)
            {
                byKey[model.MetadataName] = model;
            }

            _tables = byKey;
            var diagnostics = new List<DiagnosticInfo>();
            var w = new SourceWriter();
            var emitted = 0;
            var standIns = new SortedDictionary<string, List<string>>(System.StringComparer.Ordinal);
            foreach (var chain in chains.OrderBy(c => c.Location?.FilePath, System.StringComparer.Ordinal).ThenBy(c => c.Location?.SpanStart))
            {
                string? declined = chain.Declined;
                _subqueries = new List<(int, string)>();
                _liftedValues = null;
                _liftedSubqueries = null;
                _datesPass = null;
                string? sql = null;
                string? sqliteNetSql = null;
                List<LoweredNode>? values = null;
                string? joinReader = null;
                if (declined is null)
                {
                    if (!byKey.TryGetValue(chain.TypeKey, out var model))
                    {
                        // The type gets no generated map (MDB0011 says why, quietly by default): its queries run on the
                        // run-time path without a second report.
                        continue;
                    }
                    else if (chain.Join is { } join)
                    {
                        var tables = new List<EntityModel> { model };
                        foreach (var table in join.Tables)
                        {
                            if (byKey.TryGetValue(table.TypeKey, out var joinedModel))
                            {
                                tables.Add(joinedModel);
                            }
                        }

                        if (tables.Count <= join.Tables.Count)
                        {
                            continue;
                        }

                        (sql, sqliteNetSql, values, declined) = WriteJoin(chain, join, tables, out joinReader);
                    }
                    else if (chain.Group is { } grouping)
                    {
                        (sql, sqliteNetSql, values, declined) = WriteGroup(chain, grouping, model);
                    }
                    else if (NeverTranslates(chain, model) is { } error)
                    {
                        diagnostics.Add(new DiagnosticInfo(ModelRules.Ids.QueryNeverTranslates, chain.Location, new EquatableArray<string>(new[] { error.Lambda, error.Reason })));
                        continue;
                    }
                    else if (IsWrite(chain.Steps[chain.Steps.Count - 1].Method))
                    {
                        (sql, sqliteNetSql, values, declined) = WriteSetBasedDated(chain, model); // MicroDbGenerator.ConditionDateParts.cs
                    }
                    else
                    {
                        (sql, values, declined) = WriteDatedParts(chain, model);
                    }
                }

                if (declined is not null)
                {
                    if (intercept)
                    {
                        diagnostics.Add(new DiagnosticInfo(ModelRules.Ids.QueryNotIntercepted, chain.Location, new EquatableArray<string>(new[] { declined })));
                    }

                    continue;
                }

                if (intercept)
                {
                    if (chain.Group is not null)
                    {
                        EmitGroupChain(w, chain, sql!, sqliteNetSql, values!, emitted++);
                    }
                    else if (chain.Join is not null)
                    {
                        EmitJoinChain(w, chain, sql!, sqliteNetSql, values!, joinReader, emitted++, standIns);
                    }
                    else if (IsWrite(chain.Steps[chain.Steps.Count - 1].Method))
                    {
                        EmitWriteChain(w, chain, sql!, sqliteNetSql, values!, emitted++);
                    }
                    else if (chain.Steps.Any(st => st.Projector is not null))
                    {
                        EmitSelectChain(w, chain, sql!, values!, emitted++);
                    }
                    else if (chain.Compat)
                    {
                        EmitCompatChain(w, chain, sql!, values!, emitted++);
                    }
                    else
                    {
                        EmitChain(w, chain, sql!, values!, emitted++);
                    }
                }
            }

            EmitJoinStandIns(w, standIns);
            return new InterceptorPlan(emitted == 0 ? null : Wrap(w.ToString()), new EquatableArray<DiagnosticInfo>(diagnostics));
        }

        /// <summary>The run time's NotSupportedException for this chain (a member that maps to no column, a [StoreAsText] enum ordered), or null.</summary>
        private static (string Lambda, string Reason)? NeverTranslates(QueryChain chain, EntityModel model)
        {
            foreach (var step in chain.Steps)
            {
                if (step.KeyMember is { } key)
                {
                    var column = model.Columns.FirstOrDefault(c => c.MemberName == key);
                    if (column is null)
                    {
                        return (step.LambdaText!, QueryReasons.NotMappedColumn(key, model.MetadataName));
                    }

                    if (column.Kind == ColumnKind.EnumText)
                    {
                        return (step.LambdaText!, QueryReasons.TextEnumOrdered(key));
                    }
                }

                if (step.Predicate is { } predicate && FirstError(predicate, model) is { } reason)
                {
                    return (step.LambdaText!, reason);
                }
            }

            return null;
        }

        private static string? FirstError(LoweredNode node, EntityModel model)
        {
            if (IsSubqueryNode(node))
            {
                // A sub-query's members are its own table's (MicroDbGenerator.Subqueries.cs checks them).
                return null;
            }

            if (node.Left is { } left && FirstError(left, model) is { } l)
            {
                return l;
            }

            if (node.Right is { } right && FirstError(right, model) is { } r)
            {
                return r;
            }

            if (node.Member is not { } member)
            {
                return null;
            }

            var column = model.Columns.FirstOrDefault(c => c.MemberName == member);
            if (column is null)
            {
                return QueryReasons.NotMappedColumn(member, model.MetadataName);
            }

            return column.Kind == ColumnKind.EnumText && node.Op is "<" or "<=" or ">" or ">=" ? QueryReasons.TextEnumCompared(member) : null;
        }

        /// <summary>
        /// The run time's ordering rule, for one table and for joins: <c>OrderBy</c> (and its descending form) puts its key
        /// first and starts a new group, <c>ThenBy</c> appends to the current group (<paramref name="group"/> is its length).
        /// </summary>
        private static void AddOrdering(List<SqlOrdering> orderings, SqlExpression key, string method, ref int group)
        {
            var ordering = new SqlOrdering(key, method.EndsWith("Descending", System.StringComparison.Ordinal));
            if (method.StartsWith("ThenBy", System.StringComparison.Ordinal))
            {
                orderings.Insert(group++, ordering);
            }
            else
            {
                orderings.Insert(0, ordering);
                group = 1;
            }
        }

        /// <summary>The chain's SQL (as TableQuery builds and writes it) and its values in slot order, or why it is declined.</summary>
        private static (string? Sql, List<LoweredNode>? Values, string? Declined) Write(QueryChain chain, EntityModel model)
        {
            var values = new List<LoweredNode>();
            var predicates = new List<SqlExpression>();
            var orderings = new List<SqlOrdering>();
            int? limit = null;
            var offset = 0;
            if (Clauses(chain, model, values, predicates, orderings, ref limit, ref offset) is { } clauseDeclined)
            {
                return (null, null, clauseDeclined);
            }

            string? declined = null;
            var terminal = Sync(chain.Steps[chain.Steps.Count - 1].Method);
            var limitedBefore = limit is not null || offset > 0;
            var cap = terminal switch { "First" or "FirstOrDefault" => 1, "Single" or "SingleOrDefault" => 2, _ => (int?)null };
            var effectiveLimit = cap is { } c ? (limit is { } own2 ? System.Math.Min(own2, c) : c) : limit;
            var columns = new ValueList<SqlExpression>(model.Columns.Select(col => (SqlExpression)new SqlColumn(col.ColumnName)).ToArray());
            if (chain.Steps.FirstOrDefault(st => st.Projector is not null) is { } select)
            {
                // The run time's ProjectionPlan: the columns the selector reads, in table order; all of them when it reads the
                // whole row or a member mapped to no column (ProjectionColumns), none read: SELECT 1.
                var whole = select.ProjectedMembers.Any(member => !model.Columns.Any(col => col.MemberName == member));
                columns = new ValueList<SqlExpression>(model.Columns.Where(col => whole || select.ProjectedMembers.Contains(col.MemberName))
                    .Select(col => (SqlExpression)new SqlColumn(col.ColumnName)).ToArray());
                if (columns.Count == 0 && select.Lifted.Count == 0)
                {
                    columns = One;
                }
                if (WithLifted(select, model, columns, ref declined) is not { } all)
                {
                    return (null, null, declined);
                }

                columns = all;
                OffsetForLifted(predicates);
            }

            var source = new SqlTable(model.TableName);
            var where = new ValueList<SqlExpression>(predicates.ToArray());
            var order = new ValueList<SqlOrdering>(orderings.ToArray());
            var none = ValueList<SqlOrdering>.Empty;
            QueryModel query;
            switch (terminal)
            {
                case "Count" or "LongCount":
                    query = limitedBefore
                        ? QueryModel.Select(new SqlSubquery(new QueryModel(source, One, false, where, order, limit, offset)), CountAll)
                        : new QueryModel(source, CountAll, false, where, none, null, 0);
                    break;
                case "Any":
                    query = QueryModel.Select(null, new ValueList<SqlExpression>(new SqlExpression[] { new SqlExists(new QueryModel(source, One, false, where, limitedBefore ? order : none, limit, offset)) }));
                    break;
                default:
                    query = new QueryModel(source, columns, false, where, order, effectiveLimit, offset);
                    break;
            }

            var sql = new StringBuilder();
            var slots = new List<int>();
            SqliteSqlWriter.Instance.WriteQuery(query, sql, slots);
            for (var i = 0; i < slots.Count; i++)
            {
                if (slots[i] != i)
                {
                    return (null, null, "the values are not written in the order they are read");
                }
            }

            return (sql.ToString(), values, null);
        }

        /// <summary>
        /// The WHERE, ORDER BY and paging of a one-table chain as TableQuery&lt;T&gt;.BuildModel builds them, the values appended
        /// in slot order; the reason when a step is declined, else null.
        /// </summary>
        private static string? Clauses(QueryChain chain, EntityModel model, List<LoweredNode> values, List<SqlExpression> predicates, List<SqlOrdering> orderings, ref int? limit, ref int offset)
        {
            var group = 0;
            string? declined = null;
            foreach (var step in chain.Steps)
            {
                switch (step.Method)
                {
                    case "Take":
                        limit = SqlPaging.Take(limit, step.Count);
                        break;

                    case "Skip":
                        (limit, offset) = SqlPaging.Skip(limit, offset, step.Count);
                        break;

                    case "OrderBy" or "OrderByDescending" or "ThenBy" or "ThenByDescending":
                        {
                            var column = model.Columns.First(c => c.MemberName == step.KeyMember);
                            if (!Fits(column.Kind, Family(step.KeyType!, column.Kind)))
                            {
                                return $"member '{step.KeyMember}' is stored as {column.Kind}, which orders by the run-time translator's rules";
                            }

                            AddOrdering(orderings, new SqlColumn(column.ColumnName), step.Method, ref group);

                            break;
                        }

                    default:
                        if (step.Predicate is { } predicate)
                        {
                            var node = Condition(predicate, model, values, predicates.Count, ref declined);
                            if (node is null)
                            {
                                return declined;
                            }

                            predicates.Add(node);
                        }

                        break;
                }
            }

            return null;
        }

        private static readonly ValueList<SqlExpression> One = new(new SqlExpression[] { SqlLiteral.One });

        private static readonly ValueList<SqlExpression> CountAll = new(new SqlExpression[] { new SqlFunction("count", new SqlLiteral("*")) });

        /// <summary>The run-time translator's node for a lowered condition (SqlTranslator.TranslateBoolean), its values appended in slot order.</summary>
        private static SqlExpression? Condition(LoweredNode node, EntityModel model, List<LoweredNode> values, int where, ref string? declined, IReadOnlyList<EntityModel>? joined = null)
        {
            switch (node.Op)
            {
                case "and" or "or":
                    {
                        var left = Condition(node.Left!, model, values, where, ref declined, joined);
                        var right = left is null ? null : Condition(node.Right!, model, values, where, ref declined, joined);
                        return right is null ? null : new SqlGroup(new SqlBinary(left!, node.Op == "and" ? SqlOperator.And : SqlOperator.Or, right));
                    }

                case "not":
                    {
                        var operand = Condition(node.Left!, model, values, where, ref declined, joined);
                        return operand is null ? null : new SqlGroup(new SqlUnary(SqlUnaryOperator.Not, operand));
                    }

            }

            if (node.Op.StartsWith("str.", System.StringComparison.Ordinal)) return StringCondition(node, model, values, where, ref declined, joined); // MicroDbGenerator.ConditionStrings.cs

            if (IsSubqueryNode(node))
            {
                // In a join's Where the outer row's members are the joined tables' (MicroDbGenerator.Subqueries.cs).
                return JoinedSubquery(node, model, values, where, ref declined, joined);
            }

            if (ValueCondition(node, model, values, where, joined, ref declined) is (true, var valued))
            {
                return valued; // MicroDbGenerator.ConditionValues.cs.
            }

            // In a join the member is table node.Table's, qualified by its alias.
            model = joined is null ? model : joined[node.Table];
            var column = model.Columns.FirstOrDefault(c => c.MemberName == node.Member);
            if (column is null)
            {
                declined = $"member '{node.Member}' maps to no column";
                return null;
            }

            var name = new SqlColumn(column.ColumnName, joined is null ? null : SqlAliases.Table(node.Table));
            if (node.Op is "null" or "notnull")
            {
                // Compared with null: IS NULL / IS NOT NULL of the member's value as the run time reads it (a decimal's REAL).
                return new SqlGroup(new SqlIsNull(column.Kind == ColumnKind.Decimal ? SqlStoredKeys.DecimalValue(name) : name, node.Op == "notnull"));
            }

            if (IsDatePart(node)) return DatePartCondition(node, model, column, name, values, where, joined is not null, ref declined); // MicroDbGenerator.ConditionDateParts.cs

            if (IsDate(node))
            {
                return DateCondition(node, column, name, values, where, ref declined);
            }

            if (!Fits(column.Kind, node.Family!))
            {
                declined = $"member '{node.Member}' is stored as {column.Kind}, which compares by the run-time translator's rules";
                return null;
            }

            if (node.Op == "bool")
            {
                // A bool member used as a condition.
                return new SqlGroup(new SqlBinary(name, SqlOperator.Equal, SqlLiteral.One));
            }

            if (node.Family == "double")
            {
                return Floating(node, name, values, where);
            }

            var value = new SqlParameter(values.Count, column.Kind);
            values.Add(node with { Left = null, Right = null, Path = where.ToString(System.Globalization.CultureInfo.InvariantCulture) + ":" + node.Path });
            if (node.Op is "=" or "<>")
            {
                // Equality with a nullable operand (a string, a lifted comparison) is IS / IS NOT (two-valued logic); a null value is sent to the run-time path.
                var nullable = node.Family == "string" || node.Nullable;
                var op = node.Op == "=" ? (nullable ? SqlOperator.Is : SqlOperator.Equal) : (nullable ? SqlOperator.IsNot : SqlOperator.NotEqual);
                return new SqlGroup(new SqlBinary(name, op, value));
            }

            var comparison = SqlComparisons.Of(node.Op);
            SqlExpression ordered = node.ValueOnLeft ? new SqlBinary(value, comparison, name) : new SqlBinary(name, comparison, value);

            // A lifted ordering is false when the member is null: guarded as the run time guards a nullable open operand.
            return new SqlGroup(node.Nullable ? new SqlBinary(new SqlIsNull(name, Negated: true), SqlOperator.And, ordered) : ordered);
        }

        /// <summary>
        /// A double/float member compared with a value, as the run-time translator writes it (SqlTranslator.Semantics.cs): the
        /// column first. Nullable: <c>IS</c>/<c>IS NOT</c>, an ordering guarded by <c>IS NOT NULL</c>. Not nullable (a stored NULL,
        /// NaN when written, reads back as 0): the NULL rows joined with OR when <c>0 op value</c> holds, else excluded with AND,
        /// an ordering in a second group (the run time's null guard around its range).
        /// </summary>
        private static SqlExpression Floating(LoweredNode node, SqlColumn name, List<LoweredNode> values, int where)
        {
            var value = new SqlParameter(values.Count, null);
            values.Add(node with { Left = null, Right = null, Path = where.ToString(System.Globalization.CultureInfo.InvariantCulture) + ":" + node.Path });
            var op = node.ValueOnLeft ? Flip(node.Op) : node.Op;
            var sqlOp = SqlComparisons.Of(op, node.Nullable);
            var compare = new SqlBinary(name, sqlOp, value);
            if (node.Nullable)
            {
                return new SqlGroup(op is "=" or "<>" ? compare : new SqlBinary(new SqlIsNull(name, Negated: true), SqlOperator.And, compare));
            }

            var range = new SqlGroup(node.ZeroHolds
                ? new SqlBinary(new SqlIsNull(name, Negated: false), SqlOperator.Or, compare)
                : new SqlBinary(new SqlIsNull(name, Negated: true), SqlOperator.And, compare));
            return op is "=" or "<>" ? range : new SqlGroup(range);
        }

        /// <summary>
        /// Appends <c>.Real(index, op, zeroHolds)</c> for each value compared with a non-nullable double/float member: a run
        /// whose value gives <c>0 op value</c> otherwise than the SQL was written for takes the run-time path.
        /// </summary>
        private static void AppendReal(StringBuilder text, List<LoweredNode> values)
        {
            AppendText(text, values);
            var offset = LiftedOffset(text, values);
            for (var i = 0; i < values.Count; i++)
            {
                var v = values[i];
                if (v.Family is { } family && (family == "double" || family.EndsWith(":double", System.StringComparison.Ordinal)) && !v.Nullable && v.Op is "=" or "<>" or "<" or "<=" or ">" or ">=")
                {
                    text.Append(".Real(").Append((offset + i).ToString(System.Globalization.CultureInfo.InvariantCulture)).Append(", ")
                        .Append(SymbolDisplay.FormatLiteral(v.ValueOnLeft ? Flip(v.Op) : v.Op, quote: true)).Append(v.ZeroHolds ? ", true)" : ", false)");
                }
            }

            AppendCompared(text, values);
        }

        /// <summary>Whether a member's type family is stored as the kind whose comparison is SQLite's own, under both storage formats.</summary>
        private static bool Fits(ColumnKind kind, string family) => family switch
        {
            "integer" => kind is ColumnKind.Byte or ColumnKind.SByte or ColumnKind.Int16 or ColumnKind.UInt16 or ColumnKind.Int32 or ColumnKind.UInt32 or ColumnKind.Int64,
            "bool" => kind == ColumnKind.Boolean,
            "string" => kind == ColumnKind.String,
            "enum" => kind is ColumnKind.Enum or ColumnKind.EnumText,
            "guid" => kind == ColumnKind.Guid,
            "double" => kind is ColumnKind.Single or ColumnKind.Double,
            "ulong" => kind == ColumnKind.UInt64,
            _ => false,
        };

        /// <summary>An OrderBy key's family from its column kind (the key type is the member's).</summary>
        private static string Family(string keyType, ColumnKind kind) => kind switch
        {
            ColumnKind.Boolean => "bool",
            ColumnKind.String => "string",
            ColumnKind.Enum => "enum",
            ColumnKind.Guid => "guid",
            _ => keyType is "long" or "int" or "short" or "byte" or "sbyte" or "ushort" or "uint" ? "integer" : "other",
        };

        /// <summary>
        /// The comment naming the chain and one interceptor per intercepted Where/OrderBy step before the terminal, each
        /// forwarding to <paramref name="runtime"/>'s Where or Order (the parameter names are the intercepted method's).
        /// </summary>
        private static void EmitSteps(SourceWriter w, QueryChain chain, int index, string query, string predicateType, string runtime, string predicateName, string keyName)
        {
            w.Line("// " + Comment(chain));
            for (var i = 0; i < chain.Steps.Count - 1; i++)
            {
                var step = chain.Steps[i];
                if (step.Intercept is null)
                {
                    continue;
                }

                w.Line(step.Intercept);
                if (step.Method == "Where")
                {
                    w.Line("public static " + query + " Where" + index + "_" + i + "(this " + query + " query, " + predicateType + " " + predicateName + ") => " + runtime + ".Where(query, " + predicateName + ");");
                }
                else
                {
                    var keyType = "global::System.Linq.Expressions.Expression<global::System.Func<" + chain.EntityType + ", " + step.KeyType + ">>";
                    var descending = step.Method.EndsWith("Descending", System.StringComparison.Ordinal) ? "true" : "false";
                    var then = step.Method.StartsWith("ThenBy", System.StringComparison.Ordinal) ? "true" : "false";
                    w.Line("public static " + query + " " + step.Method + index + "_" + i + "(this " + query + " query, " + keyType + " " + keyName + ") => " + runtime + ".Order(query, " + keyName + ", " + descending + ", " + then + ");");
                }
            }
        }

        private static void EmitChain(SourceWriter w, QueryChain chain, string sql, List<LoweredNode> values, int index)
        {
            var entity = chain.EntityType;
            var query = (chain.Async ? "AsyncTableQuery<" : "TableQuery<") + entity + ">";
            var predicateType = "global::System.Linq.Expressions.Expression<global::System.Func<" + entity + ", bool>>";
            EmitSteps(w, chain, index, query, predicateType, Runtime, "predicate", "keySelector");

            var terminal = chain.Steps[chain.Steps.Count - 1];
            var hasPredicate = terminal.Predicate is not null;
            var projected = chain.Steps.Any(st => st.Method == "Select");
            if (projected)
            {
                // Count() or Any() after Select: on the projection, over its source's rows (the selector is not run).
                query = chain.Async ? "AsyncSelectQuery<T, TResult>" : "SelectQuery<T, TResult>";
            }

            var parameters = "this " + query + " query" + (hasPredicate ? ", " + predicateType + " predicate" : "") + (chain.Async ? ", global::System.Threading.CancellationToken cancellationToken" : "");
            var receiver = hasPredicate ? Runtime + ".Where(query, predicate)" : "query";
            var generic = projected ? "<T, TResult>" : "";
            var site = EmitSite(w, sql, values, index);
            var (returns, helper, extra) = Sync(terminal.Method) switch
            {
                "ToList" => ("global::System.Collections.Generic.List<" + entity + ">", "ToList", ""),
                "ToArray" => (entity + "[]", "ToArray", ""),
                "First" => (entity, "First", ""),
                "FirstOrDefault" => (entity, "FirstOrDefault", ""),
                "Single" => (entity, "Single", ", orDefault: false"),
                "SingleOrDefault" => (entity, "Single", ", orDefault: true"),
                "Count" => ("int", "Count", ""),
                "LongCount" => ("long", "LongCount", ""),
                _ => ("bool", "Any", ""),
            };
            w.Line(terminal.Intercept!);
            if (!chain.Async)
            {
                w.Line("public static " + returns + " " + terminal.Method + index + generic + "(" + parameters + ") =>");
                w.Line("    " + Runtime + "." + helper + "(" + receiver + (projected ? ".Source" : "") + ", " + site + extra + ");");
            }
            else
            {
                // On one of the pool's readers; ToList checks the token between rows, as the async query does.
                var r = projected ? "r.Source" : "r";
                var run = helper switch
                {
                    "ToList" => Runtime + ".ToList(r, " + site + ", ct)",
                    "ToArray" => Runtime + ".ToList(r, " + site + ", ct).ToArray()",
                    _ => Runtime + "." + helper + "(" + r + ", " + site + extra + ")",
                };
                w.Line("public static global::System.Threading.Tasks.ValueTask<" + returns + "> " + terminal.Method + index + generic + "(" + parameters + ") =>");
                w.Line("    " + Runtime + ".ReadAsync(" + receiver + ", static (r, ct) => " + run + ", cancellationToken);");
            }

            w.Line();
        }

        /// <summary>
        /// A chain ending in a projection's terminal (<c>SelectQuery&lt;T, TResult&gt;.ToList()</c> ...): the interceptor is
        /// generic over the query's two type arguments (the result may be anonymous) and passes a static projector that
        /// names the same types; QueryInterception checks once that they are the query's.
        /// </summary>
        private static void EmitSelectChain(SourceWriter w, QueryChain chain, string sql, List<LoweredNode> values, int index)
        {
            var entity = chain.EntityType;
            var predicateType = "global::System.Linq.Expressions.Expression<global::System.Func<" + entity + ", bool>>";
            EmitSteps(w, chain, index, (chain.Async ? "AsyncTableQuery<" : "TableQuery<") + entity + ">", predicateType, Runtime, "predicate", "keySelector");

            var select = chain.Steps.First(st => st.Projector is not null);
            var terminal = chain.Steps[chain.Steps.Count - 1];
            var method = Sync(terminal.Method);
            var returns = method switch
            {
                "ToList" => "global::System.Collections.Generic.List<TResult>",
                "ToArray" => "TResult[]",
                _ => "TResult",
            };
            var site = EmitSite(w, sql, values, index, select.Captured);
            var captured = select.Captured.Count > 0;
            var arguments = site + ", " + (captured ? "" : "static ") + "(" + entity + " r" + (select.Lifted.Count > 0 ? ", object[] v" : "") + ") => " + select.Projector
                + (method switch { "Single" => ", orDefault: false", "SingleOrDefault" => ", orDefault: true", _ => "" });
            var helper = method == "SingleOrDefault" ? "Single" : method;
            w.Line(terminal.Intercept!);
            if (captured)
            {
                // The captured values the projector reads, from the query's selector (null: not the tree seen here, so the run-time path).
                EmitCapturedSelectChain(w, chain, terminal.Method + index, method, helper, site, arguments);
            }
            else if (!chain.Async)
            {
                w.Line("public static " + returns + " " + terminal.Method + index + "<T, TResult>(this SelectQuery<T, TResult> query) =>");
                w.Line("    " + Runtime + "." + helper + "(query, " + arguments + ");");
            }
            else
            {
                // On one of the pool's readers; ToList checks the token between rows, as the async projection does.
                var run = method switch
                {
                    "ToList" => Runtime + ".ToList(q, " + arguments + ", ct)",
                    "ToArray" => Runtime + ".ToList(q, " + arguments + ", ct).ToArray()",
                    _ => Runtime + "." + helper + "(q, " + arguments + ")",
                };
                w.Line("public static global::System.Threading.Tasks.ValueTask<" + returns + "> " + terminal.Method + index
                    + "<T, TResult>(this AsyncSelectQuery<T, TResult> query, global::System.Threading.CancellationToken cancellationToken) =>");
                w.Line("    " + Runtime + ".ReadAsync(query, static (q, ct) => " + run + ", cancellationToken);");
            }

            w.Line();
        }

        /// <summary>
        /// A chain of the compatibility package (<c>SQLite.TableQuery&lt;T&gt;</c>, <c>SQLite.AsyncTableQuery&lt;T&gt;</c>): the same
        /// SQL and binder, run by <c>SQLite.TableQueryInterception</c>, which unwraps to the MicroDb query and keeps sqlite-net's
        /// tracing, error translation and async turn.
        /// </summary>
        private static void EmitCompatChain(SourceWriter w, QueryChain chain, string sql, List<LoweredNode> values, int index)
        {
            const string compat = "global::SQLite.TableQueryInterception";
            var entity = chain.EntityType;
            var query = (chain.Async ? "global::SQLite.AsyncTableQuery<" : "global::SQLite.TableQuery<") + entity + ">";
            var predicateType = "global::System.Linq.Expressions.Expression<global::System.Func<" + entity + ", bool>>";
            EmitSteps(w, chain, index, query, predicateType, compat, "predExpr", "orderExpr");

            var terminal = chain.Steps[chain.Steps.Count - 1];
            var hasPredicate = terminal.Predicate is not null;
            var parameters = "this " + query + " query" + (hasPredicate ? ", " + predicateType + " predExpr" : "");
            var receiver = hasPredicate ? compat + ".Where(query, predExpr)" : "query";
            var returns = Sync(terminal.Method) switch
            {
                "ToList" => "global::System.Collections.Generic.List<" + entity + ">",
                "ToArray" => entity + "[]",
                "Count" => "int",
                _ => entity,
            };
            if (chain.Async)
            {
                returns = "global::System.Threading.Tasks.Task<" + returns + ">";
            }

            var site = EmitSite(w, sql, values, index);
            w.Line(terminal.Intercept!);
            w.Line("public static " + returns + " " + terminal.Method + index + "(" + parameters + ") =>");
            w.Line("    " + compat + "." + terminal.Method + "(" + receiver + ", " + site + ");");
            w.Line();
        }

        private static string Sync(string method) => method.EndsWith("Async", System.StringComparison.Ordinal) ? method.Substring(0, method.Length - 5) : method;

        /// <summary>
        /// Emits the call site's field: the SQL constant and one <c>Value</c> per value, in slot order (where it is in the
        /// Where lambdas and the member it is compared with). Returns the field's name.
        /// </summary>
        private static string EmitSite(SourceWriter w, string sql, List<LoweredNode> values, int index, EquatableArray<string> selectorValues = default)
        {
            var name = "Site" + index.ToString(System.Globalization.CultureInfo.InvariantCulture);
            var text = new StringBuilder("private static readonly " + SiteType + " " + name + " = new " + SiteType + "(" + SymbolDisplay.FormatLiteral(sql, quote: true) + ")");
            AppendLiftedValues(text);
            foreach (var v in values)
            {
                var colon = v.Path!.IndexOf(':');
                text.Append(".Value(").Append(v.Path.Substring(0, colon)).Append(", ").Append(SymbolDisplay.FormatLiteral(v.Path.Substring(colon + 1), quote: true))
                    .Append(", ").Append(SymbolDisplay.FormatLiteral(v.Member!, quote: true)).Append(", typeof(").Append(v.MemberType).Append("))");
                AppendForm(text, v);
            }

            AppendSubqueries(text);
            AppendReal(text, values);
            foreach (var path in selectorValues)
            {
                text.Append(".SelectorValue(").Append(SymbolDisplay.FormatLiteral(path, quote: true)).Append(')');
            }

            w.Line(text.Append(_dateFormats).Append(';').ToString());
            return name;
        }

        private static string Comment(QueryChain chain)
        {
            var text = string.Join(" ", chain.Text.Split(new[] { '\r', '\n' }, System.StringSplitOptions.RemoveEmptyEntries).Select(l => l.Trim()));
            var where = chain.Location is { } l ? System.IO.Path.GetFileName(l.FilePath) + "(" + (l.StartLine + 1) + "): " : "";
            return where + text;
        }

        private static string Wrap(string interceptors)
        {
            var w = new SourceWriter();
            w.Line("// <auto-generated/> by MicroDb.Generator: build-time LINQ (see docs/architecture.md, \"Queries\").");
            w.Line("#nullable disable");
            w.Open("namespace System.Runtime.CompilerServices");
            w.Line("[global::System.AttributeUsage(global::System.AttributeTargets.Method, AllowMultiple = true)]");
            w.Open("file sealed class InterceptsLocationAttribute : global::System.Attribute");
            w.Open("public InterceptsLocationAttribute(int version, string data)");
            w.Line("_ = version;");
            w.Line("_ = data;");
            w.Close();
            w.Close();
            w.Close();
            w.Line();
            w.Open("namespace MicroDb.Generated");
            w.Line("using global::MicroDb.Query;");
            w.Line();
            w.Line("/// <summary>Inline LINQ queries lowered to SQL at build time: each interceptor calls QueryInterception with its SQL.</summary>");
            w.Open("file static class MicroDbQueryInterceptors");
            foreach (var line in interceptors.TrimEnd('\n').Split('\n'))
            {
                w.Line(line);
            }

            w.Close();
            w.Close();
            return w.ToString();
        }
    }
}
