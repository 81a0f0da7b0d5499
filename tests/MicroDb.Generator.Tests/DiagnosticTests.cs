using MicroDb.Generator.Tests.Infrastructure;
using Microsoft.CodeAnalysis;

namespace MicroDb.Generator.Tests;

/// <summary>Every diagnostic fires with its id and names the member; no map is emitted for a broken model, and nothing generated fails to compile.</summary>
public class DiagnosticTests
{
    private const string Usings = "using System; using System.Collections.Generic; using MicroDb;\nnamespace Models;\n";

    public static IEnumerable<TestCaseData> Cases()
    {
        yield return Case("MDB0001", "Lines", "Order", """
            [Table] public class Order { [PrimaryKey] public int Id { get; set; } public List<string> Lines { get; set; } = new(); }
            """);
        yield return Case("MDB0001", "Blob", "Pic", """
            [Table] public class Pic { public int Id { get; set; } public object? Blob { get; set; } }
            """);
        yield return Case("MDB0002", "B", "TwoKeys", """
            [Table] public class TwoKeys { [PrimaryKey] public int A { get; set; } [PrimaryKey] public int B { get; set; } }
            """);
        yield return Case("MDB0002", "B", "SameOrder", """
            [Table] public class SameOrder { [PrimaryKey(Order = 1)] public int A { get; set; } [PrimaryKey(Order = 1)] public int B { get; set; } }
            """);
        yield return Case("MDB0003", "A", "AutoComposite", """
            [Table] public class AutoComposite { [PrimaryKey, AutoIncrement] public int A { get; set; } [PrimaryKey(Order = 1)] public int B { get; set; } }
            """);
        yield return Case("MDB0015", "ParentId", "Child", """
            [Table] public class Parent { public int Value { get; set; } }
            [Table] public class Child { [PrimaryKey] public int Id { get; set; } [References(typeof(Parent))] public int ParentId { get; set; } }
            """);
        yield return Case("MDB0015", "Code", "CodeChild", """
            [Table] public class CodeParent { [PrimaryKey] public int Id { get; set; } }
            [Table] public class CodeChild { [PrimaryKey] public int Id { get; set; } [References(typeof(CodeParent), Column = "Code")] public string? Code { get; set; } }
            """);
        yield return Case("MDB0003", "Name", "Auto", """
            [Table] public class Auto { [PrimaryKey, AutoIncrement] public string Name { get; set; } = ""; }
            """);
        yield return Case("MDB0003", "Counter", "NotKey", """
            [Table] public class NotKey { [PrimaryKey] public int Id { get; set; } [AutoIncrement] public int Counter { get; set; } }
            """);
        yield return Case("MDB0004", "NoCtor", "NoCtor", """
            [Table] public class NoCtor { public NoCtor(string other) { } public int Id { get; set; } }
            """);
        yield return Case("MDB0004", "Computed", "Derived", """
            [Table] public class Derived { public int Id { get; set; } public int Computed => Id * 2; }
            """);
        yield return Case("MDB0004", "Mismatch", "Mismatch", """
            [Table] public class Mismatch { public Mismatch(int id, string other) { Id = id; } public int Id { get; } }
            """);
        yield return Case("MDB0004", "Secret", "NeedsSecret", """
            [Table] public class NeedsSecret { public int Id { get; set; } [Ignore] public required string Secret { get; set; } }
            """);
        yield return Case("MDB0005", "Hidden", "Holder.Hidden", """
            public class Holder { [Table] private class Hidden { public int Id { get; set; } } }
            """);
        yield return Case("MDB0005", "Guarded", "Holder2.Guarded", """
            public class Holder2 { [Table] protected class Guarded { public int Id { get; set; } } }
            """);
        yield return Case("MDB0005", "Local", "Local", """
            [Table] file class Local { public int Id { get; set; } }
            """);
        yield return Case("MDB0006", "Second", "Dup", """
            [Table] public class Dup { [Column("name")] public string? First { get; set; } [Column("NAME")] public string? Second { get; set; } }
            """);
        yield return Case("MDB0007", "Box", "Box<T>", """
            [Table] public class Box<T> { public int Id { get; set; } }
            """);
        yield return Case("MDB0007", "Shape", "Shape", """
            [Table] public abstract class Shape { public int Id { get; set; } }
            """);
        yield return Case("MDB0007", "Pair", "Pair", """
            [assembly: MicroDbMap(typeof(Models.Pair))]
            public struct Pair { public int Id { get; set; } }
            """, usingsFirst: true);
        yield return Case("MDB0008", "Skipped", "Fine", """
            [Table] public class Fine { [PrimaryKey] public int Id { get; set; } [Ignore, PrimaryKey] public int Skipped { get; set; } }
            """, expectMap: true);
        yield return Case("MDB0009", "Empty", "Empty", """
            [Table] public class Empty { [Ignore] public int Computed => 1; }
            """);
        yield return Case("MDB0009", "NoKey", "NoKey", """
            [Table(WithoutRowId = true)] public class NoKey { public int Id { get; set; } }
            """);
        yield return Case("MDB0009", "Nameless", "Nameless", """
            [Table] public class Nameless { [Column("")] public int Nameless2 { get; set; } }
            """);
        yield return Case("MDB0009", "Blank", "Blank", """
            [Table("  ")] public class Blank { public int Id { get; set; } }
            """);
        yield return Case("MDB0009", "Name", "RenamedBlank", """
            [Table] public class RenamedBlank { [PrimaryKey] public int Id { get; set; } [RenamedFrom(" ")] public string? Name { get; set; } }
            """);
        yield return Case("MDB0009", "RenamedTable", "RenamedTable", """
            [Table, RenamedFrom("")] public class RenamedTable { [PrimaryKey] public int Id { get; set; } }
            """);
    }

    [TestCaseSource(nameof(Cases))]
    public void Diagnostic_fires_and_generated_code_compiles(string id, string member, string typeName, string source, bool expectMap)
    {
        var result = GeneratorHarness.Run(source);

        var diagnostic = result.GeneratorDiagnostics.SingleOrDefault(d => d.Id == id);
        Assert.That(diagnostic, Is.Not.Null, () => $"Expected {id}; got: {result.Describe(result.GeneratorDiagnostics)}");
        Assert.That(diagnostic!.GetMessage(), Does.Contain(member));
        Assert.That(diagnostic.Descriptor.HelpLinkUri, Does.StartWith("https://").And.EndWith("/docs/diagnostics/" + id + ".md"));
        // In the syntax tree (not an external file), so #pragma, NoWarn and .editorconfig apply to it.
        Assert.That(diagnostic.Location.Kind is LocationKind.None or LocationKind.SourceFile, Is.True);

        var simpleName = typeName.Split('<')[0].Split('.')[^1];
        var maps = result.Sources.Keys.Where(k => k.EndsWith("." + simpleName + "Map.g.cs", StringComparison.Ordinal) || k.EndsWith("_" + simpleName + "Map.g.cs", StringComparison.Ordinal));
        Assert.That(maps.Any(), Is.EqualTo(expectMap), "A model with an error must get no map; one with only a warning must.");
        Assert.That(result.Errors.Where(e => e.Location.SourceTree?.FilePath != "input.cs"), Is.Empty, () => result.Describe(result.Errors));
        Assert.That(result.GeneratedCodeProblems, Is.Empty, () => result.Describe(result.GeneratedCodeProblems));
    }

    [Test]
    public void Diagnostic_location_points_at_the_member()
    {
        var result = GeneratorHarness.Run(Usings + "[Table] public class Order { public int Id { get; set; }\n public List<int> Bad { get; set; } = new(); }");

        var diagnostic = result.GeneratorDiagnostics.Single(d => d.Id == "MDB0001");
        var span = diagnostic.Location.GetLineSpan();
        Assert.That(span.Path, Is.EqualTo("input.cs"));
        Assert.That(span.StartLinePosition.Line, Is.EqualTo(3));
        // Reported locations are rebuilt from plain data (file, span, lines), so they carry no syntax tree.
        var text = result.Output.SyntaxTrees.Single(t => t.FilePath == "input.cs").GetText();
        Assert.That(text.ToString(diagnostic.Location.SourceSpan), Is.EqualTo("Bad"));
    }

    [Test]
    public void Valid_models_next_to_broken_ones_still_get_maps()
    {
        var result = GeneratorHarness.Run(Usings + """
            [Table] public class Good { [PrimaryKey] public int Id { get; set; } }
            [Table] public class Bad { public List<int> Items { get; set; } = new(); }
            """);

        Assert.That(result.Sources.Keys, Has.Some.EndsWith("GoodMap.g.cs"));
        Assert.That(result.Sources.Keys, Has.None.EndsWith("BadMap.g.cs"));
        Assert.That(result.Sources["MicroDb.Generated.MicroDbMapRegistration.g.cs"], Does.Contain("GoodMap").And.Not.Contain("BadMap"));
        Assert.That(result.Errors, Is.Empty, () => result.Describe(result.Errors));
    }

    private static TestCaseData Case(string id, string member, string typeName, string body, bool expectMap = false, bool usingsFirst = false)
    {
        // Assembly attributes must precede the namespace declaration.
        var source = usingsFirst
            ? "using System; using System.Collections.Generic; using MicroDb;\n" + body.Replace("public struct", "namespace Models { public struct", StringComparison.Ordinal) + " }"
            : Usings + body;
        return new TestCaseData(id, member, typeName, source, expectMap).SetName($"{id}_{typeName.Replace('<', '_').Replace('>', '_').Replace('.', '_')}");
    }
}
