using MicroDb.Generator.Tests.Infrastructure;
using Microsoft.CodeAnalysis;

namespace MicroDb.Generator.Tests;

/// <summary>
/// MDB0011: a model sqlite-net would accept but MicroDb cannot generate a map for falls back to reflection. A model that
/// breaks a rule is a warning, never a build error, unless MicroDbReflectionFallback=error; a type generated code only
/// cannot reach (a private nested class, a type parameter) is reported only for NativeAOT or trimmed apps or on request.
/// Every report sits in the syntax tree, so #pragma, NoWarn and .editorconfig silence it.
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

    private const string Reachability = """
        using MicroDb;
        namespace App
        {
            public static class Repository
            {
                private class Hidden { public int Id { get; set; } }

                public static int Count(MicroDbConnection db) => db.Table<Hidden>().Count();

                public static T Find<T>(MicroDbConnection db, int id) => db.Get<T>(id);
            }
        }
        """;

    [Test]
    public void Private_nested_model_and_type_parameter_fall_back_silently_by_default()
    {
        var result = GeneratorHarness.Run(Reachability);

        Assert.That(result.GeneratorDiagnostics, Is.Empty, () => result.Describe(result.GeneratorDiagnostics));
        Assert.That(result.Errors, Is.Empty, () => result.Describe(result.Errors));
    }

    [Test]
    public void Default_fallbacks_keep_a_TreatWarningsAsErrors_build_clean()
    {
        var compilation = GeneratorHarness.CreateCompilation(Reachability);
        var strict = compilation.WithOptions(compilation.Options.WithGeneralDiagnosticOption(ReportDiagnostic.Error));
        var result = GeneratorHarness.Run(strict);

        Assert.That(result.GeneratorDiagnostics, Is.Empty, () => result.Describe(result.GeneratorDiagnostics));
    }

    [TestCase("PublishAot")]
    [TestCase("PublishTrimmed")]
    [TestCase("IsAotCompatible")]
    [TestCase("EnableTrimAnalyzer")]
    public void Publishing_NativeAOT_or_trimmed_reports_every_fallback(string property)
    {
        var result = GeneratorHarness.RunWithProperties(new Dictionary<string, string> { [property] = "true" }, Reachability);

        Assert.That(result.GeneratorDiagnostics.Select(d => (d.Id, d.Severity)), Is.EqualTo(new[] { ("MDB0011", DiagnosticSeverity.Warning), ("MDB0011", DiagnosticSeverity.Warning) }));
        Assert.That(result.GeneratorDiagnostics.Select(d => d.Location.SourceTree?.FilePath), Is.All.EqualTo("input.cs"), "reported in the syntax tree, where #pragma applies");
    }

    [TestCase("warn", DiagnosticSeverity.Warning)]
    [TestCase("error", DiagnosticSeverity.Error)]
    public void MicroDbReflectionFallback_reports_every_fallback_on_request(string value, DiagnosticSeverity expected)
    {
        var result = GeneratorHarness.RunWithProperties(new Dictionary<string, string> { ["MicroDbReflectionFallback"] = value }, Reachability);

        Assert.That(result.GeneratorDiagnostics.Select(d => (d.Id, d.Severity)), Is.EqualTo(new[] { ("MDB0011", expected), ("MDB0011", expected) }));
    }

    [Test]
    public void Pragma_silences_a_fallback_at_its_site()
    {
        var source = Reachability.Replace(
            "public static T Find<T>",
            "#pragma warning disable MDB0011\n                public static T Find<T>",
            StringComparison.Ordinal).Replace("=> db.Get<T>(id);", "=> db.Get<T>(id);\n#pragma warning restore MDB0011", StringComparison.Ordinal);
        var result = GeneratorHarness.RunWithProperties(new Dictionary<string, string> { ["MicroDbReflectionFallback"] = "warn" }, source);

        // The Table<Hidden>() call outside the pragma is still reported; the Get<T> inside it is suppressed (the
        // compiler drops a suppressed diagnostic from the build output, as for its own warnings).
        var reported = result.GeneratorDiagnostics.Where(d => !d.IsSuppressed).ToList();
        Assert.That(reported, Has.Exactly(1).Items);
        Assert.That(reported.Single().GetMessage(), Does.Contain("Hidden"));
        Assert.That(result.GeneratorDiagnostics.Single(d => d.IsSuppressed).GetMessage(), Does.Contain("'T'"));
    }

    [Test]
    public void Pragma_silences_a_broken_sqlite_net_model_at_its_declaration()
    {
        var result = GeneratorHarness.Run(Source.Replace("[Table(\"tokens\")]", "#pragma warning disable MDB0011\n            [Table(\"tokens\")]", StringComparison.Ordinal));

        Assert.That(result.GeneratorDiagnostics.Single().IsSuppressed, Is.True, () => result.Describe(result.GeneratorDiagnostics));
    }

    [Test]
    public void NoWarn_silences_every_fallback_in_the_project()
    {
        var compilation = GeneratorHarness.CreateCompilation(Reachability, Source);
        var noWarn = compilation.WithOptions(compilation.Options.WithSpecificDiagnosticOptions(new Dictionary<string, ReportDiagnostic> { ["MDB0011"] = ReportDiagnostic.Suppress }));
        var result = GeneratorHarness.RunWithProperties(new Dictionary<string, string> { ["MicroDbReflectionFallback"] = "warn" }, noWarn);

        Assert.That(result.GeneratorDiagnostics, Is.Empty, () => result.Describe(result.GeneratorDiagnostics));
    }
}
