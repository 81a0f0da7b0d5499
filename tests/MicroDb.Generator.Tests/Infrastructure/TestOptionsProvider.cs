using System.Collections.Immutable;
using System.Diagnostics.CodeAnalysis;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Diagnostics;

namespace MicroDb.Generator.Tests.Infrastructure;

/// <summary>Global analyzer options (what MSBuild hands the compiler as <c>build_property.*</c>) for a test run.</summary>
internal sealed class TestOptionsProvider : AnalyzerConfigOptionsProvider
{
    private readonly Options _global;

    public TestOptionsProvider(IReadOnlyDictionary<string, string> globalOptions) => _global = new Options(globalOptions.ToImmutableDictionary());

    public override AnalyzerConfigOptions GlobalOptions => _global;

    public override AnalyzerConfigOptions GetOptions(SyntaxTree tree) => Options.Empty;

    public override AnalyzerConfigOptions GetOptions(AdditionalText textFile) => Options.Empty;

    private sealed class Options : AnalyzerConfigOptions
    {
        public static readonly Options Empty = new(ImmutableDictionary<string, string>.Empty);

        private readonly ImmutableDictionary<string, string> _values;

        public Options(ImmutableDictionary<string, string> values) => _values = values;

        public override bool TryGetValue(string key, [NotNullWhen(true)] out string? value) => _values.TryGetValue(key, out value);
    }
}
