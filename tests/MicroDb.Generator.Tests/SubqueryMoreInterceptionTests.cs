using MicroDb.Generator.Tests.Infrastructure;

namespace MicroDb.Generator.Tests;

/// <summary>Sub-query forms lowered after the first set (issue 22): Contains over a table query with its own Where, OrderBy, Take and Skip, written as the run time writes it.</summary>
public class SubqueryMoreInterceptionTests
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
            public int? CustomerId { get; set; }
            public string? Region { get; set; }
        }
        [Table("lines")]
        public class Line
        {
            [PrimaryKey, AutoIncrement] public int Id { get; set; }
            public int OrderId { get; set; }
            public int Quantity { get; set; }
            public string Sku { get; set; } = "";
            public bool Active { get; set; }
        }
        [Table("customers")]
        public class Customer
        {
            [PrimaryKey, AutoIncrement] public int Id { get; set; }
            public string? Region { get; set; }
            public bool Active { get; set; }
        }
        """;

    private static string Lowered(string queries)
    {
        var result = GeneratorHarness.Run(Model + "\npublic static class Queries\n{\n" + queries + "\n}\n");
        Assert.That(result.GeneratorDiagnostics, Is.Empty, () => result.Describe(result.GeneratorDiagnostics));
        Assert.That(result.Errors, Is.Empty, () => result.Describe(result.Errors));
        Assert.That(result.GeneratedCodeProblems, Is.Empty, () => result.Describe(result.GeneratedCodeProblems));
        return result.Sources[HintName];
    }

    [Test]
    public void Contains_over_a_table_query_with_its_own_Where_writes_its_conditions_in_the_sub_query()
    {
        var source = Lowered("""
                public static List<Order> In(MicroDbConnection db, int min) => db.Table<Order>().Where(o => db.Table<Line>().Where(l => l.Active).Where(l => l.Quantity >= min).Select(l => l.OrderId).Contains(o.Id)).ToList();
                public static int ByRegion(MicroDbConnection db) => db.Table<Order>().Where(o => !db.Table<Customer>().Where(c => c.Active).Select(c => c.Region).Contains(o.Region)).ExecuteDelete();
                public static System.Threading.Tasks.ValueTask<int> Async(MicroDbAsyncConnection adb, int min) => adb.Table<Order>().CountAsync(o => adb.Table<Line>().Where(l => l.Quantity > min).Select(l => l.OrderId).Contains(o.Id));
            """);

        Assert.That(source, Does.Contain(
            """FROM \"orders\" WHERE \"Id\" IN (SELECT \"s0\".\"OrderId\" FROM \"lines\" AS \"s0\" WHERE (\"s0\".\"Active\" = 1) AND (\"s0\".\"Quantity\" >= ?))").Value(0, "0oaR", "Quantity", typeof(int)).Subquery(0, "");"""));
        Assert.That(source, Does.Contain(
            """new InterceptedSite("DELETE FROM \"orders\" WHERE (NOT EXISTS (SELECT 1 FROM \"customers\" AS \"s0\" WHERE (\"s0\".\"Active\" = 1) AND (\"s0\".\"Region\" IS \"orders\".\"Region\")))").Subquery(0, "O");"""));
        Assert.That(source, Does.Contain(
            """new InterceptedSite("SELECT count(*) FROM \"orders\" WHERE \"Id\" IN (SELECT \"s0\".\"OrderId\" FROM \"lines\" AS \"s0\" WHERE (\"s0\".\"Quantity\" > ?))").Value(0, "ooaR", "Quantity", typeof(int)).Subquery(0, "");"""));
    }

    [Test]
    public void Contains_over_a_table_query_with_its_own_OrderBy_Take_and_Skip_reads_its_limited_rows()
    {
        var source = Lowered("""
                public static List<Order> Top(MicroDbConnection db) => db.Table<Order>().Where(o => db.Table<Line>().OrderByDescending(l => l.Quantity).ThenBy(l => l.Id).Skip(1).Take(2).Where(l => l.Active).Select(l => l.OrderId).Contains(o.Id)).ToList();
                public static List<Order> First(MicroDbConnection db) => db.Table<Order>().Where(o => db.Table<Customer>().OrderBy(c => c.Id).Take(2).Select(c => c.Region).Contains(o.Region)).ToList();
            """);

        Assert.That(source, Does.Contain(
            """WHERE \"Id\" IN (SELECT \"s0\".\"OrderId\" FROM (SELECT \"Id\", \"OrderId\", \"Quantity\", \"Sku\", \"Active\" FROM \"lines\" AS \"s0\" ORDER BY \"s0\".\"Quantity\" DESC, \"s0\".\"Id\" LIMIT 2 OFFSET 1) AS \"s0\" WHERE (\"s0\".\"Active\" = 1))").Subquery(0, "");"""));
        Assert.That(source, Does.Contain(
            """WHERE EXISTS (SELECT 1 FROM (SELECT \"Id\", \"Region\", \"Active\" FROM \"customers\" AS \"s0\" ORDER BY \"s0\".\"Id\" LIMIT 2) AS \"s0\" WHERE (\"s0\".\"Region\" IS \"orders\".\"Region\"))").Subquery(0, "");"""));
    }
}
