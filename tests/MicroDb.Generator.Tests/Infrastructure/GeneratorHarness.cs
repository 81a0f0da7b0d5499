using System.Collections.Immutable;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;

namespace MicroDb.Generator.Tests.Infrastructure;

/// <summary>Runs <see cref="MicroDbGenerator"/> over in-memory compilations.</summary>
internal static class GeneratorHarness
{
    public static readonly CSharpParseOptions ParseOptions = CSharpParseOptions.Default.WithLanguageVersion(LanguageVersion.Latest)
        .WithFeatures([new KeyValuePair<string, string>("InterceptorsNamespaces", "MicroDb.Generated")]);

    private static readonly Lazy<ImmutableArray<MetadataReference>> References = new(() =>
    {
        // The running runtime's own assemblies stand in for the reference pack, plus MicroDb itself.
        var paths = ((string)AppContext.GetData("TRUSTED_PLATFORM_ASSEMBLIES")!).Split(Path.PathSeparator)
            .Where(p => Path.GetFileName(p).StartsWith("System.", StringComparison.Ordinal) || Path.GetFileName(p) is "mscorlib.dll" or "netstandard.dll")
            .Append(typeof(MicroDbConnection).Assembly.Location)
            .Append(typeof(SQLitePCL.raw).Assembly.Location)
            .Distinct();
        return paths.Select(p => (MetadataReference)MetadataReference.CreateFromFile(p)).ToImmutableArray();
    });

    public static CSharpCompilation CreateCompilation(params string[] sources) =>
        CSharpCompilation.Create(
            "TestModels",
            sources.Select((s, i) => CSharpSyntaxTree.ParseText(s, ParseOptions, path: i == 0 ? "input.cs" : $"input{i}.cs")),
            References.Value,
            new CSharpCompilationOptions(OutputKind.DynamicallyLinkedLibrary, nullableContextOptions: NullableContextOptions.Enable));

    public static GeneratorDriver CreateDriver(IReadOnlyDictionary<string, string>? buildProperties = null) =>
        CSharpGeneratorDriver.Create(
            [new MicroDbGenerator().AsSourceGenerator()],
            parseOptions: ParseOptions,
            optionsProvider: buildProperties is null ? null : new TestOptionsProvider(buildProperties.ToDictionary(p => "build_property." + p.Key, p => p.Value)),
            driverOptions: new GeneratorDriverOptions(IncrementalGeneratorOutputKind.None, trackIncrementalGeneratorSteps: true));

    public static GenerationResult Run(params string[] sources) => Run(CreateCompilation(sources));

    /// <summary>Runs with MSBuild properties visible to the generator (names without the build_property. prefix).</summary>
    public static GenerationResult RunWithProperties(IReadOnlyDictionary<string, string> buildProperties, params string[] sources)
    {
        var driver = CreateDriver(buildProperties).RunGeneratorsAndUpdateCompilation(CreateCompilation(sources), out var output, out var generatorDiagnostics);
        return new GenerationResult(driver, output, generatorDiagnostics);
    }

    /// <summary>Runs over <paramref name="compilation"/> (its options: NoWarn, TreatWarningsAsErrors ...) with MSBuild properties.</summary>
    public static GenerationResult RunWithProperties(IReadOnlyDictionary<string, string> buildProperties, Compilation compilation)
    {
        var driver = CreateDriver(buildProperties).RunGeneratorsAndUpdateCompilation(compilation, out var output, out var generatorDiagnostics);
        return new GenerationResult(driver, output, generatorDiagnostics);
    }

    public static GenerationResult Run(Compilation compilation)
    {
        var driver = CreateDriver().RunGeneratorsAndUpdateCompilation(compilation, out var output, out var generatorDiagnostics);
        return new GenerationResult(driver, output, generatorDiagnostics);
    }
}
