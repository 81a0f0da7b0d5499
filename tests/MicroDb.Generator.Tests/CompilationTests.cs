using MicroDb.Generator.Tests.Infrastructure;
using Microsoft.CodeAnalysis;

namespace MicroDb.Generator.Tests;

/// <summary>Generated code for a rich set of models compiles with no errors and no warnings, and emits an assembly.</summary>
public class CompilationTests
{
    [Test]
    public void Rich_model_set_compiles_without_errors_or_warnings()
    {
        // Every snapshot input that has no diagnostics, compiled together: all types, nullables, enums, private and
        // protected setters, init/required members, constructor-only types, records, nesting, assembly-level maps.
        var inputs = new[] { "AllTypes", "Basic", "ConstructorOnly", "InitRequiredPrivateSetter", "MapAttribute", "NestedAndGlobal" }
            .SelectMany(Snapshot.Inputs)
            .Append(Extra)
            .ToArray();

        var result = GeneratorHarness.Run(inputs);
        var problems = result.CompilationDiagnostics.Where(d => d.Severity >= DiagnosticSeverity.Warning).ToList();

        Assert.That(result.GeneratorDiagnostics, Is.Empty, () => result.Describe(result.GeneratorDiagnostics));
        Assert.That(problems, Is.Empty, () => result.Describe(problems));
        Assert.That(result.Sources.Keys.Count(k => k.EndsWith("Map.g.cs", StringComparison.Ordinal)), Is.EqualTo(14));
        using var stream = new MemoryStream();
        var emit = result.Output.Emit(stream);
        Assert.That(emit.Success, Is.True, () => result.Describe(emit.Diagnostics));
    }

    [Test]
    public void Registration_lists_every_map_once_in_a_stable_order()
    {
        var result = GeneratorHarness.Run([.. Snapshot.Inputs("ConstructorOnly"), .. Snapshot.Inputs("MapAttribute")]);
        var registration = result.Sources["MicroDb.Generated.MicroDbMapRegistration.g.cs"];

        var lines = registration.Split('\n').Where(l => l.Contains("Register(", StringComparison.Ordinal)).Select(l => l.Trim()).ToList();
        Assert.That(lines, Is.EqualTo(lines.Order(StringComparer.Ordinal)));
        Assert.That(lines, Has.Count.EqualTo(4));
        Assert.That(registration, Does.Contain("[global::System.Runtime.CompilerServices.ModuleInitializer]"));
    }

    [Test]
    public void Type_marked_Table_and_listed_at_assembly_level_gets_one_map()
    {
        var result = GeneratorHarness.Run("""
            using MicroDb;
            [assembly: MicroDbMap(typeof(Twice.Thing), TableName = "other")]
            namespace Twice;
            [Table("things")] public class Thing { [PrimaryKey] public int Id { get; set; } }
            """);

        Assert.That(result.Sources.Keys.Count(k => k.EndsWith("ThingMap.g.cs", StringComparison.Ordinal)), Is.EqualTo(1));
        Assert.That(result.Sources["MicroDb.Generated.Twice.ThingMap.g.cs"], Does.Contain("\"things\""), "[Table] wins");
        Assert.That(result.Errors, Is.Empty, () => result.Describe(result.Errors));
    }

    private const string Extra = """
        using System;
        using MicroDb;

        namespace Extras;

        [Table]
        public class Keywords
        {
            [PrimaryKey]
            public int @class { get; set; }

            public string? @event { get; private set; }

            [Obsolete("old")]
            public int Legacy { get; set; }
        }

        public abstract class Base<T>
        {
            [PrimaryKey, AutoIncrement]
            public long Id { get; set; }

            public T? Value { get; set; }
        }

        [Table]
        public class Derived : Base<string>
        {
            public override string ToString() => Value ?? "";
        }

        #nullable disable
        [Table]
        public class Oblivious
        {
            [PrimaryKey]
            public string Key { get; set; }

            public byte[] Data { get; set; }
        }
        #nullable restore

        [Table]
        public class PrivateCtor
        {
            private PrivateCtor() { }

            [PrimaryKey]
            public Guid Id { get; init; }

            public required string Name { get; set; }
        }
        """;
}
