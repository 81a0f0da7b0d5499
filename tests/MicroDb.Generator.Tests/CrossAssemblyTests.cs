using MicroDb.Generator.Tests.Infrastructure;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;

namespace MicroDb.Generator.Tests;

/// <summary>[assembly: MicroDbMap] for types compiled into another assembly (the case it exists for).</summary>
public class CrossAssemblyTests
{
    private const string Library = """
        namespace Lib;
        public enum Status { Open, Closed }
        public class Customer
        {
            public int Id { get; set; }
            public string? Name { get; set; }
            public Status Status { get; set; }
            public System.DateOnly Since { get; init; }
            public int Visits { get; private set; }
        }
        public sealed record Address(int Id, string Street);
        internal class Secret { public int Id { get; set; } }
        """;

    [Test]
    public void Types_from_a_referenced_assembly_get_maps()
    {
        var result = GeneratorHarness.Run(Consumer("""
            [assembly: MicroDb.MicroDbMap(typeof(Lib.Customer), TableName = "customers")]
            [assembly: MicroDb.MicroDbMap(typeof(Lib.Address))]
            """));

        Assert.That(result.GeneratorDiagnostics, Is.Empty, () => result.Describe(result.GeneratorDiagnostics));
        Assert.That(result.Errors, Is.Empty, () => result.Describe(result.Errors));
        Assert.That(result.Sources["MicroDb.Generated.Lib.CustomerMap.g.cs"], Does.Contain("\"customers\"").And.Contain("Since = c3"));
        Assert.That(result.Sources["MicroDb.Generated.Lib.CustomerMap.g.cs"], Does.Contain("Name = \"set_Visits\""), "a private setter in metadata is reached through an unsafe accessor");
        Assert.That(result.Sources["MicroDb.Generated.Lib.AddressMap.g.cs"], Does.Contain("new global::Lib.Address(c0, c1)"));
    }

    [Test]
    public void Inaccessible_type_of_another_assembly_gets_no_map()
    {
        // typeof(Lib.Secret) is itself a compile error in the consumer; the generator must not add to it.
        var result = GeneratorHarness.Run(Consumer("[assembly: MicroDb.MicroDbMap(typeof(Lib.Secret))]"));

        Assert.That(result.Sources.Keys, Has.None.Contains("SecretMap"));
        Assert.That(result.Errors.Where(e => e.Location.SourceTree is { } t && !t.FilePath.StartsWith("input", StringComparison.Ordinal)), Is.Empty);
    }

    [Test]
    public void Type_of_another_assembly_found_at_a_call_site_is_a_fallback_warning_for_NativeAOT()
    {
        var consumer = Consumer("""
            public static class Use { public static void Run(MicroDb.MicroDbConnection db) => db.Table<Lib.Customer>(); }
            """);

        // It maps by reflection as sqlite-net would: silent unless the app publishes NativeAOT or trimmed.
        Assert.That(GeneratorHarness.Run(consumer).GeneratorDiagnostics, Is.Empty);
        var result = GeneratorHarness.RunWithProperties(new Dictionary<string, string> { ["PublishAot"] = "true" }, consumer);

        var warning = result.GeneratorDiagnostics.Single();
        Assert.That((warning.Id, warning.Severity), Is.EqualTo(("MDB0011", DiagnosticSeverity.Warning)));
        Assert.That(warning.GetMessage(), Does.Contain("Lib.Customer").And.Contain("assembly 'Lib'").And.Contain("MicroDbMap"));
        Assert.That(warning.Location.GetLineSpan().Path, Is.EqualTo("input.cs"), "reported at the call");
        Assert.That(result.Errors, Is.Empty, () => result.Describe(result.Errors));
    }

    [Test]
    public void Type_of_another_assembly_listed_in_MicroDbMap_and_found_at_a_call_site_gets_one_map_and_no_warning()
    {
        var result = GeneratorHarness.Run(Consumer("""
            [assembly: MicroDb.MicroDbMap(typeof(Lib.Customer))]
            public static class Use { public static void Run(MicroDb.MicroDbConnection db) => db.Table<Lib.Customer>(); }
            """));

        Assert.That(result.GeneratorDiagnostics, Is.Empty, () => result.Describe(result.GeneratorDiagnostics));
        Assert.That(result.Sources.Keys.Count(k => k.EndsWith("CustomerMap.g.cs", StringComparison.Ordinal)), Is.EqualTo(1));
    }

    private static Compilation Consumer(string source)
    {
        var library = GeneratorHarness.CreateCompilation(Library).WithAssemblyName("Lib");
        using var image = new MemoryStream();
        var emitted = library.Emit(image);
        Assert.That(emitted.Success, Is.True, string.Join("\n", emitted.Diagnostics));
        return GeneratorHarness.CreateCompilation(source).AddReferences(MetadataReference.CreateFromImage(image.ToArray()));
    }
}
