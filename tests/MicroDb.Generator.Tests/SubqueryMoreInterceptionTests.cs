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
            public System.Guid Token { get; set; }
            public string? Note { get; set; }
            public Level Level { get; set; }
            public Level? MaybeLevel { get; set; }
            [StoreAsText] public Level LevelName { get; set; }
        }
        public enum Level { Low = 1, High = 2 }
        public enum Grade { Low = 1, High = 2 }
        [Table("tokens")]
        public class Token
        {
            [PrimaryKey, AutoIncrement] public int Id { get; set; }
            public System.Guid Value { get; set; }
            public string? Note { get; set; }
            public Level Level { get; set; }
            public Level? MaybeLevel { get; set; }
            public Grade Grade { get; set; }
            [StoreAsText] public Level LevelName { get; set; }
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
            """WHERE EXISTS (SELECT 1 FROM (SELECT \"Id\", \"Region\", \"Active\", \"Token\", \"Note\", \"Level\", \"MaybeLevel\", \"LevelName\" FROM \"customers\" AS \"s0\" ORDER BY \"s0\".\"Id\" LIMIT 2) AS \"s0\" WHERE (\"s0\".\"Region\" IS \"orders\".\"Region\"))").Subquery(0, "");"""));
    }

    [Test]
    public void Contains_and_correlations_over_Guid_and_enum_members_are_the_run_time_EXISTS()
    {
        var source = Lowered("""
                public static List<Customer> Known(MicroDbConnection db) => db.Table<Customer>().Where(c => db.Table<Token>().Select(t => t.Value).Contains(c.Token)).ToList();
                public static int Noted(MicroDbConnection db) => db.Table<Customer>().Count(c => db.Table<Token>().Any(t => t.Value == c.Token && t.Note == c.Note));
                public static List<Customer> Levels(MicroDbConnection db) => db.Table<Customer>().Where(c => db.Table<Token>().Select(t => t.MaybeLevel).Contains(c.MaybeLevel)).ToList();
                public static int Other(MicroDbConnection db) => db.Table<Customer>().Where(c => !db.Table<Token>().Any(t => c.Level != t.Level)).ExecuteDelete();
            """);

        Assert.That(source, Does.Contain(
            """FROM \"customers\" WHERE EXISTS (SELECT 1 FROM \"tokens\" AS \"s0\" WHERE (\"s0\".\"Value\" = \"customers\".\"Token\"))").Subquery(0, "");"""));
        Assert.That(source, Does.Contain(
            """new InterceptedSite("SELECT count(*) FROM \"customers\" WHERE EXISTS (SELECT 1 FROM \"tokens\" AS \"s0\" WHERE ((\"s0\".\"Value\" = \"customers\".\"Token\") AND (\"s0\".\"Note\" IS \"customers\".\"Note\")))").Subquery(0, "");"""));
        Assert.That(source, Does.Contain(
            """FROM \"customers\" WHERE EXISTS (SELECT 1 FROM \"tokens\" AS \"s0\" WHERE (\"s0\".\"MaybeLevel\" IS \"customers\".\"MaybeLevel\"))").Subquery(0, "");"""));
        Assert.That(source, Does.Contain(
            """new InterceptedSite("DELETE FROM \"customers\" WHERE (NOT EXISTS (SELECT 1 FROM \"tokens\" AS \"s0\" WHERE (\"customers\".\"Level\" <> \"s0\".\"Level\")))").Subquery(0, "O");"""));
    }

    [TestCase("db.Table<Customer>().Where(c => db.Table<Token>().Select(t => t.LevelName).Contains(c.LevelName)).ToList()", "is not stored as an enum's number")]
    [TestCase("db.Table<Customer>().Where(c => db.Table<Token>().Select(t => (int)t.Grade).Contains((int)c.Level)).ToList()", "are not plain members of the two rows of one integer, string, Guid or enum type")]
    [TestCase("db.Table<Customer>().Where(c => db.Table<Token>().Any(t => t.Grade == (Grade)c.Level)).ToList()", "reads the outer row other than as 'inner.Member == outer.Member' of integer, string, Guid or enum members")]
    public void Sub_queries_over_enums_stored_by_name_or_of_two_types_stay_declined(string query, string reason)
    {
        var result = GeneratorHarness.Run(Model + "\npublic static class Queries\n{\n    public static object Q(MicroDbConnection db) => " + query + ";\n}\n");

        Assert.That(result.Errors, Is.Empty, () => result.Describe(result.Errors));
        Assert.That(result.Sources.ContainsKey(HintName), Is.False);
        Assert.That(result.GeneratorDiagnostics.Single(d => d.Id == "MDB0013").GetMessage(), Does.Contain(reason));
    }

    [Test]
    public void A_sub_querys_own_Where_before_its_Take_and_Skip_filters_its_limited_rows()
    {
        var source = Lowered("""
                public static List<Order> Top(MicroDbConnection db, int min) => db.Table<Order>().Where(o => db.Table<Line>().Where(l => l.Quantity > min).OrderBy(l => l.Sku).Where(l => l.Active).Take(3).Any(l => l.OrderId == o.Id)).ToList();
                public static List<Order> In(MicroDbConnection db) => db.Table<Order>().Where(o => db.Table<Line>().Where(l => l.Active).Skip(1).Where(l => l.Quantity > 2).Select(l => l.OrderId).Contains(o.Id)).ToList();
                public static int Sorted(MicroDbConnection db, int min) => db.Table<Order>().Count(o => db.Table<Line>().Where(l => l.Quantity > min).OrderBy(l => l.Sku).Count(l => l.OrderId == o.Id) > 1);
            """);

        Assert.That(source, Does.Contain(
            """WHERE EXISTS (SELECT 1 FROM (SELECT \"Id\", \"OrderId\", \"Quantity\", \"Sku\", \"Active\" FROM \"lines\" AS \"s0\" WHERE (\"s0\".\"Quantity\" > ?) AND (\"s0\".\"Active\" = 1) ORDER BY \"s0\".\"Sku\" LIMIT 3) AS \"s0\" WHERE (\"s0\".\"OrderId\" = \"orders\".\"Id\"))")"""
            + """.Value(0, "ooooaR", "Quantity", typeof(int)).Subquery(0, "");"""));
        Assert.That(source, Does.Contain(
            """WHERE \"Id\" IN (SELECT \"s0\".\"OrderId\" FROM (SELECT \"Id\", \"OrderId\", \"Quantity\", \"Sku\", \"Active\" FROM \"lines\" AS \"s0\" WHERE (\"s0\".\"Active\" = 1) LIMIT -1 OFFSET 1) AS \"s0\" WHERE (\"s0\".\"Quantity\" > ?))")"""
            + """.Value(0, "0oaR", "Quantity", typeof(int)).Subquery(0, "");"""));
        Assert.That(source, Does.Contain(
            """new InterceptedSite("SELECT count(*) FROM \"orders\" WHERE ((SELECT count(*) FROM \"lines\" AS \"s0\" WHERE (\"s0\".\"Quantity\" > ?) AND (\"s0\".\"OrderId\" = \"orders\".\"Id\")) > ?)")"""
            + """.Value(0, "LooaR", "Quantity", typeof(int)).Value(0, "R", "", typeof(object)).Subquery(0, "L");"""));
    }

    [Test]
    public void A_sub_query_as_the_whole_projection_is_a_column_after_1_read_by_the_projector()
    {
        var source = Lowered("""
                public static List<int> Lines(MicroDbConnection db) => db.Table<Order>().Select(o => db.Table<Line>().Count(l => l.OrderId == o.Id)).ToList();
            """);

        Assert.That(source, Does.Contain(
            """new InterceptedSite("SELECT 1, (SELECT count(*) FROM \"lines\" AS \"s0\" WHERE (\"s0\".\"OrderId\" = \"orders\".\"Id\")) FROM \"orders\"")"""));
        Assert.That(source, Does.Contain("static (global::Shop.Order r, object[] v) => unchecked((int)v[0])"));
    }

    [Test]
    public void An_ordering_of_two_integer_members_correlates_as_the_run_time_writes_it()
    {
        var source = Lowered("""
                public static List<Order> Big(MicroDbConnection db) => db.Table<Order>().Where(o => db.Table<Line>().Any(l => l.OrderId == o.Id && l.Quantity > o.Total)).ToList();
                public static int Small(MicroDbConnection db) => db.Table<Order>().Count(o => db.Table<Line>().All(l => o.Total >= l.Quantity));
            """);

        Assert.That(source, Does.Contain(
            """WHERE EXISTS (SELECT 1 FROM \"lines\" AS \"s0\" WHERE ((\"s0\".\"OrderId\" = \"orders\".\"Id\") AND (\"s0\".\"Quantity\" > \"orders\".\"Total\")))").Subquery(0, "");"""));
        Assert.That(source, Does.Contain(
            """new InterceptedSite("SELECT count(*) FROM \"orders\" WHERE (NOT EXISTS (SELECT 1 FROM \"lines\" AS \"s0\" WHERE (NOT ((\"orders\".\"Total\" >= \"s0\".\"Quantity\")))))").Subquery(0, "");"""));
    }
}
