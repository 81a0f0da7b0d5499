using System.Collections.Immutable;
using System.Reflection;
using MicroDb.Generator.Tests.Infrastructure;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;

namespace MicroDb.Generator.Tests;

/// <summary>
/// The generator over a netstandard2.0 compilation (netstandard2.0's own reference assembly, which has neither
/// [UnsafeAccessor] nor [ModuleInitializer]): it emits no code that needs what the target lacks. A model whose map would
/// call an [UnsafeAccessor] gets no map (MDB0011, reported as the fallback policy says) and maps by reflection; the
/// others keep generated maps wherever the library declares ModuleInitializerAttribute itself; without it, or below C# 9,
/// no map is emitted at all.
/// </summary>
public class NetStandardTargetTests
{
    private const string Attributes = """
        namespace MicroDb
        {
            using System;
            [AttributeUsage(AttributeTargets.Class)] public sealed class TableAttribute : Attribute { public TableAttribute() { } public TableAttribute(string name) { } }
            [AttributeUsage(AttributeTargets.Property)] public sealed class PrimaryKeyAttribute : Attribute { }
            [AttributeUsage(AttributeTargets.Property)] public sealed class AutoIncrementAttribute : Attribute { }
        }
        """;

    private const string Models = """
        namespace Lib
        {
            using MicroDb;
            [Table("open")] public class Open { [PrimaryKey, AutoIncrement] public int Id { get; set; } public string Name { get; set; } }
            [Table("sealed")] public class Sealed { [PrimaryKey, AutoIncrement] public int Id { get; private set; } public string Name { get; set; } }
            [Table("hidden")] public class Hidden { private Hidden() { } [PrimaryKey] public int Id { get; set; } }
        }
        """;

    private const string ModuleInitializerDeclaration = """
        namespace System.Runtime.CompilerServices
        {
            [System.AttributeUsage(System.AttributeTargets.Method, Inherited = false)]
            internal sealed class ModuleInitializerAttribute : System.Attribute { }
        }
        """;

    private const string UnsafeAccessorDeclaration = """
        namespace System.Runtime.CompilerServices
        {
            [System.AttributeUsage(System.AttributeTargets.Method, AllowMultiple = false, Inherited = false)]
            internal sealed class UnsafeAccessorAttribute : System.Attribute { public UnsafeAccessorAttribute(UnsafeAccessorKind kind) { } public string Name { get; set; } }
            internal enum UnsafeAccessorKind { Constructor, Method, StaticMethod, Field, StaticField }
        }
        """;

    private static readonly Lazy<MetadataReference> NetStandard = new(() =>
    {
        // netstandard2.0's reference assembly, from the NETStandard.Library package every netstandard2.0 project restores.
        var root = typeof(NetStandardTargetTests).Assembly.GetCustomAttributes<AssemblyMetadataAttribute>().Single(a => a.Key == "NuGetPackageRoot").Value!;
        var path = Directory.GetDirectories(Path.Combine(root, "netstandard.library"), "2.*")
            .Select(d => Path.Combine(d, "build", "netstandard2.0", "ref", "netstandard.dll"))
            .Where(File.Exists)
            .OrderBy(p => p, StringComparer.Ordinal)
            .Last();
        return MetadataReference.CreateFromFile(path);
    });

    private static GenerationResult Run(LanguageVersion language, IReadOnlyDictionary<string, string>? properties, params string[] sources)
    {
        var parse = CSharpParseOptions.Default.WithLanguageVersion(language);
        var compilation = CSharpCompilation.Create(
            "NetStandardLibrary",
            sources.Select((s, i) => CSharpSyntaxTree.ParseText(s, parse, path: $"input{i}.cs")),
            [NetStandard.Value],
            new CSharpCompilationOptions(OutputKind.DynamicallyLinkedLibrary));
        var driver = CSharpGeneratorDriver.Create(
            [new MicroDbGenerator().AsSourceGenerator()],
            parseOptions: parse,
            optionsProvider: properties is null ? null : new TestOptionsProvider(properties.ToDictionary(p => "build_property." + p.Key, p => p.Value)),
            driverOptions: new GeneratorDriverOptions(IncrementalGeneratorOutputKind.None, trackIncrementalGeneratorSteps: true));
        var ran = driver.RunGeneratorsAndUpdateCompilation(compilation, out var output, out var diagnostics);
        return new GenerationResult(ran, output, diagnostics);
    }

    private static readonly Dictionary<string, string> Warn = new() { ["MicroDbReflectionFallback"] = "warn" };

    [Test]
    public void The_reference_assembly_really_lacks_UnsafeAccessor_and_ModuleInitializer()
    {
        var compilation = CSharpCompilation.Create("probe", references: [NetStandard.Value]);

        Assert.Multiple(() =>
        {
            Assert.That(compilation.GetTypeByMetadataName("System.Object"), Is.Not.Null);
            Assert.That(compilation.GetTypeByMetadataName("System.Runtime.CompilerServices.UnsafeAccessorAttribute"), Is.Null);
            Assert.That(compilation.GetTypeByMetadataName("System.Runtime.CompilerServices.ModuleInitializerAttribute"), Is.Null);
        });
    }

    [Test]
    public void Models_that_need_UnsafeAccessor_fall_back_and_the_others_keep_generated_maps()
    {
        var result = Run(LanguageVersion.Latest, Warn, Attributes, Models, ModuleInitializerDeclaration);

        var maps = result.Sources.Keys.Where(k => k.EndsWith("Map.g.cs", StringComparison.Ordinal)).ToList();
        Assert.Multiple(() =>
        {
            Assert.That(maps, Is.EqualTo(new[] { "MicroDb.Generated.Lib.OpenMap.g.cs" }));
            Assert.That(result.Sources["MicroDb.Generated.MicroDbMapRegistration.g.cs"], Does.Contain("new global::MicroDb.Generated.Lib.OpenMap()").And.Not.Contain("SealedMap").And.Not.Contain("HiddenMap"));
            Assert.That(result.Sources.Values, Has.None.Contains("UnsafeAccessor"));
            Assert.That(result.GeneratorDiagnostics.Select(d => (d.Id, d.Severity)), Is.EquivalentTo(new[] { ("MDB0011", DiagnosticSeverity.Warning), ("MDB0011", DiagnosticSeverity.Warning) }));
            Assert.That(result.GeneratorDiagnostics.Select(d => d.GetMessage()), Has.Some.Contains("Lib.Sealed").And.Some.Contains("Lib.Hidden"));
            Assert.That(result.GeneratorDiagnostics.Select(d => d.GetMessage()), Has.All.Contains("[UnsafeAccessor]").And.All.Contains(".NET 8"));
            Assert.That(result.GeneratorDiagnostics.Select(d => d.Location.SourceTree?.FilePath), Has.All.EqualTo("input1.cs"), "at the model's class, where #pragma applies");
        });
    }

    [Test]
    public void The_fallback_is_quiet_under_the_default_policy()
    {
        var result = Run(LanguageVersion.Latest, properties: null, Attributes, Models, ModuleInitializerDeclaration);

        Assert.That(result.GeneratorDiagnostics, Is.Empty, () => result.Describe(result.GeneratorDiagnostics));
        Assert.That(result.Sources.Keys, Has.Some.EqualTo("MicroDb.Generated.Lib.OpenMap.g.cs"));
    }

    [Test]
    public void An_UnsafeAccessor_declared_by_the_library_itself_does_not_count()
    {
        // It compiles, but no runtime before .NET 8 implements it: only the framework's own declaration counts.
        var result = Run(LanguageVersion.Latest, Warn, Attributes, Models, ModuleInitializerDeclaration, UnsafeAccessorDeclaration);

        Assert.That(result.Sources.Keys.Where(k => k.EndsWith("Map.g.cs", StringComparison.Ordinal)), Is.EqualTo(new[] { "MicroDb.Generated.Lib.OpenMap.g.cs" }));
        Assert.That(result.Sources.Values, Has.None.Contains("UnsafeAccessor"));
    }

    [Test]
    public void Without_ModuleInitializerAttribute_no_map_is_emitted()
    {
        var result = Run(LanguageVersion.Latest, Warn, Attributes, Models);

        Assert.Multiple(() =>
        {
            Assert.That(result.Sources, Is.Empty, "nothing could register the maps");
            Assert.That(result.GeneratorDiagnostics.Select(d => d.Id), Is.EqualTo(new[] { "MDB0011", "MDB0011", "MDB0011" }));
            Assert.That(result.GeneratorDiagnostics.Select(d => d.GetMessage()), Has.All.Contains("[ModuleInitializer]").And.All.Contains("PolySharp"));
        });
    }

    [Test]
    public void Below_CSharp_9_no_map_is_emitted()
    {
        var result = Run(LanguageVersion.CSharp7_3, Warn, Attributes, Models, ModuleInitializerDeclaration);

        Assert.Multiple(() =>
        {
            Assert.That(result.Sources, Is.Empty);
            Assert.That(result.GeneratorDiagnostics.Select(d => d.GetMessage()), Has.All.Contains("LangVersion"));
            Assert.That(result.Errors, Is.Empty, () => result.Describe(result.Errors));
        });
    }

    [TestCase(false)]
    [TestCase(true)]
    public void A_DateOnly_member_falls_back_where_the_referenced_MicroDb_has_no_binder_for_it(bool binder)
    {
        // A net8.0 project gets MicroDb's netstandard2.0 build, which has no BindDateOnly: its generated map would not
        // compile, and the reflection map refuses the member too, so the fallback is reported even by default.
        var statement = "namespace MicroDb.Native { public sealed class SqliteStatement { "
            + (binder ? "public void BindDateOnly(int index, System.DateOnly value) { } " : "") + "} }";
        const string Day = "namespace Lib { [MicroDb.Table(\"days\")] public class Day { [MicroDb.PrimaryKey] public int Id { get; set; } public System.DateOnly On { get; set; } } }";
        var runtime = ((string)AppContext.GetData("TRUSTED_PLATFORM_ASSEMBLIES")!).Split(Path.PathSeparator)
            .Where(p => Path.GetFileName(p).StartsWith("System.", StringComparison.Ordinal) || Path.GetFileName(p) is "netstandard.dll")
            .Select(p => (MetadataReference)MetadataReference.CreateFromFile(p));
        var compilation = CSharpCompilation.Create(
            "Net8App",
            new[] { Attributes, statement, Day }.Select((s, i) => CSharpSyntaxTree.ParseText(s, GeneratorHarness.ParseOptions, path: $"input{i}.cs")),
            runtime,
            new CSharpCompilationOptions(OutputKind.DynamicallyLinkedLibrary));

        var result = GeneratorHarness.Run(compilation);

        if (binder)
        {
            Assert.That(result.Sources.Keys, Has.Some.EqualTo("MicroDb.Generated.Lib.DayMap.g.cs"));
            Assert.That(result.GeneratorDiagnostics, Is.Empty, () => result.Describe(result.GeneratorDiagnostics));
            return;
        }

        Assert.Multiple(() =>
        {
            Assert.That(result.Sources.Keys, Has.None.EqualTo("MicroDb.Generated.Lib.DayMap.g.cs"));
            Assert.That(result.GeneratorDiagnostics.Select(d => (d.Id, d.Severity)), Is.EqualTo(new[] { ("MDB0011", DiagnosticSeverity.Warning) }));
            Assert.That(result.GeneratorDiagnostics.Single().GetMessage(), Does.Contain("Lib.Day").And.Contain("DateOnly").And.Contain("net10.0"));
        });
    }

    [Test]
    public void A_net10_compilation_still_reaches_private_setters_through_UnsafeAccessor()
    {
        var result = GeneratorHarness.Run(Attributes, Models);

        Assert.Multiple(() =>
        {
            Assert.That(result.Sources.Keys, Has.Some.EqualTo("MicroDb.Generated.Lib.SealedMap.g.cs").And.Some.EqualTo("MicroDb.Generated.Lib.HiddenMap.g.cs"));
            Assert.That(result.Sources["MicroDb.Generated.Lib.SealedMap.g.cs"], Does.Contain("UnsafeAccessor"));
            Assert.That(result.GeneratorDiagnostics, Is.Empty, () => result.Describe(result.GeneratorDiagnostics));
        });
    }
}
