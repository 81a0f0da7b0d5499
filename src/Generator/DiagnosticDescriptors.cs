using System.Linq;
using System.Reflection;
using MicroDb.Generator.Shared;
using Microsoft.CodeAnalysis;

namespace MicroDb.Generator;

/// <summary>
/// Every diagnostic the generator and the query analyzer report: the shared model rules (src/Shared/ModelRules.cs, whose texts the runtime
/// throws too) as Roslyn descriptors. One page per rule in docs/diagnostics/; tracked in AnalyzerReleases.*.md.
/// </summary>
internal static class DiagnosticDescriptors
{
    private const string Category = "MicroDb";

    /// <summary>
    /// Where the rule pages live: the MSBuild property MicroDbDocsUrl (Directory.Build.props, derived from the one
    /// repository URL) baked into this assembly as metadata when the generator is built.
    /// </summary>
    public static readonly string HelpBase = typeof(DiagnosticDescriptors).Assembly
        .GetCustomAttributes<AssemblyMetadataAttribute>()
        .FirstOrDefault(a => a.Key == "MicroDbDocsUrl")?.Value?.TrimEnd('/') + "/diagnostics/";

    public static readonly DiagnosticDescriptor UnsupportedMemberType = new(
        ModelRules.Ids.UnsupportedMemberType, ModelRules.UnsupportedMemberType.Title, ModelRules.UnsupportedMemberType.MessageFormat, Category, DiagnosticSeverity.Error, isEnabledByDefault: true, helpLinkUri: HelpLink(ModelRules.Ids.UnsupportedMemberType));

    public static readonly DiagnosticDescriptor SeveralPrimaryKeys = new(
        ModelRules.Ids.SeveralPrimaryKeys, ModelRules.SeveralPrimaryKeys.Title, ModelRules.SeveralPrimaryKeys.MessageFormat, Category, DiagnosticSeverity.Error, isEnabledByDefault: true, helpLinkUri: HelpLink(ModelRules.Ids.SeveralPrimaryKeys));

    public static readonly DiagnosticDescriptor InvalidAutoIncrement = new(
        ModelRules.Ids.InvalidAutoIncrement, ModelRules.InvalidAutoIncrement.Title, ModelRules.InvalidAutoIncrement.MessageFormat, Category, DiagnosticSeverity.Error, isEnabledByDefault: true, helpLinkUri: HelpLink(ModelRules.Ids.InvalidAutoIncrement));

    public static readonly DiagnosticDescriptor NoUsableConstructor = new(
        ModelRules.Ids.NoUsableConstructor, ModelRules.NoUsableConstructor.Title, ModelRules.NoUsableConstructor.MessageFormat, Category, DiagnosticSeverity.Error, isEnabledByDefault: true, helpLinkUri: HelpLink(ModelRules.Ids.NoUsableConstructor));

    public static readonly DiagnosticDescriptor InaccessibleType = new(
        ModelRules.Ids.InaccessibleType, ModelRules.InaccessibleType.Title, ModelRules.InaccessibleType.MessageFormat, Category, DiagnosticSeverity.Error, isEnabledByDefault: true, helpLinkUri: HelpLink(ModelRules.Ids.InaccessibleType));

    public static readonly DiagnosticDescriptor DuplicateColumn = new(
        ModelRules.Ids.DuplicateColumn, ModelRules.DuplicateColumn.Title, ModelRules.DuplicateColumn.MessageFormat, Category, DiagnosticSeverity.Error, isEnabledByDefault: true, helpLinkUri: HelpLink(ModelRules.Ids.DuplicateColumn));

    public static readonly DiagnosticDescriptor UnsupportedModel = new(
        ModelRules.Ids.UnsupportedModel, ModelRules.UnsupportedModel.Title, ModelRules.UnsupportedModel.MessageFormat, Category, DiagnosticSeverity.Error, isEnabledByDefault: true, helpLinkUri: HelpLink(ModelRules.Ids.UnsupportedModel));

    public static readonly DiagnosticDescriptor IgnoreConflict = new(
        ModelRules.Ids.IgnoreConflict, ModelRules.IgnoreConflict.Title, ModelRules.IgnoreConflict.MessageFormat, Category, DiagnosticSeverity.Warning, isEnabledByDefault: true, helpLinkUri: HelpLink(ModelRules.Ids.IgnoreConflict));

    public static readonly DiagnosticDescriptor InvalidTable = new(
        ModelRules.Ids.InvalidTable, ModelRules.InvalidTable.Title, ModelRules.InvalidTable.MessageFormat, Category, DiagnosticSeverity.Error, isEnabledByDefault: true, helpLinkUri: HelpLink(ModelRules.Ids.InvalidTable));

    /// <summary>Reported by <see cref="QueryAnalyzer"/>, not the generator.</summary>
    public static readonly DiagnosticDescriptor QueryRunsInMemory = new(
        ModelRules.Ids.QueryRunsInMemory, ModelRules.QueryRunsInMemory.Title, ModelRules.QueryRunsInMemory.MessageFormat, Category, DiagnosticSeverity.Warning, isEnabledByDefault: true, helpLinkUri: HelpLink(ModelRules.Ids.QueryRunsInMemory));

    /// <summary>A warning by default; MicroDbReflectionFallback=error reports it with error severity.</summary>
    public static readonly DiagnosticDescriptor ReflectionFallback = new(
        ModelRules.Ids.ReflectionFallback, ModelRules.ReflectionFallback.Title, ModelRules.ReflectionFallback.MessageFormat, Category, DiagnosticSeverity.Warning, isEnabledByDefault: true, helpLinkUri: HelpLink(ModelRules.Ids.ReflectionFallback));

    /// <summary>The schema snapshot check (microdb.schema.json); a warning, silenced per model with #pragma or per project with .editorconfig.</summary>
    public static readonly DiagnosticDescriptor SchemaDrift = new(
        ModelRules.Ids.SchemaDrift, ModelRules.SchemaDrift.Title, ModelRules.SchemaDrift.MessageFormat, Category, DiagnosticSeverity.Warning, isEnabledByDefault: true, helpLinkUri: HelpLink(ModelRules.Ids.SchemaDrift));

    /// <summary>An info: an inline query stays on the run-time LINQ path (the build-time front end does not lower it).</summary>
    public static readonly DiagnosticDescriptor QueryNotIntercepted = new(
        ModelRules.Ids.QueryNotIntercepted, ModelRules.QueryNotIntercepted.Title, ModelRules.QueryNotIntercepted.MessageFormat, Category, DiagnosticSeverity.Info, isEnabledByDefault: true, helpLinkUri: HelpLink(ModelRules.Ids.QueryNotIntercepted));

    /// <summary>A warning: a query the run time can never translate (it throws NotSupportedException with the same reason).</summary>
    public static readonly DiagnosticDescriptor QueryNeverTranslates = new(
        ModelRules.Ids.QueryNeverTranslates, ModelRules.QueryNeverTranslates.Title, ModelRules.QueryNeverTranslates.MessageFormat, Category, DiagnosticSeverity.Warning, isEnabledByDefault: true, helpLinkUri: HelpLink(ModelRules.Ids.QueryNeverTranslates));

    /// <summary>An error: a [References] whose parent column does not exist (no single-column key and no Column named, or an unknown Column).</summary>
    public static readonly DiagnosticDescriptor InvalidForeignKey = new(
        ModelRules.Ids.InvalidForeignKey, ModelRules.InvalidForeignKey.Title, ModelRules.InvalidForeignKey.MessageFormat, Category, DiagnosticSeverity.Error, isEnabledByDefault: true, helpLinkUri: HelpLink(ModelRules.Ids.InvalidForeignKey));

    private static readonly DiagnosticDescriptor[] All =
    [
        UnsupportedMemberType, SeveralPrimaryKeys, InvalidAutoIncrement, NoUsableConstructor, InaccessibleType,
        DuplicateColumn, UnsupportedModel, IgnoreConflict, InvalidTable, QueryRunsInMemory, ReflectionFallback,
        SchemaDrift, QueryNotIntercepted, QueryNeverTranslates, InvalidForeignKey,
    ];

    /// <summary>The descriptor of a shared rule.</summary>
    public static DiagnosticDescriptor For(ModelRule rule) => Get(rule.Id);

    /// <summary>The descriptor with <paramref name="id"/>.</summary>
    public static DiagnosticDescriptor Get(string id) => All.First(d => d.Id == id);

    private static string HelpLink(string id) => HelpBase + id + ".md";
}
