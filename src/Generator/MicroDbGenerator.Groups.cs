using System.Collections.Generic;
using System.Linq;
using System.Threading;
using MicroDb.Generator.Model;
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
        private sealed class GroupLowering(SemanticModel semantic, CancellationToken cancellationToken)
        {
            private readonly List<ChainStep> _steps = [];
            private readonly List<string> _keyMembers = [];
            private Shape? _key;
            private Shape? _result;
            private (IAnonymousFunctionOperation Lambda, Dictionary<IParameterSymbol, Shape> Scope)? _selector;
            private INamedTypeSymbol? _entity;
            private bool _limited;
            private bool _ordered;

            public string? Reason { get; private set; }

            public GroupSpec? Spec { get; private set; }

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
                    || !IsTableQuery(start.TargetMethod.ContainingType) || IsCompat(start.TargetMethod.ContainingType)
                    || Unwrap(start.Instance) is not IInvocationOperation { TargetMethod.Name: "Table" } root || !IsConnection(root.TargetMethod.ContainingType, compat: false)
                    || root.Type is not INamedTypeSymbol { TypeArguments.Length: 1 } query || query.TypeArguments[0] is not INamedTypeSymbol entity)
                {
                    return Fail("the grouping does not start at a connection's Table<T>() in the same expression (a Where or OrderBy before GroupBy is not lowered at build time)");
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
                    var emitter = new ProjectorText(selector.Scope, [entity], used, new SortedSet<int>(), aggregates, _key as ObjectShape);
                    if (emitter.Text(LambdaBody(selector.Lambda)) is not { } text)
                    {
                        return Fail(emitter.Reason ?? "the grouped result is not lowered at build time");
                    }

                    projector = text;
                }
                else if (terminal.TargetMethod.Name != "Count")
                {
                    return Fail("the grouping has no Select");
                }

                Spec = new GroupSpec(new EquatableArray<string>(_keyMembers), new EquatableArray<string>(used.Select(u => u.Substring(u.IndexOf(':') + 1)).ToArray()),
                    new EquatableArray<string>(aggregates), projector);
                return _steps;
            }

            private bool Step(IInvocationOperation call, bool isTerminal)
            {
                var name = call.TargetMethod.Name;
                if (isTerminal)
                {
                    if (name is not ("ToList" or "ToArray" or "First" or "FirstOrDefault" or "Count") || call.Arguments.Length != 0)
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
                        return Key(LambdaBody(lambda), parameter);
                    case "Select":
                        {
                            var scope = new Dictionary<IParameterSymbol, Shape>(SymbolEqualityComparer.Default) { [parameter] = new GroupingShape(_key!) };
                            _result = Eval(LambdaBody(lambda), scope);
                            _selector = (lambda, scope);
                            return true;
                        }

                    case "Where":
                        return No("a condition over groups (HAVING) is not lowered at build time yet");
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
                            var scope = new Dictionary<IParameterSymbol, Shape>(SymbolEqualityComparer.Default) { [parameter] = _result ?? new GroupingShape(_key!) };
                            if (Eval(Strip(LambdaBody(lambda)), scope) is not MemberShape member)
                            {
                                return No($"the key of '{name}' is not a part of the group's key (ordering by an aggregate is not lowered at build time)");
                            }

                            _steps.Add(new ChainStep(name, null, LambdaText: lambda.Syntax.ToString(), KeyMember: member.Member.Name,
                                KeyType: member.Member.Type.ToDisplayString(SymbolDisplayFormat.FullyQualifiedFormat)));
                            return true;
                        }

                    default:
                        return No($"'{name}' on a grouping is not lowered at build time");
                }
            }

            /// <summary>The key: a member of the row, or an anonymous object of members (a composite key); integer and string members only.</summary>
            private bool Key(IOperation? body, IParameterSymbol parameter)
            {
                var scope = new Dictionary<IParameterSymbol, Shape>(SymbolEqualityComparer.Default) { [parameter] = new RowShape(0) };
                var key = Eval(body, scope);
                var parts = key switch
                {
                    MemberShape member => new List<Shape?> { member },
                    ObjectShape composite when body is IAnonymousObjectCreationOperation => composite.Members.Values.ToList(),
                    _ => null,
                };
                if (parts is null || parts.Count == 0 || parts.Any(p => p is not MemberShape m || !IsKeyType(m.Member.Type)))
                {
                    return No("the grouping key is not lowered at build time (a member, or an anonymous object of members, of an integer or string type is)");
                }

                _keyMembers.AddRange(parts.Select(p => ((MemberShape)p!).Member.Name));
                _key = key;
                return true;
            }

            private static bool IsKeyType(ITypeSymbol type) => type.SpecialType is SpecialType.System_Int32 or SpecialType.System_Int64 or SpecialType.System_Int16
                or SpecialType.System_Byte or SpecialType.System_SByte or SpecialType.System_UInt16 or SpecialType.System_UInt32 or SpecialType.System_String;

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
