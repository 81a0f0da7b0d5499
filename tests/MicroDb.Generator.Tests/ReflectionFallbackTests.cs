using MicroDb.Generator.Tests.Infrastructure;
using Microsoft.CodeAnalysis;

namespace MicroDb.Generator.Tests;

/// <summary>
/// MDB0011: a model sqlite-net would accept but MicroDb cannot generate a map for is a warning (the type falls back to
/// reflection), never a build error, unless MicroDbReflectionFallback=error.
/// </summary>
public class ReflectionFallbackTests
{
    private const string Source = """
        using System;
        namespace SQLite
        {
            [AttributeUsage(AttributeTargets.Class)] public sealed class TableAttribute : Attribute { public TableAttribute(string name) { } }
            [AttributeUsage(AttributeTargets.Property)] public sealed class PrimaryKeyAttribute : Attribute { }
            [AttributeUsage(AttributeTargets.Property)] public sealed class AutoIncrementAttribute : Attribute { }
        }
        namespace App
        {
            using SQLite;
            [Table("tokens")] public class Token { [PrimaryKey, AutoIncrement] public Guid Id { get; set; } }
        }
        """;

    [Test]
    public void Broken_sqlite_net_model_is_a_warning_that_names_the_rule_and_the_fix()
    {
        var result = GeneratorHarness.Run(Source);

        var fallback = result.GeneratorDiagnostics.Single();
        Assert.That(fallback.Id, Is.EqualTo("MDB0011"));
        Assert.That(fallback.Severity, Is.EqualTo(DiagnosticSeverity.Warning));
        Assert.That(fallback.GetMessage(), Does.Contain("App.Token").And.Contain("MDB0003").And.Contain("MicroDbReflectionFallback"));
        Assert.That(result.Sources.Keys, Has.None.Contains("TokenMap"));
        Assert.That(result.Errors, Is.Empty, () => result.Describe(result.Errors));
    }

    [TestCase("error", DiagnosticSeverity.Error)]
    [TestCase("Error", DiagnosticSeverity.Error)]
    [TestCase("warn", DiagnosticSeverity.Warning)]
    public void MicroDbReflectionFallback_sets_the_severity(string value, DiagnosticSeverity expected)
    {
        var result = GeneratorHarness.RunWithProperties(new Dictionary<string, string> { ["MicroDbReflectionFallback"] = value }, Source);

        var fallback = result.GeneratorDiagnostics.Single();
        Assert.That((fallback.Id, fallback.Severity), Is.EqualTo(("MDB0011", expected)));
    }

    [Test]
    public void MicroDb_attributes_keep_the_rule_an_error()
    {
        var result = GeneratorHarness.Run(Source.Replace("public Guid Id { get; set; }", "public Guid Id { get; set; } [MicroDb.Indexed] public int Rank { get; set; }", StringComparison.Ordinal));

        Assert.That(result.GeneratorDiagnostics.Select(d => (d.Id, d.Severity)), Is.EqualTo(new[] { ("MDB0003", DiagnosticSeverity.Error) }));
    }
}
