using MicroDb.Generator.Tests.Infrastructure;
using Microsoft.CodeAnalysis;

namespace MicroDb.Generator.Tests;

/// <summary>
/// The build-time front end on RightJoin after another join (SQL's RIGHT JOIN): the run time's text (every earlier
/// table's presence column, the kept table's Where as WHERE), the result selector's test of the earlier rows, and MDB0013
/// for the forms that stay declined.
/// </summary>
public class RightJoinInterceptionTests
{
    private const string HintName = "MicroDb.Generated.QueryInterceptors.g.cs";

    private const string Model = """
        using MicroDb;
        namespace Shop;
        [Table("orders")]
        public class Order
        {
            [PrimaryKey, AutoIncrement] public int Id { get; set; }
            public int? CustomerId { get; set; }
            public string? Region { get; set; }
        }
        [Table("customers")]
        public class Customer
        {
            [PrimaryKey, AutoIncrement] public int Id { get; set; }
            public string? Name { get; set; }
        }
        [Table("lines")]
        public class Line
        {
            [PrimaryKey, AutoIncrement] public int Id { get; set; }
            public int OrderId { get; set; }
            public string? Sku { get; set; }
            public int Quantity { get; set; }
        }
        """;

    private static string Queries(string body) => Model + "\npublic static class Queries\n{\n" + body + "\n}\n";

    [Test]
    public void RightJoin_after_a_join_is_intercepted_with_the_run_time_sql()
    {
        var result = GeneratorHarness.Run(Queries("""
            public static object Q(MicroDbConnection db, int min) =>
                db.Table<Order>().LeftJoin(db.Table<Customer>(), o => o.CustomerId, c => c.Id, (o, c) => new { Order = o.Id, o.Region })
                    .RightJoin(db.Table<Line>().Where(l => l.Quantity > min), x => x.Order, l => l.OrderId, (x, l) => new { Region = x == null ? "none" : x.Region, l.Sku, l.Quantity })
                    .Where(y => y.Quantity < 5).OrderByDescending(y => y.Sku).ToList();
            """));

        Assert.That(result.GeneratorDiagnostics, Is.Empty, () => result.Describe(result.GeneratorDiagnostics));
        Assert.That(result.Errors, Is.Empty, () => result.Describe(result.Errors));
        Assert.That(result.GeneratedCodeProblems, Is.Empty, () => result.Describe(result.GeneratedCodeProblems));
        var source = result.Sources[HintName];
        // Every table before the RIGHT JOIN may be missing: its rowid is selected; the kept table's Where is the first WHERE condition.
        Assert.That(source, Does.Contain("""
            new InterceptedSite("SELECT \"t0\".\"Region\", \"t2\".\"Sku\", \"t2\".\"Quantity\", \"t0\".rowid, \"t1\".rowid FROM \"orders\" AS \"t0\" LEFT JOIN \"customers\" AS \"t1\" ON ((\"t0\".\"CustomerId\" IS \"t1\".\"Id\") AND (\"t0\".\"CustomerId\" IS NOT NULL)) RIGHT JOIN \"lines\" AS \"t2\" ON (\"t0\".\"Id\" = \"t2\".\"OrderId\") WHERE (\"t2\".\"Quantity\" > ?) AND (\"t2\".\"Quantity\" < ?) ORDER BY \"t2\".\"Sku\" DESC").JoinedValue(2, 0, "R", "Quantity", typeof(int)).JoinedValue(2, 1, "R", "Quantity", typeof(int));
            """), source);
        // The earlier rows compared with null are the first table's presence (the run time's MissingRow).
        Assert.That(source, Does.Contain("statement.IsNull(3) ? (string)\"none\""), source);
    }

    [TestCase("db.Table<Order>().Join(db.Table<Customer>(), o => o.CustomerId, c => c.Id, (o, c) => o.Id).RightJoin(db.Table<Line>(), x => x, l => l.OrderId, (x, l) => new { x, l.Sku }).ToList()",
        "'x' (the rows before a RightJoin used whole) is not lowered at build time")]
    [TestCase("db.Table<Order>().Join(db.Table<Customer>(), o => o.CustomerId, c => c.Id, (o, c) => new { Order = o.Id, c.Name }).RightJoin(db.Table<Line>(), x => x.Order, l => l.OrderId, (x, l) => new { x, l.Sku }).Select(y => y.x).ToList()",
        "'y' is not a member of a joined row")]
    [TestCase("db.Table<Order>().Join(db.Table<Customer>(), o => o.CustomerId, c => c.Id, (o, c) => new { Order = o.Id, c.Name }).RightJoin(db.Table<Line>(), x => x.Order, l => l.OrderId, (x, l) => new { l.Id, l.Sku }).RightJoin(db.Table<Order>(), y => y.Id, o => o.Id, (y, o) => o.Region).ToList()",
        "RightJoin after a RightJoin that follows a join")]
    [TestCase("db.Table<Order>().Where(o => db.Table<Line>().Any(l => l.OrderId == o.Id)).Join(db.Table<Customer>(), o => o.CustomerId, c => c.Id, (o, c) => new { Order = o.Id, c.Name }).RightJoin(db.Table<Line>(), x => x.Order, l => l.OrderId, (x, l) => l.Sku).ToList()",
        "a sub-query in a Where before a RightJoin that follows a join")]
    public void RightJoin_forms_the_generator_does_not_lower_say_why(string query, string reason)
    {
        var result = GeneratorHarness.Run(Queries("public static object Q(MicroDbConnection db) => " + query + ";"));

        Assert.That(result.Errors, Is.Empty, () => result.Describe(result.Errors));
        var info = result.GeneratorDiagnostics.Single(d => d.Id == "MDB0013");
        Assert.That(info.GetMessage(), Does.Contain(reason));
    }
}
