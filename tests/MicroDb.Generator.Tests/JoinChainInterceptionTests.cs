using MicroDb.Generator.Tests.Infrastructure;

namespace MicroDb.Generator.Tests;

/// <summary>
/// The build-time front end on the join chains the run time restructures: a RightJoin after a join with Where
/// conditions (moved into the RIGHT JOIN's ON condition, their values read there) and a join after a RightJoin that
/// follows a join; the exact SQL the run time writes (the intercepted runtime tests compare it with the run-time text).
/// </summary>
public class JoinChainInterceptionTests
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

    private static string Generated(string body)
    {
        var result = GeneratorHarness.Run(Queries(body));
        Assert.That(result.GeneratorDiagnostics, Is.Empty, () => result.Describe(result.GeneratorDiagnostics));
        Assert.That(result.Errors, Is.Empty, () => result.Describe(result.Errors));
        Assert.That(result.GeneratedCodeProblems, Is.Empty, () => result.Describe(result.GeneratedCodeProblems));
        return result.Sources[HintName];
    }

    [Test]
    public void RightJoin_after_a_join_with_Where_conditions_moves_them_into_its_ON_condition()
    {
        var source = Generated("""
            public static object Q(MicroDbConnection db, int first, string region, int min) =>
                db.Table<Order>().Where(o => o.Id > first).Join(db.Table<Customer>(), o => o.CustomerId, c => c.Id, (o, c) => new { Order = o.Id, o.Region, c.Name })
                    .Where(x => x.Region != region)
                    .RightJoin(db.Table<Line>().Where(l => l.Quantity > min), x => x.Order, l => l.OrderId, (x, l) => new { Name = x == null ? "none" : x.Name, l.Sku })
                    .ToList();
            """);

        // The run time ANDs the conditions to the key condition in call order (((key AND w0) AND w1)); the kept table's own
        // Where is the only WHERE. The values are read in that ON condition, each bound as its earlier table's member.
        Assert.That(source, Does.Contain("""
            new InterceptedSite("SELECT \"t1\".\"Name\", \"t2\".\"Sku\", \"t0\".rowid, \"t1\".rowid FROM \"orders\" AS \"t0\" INNER JOIN \"customers\" AS \"t1\" ON ((\"t0\".\"CustomerId\" IS \"t1\".\"Id\") AND (\"t0\".\"CustomerId\" IS NOT NULL)) RIGHT JOIN \"lines\" AS \"t2\" ON (((\"t0\".\"Id\" = \"t2\".\"OrderId\") AND (\"t0\".\"Id\" > ?)) AND (\"t0\".\"Region\" IS NOT ?)) WHERE (\"t2\".\"Quantity\" > ?)").JoinedOnValue(2, "LRR", 0, "Id", typeof(int)).JoinedOnValue(2, "RR", 0, "Region", typeof(string)).JoinedValue(2, 0, "R", "Quantity", typeof(int));
            """), source);
    }

    [Test]
    public void A_join_after_a_RightJoin_that_follows_a_join_is_intercepted()
    {
        var source = Generated("""
            public static object Q(MicroDbConnection db) =>
                db.Table<Order>().Join(db.Table<Customer>(), o => o.CustomerId, c => c.Id, (o, c) => new { Order = o.Id, c.Name })
                    .RightJoin(db.Table<Line>(), x => x.Order, l => l.OrderId, (x, l) => new { l.Sku, l.OrderId })
                    .LeftJoin(db.Table<Order>(), y => y.OrderId, o => o.Id, (y, o) => new { y.Sku, Region = o == null ? null : o.Region })
                    .ToList();
            """);

        // The tables before the RIGHT JOIN may be missing (their rowids), and so may the left-joined one after it.
        Assert.That(source, Does.Contain("""
            new InterceptedSite("SELECT \"t2\".\"Sku\", \"t3\".\"Region\", \"t0\".rowid, \"t1\".rowid, \"t3\".rowid FROM \"orders\" AS \"t0\" INNER JOIN \"customers\" AS \"t1\" ON ((\"t0\".\"CustomerId\" IS \"t1\".\"Id\") AND (\"t0\".\"CustomerId\" IS NOT NULL)) RIGHT JOIN \"lines\" AS \"t2\" ON (\"t0\".\"Id\" = \"t2\".\"OrderId\") LEFT JOIN \"orders\" AS \"t3\" ON (\"t2\".\"OrderId\" = \"t3\".\"Id\")");
            """), source);
    }

    [Test]
    public void The_rows_before_a_RightJoin_used_whole_are_read_as_the_run_time_reads_them()
    {
        var source = Generated("""
            public static object Q(MicroDbConnection db) =>
                db.Table<Order>().LeftJoin(db.Table<Customer>(), o => o.CustomerId, c => c.Id, (o, c) => new { Order = o.Id, Name = c == null ? "" : c.Name })
                    .RightJoin(db.Table<Line>(), x => x.Order, l => l.OrderId, (x, l) => new { x, l.Sku })
                    .ToList();
            public static object R(MicroDbConnection db) =>
                db.Table<Order>().Join(db.Table<Customer>(), o => o.CustomerId, c => c.Id, (o, c) => o)
                    .RightJoin(db.Table<Line>(), x => x.Id, l => l.OrderId, (x, l) => new { x, l.Sku })
                    .ToList();
            """);

        // Only the members the earlier selector reads are selected; the earlier rows are null where the first table is missing.
        Assert.That(source, Does.Contain("""
            new InterceptedSite("SELECT \"t0\".\"Id\", \"t1\".\"Name\", \"t2\".\"Sku\", \"t0\".rowid, \"t1\".rowid FROM \"orders\" AS \"t0\" LEFT JOIN \"customers\" AS \"t1\"
            """.TrimEnd()), source);
        Assert.That(source, Does.Contain("@x = (statement.IsNull(3) ? null : new { @Order = statement.GetInt32(0), @Name = (statement.IsNull(4) ? (string)\"\" : statement.GetString(1)) })"), source);
        // A row used whole: all its columns, read as an entity.
        Assert.That(source, Does.Contain("""
            new InterceptedSite("SELECT \"t0\".\"Id\", \"t0\".\"CustomerId\", \"t0\".\"Region\", \"t2\".\"Sku\", \"t0\".rowid, \"t1\".rowid FROM
            """.TrimEnd()), source);
        Assert.That(source, Does.Contain("@x = (r[0] == null ? null : ((global::Shop.Order)r[0]))"), source);
    }

    [Test]
    public void The_rows_before_a_RightJoin_read_without_a_null_test_are_read_as_objects()
    {
        var source = Generated("""
            public static object Q(MicroDbConnection db) =>
                db.Table<Order>().Join(db.Table<Customer>(), o => o.CustomerId, c => c.Id, (o, c) => new { Order = o.Id, c.Name })
                    .RightJoin(db.Table<Line>(), x => x.Order, l => l.OrderId, (x, l) => new { x!.Name, l.Sku })
                    .ToList();
            """);

        // A missing row is null among the rows: reading its member throws NullReferenceException, as on the run-time path.
        Assert.That(source, Does.Contain("static (object[] r) => unchecked(new { @Name = ((global::Shop.Customer)r[1]).@Name, @Sku = ((global::Shop.Line)r[2]).@Sku })"), source);
    }

    [Test]
    public void A_string_members_case_mapping_or_length_as_a_key_is_written_as_the_run_time_writes_it()
    {
        var source = Generated("""
            public static object Q(MicroDbConnection db) =>
                db.Table<Order>().Join(db.Table<Customer>(), o => o.Region!.ToLower(), c => c.Name!.ToLowerInvariant(), (o, c) => new { o.Id, c.Name }).ToList();
            public static object R(MicroDbConnection db) =>
                db.Table<Order>().LeftJoin(db.Table<Line>(), o => o.Region!.Length, l => l.Quantity, (o, l) => new { o.Id, Sku = l == null ? null : l.Sku }).ToList();
            public static object S(MicroDbConnection db) =>
                db.Table<Order>().Join(db.Table<Customer>(), o => new { o.Id, Name = o.Region!.ToUpper() }, c => new { c.Id, Name = c.Name }, (o, c) => o.Id).Count();
            """);

        Assert.That(source, Does.Contain("""
            FROM \"orders\" AS \"t0\" INNER JOIN \"customers\" AS \"t1\" ON ((lower(\"t0\".\"Region\") IS lower(\"t1\".\"Name\")) AND (lower(\"t0\".\"Region\") IS NOT NULL))
            """.TrimEnd()), source);
        Assert.That(source, Does.Contain("""
            FROM \"orders\" AS \"t0\" LEFT JOIN \"lines\" AS \"t1\" ON (length(\"t0\".\"Region\") = \"t1\".\"Quantity\")
            """.TrimEnd()), source);
        Assert.That(source, Does.Contain("""
            ON ((\"t0\".\"Id\" = \"t1\".\"Id\") AND (upper(\"t0\".\"Region\") IS \"t1\".\"Name\"))
            """.TrimEnd()), source);
    }
}
