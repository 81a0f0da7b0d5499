using System.Collections.Immutable;
using System.Globalization;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.Diagnostics;

namespace MicroDb.Generator.Tests.Infrastructure;

/// <summary>Runs <see cref="QueryAnalyzer"/> over an in-memory compilation that references MicroDb.</summary>
internal static class AnalyzerHarness
{
    /// <summary>
    /// A first line of this form names the test compilation instead: "MicroDb" stands in for the MicroDb assembly, to
    /// declare query types the package does not have yet (the analyzer matches them by name), without referencing it.
    /// </summary>
    public const string AssemblyDirective = "// assembly: ";

    public sealed record Result(ImmutableArray<Diagnostic> AnalyzerDiagnostics, ImmutableArray<Diagnostic> CompilerErrors);

    public static Result Run(string source)
    {
        var compilation = GeneratorHarness.CreateCompilation(source);
        if (source.StartsWith(AssemblyDirective, StringComparison.Ordinal))
        {
            var name = source[AssemblyDirective.Length..source.IndexOf('\n', StringComparison.Ordinal)].Trim();
            compilation = compilation.WithAssemblyName(name);
            if (name == typeof(MicroDbConnection).Assembly.GetName().Name)
            {
                compilation = compilation.RemoveReferences(compilation.References.Where(r => r.Display == typeof(MicroDbConnection).Assembly.Location));
            }
        }

        var errors = compilation.GetDiagnostics().Where(d => d.Severity == DiagnosticSeverity.Error).ToImmutableArray();
        var diagnostics = compilation
            .WithAnalyzers([new QueryAnalyzer()], new AnalyzerOptions([]))
            .GetAnalyzerDiagnosticsAsync(CancellationToken.None).GetAwaiter().GetResult();
        return new Result(diagnostics, errors);
    }

    /// <summary>One line per diagnostic, in source order: "MDB0010 Warning (line,column): message".</summary>
    public static string Format(IEnumerable<Diagnostic> diagnostics) =>
        string.Concat(diagnostics
            .OrderBy(d => d.Location.SourceSpan.Start)
            .ThenBy(d => d.Id, StringComparer.Ordinal)
            .Select(d =>
            {
                var start = d.Location.GetLineSpan().StartLinePosition;
                return $"{d.Id} {d.Severity} ({start.Line + 1},{start.Character + 1}): {d.GetMessage(CultureInfo.InvariantCulture)}\n";
            }));
}
