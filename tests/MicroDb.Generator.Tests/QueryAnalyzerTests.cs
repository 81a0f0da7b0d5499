using System.Runtime.CompilerServices;
using MicroDb.Generator.Tests.Infrastructure;
using Microsoft.CodeAnalysis;

namespace MicroDb.Generator.Tests;

/// <summary>
/// MDB0010 snapshots: each folder in AnalyzerSnapshots/ holds input.cs and the expected diagnostics.txt (rewritten with
/// MICRODB_UPDATE_SNAPSHOTS=1, like the generator's snapshots). Independently of the snapshot, every line of input.cs
/// marked <c>// MDB0010</c> must get exactly one diagnostic and no other line any.
/// </summary>
public sealed class QueryAnalyzerTests
{
    private const string Marker = "// MDB0010";

    private static IEnumerable<string> Cases() =>
        Directory.GetDirectories(Root).Select(d => Path.GetFileName(d)!).Order(StringComparer.Ordinal);

    /// <summary>The folder in the source tree (where updates go), else the copy next to the test assembly.</summary>
    private static string Root => Directory.Exists(SourceRoot()) ? SourceRoot() : Path.Combine(AppContext.BaseDirectory, "AnalyzerSnapshots");

    [TestCaseSource(nameof(Cases))]
    public void Diagnostics_match_snapshot(string caseName)
    {
        var input = File.ReadAllText(Path.Combine(Root, caseName, "input.cs")).Replace("\r\n", "\n", StringComparison.Ordinal);
        var result = AnalyzerHarness.Run(input);
        Assert.That(result.CompilerErrors, Is.Empty, () => "The case must compile: " + AnalyzerHarness.Format(result.CompilerErrors));

        var actual = AnalyzerHarness.Format(result.AnalyzerDiagnostics);
        var expectedFile = Path.Combine(Root, caseName, "diagnostics.txt");
        if (Snapshot.Updating)
        {
            File.WriteAllText(Path.Combine(SourceRoot(), caseName, "diagnostics.txt"), actual);
            Assert.Warn($"Analyzer snapshot '{caseName}' rewritten; review the diff.");
            return;
        }

        Assert.That(actual, Is.EqualTo(File.ReadAllText(expectedFile).Replace("\r\n", "\n", StringComparison.Ordinal)),
            $"{caseName}/diagnostics.txt differs; run with MICRODB_UPDATE_SNAPSHOTS=1 and review the diff.");
    }

    [TestCaseSource(nameof(Cases))]
    public void Diagnostics_fall_on_the_marked_lines(string caseName)
    {
        var lines = File.ReadAllText(Path.Combine(Root, caseName, "input.cs")).Replace("\r\n", "\n", StringComparison.Ordinal).Split('\n');
        var marked = Enumerable.Range(1, lines.Length).Where(n => lines[n - 1].Contains(Marker, StringComparison.Ordinal)).ToList();

        var result = AnalyzerHarness.Run(string.Join("\n", lines));
        var reported = result.AnalyzerDiagnostics.Select(d => d.Location.GetLineSpan().StartLinePosition.Line + 1).Order().ToList();

        Assert.That(reported, Is.EqualTo(marked), () => AnalyzerHarness.Format(result.AnalyzerDiagnostics));
        Assert.That(result.AnalyzerDiagnostics.Select(d => d.Id), Has.All.EqualTo("MDB0010"));
    }

    [Test]
    public void Analyzer_snapshot_cases_exist()
    {
        // Guards against a moved folder silently turning the suite into zero cases.
        Assert.That(Cases().Count(), Is.GreaterThanOrEqualTo(5));
    }

    [Test]
    public void Diagnostic_is_a_warning_with_its_help_link_at_the_operator_name()
    {
        var result = AnalyzerHarness.Run("""
            using System.Linq;
            using MicroDb;
            public class Item { public int Id { get; set; } }
            public static class Use { public static object Run(MicroDbConnection db) => db.Table<Item>().Reverse(); }
            """);

        var diagnostic = result.AnalyzerDiagnostics.Single();
        Assert.That(diagnostic.Id, Is.EqualTo("MDB0010"));
        Assert.That(diagnostic.Severity, Is.EqualTo(DiagnosticSeverity.Warning));
        Assert.That(diagnostic.Descriptor.HelpLinkUri, Does.StartWith("https://").And.EndWith("/docs/diagnostics/MDB0010.md"));
        Assert.That(diagnostic.GetMessage(), Does.StartWith("'Reverse' is not translated to SQL").And.Contain("call ToList() first"));
        Assert.That(diagnostic.Location.SourceTree!.GetText().ToString(diagnostic.Location.SourceSpan), Is.EqualTo("Reverse"));
    }

    private static string SourceRoot([CallerFilePath] string path = "") =>
        Path.GetFullPath(Path.Combine(Path.GetDirectoryName(path)!, "AnalyzerSnapshots"));
}
