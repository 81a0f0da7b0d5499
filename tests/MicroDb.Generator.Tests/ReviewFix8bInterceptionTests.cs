using MicroDb.Generator.Tests.Infrastructure;
using Microsoft.CodeAnalysis;

namespace MicroDb.Generator.Tests;

/// <summary>
/// The review's findings on the build-time front end (issue 22, fix 8b): a nullable <c>?:</c> grouping key keys its float
/// branches by the run time's rule (a <c>double?</c>/<c>float?</c> one only); a floating-point or decimal remainder is
/// declined with the run time's reason; an <c>int</c> shift in a projection is C#'s; a <c>Count(predicate)</c> comparing
/// with values in a condition over the groups or an ordering of them is declined (MDB0013) with a clear reason, never MDB0014.
/// </summary>
public class ReviewFix8bInterceptionTests
{
    private const string HintName = "MicroDb.Generated.QueryInterceptors.g.cs";

    private const string FloatingRemainder = "a floating-point remainder, which SQLite computes on integers";

    private const string Model = """
        using System;
        using System.Linq;
        using MicroDb;
        namespace Shop;
        [Table("items")]
        public class Item
        {
            [PrimaryKey, AutoIncrement] public int Id { get; set; }
            public string? Team { get; set; }
            public double Score { get; set; }
            public double Weight { get; set; }
            public long? NLong { get; set; }
            public int Qty { get; set; }
            public decimal Price { get; set; }
            public DateTime At { get; set; }
        }
        """;

    private static string Queries(string body) => Model + "\npublic static class Queries\n{\n" + body + "\n}\n";

    private static GenerationResult Run(string query) =>
        GeneratorHarness.Run(Queries("public static object Q(MicroDbConnection db, DateTime since) => " + query + ";"));

    [Test]
    public void A_long_conditional_key_keeps_a_converted_float_branch_as_the_run_time_does()
    {
        var result = Run("db.Table<Item>().GroupBy(x => x.Score > 0 ? (long?)x.Weight : x.NLong).Select(g => new { g.Key, N = g.Count() }).ToList()");

        Assert.That(result.Errors, Is.Empty, () => result.Describe(result.Errors));
        Assert.That(result.GeneratorDiagnostics, Is.Empty, () => result.Describe(result.GeneratorDiagnostics));
        Assert.That(result.Sources[HintName], Does.Not.Contain("ifnull(CAST(\\\"Weight\\\""));
        Assert.That(result.Sources[HintName], Does.Not.Contain("ifnull(\\\"Weight\\\""));
    }

    [Test]
    public void A_double_conditional_key_keys_its_float_branch_as_not_null()
    {
        var result = Run("db.Table<Item>().GroupBy(x => x.Score > 0 ? (double?)x.NLong : x.Weight).Select(g => new { g.Key, N = g.Count() }).ToList()");

        Assert.That(result.Errors, Is.Empty, () => result.Describe(result.Errors));
        Assert.That(result.GeneratorDiagnostics, Is.Empty, () => result.Describe(result.GeneratorDiagnostics));
        Assert.That(result.Sources[HintName], Does.Contain("ifnull(\\\"Weight\\\", 0)"));
    }

    [TestCase("db.Table<Item>().Where(x => x.Score % 2 > 1).ToList()")]
    [TestCase("db.Table<Item>().GroupBy(x => x.Score % 2).Select(g => g.Key).ToList()")]
    [TestCase("db.Table<Item>().GroupBy(x => (long)(x.Score % 2)).Select(g => g.Key).ToList()")]
    [TestCase("db.Table<Item>().GroupBy(x => x.Team).Where(g => g.Sum(x => x.Score) % 2 > 1).Select(g => g.Key).ToList()")]
    [TestCase("db.Table<Item>().ExecuteUpdate(s => s.Set(x => x.Score, x => x.Score % 2))")]
    [TestCase("db.Table<Item>().ExecuteUpdate(s => s.Set(x => x.Price, x => x.Price % 2))")]
    public void A_floating_point_remainder_is_declined_with_the_run_times_reason(string query)
    {
        var result = Run(query);

        Assert.That(result.Errors, Is.Empty, () => result.Describe(result.Errors));
        Assert.That(result.GeneratorDiagnostics.Where(d => d.Severity != DiagnosticSeverity.Info), Is.Empty, () => result.Describe(result.GeneratorDiagnostics));
        var info = result.GeneratorDiagnostics.Single(d => d.Id == "MDB0013");
        Assert.That(info.GetMessage(), Does.Contain(FloatingRemainder), () => info.GetMessage());
    }

    [Test]
    public void An_integer_remainder_is_still_lowered()
    {
        var result = Run("db.Table<Item>().Where(x => x.Qty % 2 == 1).GroupBy(x => x.Qty % 3).Select(g => g.Key).ToList()");

        Assert.That(result.Errors, Is.Empty, () => result.Describe(result.Errors));
        Assert.That(result.GeneratorDiagnostics, Is.Empty, () => result.Describe(result.GeneratorDiagnostics));
    }

    [Test]
    public void An_int_shift_in_a_projection_is_csharps()
    {
        var result = Run("db.Table<Item>().Select(x => new { A = x.Qty << 33, B = x.Qty >> 35, C = (uint)x.Qty << 40 }).ToList()");

        Assert.That(result.Errors, Is.Empty, () => result.Describe(result.Errors));
        Assert.That(result.GeneratorDiagnostics, Is.Empty, () => result.Describe(result.GeneratorDiagnostics));
        Assert.That(result.GeneratedCodeProblems, Is.Empty, () => result.Describe(result.GeneratedCodeProblems));
        Assert.That(result.Sources[HintName], Does.Contain(" << 33)"));
        Assert.That(result.Sources[HintName], Does.Not.Contain("((long)"));
    }

    [TestCase("db.Table<Item>().GroupBy(x => x.Team).Where(g => g.Count(x => x.At > since) > 2).Select(g => g.Key).ToList()")]
    [TestCase("db.Table<Item>().GroupBy(x => x.Team).Where(g => g.Count(x => x.Qty > 1) > 2).Select(g => g.Key).ToList()")]
    [TestCase("db.Table<Item>().GroupBy(x => x.Team).OrderBy(g => g.Count(x => x.Qty > 1)).Select(g => g.Key).ToList()")]
    [TestCase("db.Table<Item>().GroupBy(x => x.Team).OrderBy(g => g.Count(x => x.At > since)).Select(g => new { g.Key, N = g.Count() }).ToList()")]
    public void A_count_with_a_value_predicate_over_the_groups_is_declined_with_a_clear_reason(string query)
    {
        var result = Run(query);

        Assert.That(result.Errors, Is.Empty, () => result.Describe(result.Errors));
        Assert.That(result.GeneratorDiagnostics.Where(d => d.Id != "MDB0013" || d.Severity != DiagnosticSeverity.Info), Is.Empty, () => result.Describe(result.GeneratorDiagnostics));
        var info = result.GeneratorDiagnostics.Single(d => d.Id == "MDB0013");
        Assert.That(info.GetMessage(), Does.Contain("is lowered at build time only in the grouping's result"), () => info.GetMessage());
        Assert.That(info.GetMessage(), Does.Not.Contain("'#'"));
    }
}
