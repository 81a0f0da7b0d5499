using MicroDb.Generator.Tests.Infrastructure;

namespace MicroDb.Generator.Tests;

/// <summary>
/// A sub-query in a grouping's condition after GroupBy (HAVING) at build time: correlated with <c>g.Key</c> (or a composite
/// key's part), written as the run time writes it (the key's column qualified by the grouped table's name), its values read
/// from the HAVING lambda and its table query checked by <c>HavingSubquery</c>; MDB0013 for what stays declined.
/// </summary>
public class HavingSubqueryInterceptionTests
{
    private const string HintName = "MicroDb.Generated.QueryInterceptors.g.cs";

    private const string Model = """
        using System.Linq;
        using MicroDb;
        namespace Shop;
        [Table("orders")]
        public class Order
        {
            [PrimaryKey, AutoIncrement] public int Id { get; set; }
            public int? CustomerId { get; set; }
            public string? Region { get; set; }
            public int Total { get; set; }
            public System.DateTime Placed { get; set; }
        }
        [Table("customers")]
        public class Customer
        {
            [PrimaryKey, AutoIncrement] public int Id { get; set; }
            public string? Region { get; set; }
            public bool Vip { get; set; }
            public int Credit { get; set; }
        }
        """;

    private static string Clean(string body)
    {
        var result = GeneratorHarness.Run(Model + "\npublic static class Queries\n{\n" + body + "\n}\n");
        Assert.That(result.GeneratorDiagnostics, Is.Empty, () => result.Describe(result.GeneratorDiagnostics));
        Assert.That(result.Errors, Is.Empty, () => result.Describe(result.Errors));
        Assert.That(result.GeneratedCodeProblems, Is.Empty, () => result.Describe(result.GeneratedCodeProblems));
        return result.Sources[HintName];
    }

    [Test]
    public void Any_correlated_by_the_key_is_the_run_time_exists_with_its_values_read_from_the_having_lambda()
    {
        var source = Clean("""
            public static object A(MicroDbConnection db, int min) =>
                db.Table<Order>().GroupBy(o => o.CustomerId).Where(g => db.Table<Customer>().Any(c => c.Id == g.Key && c.Vip && c.Credit >= min)).Select(g => new { g.Key, Count = g.Count() }).ToList();
            """);

        Assert.That(source, Does.Contain("""
            new InterceptedSite("SELECT \"CustomerId\", count(*) FROM \"orders\" GROUP BY \"CustomerId\" HAVING EXISTS (SELECT 1 FROM \"customers\" AS \"s0\" WHERE (((\"s0\".\"Id\" IS \"orders\".\"CustomerId\") AND (\"s0\".\"Vip\" = 1)) AND (\"s0\".\"Credit\" >= ?)))").HavingValue(0, "aRR", "Credit", typeof(int)).HavingSubquery(0, "");
            """));
    }

    [Test]
    public void A_count_over_a_composite_key_part_and_not_contains_are_lowered_after_the_where_values()
    {
        var source = Clean("""
            public static object B(MicroDbConnection db, int n) =>
                db.Table<Order>().Where(o => o.Total > 0).GroupBy(o => new { o.Region, o.CustomerId }).Where(g => g.Count() > 1 && db.Table<Customer>().Count(c => c.Region == g.Key.Region) >= n).Select(g => new { g.Key.Region, N = g.Count() }).ToList();
            public static object C(MicroDbConnection db) =>
                db.Table<Order>().GroupBy(o => o.Region).Where(g => !db.Table<Customer>().Select(c => c.Region).Contains(g.Key)).Select(g => g.Key).ToList();
            """);

        Assert.That(source, Does.Contain("""
            new InterceptedSite("SELECT \"Region\", count(*) FROM \"orders\" WHERE (\"Total\" > ?) GROUP BY \"Region\", \"CustomerId\" HAVING ((count(*) > ?) AND ((SELECT count(*) FROM \"customers\" AS \"s0\" WHERE (\"s0\".\"Region\" IS \"orders\".\"Region\")) >= ?))").Value(0, "R", "Total", typeof(int)).HavingValue(0, "LR", null, typeof(object)).HavingValue(0, "RR", "", typeof(object)).HavingSubquery(0, "RL");
            """));
        Assert.That(source, Does.Contain("""
            new InterceptedSite("SELECT \"Region\" FROM \"orders\" GROUP BY \"Region\" HAVING (NOT EXISTS (SELECT 1 FROM \"customers\" AS \"s0\" WHERE (\"s0\".\"Region\" IS \"orders\".\"Region\")))").HavingSubquery(0, "O");
            """));
    }

    [Test]
    public void A_sub_query_after_the_grouped_select_and_one_nested_in_it_are_lowered()
    {
        var source = Clean("""
            public static object D(MicroDbConnection db) =>
                db.Table<Order>().GroupBy(o => o.CustomerId).Select(g => new { g.Key, N = g.Count() }).Where(r => db.Table<Customer>().Any(c => c.Id == r.Key)).ToList();
            public static object E(MicroDbConnection db) =>
                db.Table<Order>().GroupBy(o => o.CustomerId).Where(g => db.Table<Customer>().Any(c => c.Id == g.Key && db.Table<Order>().Any(o => o.Region == c.Region))).Select(g => g.Key).ToList();
            """);

        Assert.That(source, Does.Contain("""
            new InterceptedSite("SELECT \"CustomerId\", count(*) FROM \"orders\" GROUP BY \"CustomerId\" HAVING EXISTS (SELECT 1 FROM \"customers\" AS \"s0\" WHERE (\"s0\".\"Id\" IS \"orders\".\"CustomerId\"))").HavingSubquery(0, "");
            """));
        Assert.That(source, Does.Contain("""
            new InterceptedSite("SELECT \"CustomerId\" FROM \"orders\" GROUP BY \"CustomerId\" HAVING EXISTS (SELECT 1 FROM \"customers\" AS \"s0\" WHERE ((\"s0\".\"Id\" IS \"orders\".\"CustomerId\") AND EXISTS (SELECT 1 FROM \"orders\" AS \"s1\" WHERE (\"s1\".\"Region\" IS \"s0\".\"Region\"))))").HavingSubquery(0, "aR").HavingSubquery(0, "");
            """));
    }

    [TestCase("db.Table<Order>().GroupBy(o => o.CustomerId).Where(g => db.Table<Customer>().Any(c => c.Credit == g.Count())).Select(g => g.Key).ToList()", "reads the outer row other than as 'inner.Member == outer.Member'")]
    [TestCase("db.Table<Order>().GroupBy(o => o.CustomerId).Where(g => db.Table<Customer>().Any(c => c.Id > g.Key)).Select(g => g.Key).ToList()", "reads the outer row other than as 'inner.Member == outer.Member'")]
    [TestCase("db.Table<Order>().GroupBy(o => o.CustomerId).Where(g => db.Table<Customer>().Any(c => c.Id == g.Key && db.Table<Order>().Any(o => o.CustomerId == g.Key))).Select(g => g.Key).ToList()", "is a sub-query nested in it that reads the outer query's row")]
    [TestCase("db.Table<Order>().GroupBy(o => o.CustomerId).Where(g => db.Table<Customer>().Any(c => c.Vip)).Select(g => g.Key).ToList()", "it does not read the row")]
    [TestCase("db.Table<Order>().GroupBy(o => o.Placed.Year).Where(g => db.Table<Customer>().Any(c => c.Credit == g.Key)).Select(g => g.Key).ToList()", "reads the outer row other than as 'inner.Member == outer.Member'")]
    public void Other_having_sub_queries_stay_on_the_run_time_path_with_a_precise_reason(string query, string reason)
    {
        var result = GeneratorHarness.Run(Model + "\npublic static class Queries\n{\n    public static object Q(MicroDbConnection db) => " + query + ";\n}\n");

        Assert.That(result.Errors, Is.Empty, () => result.Describe(result.Errors));
        Assert.That(result.Sources.ContainsKey(HintName), Is.False);
        var message = result.GeneratorDiagnostics.Single(d => d.Id == "MDB0013").GetMessage();
        Assert.That(message, Does.Contain(reason));
        Assert.That(message, Does.Contain("which is not lowered at build time"));
    }
}
