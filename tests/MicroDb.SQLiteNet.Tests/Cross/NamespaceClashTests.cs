extern alias microdb;

using System.Reflection;
using System.Text.RegularExpressions;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;

namespace MicroDb.SQLiteNet.Tests.Cross;

/// <summary>
/// An app that imports both <c>SQLite</c> (this package) and <c>MicroDb</c>: the clashing names give CS0104, and the
/// way docs/migrating-from-sqlite-net.md shows compiles. The sample is read from the guide itself, so the guide stays true.
/// </summary>
public sealed partial class NamespaceClashTests
{
    private static readonly Assembly MicroDbAssembly = typeof(microdb::MicroDb.MicroDbConnection).Assembly;
    private static readonly Assembly CompatAssembly = typeof(SQLite.SQLiteConnection).Assembly;

    [Test]
    public void Guide_sample_using_both_namespaces_compiles()
    {
        var errors = Compile(GuideSample()).Where(d => d.Severity == DiagnosticSeverity.Error).ToList();
        Assert.That(errors, Is.Empty, () => string.Join("\n", errors));
    }

    [Test]
    public void Importing_both_namespaces_makes_the_attribute_names_ambiguous()
    {
        const string Source = """
            using MicroDb;
            using SQLite;

            [Table("items")]
            public class Item { [PrimaryKey] public int Id { get; set; } }
            """;

        Assert.That(Compile(Source).Select(d => d.Id), Does.Contain("CS0104"));
    }

    [Test]
    public void Guide_lists_exactly_the_clashing_type_names()
    {
        static HashSet<string> Names(Assembly assembly, string ns) =>
            assembly.GetExportedTypes().Where(t => t.Namespace == ns && !t.IsNested).Select(t => t.Name).ToHashSet();

        var clashing = Names(MicroDbAssembly, "MicroDb");
        clashing.IntersectWith(Names(CompatAssembly, "SQLite"));
        var guide = File.ReadAllText(GuidePath());
        var start = guide.IndexOf("Both namespaces declare", StringComparison.Ordinal);
        var section = guide[start..guide.IndexOf(", so a file with both", start, StringComparison.Ordinal)];
        var listed = BacktickedName().Matches(section).Select(m => m.Groups[1].Value).ToHashSet();

        Assert.That(listed.Order(), Is.EqualTo(clashing.Order()));
    }

    private static string GuideSample()
    {
        var guide = File.ReadAllText(GuidePath());
        var match = CompiledBlock().Match(guide);
        Assert.That(match.Success, Is.True, "the guide's compiled block");
        return match.Groups[1].Value;
    }

    private static IReadOnlyList<Diagnostic> Compile(string source)
    {
        var references = ((string)AppContext.GetData("TRUSTED_PLATFORM_ASSEMBLIES")!).Split(Path.PathSeparator)
            .Where(p => Path.GetFileName(p).StartsWith("System.", StringComparison.Ordinal) || Path.GetFileName(p) is "netstandard.dll" or "mscorlib.dll")
            .Append(MicroDbAssembly.Location)
            .Append(CompatAssembly.Location)
            .Append(typeof(SQLitePCL.raw).Assembly.Location)
            .Select(p => (MetadataReference)MetadataReference.CreateFromFile(p));
        var compilation = CSharpCompilation.Create(
            "GuideSample",
            [CSharpSyntaxTree.ParseText(source)],
            references,
            new CSharpCompilationOptions(OutputKind.DynamicallyLinkedLibrary, nullableContextOptions: NullableContextOptions.Disable));
        return compilation.GetDiagnostics();
    }

    private static string GuidePath([System.Runtime.CompilerServices.CallerFilePath] string here = "") =>
        Path.GetFullPath(Path.Combine(Path.GetDirectoryName(here)!, "..", "..", "..", "docs", "migrating-from-sqlite-net.md"));

    [GeneratedRegex(@"<!-- compiled:[^\n]*-->\s*```csharp\n(.*?)```\s*<!-- end compiled -->", RegexOptions.Singleline)]
    private static partial Regex CompiledBlock();

    [GeneratedRegex(@"`(\w+)`")]
    private static partial Regex BacktickedName();
}
