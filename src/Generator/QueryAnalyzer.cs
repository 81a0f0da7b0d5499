using System.Collections.Generic;
using System.Collections.Immutable;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.Diagnostics;
using Microsoft.CodeAnalysis.Operations;

namespace MicroDb.Generator;

/// <summary>
/// MDB0010: a LINQ-to-Objects operator (System.Linq.Enumerable, or AsyncEnumerable/AsyncEnumerableEx for the async
/// query) called on a MicroDb query. The query's own operators are instance methods and win overload resolution, so a
/// call that binds to one of these extension classes is one MicroDb does not translate: it streams every row the
/// query selects and runs the operator in memory. Explicit materialization (ToList, AsEnumerable ...) is not reported.
/// </summary>
[DiagnosticAnalyzer(LanguageNames.CSharp)]
public sealed class QueryAnalyzer : DiagnosticAnalyzer
{
    // The classes whose extension methods run over IEnumerable<T> / IAsyncEnumerable<T> in memory.
    private static readonly string[] OperatorClasses = ["System.Linq.Enumerable", "System.Linq.AsyncEnumerable", "System.Linq.AsyncEnumerableEx"];

    // Calls that say "in memory from here" or materialize on purpose: reporting them would flag the fix itself.
    private static readonly HashSet<string> Explicit =
    [
        "AsEnumerable", "ToList", "ToArray", "ToDictionary", "ToHashSet", "ToLookup",
        "AsAsyncEnumerable", "ToAsyncEnumerable", "ToListAsync", "ToArrayAsync", "ToDictionaryAsync", "ToHashSetAsync", "ToLookupAsync",
    ];

    private const string QueryNamespace = "MicroDb.Query";

    /// <inheritdoc />
    public override ImmutableArray<DiagnosticDescriptor> SupportedDiagnostics { get; } = [DiagnosticDescriptors.QueryRunsInMemory];

    /// <inheritdoc />
    public override void Initialize(AnalysisContext context)
    {
        context.EnableConcurrentExecution();
        context.ConfigureGeneratedCodeAnalysis(GeneratedCodeAnalysisFlags.None);
        context.RegisterCompilationStartAction(start =>
        {
            var classes = ImmutableArray.CreateBuilder<INamedTypeSymbol>();
            foreach (var name in OperatorClasses)
            {
                // Several assemblies may define System.Linq.AsyncEnumerable (the BCL's and System.Linq.Async): take all.
                foreach (var type in start.Compilation.GetTypesByMetadataName(name))
                {
                    classes.Add(type);
                }
            }

            if (classes.Count == 0 || !ReferencesMicroDb(start.Compilation))
            {
                return;
            }

            var operatorClasses = classes.ToImmutable();
            start.RegisterOperationAction(c => AnalyzeInvocation(c, operatorClasses), OperationKind.Invocation);
        });
    }

    private static void AnalyzeInvocation(OperationAnalysisContext context, ImmutableArray<INamedTypeSymbol> operatorClasses)
    {
        var invocation = (IInvocationOperation)context.Operation;
        var method = invocation.TargetMethod;
        if (!method.IsStatic || !IsOperatorClass(method.ContainingType, operatorClasses) || invocation.Arguments.Length == 0)
        {
            return;
        }

        var first = true;
        foreach (var argument in invocation.Arguments)
        {
            // The receiver of an explicit call may be a query (q.ToList()); a query passed as another sequence is not (list.Concat(q)).
            var isReceiver = first && method.IsExtensionMethod;
            first = false;
            if (!IsQuery(WithoutImplicitConversions(argument.Value).Type) || (isReceiver && Explicit.Contains(method.Name)))
            {
                continue;
            }

            if (InsideExpressionTree(invocation))
            {
                // Translated (or refused with a clear error) by MicroDb, never run by LINQ-to-Objects.
                return;
            }

            var async = method.ContainingType.Name != "Enumerable";
            context.ReportDiagnostic(Diagnostic.Create(DiagnosticDescriptors.QueryRunsInMemory, NameLocation(invocation), method.Name, async ? "ToListAsync" : "ToList"));
            return;
        }
    }

    private static bool IsOperatorClass(INamedTypeSymbol type, ImmutableArray<INamedTypeSymbol> operatorClasses)
    {
        foreach (var candidate in operatorClasses)
        {
            if (SymbolEqualityComparer.Default.Equals(type, candidate))
            {
                return true;
            }
        }

        return false;
    }

    // MicroDb's query types, matched by name so types added later (the async query, projections of it) are covered:
    // every *Query type of the MicroDb assembly's MicroDb.Query namespace runs as SQL.
    private static bool IsQuery(ITypeSymbol? type) =>
        type is INamedTypeSymbol { TypeKind: TypeKind.Class } named
        && named.Name.EndsWith("Query", System.StringComparison.Ordinal)
        && named.ContainingNamespace?.ToDisplayString() == QueryNamespace
        && named.ContainingAssembly?.Name == "MicroDb";

    private static bool ReferencesMicroDb(Compilation compilation)
    {
        if (compilation.AssemblyName == "MicroDb")
        {
            return true;
        }

        foreach (var assembly in compilation.ReferencedAssemblyNames)
        {
            if (assembly.Name == "MicroDb")
            {
                return true;
            }
        }

        return false;
    }

    // Only the compiler's conversions: a cast written in code, ((IEnumerable<T>)query), is as explicit as AsEnumerable().
    private static IOperation WithoutImplicitConversions(IOperation operation)
    {
        while (operation is IConversionOperation { IsImplicit: true } conversion)
        {
            operation = conversion.Operand;
        }

        return operation;
    }

    private static bool InsideExpressionTree(IOperation operation)
    {
        for (var current = operation.Parent; current is not null; current = current.Parent)
        {
            if (current is IAnonymousFunctionOperation lambda
                && operation.SemanticModel?.GetTypeInfo(lambda.Syntax).ConvertedType is INamedTypeSymbol converted
                && IsExpressionType(converted))
            {
                return true;
            }
        }

        return false;
    }

    private static bool IsExpressionType(INamedTypeSymbol type)
    {
        for (INamedTypeSymbol? t = type; t is not null; t = t.BaseType)
        {
            if (t.Name is "Expression" or "LambdaExpression" && t.ContainingNamespace?.ToDisplayString() == "System.Linq.Expressions")
            {
                return true;
            }
        }

        return false;
    }

    // The operator's name (GroupBy in q.GroupBy(...) or Enumerable.GroupBy(q, ...)), not the whole call chain.
    private static Location NameLocation(IInvocationOperation invocation) =>
        invocation.Syntax is InvocationExpressionSyntax call
            ? call.Expression switch
            {
                MemberAccessExpressionSyntax member => member.Name.GetLocation(),
                MemberBindingExpressionSyntax binding => binding.Name.GetLocation(),
                var other => other.GetLocation(),
            }
            : invocation.Syntax.GetLocation();
}
