using MicroDb.Generator.Tests.Infrastructure;

namespace MicroDb.Generator.Tests;

/// <summary>Sub-queries over another table in a lowered Where are declined with MDB0013 naming the sub-query and its run-time SQL form.</summary>
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

    [TestCase("db.Table<Order>().Where(o => db.Table<Line>().Any(l => l.OrderId == o.Id)).ToList()", "'db.Table<Line>().Any(l => l.OrderId == o.Id)' is a sub-query over 'Line' (EXISTS at run time)")]
    [TestCase("db.Table<Order>().Where(o => !db.Table<Line>().All(l => l.Quantity > 1)).ToList()", "is a sub-query over 'Line' (NOT EXISTS at run time)")]
    [TestCase("db.Table<Order>().Where(o => db.Table<Line>().Count(l => l.OrderId == o.Id) > 2).ToList()", "is a sub-query over 'Line' (a scalar sub-query at run time)")]
    [TestCase("db.Table<Order>().Where(o => db.Table<Line>().Select(l => l.OrderId).Contains(o.Id)).ExecuteDelete()", "is a sub-query over 'Line' (IN or EXISTS at run time)")]
    public void Sub_queries_stay_on_the_run_time_path_with_a_precise_reason(string query, string reason)
    {
        var result = GeneratorHarness.Run(Model + "\npublic static class Queries\n{\n    public static object Q(MicroDbConnection db) => " + query + ";\n}\n");

        Assert.That(result.Errors, Is.Empty, () => result.Describe(result.Errors));
        Assert.That(result.Sources.ContainsKey(HintName), Is.False);
        var message = result.GeneratorDiagnostics.Single(d => d.Id == "MDB0013").GetMessage();
        Assert.That(message, Does.Contain(reason));
        Assert.That(message, Does.Contain("which is not lowered at build time"));
    }
}
