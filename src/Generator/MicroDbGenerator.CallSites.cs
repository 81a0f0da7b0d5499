using System;
using System.Collections.Generic;
using System.Collections.Immutable;
using System.Linq;
using System.Threading;
using MicroDb.Generator.Model;
using MicroDb.Generator.Shared;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp.Syntax;

namespace MicroDb.Generator;

public sealed partial class MicroDbGenerator
{
    /// <summary>
    /// Call-site discovery: a type that flows into a connection's generic API (<c>Table&lt;T&gt;()</c>,
    /// <c>Insert(item)</c> ...) gets a generated map even without [Table]. A cheap syntactic test on the method name
    /// picks the invocations; the semantic step keeps those whose method belongs to a MicroDb or sqlite-net connection
    /// type (or a type deriving from or implementing one) and reduces each to plain <see cref="CallSiteFinding"/>s.
    /// </summary>
    private static class CallSites
    {
        /// <summary>The connection types whose methods take model types (and anything deriving from or implementing them).</summary>
        private static readonly HashSet<string> ConnectionTypes = new(StringComparer.Ordinal)
        {
            "MicroDb.MicroDbConnection",
            "MicroDb.MicroDbAsyncConnection",
            "SQLite.SQLiteConnection",
            "SQLite.SQLiteAsyncConnection",
            "SQLite.ISQLiteConnection",
            "SQLite.ISQLiteAsyncConnection",
        };

        /// <summary>Methods whose type arguments (or typeof arguments) name model types.</summary>
        private static readonly string[] TypeArgumentMethods =
        [
            "CreateTable", "CreateTables", "Table", "Get", "Find", "FindWithQuery", "Query", "DeferredQuery", "DeleteAll",
            "DropTable", "GetMapping", "GetMap", "Migrate", "CreateIndex",
        ];

        /// <summary>Methods that take an entity: its static type names the model (the runtime type decides otherwise).</summary>
        private static readonly string[] EntityMethods = ["Insert", "InsertOrReplace", "Upsert", "Update", "Delete"];

        /// <summary>Methods that take a sequence of entities: the element type names the model.</summary>
        private static readonly string[] SequenceMethods = ["InsertAll", "UpdateAll", "UpsertAll"];

        private static readonly HashSet<string> Names = new(
            TypeArgumentMethods.Concat(EntityMethods).Concat(SequenceMethods).SelectMany(n => new[] { n, n + "Async" }),
            StringComparer.Ordinal);

        /// <summary>The syntactic filter: an invocation of a method with one of the names above.</summary>
        public static bool IsCandidate(SyntaxNode node) =>
            node is InvocationExpressionSyntax invocation && MethodName(invocation.Expression) is { } name && Names.Contains(name);

        /// <summary>The semantic step: the model types one invocation names, as plain data.</summary>
        public static EquatableArray<CallSiteFinding> Find(GeneratorSyntaxContext context, CancellationToken cancellationToken)
        {
            var invocation = (InvocationExpressionSyntax)context.Node;
            if (context.SemanticModel.GetSymbolInfo(invocation, cancellationToken).Symbol is not IMethodSymbol method
                || ConnectionFamily(method.ContainingType) is not { } family)
            {
                return EquatableArray<CallSiteFinding>.Empty;
            }

            var sqliteNetReceiver = family == AttributeNames.Family.SqliteNet;

            var name = method.Name.EndsWith("Async", StringComparison.Ordinal) ? method.Name.Substring(0, method.Name.Length - 5) : method.Name;
            var entityTyped = Array.IndexOf(EntityMethods, name) >= 0 || Array.IndexOf(SequenceMethods, name) >= 0;
            var types = new List<ITypeSymbol>();
            if (method.IsGenericMethod)
            {
                types.AddRange(method.TypeArguments);
            }
            else if (entityTyped && invocation.ArgumentList.Arguments.Count > 0
                && context.SemanticModel.GetTypeInfo(invocation.ArgumentList.Arguments[0].Expression, cancellationToken).Type is { } argumentType)
            {
                var element = Array.IndexOf(SequenceMethods, name) >= 0 ? ElementType(argumentType) : argumentType;
                if (element is not null)
                {
                    types.Add(element);
                }
            }

            // CreateTable(typeof(X)), CreateTables(typeof(A), typeof(B)), Insert(item, typeof(X)) ...
            foreach (var argument in invocation.ArgumentList.Arguments)
            {
                if (argument.Expression is TypeOfExpressionSyntax typeOf && context.SemanticModel.GetTypeInfo(typeOf.Type, cancellationToken).Type is { } named)
                {
                    types.Add(named);
                }
            }

            var findings = new List<CallSiteFinding>();
            foreach (var type in types)
            {
                if (Classify(type, method.Name, entityTyped, invocation, context.SemanticModel.Compilation) is { } finding)
                {
                    findings.Add(sqliteNetReceiver ? finding with { SqliteNetReceiver = true } : finding);
                }
            }

            return new EquatableArray<CallSiteFinding>(findings);
        }

        private static CallSiteFinding? Classify(ITypeSymbol type, string methodName, bool entityTyped, InvocationExpressionSyntax invocation, Compilation compilation)
        {
            if (type is ITypeParameterSymbol parameter)
            {
                return Fallback(parameter.Name, null, ModelRules.Reasons.TypeParameterAtCallSite(methodName), ModelRules.Reasons.FallbackFixTypeParameter, invocation);
            }

            if (type is not INamedTypeSymbol named || !IsCandidateModel(named))
            {
                return null;
            }

            // Insert(item) with item typed as an interface or abstract class: the runtime type is the model.
            if (entityTyped && (named.TypeKind == TypeKind.Interface || named.IsAbstract))
            {
                return null;
            }

            var metadataName = Parser.MetadataNameOf(named);
            if (SymbolEqualityComparer.Default.Equals(named.ContainingAssembly, compilation.Assembly))
            {
                return new CallSiteFinding(metadataName, null);
            }

            // A library built with MicroDb maps its own [Table] types (its generated maps register themselves).
            if (named.ContainingAssembly.Modules.Any(m => m.ReferencedAssemblies.Any(a => a.Name == "MicroDb"))
                && named.GetAttributes().Any(a => Parser.IsAttribute(a, AttributeNames.Table)))
            {
                return null;
            }

            return Fallback(named.ToDisplayString(), metadataName, ModelRules.Reasons.DeclaredInOtherAssembly(named.ContainingAssembly.Name), ModelRules.Reasons.FallbackFixOtherAssembly, invocation);
        }

        /// <summary>Types that can never be models and are passed to these methods as scalars or objects: no finding, no warning.</summary>
        private static bool IsCandidateModel(INamedTypeSymbol type)
        {
            if (type.SpecialType != SpecialType.None || type.IsTupleType || type.IsAnonymousType || type.TypeKind is TypeKind.Error or TypeKind.Enum or TypeKind.Delegate)
            {
                return false;
            }

            // MicroDb's own types (Query<ColumnInfo> of a PRAGMA) and sqlite-net's are not the app's models.
            if (type.ContainingAssembly is { Name: "MicroDb" or "MicroDb.SQLiteNet" or "SQLite-net" })
            {
                return false;
            }

            // Framework types (Guid, DateTime, List<T> ...) as Query<T>'s scalar or a Delete key.
            var root = type.ContainingNamespace;
            while (root is { ContainingNamespace.IsGlobalNamespace: false })
            {
                root = root.ContainingNamespace;
            }

            return root is null || root.IsGlobalNamespace || (root.Name != "System" && root.Name != "Microsoft");
        }

        private static CallSiteFinding Fallback(string display, string? metadataName, string reason, string fix, InvocationExpressionSyntax invocation)
        {
            var info = new DiagnosticInfo(ModelRules.Ids.ReflectionFallback, LocationOf(invocation), new EquatableArray<string>(new[] { display, reason, fix }), WorksOnReflection: true);
            return new CallSiteFinding(metadataName, info);
        }

        private static LocationInfo? LocationOf(InvocationExpressionSyntax invocation)
        {
            var location = invocation.GetLocation();
            var span = location.GetLineSpan();
            return new LocationInfo(span.Path, location.SourceSpan.Start, location.SourceSpan.Length, span.StartLinePosition.Line, span.StartLinePosition.Character, span.EndLinePosition.Line, span.EndLinePosition.Character);
        }

        private static ITypeSymbol? ElementType(ITypeSymbol sequence)
        {
            if (sequence is IArrayTypeSymbol array)
            {
                return array.ElementType;
            }

            var enumerable = sequence is INamedTypeSymbol { OriginalDefinition.SpecialType: SpecialType.System_Collections_Generic_IEnumerable_T } self
                ? self
                : sequence.AllInterfaces.FirstOrDefault(i => i.OriginalDefinition.SpecialType == SpecialType.System_Collections_Generic_IEnumerable_T);
            return enumerable?.TypeArguments[0];
        }

        /// <summary>
        /// Whose connection type declares the method (MicroDb's or sqlite-net's, by namespace), or null when it is no
        /// connection type. A type both derived from one and implementing the other counts as MicroDb's.
        /// </summary>
        private static AttributeNames.Family? ConnectionFamily(INamedTypeSymbol? type)
        {
            if (type is null)
            {
                return null;
            }

            var found = new List<string>();
            for (var t = type; t is not null; t = t.BaseType)
            {
                found.Add(FullName(t));
            }

            found.AddRange(type.AllInterfaces.Select(FullName));
            var matches = found.Where(ConnectionTypes.Contains).ToList();
            if (matches.Count == 0)
            {
                return null;
            }

            return matches.Any(m => m.StartsWith(AttributeNames.MicroDbNamespace + ".", StringComparison.Ordinal))
                ? AttributeNames.Family.MicroDb
                : AttributeNames.Family.SqliteNet;
        }

        private static string FullName(INamedTypeSymbol type) =>
            type.ContainingType is null && type.ContainingNamespace is { IsGlobalNamespace: false } ns ? ns.ToDisplayString() + "." + type.MetadataName : type.MetadataName;

        private static string? MethodName(ExpressionSyntax expression) => expression switch
        {
            MemberAccessExpressionSyntax member => member.Name.Identifier.ValueText,
            MemberBindingExpressionSyntax binding => binding.Name.Identifier.ValueText,
            SimpleNameSyntax simple => simple.Identifier.ValueText,
            _ => null,
        };
    }
}
