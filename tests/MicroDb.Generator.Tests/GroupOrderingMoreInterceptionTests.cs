using MicroDb.Generator.Tests.Infrastructure;

namespace MicroDb.Generator.Tests;

/// <summary>
/// The build-time front end on grouping leftovers (issue 22): a nullable conditional key whose branch is a non-nullable
/// double (keyed as the run time keys that double, <c>ifnull(v, 0)</c>), and orderings by integer or double arithmetic
/// over aggregates and integer key members; the run time's text, and MDB0013 for what stays declined.
/// </summary>
public class GroupOrderingMoreInterceptionTests
{
    private const string HintName = "MicroDb.Generated.QueryInterceptors.g.cs";

    private const string Model = """
        using System.Linq;
        using MicroDb;
        namespace Shop;
        [Table("items")]
        public class Item
        {
            [PrimaryKey, AutoIncrement] public int Id { get; set; }
            public string Name { get; set; } = "";
            public int Count { get; set; }
            public double Score { get; set; }
            public double? Maybe { get; set; }
            public bool Active { get; set; }
        }
        """;

    private static string Queries(string body) => Model + "\npublic static class Queries\n{\n" + body + "\n}\n";

    private static string Clean(string body)
    {
        var result = GeneratorHarness.Run(Queries(body));
        Assert.That(result.GeneratorDiagnostics, Is.Empty, () => result.Describe(result.GeneratorDiagnostics));
        Assert.That(result.Errors, Is.Empty, () => result.Describe(result.Errors));
        Assert.That(result.GeneratedCodeProblems, Is.Empty, () => result.Describe(result.GeneratedCodeProblems));
        return result.Sources[HintName];
    }

    private static void Declined(string body, string reason)
    {
        var result = GeneratorHarness.Run(Queries(body));
        Assert.That(result.Errors, Is.Empty, () => result.Describe(result.Errors));
        var info = result.GeneratorDiagnostics.Single(d => d.Id == "MDB0013");
        Assert.That(info.GetMessage(), Does.Contain(reason));
    }

    [Test]
    public void A_nullable_conditional_key_keys_its_double_branch_as_the_run_time_does()
    {
        var source = Clean("""
            public static object Chosen(MicroDbConnection db) => db.Table<Item>().GroupBy(x => x.Maybe >= 2 ? x.Maybe : x.Score).OrderBy(g => g.Key).Select(g => new { g.Key, N = g.Count() }).ToList();
            """);

        Assert.That(source, Does.Contain("GROUP BY (CASE WHEN (\\\"Maybe\\\" IS NOT NULL AND \\\"Maybe\\\" >= ?) THEN \\\"Maybe\\\" ELSE ifnull(\\\"Score\\\", 0) END) ORDER BY (CASE WHEN (\\\"Maybe\\\" IS NOT NULL AND \\\"Maybe\\\" >= ?) THEN \\\"Maybe\\\" ELSE ifnull(\\\"Score\\\", 0) END)"));
    }

    [Test]
    public void A_nullable_conditional_key_with_a_null_branch_keys_its_double_branch_as_the_run_time_does()
    {
        var source = Clean("""
            public static object Maybe(MicroDbConnection db) => db.Table<Item>().GroupBy(x => x.Active ? x.Score : (double?)null).Select(g => new { g.Key, N = g.Count() }).ToList();
            """);

        Assert.That(source, Does.Contain("THEN ifnull(\\\"Score\\\", 0) ELSE"));
    }

    [Test]
    public void Ordering_by_arithmetic_over_aggregates_gets_the_run_time_order_key()
    {
        var source = Clean("""
            public static object Mean(MicroDbConnection db) => db.Table<Item>().GroupBy(x => x.Name).OrderByDescending(g => g.Sum(x => x.Count) / g.Count()).Select(g => new { g.Key, N = g.Count() }).ToList();
            public static object Spread(MicroDbConnection db) => db.Table<Item>().GroupBy(x => x.Count).Select(g => new { g.Key, Mean = g.Average(x => x.Score), Low = g.Min(x => x.Count) }).OrderBy(r => r.Mean - r.Low).ThenBy(r => r.Key).ToList();
            """);

        Assert.That(source, Does.Contain("""
            new InterceptedSite("SELECT \"Name\", count(*) FROM \"items\" GROUP BY \"Name\" ORDER BY (coalesce(sum(\"Count\"), 0) / count(*)) DESC");
            """));
        Assert.That(source, Does.Contain("ORDER BY ifnull((avg(\\\"Score\\\") - CAST(min(\\\"Count\\\") AS REAL)), 0), \\\"Count\\\""));
    }

    [Test]
    public void Ordering_by_arithmetic_with_a_value_stays_declined()
    {
        Declined("""
            public static object Q(MicroDbConnection db) => db.Table<Item>().GroupBy(x => x.Name).OrderBy(g => g.Sum(x => x.Count) / 2).Select(g => new { g.Key, N = g.Count() }).ToList();
            """, "reads a value or a computed key part, which an ordering over the groups does not bind at build time");
    }
}
