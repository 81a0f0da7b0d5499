using System.Collections.Generic;
using System.Linq;
using System.Text;
using MicroDb.Generator.Model;
using MicroDb.Generator.Shared;
using MicroDb.Generator.Shared.Query;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.Operations;

namespace MicroDb.Generator;

// Sub-queries in a condition (one table's, a join's Where with the outer row by its "t<i>" alias, a grouping's Where before
// GroupBy, or nested in another sub-query as "s1" ...) or in a projection, written exactly as SqlTranslator.Subqueries.cs
// (and, in a projection, ProjectionSubqueries) builds them: db.Table<B>(), then Where calls (those before the first that
// reads the row are the table query's own), then Any/All (EXISTS / NOT EXISTS), Count/LongCount or an integer Sum compared
// with a value (a scalar sub-query; a nullable Min/Max/Average/Sum behind the run time's null guard, the sub-query written
// twice), or db.Table<B>().Select(b => b.Key).Contains(row.Member) (IN, or EXISTS for a string or nullable key); in a
// projection also Min/Max/Average, and double/float aggregates, lifted as columns after the members'. The correlation is
// an equality of integer, string, Guid or enum (by number) members, nullable or not (= / <>, or IS / IS NOT where either side can be null), with
// the enclosing row (the query's, or the enclosing sub-query's for a nested one). The table query may have its own
// OrderBy keys and constant Take/Skip before the Where calls (a "page" node: its limited rows, as SqlTranslator.Level
// writes them). A projection's sub-query may hold a nested one (checked by InterceptedSite.LiftedSubquery) and be read
// through numeric or nullable conversions. Other sub-queries (Take/Skip after a Where reading the row, other aggregates or correlations) are declined with a reason naming the sub-query and its
// run-time SQL form. A value inside a sub-query's lambda has an 'a' step in its path (a call's lambda argument's
// body), one in a Where before the call an 'o' step (the call it is made on); inside a projection's sub-query it is a
// LiftedValue, bound first. The interceptor checks at each run that each sub-query's table query is on the query's
// connection (InterceptedSite.Subquery, InterceptedSite.LiftedHold), as the run-time path requires. The async connection's
// table (AsyncTableQuery, AsyncSelectQuery.Contains) is lowered as the sync one.
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
                "Any" => "EXISTS at run time",
                "All" => "NOT EXISTS at run time",
                "Contains" => "IN or EXISTS at run time",
                // A table query ended in a row or a list (SqlTranslator.IsSubqueryCall does not take it): no SQL form.
                "First" or "FirstOrDefault" or "Single" or "SingleOrDefault" or "Last" or "LastOrDefault" or "ElementAt" or "ElementAtOrDefault" or "ToList" or "ToArray"
                    => $"the run-time path refuses it too: '{outer.TargetMethod.Name}' does not end it in one value",
                _ => "a scalar sub-query at run time",
            };
            var table = call.TargetMethod.ContainingType.TypeArguments[0].Name;
            return $"'{outer.Syntax}' is a sub-query over '{table}' ({form}), which is not lowered at build time";
        }

        /// <summary>
        /// Why a projection's sub-queries keep the chain on the run-time path (a terminal other than ToList, ToArray, First,
        /// FirstOrDefault, Single and SingleOrDefault or their Async forms, which QueryInterception.SelectSubqueries.cs runs), or null.
        /// </summary>
        private static string? LiftedReason(Lowering lowering, IInvocationOperation terminal)
        {
            var name = terminal.TargetMethod.Name;
            var sync = name.EndsWith("Async", System.StringComparison.Ordinal) ? name.Substring(0, name.Length - 5) : name;
            return lowering.Lifted.Count > 0 && sync is not ("ToList" or "ToArray" or "First" or "FirstOrDefault" or "Single" or "SingleOrDefault")
                ? $"'{name}' ends a projection with a sub-query, which is not lowered at build time (only ToList, ToArray, First, FirstOrDefault, Single and SingleOrDefault are)"
                : null;
        }

        private sealed partial class Lowering
        {
            // In a sub-query's own lambda: the lowering of the lambda it is in (a sub-query there is nested, aliased s1 ...).
            private Lowering? _parent;

            private bool _inner => _parent is not null;

            /// <summary>Set for a join's Where and a joined table's own (read in its ON condition): its sub-queries are lowered, the outer row's members resolved to the joined tables'.</summary>
            public bool JoinWhere { get; init; }

            /// <summary>Set for a grouping's condition after GroupBy (HAVING): its sub-queries are lowered, <c>g.Key</c> (or a key's part) resolved to the grouped table's member.</summary>
            public bool Having { get; init; }

            /// <summary>The sub-queries <see cref="Lift"/> took out of a projection, in the order written.</summary>
            public List<LoweredNode> Lifted { get; } = new();

            /// <summary>
            /// A sub-query as an element of a projection (<c>Lines = db.Table&lt;Line&gt;().Count(l =&gt; l.OrderId == o.Id)</c>): lifted out
            /// as a column, as the run time's ProjectionSubqueries does, and read by the projector as <c>(T)v[i]</c>. Null when
            /// <paramref name="operation"/> is no sub-query, or (with <see cref="Reason"/>) when it is declined.
            /// </summary>
            public string? Lift(IOperation operation)
            {
                // Read through numeric or nullable conversions ('(double)db.Table<B>().Sum(...)'): the run time lifts the call
                // and keeps the conversions in the selector, so the projector converts the value read as the call's type.
                var casts = "";
                while (operation is IConversionOperation { OperatorMethod: null, IsChecked: false } conversion
                    && (conversion.Conversion.IsNumeric || conversion.Conversion.IsNullable || conversion.Conversion.IsIdentity)
                    && Unconverted(conversion) is IInvocationOperation converted && SubqueryReason(converted) is not null)
                {
                    casts += "(" + conversion.Type!.ToDisplayString(SymbolDisplayFormat.FullyQualifiedFormat) + ")";
                    operation = conversion.Operand;
                }

                if (operation is IConversionOperation other && Unconverted(other.Operand) is IInvocationOperation within && SubqueryReason(within) is { } why)
                {
                    Decline(why + $": '{other.Syntax}' reads it through a checked, user-defined or non-numeric conversion");
                    return null;
                }

                if (operation is not IInvocationOperation call || SubqueryReason(call) is null)
                {
                    if (SubqueryReason(operation) is { } inside)
                    {
                        // The run time lifts only calls giving one value (ProjectionSubqueries), wherever they are in the selector;
                        // the projector reads the value, or the value through numeric or nullable conversions, not a computation over it.
                        var refused = operation.DescendantsAndSelf().OfType<IInvocationOperation>()
                            .FirstOrDefault(c => IsTableQuery(c.TargetMethod.ContainingType) && c.TargetMethod.Name is "First" or "FirstOrDefault" or "Single" or "SingleOrDefault" or "ToList" or "ToArray" or "Last" or "LastOrDefault" or "ElementAt" or "ElementAtOrDefault");
                        Decline(inside + (refused is not null
                            ? $": '{refused.TargetMethod.Name}' does not end it in one value per row (Count, LongCount, Any, All, Sum, Min, Max, Average or Select(...).Contains); the run-time path refuses it too"
                            : $": '{operation.Syntax}' computes over its value; only the value, or the value through numeric or nullable conversions, is read at build time"));
                    }

                    return null;
                }

                // A sub-query nested in it (reading its row) is written as in a condition; the interceptor checks its table
                // query's connection too (InterceptedSite.LiftedSubquery).
                if (Subquery(call, "") is not { } node)
                {
                    return null;
                }

                Lifted.Add(node);
                return casts + "(" + call.Type!.ToDisplayString(SymbolDisplayFormat.FullyQualifiedFormat) + ")v[" + (Lifted.Count - 1).ToString(System.Globalization.CultureInfo.InvariantCulture) + "]";
            }

            /// <summary>Whether the lambda of an enclosing sub-query's query (not this one's) reads <paramref name="operation"/>'s row.</summary>
            private bool ReadsAnOuterRow(IOperation operation) => _parent is { } parent && (parent.Uses(operation) || parent.ReadsAnOuterRow(operation));


            /// <summary>
            /// A sub-query reading this row: <c>db.Table&lt;B&gt;()</c>, then Where calls, the first reading the row (each a predicate in a
            /// <c>where</c> chain in Right, in call order; an <c>o</c> step in a path goes from a call to the one before it), then
            /// <c>Any(...)</c>/<c>All(...)</c> (an <c>exists</c>/<c>all</c> node), <c>Count</c>/<c>LongCount</c> (a <c>count</c> node,
            /// compared by <see cref="SubqueryComparison"/>), <c>Sum</c>/<c>Min</c>/<c>Max</c>/<c>Average</c> of an integer member
            /// (an <c>aggregate</c> node, Family LINQ's name, Left the member), or <c>db.Table&lt;B&gt;().Select(b =&gt; b.Key).Contains(row.Member)</c>
            /// (an <c>in</c> node). Member: the inner type's key, MemberType: its C# name, Path: the call's path, Left: the call's own condition.
            /// </summary>
            private LoweredNode? Subquery(IInvocationOperation call, string path)
            {
                var reason = SubqueryReason(call)!;
                if (_resolve is not null && !JoinWhere && !Having)
                {
                    // The run time writes these (a joined table's in its ON condition as the outer row); the build-time front end does not.
                    return Decline(reason + " in a joined table's own Where (its ON condition)");
                }

                var name = call.TargetMethod.Name;
                var contains = name == "Contains";
                var aggregate = name is "Sum" or "Min" or "Max" or "Average";
                // LINQ's Contains takes the Select first; the async connection's (AsyncSelectQuery.Contains) is called on it.
                var source = !contains ? call : call.Arguments.Length == 2 ? Unconverted(call.Arguments[0].Value) as IInvocationOperation
                    : call.Arguments.Length == 1 ? call.Instance as IInvocationOperation : null;
                var wheres = new List<(IAnonymousFunctionOperation Lambda, string Path)>();
                var instance = source?.Instance;
                // Contains reads its Select through LINQ's first argument ('0') or, the async connection's, as the instance ('o').
                var step = contains ? path + (call.Arguments.Length == 2 ? "0" : "o") + "o" : path + "o";
                while (instance is IInvocationOperation { TargetMethod: { Name: "Where", ContainingType.Name: "TableQuery" or "AsyncTableQuery" }, Arguments.Length: 1 } where
                    && LambdaOf(where.Arguments[0].Value) is { } whereLambda)
                {
                    // As SqlTranslator.Subquery: the Where calls before the first that reads the row are the table query's own
                    // (its WhereLambdas, translated first), the rest the correlated ones; either way their conditions in call order.
                    wheres.Insert(0, (whereLambda, step + "a"));
                    instance = where.Instance;
                    step += "o";
                }

                var lambda = source?.Arguments.Length == 1 ? LambdaOf(source.Arguments[0].Value) : null;
                LoweredNode? page = null;
                if (!TryPage(ref instance, ref step, reason, out page))
                {
                    return null;
                }

                if (source?.TargetMethod is not { ContainingType: { Name: "TableQuery" or "AsyncTableQuery" } type } method || IsCompat(type)
                    || !(contains ? method.Name == "Select" : method.Name is "Any" or "All" or "Count" or "LongCount" || aggregate)
                    || (lambda is null ? source.Arguments.Length != 0 || contains || aggregate || name == "All" : lambda.Symbol.Parameters.Length != 1)
                    || instance is not IInvocationOperation { TargetMethod.Name: "Table", Arguments.Length: 0, Instance: { } connection } root
                    || !IsConnection(root.TargetMethod.ContainingType, compat: false) || !IsClosedValue(connection) || Uses(connection))
                {
                    return Decline(reason + " (only db.Table<T>() on a captured connection, then Where calls, then Any, All, Count, LongCount, Sum, Min, Max or Average, and db.Table<T>().Select(x => x.Key).Contains(row.Member) are)");
                }

                if (!Uses(call) && ReadsAnOuterRow(call))
                {
                    return Decline(reason + ": it reads an outer query's row but not the enclosing sub-query's, which is not lowered at build time");
                }

                if (!Uses(call))
                {
                    return Decline(reason + (type.Name == "AsyncTableQuery"
                        ? ": it does not read the row, which is lowered only when it does"
                        : ": it does not read the row, so the run-time path runs it first as a value"));
                }

                if (type.TypeArguments[0] is not INamedTypeSymbol entity || !IsAccessible(entity))
                {
                    return Decline(reason + ": its row type is not accessible to generated code");
                }

                var inner = lambda is null ? null : new Lowering(lambda) { _parent = this };
                if (inner is { Body: null })
                {
                    return Decline(reason + ": its lambda has a statement body");
                }

                var typeKey = Parser.MetadataNameOf(entity);
                var typeName = entity.ToDisplayString(SymbolDisplayFormat.FullyQualifiedFormat);
                LoweredNode? chain = null;
                for (var i = wheres.Count - 1; i >= 0; i--)
                {
                    var own = new Lowering(wheres[i].Lambda) { _parent = this };
                    if (own.Body is null)
                    {
                        return Decline(reason + ": a Where lambda has a statement body");
                    }

                    if (Correlated(own, own.Body, wheres[i].Path, out var whereWhy) is not { } predicate)
                    {
                        return Decline(reason + ": " + whereWhy);
                    }

                    chain = new LoweredNode("where", Left: predicate, Right: chain);
                }

                if (page is not null)
                {
                    // The table query's OrderBy/Take/Skip head the chain (the emitter's Nested reads them as its source).
                    chain = page with { Right = chain };
                }

                if (contains)
                {
                    return Contains(inner!, call, typeKey, typeName, path, reason, chain);
                }

                if (aggregate)
                {
                    var returns = lambda!.Symbol.ReturnType is INamedTypeSymbol { OriginalDefinition.SpecialType: SpecialType.System_Nullable_T } nullable ? nullable.TypeArguments[0] : lambda.Symbol.ReturnType;
                    if (returns.SpecialType == SpecialType.System_Decimal)
                    {
                        return Decline(reason + $": {name} of a decimal has no exact SQL form over a sub-query (stored as text, it would add as REAL); the run-time path refuses it too");
                    }

                    // An integer member (Family integer), or a double or float member of its own type (Family real: Sum is total()).
                    var key = returns.SpecialType is SpecialType.System_Int32 or SpecialType.System_Int64 ? inner!.Key(inner.Body!) is { Right.Family: "integer" } integer ? integer : null
                        : returns.SpecialType is SpecialType.System_Double or SpecialType.System_Single ? inner!.Floating(inner.Body!, returns) : null;
                    if (key is null)
                    {
                        return Decline(reason + $": only an integer, double or float member of the row is aggregated at build time, not '{inner!.Body!.Syntax}'");
                    }

                    return new LoweredNode("aggregate", typeKey, typeName, name, path, Left: key, Right: chain);
                }

                LoweredNode? condition = null;
                if (inner is not null && (condition = Correlated(inner, inner.Body!, path + "a", out var why)) is null)
                {
                    return Decline(reason + ": " + why);
                }

                var op = name switch { "Any" => "exists", "All" => "all", _ => "count" };
                return new LoweredNode(op, typeKey, typeName, Path: path, Left: condition, Right: chain);
            }

            /// <summary>
            /// The table query's own <c>OrderBy</c>/<c>ThenBy</c> keys (members of its row) and <c>Take</c>/<c>Skip</c> (constant
            /// counts) before the sub-query's Where calls, as the run time evaluates them (<c>db.Table&lt;B&gt;().OrderBy(b =&gt; b.At).Take(3)</c>):
            /// a <c>page</c> node (Member the limit or null, Family the offset, Left the <c>order</c> keys in call order: Member,
            /// MemberType the key type, Family the method), null when there are none. <paramref name="instance"/> moves to what they
            /// are called on. False (declined) for a count that is not a constant, a key that is not a member, OrderBy after
            /// Take/Skip (a second limited level), a Where before them, or any of them reading the row (the run time refuses that).
            /// </summary>
            private bool TryPage(ref IOperation? instance, ref string step, string reason, out LoweredNode? page)
            {
                page = null;
                var counts = new List<(string Name, int Count)>();
                while (instance is IInvocationOperation { TargetMethod: { Name: "Take" or "Skip", ContainingType.Name: "TableQuery" or "AsyncTableQuery" } } paging)
                {
                    if (Uses(paging))
                    {
                        break;
                    }

                    if (paging.Arguments.Length != 1 || paging.Arguments[0].Value.ConstantValue is not { HasValue: true, Value: int count })
                    {
                        Decline(reason + $": '{paging.Syntax}' in the sub-query has a count that is not a constant, which is not lowered at build time");
                        return false;
                    }

                    counts.Insert(0, (paging.TargetMethod.Name, count));
                    instance = paging.Instance;
                    step += "o";
                }

                // The level's own OrderBy keys and Where conditions, in call order (one level of TableQuery: a Where before
                // Take/Skip filters the rows the level limits, as SqlTranslator.Level writes its WhereLambdas).
                var orders = new List<LoweredNode>();
                var level = new List<LoweredNode>();
                while (instance is IInvocationOperation { TargetMethod: { Name: "OrderBy" or "OrderByDescending" or "ThenBy" or "ThenByDescending" or "Where", ContainingType.Name: "TableQuery" or "AsyncTableQuery" } } order
                    && !Uses(order))
                {
                    var name = order.TargetMethod.Name;
                    if (name == "Where")
                    {
                        var own = order.Arguments.Length == 1 && LambdaOf(order.Arguments[0].Value) is { } whereLambda ? new Lowering(whereLambda) { _parent = this } : null;
                        if (own?.Body is null)
                        {
                            Decline(reason + ": a Where lambda has a statement body");
                            return false;
                        }

                        if (Correlated(own, own.Body, step + "a", out var whereWhy) is not { } predicate)
                        {
                            Decline(reason + ": " + whereWhy);
                            return false;
                        }

                        level.Insert(0, new LoweredNode("where", Left: predicate));
                        instance = order.Instance;
                        step += "o";
                        continue;
                    }

                    var key = order.Arguments.Length == 1 ? LambdaOf(order.Arguments[0].Value) : null;
                    var keyLowering = key is null ? null : new Lowering(key);
                    if (keyLowering?.Member(keyLowering.Body, out var member) is not { } family || family == "guid" || member is null)
                    {
                        Decline(reason + $": the key of '{name}' in the sub-query is not a member of its row that orders directly in SQL ({keyLowering?.Reason ?? "another expression"})");
                        return false;
                    }

                    if (!IsAccessible(order.TargetMethod.TypeArguments[0]))
                    {
                        Decline(reason + $": the key type of '{name}' in the sub-query is not accessible to generated code");
                        return false;
                    }

                    orders.Insert(0, new LoweredNode("order", member.Name, order.TargetMethod.TypeArguments[0].ToDisplayString(SymbolDisplayFormat.FullyQualifiedFormat), name));
                    level.Insert(0, orders[0]);
                    instance = order.Instance;
                    step += "o";
                }

                if (instance is IInvocationOperation { TargetMethod: { Name: "Take" or "Skip" or "OrderBy" or "OrderByDescending" or "ThenBy" or "ThenByDescending" or "Where" } } before && Uses(before))
                {
                    // Each outer row would have its own limited inner rows: no single inner query (SqlTranslator.Subquery throws).
                    Decline(reason + ": its Take, Skip or OrderBy reads the row or follows a Where that does, so each row would have its own inner rows (no single sub-query); the run-time path refuses it too");
                    return false;
                }

                if (counts.Count == 0 && level.Count == 0)
                {
                    return true;
                }

                if (instance is IInvocationOperation { TargetMethod.Name: "Take" or "Skip" or "OrderBy" or "OrderByDescending" or "ThenBy" or "ThenByDescending" or "Where" } second)
                {
                    Decline(reason + $": '{second.TargetMethod.Name}' before the sub-query's {(level.Count > 0 ? level[0].Family ?? "Where" : counts[0].Name)} (a second level of its limited rows) is not lowered at build time");
                    return false;
                }

                if (orders.Count > 0 && orders[0].Family!.StartsWith("ThenBy", System.StringComparison.Ordinal))
                {
                    Decline(reason + $": '{orders[0].Family}' in the sub-query does not follow OrderBy");
                    return false;
                }

                // As TableQuery.Take/Skip compose them (SqlPaging).
                int? limit = null;
                var offset = 0;
                foreach (var (name, count) in counts)
                {
                    if (name == "Take")
                    {
                        limit = SqlPaging.Take(limit, count);
                    }
                    else if (offset > int.MaxValue - System.Math.Max(0, count))
                    {
                        // The run time's checked sum throws; the generator must not.
                        Decline(reason + ": its Skip counts add up beyond int.MaxValue (the run-time path throws OverflowException)");
                        return false;
                    }
                    else
                    {
                        (limit, offset) = SqlPaging.Skip(limit, offset, count);
                    }
                }

                LoweredNode? keys = null;
                for (var i = level.Count - 1; i >= 0; i--)
                {
                    keys = level[i] with { Right = keys };
                }

                page = new LoweredNode("page", limit?.ToString(System.Globalization.CultureInfo.InvariantCulture), Family: offset.ToString(System.Globalization.CultureInfo.InvariantCulture), Left: keys);
                return true;
            }

            /// <summary>
            /// <c>Select(b =&gt; b.Key).Contains(row.Member)</c>: an <c>in</c> node whose Family is <c>in</c> for a non-nullable
            /// integer key (<c>row IN (SELECT key ...)</c>) or <c>exists</c> for a string or nullable one (EXISTS of the key's equality).
            /// The table query's own OrderBy/Take/Skip and Where calls before the Select (<paramref name="chain"/>, as for Any) are
            /// the key node's Left.
            /// </summary>
            private LoweredNode? Contains(Lowering inner, IInvocationOperation call, string typeKey, string typeName, string path, string reason, LoweredNode? chain)
            {
                var value = call.Arguments[call.Arguments.Length - 1].Value;
                if (inner.Key(inner.Body!) is not { } key || Key(value) is not { } row || !SameFamily(key, row))
                {
                    return Decline(reason + $": '{inner.Body!.Syntax}' and '{value.Syntax}' are not plain members of the two rows of one integer, string, Guid or enum type");
                }

                var nullable = CanBeNull(inner.Body!.Type) || CanBeNull(value.Type);
                var form = nullable || key.Right!.Family != "integer" ? "exists" : "in";
                return new LoweredNode("in", typeKey, typeName, Family: form, Path: path,
                    Left: new LoweredNode("key", key.Member, Family: nullable ? "is" : "=", Left: chain), Right: row.Right);
            }

            /// <summary>
            /// A comparison of a <c>Count</c>/<c>LongCount</c>/integer <c>Sum</c> sub-query, or of a nullable <c>Min</c>/<c>Max</c>/<c>Average</c>/<c>Sum</c>
            /// (MemberType <c>guarded</c>, or <c>floating</c> for an average), with a closed value (<c>... Count(l =&gt; ...) &gt; n</c>): a
            /// comparison node of family <c>subquery</c> (Left: the count, Path: the value's, ValueOnLeft as written), null when
            /// neither operand is a sub-query (the caller goes on), or declined.
            /// </summary>
            private (bool Handled, LoweredNode? Node) SubqueryComparison(IBinaryOperation b, string op, string path)
            {
                var onLeft = Unconverted(b.LeftOperand) is IInvocationOperation l && SubqueryReason(l) is not null;
                var (open, closed) = onLeft ? (b.LeftOperand, b.RightOperand) : (b.RightOperand, b.LeftOperand);
                if (Unconverted(open) is not IInvocationOperation call || SubqueryReason(call) is not { } reason)
                {
                    return (false, null);
                }

                // A nullable result (Min/Max/Average, or a Sum of a nullable selector) is compared as the run time's null guard
                // writes it: "(S IS NOT NULL AND S op ?)" (the 'guarded' MemberType), or "(S IS ?)" for an equality.
                var name = call.TargetMethod.Name;
                var nullable = call.Type is INamedTypeSymbol { OriginalDefinition.SpecialType: SpecialType.System_Nullable_T };
                var result = nullable ? ((INamedTypeSymbol)call.Type!).TypeArguments[0] : call.Type;
                if (name is "Min" or "Max" or "Average" && !nullable)
                {
                    return (true, Decline(reason + $": {name} over no rows throws in LINQ, which a condition cannot do in SQL (the run-time path refuses it too); use a nullable selector ('(int?)x.Value')"));
                }

                if (!(name is "Count" or "LongCount" || name is "Sum" or "Min" or "Max" && result?.SpecialType is SpecialType.System_Int32 or SpecialType.System_Int64
                    || name == "Average" && result?.SpecialType == SpecialType.System_Double))
                {
                    return (true, Decline(reason + ": only Count, LongCount, and Sum, Min, Max and Average of integers are compared at build time"));
                }

                if (b.IsLifted != nullable || b.OperatorMethod is not null || (nullable ? open is IConversionOperation : !IsIntegralConversions(open)))
                {
                    return (true, Decline(reason + $": '{b.Syntax}' compares it through a conversion or a nullable value"));
                }

                if (name == "Average" && op is "=" or "<>")
                {
                    return (true, Decline(reason + $": '{b.Syntax}' compares an average for equality, which is not lowered at build time"));
                }

                // A nullable comparison reads the value through its lifting conversion (to int?, double? ...), which the tree keeps.
                if (nullable && closed is IConversionOperation { OperatorMethod: null, IsImplicit: true } lifting)
                {
                    closed = lifting.Operand;
                }

                if (Uses(closed) || !IsClosedValue(closed) || closed.ConstantValue is { HasValue: true, Value: null })
                {
                    return (true, Decline(reason + $": '{closed.Syntax}' is not a constant or a captured variable, field or property"));
                }

                var count = Subquery(call, path + (onLeft ? "L" : "R"));
                return (true, count is null ? null : new LoweredNode(op, MemberType: nullable ? (name == "Average" ? "floating" : "guarded") : null, Family: "subquery",
                    Path: path + (onLeft ? "R" : "L"), ValueOnLeft: !onLeft, Left: count));
            }

            private static bool IsIntegralConversions(IOperation operation)
            {
                while (operation is IConversionOperation conversion)
                {
                    if (conversion.OperatorMethod is not null || !IsIntegralOrEnum(conversion.Type) || !IsIntegralOrEnum(conversion.Operand.Type))
                    {
                        return false;
                    }

                    operation = conversion.Operand;
                }

                return true;
            }

            private static IOperation Unconverted(IOperation operation)
            {
                while (operation is IConversionOperation { OperatorMethod: null } conversion)
                {
                    operation = conversion.Operand;
                }

                return operation;
            }

            private static bool CanBeNull(ITypeSymbol? type) =>
                type is null || !type.IsValueType || type.OriginalDefinition.SpecialType == SpecialType.System_Nullable_T;

            /// <summary>
            /// A property of this lambda's row of integer, string, Guid or enum type (through integral and nullable conversions, nullable
            /// members included): a <c>key</c> node (Member) whose Right is an <c>outer</c> node (Member, Family <c>integer</c>, <c>string</c>,
            /// <c>guid</c> or <c>enum</c>, MemberType an enum's type); else null.
            /// </summary>
            private LoweredNode? Key(IOperation operation)
            {
                while (operation is IConversionOperation { OperatorMethod: null } conversion && (conversion.Conversion.IsNullable || conversion.Conversion.IsIdentity
                    || IsIntegralOrEnum(conversion.Type) && IsIntegralOrEnum(conversion.Operand.Type)))
                {
                    operation = conversion.Operand;
                }

                // In a join's Where, a member of the joined result: the table it belongs to (Table) and that table's member.
                var table = 0;
                IPropertySymbol property;
                if (_resolve is not null)
                {
                    if (_resolve(operation) is not { } resolved)
                    {
                        return null;
                    }

                    (table, property) = resolved;
                }
                else if (operation is IPropertyReferenceOperation { Instance: IParameterReferenceOperation instance, Property: { Parameters.Length: 0 } own }
                    && SymbolEqualityComparer.Default.Equals(instance.Parameter, _parameter))
                {
                    property = own;
                }
                else
                {
                    return null;
                }

                var type = property.Type is INamedTypeSymbol { OriginalDefinition.SpecialType: SpecialType.System_Nullable_T } nullable ? nullable.TypeArguments[0] : property.Type;
                var family = FamilyOf(type);
                // An enum pairs only with its own type (MemberType), as the run time compares two columns stored alike.
                return family is "integer" or "string" or "guid" or "enum"
                    ? new LoweredNode("key", property.Name, Right: new LoweredNode("outer", property.Name, family == "enum" ? type.ToDisplayString(SymbolDisplayFormat.FullyQualifiedFormat) : null, Family: family, Table: table))
                    : null;
            }

            /// <summary>
            /// A property of this lambda's row of type <paramref name="type"/> (<c>double</c> or <c>float</c>, nullable or not, read
            /// as it is or through its nullable conversion): a <c>key</c> node (Member, Family <c>real</c>); else null.
            /// </summary>
            private LoweredNode? Floating(IOperation operation, ITypeSymbol type)
            {
                while (operation is IConversionOperation { OperatorMethod: null } conversion && (conversion.Conversion.IsNullable || conversion.Conversion.IsIdentity))
                {
                    operation = conversion.Operand;
                }

                return operation is IPropertyReferenceOperation { Instance: IParameterReferenceOperation instance, Property: { Parameters.Length: 0 } property }
                    && SymbolEqualityComparer.Default.Equals(instance.Parameter, _parameter)
                    && SymbolEqualityComparer.Default.Equals(property.Type is INamedTypeSymbol { OriginalDefinition.SpecialType: SpecialType.System_Nullable_T } nullable ? nullable.TypeArguments[0] : property.Type, type)
                    ? new LoweredNode("key", property.Name, Family: "real")
                    : null;
            }

            /// <summary>
            /// The sub-query's condition: <c>&amp;&amp;</c> of parts, each an equality of an inner and an outer member of integer or
            /// string type, nullable or not (<c>corr</c>, Family the run time's operator: <c>=</c>, <c>&lt;&gt;</c>, <c>is</c> or
            /// <c>is not</c>), or a condition over the inner row only (the one-table lowering).
            /// </summary>
            private LoweredNode? Correlated(Lowering inner, IOperation operation, string path, out string? why)
            {
                why = null;
                if (ReadsAnOuterRow(operation))
                {
                    why = $"'{operation.Syntax}' reads an outer query's row inside a nested sub-query, which is not lowered at build time";
                    return null;
                }

                if (!Uses(operation))
                {
                    var own = inner.Condition(operation, path);
                    why = inner.Reason;
                    return own;
                }

                if (operation is IBinaryOperation { OperatorKind: BinaryOperatorKind.ConditionalAnd or BinaryOperatorKind.ConditionalOr } logic && inner.Uses(logic.LeftOperand))
                {
                    // && and || (and ! below) of correlated parts, written as the run time writes them (MicroDbGenerator.SubqueryConditions.cs).
                    var left = Correlated(inner, logic.LeftOperand, path + "L", out why);
                    var right = left is null ? null : Correlated(inner, logic.RightOperand, path + "R", out why);
                    return right is null ? null : new LoweredNode(logic.OperatorKind == BinaryOperatorKind.ConditionalAnd ? "and" : "or", Left: left, Right: right);
                }

                if (operation is IUnaryOperation { OperatorKind: UnaryOperatorKind.Not, OperatorMethod: null } not)
                {
                    return Correlated(inner, not.Operand, path + "O", out why) is { } negated ? new LoweredNode("not", Left: negated) : null;
                }

                if (operation is IBinaryOperation { OperatorKind: BinaryOperatorKind.Equals or BinaryOperatorKind.NotEquals } b
                    && (b.OperatorMethod is null || b.OperatorMethod.ContainingType.SpecialType == SpecialType.System_String || FamilyOf(b.OperatorMethod.ContainingType) == "guid"))
                {
                    var outerLeft = Uses(b.LeftOperand);
                    var (own, other) = outerLeft ? (b.RightOperand, b.LeftOperand) : (b.LeftOperand, b.RightOperand);
                    if (!Uses(own) && !inner.Uses(other) && inner.Key(own) is { } innerKey && Key(other) is { } outerKey && SameFamily(innerKey, outerKey))
                    {
                        var nullable = CanBeNull(b.LeftOperand.Type) || CanBeNull(b.RightOperand.Type);
                        var equal = b.OperatorKind == BinaryOperatorKind.Equals;
                        return new LoweredNode("corr", innerKey.Member, Family: nullable ? (equal ? "is" : "is not") : (equal ? "=" : "<>"),
                            ValueOnLeft: outerLeft, Right: outerKey.Right);
                    }
                }

                // An ordering of two non-nullable integer members, read as they are (no conversion): (a op b), as the run time writes it.
                if (operation is IBinaryOperation { OperatorMethod: null, IsLifted: false, LeftOperand: IPropertyReferenceOperation, RightOperand: IPropertyReferenceOperation } order
                    && order.OperatorKind is BinaryOperatorKind.LessThan or BinaryOperatorKind.LessThanOrEqual or BinaryOperatorKind.GreaterThan or BinaryOperatorKind.GreaterThanOrEqual
                    && !CanBeNull(order.LeftOperand.Type) && !CanBeNull(order.RightOperand.Type))
                {
                    var outerLeft = Uses(order.LeftOperand);
                    var (own, other) = outerLeft ? (order.RightOperand, order.LeftOperand) : (order.LeftOperand, order.RightOperand);
                    if (!Uses(own) && !inner.Uses(other) && inner.Key(own) is { Right.Family: "integer" } innerKey && Key(other) is { Right.Family: "integer" } outerKey)
                    {
                        var written = order.OperatorKind switch
                        {
                            BinaryOperatorKind.LessThan => "<",
                            BinaryOperatorKind.LessThanOrEqual => "<=",
                            BinaryOperatorKind.GreaterThan => ">",
                            _ => ">=",
                        };
                        return new LoweredNode("corr", innerKey.Member, Family: written, ValueOnLeft: outerLeft, Right: outerKey.Right);
                    }
                }

                why = SubqueryReason(operation) is not null
                    ? $"'{operation.Syntax}' is a sub-query nested in it that reads the outer query's row, which is not lowered at build time"
                    : $"'{operation.Syntax}' reads the outer row other than as 'inner.Member == outer.Member' of integer, string, Guid or enum members";
                return null;
            }

            /// <summary>Whether two <see cref="Key"/> nodes compare as the run time compares two columns: one family, an enum with its own type.</summary>
            private static bool SameFamily(LoweredNode a, LoweredNode b) => a.Right!.Family == b.Right!.Family && a.Right.MemberType == b.Right.MemberType;
        }
    }

    private static partial class InterceptorEmitter
    {
        // The models by type key, for a sub-query's table (set by Plan), and the sub-queries of the chain being written (for its site).
        [System.ThreadStatic]
        private static Dictionary<string, EntityModel>? _tables;

        [System.ThreadStatic]
        private static List<(int Where, string Path)>? _subqueries;

        // The values inside the lifted sub-queries of the projection being written (bound before the Where values), or null.
        [System.ThreadStatic]
        private static List<LoweredNode>? _liftedValues;

        // The sub-queries nested in the lifted ones (lifted index, path from the lifted call), checked by the site, or null.
        [System.ThreadStatic]
        private static List<(int Lifted, string Path)>? _liftedSubqueries;

        // The joined tables of the join whose Where holds the sub-query being written (null over one table).
        [System.ThreadStatic]
        private static IReadOnlyList<EntityModel>? _joined;

        // How deep the sub-query being written is nested: its alias is "s<depth>", its enclosing row's "s<depth - 1>" (or the table's name).
        [System.ThreadStatic]
        private static int _depth;

        /// <summary>
        /// <see cref="Subquery"/> in a condition: over one table, or (<paramref name="joined"/>, a sub-query of a join's Where)
        /// with the outer row's members the joined tables', qualified by their aliases, as the run time's JoinScope names them.
        /// </summary>
        private static SqlExpression? JoinedSubquery(LoweredNode node, EntityModel model, List<LoweredNode> values, int where, ref string? declined, IReadOnlyList<EntityModel>? joined)
        {
            if (joined is null || _depth > 0)
            {
                return Subquery(node, model, values, where, ref declined);
            }

            _joined = joined;
            try
            {
                return Subquery(node, model, values, where, ref declined);
            }
            finally
            {
                _joined = null;
            }
        }

        /// <summary>Whether <paramref name="node"/> is a sub-query's (its members are its own table's) or a comparison with one.</summary>
        private static bool IsSubqueryNode(LoweredNode node) => node.Op is "exists" or "all" or "count" or "in" or "aggregate" || node.Family == "subquery";

        /// <summary>
        /// A sub-query node as SqlTranslator.Subqueries.cs builds it: <c>EXISTS (SELECT 1 FROM "B" AS "s0" WHERE ...)</c>, for All
        /// <c>(NOT EXISTS (... WHERE (NOT (condition))))</c>, for Count <c>(SELECT count(*) ...)</c> compared with a value, for
        /// Contains <c>"Key" IN (SELECT "s0"."Key" ...)</c> or EXISTS of the keys' equality; the outer row's columns qualified by
        /// its table's name.
        /// </summary>
        private static SqlExpression? Subquery(LoweredNode node, EntityModel outer, List<LoweredNode> values, int where, ref string? declined)
        {
            if (node.Family == "subquery")
            {
                return Compared(node, outer, values, where, ref declined);
            }

            if (_tables is null || !_tables.TryGetValue(node.Member!, out var inner))
            {
                declined = $"the sub-query's type '{node.MemberType}' has no generated map";
                return null;
            }

            var from = new SqlTable(inner.TableName, SubqueryAlias(_depth));
            if (node.Op == "in")
            {
                // Contains: Family "in" for a non-nullable integer key, else EXISTS of the keys' equality (Left's Family the operator).
                var equality = Correlation(node.Left! with { Right = node.Right, Left = null }, inner, outer, _depth, ref declined);
                if (equality is not SqlGroup { Inner: SqlBinary { Left: SqlColumn key, Right: SqlColumn row } })
                {
                    return null;
                }

                // The table query's own OrderBy/Take/Skip and Where calls (as SqlTranslator.Subquery reads them), written one level deeper.
                _depth++;
                List<SqlExpression>? own;
                SqlSource? source;
                try
                {
                    source = Own(node.Left!.Left, inner, outer, from, values, where, out own, ref declined);
                }
                finally
                {
                    _depth--;
                }

                if (source is null)
                {
                    return null;
                }

                _subqueries?.Add((where, node.Path!));
                if (node.Family == "in")
                {
                    var keys = QueryModel.Select(source, new ValueList<SqlExpression>(new SqlExpression[] { key })) with { Predicates = new ValueList<SqlExpression>(own!.ToArray()) };
                    return new SqlInQuery(_depth == 0 && _joined is null ? row with { Table = null } : row, keys, Negated: false);
                }

                own!.Add(equality);
                return new SqlExists(QueryModel.Select(source, One) with { Predicates = new ValueList<SqlExpression>(own.ToArray()) });
            }

            _depth++;
            try
            {
                return Nested(node, inner, outer, from, values, where, ref declined);
            }
            finally
            {
                _depth--;
            }
        }

        /// <summary>The alias of the sub-query nested <paramref name="depth"/> deep (<c>s0</c>, <c>s1</c> ...), as SqlTranslator.Subquery names it.</summary>
        private static string SubqueryAlias(int depth) => SqlAliases.Subquery(depth);

        /// <summary>
        /// What a sub-query reads and its Where calls' conditions (in call order), from its chain (<paramref name="first"/>: a
        /// <c>page</c> node for the table query's own OrderBy/Take/Skip, then <c>where</c> nodes), as SqlTranslator.Subquery
        /// builds them; written one level deeper (<see cref="_depth"/>). Null (with <paramref name="declined"/>) when one is declined.
        /// </summary>
        private static SqlSource? Own(LoweredNode? first, EntityModel inner, EntityModel outer, SqlTable from, List<LoweredNode> values, int where, out List<SqlExpression> predicates, ref string? declined)
        {
            // The table query's own OrderBy/Take/Skip (a "page" node heading the chain): its limited rows, read as a sub-query.
            predicates = new List<SqlExpression>();
            SqlSource source = from;
            if (first is { Op: "page" } page)
            {
                if (Limited(page, inner, outer, from, values, where, predicates, ref declined) is not { } limited)
                {
                    return null;
                }

                source = limited;
                first = page.Right;
            }

            for (var chain = first; chain is not null; chain = chain.Right)
            {
                if (InnerCondition(chain.Left!, inner, outer, values, where, ref declined) is not { } predicate)
                {
                    return null;
                }

                predicates.Add(predicate);
            }

            return source;
        }

        /// <summary>The rest of <see cref="Subquery"/> for an EXISTS, NOT EXISTS or scalar sub-query, written one level deeper (<see cref="_depth"/>).</summary>
        private static SqlExpression? Nested(LoweredNode node, EntityModel inner, EntityModel outer, SqlTable from, List<LoweredNode> values, int where, ref string? declined)
        {
            // The Where calls' conditions (in call order), then the call's own, as SqlTranslator.Subquery adds them.
            if (Own(node.Right, inner, outer, from, values, where, out var predicates, ref declined) is not { } source)
            {
                return null;
            }

            SqlExpression projection = SqlLiteral.One;
            if (node.Op == "aggregate")
            {
                var real = node.Left!.Family == "real";
                var column = inner.Columns.FirstOrDefault(c => c.MemberName == node.Left!.Member);
                if (column is null || !(real ? column.Kind is ColumnKind.Double or ColumnKind.Single : Fits(column.Kind, "integer")))
                {
                    declined = $"the sub-query's member '{node.Left!.Member}' is not stored as {(real ? "a double or float" : "an integer")}";
                    return null;
                }

                // SqlAggregates, as SqlTranslator.AggregateSubquery writes it (LINQ's Sum gives 0 for no rows; total() for a floating one).
                projection = SqlAggregates.OfSubquery(node.Family!, new SqlColumn(column.ColumnName, from.Alias), integral: !real);
            }
            else if (node.Op == "count")
            {
                projection = CountAll[0];
            }

            if (node.Left is { } own && node.Op != "aggregate")
            {
                if (InnerCondition(own, inner, outer, values, where, ref declined) is not { } condition)
                {
                    return null;
                }

                predicates.Add(node.Op == "all" ? new SqlGroup(new SqlUnary(SqlUnaryOperator.Not, new SqlGroup(condition))) : condition);
            }

            _subqueries?.Add((where, node.Path!));
            var model = QueryModel.Select(source, new ValueList<SqlExpression>(new[] { projection })) with
            {
                Predicates = predicates.Count == 0 ? ValueList<SqlExpression>.Empty : new ValueList<SqlExpression>(predicates.ToArray()),
            };
            if (node.Op is "count" or "aggregate")
            {
                return new SqlScalarQuery(model);
            }

            var exists = new SqlExists(model);
            return node.Op == "all" ? new SqlGroup(new SqlUnary(SqlUnaryOperator.Not, exists)) : exists;
        }

        /// <summary>
        /// What a sub-query with its own OrderBy/Take/Skip reads, as SqlTranslator.Level writes it: with a limit or an offset,
        /// <c>(SELECT every column FROM "B" AS "s0" ORDER BY "s0"."Key" LIMIT n OFFSET m) AS "s0"</c>; without, the table
        /// itself (an ordering alone changes no answer: the run time drops it). The level's own Where conditions (<c>where</c>
        /// nodes among the keys) are the limited SELECT's, or, not limited, added to <paramref name="predicates"/> first. Null
        /// (with <paramref name="declined"/>) when a key is stored as a kind that orders by the run-time translator's rules.
        /// </summary>
        private static SqlSource? Limited(LoweredNode page, EntityModel inner, EntityModel outer, SqlTable from, List<LoweredNode> values, int where, List<SqlExpression> predicates, ref string? declined)
        {
            var orderings = new List<SqlOrdering>();
            var own = new List<SqlExpression>();
            var group = 0;
            for (var key = page.Left; key is not null; key = key.Right)
            {
                if (key.Op == "where")
                {
                    // The level's own Where (before its Take/Skip): in the limited rows' SELECT, or the sub-query's first conditions.
                    if (InnerCondition(key.Left!, inner, outer, values, where, ref declined) is not { } condition)
                    {
                        return null;
                    }

                    own.Add(condition);
                    continue;
                }

                var column = inner.Columns.FirstOrDefault(c => c.MemberName == key.Member);
                if (column is null || !Fits(column.Kind, Family(key.MemberType!, column.Kind)))
                {
                    declined = $"the sub-query's ordering member '{key.Member}' is stored as {column?.Kind.ToString() ?? "no column"}, which orders by the run-time translator's rules";
                    return null;
                }

                AddOrdering(orderings, new SqlColumn(column.ColumnName, from.Alias), key.Family!, ref group);
            }

            var offset = int.Parse(page.Family!, System.Globalization.CultureInfo.InvariantCulture);
            if (page.Member is null && offset == 0)
            {
                // Not limited: the run time drops the orderings and reads the level's conditions as the sub-query's own.
                predicates.AddRange(own);
                return from;
            }

            var limit = page.Member is null ? (int?)null : int.Parse(page.Member, System.Globalization.CultureInfo.InvariantCulture);
            var columns = new ValueList<SqlExpression>(inner.Columns.Select(c => (SqlExpression)new SqlColumn(c.ColumnName)).ToArray());
            var level = new QueryModel(new SqlTable(from.Name, from.Alias), columns, false, new ValueList<SqlExpression>(own.ToArray()), new ValueList<SqlOrdering>(orderings.ToArray()), limit, offset);
            return new SqlSubquery(level, from.Alias);
        }

        /// <summary>
        /// A Count sub-query compared with a value, as the run time's Equality/Ordering write it: the value bound as one compared
        /// with no column, written where C# has it for an ordering (an equality puts the sub-query first).
        /// </summary>
        private static SqlExpression? Compared(LoweredNode node, EntityModel outer, List<LoweredNode> values, int where, ref string? declined)
        {
            var equality = node.Op is "=" or "<>";
            var nullable = node.MemberType is "guarded" or "floating";

            // A nullable result's ordering is guarded by "S IS NOT NULL AND": the sub-query written (and its values bound) twice.
            // An average (a floating key) is written sub-query first, the operator flipped, as the run time's Ordering does.
            var valueOnLeft = node.ValueOnLeft && node.MemberType != "floating";
            var guard = nullable && !equality ? Subquery(node.Left!, outer, values, where, ref declined) : null;
            if (nullable && !equality && guard is null)
            {
                return null;
            }

            SqlExpression? value = null;
            if (!equality && valueOnLeft)
            {
                value = Unmapped(node, values, where);
            }

            var scalar = Subquery(node.Left!, outer, values, where, ref declined);
            if (scalar is null)
            {
                return null;
            }

            value ??= Unmapped(node, values, where);
            var written = node.ValueOnLeft && !valueOnLeft ? Flip(node.Op) : node.Op;
            var op = SqlComparisons.Of(written, nullable);
            SqlExpression comparison = !equality && valueOnLeft ? new SqlBinary(value, op, scalar) : new SqlBinary(scalar, op, value);
            return new SqlGroup(guard is null ? comparison : new SqlBinary(new SqlIsNull(guard, Negated: true), SqlOperator.And, comparison));
        }

        /// <summary>The operator with its operands swapped (<c>a &lt; b</c> is <c>b &gt; a</c>).</summary>
        private static string Flip(string op) => op switch
        {
            "<" => ">",
            "<=" => ">=",
            ">" => "<",
            ">=" => "<=",
            _ => op,
        };

        /// <summary>A value compared with no column (the site's member is empty: bound as the translator binds such a value).</summary>
        private static SqlParameter Unmapped(LoweredNode node, List<LoweredNode> values, int where)
        {
            var parameter = new SqlParameter(values.Count, null);
            values.Add(new LoweredNode("value", "", "object", Path: where.ToString(System.Globalization.CultureInfo.InvariantCulture) + ":" + node.Path));
            return parameter;
        }

        private static SqlExpression? InnerCondition(LoweredNode node, EntityModel inner, EntityModel outer, List<LoweredNode> values, int where, ref string? declined)
        {
            switch (node.Op)
            {
                case "and" or "or":
                    {
                        var left = InnerCondition(node.Left!, inner, outer, values, where, ref declined);
                        var right = left is null ? null : InnerCondition(node.Right!, inner, outer, values, where, ref declined);
                        return right is null ? null : new SqlGroup(new SqlBinary(left!, node.Op == "and" ? SqlOperator.And : SqlOperator.Or, right));
                    }

                case "not":
                    return InnerCondition(node.Left!, inner, outer, values, where, ref declined) is { } operand ? new SqlGroup(new SqlUnary(SqlUnaryOperator.Not, operand)) : null;

                case "corr":
                    return Correlation(node, inner, outer, _depth - 1, ref declined);

                default:
                    {
                        // Written one level deeper than the sub-query (Nested): its columns are named by its alias.
                        var own = Condition(node, inner, values, where, ref declined);
                        return own is null ? null : Qualify(own, SubqueryAlias(_depth - 1));
                    }
            }
        }

        /// <summary>
        /// The equality of the sub-query's member and the row's as the run time's Equality writes two row operands: <c>=</c>/<c>&lt;&gt;</c>,
        /// or <c>IS</c>/<c>IS NOT</c> when either can be null (a string or a nullable member), in the order C# has them.
        /// </summary>
        private static SqlExpression? Correlation(LoweredNode node, EntityModel inner, EntityModel outer, int depth, ref string? declined)
        {
            var family = node.Right!.Family!;
            // The outer row of a join's sub-query is the joined table the member belongs to, named by its alias.
            var joined = depth == 0 && _joined is not null && node.Right.Table < _joined.Count ? _joined[node.Right.Table] : null;
            var own = inner.Columns.FirstOrDefault(c => c.MemberName == node.Member);
            var other = (joined ?? outer).Columns.FirstOrDefault(c => c.MemberName == node.Right.Member);
            // An enum stored by name is refused by the run time (QueryReasons.TextEnumCompared, StoredDifferently): by number only.
            if (own is null || other is null || !Fits(own.Kind, family) || !Fits(other.Kind, family) || family == "enum" && (own.Kind != ColumnKind.Enum || other.Kind != ColumnKind.Enum))
            {
                declined = $"the sub-query's key '{node.Member}' or the row's '{node.Right.Member}' is not stored as {(family == "enum" ? "an enum's number" : family)}";
                return null;
            }

            SqlExpression a = new SqlColumn(own.ColumnName, SubqueryAlias(depth));
            SqlExpression b = new SqlColumn(other.ColumnName, joined is not null ? SqlAliases.Table(node.Right.Table) : depth == 0 ? outer.TableName : SubqueryAlias(depth - 1));
            var op = node.Family switch
            {
                "is" => SqlOperator.Is,
                "is not" => SqlOperator.IsNot,
                // =, <> and (two non-nullable integer members) the orderings, written as the run time's Ordering writes two columns.
                var written => SqlComparisons.Of(written!),
            };
            return new SqlGroup(node.ValueOnLeft ? new SqlBinary(b, op, a) : new SqlBinary(a, op, b));
        }

        /// <summary>
        /// A projection's columns followed by its lifted sub-queries (ProjectionPlan: the members' columns, or <c>1</c> when it
        /// reads none, then each sub-query's value); null when one is declined. Their table queries are checked at run time
        /// (QueryInterception.SelectSubqueries.cs), not by the site.
        /// </summary>
        private static ValueList<SqlExpression>? WithLifted(ChainStep select, EntityModel model, ValueList<SqlExpression> columns, ref string? declined)
        {
            if (select.Lifted.Count == 0)
            {
                return columns;
            }

            var all = new List<SqlExpression>(columns.Count == 0 ? One : columns);
            var checks = _subqueries;
            _subqueries = new List<(int, string)>();
            _liftedValues = new List<LoweredNode>();
            try
            {
                // A value inside the i-th lifted sub-query has the path "i:steps from the call" (the site's LiftedValue).
                for (var i = 0; i < select.Lifted.Count; i++)
                {
                    if (Subquery(select.Lifted[i], model, _liftedValues, i, ref declined) is not { } column)
                    {
                        return null;
                    }

                    all.Add(column);
                }
            }
            finally
            {
                // The lifted calls themselves are checked by the run time's plan (LiftedHold); the nested ones by the site.
                _liftedSubqueries = _subqueries.Where(s => s.Path.Length > 0).Distinct().ToList();
                _subqueries = checks;
            }

            return new ValueList<SqlExpression>(all.ToArray());
        }

        /// <summary>The one-table lowering's node over the sub-query's table, its columns named by its alias (<c>s0</c>, or <c>s1</c> ... nested).</summary>
        private static SqlExpression Qualify(SqlExpression node, string alias) => node switch
        {
            SqlColumn { Table: null } column => column with { Table = alias },
            SqlGroup group => new SqlGroup(Qualify(group.Inner, alias)),
            SqlBinary binary => binary with { Left = Qualify(binary.Left, alias), Right = Qualify(binary.Right, alias) },
            SqlUnary unary => unary with { Operand = Qualify(unary.Operand, alias) },
            SqlIsNull isNull => isNull with { Operand = Qualify(isNull.Operand, alias) },
            SqlCast cast => cast with { Operand = Qualify(cast.Operand, alias) },
            _ => QualifyMore(node, alias), // functions, LIKE, IN, COLLATE, CASE: MicroDbGenerator.SubqueryConditions.cs
        };

        /// <summary>Numbers the Where values after those inside the lifted sub-queries (the SELECT list is written, and bound, first).</summary>
        private static void OffsetForLifted(List<SqlExpression> predicates)
        {
            var count = _liftedValues?.Count ?? 0;
            for (var i = 0; count > 0 && i < predicates.Count; i++)
            {
                predicates[i] = SqlSlots.Offset(predicates[i], count);
            }
        }

        /// <summary>Appends the values inside the projection's lifted sub-queries to its site (<c>.LiftedValue(lifted, path, member, type)</c>), then forgets them.</summary>
        private static void AppendLiftedValues(StringBuilder text)
        {
            foreach (var v in _liftedValues ?? new List<LoweredNode>())
            {
                var colon = v.Path!.IndexOf(':');
                text.Append(".LiftedValue(").Append(v.Path.Substring(0, colon)).Append(", ").Append(SymbolDisplay.FormatLiteral(v.Path.Substring(colon + 1), quote: true))
                    .Append(", ").Append(SymbolDisplay.FormatLiteral(v.Member!, quote: true)).Append(", typeof(").Append(v.MemberType).Append("))");
            }

            foreach (var (lifted, path) in _liftedSubqueries ?? new List<(int, string)>())
            {
                text.Append(".LiftedSubquery(").Append(lifted.ToString(System.Globalization.CultureInfo.InvariantCulture)).Append(", ").Append(SymbolDisplay.FormatLiteral(path, quote: true)).Append(')');
            }

            AppendLiftedChecks(text, _liftedValues ?? new List<LoweredNode>());
            _liftedValues = null;
            _liftedSubqueries = null;
        }

        /// <summary>Appends the chain's sub-query checks to its site (<c>.Subquery(where, path)</c>).</summary>
        private static void AppendSubqueries(StringBuilder text)
        {
            // A guarded comparison writes its sub-query twice: one check each.
            foreach (var (where, path) in (_subqueries ?? new List<(int, string)>()).Distinct())
            {
                text.Append(".Subquery(").Append(where.ToString(System.Globalization.CultureInfo.InvariantCulture)).Append(", ").Append(SymbolDisplay.FormatLiteral(path, quote: true)).Append(')');
            }
        }
    }
}
