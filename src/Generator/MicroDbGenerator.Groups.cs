using System.Collections.Generic;
using System.Linq;
using System.Threading;
using MicroDb.Generator.Model;
using MicroDb.Generator.Shared.Query;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.Operations;

namespace MicroDb.Generator;

public sealed partial class MicroDbGenerator
{
    // The build-time front end for grouping: a terminal on GroupedQuery<TResult> (or GroupByQuery's Count) whose chain,
    // written in one expression, is Table<T>().GroupBy(key)[.OrderBy(g => g.Key ...)].Select(g => ...)[.OrderBy/Skip/Take].
    private static partial class QueryChains
    {
        /// <summary>
        /// A part of a member of the row in a group key: a date part (Year ... Second, DayOfWeek, Date) of a DateTime member,
        /// or a string member's Length or case mapping (<c>ToLower()</c> ...). The SQL groups by the part, the result reads the
        /// member's part (Part is written after the member as C#).
        /// </summary>
        private sealed record DatePartShape(MemberShape Member, string Part) : Shape;

        /// <summary>
        /// A computed part of a group key (<c>x.Age / 10</c>): its name in <c>GroupSpec.KeyMembers</c> (<c>#k</c>, the k-th of
        /// <c>GroupSpec.ComputedKeys</c>), its C# over the row <c>e</c> for the projector (null when it reads a captured
        /// value, which a static projector cannot), and the members it reads (selected bare, as the run time selects them).
        /// </summary>
        private sealed record ComputedKeyShape(string Name, string? Text, MemberShape[] Reads, string Syntax) : Shape;

        /// <summary>The condition of <c>g.Count(predicate)</c> (or LongCount), lowered as a Where's, or null.</summary>
        private static LoweredNode? CountCondition(IInvocationOperation call)
        {
            if (call.Arguments.Length != 2 || LambdaOf(call.Arguments[1].Value) is not { Symbol.Parameters.Length: 1 } lambda)
            {
                return null;
            }

            var lowering = new Lowering(lambda);
            return lowering.Condition(lowering.Body, "");
        }

        /// <summary>The aggregates of a group the build-time front end writes, for MDB0013's reasons.</summary>
        private const string AggregatesLowered = "Count() and LongCount(), and Count(predicate) over bool members and comparisons with values; Sum and Average of an integer, double, float or decimal member; Min and Max of an integer, double, float, decimal, DateTime or string member; each of a nullable member too";

        /// <summary>
        /// Whether <paramref name="name"/> (Sum, Average, Min, Max) over a member of <paramref name="type"/> is an aggregate
        /// the emitter writes as the run time does (SqlAggregates): SQL's own over an integer or double, MicroDb's exact
        /// functions for a decimal's Sum/Average and the Min/Max of a decimal, DateTime or string.
        /// </summary>
        private static bool IsAggregated(string name, ITypeSymbol type)
        {
            if (type is INamedTypeSymbol { OriginalDefinition.SpecialType: SpecialType.System_Nullable_T, TypeArguments.Length: 1 } nullable)
            {
                type = nullable.TypeArguments[0];
            }

            return type.SpecialType switch
            {
                SpecialType.System_Int32 or SpecialType.System_Int64 or SpecialType.System_Int16 or SpecialType.System_Byte or SpecialType.System_Double or SpecialType.System_Single or SpecialType.System_Decimal => true,
                SpecialType.System_DateTime or SpecialType.System_String => name is "Min" or "Max",
                _ => false,
            };
        }

        private sealed partial class GroupLowering(SemanticModel semantic, CancellationToken cancellationToken)
        {
            private readonly List<ChainStep> _steps = [];
            private readonly List<string> _keyMembers = [];
            private readonly List<LoweredNode> _computedKeys = [];
            private readonly List<LoweredNode> _countConditions = [];
            private readonly List<LoweredNode> _keyOperands = [];
            private Shape? _key;
            private IAnonymousFunctionOperation? _keyLambda;
            private Shape? _result;
            private (IAnonymousFunctionOperation Lambda, Dictionary<IParameterSymbol, Shape> Scope)? _selector;
            private INamedTypeSymbol? _entity;
            private bool _limited;
            private bool _ordered;

            public string? Reason { get; private set; }

            public GroupSpec? Spec { get; private set; }

            /// <summary>Whether the chain is the async connection's (AsyncTableQuery ... AsyncGroupedQuery).</summary>
            public bool IsAsync { get; private set; }

            public List<ChainStep>? Lower(IInvocationOperation terminal)
            {
                var calls = new List<IInvocationOperation>();
                IOperation? current = terminal;
                while (current is IInvocationOperation call && IsGroupQuery(call.TargetMethod.ContainingType))
                {
                    calls.Add(call);
                    current = Unwrap(call.Instance);
                }

                if (current is not IInvocationOperation { TargetMethod.Name: "GroupBy" } start
                    || !IsTableQuery(start.TargetMethod.ContainingType) || IsCompat(start.TargetMethod.ContainingType))
                {
                    return Fail("the grouping does not start at a connection's Table<T>() in the same expression");
                }

                // Where conditions on the table before GroupBy (SQL WHERE); an OrderBy, Skip or Take there throws at run time.
                var wheres = new List<IInvocationOperation>();
                var source = Unwrap(start.Instance);
                while (source is IInvocationOperation { TargetMethod.Name: "Where" } where && IsTableQuery(where.TargetMethod.ContainingType) && !IsCompat(where.TargetMethod.ContainingType))
                {
                    wheres.Add(where);
                    source = Unwrap(where.Instance);
                }

                if (source is not IInvocationOperation { TargetMethod.Name: "Table" } root || !IsConnection(root.TargetMethod.ContainingType, compat: false)
                    || root.Type is not INamedTypeSymbol { TypeArguments.Length: 1 } query || query.TypeArguments[0] is not INamedTypeSymbol entity)
                {
                    return Fail("the grouping does not start at a connection's Table<T>() in the same expression (only Where conditions before GroupBy are lowered at build time)");
                }

                wheres.Reverse();
                foreach (var where in wheres)
                {
                    if (where.Arguments.Length != 1 || LambdaOf(where.Arguments[0].Value) is not { } lambda)
                    {
                        return Fail("the argument of 'Where' is not a lambda written at the call");
                    }

                    var lowering = new Lowering(lambda);
                    if (lowering.Condition(lowering.Body, "") is not { } predicate)
                    {
                        return Fail(lowering.Reason ?? "the condition before GroupBy is not lowered at build time");
                    }

                    _steps.Add(new ChainStep("Where", null, Predicate: predicate, LambdaText: lambda.Syntax.ToString()));
                }

                _entity = entity;
                calls.Add(start);
                calls.Reverse();
                foreach (var call in calls)
                {
                    if (!Step(call, ReferenceEquals(call, terminal)))
                    {
                        return null;
                    }
                }

                string? projector = null;
                var used = new HashSet<string>(System.StringComparer.Ordinal);
                var aggregates = new List<string>();
                if (_selector is { } selector)
                {
                    var emitter = new ProjectorText(selector.Scope, [entity], used, new SortedSet<int>(), aggregates, _key as ObjectShape, counts: _countConditions);
                    if (emitter.Text(LambdaBody(selector.Lambda)) is not { } text)
                    {
                        return Fail(emitter.Reason ?? "the grouped result is not lowered at build time");
                    }

                    projector = text;
                }
                else if (terminal.TargetMethod.Name is not ("Count" or "CountAsync"))
                {
                    return Fail("the grouping has no Select");
                }

                if (projector is not null && UnboundOperand(projector) is { } unbound)
                {
                    return Fail($"the result reads a computed key whose captured value at '{unbound.Path}' is not one the site binds (group by it and read only aggregates, or use constants)");
                }

                // The run time computes a computed key (and the result) without overflow checks: so does the projector.
                projector = projector is null ? null : "unchecked(" + projector + ")";

                Spec = new GroupSpec(new EquatableArray<string>(_keyMembers), new EquatableArray<string>(used.Select(u => u.Substring(u.IndexOf(':') + 1)).ToArray()),
                    new EquatableArray<string>(aggregates), projector)
                {
                    ComputedKeys = new EquatableArray<LoweredNode>(_computedKeys),
                    CountConditions = new EquatableArray<LoweredNode>(_countConditions),
                    KeyOperands = new EquatableArray<LoweredNode>(projector is null ? [] : _keyOperands.Where(o => projector.Contains(o.Member!)).ToArray()),
                };
                return _steps;
            }

            private bool Step(IInvocationOperation call, bool isTerminal)
            {
                var name = call.TargetMethod.Name;
                if (isTerminal)
                {
                    // The async terminals (ToListAsync ...) take a cancellation token; AsyncGroupByQuery has only CountAsync.
                    IsAsync = call.TargetMethod.ContainingType.Name.StartsWith("Async", System.StringComparison.Ordinal);
                    var sync = IsAsync && name.EndsWith("Async", System.StringComparison.Ordinal) ? name.Substring(0, name.Length - 5) : name;
                    if (sync is not ("ToList" or "ToArray" or "First" or "FirstOrDefault" or "Count") || call.Arguments.Length != (IsAsync ? 1 : 0)
                        || IsAsync && (sync == name || call.TargetMethod.ContainingType.Name != "AsyncGroupedQuery" && !(call.TargetMethod.ContainingType.Name == "AsyncGroupByQuery" && sync == "Count")))
                    {
                        return No($"'{name}' on a grouping is not lowered at build time");
                    }

                    if (call.Syntax is not Microsoft.CodeAnalysis.CSharp.Syntax.InvocationExpressionSyntax syntax
                        || semantic.GetInterceptableLocation(syntax, cancellationToken) is not { } location)
                    {
                        return No($"'{name}' cannot be intercepted here");
                    }

                    _steps.Add(new ChainStep(name, location.GetInterceptsLocationAttributeSyntax()));
                    return true;
                }

                if (call.Arguments.Length != 1)
                {
                    return No($"'{name}' on a grouping is not lowered at build time");
                }

                if (name is "Take" or "Skip")
                {
                    if (call.Arguments[0].Value.ConstantValue is not { HasValue: true, Value: int count })
                    {
                        return No($"{name}() with a count that is not a constant");
                    }

                    _limited = true;
                    _steps.Add(new ChainStep(name, null, Count: count));
                    return true;
                }

                if (LambdaOf(call.Arguments[0].Value) is not { Symbol.Parameters.Length: 1 } lambda)
                {
                    return No($"the argument of '{name}' is not a lambda written at the call");
                }

                var parameter = lambda.Symbol.Parameters[0];
                switch (name)
                {
                    case "GroupBy":
                        _keyLambda = lambda;
                        return Key(LambdaBody(lambda), parameter);
                    case "Select":
                        {
                            var scope = new Dictionary<IParameterSymbol, Shape>(SymbolEqualityComparer.Default) { [parameter] = new GroupingShape(_key!) };
                            _result = Eval(LambdaBody(lambda), scope);
                            _selector = (lambda, scope);
                            return true;
                        }

                    case "Where":
                        {
                            // A condition over the groups (HAVING): key parts and integer aggregates compared with closed values.
                            if (_limited)
                            {
                                return No("a condition after Take/Skip on a grouping is not lowered at build time");
                            }

                            var scope = Scope(parameter);
                            var lowering = new Lowering(lambda,
                                resolve: operation => Eval(operation, scope) is MemberShape member ? (0, member.Member) : null,
                                aggregate: operation => HavingOperandName(Eval(operation, scope)),
                                datePart: operation => Eval(operation, scope) is DatePartShape date && date.Member.Member.Type.GetMembers(date.Part).OfType<IPropertySymbol>().FirstOrDefault() is { } part
                                    ? (date.Member.Member.Name + "." + date.Part, part)
                                    : null) { Having = true };
                            if (lowering.Condition(lowering.Body, "") is not { } predicate)
                            {
                                return No(GuidExtremeIn(lowering.Body) ?? StoredKeyComparison(lowering.Body, scope) ?? lowering.Reason ?? "the condition over groups (HAVING) is not lowered at build time");
                            }

                            _steps.Add(new ChainStep("Having", null, Predicate: predicate, LambdaText: lambda.Syntax.ToString()));
                            return true;
                        }

                    case "OrderBy" or "OrderByDescending" or "ThenBy" or "ThenByDescending":
                        {
                            if (_limited)
                            {
                                return No("an ordering after Take/Skip on a grouping is not lowered at build time");
                            }

                            if (name.StartsWith("ThenBy", System.StringComparison.Ordinal) && !_ordered)
                            {
                                return No($"{name} does not follow OrderBy");
                            }

                            _ordered = true;
                            switch (Eval(Strip(LambdaBody(lambda)), Scope(parameter)))
                            {
                                case MemberShape member:
                                    _steps.Add(new ChainStep(name, null, LambdaText: lambda.Syntax.ToString(), KeyMember: member.Member.Name,
                                        KeyType: member.Member.Type.ToDisplayString(SymbolDisplayFormat.FullyQualifiedFormat)));
                                    return true;
                                case DatePartShape date:
                                    _steps.Add(new ChainStep(name, null, LambdaText: lambda.Syntax.ToString(), KeyMember: date.Member.Member.Name + "." + date.Part,
                                        KeyType: DatePartType(date.Part)));
                                    return true;
                                case ComputedKeyShape computed:
                                    // Its term again, its values read from the key selector (the run time resolves g.Key to it).
                                    _steps.Add(new ChainStep(name, null, LambdaText: lambda.Syntax.ToString(), KeyMember: computed.Name));
                                    return true;
                                case AggregateShape aggregate when IsSortable(aggregate) || IsExactOrdering(aggregate) || IsCountWhere(aggregate) || IsNullableNumber(aggregate) || IsKeyedExtreme(aggregate) || IsNullableSmallExtreme(aggregate):
                                    _steps.Add(new ChainStep(name, null, LambdaText: lambda.Syntax.ToString(), Aggregate: aggregate.Aggregate));
                                    return true;
                                default:
                                    if (OrderingArithmetic(lambda, Scope(parameter), out var arithmeticReason) is { } arithmetic)
                                    {
                                        // Integer or double arithmetic over aggregates and integer key members (MicroDbGenerator.GroupOrderings.cs).
                                        _steps.Add(new ChainStep(name, null, LambdaText: lambda.Syntax.ToString(), Predicate: arithmetic));
                                        return true;
                                    }

                                    if (Strip(LambdaBody(lambda)) is IBinaryOperation && arithmeticReason is not null)
                                    {
                                        return No($"the key of '{name}' is not lowered at build time: {arithmeticReason}");
                                    }

                                    return No($"the key of '{name}' is not a part of the group's key or an aggregate (Count, Count(predicate), or Sum, Average, Min and Max of an integer or double member, the aggregates of a nullable int, long or double one, a decimal member's Sum and Average, a string, decimal or DateTime member's Min and Max)");
                            }
                        }

                    default:
                        return No($"'{name}' on a grouping is not lowered at build time");
                }
            }

            /// <summary>What a lambda over the groups sees: the grouping before Select, the result after it.</summary>
            private Dictionary<IParameterSymbol, Shape> Scope(IParameterSymbol parameter) =>
                new(SymbolEqualityComparer.Default) { [parameter] = _result ?? new GroupingShape(_key!) };

            /// <summary>
            /// An aggregate a condition or ordering may use: Count, and Sum, Average, Min and Max of an integer or double
            /// member. An integer one is compared as in the SELECT list; a double one (an average, or over a double member)
            /// through the run time's key for a non-nullable double, <c>ifnull(aggregate, 0)</c> (the emitter's AggregateKey).
            /// </summary>
            private static bool IsSortable(AggregateShape aggregate) =>
                aggregate.Type.SpecialType is SpecialType.System_Int32 or SpecialType.System_Int64 or SpecialType.System_Double
                && !aggregate.Aggregate.StartsWith("countif:", System.StringComparison.Ordinal);

            /// <summary>
            /// An exact aggregate an ordering may use with the same SQL under both storage formats and no value: a decimal
            /// member's Sum/Average (by the total's exact key, <c>microdb_sum_decimal_key</c>) and a string member's Min/Max (by
            /// the chosen value). A decimal's or DateTime's Min/Max sorts by a key the run time refuses under sqlite-net's format.
            /// </summary>
            private static bool IsExactOrdering(AggregateShape aggregate)
            {
                var type = aggregate.Type is INamedTypeSymbol { OriginalDefinition.SpecialType: SpecialType.System_Nullable_T } nullable ? nullable.TypeArguments[0] : aggregate.Type;
                return type.SpecialType == SpecialType.System_Decimal && (aggregate.Aggregate.StartsWith("sum:", System.StringComparison.Ordinal) || aggregate.Aggregate.StartsWith("avg:", System.StringComparison.Ordinal))
                    || type.SpecialType == SpecialType.System_String;
            }

            /// <summary>
            /// The key: a member of the row, a date part of a DateTime member (<see cref="DatePartShape"/>), or an anonymous
            /// object of those (a composite key), of the types <see cref="IsKeyType"/> takes.
            /// </summary>
            private bool Key(IOperation? body, IParameterSymbol parameter)
            {
                var scope = new Dictionary<IParameterSymbol, Shape>(SymbolEqualityComparer.Default) { [parameter] = new RowShape(0) };
                Shape? key;
                List<Shape?>? parts;
                if (Strip(body) is IAnonymousObjectCreationOperation anonymous)
                {
                    var members = new Dictionary<string, Shape?>(System.StringComparer.Ordinal);
                    for (var i = 0; i < anonymous.Initializers.Length; i++)
                    {
                        // A part's values are read from the key's NewExpression argument i (a one-digit path step).
                        if (anonymous.Initializers[i] is ISimpleAssignmentOperation { Target: IPropertyReferenceOperation target } assignment)
                        {
                            members[target.Property.Name] = KeyPart(assignment.Value, scope, parameter, i < 10 ? i.ToString(System.Globalization.CultureInfo.InvariantCulture) : null);
                        }
                    }

                    key = new ObjectShape(members);
                    parts = members.Values.ToList();
                }
                else
                {
                    key = KeyPart(body, scope, parameter, "");
                    parts = key is MemberShape or DatePartShape or ComputedKeyShape ? [key] : null;
                }

                if (Reason is not null)
                {
                    return false;
                }

                if (parts is null || parts.Count == 0 || parts.Any(p => !(p is MemberShape m && IsKeyType(m.Member.Type) || p is DatePartShape or ComputedKeyShape)))
                {
                    return No("the grouping key is not lowered at build time (a member, or an anonymous object of members, of an integer, string, bool, enum, Guid, DateTime, DateTimeOffset, double, float or decimal type, or their nullable forms, is; so are Year, Month, Day, Hour, Minute, Second, DayOfWeek and Date of a DateTime member, and a string member's Length, ToLower() and ToUpper())");
                }

                _keyMembers.AddRange(parts.Select(p => p switch
                {
                    DatePartShape date => date.Member.Member.Name + "." + date.Part,
                    ComputedKeyShape computed => computed.Name,
                    _ => ((MemberShape)p!).Member.Name,
                }));
                _key = key;
                return true;
            }

            /// <summary>
            /// A part of the key: a date part of a DateTime member of the row, a string member's Length or case mapping,
            /// integer arithmetic over the row's members and values (<see cref="ComputedKey"/>; <paramref name="path"/> is
            /// where the part is in the key selector's body, null where the interceptor cannot read it), or what
            /// <see cref="Eval"/> makes of it; null (with the reason) for a part that stays on the run-time path.
            /// </summary>
            private Shape? KeyPart(IOperation? operation, Dictionary<IParameterSymbol, Shape> scope, IParameterSymbol parameter, string? path)
            {
                if (Strip(operation) is IPropertyReferenceOperation { Property.ContainingType.SpecialType: SpecialType.System_DateTime, Instance: { } instance } datePart
                    && Eval(Strip(instance), scope) is MemberShape member)
                {
                    if (member.Member.Type.SpecialType != SpecialType.System_DateTime || !IsDatePart(datePart.Property.Name))
                    {
                        No(datePart.Property.Name == "TimeOfDay"
                            ? $"the grouping key '{datePart.Syntax}' has no SQL translation (the run-time path refuses it too)"
                            : $"the grouping key is not lowered at build time: the date part '{datePart.Syntax}' is not Year, Month, Day, Hour, Minute, Second, Millisecond, DayOfWeek, DayOfYear or Date of a DateTime member");
                        return null;
                    }

                    return new DatePartShape(member, datePart.Property.Name);
                }

                // A string member's Length, or its case mapping (ToLower(), ToUpper() and the invariant forms): no value to bind.
                switch (Strip(operation))
                {
                    case IPropertyReferenceOperation { Property.Name: "Length", Property.ContainingType.SpecialType: SpecialType.System_String, Instance: { } text }
                        when Eval(Strip(text), scope) is MemberShape owner:
                        return new DatePartShape(owner, "Length");
                    case IInvocationOperation { TargetMethod.ContainingType.SpecialType: SpecialType.System_String, Arguments.Length: 0, Instance: { } text } call
                        when SqlStrings.CaseMapping(call.TargetMethod.Name) is not null && Eval(Strip(text), scope) is MemberShape owner:
                        return new DatePartShape(owner, call.TargetMethod.Name + "()");
                }

                if (Strip(operation) is IBinaryOperation or IUnaryOperation or IConversionOperation or IInvocationOperation or ICoalesceOperation
                    or IPropertyReferenceOperation { Property: { Name: "Length", ContainingType.SpecialType: SpecialType.System_String } } && path is not null)
                {
                    return ComputedKey(operation!, parameter, path);
                }

                if (Strip(operation) is IConditionalOperation conditional && path is not null)
                {
                    return ConditionalKey(conditional, parameter, path);
                }

                if (Strip(operation) is IBinaryOperation or IUnaryOperation or IInvocationOperation or IConditionalOperation or IConversionOperation or ICoalesceOperation)
                {
                    No($"the grouping key is not lowered at build time: '{operation!.Syntax}' is computed where the key's parts cannot be read back (a part of an anonymous object beyond the tenth)");
                    return null;
                }

                return Eval(operation, scope);
            }

            /// <summary>
            /// A computed key part (<c>x.Age / 10</c>, <c>x.Name.Substring(0, 2)</c>, <c>x.Score * 2</c>): integer, floating-point or
            /// string computations over the row's members and values (<see cref="IsKeyComputation"/>), lowered by the setters' rule
            /// (<c>Arithmetic</c>, MicroDbGenerator.SetBased.cs) and written by theirs (<c>Computed</c>), keyed as the run time keys
            /// its type (<see cref="StoredKeyOf"/>); its values are bound in the GROUP BY list (<c>KeyValue</c>).
            /// </summary>
            private Shape? ComputedKey(IOperation operation, IParameterSymbol parameter, string path)
            {
                string? reason = null;
                var node = IsKeyFamily(ArithmeticFamily(operation.Type)) ? Arithmetic(operation, parameter, path, ref reason) : null;
                if (node is null || !IsKeyComputation(node))
                {
                    No($"the grouping key is not lowered at build time: '{operation.Syntax}' is computed ("
                        + (reason?.Replace(" in a setter", "") ?? (node is null ? $"of type {operation.Type?.ToDisplayString()}, and only integer, floating-point and string computations are" : "a nested ?: in it is not")) + "; " + KeysComputed + ")");
                    return null;
                }

                var reads = new List<MemberShape>();
                var text = KeyText(operation, parameter, reads, path);
                _computedKeys.Add(StoredKeyOf(node, operation));
                return new ComputedKeyShape("#" + (_computedKeys.Count - 1).ToString(System.Globalization.CultureInfo.InvariantCulture), text, reads.ToArray(), operation.Syntax.ToString());
            }

            /// <summary>The computed key parts lowered, for MDB0013's reasons.</summary>
            private const string KeysComputed = "+ - * / % and unary - over the row's integer and floating-point members, constants and captured values, Substring, Replace, Trim, TrimStart, TrimEnd, ToUpper, ToLower, Length, ??, string concatenation and Math.Abs, Max, Min and Round are";

            /// <summary>
            /// A conditional key part (<c>x.Age &gt; 30 ? "old" : "young"</c>, <c>x.Age &gt; 30 ? x.City : x.Country</c>): a condition
            /// the one-table Where lowers, choosing between two computations a key part may be (<see cref="IsKeyComputation"/>);
            /// the run time writes <c>(CASE WHEN cond THEN a ELSE b END)</c>, the condition's values encoded as the member compared
            /// stores them (with the Where's checks), the chosen values as values compared with no column.
            /// </summary>
            private Shape? ConditionalKey(IConditionalOperation conditional, IParameterSymbol parameter, string path)
            {
                var lowering = new Lowering(_keyLambda!);
                string? reason = null;
                var test = IsKeyFamily(ArithmeticFamily(conditional.Type)) && conditional.WhenFalse is not null
                    ? lowering.Condition(conditional.Condition, path + "c")
                    : null;
                var whenTrue = test is null ? null : Arithmetic(conditional.WhenTrue, parameter, path + "t", ref reason);
                var otherwise = whenTrue is null ? null : Arithmetic(conditional.WhenFalse!, parameter, path + "f", ref reason);
                if (otherwise is null || !IsKeyComputation(whenTrue) || !IsKeyComputation(otherwise))
                {
                    No($"the grouping key is not lowered at build time: '{conditional.Syntax}' is computed ("
                        + (test is null ? lowering.Reason ?? $"of type {conditional.Type?.ToDisplayString()}" : reason?.Replace(" in a setter", "") ?? "a value it chooses is a nested ?:")
                        + "; a condition the one-table Where lowers, choosing between two integer, floating-point or string values or computations of the row, is)");
                    return null;
                }

                var reads = new List<MemberShape>();
                var text = KeyText(conditional, parameter, reads, path);
                if (conditional.Type is INamedTypeSymbol { OriginalDefinition.SpecialType: SpecialType.System_Nullable_T } nullable
                    && SqlStoredKeys.KeysFloatingBranches(nullable.TypeArguments[0].ContainingNamespace?.ToDisplayString() + "." + nullable.TypeArguments[0].MetadataName))
                {
                    // A double?/float? ?: keys each non-nullable float branch as that float (the run time's SqlTranslator.FloatingBranchKey,
                    // by the same rule: SqlStoredKeys.KeysFloatingBranches); a long? one choosing a converted float does not.
                    whenTrue = FloatingBranchKeyOf(whenTrue!, conditional.WhenTrue, parameter);
                    otherwise = FloatingBranchKeyOf(otherwise, conditional.WhenFalse!, parameter);
                }

                _computedKeys.Add(StoredKeyOf(new LoweredNode("?:", Left: test, Right: new LoweredNode("branches", Left: whenTrue, Right: otherwise)), conditional));
                return new ComputedKeyShape("#" + (_computedKeys.Count - 1).ToString(System.Globalization.CultureInfo.InvariantCulture), text, reads.ToArray(), conditional.Syntax.ToString());
            }

            /// <summary>
            /// A branch of a nullable conditional key part: one of a non-nullable <c>double</c>/<c>float</c> type (through
            /// conversions) that reads the row reads a stored NULL as 0, so its term is <c>ifnull(branch, 0)</c> (<c>notnull</c>).
            /// </summary>
            private static LoweredNode FloatingBranchKeyOf(LoweredNode node, IOperation branch, IParameterSymbol parameter)
            {
                var value = branch;
                while (value is IConversionOperation { OperatorMethod: null } conversion)
                {
                    value = conversion.Operand;
                }

                return value.Type?.SpecialType is SpecialType.System_Double or SpecialType.System_Single && Reads(value, parameter)
                    ? new LoweredNode("notnull", Left: node)
                    : node;
            }

            /// <summary>
            /// A computed key part as C# over the group's row <c>e</c> (the run time computes the key from the row's columns):
            /// null when it reads a value that is not a constant (a captured variable: a static projector cannot read it).
            /// </summary>
            private string? KeyText(IOperation operation, IParameterSymbol parameter, List<MemberShape> reads, string? path)
            {
                if (path is not null && operation.ConstantValue is not { HasValue: true } && !Reads(operation, parameter) && CapturedOperand(operation, path) is { } local)
                {
                    return local;
                }

                string? Step(string step) => path is null ? null : path + step;
                switch (operation)
                {
                    case ILiteralOperation literal:
                        return literal.Syntax.ToString();
                    case { ConstantValue: { HasValue: true, Value: { } constant } } when operation.Type is { } type:
                        return "((" + type.ToDisplayString(SymbolDisplayFormat.FullyQualifiedFormat) + ")" + SymbolDisplay.FormatPrimitive(constant, quoteStrings: true, useHexadecimalNumbers: false) + ")";
                    case IPropertyReferenceOperation { Instance: IParameterReferenceOperation instance, Property: var member } when SymbolEqualityComparer.Default.Equals(instance.Parameter, parameter):
                        reads.Add(new MemberShape(0, member));
                        return "((" + _entity!.ToDisplayString(SymbolDisplayFormat.FullyQualifiedFormat) + ")e).@" + member.Name;
                    case IBinaryOperation { OperatorMethod: null } binary when KeyText(binary.LeftOperand, parameter, reads, Step("L")) is { } left && KeyText(binary.RightOperand, parameter, reads, Step("R")) is { } right:
                        {
                            var op = binary.OperatorKind switch
                            {
                                BinaryOperatorKind.Add => "+",
                                BinaryOperatorKind.Subtract => "-",
                                BinaryOperatorKind.Multiply => "*",
                                BinaryOperatorKind.Divide => "/",
                                BinaryOperatorKind.Remainder => "%",
                                BinaryOperatorKind.Equals => "==",
                                BinaryOperatorKind.NotEquals => "!=",
                                BinaryOperatorKind.LessThan => "<",
                                BinaryOperatorKind.LessThanOrEqual => "<=",
                                BinaryOperatorKind.GreaterThan => ">",
                                BinaryOperatorKind.GreaterThanOrEqual => ">=",
                                BinaryOperatorKind.ConditionalAnd => "&&",
                                BinaryOperatorKind.ConditionalOr => "||",
                                _ => null,
                            };
                            return op is null ? null : "(" + left + " " + op + " " + right + ")";
                        }

                    case IUnaryOperation { OperatorKind: UnaryOperatorKind.Minus or UnaryOperatorKind.Not, OperatorMethod: null } unary when KeyText(unary.Operand, parameter, reads, Step("O")) is { } operand:
                        return "(" + (unary.OperatorKind == UnaryOperatorKind.Minus ? "-" : "!") + operand + ")";
                    case IConditionalOperation { WhenFalse: { } whenFalse } conditional
                        when KeyText(conditional.Condition, parameter, reads, Step("c")) is { } test && KeyText(conditional.WhenTrue, parameter, reads, Step("t")) is { } whenTrue && KeyText(whenFalse, parameter, reads, Step("f")) is { } otherwise:
                        return "(" + test + " ? " + whenTrue + " : " + otherwise + ")";
                    case IInvocationOperation call:
                        return KeyCallText(call, (o, step) => KeyText(o, parameter, reads, Step(step)));
                    case IPropertyReferenceOperation { Property: { Name: "Length", ContainingType.SpecialType: SpecialType.System_String }, Instance: { } measured }
                        when KeyText(measured, parameter, reads, Step("m")) is { } target:
                        return target + ".Length";
                    case ICoalesceOperation coalesce when KeyText(coalesce.Value, parameter, reads, Step("L")) is { } value && KeyText(coalesce.WhenNull, parameter, reads, Step("R")) is { } fallback:
                        return "(" + value + " ?? " + fallback + ")";
                    case IConversionOperation { IsImplicit: true } implicitly:
                        return KeyText(implicitly.Operand, parameter, reads, path);
                    case IConversionOperation conversion when KeyText(conversion.Operand, parameter, reads, path) is { } operand:
                        return "((" + conversion.Type!.ToDisplayString(SymbolDisplayFormat.FullyQualifiedFormat) + ")" + operand + ")";
                    default:
                        return null;
                }
            }

            /// <summary>
            /// Why a HAVING condition comparing a DateTime, DateTimeOffset or decimal key member (or a key's Date), or an
            /// aggregate HAVING does not compare, stays declined, or null when it
            /// compares none: the run time compares their stored forms by ranges and keys that depend on the value (per
            /// DateTime kind, NaN, decimal text), which the site does not bind.
            /// </summary>
            private static string? StoredKeyComparison(IOperation? body, Dictionary<IParameterSymbol, Shape> scope)
            {
                foreach (var comparison in body?.DescendantsAndSelf().OfType<IBinaryOperation>() ?? [])
                {
                    foreach (var operand in new[] { comparison.LeftOperand, comparison.RightOperand })
                    {
                        var shape = Eval(Strip(operand), scope);
                        if (shape is AggregateShape aggregate && !IsComparable(aggregate))
                        {
                            return $"HAVING compares the aggregate '{operand.Syntax}' of type {aggregate.Type.ToDisplayString()}, not lowered at build time ({HavingAggregatesLowered})";
                        }

                        var type = shape is MemberShape member ? member.Member.Type : shape is DatePartShape { Part: "Date" } ? operand.Type : null;
                        if (type is INamedTypeSymbol { OriginalDefinition.SpecialType: SpecialType.System_Nullable_T } nullable)
                        {
                            type = nullable.TypeArguments[0];
                        }

                        if (type is not null && (type.SpecialType is SpecialType.System_DateTime or SpecialType.System_Decimal
                            || type is { Name: "DateTimeOffset", ContainingNamespace.Name: "System" }))
                        {
                            return $"HAVING compares the {type.Name} key '{operand.Syntax}', which the run time compares through its stored form's ranges and keys (not lowered at build time)";
                        }
                    }
                }

                return null;
            }
            /// <summary>The type of a DateTime part (for an ordering step).</summary>
            private static string DatePartType(string part) => part switch
            {
                "Date" => "global::System.DateTime",
                "DayOfWeek" => "global::System.DayOfWeek",
                _ when part.EndsWith("()", System.StringComparison.Ordinal) => "string",
                _ => "int",
            };

            /// <summary>The parts of a DateTime whose GROUP BY term the emitter writes (the run time's, <c>SqlDateParts</c>).</summary>
            private static bool IsDatePart(string part) => part is "Year" or "Month" or "Day" or "Hour" or "Minute" or "Second" or "Millisecond" or "DayOfWeek" or "DayOfYear" or "Date";

            // The types whose GROUP BY term the emitter writes: the bare column in both storage formats, or the stored form's
            // key under each format (a DateTime's and a decimal's depend on it, a double's folds NaN: SqlStoredKeys); the
            // emitter checks the column kind too.
            private static bool IsKeyType(ITypeSymbol type)
            {
                if (type is INamedTypeSymbol { OriginalDefinition.SpecialType: SpecialType.System_Nullable_T, TypeArguments.Length: 1 } nullable)
                {
                    type = nullable.TypeArguments[0];
                }

                return type.SpecialType is SpecialType.System_Int32 or SpecialType.System_Int64 or SpecialType.System_Int16 or SpecialType.System_Byte or SpecialType.System_SByte
                    or SpecialType.System_UInt16 or SpecialType.System_UInt32 or SpecialType.System_String or SpecialType.System_Boolean
                    or SpecialType.System_DateTime or SpecialType.System_Double or SpecialType.System_Single or SpecialType.System_Decimal
                    || type is INamedTypeSymbol { TypeKind: TypeKind.Enum, EnumUnderlyingType.SpecialType: not SpecialType.System_UInt64 }
                    || type is { Name: "Guid" or "DateTimeOffset", ContainingNamespace: { Name: "System", ContainingNamespace.IsGlobalNamespace: true } };
            }

            private bool No(string reason)
            {
                Reason ??= reason;
                return false;
            }

            private List<ChainStep>? Fail(string reason)
            {
                Reason ??= reason;
                return null;
            }
        }
    }
}
