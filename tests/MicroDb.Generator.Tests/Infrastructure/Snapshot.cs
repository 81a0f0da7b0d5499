using System.Runtime.CompilerServices;
using Microsoft.CodeAnalysis;

namespace MicroDb.Generator.Tests.Infrastructure;

/// <summary>
/// Compares generated files with the expected files of a snapshot case. With MICRODB_UPDATE_SNAPSHOTS=1 it rewrites
/// the expected files in the source tree instead, so a change to the generator is reviewed as a diff.
/// </summary>
internal static class Snapshot
{
    public const string DiagnosticsFile = "diagnostics.txt";
    public const string InputFile = "input.cs";
    public const string EmbeddedInputPrefix = "SnapshotInput/";

    public static bool Updating => Environment.GetEnvironmentVariable("MICRODB_UPDATE_SNAPSHOTS") == "1";

    /// <summary>The Snapshots folder in the source tree (where updates go), else the copy next to the test assembly.</summary>
    public static string Root => Directory.Exists(SourceRoot()) ? SourceRoot() : Path.Combine(AppContext.BaseDirectory, "Snapshots");

    public static IEnumerable<string> Cases() =>
        Directory.GetDirectories(Root).Select(Path.GetFileName).OrderBy(n => n, StringComparer.Ordinal)!;

    /// <summary>Text of every file the case expects: generated sources by hint name, plus diagnostics.txt.</summary>
    public static Dictionary<string, string> Actual(GenerationResult result)
    {
        var files = result.Sources.ToDictionary(p => p.Key, p => Normalize(p.Value), StringComparer.Ordinal);
        files[DiagnosticsFile] = Normalize(string.Join("\n", result.GeneratorDiagnostics
            .OrderBy(d => d.Location.SourceSpan.Start)
            .ThenBy(d => d.Id, StringComparer.Ordinal)
            .Select(Format)) + "\n");
        return files;
    }

    public static Dictionary<string, string> Expected(string caseName)
    {
        var dir = Path.Combine(Root, caseName);
        return Directory.GetFiles(dir)
            .Where(f => Path.GetFileName(f) != InputFile)
            .ToDictionary(f => Path.GetFileName(f), f => Normalize(File.ReadAllText(f)), StringComparer.Ordinal);
    }

    public static void Write(string caseName, Dictionary<string, string> files)
    {
        var dir = Path.Combine(SourceRoot(), caseName);
        foreach (var stale in Directory.GetFiles(dir).Where(f => Path.GetFileName(f) != InputFile))
        {
            File.Delete(stale);
        }

        foreach (var (name, text) in files)
        {
            File.WriteAllText(Path.Combine(dir, name), text);
        }
    }

    /// <summary>
    /// The source files a case compiles: its input.cs, or, for a case whose input is a model shared with other test
    /// projects (AllTypes), the files embedded under SnapshotInput/{case}/ by the project file, in name order.
    /// </summary>
    public static string[] Inputs(string caseName)
    {
        var file = Path.Combine(Root, caseName, InputFile);
        if (File.Exists(file))
        {
            return [File.ReadAllText(file)];
        }

        var prefix = $"{EmbeddedInputPrefix}{caseName}/";
        var assembly = typeof(Snapshot).Assembly;
        var names = assembly.GetManifestResourceNames().Where(n => n.StartsWith(prefix, StringComparison.Ordinal)).Order(StringComparer.Ordinal).ToArray();
        if (names.Length == 0)
        {
            throw new FileNotFoundException($"Snapshot case '{caseName}' has neither {InputFile} nor embedded input files ({prefix}*).", file);
        }

        return names.Select(name =>
        {
            using var reader = new StreamReader(assembly.GetManifestResourceStream(name)!);
            return reader.ReadToEnd();
        }).ToArray();
    }

    private static string Format(Diagnostic d)
    {
        var span = d.Location.GetLineSpan();
        var where = d.Location.Kind != LocationKind.None ? $"({span.StartLinePosition.Line + 1},{span.StartLinePosition.Character + 1})" : "(no location)";
        return $"{d.Id} {d.Severity} {where}: {d.GetMessage(System.Globalization.CultureInfo.InvariantCulture)}";
    }

    private static string Normalize(string text) => text.Replace("\r\n", "\n", StringComparison.Ordinal);

    private static string SourceRoot([CallerFilePath] string path = "") =>
        Path.GetFullPath(Path.Combine(Path.GetDirectoryName(path)!, "..", "Snapshots"));
}
