using System.Collections.Generic;
using System.Collections.Immutable;
using System.Linq;
using MicroDb.Generator.Model;
using MicroDb.Generator.Shared;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.Diagnostics;
using Microsoft.CodeAnalysis.Text;

namespace MicroDb.Generator;

/// <summary>
/// Emits a reflection-free <c>EntityMap&lt;T&gt;</c> for every class marked <c>[Table]</c> (MicroDb's or sqlite-net's),
/// every type named by <c>[assembly: MicroDbMap(typeof(T))]</c> and every type that flows into a connection's generic
/// API (<c>Table&lt;T&gt;()</c>, <c>Insert(item)</c> ...), plus one module initializer that registers them.
/// </summary>
[Generator(LanguageNames.CSharp)]
public sealed partial class MicroDbGenerator : IIncrementalGenerator
{
    /// <summary>Step names, for incremental-caching tests.</summary>
    public static class TrackingNames
    {
        /// <summary>Parse results of [Table] classes.</summary>
        public const string TableResults = nameof(TableResults);

        /// <summary>Parse results of classes marked with sqlite-net's [SQLite.Table].</summary>
        public const string SqliteNetTableResults = nameof(SqliteNetTableResults);

        /// <summary>Parse results of [assembly: MicroDbMap] attributes.</summary>
        public const string MapAttributeResults = nameof(MapAttributeResults);

        /// <summary>Model types found at call sites of the connections' generic APIs, per invocation.</summary>
        public const string CallSites = nameof(CallSites);

        /// <summary>Parse results of the types found at call sites, each type once.</summary>
        public const string CallSiteResults = nameof(CallSiteResults);

        /// <summary>All parse results, de-duplicated by type.</summary>
        public const string AllResults = nameof(AllResults);

        /// <summary>What the compilation's target framework lets generated code use ([UnsafeAccessor], [ModuleInitializer]).</summary>
        public const string TargetFeatures = nameof(TargetFeatures);

        /// <summary>The parse results after the target's features: a model whose map needs what the target lacks falls back to reflection.</summary>
        public const string TargetResults = nameof(TargetResults);

        /// <summary>The models that get a map (no error diagnostics).</summary>
        public const string Models = nameof(Models);

        /// <summary>The diagnostics to report.</summary>
        public const string Diagnostics = nameof(Diagnostics);

        /// <summary>How MDB0011 is reported (MicroDbReflectionFallback, PublishAot, PublishTrimmed ...).</summary>
        public const string FallbackIsError = nameof(FallbackIsError);

        /// <summary>The map class names the module initializer registers.</summary>
        public const string Registrations = nameof(Registrations);

        /// <summary>The AdditionalFiles named microdb.schema.json.</summary>
        public const string SnapshotFiles = nameof(SnapshotFiles);

        /// <summary>Whether MicroDbUpdateSchema=true asks for the snapshot.</summary>
        public const string UpdateSchema = nameof(UpdateSchema);

        /// <summary>The MDB0012 diagnostics of the schema snapshot check.</summary>
        public const string SchemaDrift = nameof(SchemaDrift);

        /// <summary>The snapshot JSON (null unless MicroDbUpdateSchema=true).</summary>
        public const string SnapshotJson = nameof(SnapshotJson);

        /// <summary>LINQ chains on Table&lt;T&gt;() ended by a terminal operator, lowered (or declined) at build time, per call.</summary>
        public const string QueryChains = nameof(QueryChains);

        /// <summary>The interceptors source and the MDB0013/MDB0014 diagnostics.</summary>
        public const string Interceptors = nameof(Interceptors);

        /// <summary>Whether maps get Serialize/Deserialize (the assembly uses MicroDbSerializer, or MicroDbSerialization says).</summary>
        public const string Serialization = nameof(Serialization);
    }

    private const string GeneratorVersion = "0.1.0";

    /// <summary>
    /// The MSBuild property (made visible to the compiler by the package's build props) that says how MDB0011, a model
    /// falling back to reflection, is reported: <c>auto</c> (the default: only when the app publishes NativeAOT or
    /// trimmed, or the model breaks a rule), <c>warn</c> (always a warning) or <c>error</c> (always an error).
    /// </summary>
    internal const string ReflectionFallbackProperty = "MicroDbReflectionFallback";

    /// <inheritdoc />
    public void Initialize(IncrementalGeneratorInitializationContext context)
    {
        var tables = context.SyntaxProvider
            .ForAttributeWithMetadataName(
                AttributeNames.MicroDbTable,
                static (node, _) => node is ClassDeclarationSyntax or RecordDeclarationSyntax,
                static (ctx, ct) => Parser.ParseTable(ctx, ct))
            .WithTrackingName(TrackingNames.TableResults);

        // sqlite-net's [Table] (from sqlite-net-pcl or the compatibility package), recognised by name (AttributeNames).
        var sqliteNetTables = context.SyntaxProvider
            .ForAttributeWithMetadataName(
                AttributeNames.SqliteNetTable,
                static (node, _) => node is ClassDeclarationSyntax or RecordDeclarationSyntax,
                static (ctx, ct) => Parser.ParseTable(ctx, ct))
            .WithTrackingName(TrackingNames.SqliteNetTableResults);

        var mapAttributes = context.SyntaxProvider
            .ForAttributeWithMetadataName(
                "MicroDb.MicroDbMapAttribute",
                static (node, _) => node is CompilationUnitSyntax,
                static (ctx, ct) => new EquatableArray<ModelResult>(Parser.ParseMapAttributes(ctx, ct)))
            .WithTrackingName(TrackingNames.MapAttributeResults);

        // Types that flow into Table<T>(), Insert(item) ... of a MicroDb or sqlite-net connection, with or without [Table].
        var callSites = context.SyntaxProvider
            .CreateSyntaxProvider(
                static (node, _) => CallSites.IsCandidate(node),
                static (ctx, ct) => CallSites.Find(ctx, ct))
            .Where(static findings => findings.Count > 0)
            .WithTrackingName(TrackingNames.CallSites);

        // A type also requested explicitly ([Table], MicroDbMap) is parsed once, there: Deduplicate drops a call site's
        // result for it anyway, so the call-site step skips it instead of parsing every such model a second time.
        var explicitKeys = tables.Collect()
            .Combine(mapAttributes.Collect())
            .Combine(sqliteNetTables.Collect())
            .Select(static (pair, _) => ExplicitKeys(pair.Left.Left, pair.Left.Right, pair.Right));

        var callSiteResults = callSites.Collect()
            .Combine(explicitKeys)
            .Combine(context.CompilationProvider)
            .Select(static (pair, ct) => Parser.ParseCallSites(pair.Left.Left, pair.Left.Right, pair.Right, ct))
            .WithTrackingName(TrackingNames.CallSiteResults);

        // The order decides which request of a type found several ways wins: explicit ones first.
        var all = tables.Collect()
            .Combine(mapAttributes.Collect())
            .Combine(sqliteNetTables.Collect())
            .Combine(callSiteResults)
            .Select(static (pair, _) => Deduplicate(pair.Left.Left.Left, pair.Left.Left.Right, pair.Left.Right, pair.Right))
            .WithTrackingName(TrackingNames.AllResults);

        // A netstandard2.0 compilation has no [UnsafeAccessor] (and maybe no [ModuleInitializer]): maps that need them fall back.
        var target = context.CompilationProvider
            .Select(static (compilation, _) => TargetFeatures.Of(compilation))
            .WithTrackingName(TrackingNames.TargetFeatures);
        var placed = all.Combine(target)
            .Select(static (pair, _) => ApplyTarget(pair.Left, pair.Right))
            .WithTrackingName(TrackingNames.TargetResults);

        var models = placed
            .SelectMany(static (results, _) => results.Where(r => r.Model is not null).Select(r => r.Model!))
            .WithTrackingName(TrackingNames.Models);

        var diagnostics = placed
            .SelectMany(static (results, _) => results.SelectMany(r => r.Diagnostics).Distinct())
            .WithTrackingName(TrackingNames.Diagnostics);

        var registrations = models
            .Select(static (m, _) => "global::" + m.MapNamespace + "." + m.MapName)
            .Collect()
            .Select(static (names, _) => new EquatableArray<string>(names.OrderBy(n => n, System.StringComparer.Ordinal).ToArray()))
            .WithTrackingName(TrackingNames.Registrations);

        var fallbackPolicy = context.AnalyzerConfigOptionsProvider
            .Select(static (options, _) => FallbackPolicyOf(options.GlobalOptions))
            .WithTrackingName(TrackingNames.FallbackIsError);

        RegisterSchemaSnapshot(context, all);

        // Reported at a location in the compilation's own syntax tree, so #pragma warning disable and .editorconfig
        // severities apply to the generator's diagnostics as to the compiler's (an external location escapes both).
        var trees = context.CompilationProvider.Select(static (compilation, _) => compilation.SyntaxTrees);
        context.RegisterSourceOutput(diagnostics.Combine(fallbackPolicy).Combine(trees), static (spc, pair) =>
        {
            if (ToDiagnostic(pair.Left.Left, pair.Left.Right, pair.Right) is { } diagnostic)
            {
                spc.ReportDiagnostic(diagnostic);
            }
        });
        RegisterInterceptors(context, models, trees);
        var serialization = RegisterSerializationUse(context);
        context.RegisterSourceOutput(models.Combine(serialization), static (spc, pair) =>
            spc.AddSource(pair.Left.HintName, SourceText.From(Emitter.EmitMap(pair.Left, pair.Right), System.Text.Encoding.UTF8)));
        context.RegisterSourceOutput(registrations, static (spc, names) =>
        {
            if (names.Count > 0)
            {
                spc.AddSource("MicroDb.Generated.MicroDbMapRegistration.g.cs", SourceText.From(Emitter.EmitRegistration(names), System.Text.Encoding.UTF8));
            }
        });
    }

    /// <summary>
    /// The build-time query front end: inline LINQ chains lowered to SQL constants and intercepted (MicroDbInterceptQueries,
    /// on by default), with MDB0013 where a chain stays on the run-time path and MDB0014 where it can never be translated.
    /// </summary>
    private static void RegisterInterceptors(IncrementalGeneratorInitializationContext context, IncrementalValuesProvider<EntityModel> models, IncrementalValueProvider<IEnumerable<SyntaxTree>> trees)
    {
        // The interceptors file declares file-local types (C# 11): below that (a netstandard2.0 library keeps C# 7.3 unless
        // it sets LangVersion) every query stays on the run-time path, as with MicroDbInterceptQueries=false.
        var interceptOn = context.AnalyzerConfigOptionsProvider
            .Select(static (options, _) => InterceptQueriesOf(options.GlobalOptions))
            .Combine(context.CompilationProvider.Select(static (compilation, _) => compilation is CSharpCompilation { LanguageVersion: >= LanguageVersion.CSharp11 }))
            .Select(static (pair, _) => pair.Left && pair.Right);
        var chains = context.SyntaxProvider
            .CreateSyntaxProvider(
                static (node, _) => QueryChains.IsCandidate(node),
                static (ctx, ct) => QueryChains.Lower(ctx, ct))
            .Where(static chain => chain is not null)
            .Select(static (chain, _) => chain!)
            .WithTrackingName(TrackingNames.QueryChains);
        var plan = chains.Collect()
            .Combine(models.Collect())
            .Combine(interceptOn)
            .Select(static (pair, _) => InterceptorEmitter.Plan(pair.Left.Left, pair.Left.Right, pair.Right))
            .WithTrackingName(TrackingNames.Interceptors);
        context.RegisterSourceOutput(plan.Select(static (p, _) => p.Source), static (spc, source) =>
        {
            if (source is not null)
            {
                spc.AddSource("MicroDb.Generated.QueryInterceptors.g.cs", SourceText.From(source, System.Text.Encoding.UTF8));
            }
        });
        context.RegisterSourceOutput(plan.Select(static (p, _) => p.Diagnostics).Combine(trees), static (spc, pair) =>
        {
            foreach (var info in pair.Left)
            {
                if (ToDiagnostic(info, FallbackPolicy.Quiet, pair.Right) is { } diagnostic)
                {
                    spc.ReportDiagnostic(diagnostic);
                }
            }
        });
    }

    /// <summary>
    /// A type found more than once ([Table] of either family, [assembly: MicroDbMap], call sites) gets one map and one
    /// set of diagnostics: the first request wins, in the order MicroDb [Table], MicroDbMap, sqlite-net [Table], call site.
    /// </summary>
    private static EquatableArray<ModelResult> Deduplicate(ImmutableArray<ModelResult> tables, ImmutableArray<EquatableArray<ModelResult>> mapped, ImmutableArray<ModelResult> sqliteNetTables, EquatableArray<ModelResult> callSites)
    {
        var seen = new HashSet<string>(System.StringComparer.Ordinal);
        var results = new List<ModelResult>();
        foreach (var result in tables.Concat(mapped.SelectMany(m => m)).Concat(sqliteNetTables).Concat(callSites))
        {
            if (result.TypeKey is null || seen.Add(result.TypeKey))
            {
                results.Add(result);
            }
        }

        return new EquatableArray<ModelResult>(results);
    }

    /// <summary>The type keys of the explicit requests, which win over a call site's in <see cref="Deduplicate"/>.</summary>
    private static EquatableArray<string> ExplicitKeys(ImmutableArray<ModelResult> tables, ImmutableArray<EquatableArray<ModelResult>> mapped, ImmutableArray<ModelResult> sqliteNetTables)
    {
        var keys = new SortedSet<string>(System.StringComparer.Ordinal);
        foreach (var result in tables.Concat(mapped.SelectMany(m => m)).Concat(sqliteNetTables))
        {
            if (result.TypeKey is { } key)
            {
                keys.Add(key);
            }
        }

        return new EquatableArray<string>(keys.ToArray());
    }

    /// <summary>How MDB0011 is reported, from MSBuild properties the package makes visible (build/MicroDb.props).</summary>
    internal enum FallbackPolicy
    {
        /// <summary>Default: a fallback that works on the reflection path (as sqlite-net always mapped) is not reported; a broken rule is a warning.</summary>
        Quiet,

        /// <summary>Every fallback is a warning: the app publishes NativeAOT or trimmed, or set MicroDbReflectionFallback=warn.</summary>
        Warn,

        /// <summary>Every fallback is an error: MicroDbReflectionFallback=error.</summary>
        Error,
    }

    /// <summary>The MSBuild properties that say an app is published NativeAOT or trimmed (where a reflection map may not run).</summary>
    internal static readonly string[] AotProperties = ["PublishAot", "PublishTrimmed", "IsAotCompatible", "EnableTrimAnalyzer"];

    internal static FallbackPolicy FallbackPolicyOf(AnalyzerConfigOptions options)
    {
        var value = options.TryGetValue("build_property." + ReflectionFallbackProperty, out var v) ? v.Trim() : "";
        if (string.Equals(value, "error", System.StringComparison.OrdinalIgnoreCase))
        {
            return FallbackPolicy.Error;
        }

        if (string.Equals(value, "warn", System.StringComparison.OrdinalIgnoreCase))
        {
            return FallbackPolicy.Warn;
        }

        foreach (var property in AotProperties)
        {
            if (options.TryGetValue("build_property." + property, out var flag) && string.Equals(flag.Trim(), "true", System.StringComparison.OrdinalIgnoreCase))
            {
                return FallbackPolicy.Warn;
            }
        }

        return FallbackPolicy.Quiet;
    }

    private static Diagnostic? ToDiagnostic(DiagnosticInfo info, FallbackPolicy policy, IEnumerable<SyntaxTree> trees)
    {
        var isFallback = info.Id == ModelRules.Ids.ReflectionFallback;
        if (isFallback && info.WorksOnReflection && policy == FallbackPolicy.Quiet)
        {
            return null;
        }

        var location = LocationOf(info.Location, trees);
        var descriptor = DiagnosticDescriptors.Get(info.Id);
        var args = info.MessageArgs.Cast<object>().ToArray();
        if (isFallback && policy == FallbackPolicy.Error)
        {
            return Diagnostic.Create(descriptor, location, DiagnosticSeverity.Error, additionalLocations: null, properties: null, args);
        }

        return Diagnostic.Create(descriptor, location, args);
    }

    private static Location LocationOf(LocationInfo? info, IEnumerable<SyntaxTree> trees)
    {
        if (info is not { } l)
        {
            return Location.None;
        }

        var span = new TextSpan(l.SpanStart, l.SpanLength);
        foreach (var tree in trees)
        {
            if (tree.FilePath == l.FilePath && span.End <= tree.Length)
            {
                return Location.Create(tree, span);
            }
        }

        return Location.Create(l.FilePath, span, new LinePositionSpan(new LinePosition(l.StartLine, l.StartCharacter), new LinePosition(l.EndLine, l.EndCharacter)));
    }
}
