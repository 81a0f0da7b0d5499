using System.Collections.Immutable;
using Microsoft.CodeAnalysis;

namespace MicroDb.Generator.Tests.Infrastructure;

/// <summary>What one generator run produced.</summary>
internal sealed record GenerationResult(GeneratorDriver Driver, Compilation Output, ImmutableArray<Diagnostic> GeneratorDiagnostics)
{
    public GeneratorRunResult RunResult => Driver.GetRunResult().Results.Single();

    /// <summary>Generated files by hint name.</summary>
    public IReadOnlyDictionary<string, string> Sources =>
        RunResult.GeneratedSources.ToDictionary(s => s.HintName, s => s.SourceText.ToString(), StringComparer.Ordinal);

    /// <summary>Compiler diagnostics of the output compilation (input plus generated code).</summary>
    public ImmutableArray<Diagnostic> CompilationDiagnostics => Output.GetDiagnostics();

    /// <summary>Errors and warnings located in generated files.</summary>
    public IReadOnlyList<Diagnostic> GeneratedCodeProblems => CompilationDiagnostics
        .Where(d => d.Severity >= DiagnosticSeverity.Warning && d.Location.SourceTree is { } tree && RunResult.GeneratedSources.Any(s => s.SyntaxTree == tree))
        .ToList();

    public IReadOnlyList<Diagnostic> Errors => CompilationDiagnostics.Where(d => d.Severity == DiagnosticSeverity.Error).ToList();

    public string Describe(IEnumerable<Diagnostic> diagnostics) => string.Join(Environment.NewLine, diagnostics.Select(d => d.ToString()));
}
