using System.Collections.Generic;
using System.Linq;
using System.Threading;
using MicroDb.Generator.Model;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.Operations;

namespace MicroDb.Generator;

public sealed partial class MicroDbGenerator
{
    // The build-time front end for joins: a terminal on JoinQuery<TResult> whose chain, written in one expression, starts
    // at Table<T>().Join/LeftJoin/GroupJoin(Table<TInner>(), ...). Lambdas are read through "shapes": what each lambda
    // parameter stands for (a table's row, a member of one, or the anonymous object an earlier selector built), which is
    // what the run time's RowSubstitution does to the same trees.
    private static partial class QueryChains
    {
        /// <summary>A terminal of a grouped query: reported (MDB0013) and left to the run-time path.</summary>
        private static bool IsGroupQuery(INamedTypeSymbol? type) =>
            type is { Name: "GroupByQuery" or "AsyncGroupByQuery", Arity: 2 } or { Name: "GroupedQuery" or "AsyncGroupedQuery", Arity: 1 } && InMicroDbQuery(type);

        private static bool IsJoinQuery(INamedTypeSymbol? type) =>
            type is { Name: "JoinQuery" or "AsyncJoinQuery", Arity: 1 } or { Name: "GroupJoinQuery" or "AsyncGroupJoinQuery", Arity: 2 } && InMicroDbQuery(type);

        private static bool InMicroDbQuery(INamedTypeSymbol type) =>
            type.ContainingNamespace is { Name: "Query", ContainingNamespace: { Name: "MicroDb", ContainingNamespace.IsGlobalNamespace: true } };

        /// <summary>The entity of the <c>Table&lt;T&gt;()</c> call the chain of <paramref name="terminal"/> starts at, or null.</summary>
        private static INamedTypeSymbol? RootEntity(IInvocationOperation terminal)
        {
            IOperation? current = terminal;
            while (current is IInvocationOperation call)
            {
                if (call.TargetMethod.Name == "Table" && IsConnection(call.TargetMethod.ContainingType, compat: false))
                {
                    return call.Type is INamedTypeSymbol { TypeArguments.Length: 1 } query ? query.TypeArguments[0] as INamedTypeSymbol : null;
                }

                current = Unwrap(call.Instance);
            }

            return null;
        }

        /// <summary>The invocation a query expression (<c>from ... select ...</c>) was translated to.</summary>
        private static IOperation? Unwrap(IOperation? operation) => operation is ITranslatedQueryOperation query ? Unwrap(query.Operation) : operation;

        /// <summary>A join or grouping chain: lowered (joins) or declined with the reason; null when it is no MicroDb query.</summary>
        private static QueryChain? LowerRelational(GeneratorSyntaxContext context, InvocationExpressionSyntax invocation, IInvocationOperation terminal, CancellationToken cancellationToken)
        {
            if (RootEntity(terminal) is not { } entity || !IsAccessible(entity) || InExpressionTree(invocation, context.SemanticModel, cancellationToken))
            {
                return null;
            }

            var location = LocationOf(invocation);
            var text = invocation.ToString();
            var typeKey = Parser.MetadataNameOf(entity);
            var entityType = entity.ToDisplayString(SymbolDisplayFormat.FullyQualifiedFormat);
            QueryChain Declined(string reason) => new(typeKey, entityType, EquatableArray<ChainStep>.Empty, location, text, reason);
            if (IsGroupQuery(terminal.TargetMethod.ContainingType))
            {
                var grouping = new GroupLowering(context.SemanticModel, cancellationToken);
                return grouping.Lower(terminal) is { } groupSteps
                    ? new QueryChain(typeKey, entityType, new EquatableArray<ChainStep>(groupSteps), location, text, null, Async: grouping.IsAsync, Group: grouping.Spec)
                    : Declined(grouping.Reason ?? "the grouping is not lowered at build time");
            }

            var join = new JoinLowering(context.SemanticModel, cancellationToken);
            if (join.Lower(terminal, entity) is not { } steps)
            {
                return Declined(join.Reason ?? "the join is not lowered at build time");
            }

            // RightJoin's first table (t0) is its joined table, not the chain's root.
            var first = join.First ?? entity;
            return new QueryChain(Parser.MetadataNameOf(first), first.ToDisplayString(SymbolDisplayFormat.FullyQualifiedFormat), new EquatableArray<ChainStep>(steps), location, text, null,
                Async: join.IsAsync, Join: join.Spec);
        }

        /// <summary>What a lambda parameter or a member of the joined result stands for.</summary>
        private abstract record Shape;

        /// <summary>Table <paramref name="Table"/>'s row.</summary>
        private sealed record RowShape(int Table) : Shape;

        /// <summary>A member of table <paramref name="Table"/>'s row.</summary>
        private sealed record MemberShape(int Table, IPropertySymbol Member) : Shape;

        /// <summary>An anonymous object built by a selector: its members' shapes (null: computed).</summary>
        private sealed record ObjectShape(Dictionary<string, Shape?> Members) : Shape;

        /// <summary>GroupBy's group: its <c>Key</c> is <paramref name="Key"/> (a member, or an anonymous object of members).</summary>
        private sealed record GroupingShape(Shape Key) : Shape;

        /// <summary>
        /// The rows joined before a RightJoin, in its result selector: <paramref name="Outer"/>, missing as a whole where
        /// table <paramref name="Anchor"/> is (compared with null, it is that table's test; its members are <paramref name="Outer"/>'s).
        /// </summary>
        private sealed record MissingShape(Shape Outer, int Anchor) : Shape
        {
            /// <summary>The selector that built the rows (<paramref name="Outer"/>), for the rows used whole (MicroDbGenerator.JoinChains.cs).</summary>
            public (IAnonymousFunctionOperation Lambda, Dictionary<IParameterSymbol, Shape> Scope)? Previous { get; init; }
        }

        /// <summary>GroupJoin's group of table <paramref name="Table"/>'s rows.</summary>
        private sealed record GroupShape(int Table) : Shape;

        /// <summary>An aggregate of a grouping (<c>count</c>, <c>sum:Member</c> ...), of the C# type <paramref name="Type"/>.</summary>
        private sealed record AggregateShape(string Aggregate, ITypeSymbol Type) : Shape;

        private sealed partial class JoinLowering(SemanticModel semantic, CancellationToken cancellationToken)
        {
            private readonly List<INamedTypeSymbol> _tables = [];
            private readonly List<JoinTableSpec> _joins = [];
            private readonly List<ChainStep> _steps = [];
            private Shape? _result;
            private (IAnonymousFunctionOperation Lambda, Dictionary<IParameterSymbol, Shape> Scope)? _selector;
            private bool _limited;
            private bool _ordered;

            // The operator calls replaced by stand-ins (JoinSpec.StandIns); null once one cannot be.
            private List<string>? _standIns = [];

            public string? Reason { get; private set; }

            public JoinSpec? Spec { get; private set; }

            /// <summary>The entity of the join's first table (SQL's <c>t0</c>): RightJoin's joined table, else the chain's root.</summary>
            public INamedTypeSymbol? First { get; private set; }

            /// <summary>Whether the chain is the async connection's (AsyncTableQuery ... AsyncJoinQuery); its terminal step is then named without "Async".</summary>
            public bool IsAsync { get; private set; }

            public List<ChainStep>? Lower(IInvocationOperation terminal, INamedTypeSymbol entity)
            {
                var calls = new List<IInvocationOperation>();
                IOperation? current = terminal;
                while (current is IInvocationOperation call && IsJoinQuery(call.TargetMethod.ContainingType))
                {
                    calls.Add(call);
                    current = Unwrap(call.Instance);
                }

                // The first table's own Where calls (db.Table<T>().Where(...).Join(...)) are the join's first conditions.
                var filters = new List<IInvocationOperation>();
                var source = current is IInvocationOperation { TargetMethod.Name: "Join" or "LeftJoin" or "GroupJoin" or "RightJoin" } joinCall ? Unwrap(joinCall.Instance) : null;
                while (source is IInvocationOperation { TargetMethod.Name: "Where", Arguments.Length: 1 } filter && IsTableQuery(filter.TargetMethod.ContainingType))
                {
                    filters.Insert(0, filter);
                    source = Unwrap(filter.Instance);
                }

                if (current is not IInvocationOperation { TargetMethod.Name: "Join" or "LeftJoin" or "GroupJoin" or "RightJoin" } start
                    || !IsTableQuery(start.TargetMethod.ContainingType) || IsCompat(start.TargetMethod.ContainingType)
                    || source is not IInvocationOperation { TargetMethod.Name: "Table" } root || !IsConnection(root.TargetMethod.ContainingType, compat: false))
                {
                    return Decline("the join does not start at a connection's Table<T>() in the same expression (an OrderBy, Skip or Take before the join is not lowered at build time)");
                }

                if (start.TargetMethod.Name == "RightJoin")
                {
                    if (!RightJoinStart(start, filters, entity))
                    {
                        return null;
                    }
                }
                else
                {
                    _tables.Add(entity);
                    _result = new RowShape(0);
                    foreach (var filter in filters)
                    {
                        if (!Where(filter, "Where", null))
                        {
                            return null;
                        }

                        StandIn(filter, "TableWhere");
                    }

                    _result = null;
                    calls.Add(start);
                }

                calls.Reverse();
                foreach (var call in calls)
                {
                    if (!Step(call, ReferenceEquals(call, terminal)))
                    {
                        return null;
                    }
                }

                if (_selector is not { } selector)
                {
                    return Decline("the join has no result selector");
                }

                var used = new HashSet<string>(System.StringComparer.Ordinal);
                var whole = new SortedSet<int>();
                var left = new HashSet<int>(_joins.Select((j, i) => (j, i)).Where(x => x.j.Left).Select(x => x.i + 1));
                var beforeRight = new HashSet<int>();
                for (var i = 0; i < _joins.Count; i++)
                {
                    if (_joins[i].Right)
                    {
                        // A right join's earlier tables may all be missing.
                        beforeRight.UnionWith(Enumerable.Range(0, i + 1));
                    }
                }

                var emitter = new ProjectorText(selector.Scope, _tables, used, whole, left: new HashSet<int>(left.Union(beforeRight))) { BeforeRight = (beforeRight, left) };
                if (emitter.Text(LambdaBody(selector.Lambda)) is not { } text)
                {
                    return Decline(emitter.Reason ?? "the join's result is not lowered at build time");
                }

                // The run time's interpreter wraps on overflow: so does the projector in a project that checks arithmetic.
                text = "unchecked(" + text + ")";
                var standIns = _standIns is null ? EquatableArray<string>.Empty : new EquatableArray<string>(_standIns);
                Spec = new JoinSpec(new EquatableArray<JoinTableSpec>(_joins), emitter.OverRows(text), new EquatableArray<string>(used.OrderBy(u => u, System.StringComparer.Ordinal).ToArray()),
                    new EquatableArray<int>(whole.ToArray()), emitter.Direct ? text : null, standIns);
                return _steps;
            }

            private bool Step(IInvocationOperation call, bool isTerminal)
            {
                var name = call.TargetMethod.Name;
                string? intercept = null;
                if (isTerminal)
                {
                    if (call.Syntax is not InvocationExpressionSyntax syntax || semantic.GetInterceptableLocation(syntax, cancellationToken) is not { } location)
                    {
                        return Fail($"'{name}' cannot be intercepted here");
                    }

                    intercept = location.GetInterceptsLocationAttributeSyntax();
                }

                if (isTerminal && call.TargetMethod.ContainingType.Name == "AsyncJoinQuery")
                {
                    // The async terminals (ToListAsync ...) take a cancellation token, after the condition of FirstAsync,
                    // FirstOrDefaultAsync, CountAsync and AnyAsync; the step carries the sync name.
                    IsAsync = true;
                    var sync = name.EndsWith("Async", System.StringComparison.Ordinal) ? name.Substring(0, name.Length - 5) : name;
                    if (sync is not ("ToList" or "ToArray" or "First" or "FirstOrDefault" or "Count" or "LongCount" or "Any") || sync == name
                        || call.Arguments.Length != 1 && !(call.Arguments.Length == 2 && sync is "First" or "FirstOrDefault" or "Count" or "Any"))
                    {
                        return Fail($"'{name}' on an async join is not lowered at build time (only ToListAsync, ToArrayAsync, FirstAsync, FirstOrDefaultAsync, CountAsync, LongCountAsync and AnyAsync)");
                    }

                    if (call.Arguments.Length == 2)
                    {
                        return Where(call, sync, intercept, async: true);
                    }

                    _steps.Add(new ChainStep(sync, intercept));
                    return true;
                }

                switch (name)
                {
                    case "Join" or "LeftJoin" or "GroupJoin" when !isTerminal:
                        StandIn(call, IsTableQuery(call.TargetMethod.ContainingType) ? name + ":Table" : name);
                        return AddJoin(call, name);
                    case "RightJoin" when !isTerminal:
                        // The Where conditions so far move into the RIGHT JOIN's ON condition, as the run time moves them (MicroDbGenerator.JoinChains.cs).
                        MoveWheresIntoRightJoin(_tables.Count);

                        // The run time's RightJoin stand-in takes a table query only: the chain keeps its operators as written.
                        StandIn(call, null);
                        return AddJoin(call, name);
                    case "SelectMany" when !isTerminal:
                        StandIn(call, name);
                        return SelectMany(call);
                    case "Select" when !isTerminal:
                        if (call.Arguments.Length != 1 || LambdaOf(call.Arguments[0].Value) is not { } select || select.Symbol.Parameters.Length != 1)
                        {
                            return Fail("the argument of 'Select' is not a lambda written at the call");
                        }

                        if (_limited)
                        {
                            return Fail("a projection after Take/Skip on a join is not lowered at build time");
                        }

                        var scope = new Dictionary<IParameterSymbol, Shape>(SymbolEqualityComparer.Default) { [select.Symbol.Parameters[0]] = _result! };
                        _result = Eval(LambdaBody(select), scope);
                        _selector = (select, scope);
                        StandIn(call, name);
                        return true;
                    case "Take" or "Skip" when !isTerminal:
                        if (call.Arguments.Length != 1 || call.Arguments[0].Value.ConstantValue is not { HasValue: true, Value: int count })
                        {
                            return Fail($"{name}() with a count that is not a constant");
                        }

                        _limited = true;
                        _steps.Add(new ChainStep(name, null, Count: count));
                        StandIn(call, name);
                        return true;
                    case "Where" when !isTerminal:
                        StandIn(call, name);
                        return Where(call, name, null);
                    case "OrderBy" or "OrderByDescending" or "ThenBy" or "ThenByDescending" when !isTerminal:
                        StandIn(call, name);
                        return Order(call, name);
                    case "ToList" or "ToArray" or "First" or "FirstOrDefault" or "Count" or "LongCount" or "Any" when isTerminal:
                        if (call.Arguments.Length == 1)
                        {
                            return Where(call, name, intercept);
                        }

                        _steps.Add(new ChainStep(name, intercept));
                        return true;
                    default:
                        return Fail($"'{name}' on a join is not lowered at build time");
                }
            }

            private bool AddJoin(IInvocationOperation call, string name)
            {
                if (_limited || _ordered)
                {
                    return Fail($"{name} after OrderBy, Skip or Take is not lowered at build time");
                }

                if (name == "RightJoin" && _joins.Any(j => j.Right))
                {
                    // The run time's second RIGHT JOIN anchors the missing rows at the first one's table (JoinedTables.Anchor).
                    return Fail("RightJoin after a RightJoin that follows a join is not lowered at build time");
                }

                // The joined table's own Where calls (db.Table<TInner>().Where(...)) are ANDed to its ON condition, in call order.
                var filters = new List<IInvocationOperation>();
                var innerSource = call.Arguments.Length == 4 ? call.Arguments[0].Value : null;
                while (innerSource is IInvocationOperation { TargetMethod.Name: "Where", Arguments.Length: 1 } filter && IsTableQuery(filter.TargetMethod.ContainingType) && !IsCompat(filter.TargetMethod.ContainingType))
                {
                    filters.Insert(0, filter);
                    StandIn(filter, "TableWhere");
                    innerSource = filter.Instance;
                }

                if (call.Arguments.Length != 4
                    || innerSource is not IInvocationOperation { TargetMethod.Name: "Table", Arguments.Length: 0 } innerTable
                    || !IsConnection(innerTable.TargetMethod.ContainingType, compat: false)
                    || innerTable.Type is not INamedTypeSymbol { TypeArguments.Length: 1 } innerQuery || innerQuery.TypeArguments[0] is not INamedTypeSymbol inner)
                {
                    return Fail($"the joined table of '{name}' is not a connection's Table<T>(), optionally with Where calls, written at the call");
                }

                if (!IsAccessible(inner))
                {
                    return Fail($"the type '{inner.ToDisplayString()}' is not accessible to generated code");
                }

                if (LambdaOf(call.Arguments[1].Value) is not { } outerKey || LambdaOf(call.Arguments[2].Value) is not { } innerKey || LambdaOf(call.Arguments[3].Value) is not { } result
                    || outerKey.Symbol.Parameters.Length != 1 || innerKey.Symbol.Parameters.Length != 1 || result.Symbol.Parameters.Length != 2)
                {
                    return Fail($"the keys and the result of '{name}' are not lambdas written at the call");
                }

                var index = _tables.Count;
                var outerShape = _result ?? new RowShape(0);
                var right = name == "RightJoin";
                var outerScope = new Dictionary<IParameterSymbol, Shape>(SymbolEqualityComparer.Default) { [outerKey.Symbol.Parameters[0]] = outerShape };
                var innerScope = new Dictionary<IParameterSymbol, Shape>(SymbolEqualityComparer.Default) { [innerKey.Symbol.Parameters[0]] = new RowShape(index) };
                if (LambdaBody(outerKey) is IAnonymousObjectCreationOperation outerNew && LambdaBody(innerKey) is IAnonymousObjectCreationOperation innerNew)
                {
                    if (CompositeKey(outerNew, innerNew, outerScope, innerScope, right ? null : outerKey, right ? null : innerKey) is not { } parts || !JoinedFilters(filters, index, right, inner))
                    {
                        return false;
                    }

                    var first = parts[0];
                    return Joined(name, inner, index, outerShape, result,
                        new JoinTableSpec(Parser.MetadataNameOf(inner), inner.ToDisplayString(SymbolDisplayFormat.FullyQualifiedFormat), name is "LeftJoin" or "GroupJoin",
                            first.OuterTable, first.OuterMember, first.InnerMember, first.Nullable, first.Family, new EquatableArray<JoinKeyPart>(parts.ToArray()), Right: right));
                }

                if (KeyOf(LambdaBody(outerKey), outerScope) is not { } outer || KeyOf(LambdaBody(innerKey), innerScope) is not { } innerMember)
                {
                    var computedType = call.TargetMethod.TypeArguments[1];
                    if (right || LambdaBody(outerKey) is IAnonymousObjectCreationOperation || LambdaBody(innerKey) is IAnonymousObjectCreationOperation
                        || computedType.IsReferenceType || computedType.OriginalDefinition.SpecialType == SpecialType.System_Nullable_T)
                    {
                        return Fail($"the keys of '{name}' are not members of the rows (a computed key of a RightJoin, a computed key that can be null, or an anonymous object on one side only, is not lowered at build time)");
                    }

                    // A computed key (MicroDbGenerator.JoinComputedKeys.cs): JoinKeys' Equal(outer, inner), no null guard for a key that cannot be null.
                    if (ComputedKey(outerKey, LambdaBody(outerKey)!, outerScope, innerKey, LambdaBody(innerKey)!, innerScope, "") is not { } computed || !JoinedFilters(filters, index, right, inner))
                    {
                        return false;
                    }

                    return Joined(name, inner, index, outerShape, result, new JoinTableSpec(Parser.MetadataNameOf(inner), inner.ToDisplayString(SymbolDisplayFormat.FullyQualifiedFormat),
                        name is "LeftJoin" or "GroupJoin", 0, "", "", false, "computed", Right: right, Computed: computed));
                }

                var keyType = call.TargetMethod.TypeArguments[1];
                var family = KeyFamily(outer.Member.Type);
                if (family is null || family != KeyFamily(innerMember.Member.Type))
                {
                    return Fail($"the key '{outerKey.Syntax}' compares by the run-time translator's rules (only integer, string, Guid, enum, DateTime, DateTimeOffset, decimal and floating-point keys are lowered at build time)");
                }

                var nullable = keyType.IsReferenceType || keyType.OriginalDefinition.SpecialType == SpecialType.System_Nullable_T;
                if (!JoinedFilters(filters, index, right, inner))
                {
                    return false;
                }

                return Joined(name, inner, index, outerShape, result, new JoinTableSpec(Parser.MetadataNameOf(inner), inner.ToDisplayString(SymbolDisplayFormat.FullyQualifiedFormat),
                    name is "LeftJoin" or "GroupJoin", outer.Table, outer.Member.Name, innerMember.Member.Name, nullable, family, Right: right));
            }

            /// <summary>
            /// The joined table's own Where calls: ANDed to its ON condition (<see cref="OnFilters"/>), or, for a RightJoin
            /// after a join (<paramref name="right"/>), the WHERE conditions choosing the kept table's rows, as the run time
            /// writes them (first, since no Where precedes such a join here).
            /// </summary>
            private bool JoinedFilters(List<IInvocationOperation> filters, int table, bool right, INamedTypeSymbol inner)
            {
                if (!right)
                {
                    return OnFilters(filters, table);
                }

                var result = _result;
                _tables.Add(inner);
                _result = new RowShape(table);
                try
                {
                    return filters.All(filter => Where(filter, "Where", null));
                }
                finally
                {
                    _result = result;
                    _tables.RemoveAt(table);
                }
            }

            /// <summary>
            /// <c>Table&lt;T&gt;().RightJoin(Table&lt;TInner&gt;(), ...)</c> as the run time builds it: the kept table
            /// (<c>TInner</c>) is <c>t0</c> and its own Where calls are the join's WHERE; <c>T</c> is left-joined as <c>t1</c> ON
            /// the kept table's key equal to its key (JoinKeys' rule, the kept key on the left), its own Where calls ANDed to
            /// that condition; the result selector's first row is <c>t1</c>'s, which may be missing.
            /// </summary>
            private bool RightJoinStart(IInvocationOperation call, List<IInvocationOperation> outerFilters, INamedTypeSymbol outerEntity)
            {
                StandIn(call, "RightJoin:Table");
                var innerFilters = new List<IInvocationOperation>();
                var innerSource = call.Arguments.Length == 4 ? call.Arguments[0].Value : null;
                while (innerSource is IInvocationOperation { TargetMethod.Name: "Where", Arguments.Length: 1 } filter && IsTableQuery(filter.TargetMethod.ContainingType) && !IsCompat(filter.TargetMethod.ContainingType))
                {
                    innerFilters.Insert(0, filter);
                    StandIn(filter, "TableWhere");
                    innerSource = filter.Instance;
                }

                if (call.Arguments.Length != 4
                    || innerSource is not IInvocationOperation { TargetMethod.Name: "Table", Arguments.Length: 0 } innerTable
                    || !IsConnection(innerTable.TargetMethod.ContainingType, compat: false)
                    || innerTable.Type is not INamedTypeSymbol { TypeArguments.Length: 1 } innerQuery || innerQuery.TypeArguments[0] is not INamedTypeSymbol kept)
                {
                    return Fail("the joined table of 'RightJoin' is not a connection's Table<T>(), optionally with Where calls, written at the call");
                }

                if (!IsAccessible(kept))
                {
                    return Fail($"the type '{kept.ToDisplayString()}' is not accessible to generated code");
                }

                if (LambdaOf(call.Arguments[1].Value) is not { Symbol.Parameters.Length: 1 } outerKey || LambdaOf(call.Arguments[2].Value) is not { Symbol.Parameters.Length: 1 } innerKey
                    || LambdaOf(call.Arguments[3].Value) is not { Symbol.Parameters.Length: 2 } result)
                {
                    return Fail("the keys and the result of 'RightJoin' are not lambdas written at the call");
                }

                First = kept;
                _tables.Add(kept);
                _result = new RowShape(0);
                foreach (var filter in innerFilters)
                {
                    if (!Where(filter, "Where", null))
                    {
                        return false;
                    }
                }

                _result = null;
                var keptScope = new Dictionary<IParameterSymbol, Shape>(SymbolEqualityComparer.Default) { [innerKey.Symbol.Parameters[0]] = new RowShape(0) };
                var joinedScope = new Dictionary<IParameterSymbol, Shape>(SymbolEqualityComparer.Default) { [outerKey.Symbol.Parameters[0]] = new RowShape(1) };
                JoinTableSpec spec;
                var typeKey = Parser.MetadataNameOf(outerEntity);
                var typeName = outerEntity.ToDisplayString(SymbolDisplayFormat.FullyQualifiedFormat);
                if (LambdaBody(innerKey) is IAnonymousObjectCreationOperation keptNew && LambdaBody(outerKey) is IAnonymousObjectCreationOperation joinedNew)
                {
                    if (CompositeKey(keptNew, joinedNew, keptScope, joinedScope) is not { } parts)
                    {
                        return false;
                    }

                    var first = parts[0];
                    spec = new JoinTableSpec(typeKey, typeName, true, first.OuterTable, first.OuterMember, first.InnerMember, first.Nullable, first.Family, new EquatableArray<JoinKeyPart>(parts.ToArray()));
                }
                else
                {
                    if (KeyOf(LambdaBody(innerKey), keptScope) is not { } keptMember || KeyOf(LambdaBody(outerKey), joinedScope) is not { } joinedMember)
                    {
                        return Fail("the keys of 'RightJoin' are not members of the rows (a computed key, or an anonymous object on one side only, is not lowered at build time)");
                    }

                    var family = KeyFamily(keptMember.Member.Type);
                    if (family is null || family != KeyFamily(joinedMember.Member.Type))
                    {
                        return Fail($"the key '{innerKey.Syntax}' compares by the run-time translator's rules (only integer, string, Guid, enum, DateTime, DateTimeOffset, decimal and floating-point keys are lowered at build time)");
                    }

                    var keyType = call.TargetMethod.TypeArguments[1];
                    spec = new JoinTableSpec(typeKey, typeName, true, 0, keptMember.Member.Name, joinedMember.Member.Name,
                        keyType.IsReferenceType || keyType.OriginalDefinition.SpecialType == SpecialType.System_Nullable_T, family);
                }

                if (!OnFilters(outerFilters, 1))
                {
                    return false;
                }

                foreach (var filter in outerFilters)
                {
                    StandIn(filter, "TableWhere");
                }

                _tables.Add(outerEntity);
                _joins.Add(spec);
                var scope = new Dictionary<IParameterSymbol, Shape>(SymbolEqualityComparer.Default)
                {
                    [result.Symbol.Parameters[0]] = new RowShape(1),
                    [result.Symbol.Parameters[1]] = new RowShape(0),
                };
                _result = Eval(LambdaBody(result), scope);
                _selector = (result, scope);
                return true;
            }

            /// <summary>Adds the joined table and reads the join's result selector over the tables so far.</summary>
            private bool Joined(string name, INamedTypeSymbol inner, int index, Shape outerShape, IAnonymousFunctionOperation result, JoinTableSpec spec)
            {
                _tables.Add(inner);
                _joins.Add(spec);
                var scope = new Dictionary<IParameterSymbol, Shape>(SymbolEqualityComparer.Default)
                {
                    // RightJoin's rows so far are missing as a whole where its first table (t0) is (the run time's MissingRow).
                    [result.Symbol.Parameters[0]] = spec.Right ? new MissingShape(outerShape, 0) { Previous = _selector } : outerShape,
                    [result.Symbol.Parameters[1]] = name == "GroupJoin" ? new GroupShape(index) : new RowShape(index),
                };
                _result = Eval(LambdaBody(result), scope);
                _selector = name == "GroupJoin" ? null : (result, scope);
                // The rows before a RightJoin used whole: read only by the result selector (MicroDbGenerator.JoinChains.cs).
                _result = HideMissing(_result);
                return true;
            }

            /// <summary>
            /// A composite key of a join (inner, left, or GroupJoin's): anonymous objects with the same members on both sides,
            /// each part a member of a key type <see cref="KeyFamily"/> takes (through a conversion to its nullable type), compared as the run
            /// time's <c>JoinKeys</c> compares them for every join kind (<c>=</c>, or <c>IS</c> where the part can be null).
            /// </summary>
            private List<JoinKeyPart>? CompositeKey(IAnonymousObjectCreationOperation outerNew, IAnonymousObjectCreationOperation innerNew,
                Dictionary<IParameterSymbol, Shape> outerScope, Dictionary<IParameterSymbol, Shape> innerScope,
                IAnonymousFunctionOperation? outerLambda = null, IAnonymousFunctionOperation? innerLambda = null)
            {
                var parts = new List<JoinKeyPart>();
                var count = outerNew.Initializers.Length;
                for (var i = 0; i < outerNew.Initializers.Length && outerNew.Initializers.Length == innerNew.Initializers.Length; i++)
                {
                    if (outerNew.Initializers[i] is ISimpleAssignmentOperation { Target: IPropertyReferenceOperation computedTarget } computedOuter
                        && innerNew.Initializers[i] is ISimpleAssignmentOperation computedInner && outerLambda is not null && innerLambda is not null
                        && (KeyOf(computedOuter.Value, outerScope) is null || KeyOf(computedInner.Value, innerScope) is null)
                        && (IsComputedKey(computedOuter.Value) || IsComputedKey(computedInner.Value)))
                    {
                        // A computed part (MicroDbGenerator.JoinComputedKeys.cs): part i of n is at L taken n-1-i times (then R after the first).
                        var partPath = new string('L', count - 1 - i) + (i > 0 ? "R" : "");
                        if (ComputedKey(outerLambda, computedOuter.Value, outerScope, innerLambda, computedInner.Value, innerScope, partPath) is not { } computedPart)
                        {
                            return null;
                        }

                        var partType = computedTarget.Property.Type;
                        parts.Add(new JoinKeyPart(0, "", "", partType.IsReferenceType || partType.OriginalDefinition.SpecialType == SpecialType.System_Nullable_T, "computed", computedPart));
                        continue;
                    }

                    if (outerNew.Initializers[i] is not ISimpleAssignmentOperation { Target: IPropertyReferenceOperation target } outerPart
                        || innerNew.Initializers[i] is not ISimpleAssignmentOperation innerPart
                        || KeyOf(outerPart.Value, outerScope) is not { } outer || KeyOf(innerPart.Value, innerScope) is not { Table: var innerTable } innerMember
                        || innerTable != _tables.Count || KeyFamily(outer.Member.Type) is not { } family || family != KeyFamily(innerMember.Member.Type))
                    {
                        Fail($"a part of the composite key '{outerNew.Syntax}' is not a member of the rows of a key type lowered at build time (integer, string, Guid, enum, DateTime, DateTimeOffset, decimal, floating point)");
                        return null;
                    }

                    var type = target.Property.Type;
                    parts.Add(new JoinKeyPart(outer.Table, outer.Member.Name, innerMember.Member.Name,
                        type.IsReferenceType || type.OriginalDefinition.SpecialType == SpecialType.System_Nullable_T, family));
                }

                if (parts.Count == 0)
                {
                    Fail($"the composite key '{outerNew.Syntax}' has no parts lowered at build time");
                    return null;
                }

                return parts;
            }

            /// <summary>
            /// The joined table's Where conditions as "On" steps of table <paramref name="table"/>. The run time ANDs each to
            /// the ON condition (<c>((key AND f0) AND f1)</c>), so a value's path starts at that tree's root: filter j of k is
            /// at <c>L</c> repeated k-1-j times, then <c>R</c>.
            /// </summary>
            private bool OnFilters(List<IInvocationOperation> filters, int table)
            {
                for (var j = 0; j < filters.Count; j++)
                {
                    if (LambdaOf(filters[j].Arguments[0].Value) is not { Symbol.Parameters.Length: 1 } lambda)
                    {
                        return Fail("the argument of the joined table's 'Where' is not a lambda written at the call");
                    }

                    var parameter = lambda.Symbol.Parameters[0];
                    // Its sub-queries are lowered as a join's Where's, the outer row the joined table (JoinEmitter: JoinedOnSubquery).
                    var lowering = new Lowering(lambda, operation =>
                        operation is IPropertyReferenceOperation { Instance: IParameterReferenceOperation reference, Property: { Parameters.Length: 0 } property }
                        && SymbolEqualityComparer.Default.Equals(reference.Parameter, parameter) ? (table, property) : null) { JoinWhere = true };
                    if (lowering.Condition(lowering.Body, new string('L', filters.Count - 1 - j) + "R") is not { } predicate)
                    {
                        return Fail(lowering.Reason ?? "the joined table's condition is not lowered at build time");
                    }

                    _steps.Add(new ChainStep("On", null, Predicate: predicate, LambdaText: lambda.Syntax.ToString(), KeyTable: table));
                }

                return true;
            }

            /// <summary>GroupJoin's flattening: over <c>g.DefaultIfEmpty()</c> a left join, over <c>g</c> an inner join.</summary>
            private bool SelectMany(IInvocationOperation call)
            {
                var last = _joins.Count - 1;
                if (last < 0 || call.Arguments.Length != 2 || LambdaOf(call.Arguments[0].Value) is not { } collection || LambdaOf(call.Arguments[1].Value) is not { } result
                    || collection.Symbol.Parameters.Length != 1 || result.Symbol.Parameters.Length != 2)
                {
                    return Fail("the arguments of 'SelectMany' are not lambdas written at the call");
                }

                var scope = new Dictionary<IParameterSymbol, Shape>(SymbolEqualityComparer.Default) { [collection.Symbol.Parameters[0]] = _result! };
                var body = Strip(LambdaBody(collection));
                var left = false;
                if (body is IInvocationOperation { TargetMethod: { Name: "DefaultIfEmpty", ContainingType.Name: "Enumerable" }, Arguments.Length: 1 } defaultIfEmpty)
                {
                    left = true;
                    body = Strip(defaultIfEmpty.Arguments[0].Value);
                }

                if (body is null || Eval(body, scope) is not GroupShape group || group.Table != last + 1)
                {
                    return Fail("SelectMany after GroupJoin reads something else than the group or its DefaultIfEmpty()");
                }

                _joins[last] = _joins[last] with { Left = left };
                var resultScope = new Dictionary<IParameterSymbol, Shape>(SymbolEqualityComparer.Default)
                {
                    [result.Symbol.Parameters[0]] = _result!,
                    [result.Symbol.Parameters[1]] = new RowShape(group.Table),
                };
                _result = Eval(LambdaBody(result), resultScope);
                _selector = (result, resultScope);
                return true;
            }

            private bool Where(IInvocationOperation call, string name, string? intercept, bool async = false)
            {
                if (_limited)
                {
                    return Fail("a condition after Take/Skip on a join is not lowered at build time");
                }

                // An async terminal's condition is its first argument; the cancellation token follows.
                if (call.Arguments.Length != (async ? 2 : 1) || LambdaOf(call.Arguments[0].Value) is not { } lambda || lambda.Symbol.Parameters.Length != 1)
                {
                    return Fail($"the argument of '{name}' is not a lambda written at the call");
                }

                var lowering = new Lowering(lambda, Resolver(lambda)) { JoinWhere = true };
                if (lowering.Condition(lowering.Body, "") is not { } predicate)
                {
                    return Fail(lowering.Reason ?? "the condition is not lowered at build time");
                }

                _steps.Add(new ChainStep(name, intercept, Predicate: predicate, LambdaText: lambda.Syntax.ToString()));
                return true;
            }

            private bool Order(IInvocationOperation call, string name)
            {
                if (_limited)
                {
                    return Fail("an ordering after Take/Skip on a join is not lowered at build time");
                }

                if (name.StartsWith("ThenBy", System.StringComparison.Ordinal) && !_ordered)
                {
                    return Fail($"{name} does not follow OrderBy");
                }

                _ordered = true;
                if (call.Arguments.Length != 1 || LambdaOf(call.Arguments[0].Value) is not { } lambda || lambda.Symbol.Parameters.Length != 1)
                {
                    return Fail($"the argument of '{name}' is not a lambda written at the call");
                }

                var lowering = new Lowering(lambda, Resolver(lambda));
                if (lowering.Member(lowering.Body, out var member) is not { } family)
                {
                    return Fail(lowering.Reason ?? $"the key of '{name}' is not a member of a joined row");
                }

                // A Guid orders by its column under both storage formats (the lowercase "D" text sorts as Guid.CompareTo).
                var keyType = call.TargetMethod.TypeArguments[0];
                if (!IsAccessible(keyType))
                {
                    return Fail($"the key type '{keyType.ToDisplayString()}' is not accessible to generated code");
                }

                _steps.Add(new ChainStep(name, null, LambdaText: lambda.Syntax.ToString(), KeyMember: member!.Name,
                    KeyType: keyType.ToDisplayString(SymbolDisplayFormat.FullyQualifiedFormat), KeyTable: lowering.LastTable));
                return true;
            }

            /// <summary>Resolves a member read in a lambda over the joined result to its table's member.</summary>
            private System.Func<IOperation, (int Table, IPropertySymbol Member)?> Resolver(IAnonymousFunctionOperation lambda)
            {
                var scope = new Dictionary<IParameterSymbol, Shape>(SymbolEqualityComparer.Default) { [lambda.Symbol.Parameters[0]] = _result! };
                return operation => Eval(operation, scope) is MemberShape member ? (member.Table, member.Member) : null;
            }

            private static MemberShape? Key(IOperation? body, Dictionary<IParameterSymbol, Shape> scope)
            {
                // A single key, through a conversion to its nullable type (o.CustomerId equals c.Id).
                if (body is IConversionOperation { OperatorMethod: null } conversion
                    && (conversion.Conversion.IsIdentity || conversion.Conversion.IsNullable && conversion.Type is INamedTypeSymbol { TypeArguments.Length: 1 } nullableType
                        && SymbolEqualityComparer.Default.Equals(nullableType.TypeArguments[0], conversion.Operand.Type)))
                {
                    body = conversion.Operand;
                }

                return body is null ? null : Eval(body, scope) as MemberShape;
            }

            private static string? KeyFamily(ITypeSymbol type)
            {
                if (type is INamedTypeSymbol { OriginalDefinition.SpecialType: SpecialType.System_Nullable_T } nullable)
                {
                    type = nullable.TypeArguments[0];
                }

                // A Guid is stored the same way on both sides (text or blob), so its columns compare directly, as the run time writes them.
                // An enum compares as its underlying integer (JoinKeys), by number or by name as its columns store it; a
                // DateTime, DateTimeOffset, decimal or floating-point key by the stored form's key (JoinEmitter's KeyTerm).
                if (type is INamedTypeSymbol { TypeKind: TypeKind.Enum, EnumUnderlyingType: { } underlying })
                {
                    return underlying.SpecialType == SpecialType.System_UInt64 ? "ulong" : "enum";
                }

                return type.SpecialType switch
                {
                    SpecialType.System_Byte or SpecialType.System_SByte or SpecialType.System_Int16 or SpecialType.System_UInt16
                        or SpecialType.System_Int32 or SpecialType.System_UInt32 or SpecialType.System_Int64 => "integer",
                    SpecialType.System_UInt64 => "ulong",
                    SpecialType.System_String => "string",
                    SpecialType.System_DateTime => "datetime",
                    SpecialType.System_Decimal => "decimal",
                    SpecialType.System_Double or SpecialType.System_Single => "floating",
                    SpecialType.None when type is { Name: "Guid" or "DateTimeOffset", ContainingNamespace: { Name: "System", ContainingNamespace.IsGlobalNamespace: true } } =>
                        type.Name == "Guid" ? "guid" : "datetimeoffset",
                    _ => null,
                };
            }

            /// <summary>Records <paramref name="call"/> as replaced by the stand-in <paramref name="kind"/>; a null kind, or a call that cannot be intercepted (query syntax), leaves the whole chain's operators as written.</summary>
            private void StandIn(IInvocationOperation call, string? kind)
            {
                if (_standIns is not null && kind is not null && call.Syntax is InvocationExpressionSyntax syntax
                    && semantic.GetInterceptableLocation(syntax, cancellationToken) is { } location)
                {
                    // The async connection's operators (AsyncTableQuery, AsyncJoinQuery) get the same stand-ins over the async types.
                    var async = call.TargetMethod.ContainingType.Name.StartsWith("Async", System.StringComparison.Ordinal) ? "Async" : "";
                    _standIns.Add(async + kind + "|" + location.GetInterceptsLocationAttributeSyntax());
                    return;
                }

                _standIns = null;
            }

            private List<ChainStep>? Decline(string reason)
            {
                Reason ??= reason;
                return null;
            }

            private bool Fail(string reason)
            {
                Reason ??= reason;
                return false;
            }
        }

        private static IOperation? LambdaBody(IAnonymousFunctionOperation lambda) =>
            lambda.Body.Operations.Length == 1 && lambda.Body.Operations[0] is IReturnOperation { ReturnedValue: { } value } ? value : null;

        private static IOperation? Strip(IOperation? operation)
        {
            while (operation is IConversionOperation { OperatorMethod: null } conversion && (conversion.Conversion.IsIdentity || conversion.Conversion.IsReference || conversion.Conversion.IsImplicit && conversion.Type?.IsReferenceType == true))
            {
                operation = conversion.Operand;
            }

            return operation;
        }

        /// <summary>What <paramref name="operation"/> stands for over the joined rows, or null when it is computed.</summary>
        private static Shape? Eval(IOperation? operation, Dictionary<IParameterSymbol, Shape> scope)
        {
            switch (operation)
            {
                case IParameterReferenceOperation parameter:
                    return scope.TryGetValue(parameter.Parameter, out var shape) ? shape : null;
                case IPropertyReferenceOperation { Instance: { } instance, Property: { Parameters.Length: 0, IsStatic: false } property }:
                    return (Eval(instance, scope) is MissingShape missing ? missing.Outer : Eval(instance, scope)) switch
                    {
                        RowShape row => new MemberShape(row.Table, property),
                        GroupingShape grouping when property.Name == "Key" => grouping.Key,
                        ObjectShape obj => obj.Members.TryGetValue(property.Name, out var member) ? member : null,
                        _ => null,
                    };
                case IAnonymousObjectCreationOperation anonymous:
                    {
                        var members = new Dictionary<string, Shape?>(System.StringComparer.Ordinal);
                        foreach (var initializer in anonymous.Initializers)
                        {
                            if (initializer is ISimpleAssignmentOperation { Target: IPropertyReferenceOperation target } assignment)
                            {
                                members[target.Property.Name] = Eval(assignment.Value, scope);
                            }
                        }

                        return new ObjectShape(members);
                    }

                case IObjectCreationOperation { Arguments.Length: 0, Initializer: { } initializer }:
                    {
                        // An object initializer of a mapped or plain type: its members are what they were set to.
                        var members = new Dictionary<string, Shape?>(System.StringComparer.Ordinal);
                        foreach (var init in initializer.Initializers)
                        {
                            if (init is ISimpleAssignmentOperation { Target: IPropertyReferenceOperation target } assignment)
                            {
                                members[target.Property.Name] = Eval(assignment.Value, scope);
                            }
                        }

                        return new ObjectShape(members);
                    }

                case IInvocationOperation call when AggregateOf(call, scope, out _) is { } aggregate:
                    return new AggregateShape(aggregate, call.Type!);
                default:
                    return null;
            }
        }

        /// <summary>
        /// An aggregate of a grouping in <paramref name="scope"/> as the emitter names it: <c>count</c> (Count() and
        /// LongCount()), or <c>sum</c>/<c>avg</c>/<c>min</c>/<c>max</c> <c>:Member</c> of a member <see cref="IsAggregated"/>
        /// takes; null (with the reason) for anything else.
        /// </summary>
        private static string? AggregateOf(IInvocationOperation call, Dictionary<IParameterSymbol, Shape> scope, out string? reason)
        {
            reason = null;
            var method = call.TargetMethod;
            if (method.ContainingType is not { Name: "Enumerable", ContainingNamespace: { Name: "Linq", ContainingNamespace.Name: "System" } }
                || call.Arguments.Length == 0 || Eval(Strip(call.Arguments[0].Value), scope) is not GroupingShape)
            {
                reason = $"'{call.Syntax}' is not an aggregate of the group";
                return null;
            }

            if (method.Name is "Count" or "LongCount" && call.Arguments.Length == 1)
            {
                return "count";
            }

            if (method.Name is "Count" or "LongCount" && call.Arguments.Length == 2)
            {
                return CountWhereOf(call, out reason);
            }

            if (method.Name is "Sum" or "Average" or "Min" or "Max" && call.Arguments.Length == 2 && LambdaOf(call.Arguments[1].Value) is { Symbol.Parameters.Length: 1 } lambda
                && Eval(Strip(LambdaBody(lambda)), new Dictionary<IParameterSymbol, Shape>(SymbolEqualityComparer.Default) { [lambda.Symbol.Parameters[0]] = new RowShape(0) }) is MemberShape member
                && IsAggregated(method.Name, member.Member.Type))
            {
                return (method.Name == "Average" ? "avg" : method.Name.ToLowerInvariant()) + ":" + member.Member.Name;
            }

            reason = GuidExtremeReason(call) ?? $"the aggregate '{call.Syntax}' is not lowered at build time ({AggregatesLowered})";
            return null;
        }

        /// <summary>
        /// <c>g.Count(predicate)</c> (or LongCount) as the emitter names it, <c>countif:</c> and the predicate's condition
        /// (<see cref="ConditionText"/>), lowered as a Where's; <c>countif:#</c> for a predicate that compares with values
        /// (the grouped result's projector keeps its condition, GroupSpec.CountConditions).
        /// </summary>
        private static string? CountWhereOf(IInvocationOperation call, out string? reason)
        {
            reason = null;
            if (LambdaOf(call.Arguments[1].Value) is not { Symbol.Parameters.Length: 1 } lambda)
            {
                reason = $"the predicate of '{call.Syntax}' is not a lambda written at the call";
                return null;
            }

            var lowering = new Lowering(lambda);
            if (lowering.Condition(lowering.Body, "") is not { } condition)
            {
                reason = $"the predicate of '{call.Syntax}' is not lowered at build time: " + (lowering.Reason ?? "its condition");
                return null;
            }

            // A condition comparing with values: "countif:#", numbered by the grouped result's projector (GroupSpec.CountConditions),
            // whose values are bound in the SELECT list (LiftedValue).
            return "countif:" + (ConditionText(condition) ?? "#");
        }

        /// <summary>
        /// A condition of bool members only (no value to bind) as text: a member's name, <c>!c</c>, <c>(a&amp;b)</c>,
        /// <c>(a|b)</c>; null for any other. <see cref="InterceptorEmitter"/> reads it back (<c>ConditionOfText</c>).
        /// </summary>
        private static string? ConditionText(LoweredNode node) => node.Op switch
        {
            "bool" when node.Member is { } member && member.IndexOf('.') < 0 => member,
            "not" => ConditionText(node.Left!) is { } operand ? "!" + operand : null,
            "and" or "or" => ConditionText(node.Left!) is { } left && ConditionText(node.Right!) is { } right ? "(" + left + (node.Op == "and" ? "&" : "|") + right + ")" : null,
            _ => null,
        };

        /// <summary>
        /// The join's result as C# over <c>r</c> (one row per table, as objects): plain members of the rows, the rows
        /// themselves, anonymous objects, constructors and object initializers of those, and <c>row == null ? null : row.Member</c>
        /// for a left-joined row. It notes the members read (the SELECT list) and the rows used whole (all their columns).
        /// </summary>
        private sealed partial class ProjectorText(Dictionary<IParameterSymbol, Shape> scope, List<INamedTypeSymbol> tables, HashSet<string> used, SortedSet<int> whole,
            List<string>? aggregates = null, ObjectShape? compositeKey = null, HashSet<int>? left = null, List<LoweredNode>? counts = null)
        {
            // Over a join (left not null), a member read is written as a marker (JoinSpec.Reader): OverRows turns it into
            // a read of the row object, the emitter into a read of the column. The left-joined tables a conditional has
            // tested present, where their members may be read from the columns.
            private readonly HashSet<int> _present = [];

            /// <summary>
            /// The numbering of the pattern variables the result's computed elements write (<see cref="ComputedElement.Tuples"/>):
            /// one for all of them, shared with a projector whose text this one's embeds (<see cref="WholeBeforeRight"/>).
            /// </summary>
            public TupleNames Tuples { get; init; } = new();

            public string? Reason { get; private set; }

            /// <summary>
            /// The tables before a RightJoin that follows a join (missing as a whole where the first is) and the left-joined
            /// ones; null without such a join.
            /// </summary>
            public (HashSet<int> Tables, HashSet<int> Left)? BeforeRight { get; init; }

            /// <summary>Whether the result can be read from the columns alone (no row used whole, no left-joined member read unguarded).</summary>
            public bool Direct { get; private set; } = true;

            /// <summary>A join's marked text as C# over <c>r</c>, the rows as objects.</summary>
            public string OverRows(string text) => JoinMarkers.Replace(text, (table, member) => Row(table) + ".@" + member, table => "r[" + table + "] == null");

            // Over a join: r[i] is table i's row; over a group (aggregates not null): e is the row holding the key's columns.
            private string Row(int table) => "((" + tables[table].ToDisplayString(SymbolDisplayFormat.FullyQualifiedFormat) + ")" + (aggregates is null ? "r[" + table + "]" : "e") + ")";

            public string? Text(IOperation? operation)
            {
                while (operation is IConversionOperation { OperatorMethod: null, Conversion.IsIdentity: true } identity)
                {
                    operation = identity.Operand;
                }

                switch (operation)
                {
                    case null:
                        return Fail("the result selector has a statement body");
                    case IParameterReferenceOperation or IPropertyReferenceOperation when Eval(operation, scope) is { } shape:
                        switch (shape)
                        {
                            case RowShape row when aggregates is null:
                                whole.Add(row.Table);
                                Direct = false;
                                return Row(row.Table);
                            case ObjectShape key when ReferenceEquals(key, compositeKey):
                                {
                                    // A composite key read whole: the same anonymous type, rebuilt from its parts.
                                    var parts = new List<string>();
                                    foreach (var part in key.Members)
                                    {
                                        if (part.Value is ComputedKeyShape computed)
                                        {
                                            if (ComputedKey(computed) is not { } text)
                                            {
                                                return null;
                                            }

                                            parts.Add("@" + part.Key + " = " + text);
                                            continue;
                                        }

                                        var member = part.Value as MemberShape ?? ((DatePartShape)part.Value!).Member;
                                        used.Add(member.Table + ":" + member.Member.Name);
                                        parts.Add("@" + part.Key + " = " + Row(member.Table) + ".@" + member.Member.Name + (part.Value is DatePartShape date ? "." + date.Part : ""));
                                    }

                                    return "new { " + string.Join(", ", parts) + " }";
                                }

                            case ComputedKeyShape computed when aggregates is not null:
                                return ComputedKey(computed);
                            case DatePartShape date when aggregates is not null:
                                // A group key's date part (MicroDbGenerator.Groups.cs): the run time reads the member's part from the row.
                                used.Add(date.Member.Table + ":" + date.Member.Member.Name);
                                return Row(date.Member.Table) + ".@" + date.Member.Member.Name + "." + date.Part;
                            case MissingShape missing when operation is IParameterReferenceOperation:
                                return WholeBeforeRight(missing, operation);
                            case MemberShape member:
                                if (!IsAccessible(member.Member.Type) && member.Member.Type.SpecialType == SpecialType.None)
                                {
                                    return Fail($"the type of '{operation.Syntax}' is not accessible to generated code");
                                }

                                if (BeforeRight is { } right && right.Tables.Contains(member.Table) && !_present.Contains(member.Table)
                                    && !(_present.Contains(0) && !right.Left.Contains(member.Table)))
                                {
                                    // A row before a RightJoin read without a null test: the row objects throw NullReferenceException where it is missing, as the run time does.
                                    Direct = false;
                                }

                                used.Add(member.Table + ":" + member.Member.Name);
                                if (left is null)
                                {
                                    return Row(member.Table) + ".@" + member.Member.Name;
                                }

                                if (left.Contains(member.Table) && !_present.Contains(member.Table))
                                {
                                    // A left-joined row's member read without a null test: the row objects keep the run time's error.
                                    Direct = false;
                                }

                                return JoinMarkers.Member(member.Table, member.Member.Name);
                            default:
                                return Fail($"'{operation.Syntax}' is not a member of a joined row");
                        }

                    case IInvocationOperation call when aggregates is not null:
                        return Aggregate(call);
                    case IAnonymousObjectCreationOperation anonymous:
                        {
                            var parts = new List<string>();
                            foreach (var initializer in anonymous.Initializers)
                            {
                                if (initializer is not ISimpleAssignmentOperation { Target: IPropertyReferenceOperation target } assignment || Text(assignment.Value) is not { } element)
                                {
                                    return Fail($"'{initializer.Syntax}' is not lowered at build time");
                                }

                                parts.Add("@" + target.Property.Name + " = " + element);
                            }

                            return "new { " + string.Join(", ", parts) + " }";
                        }

                    case IObjectCreationOperation { Constructor: { } constructor } creation:
                        {
                            if (!IsAccessible(creation.Type!) || constructor.DeclaredAccessibility is not (Accessibility.Public or Accessibility.Internal or Accessibility.ProtectedOrInternal))
                            {
                                return Fail($"the type or constructor of '{creation.Syntax}' is not accessible to generated code");
                            }

                            var arguments = new List<string>();
                            foreach (var argument in creation.Arguments)
                            {
                                if (argument.ArgumentKind != ArgumentKind.Explicit || argument.Parameter is null || Text(argument.Value) is not { } element)
                                {
                                    return Fail($"the constructor call '{creation.Syntax}' is not lowered at build time");
                                }

                                arguments.Add("@" + argument.Parameter.Name + ": " + element);
                            }

                            var text = "new " + creation.Type!.ToDisplayString(SymbolDisplayFormat.FullyQualifiedFormat) + "(" + string.Join(", ", arguments) + ")";
                            if (creation.Initializer is { } initializer)
                            {
                                var parts = new List<string>();
                                foreach (var init in initializer.Initializers)
                                {
                                    if (init is not ISimpleAssignmentOperation { Target: IPropertyReferenceOperation { Property: { SetMethod.DeclaredAccessibility: Accessibility.Public or Accessibility.Internal, DeclaredAccessibility: Accessibility.Public or Accessibility.Internal } property } } assignment
                                        || Text(assignment.Value) is not { } element)
                                    {
                                        return Fail($"'{init.Syntax}' is not lowered at build time");
                                    }

                                    parts.Add("@" + property.Name + " = " + element);
                                }

                                text += " { " + string.Join(", ", parts) + " }";
                            }

                            return text;
                        }

                    case IConditionalOperation { Condition: IBinaryOperation { OperatorKind: BinaryOperatorKind.Equals or BinaryOperatorKind.NotEquals } test, WhenFalse: { } whenFalse } conditional
                        when IsAccessible(conditional.Type!) && NullTest(test) is { } table:
                        {
                            // row == null ? null : row.Member (a left-joined row that may be missing).
                            var (missing, present) = test.OperatorKind == BinaryOperatorKind.Equals ? (conditional.WhenTrue, whenFalse) : (whenFalse, conditional.WhenTrue);
                            var constant = Strip(missing)?.ConstantValue ?? default;
                            var plain = constant.Value is null or int or long or short or byte or sbyte or ushort or uint or bool or string;
                            string? otherRows = null;
                            if (!(constant.HasValue && plain) && missing is not IDefaultValueOperation)
                            {
                                // row == null ? other.Member : row.Member (MicroDbGenerator.JoinConditionals.cs): the other value read
                                // from the rows present, as the interpreter computes it.
                                if (MissingValue(missing, table) is not { } other)
                                {
                                    return Fail(Reason ?? $"'{conditional.Syntax}' is not lowered at build time (only row == null ? constant : row.Member is)");
                                }

                                otherRows = other;
                            }

                            // The test reads no column (SqlJoinColumns): a left-joined row's presence column tells.
                            var guarded = left is not null && _present.Add(table);
                            var value = Text(present);
                            if (guarded)
                            {
                                _present.Remove(table);
                            }

                            if (value is null)
                            {
                                return Fail(Reason ?? $"'{conditional.Syntax}' is not lowered at build time (only row == null ? constant : row.Member is)");
                            }

                            if (left is null)
                            {
                                whole.Add(table);
                            }
                            else if (!left.Contains(table))
                            {
                                // An inner-joined row is never null; the row objects answer the test as written.
                                Direct = false;
                            }

                            var type = conditional.Type!.ToDisplayString(SymbolDisplayFormat.FullyQualifiedFormat);
                            var otherwise = otherRows is not null ? "(" + type + ")(" + otherRows + ")"
                                : constant.HasValue && constant.Value is not null
                                ? "(" + type + ")" + SymbolDisplay.FormatPrimitive(constant.Value, quoteStrings: true, useHexadecimalNumbers: false)
                                : "default(" + type + ")";
                            var missingTest = left is null ? "r[" + table + "] == null" : JoinMarkers.Missing(table);
                            return "(" + missingTest + " ? " + otherwise + " : " + value + ")";
                        }

                    default:
                        return Computed(operation);
                }
            }

            /// <summary>
            /// A computed element of a join's result (issue 22): the expression re-emitted as C# (<see cref="ComputedElement"/>),
            /// each joined row's member read as above; a row used whole inside it, and a captured value, are declined.
            /// </summary>
            private string? Computed(IOperation operation)
            {
                if (aggregates is not null)
                {
                    return Fail($"'{operation.Syntax}' is computed; a grouping's result reads its key, its parts and aggregates");
                }

                var element = new ComputedElement(scope.ContainsKey, node =>
                {
                    if (node is not (IParameterReferenceOperation or IPropertyReferenceOperation) || Eval(node, scope) is not { } shape)
                    {
                        return (false, null);
                    }

                    return shape is RowShape or MissingShape
                        ? (true, Fail($"'{node.Syntax}' uses a joined row whole inside a computed element, which is not lowered at build time"))
                        : (true, Text(node));
                })
                {
                    Tuples = Tuples, // one numbering for all the elements of this projector's lambda
                };
                return element.Emit(operation, "") ?? Fail(element.Reason ?? $"'{operation.Syntax}' is not lowered at build time");
            }

            /// <summary>An aggregate of the group (<c>g.Count()</c>, <c>g.Sum(x =&gt; x.Member)</c> ...) as a read of its value, in the order the run time lifts them.</summary>
            private string? Aggregate(IInvocationOperation call)
            {
                if (AggregateOf(call, scope, out var reason) is not { } aggregate)
                {
                    return Fail(reason!);
                }

                if (aggregate == "countif:#")
                {
                    // Count(predicate) comparing with values: its condition, kept for the emitter (GroupSpec.CountConditions).
                    if (counts is null || CountCondition(call) is not { } condition)
                    {
                        return Fail($"the predicate of '{call.Syntax}' compares with values, which are bound only in a grouping's result");
                    }

                    counts.Add(condition);
                    aggregate += (counts.Count - 1).ToString(System.Globalization.CultureInfo.InvariantCulture);
                }

                aggregates!.Add(aggregate);
                return "((" + call.Type!.ToDisplayString(SymbolDisplayFormat.FullyQualifiedFormat) + ")a[" + (aggregates.Count - 1) + "])";
            }

            /// <summary>A computed group key part read by the result: its C# over the row, its members selected bare (the run time's columns).</summary>
            private string? ComputedKey(ComputedKeyShape computed)
            {
                if (computed.Text is null)
                {
                    return Fail($"the result reads the computed key '{computed.Syntax}', which reads a captured value the generated projector cannot read (group by it and read only aggregates, or use constants)");
                }

                foreach (var member in computed.Reads)
                {
                    used.Add(member.Table + ":" + member.Member.Name);
                }

                return computed.Text;
            }

            /// <summary>The table of <c>row == null</c> (either side), or null.</summary>
            private int? NullTest(IBinaryOperation test)
            {
                var (row, other) = Strip(test.LeftOperand) is { ConstantValue: { HasValue: true, Value: null } } ? (test.RightOperand, test.LeftOperand) : (test.LeftOperand, test.RightOperand);
                if (Strip(other) is not { ConstantValue: { HasValue: true, Value: null } } || test.OperatorMethod is not null)
                {
                    return null;
                }

                return Eval(Strip(row), scope) switch
                {
                    RowShape shape => shape.Table,
                    MissingShape missing => missing.Anchor,
                    _ => null,
                };
            }

            private string? Fail(string reason)
            {
                Reason ??= reason;
                return null;
            }
        }
    }
}
