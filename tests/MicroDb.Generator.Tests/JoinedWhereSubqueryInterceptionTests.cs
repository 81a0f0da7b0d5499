using MicroDb.Generator.Tests.Infrastructure;
using Microsoft.CodeAnalysis;

namespace MicroDb.Generator.Tests;

/// <summary>
/// The build-time front end on a sub-query in a joined table's own Where, which the run time ANDs to the table's ON
/// condition: the run time's text, the values inside it read from the ON condition (<c>JoinedOnValue</c>) and its check
/// there (<c>JoinedOnSubquery</c>).
/// </summary>
public class JoinedWhereSubqueryInterceptionTests
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
            public int Quantity { get; set; }
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
    public void A_sub_query_in_a_joined_tables_Where_is_lowered_into_its_ON_condition()
    {
        var source = Lowered("""
                public static object Any(MicroDbConnection db) =>
                    db.Table<Order>().Join(db.Table<Customer>().Where(c => db.Table<Line>().Any(l => l.Quantity == c.Id)), o => o.CustomerId, c => c.Id, (o, c) => new { o.Id, c.Name }).ToList();
                public static object Count(MicroDbConnection db, int min, int n) =>
                    db.Table<Order>().LeftJoin(db.Table<Customer>().Where(c => c.Id > min).Where(c => db.Table<Line>().Count(l => l.Quantity == c.Id && l.OrderId > min) > n),
                        o => o.CustomerId, c => c.Id, (o, c) => new { o.Id, Name = c == null ? null : c.Name }).ToList();
            """);

        const string On = """ON (((\"t0\".\"CustomerId\" IS \"t1\".\"Id\") AND (\"t0\".\"CustomerId\" IS NOT NULL)) AND """;
        Assert.That(source, Does.Contain("""
            new InterceptedSite("SELECT \"t0\".\"Id\", \"t1\".\"Name\" FROM \"orders\" AS \"t0\" INNER JOIN \"customers\" AS \"t1\" 
            """.TrimEnd('\n') + On + """EXISTS (SELECT 1 FROM \"lines\" AS \"s0\" WHERE (\"s0\".\"Quantity\" = \"t1\".\"Id\")))").JoinedOnSubquery(1, "R");"""), source);
        // The second filter's values (its sub-query's, then the count's) after the first's, all read from the ON condition.
        Assert.That(source, Does.Contain("""
            new InterceptedSite("SELECT \"t0\".\"Id\", \"t1\".\"Name\", \"t1\".rowid FROM \"orders\" AS \"t0\" LEFT JOIN \"customers\" AS \"t1\" ON ((((\"t0\".\"CustomerId\" IS \"t1\".\"Id\") AND (\"t0\".\"CustomerId\" IS NOT NULL)) AND (\"t1\".\"Id\" > ?)) AND ((SELECT count(*) FROM \"lines\" AS \"s0\" WHERE ((\"s0\".\"Quantity\" = \"t1\".\"Id\") AND (\"s0\".\"OrderId\" > ?))) > ?))").JoinedOnValue(1, "LRR", "Id", typeof(int)).JoinedOnValue(1, "RLaRR", "OrderId", typeof(int)).JoinedOnValue(1, "RR", "", typeof(object)).JoinedOnSubquery(1, "RL");
            """), source);
    }
}
