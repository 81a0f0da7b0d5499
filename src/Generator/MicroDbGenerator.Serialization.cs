using System;
using System.Linq;
using System.Threading;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp.Syntax;

namespace MicroDb.Generator;

// Serialization is emitted only where it is used: each map's Serialize/Deserialize is a fifth of its code, and most
// apps never call MicroDbSerializer. A map without them reports CanSerialize = false; MicroDbSerializer then refuses it
// with a MicroDbMappingException naming the fix, or, in Auto mode with a reflection provider, uses the reflection map.
public sealed partial class MicroDbGenerator
{
    /// <summary>
    /// The MSBuild property (made visible to the compiler by the package's build props) that says whether maps get
    /// serialization: <c>auto</c> (the default: when code in the assembly names <c>MicroDbSerializer</c> or calls a
    /// map's <c>Serialize</c>/<c>Deserialize</c>), <c>true</c> (always) or <c>false</c> (never).
    /// </summary>
    internal const string SerializationProperty = "MicroDbSerialization";

    private const string SerializerType = "MicroDb.MicroDbSerializer";

    private static IncrementalValueProvider<bool> RegisterSerializationUse(IncrementalGeneratorInitializationContext context)
    {
        var used = context.SyntaxProvider
            .CreateSyntaxProvider(
                static (node, _) => node is SimpleNameSyntax { Identifier.ValueText: "MicroDbSerializer" or "Serialize" or "Deserialize" },
                static (ctx, ct) => IsSerializationUse(ctx, ct))
            .Where(static use => use)
            .Collect()
            .Select(static (uses, _) => uses.Length > 0);
        var property = context.AnalyzerConfigOptionsProvider
            .Select(static (options, _) => options.GlobalOptions.TryGetValue("build_property." + SerializationProperty, out var value) ? value.Trim() : string.Empty);
        return used.Combine(property)
            .Select(static (pair, _) => string.Equals(pair.Right, "true", StringComparison.OrdinalIgnoreCase)
                || (!string.Equals(pair.Right, "false", StringComparison.OrdinalIgnoreCase) && pair.Left))
            .WithTrackingName(TrackingNames.Serialization);
    }

    /// <summary>The name is MicroDb's serializer type, or a Serialize/Deserialize method of it or of an EntityMap.</summary>
    private static bool IsSerializationUse(GeneratorSyntaxContext context, CancellationToken cancellationToken)
    {
        var info = context.SemanticModel.GetSymbolInfo(context.Node, cancellationToken);
        var symbol = info.Symbol ?? info.CandidateSymbols.FirstOrDefault();
        switch (symbol)
        {
            case INamedTypeSymbol type:
                return type.ToDisplayString() == SerializerType;
            case IMethodSymbol method:
                for (var type = method.ContainingType; type is not null; type = type.BaseType)
                {
                    var name = type.OriginalDefinition.ToDisplayString();
                    if (name == SerializerType || name == "MicroDb.Mapping.EntityMap<T>")
                    {
                        return true;
                    }
                }

                return false;
            default:
                return false;
        }
    }
}
