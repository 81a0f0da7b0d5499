using System;
using System.Collections.Generic;
using System.Linq;
using System.Threading;
using MicroDb.Generator.Model;
using MicroDb.Generator.Shared.Query;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.Diagnostics;
using Microsoft.CodeAnalysis.Operations;

namespace MicroDb.Generator;

public sealed partial class MicroDbGenerator
{
    /// <summary>The MSBuild property that turns query interception off (<c>false</c>); on by default.</summary>
    internal const string InterceptQueriesProperty = "MicroDbInterceptQueries";

    /// <summary>
    /// The build-time query front end, part one: finds LINQ chains written in one expression on a connection's
    /// <c>Table&lt;T&gt;()</c> and ended by a terminal operator, and lowers their lambdas from Roslyn's operation tree to
    /// <see cref="QueryChain"/> data. A chain it cannot lower is kept with the reason (MDB0013); the SQL and the
    /// interceptors are written by <see cref="InterceptorEmitter"/> once the entity's map model is known.
    /// </summary>
    private static partial class QueryChains
    {
        private static readonly HashSet<string> Terminals = new(StringComparer.Ordinal)
        {
            "ToList", "ToArray", "First", "FirstOrDefault", "Single", "SingleOrDefault", "Count", "Any",
            "ToListAsync", "ToArrayAsync", "FirstAsync", "FirstOrDefaultAsync", "SingleAsync", "SingleOrDefaultAsync", "CountAsync", "AnyAsync",
            "ExecuteDelete", "ExecuteUpdate", "ExecuteDeleteAsync", "ExecuteUpdateAsync",
            "LongCount", "LongCountAsync",
        };

        private static readonly HashSet<string> Orderings = new(StringComparer.Ordinal)
        {
            "OrderBy", "OrderByDescending", "ThenBy", "ThenByDescending",
        };

        /// <summary>The syntactic filter: a call of a terminal operator's name on some receiver.</summary>
        public static bool IsCandidate(SyntaxNode node) =>
            node is InvocationExpressionSyntax { Expression: MemberAccessExpressionSyntax member } && Terminals.Contains(member.Name.Identifier.ValueText);

        /// <summary>The semantic step: the chain ending at this terminal call, lowered, or null when it is no MicroDb query.</summary>
        public static QueryChain? Lower(GeneratorSyntaxContext context, CancellationToken cancellationToken)
        {
            var invocation = (InvocationExpressionSyntax)context.Node;
            if (context.SemanticModel.GetOperation(invocation, cancellationToken) is IInvocationOperation relational
                && (IsJoinQuery(relational.TargetMethod.ContainingType) || IsGroupQuery(relational.TargetMethod.ContainingType)))
            {
                return LowerRelational(context, invocation, relational, cancellationToken);
            }

            if (context.SemanticModel.GetOperation(invocation, cancellationToken) is not IInvocationOperation terminal
                || !(IsTableQuery(terminal.TargetMethod.ContainingType) || IsSelectQuery(terminal.TargetMethod.ContainingType))
                || terminal.TargetMethod.ContainingType.TypeArguments[0] is not INamedTypeSymbol entity)
            {
                return null;
            }

            if (InExpressionTree(invocation, context.SemanticModel, cancellationToken))
            {
                // Inside a lambda that becomes an expression tree (a compiled query's body) the call is data, not run.
                return null;
            }

            var location = LocationOf(invocation);
            var text = invocation.ToString();
            var typeKey = Parser.MetadataNameOf(entity);
            var entityType = entity.ToDisplayString(SymbolDisplayFormat.FullyQualifiedFormat);
            var isAsync = terminal.TargetMethod.ContainingType.Name is "AsyncTableQuery" or "AsyncSelectQuery";
            var compat = IsCompat(terminal.TargetMethod.ContainingType);
            if (!IsAccessible(entity))
            {
                // No generated map either: MDB0011 (quiet by default) is the one report about such a type.
                return null;
            }

            if (isAsync != terminal.TargetMethod.Name.EndsWith("Async", StringComparison.Ordinal))
            {
                return null;
            }

            static bool CountsRows(IInvocationOperation terminal) =>
                IsSelectQuery(terminal.TargetMethod.ContainingType) && terminal.TargetMethod.Name is "Count" or "CountAsync" or "Any" or "AnyAsync";

            QueryChain Declined(string reason) => new(typeKey, entityType, EquatableArray<ChainStep>.Empty, location, text, reason, isAsync, compat);
            var calls = new List<IInvocationOperation>();
            IOperation? current = terminal;
            while (current is IInvocationOperation call
                && (IsTableQuery(call.TargetMethod.ContainingType) && IsCompat(call.TargetMethod.ContainingType) == compat || IsSelectQuery(call.TargetMethod.ContainingType)))
            {
                calls.Add(call);
                current = call.Instance;
            }

            calls.Reverse();
            if (current is not IInvocationOperation { TargetMethod.Name: "Table" } root || !IsConnection(root.TargetMethod.ContainingType, compat))
            {
                return Declined(current is ILocalReferenceOperation or IParameterReferenceOperation or IFieldReferenceOperation or IPropertyReferenceOperation
                    ? "the query is built across statements (only a chain written in one expression from Table<T>() is lowered at build time)"
                    : "the query does not start at a connection's Table<T>() in the same expression");
            }

            var steps = new List<ChainStep>();
            var limited = false;
            var ordered = false;
            foreach (var call in calls)
            {
                var name = call.TargetMethod.Name;
                var isTerminal = ReferenceEquals(call, terminal);
                if (call.Syntax is not InvocationExpressionSyntax callSyntax
                    || context.SemanticModel.GetInterceptableLocation(callSyntax, cancellationToken) is not { } interceptable)
                {
                    return Declined($"'{name}' cannot be intercepted here");
                }

                var intercept = interceptable.GetInterceptsLocationAttributeSyntax();
                if (IsSelectQuery(call.TargetMethod.ContainingType))
                {
                    // After Select only the projection's terminal is lowered; its operators rewrite lambdas on the projected value.
                    var sync = isAsync && name.EndsWith("Async", StringComparison.Ordinal) ? name.Substring(0, name.Length - 5) : name;
                    if (!isTerminal || sync is not ("ToList" or "ToArray" or "First" or "FirstOrDefault" or "Single" or "SingleOrDefault" or "Count" or "Any") || call.Arguments.Length != (isAsync ? 1 : 0))
                    {
                        return Declined($"'{name}' after Select is not lowered at build time (only ToList, ToArray, First, FirstOrDefault, Single, SingleOrDefault, Count and Any without a condition are)");
                    }

                    steps.Add(new ChainStep(name, intercept));
                }
                else if (name == "Select" && !compat && CountsRows(terminal) && call.Arguments.Length == 1)
                {
                    // Count() and Any() after Select count the source's rows (SelectQuery: _source.LongCount(), _source.Any()):
                    // the selector is not run, so it is not lowered; the chain is the table's, intercepted on the projection.
                    steps.Add(new ChainStep(name, null));
                }
                else if (name == "Select" && !compat)
                {
                    if (limited)
                    {
                        return Declined("a projection after Take/Skip is not lowered at build time");
                    }

                    if (call.Arguments.Length != 1 || LambdaOf(call.Arguments[0].Value) is not { } lambda)
                    {
                        return Declined("the argument of 'Select' is not a lambda written at the call");
                    }

                    var members = new List<string>();
                    var captured = new List<string>();
                    var lowering = new Lowering(lambda);
                    if (Projection.Lower(lowering.Body, lambda.Symbol.Parameters.Length == 1 ? lambda.Symbol.Parameters[0] : null, members, out var reason, lowering.Lift, captured) is not { } projector
                        || (reason = LiftedReason(lowering, terminal)) is not null)
                    {
                        return Declined(lowering.Reason ?? reason ?? "the projection is not lowered at build time");
                    }

                    if (captured.Count > 0 && lowering.Lifted.Count > 0)
                    {
                        return Declined("a projection reading both a sub-query and a captured value is not lowered at build time");
                    }

                    steps.Add(new ChainStep(name, null, LambdaText: lambda.Syntax.ToString(), Projector: projector, ProjectedMembers: new EquatableArray<string>(members),
                        Lifted: new EquatableArray<LoweredNode>(lowering.Lifted), Captured: new EquatableArray<string>(captured)));
                }
                else if (name is "Take" or "Skip")
                {
                    if (call.Arguments.Length != 1 || call.Arguments[0].Value.ConstantValue is not { HasValue: true, Value: int count })
                    {
                        return Declined($"{name}() with a count that is not a constant");
                    }

                    limited = true;
                    steps.Add(new ChainStep(name, null, Count: count));
                }
                else if (isTerminal && IsWrite(name))
                {
                    // ExecuteDelete/ExecuteUpdate: MicroDbGenerator.SetBased.cs.
                    string? why = null;
                    if (compat || LowerWrite(call, name, intercept, out why) is not { } write)
                    {
                        return Declined(why ?? $"'{name}' is not lowered at build time");
                    }

                    steps.Add(write);
                }
                else if (name == "Where" || (isTerminal && PredicateOf(call) is not null))
                {
                    if (limited)
                    {
                        return Declined("a condition after Take/Skip reads a sub-query, which is not lowered at build time");
                    }

                    if (PredicateOf(call) is not { } argument || LambdaOf(argument.Value) is not { } lambda)
                    {
                        return Declined($"the argument of '{name}' is not a lambda written at the call");
                    }

                    var lowering = new Lowering(lambda);
                    var predicate = lowering.Condition(lowering.Body, "");
                    if (predicate is null)
                    {
                        return Declined(lowering.Reason ?? "the condition is not lowered at build time");
                    }

                    steps.Add(new ChainStep(name, intercept, Predicate: predicate, LambdaText: lambda.Syntax.ToString()));
                }
                else if (Orderings.Contains(name))
                {
                    if (limited)
                    {
                        return Declined("an ordering after Take/Skip reads a sub-query, which is not lowered at build time");
                    }

                    if (name.StartsWith("ThenBy", StringComparison.Ordinal) && !ordered)
                    {
                        return Declined($"{name} does not follow OrderBy");
                    }

                    ordered = true;
                    if (call.Arguments.Length != 1 || LambdaOf(call.Arguments[0].Value) is not { } lambda)
                    {
                        return Declined($"the argument of '{name}' is not a lambda written at the call");
                    }

                    var lowering = new Lowering(lambda);
                    if (lowering.Member(lowering.Body, out var member) is not { } family)
                    {
                        return Declined(lowering.Reason ?? $"the key of '{name}' is not a member of the row");
                    }

                    if (!IsAccessible(call.TargetMethod.TypeArguments[0]))
                    {
                        return Declined($"the key type '{call.TargetMethod.TypeArguments[0].ToDisplayString()}' is not accessible to generated code");
                    }

                    var keyType = call.TargetMethod.TypeArguments[0].ToDisplayString(SymbolDisplayFormat.FullyQualifiedFormat);
                    steps.Add(new ChainStep(name, intercept, LambdaText: lambda.Syntax.ToString(), KeyMember: member!.Name, KeyType: keyType));
                }
                else if (isTerminal)
                {
                    steps.Add(new ChainStep(name, intercept));
                }
                else
                {
                    return Declined($"'{name}' is not lowered at build time");
                }
            }

            return new QueryChain(typeKey, entityType, new EquatableArray<ChainStep>(steps), location, text, null, isAsync, compat);
        }

        private static bool InExpressionTree(SyntaxNode node, SemanticModel model, CancellationToken cancellationToken)
        {
            foreach (var lambda in node.Ancestors().OfType<LambdaExpressionSyntax>())
            {
                if (model.GetTypeInfo(lambda, cancellationToken).ConvertedType is INamedTypeSymbol
                    {
                        Name: "Expression", Arity: 1,
                        ContainingNamespace: { Name: "Expressions", ContainingNamespace: { Name: "Linq", ContainingNamespace.Name: "System" } },
                    })
                {
                    return true;
                }
            }

            return false;
        }

        /// <summary>Whether the interceptors (a file class in the same assembly) can name <paramref name="type"/>.</summary>
        internal static bool IsAccessible(ITypeSymbol type)
        {
            if (type is IArrayTypeSymbol array)
            {
                return IsAccessible(array.ElementType);
            }

            if (type is not INamedTypeSymbol named)
            {
                return false;
            }

            for (var t = named; t is not null; t = t.ContainingType)
            {
                if (t.DeclaredAccessibility is not (Accessibility.Public or Accessibility.Internal or Accessibility.ProtectedOrInternal) || t.IsFileLocal)
                {
                    return false;
                }
            }

            return named.TypeArguments.All(IsAccessible);
        }

        /// <summary>The condition argument: <c>predicate</c> on MicroDb's queries, <c>predExpr</c> (sqlite-net's name) on the compatibility package's.</summary>
        private static IArgumentOperation? PredicateOf(IInvocationOperation call) =>
            call.Arguments.FirstOrDefault(a => a.Parameter?.Name is "predicate" or "predExpr");

        /// <summary>The compatibility package's assembly: its types share sqlite-net-pcl's full names, so the assembly tells them apart.</summary>
        private const string CompatAssembly = "MicroDb.SQLiteNet";

        /// <summary>MicroDb's <c>MicroDb.Query.TableQuery&lt;T&gt;</c>/<c>AsyncTableQuery&lt;T&gt;</c>, or the compatibility package's <c>SQLite.TableQuery&lt;T&gt;</c>/<c>AsyncTableQuery&lt;T&gt;</c>.</summary>
        private static bool IsTableQuery(INamedTypeSymbol? type) =>
            type is { Name: "TableQuery" or "AsyncTableQuery", Arity: 1 }
            && (type.ContainingNamespace is { Name: "Query", ContainingNamespace: { Name: "MicroDb", ContainingNamespace.IsGlobalNamespace: true } } || IsCompat(type));

        /// <summary>MicroDb's <c>MicroDb.Query.SelectQuery&lt;T, TResult&gt;</c> or <c>AsyncSelectQuery&lt;T, TResult&gt;</c> (a projection of a table query).</summary>
        private static bool IsSelectQuery(INamedTypeSymbol? type) =>
            type is { Name: "SelectQuery" or "AsyncSelectQuery", Arity: 2, ContainingNamespace: { Name: "Query", ContainingNamespace: { Name: "MicroDb", ContainingNamespace.IsGlobalNamespace: true } } };

        /// <summary>Whether <paramref name="type"/> is in the compatibility package's namespace <c>SQLite</c> (not sqlite-net-pcl's).</summary>
        private static bool IsCompat(INamedTypeSymbol? type) =>
            type is { ContainingNamespace: { Name: "SQLite", ContainingNamespace.IsGlobalNamespace: true }, ContainingAssembly.Name: CompatAssembly };

        private static bool IsConnection(INamedTypeSymbol? type, bool compat)
        {
            for (var t = type; t is not null; t = t.BaseType)
            {
                if (compat
                    ? t is { Name: "SQLiteConnection" or "SQLiteAsyncConnection" } && IsCompat(t)
                    : t is { Name: "MicroDbConnection" or "MicroDbAsyncConnection", ContainingNamespace: { Name: "MicroDb", ContainingNamespace.IsGlobalNamespace: true } })
                {
                    return true;
                }
            }

            return false;
        }

        private static IAnonymousFunctionOperation? LambdaOf(IOperation operation)
        {
            while (true)
            {
                switch (operation)
                {
                    case IConversionOperation conversion:
                        operation = conversion.Operand;
                        break;
                    case IDelegateCreationOperation creation:
                        operation = creation.Target;
                        break;
                    case IAnonymousFunctionOperation lambda:
                        return lambda;
                    default:
                        return null;
                }
            }
        }

        private static LocationInfo LocationOf(SyntaxNode node)
        {
            var location = node.GetLocation();
            var span = location.GetLineSpan();
            return new LocationInfo(span.Path, location.SourceSpan.Start, location.SourceSpan.Length, span.StartLinePosition.Line, span.StartLinePosition.Character, span.EndLinePosition.Line, span.EndLinePosition.Character);
        }

        /// <summary>
        /// Lowers one lambda's body. Paths name the expression-tree nodes the compiler builds for the same code (binary
        /// operands L/R, a unary operand O; conversions are looked through on both sides), so the interceptor reads a
        /// captured value at its known node. Anything outside what compares directly in SQLite is declined with a reason.
        /// </summary>
        private sealed partial class Lowering
        {
            private readonly IParameterSymbol? _parameter;

            // In a join: resolves a member read through the joined result to its table and the table's member.
            private readonly System.Func<IOperation, (int Table, IPropertySymbol Member)?>? _resolve;

            // In a grouping's condition (HAVING): names the aggregate an operand reads (count, sum:Member ...), or null.
            private readonly System.Func<IOperation, string?>? _aggregate;

            // In a grouping's condition (HAVING): a date part of the key (At.Year) as its member name and the DateTime's part property, or null.
            private readonly System.Func<IOperation, (string Name, IPropertySymbol Part)?>? _datePart;

            // The name a comparison gives the member Member found last: its own, or a date part's (Member.Part).
            private string? _memberName;

            public Lowering(IAnonymousFunctionOperation lambda, System.Func<IOperation, (int Table, IPropertySymbol Member)?>? resolve = null, System.Func<IOperation, string?>? aggregate = null,
                System.Func<IOperation, (string Name, IPropertySymbol Part)?>? datePart = null)
            {
                _resolve = resolve;
                _aggregate = aggregate;
                _datePart = datePart;
                _parameter = lambda.Symbol.Parameters.Length == 1 ? lambda.Symbol.Parameters[0] : null;
                Body = lambda.Body.Operations.Length == 1 && lambda.Body.Operations[0] is IReturnOperation { ReturnedValue: { } value } ? value : null;
                if (Body is null)
                {
                    Reason = "the lambda has a statement body";
                }
            }

            public IOperation? Body { get; }

            public string? Reason { get; private set; }

            /// <summary>The table of the member <see cref="Member"/> found last (0 outside a join).</summary>
            public int LastTable { get; private set; }

            public LoweredNode? Condition(IOperation? operation, string path)
            {
                switch (operation)
                {
                    case null:
                        return null;
                    case IBinaryOperation { OperatorKind: BinaryOperatorKind.ConditionalAnd or BinaryOperatorKind.ConditionalOr } logic:
                        {
                            if (!Uses(logic.LeftOperand))
                            {
                                return Decline($"'{logic.LeftOperand.Syntax}' does not read the row, and C# short-circuits on its value");
                            }

                            var left = Condition(logic.LeftOperand, path + "L");
                            var right = left is null ? null : Condition(logic.RightOperand, path + "R");
                            return right is null ? null : new LoweredNode(logic.OperatorKind == BinaryOperatorKind.ConditionalAnd ? "and" : "or", Left: left, Right: right);
                        }

                    case IUnaryOperation { OperatorKind: UnaryOperatorKind.Not, OperatorMethod: null } not:
                        return Condition(not.Operand, path + "O") is { } operand ? new LoweredNode("not", Left: operand) : null;
                    case IBinaryOperation comparison:
                        return Comparison(comparison, path);
                    case IInvocationOperation call when IsStringCondition(call): return StringCondition(call, path); // MicroDbGenerator.ConditionStrings.cs
                    case IInvocationOperation call when SubqueryReason(call) is not null:
                        return Subquery(call, path);
                    case IPropertyReferenceOperation when GroupsHasValue(operation) is { } hasValue:
                        return hasValue;
                    case IPropertyReferenceOperation when Member(operation, out var member) is { } family:
                        return family == "bool"
                            ? new LoweredNode("bool", member!.Name, Family: family, Table: LastTable)
                            : Decline($"'{operation.Syntax}' is not a condition");
                    default:
                        return Reason is null ? Decline(SubqueryReason(operation) ?? $"'{operation.Syntax}' is not lowered at build time") : null;
                }
            }

            private LoweredNode? Comparison(IBinaryOperation b, string path)
            {
                var op = b.OperatorKind switch
                {
                    BinaryOperatorKind.Equals => "=",
                    BinaryOperatorKind.NotEquals => "<>",
                    BinaryOperatorKind.LessThan => "<",
                    BinaryOperatorKind.LessThanOrEqual => "<=",
                    BinaryOperatorKind.GreaterThan => ">",
                    BinaryOperatorKind.GreaterThanOrEqual => ">=",
                    _ => null,
                };
                if (op is null)
                {
                    return Decline($"the operator of '{b.Syntax}' is not lowered at build time");
                }

                if (StringComparison(b, op, path) is (true, var text)) return text; // a string method, Length or CompareOrdinal (MicroDbGenerator.ConditionStrings.cs)

                if (SubqueryComparison(b, op, path) is (true, var subquery))
                {
                    return subquery;
                }

                if (GroupsComparison(b, op, path) is (true, var groups))
                {
                    // HAVING over the groups' own values: two of them, null, or arithmetic (MicroDbGenerator.GroupHaving.cs).
                    return groups;
                }

                if (ExactAggregateComparison(b, op, path) is (true, var aggregated))
                {
                    // A grouping's nullable or decimal aggregate compared with a value (HAVING: MicroDbGenerator.GroupHaving.cs).
                    return aggregated;
                }

                if (Uses(b.LeftOperand) != Uses(b.RightOperand) && IsNull(Uses(b.LeftOperand) ? b.RightOperand : b.LeftOperand) && op is "=" or "<>" && _aggregate is null)
                {
                    // x.Member == null: IS NULL whatever the member's type and its operator (the run time's Equality with a null value).
                    var checkedMember = Uses(b.LeftOperand) ? b.LeftOperand : b.RightOperand;
                    return NullCheck(checkedMember, op) is { } check ? check : (Reason is null ? Decline(SubqueryReason(checkedMember) ?? $"'{checkedMember.Syntax}' is not a member of the row") : null);
                }

                if (DateComparison(b, op, path) is (true, var dated))
                {
                    // A DateTime, DateTimeOffset or TimeSpan member compared with a value (MicroDbGenerator.ConditionDates.cs).
                    return dated;
                }

                // string's and Guid's == and != are operator methods whose SQL is plain equality; any other operator method is declined.
                // A lifted comparison (nullable operands) is IS / IS NOT, or an ordering guarded by IS NOT NULL (the emitter's Condition).
                if (b.OperatorMethod is { } method && method.ContainingType.SpecialType != SpecialType.System_String
                    && !(op is "=" or "<>" && FamilyOf(method.ContainingType) == "guid"))
                {
                    return Decline($"'{b.Syntax}' uses an operator method, which the run-time translator's rules decide");
                }

                if (ValueComparison(b, op, path) is (true, var valued))
                {
                    return valued; // Decimals, ulong ordering, mixed floats, two operands of the row, arithmetic: MicroDbGenerator.ConditionValues.cs.
                }

                var leftUses = Uses(b.LeftOperand);
                if (leftUses == Uses(b.RightOperand))
                {
                    return Decline(leftUses ? $"'{b.Syntax}' compares two values of the row" : $"'{b.Syntax}' does not read the row");
                }

                var (open, closed) = leftUses ? (b.LeftOperand, b.RightOperand) : (b.RightOperand, b.LeftOperand);
                if (Aggregate(open) is { } aggregate)
                {
                    // A closed value widened to double (an average compared with an int) is read as the converted node.
                    var read = closed is IConversionOperation { IsImplicit: true, OperatorMethod: null, Type.SpecialType: SpecialType.System_Double } widened ? widened.Operand : closed;
                    return !IsClosedValue(read) || closed.ConstantValue is { HasValue: true, Value: null }
                        ? Decline($"the value '{closed.Syntax}' is computed or null; only constants and captured variables, fields and properties are read at run time")
                        : new LoweredNode(op, aggregate, Family: "aggregate", Path: path + (leftUses ? "R" : "L"), ValueOnLeft: !leftUses);
                }

                if (Member(open, out var member, b.IsLifted) is not { } family)
                {
                    return Reason is null ? Decline(SubqueryReason(open) ?? $"'{open.Syntax}' is not a member of the row") : null;
                }

                if (!IsClosedValue(closed))
                {
                    return Decline($"the value '{closed.Syntax}' is computed; only constants and captured variables, fields and properties are read at run time");
                }

                if (IsNull(closed))
                {
                    // An ordering comparison with null is false in C#: the run time writes a constant, not a comparison.
                    return Decline($"'{b.Syntax}' orders against null");
                }

                if (op is not ("=" or "<>") && family is "string" or "guid" or "bool" or "ulong")
                {
                    // A ulong is stored by bit pattern: its ordering is ranges whose shape depends on the value's sign.
                    return Decline($"ordering comparisons of {family} values follow the run-time translator's rules");
                }

                var zeroHolds = false;
                if (family == "double")
                {
                    if (b.IsLifted != (member!.Type.OriginalDefinition.SpecialType == SpecialType.System_Nullable_T))
                    {
                        return Decline($"'{b.Syntax}' compares a double or float member with a value of another nullability, which the run-time translator's rules decide");
                    }

                    // The SQL of a non-nullable member includes its NULL rows (NaN written) when 0 op value holds: known for a constant,
                    // else written for a positive value (InterceptedSite.Real sends the other values to the run-time path).
                    var value = closed.ConstantValue is { HasValue: true, Value: { } constant } ? System.Convert.ToDouble(constant, System.Globalization.CultureInfo.InvariantCulture) : 1;
                    zeroHolds = !b.IsLifted && SqlFloatingNulls.ZeroHolds(leftUses ? op : Flip(op), value);
                }

                var memberType = member!.Type.ToDisplayString(SymbolDisplayFormat.FullyQualifiedFormat);
                return new LoweredNode(op, _memberName ?? member.Name, memberType, family, path + (leftUses ? "R" : "L"), ValueOnLeft: !leftUses, Table: LastTable, Nullable: b.IsLifted, ZeroHolds: zeroHolds);
            }


            private static string Flip(string op) => op switch { "<" => ">", "<=" => ">=", ">" => "<", ">=" => "<=", _ => op };

            /// <summary>A null constant (through conversions), or <c>default</c> of a nullable type.</summary>
            private static bool IsNull(IOperation operation)
            {
                while (operation is IConversionOperation { OperatorMethod: null } conversion)
                {
                    if (conversion.ConstantValue is { HasValue: true, Value: null })
                    {
                        return true;
                    }

                    operation = conversion.Operand;
                }

                return operation.ConstantValue is { HasValue: true, Value: null }
                    || operation is IDefaultValueOperation { Type: { } type } && (!type.IsValueType || type.OriginalDefinition.SpecialType == SpecialType.System_Nullable_T);
            }

            /// <summary>
            /// <c>member == null</c> / <c>!= null</c> of a member of any mapped type (a nullable value type's or a reference type's):
            /// a <c>null</c>/<c>notnull</c> node, or null when the operand is no member of the row.
            /// </summary>
            private LoweredNode? NullCheck(IOperation open, string op)
            {
                while (open is IConversionOperation { OperatorMethod: null } conversion && (conversion.Conversion.IsNullable || conversion.Conversion.IsIdentity || conversion.Conversion.IsReference))
                {
                    open = conversion.Operand;
                }

                if (Member(open, out var member, lifted: true, anyType: true) is null)
                {
                    return null;
                }

                return new LoweredNode(op == "=" ? "null" : "notnull", _memberName ?? member!.Name, Family: "null", Table: LastTable);
            }

            /// <summary>The aggregate of a grouping <paramref name="operation"/> reads (through integral conversions), or null.</summary>
            private string? Aggregate(IOperation operation)
            {
                if (_aggregate is null)
                {
                    return null;
                }

                while (operation is IConversionOperation { OperatorMethod: null } conversion && IsIntegralOrEnum(conversion.Type) && IsIntegralOrEnum(conversion.Operand.Type))
                {
                    operation = conversion.Operand;
                }

                return _aggregate(operation);
            }

            /// <summary>A property of the lambda's parameter (through integral and enum conversions), and how its type compares; null when it is none.</summary>
            /// <param name="operation">The operand.</param>
            /// <param name="member">The member found.</param>
            /// <param name="lifted">In a lifted comparison: a nullable member, or the conversion lifting a member to nullable, compares as its underlying type.</param>
            /// <param name="anyType">For a comparison with null: any member type (the family is then <c>null</c> when it is none of the lowered ones).</param>
            public string? Member(IOperation? operation, out IPropertySymbol? member, bool lifted = false, bool anyType = false)
            {
                member = null;
                while (operation is IConversionOperation conversion)
                {
                    if (lifted && conversion is { OperatorMethod: null, Conversion.IsNullable: true } && SymbolEqualityComparer.Default.Equals(Underlying(conversion.Type), Underlying(conversion.Operand.Type)))
                    {
                        operation = conversion.Operand;
                        continue;
                    }

                    if (conversion.OperatorMethod is not null || !(IsIntegralOrEnum(conversion.Type) && IsIntegralOrEnum(conversion.Operand.Type)) && !conversion.Conversion.IsIdentity)
                    {
                        Decline($"the conversion '{conversion.Syntax}' follows the run-time translator's rules");
                        return null;
                    }

                    operation = conversion.Operand;
                }

                IPropertySymbol property;
                _memberName = null;
                if (operation is not null && _datePart?.Invoke(operation) is { } part)
                {
                    (_memberName, property) = part;
                }
                else if (_resolve is not null)
                {
                    if (operation is null || _resolve(operation) is not { } resolved)
                    {
                        return null;
                    }

                    (LastTable, property) = resolved;
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

                member = property;
                if (anyType)
                {
                    return "null";
                }

                var type = lifted ? Underlying(property.Type)! : property.Type;
                var family = IsAccessible(type) ? FamilyOf(type) ?? type.SpecialType switch
                {
                    SpecialType.System_Double or SpecialType.System_Single => "double",
                    SpecialType.System_UInt64 => "ulong",
                    _ => null,
                } : null;
                if (family is null)
                {
                    Decline($"member '{property.Name}' of type '{property.Type.ToDisplayString()}' compares by the run-time translator's rules");
                }

                return family;
            }

            private static string? FamilyOf(ITypeSymbol type)
            {
                switch (type.SpecialType)
                {
                    case SpecialType.System_Byte or SpecialType.System_SByte or SpecialType.System_Int16 or SpecialType.System_UInt16
                        or SpecialType.System_Int32 or SpecialType.System_UInt32 or SpecialType.System_Int64:
                        return "integer";
                    case SpecialType.System_Boolean:
                        return "bool";
                    case SpecialType.System_String:
                        return "string";
                }

                if (type is INamedTypeSymbol { TypeKind: TypeKind.Enum, EnumUnderlyingType: { } underlying } && underlying.SpecialType != SpecialType.System_UInt64)
                {
                    return "enum";
                }

                return type is { Name: "Guid", ContainingNamespace: { Name: "System", ContainingNamespace.IsGlobalNamespace: true } } ? "guid" : null;
            }

            private static bool IsIntegralOrEnum(ITypeSymbol? type) =>
                type is not null && (FamilyOf(type) is "integer" or "enum" || type.SpecialType == SpecialType.System_UInt64);

            /// <summary>A constant, or a variable, field or property read (of a closed instance): what the interceptor reads at its node.</summary>
            private bool IsClosedValue(IOperation operation) => operation switch
            {
                ILiteralOperation => true,
                ILocalReferenceOperation => true,
                IParameterReferenceOperation p => !SymbolEqualityComparer.Default.Equals(p.Parameter, _parameter),
                IFieldReferenceOperation f => f.Instance is null || IsClosedValue(f.Instance),
                IPropertyReferenceOperation { Arguments.Length: 0 } p => p.Instance is null || IsClosedValue(p.Instance),
                IInstanceReferenceOperation => true,
                IConversionOperation { OperatorMethod: null } c => IsSimpleValueType(c.Type) && IsClosedValue(c.Operand),
                _ => operation.ConstantValue.HasValue && operation.ConstantValue.Value is not null && !Uses(operation),
            };

            private static bool IsSimpleValueType(ITypeSymbol? type) =>
                Underlying(type) is { } t && (FamilyOf(t) is not null || t.SpecialType is SpecialType.System_Object or SpecialType.System_Double or SpecialType.System_Single or SpecialType.System_UInt64);

            private bool Uses(IOperation operation) =>
                operation.DescendantsAndSelf().Any(o => o is IParameterReferenceOperation p && SymbolEqualityComparer.Default.Equals(p.Parameter, _parameter));

            private LoweredNode? Decline(string reason)
            {
                Reason ??= reason;
                return null;
            }
        }
    }

    /// <summary>Interception is on unless the project sets MicroDbInterceptQueries=false.</summary>
    internal static bool InterceptQueriesOf(AnalyzerConfigOptions options) =>
        !(options.TryGetValue("build_property." + InterceptQueriesProperty, out var value) && string.Equals(value.Trim(), "false", StringComparison.OrdinalIgnoreCase));
}
