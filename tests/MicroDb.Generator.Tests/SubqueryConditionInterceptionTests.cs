using MicroDb.Generator.Tests.Infrastructure;

namespace MicroDb.Generator.Tests;

/// <summary>
/// The richer condition forms inside a sub-query's Where at build time (MicroDbGenerator.SubqueryConditions.cs): string
/// methods, a captured collection's Contains, decimal and ulong orderings, float against double, two operands of the
/// sub-query's row and arithmetic, written over the sub-query's alias with each value's check at its index on the site.
/// </summary>
public class SubqueryConditionInterceptionTests
{
    private const string HintName = "MicroDb.Generated.QueryInterceptors.g.cs";

    private const string Model = """
        using System;
        using System.Collections.Generic;
        using System.Linq;
        using MicroDb;
        namespace Shop;
        [Table("items")]
        public class Item
        {
            [PrimaryKey, AutoIncrement] public int Id { get; set; }
            public string? Name { get; set; }
            public int Age { get; set; }
        }
        [Table("tags")]
        public class Tag
        {
            [PrimaryKey, AutoIncrement] public int Id { get; set; }
            public int ItemId { get; set; }
            public string? Label { get; set; }
            public decimal Price { get; set; }
            public ulong Big { get; set; }
            public float Weight { get; set; }
            public double Score { get; set; }
            public long Count { get; set; }
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

    private static string Any(string condition) =>
        Clean($"public static List<Item> Q(MicroDbConnection db, string p, int n, decimal d, List<int> ids, double r) => db.Table<Item>().Where(x => x.Age > n && db.Table<Tag>().Any(t => t.ItemId == x.Id && {condition})).ToList();");

    [TestCase("t.Label.StartsWith(p)", "(substr(\\\"s0\\\".\\\"Label\\\", 1, length(?)) = ?)", ".Text(1, \"text\").Text(2, \"text\")")]
    [TestCase("t.Label.Contains(p, StringComparison.OrdinalIgnoreCase)", "(\\\"s0\\\".\\\"Label\\\" LIKE ? ESCAPE '\\\\')", ".Text(1, \"contains\")")]
    [TestCase("t.Label.Trim() == p", "(trim(\\\"s0\\\".\\\"Label\\\", ?) IS ?)", ".Text(1, \"ws\")")]
    [TestCase("t.Label.ToUpper() != p", "(upper(\\\"s0\\\".\\\"Label\\\") IS NOT ?)", "")]
    [TestCase("t.Label.Length > n", "(length(\\\"s0\\\".\\\"Label\\\") > ?)", "")]
    [TestCase("string.IsNullOrEmpty(t.Label)", "(\\\"s0\\\".\\\"Label\\\" IS NULL OR \\\"s0\\\".\\\"Label\\\" = '')", "")]
    [TestCase("t.Label.Equals(p, StringComparison.OrdinalIgnoreCase)", "(\\\"s0\\\".\\\"Label\\\" IS ? COLLATE NOCASE)", "")]
    [TestCase("string.CompareOrdinal(t.Label, p) > 0", "(\\\"s0\\\".\\\"Label\\\" IS NOT NULL AND \\\"s0\\\".\\\"Label\\\" > ?)", ".Text(1, \"order\")")]
    [TestCase("ids.Contains(t.ItemId)", "\\\"s0\\\".\\\"ItemId\\\" IN (?)", ".Text(1, \"in\")")]
    [TestCase("t.Price > d", "\\\"s0\\\".\\\"Price\\\"", ".Compared(1, \"decimal\")")]
    [TestCase("t.Big > 5UL", "(\\\"s0\\\".\\\"Big\\\" > ? OR \\\"s0\\\".\\\"Big\\\" < 0)", ".Compared(1, \"unsigned\")")]
    [TestCase("t.Weight > r", "\\\"s0\\\".\\\"Weight\\\" > ?", ".Real(1, \">\", false)")]
    [TestCase("t.Count < t.ItemId", "(\\\"s0\\\".\\\"Count\\\" < \\\"s0\\\".\\\"ItemId\\\")", "")]
    [TestCase("t.Count * 2 + t.ItemId >= n", "(((\\\"s0\\\".\\\"Count\\\" * ?) + \\\"s0\\\".\\\"ItemId\\\") >= ?)", "")]
    [TestCase("t.Score / 2 > r", "(ifnull((\\\"s0\\\".\\\"Score\\\" / ?), 0) > ?)", ".Compared(2, \"nan\")")]
    public void Conditions_inside_a_sub_query_are_written_over_its_alias(string condition, string sql, string checks)
    {
        var source = Any(condition);

        Assert.That(source, Does.Contain("WHERE ((\\\"Age\\\" > ?) AND EXISTS (SELECT 1 FROM \\\"tags\\\" AS \\\"s0\\\" WHERE ((\\\"s0\\\".\\\"ItemId\\\" = \\\"items\\\".\\\"Id\\\") AND "));
        Assert.That(source, Does.Contain(sql));
        Assert.That(source, Does.Contain(checks));
    }

    [Test]
    public void A_string_condition_in_a_nested_sub_query_and_in_a_projections_sub_query_is_lowered()
    {
        var nested = Clean("public static List<Item> Q(MicroDbConnection db, string p) => db.Table<Item>().Where(x => db.Table<Tag>().Any(t => t.ItemId == x.Id && db.Table<Tag>().Any(u => u.Count == t.Count && u.Label!.EndsWith(p)))).ToList();");
        var lifted = Clean("public static List<int> Q(MicroDbConnection db, string p, List<long> counts) => db.Table<Item>().Select(x => db.Table<Tag>().Count(t => t.ItemId == x.Id && t.Label!.StartsWith(p) && counts.Contains(t.Count))).ToList();");

        Assert.That(nested, Does.Contain("substr(\\\"s1\\\".\\\"Label\\\", -length(?)) = ?"));
        Assert.That(nested, Does.Contain(".Text(0, \"text\").Text(1, \"text\").Text(2, \"text\")"));
        Assert.That(lifted, Does.Contain("(SELECT count(*) FROM \\\"tags\\\" AS \\\"s0\\\" WHERE "));
        Assert.That(lifted, Does.Contain("\\\"s0\\\".\\\"Count\\\" IN (?)"));
        Assert.That(lifted, Does.Contain(".LiftedValue(0, \"aLR0\", \"\", typeof(string)).LiftedValue(0, \"aLR0\", \"\", typeof(string)).LiftedValue(0, \"aRo\", \"Count\", typeof(long)).Text(0, \"text\").Text(1, \"text\").Text(2, \"in\")"));
    }

    [Test]
    public void String_conditions_and_a_captured_list_over_a_string_key_in_having_are_lowered()
    {
        var source = Clean("public static List<string?> Q(MicroDbConnection db, string p, List<string> names) => db.Table<Item>().GroupBy(x => x.Name).Where(g => g.Key!.StartsWith(p) || names.Contains(g.Key)).Select(g => g.Key).ToList();");

        Assert.That(source, Does.Contain("GROUP BY \\\"Name\\\" HAVING ((substr(\\\"Name\\\", 1, length(?)) = ?) OR (\\\"Name\\\" IS NOT NULL AND \\\"Name\\\" IN (?)))"));
        Assert.That(source, Does.Contain(".HavingValue(0, \"L0\", \"\", typeof(string)).HavingValue(0, \"L0\", \"\", typeof(string)).HavingValue(0, \"Ro\", \"Name\", typeof(string)).Text(0, \"text\").Text(1, \"text\").Text(2, \"in\")"));
    }

    [TestCase("db.Table<Item>().GroupBy(x => x.Name!.ToLower()).Where(g => g.Key.StartsWith(\"a\")).Count()", "on no string key part")]
    [TestCase("db.Table<Item>().GroupBy(x => x.Age).Where(g => g.Max(x => x.Name)!.Contains(\"a\")).Count()", "is a string condition over a grouping (HAVING)")]
    public void String_conditions_in_having_on_no_key_part_say_why(string query, string reason)
    {
        var result = GeneratorHarness.Run(Queries($"public static int Q(MicroDbConnection db) => {query};"));

        Assert.That(result.Errors, Is.Empty, () => result.Describe(result.Errors));
        Assert.That(result.GeneratorDiagnostics.Single(d => d.Id == "MDB0013").GetMessage(), Does.Contain(reason));
    }

    [Test]
    public void A_correlation_with_or_and_not_and_arithmetic_over_a_projected_sub_query_are_lowered()
    {
        var either = Clean("public static List<Item> Q(MicroDbConnection db, int n) => db.Table<Item>().Where(x => db.Table<Tag>().Any(t => t.ItemId == x.Id || !(t.ItemId != x.Age) && t.Count > n)).ToList();");
        var half = Clean("public static object Q(MicroDbConnection db) => db.Table<Item>().Select(x => new { x.Id, Half = (double)db.Table<Tag>().Count(t => t.ItemId == x.Id) / 2, Less = -db.Table<Tag>().Count(t => t.ItemId == x.Id) + x.Age }).ToList();");

        Assert.That(either, Does.Contain("WHERE EXISTS (SELECT 1 FROM \\\"tags\\\" AS \\\"s0\\\" WHERE ((\\\"s0\\\".\\\"ItemId\\\" = \\\"items\\\".\\\"Id\\\") OR ((NOT (\\\"s0\\\".\\\"ItemId\\\" <> \\\"items\\\".\\\"Age\\\")) AND (\\\"s0\\\".\\\"Count\\\" > ?))))"));
        Assert.That(half, Does.Contain("(SELECT count(*) FROM \\\"tags\\\" AS \\\"s0\\\" WHERE (\\\"s0\\\".\\\"ItemId\\\" = \\\"items\\\".\\\"Id\\\"))"));
        Assert.That(half, Does.Contain("(double)(int)v[0] / 2"));
    }
}
