using Microsoft.CodeAnalysis;

namespace MicroDb.Generator;

/// <summary>Every diagnostic the generator reports. Documented in docs/diagnostics.md; tracked in AnalyzerReleases.*.md.</summary>
internal static class DiagnosticDescriptors
{
    private const string Category = "MicroDb";
    private const string HelpBase = "https://example.invalid/microdb/blob/main/docs/diagnostics.md#";

    public static readonly DiagnosticDescriptor UnsupportedMemberType = Create(
        "MDB0001",
        "Member type is not supported",
        "Member '{0}' of '{1}' has type '{2}', which MicroDb cannot store; use a supported type or mark it [Ignore]");

    public static readonly DiagnosticDescriptor SeveralPrimaryKeys = Create(
        "MDB0002",
        "Several primary keys",
        "Type '{0}' has several [PrimaryKey] members ('{1}' and '{2}'); MicroDb supports one");

    public static readonly DiagnosticDescriptor InvalidAutoIncrement = Create(
        "MDB0003",
        "Invalid [AutoIncrement]",
        "Member '{0}' of '{1}' is [AutoIncrement] but {2}");

    public static readonly DiagnosticDescriptor NoUsableConstructor = Create(
        "MDB0004",
        "No usable constructor",
        "Type '{0}' cannot be constructed by generated code: {1}");

    public static readonly DiagnosticDescriptor InaccessibleType = Create(
        "MDB0005",
        "Type is not accessible to generated code",
        "Type '{0}' is {1}, so generated code cannot use it; make it public or internal");

    public static readonly DiagnosticDescriptor DuplicateColumn = Create(
        "MDB0006",
        "Duplicate column name",
        "Members '{0}' and '{1}' of '{2}' both map to column '{3}'");

    public static readonly DiagnosticDescriptor UnsupportedModel = Create(
        "MDB0007",
        "Type cannot be a mapped model",
        "Type '{0}' cannot be mapped: {1}");

    public static readonly DiagnosticDescriptor IgnoreConflict = Create(
        "MDB0008",
        "[Ignore] conflicts with other mapping attributes",
        "Member '{0}' of '{1}' is [Ignore] but also has {2}; it is left out of the table",
        DiagnosticSeverity.Warning);

    public static readonly DiagnosticDescriptor InvalidTable = Create(
        "MDB0009",
        "Invalid table definition",
        "Type '{0}' cannot be mapped: {1}");

    private static DiagnosticDescriptor Create(string id, string title, string message, DiagnosticSeverity severity = DiagnosticSeverity.Error) =>
        new(id, title, message, Category, severity, isEnabledByDefault: true, helpLinkUri: HelpBase + id.ToLowerInvariant());

    /// <summary>The descriptor with <paramref name="id"/>.</summary>
    public static DiagnosticDescriptor Get(string id) => id switch
    {
        "MDB0001" => UnsupportedMemberType,
        "MDB0002" => SeveralPrimaryKeys,
        "MDB0003" => InvalidAutoIncrement,
        "MDB0004" => NoUsableConstructor,
        "MDB0005" => InaccessibleType,
        "MDB0006" => DuplicateColumn,
        "MDB0007" => UnsupportedModel,
        "MDB0008" => IgnoreConflict,
        _ => InvalidTable,
    };
}
