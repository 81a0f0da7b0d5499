using MicroDb.Generator.Tests.Infrastructure;

namespace MicroDb.Generator.Tests;

/// <summary>Sub-queries in a lowered Where: a correlated Any/All written as the run time writes it; the rest declined with MDB0013 naming the sub-query and its run-time SQL form.</summary>
public class SubqueryInterceptionTests
{
    private const string HintName = "MicroDb.Generated.QueryInterceptors.g.cs";

    private const string Model = """
        using System.Collections.Generic;
        using System.Linq;
        using MicroDb;
        namespace Shop;
        [Table("orders")]
        public class Order
        {
            [PrimaryKey, AutoIncrement] public int Id { get; set; }
            public int Total { get; set; }
        }
        [Table("lines")]
        public class Line
        {
            [PrimaryKey, AutoIncrement] public int Id { get; set; }
            public int OrderId { get; set; }
            public int Quantity { get; set; }
        }
        """;

    [Test]
    public void Correlated_Any_and_All_are_lowered_to_the_run_time_exists()
    {
        var result = GeneratorHarness.Run(Model + """
            public static class Queries
            {
                public static List<Order> WithBig(MicroDbConnection db, int min) => db.Table<Order>().Where(o => o.Total > 0 && db.Table<Line>().Any(l => l.OrderId == o.Id && l.Quantity >= min)).ToList();
                public static int Empty(MicroDbConnection db) => db.Table<Order>().Where(o => db.Table<Line>().All(l => o.Id != l.OrderId)).ExecuteDelete();
            }
            """);

        Assert.That(result.GeneratorDiagnostics, Is.Empty, () => result.Describe(result.GeneratorDiagnostics));
        Assert.That(result.Errors, Is.Empty, () => result.Describe(result.Errors));
        Assert.That(result.GeneratedCodeProblems, Is.Empty, () => result.Describe(result.GeneratedCodeProblems));
        var source = result.Sources[HintName];
        Assert.That(source, Does.Contain(
            """FROM \"orders\" WHERE ((\"Total\" > ?) AND EXISTS (SELECT 1 FROM \"lines\" AS \"s0\" WHERE ((\"s0\".\"OrderId\" = \"orders\".\"Id\") AND (\"s0\".\"Quantity\" >= ?))))")"""
            + """.Value(0, "LR", "Total", typeof(int)).Value(0, "RaRR", "Quantity", typeof(int)).Subquery(0, "R");"""));
        Assert.That(source, Does.Contain(
            """new InterceptedSite("DELETE FROM \"orders\" WHERE (NOT EXISTS (SELECT 1 FROM \"lines\" AS \"s0\" WHERE (NOT ((\"orders\".\"Id\" <> \"s0\".\"OrderId\")))))").Subquery(0, "");"""));
    }

    [TestCase("db.Table<Order>().Where(o => db.Table<Line>().Count(l => l.OrderId == o.Id) > 2).ToList()", "is a sub-query over 'Line' (a scalar sub-query at run time)")]
    [TestCase("db.Table<Order>().Where(o => db.Table<Line>().Select(l => l.OrderId).Contains(o.Id)).ExecuteDelete()", "is a sub-query over 'Line' (IN or EXISTS at run time)")]
    [TestCase("db.Table<Order>().Where(o => db.Table<Line>().Any(l => l.Quantity > 1)).ToList()", "(EXISTS at run time), which is not lowered at build time: it does not read the row")]
    [TestCase("db.Table<Order>().Where(o => db.Table<Line>().Any(l => l.OrderId == o.Id || l.Quantity > 1)).ToList()", "reads the outer row other than as 'inner.Member == outer.Member'")]
    [TestCase("db.Table<Order>().Where(o => db.Table<Line>().Any(l => l.OrderId > o.Id)).ToList()", "reads the outer row other than as 'inner.Member == outer.Member'")]
    [TestCase("db.Table<Order>().Where(o => db.Table<Line>().Where(l => l.Quantity > 1).Any(l => l.OrderId == o.Id)).ToList()", "only db.Table<T>().Any(x => ...) and All(x => ...) on a captured connection are")]
    [TestCase("db.Table<Order>().Where(o => db.Table<Line>().Any(l => l.OrderId == o.Id && db.Table<Order>().Any(p => p.Id == l.OrderId))).ToList()", "inside another sub-query")]
    public void Other_sub_queries_stay_on_the_run_time_path_with_a_precise_reason(string query, string reason)
    {
        var result = GeneratorHarness.Run(Model + "\npublic static class Queries\n{\n    public static object Q(MicroDbConnection db) => " + query + ";\n}\n");

        Assert.That(result.Errors, Is.Empty, () => result.Describe(result.Errors));
        Assert.That(result.Sources.ContainsKey(HintName), Is.False);
        var message = result.GeneratorDiagnostics.Single(d => d.Id == "MDB0013").GetMessage();
        Assert.That(message, Does.Contain(reason));
        Assert.That(message, Does.Contain("which is not lowered at build time"));
    }
}
