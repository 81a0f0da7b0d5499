using MicroDb.Generator.Tests.Infrastructure;

namespace MicroDb.Generator.Tests;

/// <summary>Sub-queries in a lowered Where: a correlated Any/All/Count/LongCount/Contains written as the run time writes it; the rest declined with MDB0013 naming the sub-query and its run-time SQL form.</summary>
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
            public decimal Price { get; set; }
            public double Weight { get; set; }
            public double? Extra { get; set; }
        }
        [Table("customers")]
        public class Customer
        {
            [PrimaryKey, AutoIncrement] public int Id { get; set; }
            public string? Region { get; set; }
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

    [Test]
    public void Count_and_LongCount_compared_with_a_value_are_the_run_time_scalar_sub_query()
    {
        var source = Lowered("""
                public static List<Order> Many(MicroDbConnection db, int n) => db.Table<Order>().Where(o => db.Table<Line>().Count(l => l.OrderId == o.Id && l.Quantity > 1) > n).ToList();
                public static int Few(MicroDbConnection db) => db.Table<Order>().Count(o => 2L >= db.Table<Line>().LongCount(l => o.Id == l.OrderId));
                public static int None(MicroDbConnection db) => db.Table<Order>().Where(o => 0 == db.Table<Line>().Count(l => l.OrderId == o.Id)).ExecuteDelete();
            """);

        Assert.That(source, Does.Contain(
            """FROM \"orders\" WHERE ((SELECT count(*) FROM \"lines\" AS \"s0\" WHERE ((\"s0\".\"OrderId\" = \"orders\".\"Id\") AND (\"s0\".\"Quantity\" > ?))) > ?)")"""
            + """.Value(0, "LaRR", "Quantity", typeof(int)).Value(0, "R", "", typeof(object)).Subquery(0, "L");"""));
        Assert.That(source, Does.Contain(
            """new InterceptedSite("SELECT count(*) FROM \"orders\" WHERE (? >= (SELECT count(*) FROM \"lines\" AS \"s0\" WHERE (\"orders\".\"Id\" = \"s0\".\"OrderId\")))").Value(0, "L", "", typeof(object)).Subquery(0, "R");"""));
        Assert.That(source, Does.Contain(
            """new InterceptedSite("DELETE FROM \"orders\" WHERE ((SELECT count(*) FROM \"lines\" AS \"s0\" WHERE (\"s0\".\"OrderId\" = \"orders\".\"Id\")) = ?)").Value(0, "L", "", typeof(object)).Subquery(0, "R");"""));
    }

    [Test]
    public void Contains_is_IN_for_an_integer_key_and_EXISTS_for_a_string_or_nullable_one()
    {
        var source = Lowered("""
                public static List<Order> In(MicroDbConnection db) => db.Table<Order>().Where(o => db.Table<Line>().Select(l => l.OrderId).Contains(o.Id)).ToList();
                public static int ByRegion(MicroDbConnection db) => db.Table<Order>().Where(o => !db.Table<Customer>().Select(c => c.Region).Contains(o.Region)).ExecuteDelete();
                public static int ByCustomer(MicroDbConnection db) => db.Table<Order>().Count(o => db.Table<Customer>().Select(c => (int?)c.Id).Contains(o.CustomerId));
            """);

        Assert.That(source, Does.Contain(
            """FROM \"orders\" WHERE \"Id\" IN (SELECT \"s0\".\"OrderId\" FROM \"lines\" AS \"s0\")").Subquery(0, "");"""));
        Assert.That(source, Does.Contain(
            """new InterceptedSite("DELETE FROM \"orders\" WHERE (NOT EXISTS (SELECT 1 FROM \"customers\" AS \"s0\" WHERE (\"s0\".\"Region\" IS \"orders\".\"Region\")))").Subquery(0, "O");"""));
        Assert.That(source, Does.Contain(
            """new InterceptedSite("SELECT count(*) FROM \"orders\" WHERE EXISTS (SELECT 1 FROM \"customers\" AS \"s0\" WHERE (\"s0\".\"Id\" IS \"orders\".\"CustomerId\"))").Subquery(0, "");"""));
    }

    [Test]
    public void String_and_nullable_correlations_are_IS_as_the_run_time_writes_them()
    {
        var source = Lowered("""
                public static List<Order> SameRegion(MicroDbConnection db) => db.Table<Order>().Where(o => db.Table<Customer>().Any(c => c.Region == o.Region)).ToList();
                public static List<Order> Known(MicroDbConnection db) => db.Table<Order>().Where(o => db.Table<Customer>().All(c => o.CustomerId != c.Id)).ToList();
            """);

        Assert.That(source, Does.Contain(
            """WHERE EXISTS (SELECT 1 FROM \"customers\" AS \"s0\" WHERE (\"s0\".\"Region\" IS \"orders\".\"Region\"))").Subquery(0, "");"""));
        Assert.That(source, Does.Contain(
            """WHERE (NOT EXISTS (SELECT 1 FROM \"customers\" AS \"s0\" WHERE (NOT ((\"orders\".\"CustomerId\" IS NOT \"s0\".\"Id\")))))").Subquery(0, "");"""));
    }

    [Test]
    public void Count_Any_and_Contains_in_a_projection_are_columns_after_the_members_read_by_the_projector()
    {
        var source = Lowered("""
                public static object Lines(MicroDbConnection db) => db.Table<Order>().Where(o => o.Total > 0).Select(o => new { o.Id, Lines = db.Table<Line>().Count(l => l.OrderId == o.Id), Any = db.Table<Line>().Any(l => l.OrderId == o.Id), Known = db.Table<Customer>().Select(c => (int?)c.Id).Contains(o.CustomerId) }).ToList();
            """);

        Assert.That(source, Does.Contain(
            """new InterceptedSite("SELECT \"Id\", (SELECT count(*) FROM \"lines\" AS \"s0\" WHERE (\"s0\".\"OrderId\" = \"orders\".\"Id\")), EXISTS (SELECT 1 FROM \"lines\" AS \"s0\" WHERE (\"s0\".\"OrderId\" = \"orders\".\"Id\")), """
            + """EXISTS (SELECT 1 FROM \"customers\" AS \"s0\" WHERE (\"s0\".\"Id\" IS \"orders\".\"CustomerId\")) FROM \"orders\" WHERE (\"Total\" > ?)").Value(0, "R", "Total", typeof(int));"""));
        Assert.That(source, Does.Contain(
            "QueryInterception.ToList(query, Site0, static (global::Shop.Order r, object[] v) => unchecked(new { @Id = r.@Id, @Lines = (int)v[0], @Any = (bool)v[1], @Known = (bool)v[2] }));"));
    }

    [Test]
    public void First_and_Single_end_a_projection_with_sub_queries_with_the_run_time_limit()
    {
        var source = Lowered("""
                public static object One(MicroDbConnection db, int min) => db.Table<Order>().Where(o => o.Total > min).Select(o => new { o.Id, Lines = db.Table<Line>().Count(l => l.OrderId == o.Id && l.Quantity > min) }).First();
                public static object? Maybe(MicroDbConnection db) => db.Table<Order>().Select(o => new { o.Id, Any = db.Table<Line>().Any(l => l.OrderId == o.Id) }).FirstOrDefault();
                public static object Only(MicroDbConnection db) => db.Table<Order>().Select(o => new { o.Region, Most = db.Table<Line>().Where(l => l.OrderId == o.Id).Max(l => (int?)l.Quantity) }).Single();
                public static async System.Threading.Tasks.Task<object?> Async(MicroDbAsyncConnection adb) => await adb.Table<Order>().Select(o => new { o.Id, N = adb.Table<Line>().Count(l => l.OrderId == o.Id) }).SingleOrDefaultAsync();
            """);

        // The lifted sub-query's values are bound first (the SELECT list), then the Where's.
        Assert.That(source, Does.Contain(
            """new InterceptedSite("SELECT \"Id\", (SELECT count(*) FROM \"lines\" AS \"s0\" WHERE ((\"s0\".\"OrderId\" = \"orders\".\"Id\") AND (\"s0\".\"Quantity\" > ?))) FROM \"orders\" WHERE (\"Total\" > ?) LIMIT 1")"""
            + """.LiftedValue(0, "aRR", "Quantity", typeof(int)).Value(0, "R", "Total", typeof(int));"""));
        Assert.That(source, Does.Contain("QueryInterception.First(query, Site0, static (global::Shop.Order r, object[] v) => unchecked(new { @Id = r.@Id, @Lines = (int)v[0] }));"));
        Assert.That(source, Does.Contain(
            """new InterceptedSite("SELECT \"Id\", EXISTS (SELECT 1 FROM \"lines\" AS \"s0\" WHERE (\"s0\".\"OrderId\" = \"orders\".\"Id\")) FROM \"orders\" LIMIT 1");"""));
        Assert.That(source, Does.Contain("QueryInterception.FirstOrDefault(query, Site1, static (global::Shop.Order r, object[] v) => unchecked(new { @Id = r.@Id, @Any = (bool)v[0] }));"));
        Assert.That(source, Does.Contain(
            """new InterceptedSite("SELECT \"Region\", (SELECT max(\"s0\".\"Quantity\") FROM \"lines\" AS \"s0\" WHERE (\"s0\".\"OrderId\" = \"orders\".\"Id\")) FROM \"orders\" LIMIT 2");"""));
        Assert.That(source, Does.Contain("QueryInterception.Single(query, Site2, static (global::Shop.Order r, object[] v) => unchecked(new { @Region = r.@Region, @Most = (int?)v[0] }), orDefault: false);"));
        Assert.That(source, Does.Contain("""new InterceptedSite("SELECT \"Id\", (SELECT count(*) FROM \"lines\" AS \"s0\" WHERE (\"s0\".\"OrderId\" = \"orders\".\"Id\")) FROM \"orders\" LIMIT 2");"""));
        Assert.That(source, Does.Contain("QueryInterception.ReadAsync(query, static (q, ct) => QueryInterception.Single(q, Site3, "));
    }

    [Test]
    public void A_sub_querys_own_OrderBy_Take_and_Skip_are_its_limited_rows_as_the_run_time_writes_them()
    {
        var source = Lowered("""
                public static List<Order> Cheap(MicroDbConnection db) => db.Table<Order>().Where(o => db.Table<Line>().OrderBy(l => l.Quantity).ThenByDescending(l => l.Id).Skip(1).Take(2).Any(l => l.OrderId == o.Id)).ToList();
                public static object Top(MicroDbConnection db, int min) => db.Table<Order>().Select(o => new { o.Id, Top = db.Table<Line>().OrderByDescending(l => l.Quantity).Take(3).Where(l => l.Quantity > min).Where(l => l.OrderId == o.Id).Sum(l => l.Quantity) }).First();
                public static int Sorted(MicroDbConnection db) => db.Table<Order>().Count(o => db.Table<Line>().OrderBy(l => l.Sku).Count(l => l.OrderId == o.Id) > 1);
            """);

        Assert.That(source, Does.Contain(
            """FROM \"orders\" WHERE EXISTS (SELECT 1 FROM (SELECT \"Id\", \"OrderId\", \"Quantity\", \"Sku\", \"Price\", \"Weight\", \"Extra\" FROM \"lines\" AS \"s0\" """
            + """ORDER BY \"s0\".\"Quantity\", \"s0\".\"Id\" DESC LIMIT 2 OFFSET 1) AS \"s0\" WHERE (\"s0\".\"OrderId\" = \"orders\".\"Id\"))").Subquery(0, "");"""));
        Assert.That(source, Does.Contain(
            """new InterceptedSite("SELECT \"Id\", (SELECT coalesce(sum(\"s0\".\"Quantity\"), 0) FROM (SELECT \"Id\", \"OrderId\", \"Quantity\", \"Sku\", \"Price\", \"Weight\", \"Extra\" FROM \"lines\" AS \"s0\" """
            + """ORDER BY \"s0\".\"Quantity\" DESC LIMIT 3) AS \"s0\" WHERE (\"s0\".\"Quantity\" > ?) AND (\"s0\".\"OrderId\" = \"orders\".\"Id\")) FROM \"orders\" LIMIT 1")"""
            + """.LiftedValue(0, "ooaR", "Quantity", typeof(int));"""));
        // An ordering alone changes no answer: the run time reads the table, and so does the interceptor.
        Assert.That(source, Does.Contain(
            """new InterceptedSite("SELECT count(*) FROM \"orders\" WHERE ((SELECT count(*) FROM \"lines\" AS \"s0\" WHERE (\"s0\".\"OrderId\" = \"orders\".\"Id\")) > ?)")"""));
    }

    [Test]
    public void A_sub_query_nested_in_a_projections_one_and_a_value_read_through_a_conversion_are_lowered()
    {
        var source = Lowered("""
                public static object Known(MicroDbConnection db, int min) => db.Table<Order>().Select(o => new { o.Id, N = db.Table<Line>().Count(l => l.OrderId == o.Id && db.Table<Customer>().Any(c => c.Id == l.Quantity && c.Id > min)) }).ToList();
                public static object Shares(MicroDbConnection db) => db.Table<Order>().Select(o => new { o.Id, Share = (double)db.Table<Line>().Where(l => l.OrderId == o.Id).Sum(l => l.Quantity), Lines = (long?)db.Table<Line>().Count(l => l.OrderId == o.Id) }).ToList();
            """);

        // The nested one's alias is s1 and its enclosing row s0, as in a condition; the site checks its table query too.
        Assert.That(source, Does.Contain(
            """new InterceptedSite("SELECT \"Id\", (SELECT count(*) FROM \"lines\" AS \"s0\" WHERE ((\"s0\".\"OrderId\" = \"orders\".\"Id\") AND EXISTS (SELECT 1 FROM \"customers\" AS \"s1\" """
            + """WHERE ((\"s1\".\"Id\" = \"s0\".\"Quantity\") AND (\"s1\".\"Id\" > ?))))) FROM \"orders\"").LiftedValue(0, "aRaRR", "Id", typeof(int)).LiftedSubquery(0, "aR");"""));
        Assert.That(source, Does.Contain("static (global::Shop.Order r, object[] v) => unchecked(new { @Id = r.@Id, @N = (int)v[0] })"));
        Assert.That(source, Does.Contain("static (global::Shop.Order r, object[] v) => unchecked(new { @Id = r.@Id, @Share = (double)(int)v[0], @Lines = (long?)(int)v[1] })"));
    }

    [Test]
    public void Sub_queries_after_Where_calls_reading_the_row_and_aggregates_are_the_run_time_sql()
    {
        var source = Lowered("""
                public static List<Order> Big(MicroDbConnection db, int min, int total) => db.Table<Order>().Where(o => db.Table<Line>().Where(l => l.OrderId == o.Id).Where(l => l.Quantity > min && l.Sku == o.Region).Sum(l => l.Quantity) >= total).ToList();
                public static int Lines(MicroDbConnection db) => db.Table<Order>().Count(o => db.Table<Line>().Where(l => l.OrderId == o.Id).Any());
                public static object Totals(MicroDbConnection db) => db.Table<Order>().Select(o => new { o.Id, Sum = db.Table<Line>().Where(l => l.OrderId == o.Id).Sum(l => (long)l.Quantity), Most = db.Table<Line>().Where(l => l.OrderId == o.Id).Max(l => (int?)l.Quantity), Mean = db.Table<Line>().Where(l => l.OrderId == o.Id).Average(l => l.Quantity) }).ToList();
            """);

        Assert.That(source, Does.Contain(
            """FROM \"orders\" WHERE ((SELECT coalesce(sum(\"s0\".\"Quantity\"), 0) FROM \"lines\" AS \"s0\" WHERE (\"s0\".\"OrderId\" = \"orders\".\"Id\") AND ((\"s0\".\"Quantity\" > ?) AND (\"s0\".\"Sku\" IS \"orders\".\"Region\"))) >= ?)")"""
            + """.Value(0, "LoaLR", "Quantity", typeof(int)).Value(0, "R", "", typeof(object)).Subquery(0, "L");"""));
        Assert.That(source, Does.Contain(
            """new InterceptedSite("SELECT count(*) FROM \"orders\" WHERE EXISTS (SELECT 1 FROM \"lines\" AS \"s0\" WHERE (\"s0\".\"OrderId\" = \"orders\".\"Id\"))").Subquery(0, "");"""));
        Assert.That(source, Does.Contain(
            """new InterceptedSite("SELECT \"Id\", (SELECT coalesce(sum(\"s0\".\"Quantity\"), 0) FROM \"lines\" AS \"s0\" WHERE (\"s0\".\"OrderId\" = \"orders\".\"Id\")), """
            + """(SELECT max(\"s0\".\"Quantity\") FROM \"lines\" AS \"s0\" WHERE (\"s0\".\"OrderId\" = \"orders\".\"Id\")), (SELECT avg(\"s0\".\"Quantity\") FROM \"lines\" AS \"s0\" WHERE (\"s0\".\"OrderId\" = \"orders\".\"Id\")) FROM \"orders\"");"""));
        Assert.That(source, Does.Contain("new { @Id = r.@Id, @Sum = (long)v[0], @Most = (int?)v[1], @Mean = (double)v[2] }"));
    }

    [Test]
    public void A_Where_before_the_correlated_one_is_the_table_querys_own_condition_written_first()
    {
        var source = Lowered("""
                public static List<Order> Big(MicroDbConnection db, int min) => db.Table<Order>().Where(o => db.Table<Line>().Where(l => l.Quantity > min).Any(l => l.OrderId == o.Id)).ToList();
                public static int Many(MicroDbConnection db, int min) => db.Table<Order>().Count(o => db.Table<Line>().Where(l => l.Quantity > min).Where(l => l.OrderId == o.Id).Count() > 1);
            """);

        Assert.That(source, Does.Contain(
            """FROM \"orders\" WHERE EXISTS (SELECT 1 FROM \"lines\" AS \"s0\" WHERE (\"s0\".\"Quantity\" > ?) AND (\"s0\".\"OrderId\" = \"orders\".\"Id\"))")"""
            + """.Value(0, "oaR", "Quantity", typeof(int)).Subquery(0, "");"""));
        Assert.That(source, Does.Contain(
            """new InterceptedSite("SELECT count(*) FROM \"orders\" WHERE ((SELECT count(*) FROM \"lines\" AS \"s0\" WHERE (\"s0\".\"Quantity\" > ?) AND (\"s0\".\"OrderId\" = \"orders\".\"Id\")) > ?)")"""
            + """.Value(0, "LooaR", "Quantity", typeof(int)).Value(0, "R", "", typeof(object)).Subquery(0, "L");"""));
    }

    [Test]
    public void Nested_sub_queries_are_aliased_s1_and_correlated_with_the_enclosing_sub_querys_row()
    {
        var source = Lowered("""
                public static List<Order> Known(MicroDbConnection db) => db.Table<Order>().Where(o => db.Table<Line>().Any(l => l.OrderId == o.Id && db.Table<Customer>().Any(c => c.Id == l.Quantity))).ToList();
                public static List<Order> Same(MicroDbConnection db, int min) => db.Table<Order>().Where(o => db.Table<Line>().Where(l => l.OrderId == o.Id).Count(l => db.Table<Order>().Count(p => p.Id == l.OrderId && p.Total > min) > 0) > 1).ToList();
                public static int Listed(MicroDbConnection db) => db.Table<Order>().Where(o => db.Table<Line>().Any(l => l.OrderId == o.Id && db.Table<Customer>().Select(c => c.Id).Contains(l.Quantity))).ExecuteDelete();
            """);

        Assert.That(source, Does.Contain(
            """FROM \"orders\" WHERE EXISTS (SELECT 1 FROM \"lines\" AS \"s0\" WHERE ((\"s0\".\"OrderId\" = \"orders\".\"Id\") AND EXISTS (SELECT 1 FROM \"customers\" AS \"s1\" WHERE (\"s1\".\"Id\" = \"s0\".\"Quantity\"))))").Subquery(0, "aR").Subquery(0, "");"""));
        Assert.That(source, Does.Contain(
            """FROM \"orders\" WHERE ((SELECT count(*) FROM \"lines\" AS \"s0\" WHERE (\"s0\".\"OrderId\" = \"orders\".\"Id\") AND ((SELECT count(*) FROM \"orders\" AS \"s1\" WHERE ((\"s1\".\"Id\" = \"s0\".\"OrderId\") AND (\"s1\".\"Total\" > ?))) > ?)) > ?)")"""
            + """.Value(0, "LaLaRR", "Total", typeof(int)).Value(0, "LaR", "", typeof(object)).Value(0, "R", "", typeof(object)).Subquery(0, "LaL").Subquery(0, "L");"""));
        Assert.That(source, Does.Contain(
            """new InterceptedSite("DELETE FROM \"orders\" WHERE EXISTS (SELECT 1 FROM \"lines\" AS \"s0\" WHERE ((\"s0\".\"OrderId\" = \"orders\".\"Id\") AND \"s0\".\"Quantity\" IN (SELECT \"s1\".\"Id\" FROM \"customers\" AS \"s1\")))").Subquery(0, "aR").Subquery(0, "");"""));
    }

    [Test]
    public void Sub_queries_in_a_joins_Where_read_the_joined_tables_by_their_aliases()
    {
        var source = Lowered("""
                public static object Lined(MicroDbConnection db) => db.Table<Order>().Join(db.Table<Customer>(), o => o.CustomerId, c => (int?)c.Id, (o, c) => new { o.Id, c.Region }).Where(x => db.Table<Line>().Any(l => l.OrderId == x.Id)).ToList();
                public static object Many(MicroDbConnection db, int min, int n) => db.Table<Order>().Join(db.Table<Customer>(), o => o.CustomerId, c => (int?)c.Id, (o, c) => new { o.Id, c.Region }).Where(x => db.Table<Line>().Count(l => l.OrderId == x.Id && l.Quantity > min) > n).ToList();
                public static object Skus(MicroDbConnection db) => db.Table<Order>().Join(db.Table<Customer>(), o => o.CustomerId, c => (int?)c.Id, (o, c) => new { o.Id, c.Region }).Where(x => db.Table<Line>().Select(l => l.Sku).Contains(x.Region)).ToList();
            """);

        const string From = """SELECT \"t0\".\"Id\", \"t1\".\"Region\" FROM \"orders\" AS \"t0\" INNER JOIN \"customers\" AS \"t1\" ON ((\"t0\".\"CustomerId\" IS \"t1\".\"Id\") AND (\"t0\".\"CustomerId\" IS NOT NULL)) WHERE """;
        Assert.That(source, Does.Contain(
            From + """EXISTS (SELECT 1 FROM \"lines\" AS \"s0\" WHERE (\"s0\".\"OrderId\" = \"t0\".\"Id\"))").Subquery(0, "");"""));
        Assert.That(source, Does.Contain(
            From + """((SELECT count(*) FROM \"lines\" AS \"s0\" WHERE ((\"s0\".\"OrderId\" = \"t0\".\"Id\") AND (\"s0\".\"Quantity\" > ?))) > ?)")"""
            + """.JoinedValue(0, 0, "LaRR", "Quantity", typeof(int)).JoinedValue(0, 0, "R", "", typeof(object)).Subquery(0, "L");"""));
        Assert.That(source, Does.Contain(
            From + """EXISTS (SELECT 1 FROM \"lines\" AS \"s0\" WHERE (\"s0\".\"Sku\" IS \"t1\".\"Region\"))").Subquery(0, "");"""));
    }

    [Test]
    public void A_value_inside_a_projections_sub_query_is_bound_before_the_Where_values()
    {
        var source = Lowered("""
                public static object Lines(MicroDbConnection db, int min, int total) => db.Table<Order>().Where(o => o.Total > total).Select(o => new { o.Id, Big = db.Table<Line>().Count(l => l.OrderId == o.Id && l.Quantity > min), Sku = db.Table<Line>().Where(l => l.Sku == o.Region).Any(l => l.Quantity < min) }).ToList();
            """);

        Assert.That(source, Does.Contain(
            """new InterceptedSite("SELECT \"Id\", (SELECT count(*) FROM \"lines\" AS \"s0\" WHERE ((\"s0\".\"OrderId\" = \"orders\".\"Id\") AND (\"s0\".\"Quantity\" > ?))), """
            + """EXISTS (SELECT 1 FROM \"lines\" AS \"s0\" WHERE (\"s0\".\"Sku\" IS \"orders\".\"Region\") AND (\"s0\".\"Quantity\" < ?)) FROM \"orders\" WHERE (\"Total\" > ?)")"""
            + """.LiftedValue(0, "aRR", "Quantity", typeof(int)).LiftedValue(1, "aR", "Quantity", typeof(int)).Value(0, "R", "Total", typeof(int));"""));
    }

    [Test]
    public void Double_and_nullable_double_aggregates_are_the_run_time_total_and_avg()
    {
        var source = Lowered("""
                public static object Weights(MicroDbConnection db) => db.Table<Order>().Select(o => new { o.Id, Sum = db.Table<Line>().Where(l => l.OrderId == o.Id).Sum(l => l.Weight), Extra = db.Table<Line>().Where(l => l.OrderId == o.Id).Sum(l => l.Extra), Most = db.Table<Line>().Where(l => l.OrderId == o.Id).Max(l => (double?)l.Weight) }).ToList();
                public static List<Order> Heavy(MicroDbConnection db, double mean) => db.Table<Order>().Where(o => db.Table<Line>().Where(l => l.OrderId == o.Id).Average(l => (double?)l.Weight) > mean).ToList();
            """);

        const string Lines = """FROM \"lines\" AS \"s0\" WHERE (\"s0\".\"OrderId\" = \"orders\".\"Id\"))""";
        Assert.That(source, Does.Contain(
            """new InterceptedSite("SELECT \"Id\", (SELECT total(\"s0\".\"Weight\") """ + Lines + """, (SELECT total(\"s0\".\"Extra\") """ + Lines
            + """, (SELECT max(\"s0\".\"Weight\") """ + Lines + """ FROM \"orders\"");"""));
        Assert.That(source, Does.Contain("new { @Id = r.@Id, @Sum = (double)v[0], @Extra = (double?)v[1], @Most = (double?)v[2] }"));
        const string Avg = """(SELECT avg(\"s0\".\"Weight\") """ + Lines;
        Assert.That(source, Does.Contain("""FROM \"orders\" WHERE (""" + Avg + " IS NOT NULL AND " + Avg + """ > ?)").Value(0, "R", "", typeof(object)).Subquery(0, "L");"""));
    }

    [Test]
    public void A_sub_query_before_GroupBy_is_checked_at_each_run_as_a_one_table_ones()
    {
        var source = Lowered("""
                public static object Regions(MicroDbConnection db, int min) => db.Table<Order>().Where(o => db.Table<Line>().Any(l => l.OrderId == o.Id && l.Quantity > min)).GroupBy(o => o.Region).Select(g => new { g.Key, N = g.Count() }).ToList();
            """);

        Assert.That(source, Does.Contain(
            """new InterceptedSite("SELECT \"Region\", count(*) FROM \"orders\" WHERE EXISTS (SELECT 1 FROM \"lines\" AS \"s0\" WHERE ((\"s0\".\"OrderId\" = \"orders\".\"Id\") AND (\"s0\".\"Quantity\" > ?))) GROUP BY \"Region\"")"""
            + """.Value(0, "aRR", "Quantity", typeof(int)).Subquery(0, "");"""));
    }

    [Test]
    public void Sub_queries_over_the_async_connections_table_are_lowered_as_the_sync_ones()
    {
        var source = Lowered("""
                public static System.Threading.Tasks.ValueTask<List<Order>> WithBig(MicroDbAsyncConnection adb, int min) => adb.Table<Order>().Where(o => adb.Table<Line>().Where(l => l.OrderId == o.Id).Count(l => l.Quantity >= min) > 1).ToListAsync();
                public static System.Threading.Tasks.ValueTask<int> Listed(MicroDbAsyncConnection adb) => adb.Table<Order>().CountAsync(o => adb.Table<Line>().Select(l => l.OrderId).Contains(o.Id));
            """);

        Assert.That(source, Does.Contain(
            """FROM \"orders\" WHERE ((SELECT count(*) FROM \"lines\" AS \"s0\" WHERE (\"s0\".\"OrderId\" = \"orders\".\"Id\") AND (\"s0\".\"Quantity\" >= ?)) > ?)")"""
            + """.Value(0, "LaR", "Quantity", typeof(int)).Value(0, "R", "", typeof(object)).Subquery(0, "L");"""));
        Assert.That(source, Does.Contain(
            """new InterceptedSite("SELECT count(*) FROM \"orders\" WHERE \"Id\" IN (SELECT \"s0\".\"OrderId\" FROM \"lines\" AS \"s0\")").Subquery(0, "");"""));
    }

    [Test]
    public void Nullable_aggregates_compared_with_a_value_are_guarded_with_the_sub_query_written_twice()
    {
        var source = Lowered("""
                public static List<Order> Big(MicroDbConnection db, int min, int most) => db.Table<Order>().Where(o => most >= db.Table<Line>().Where(l => l.OrderId == o.Id && l.Quantity > min).Min(l => (int?)l.Quantity)).ToList();
                public static int Exact(MicroDbConnection db, int most) => db.Table<Order>().Count(o => db.Table<Line>().Where(l => l.OrderId == o.Id).Max(l => (long?)l.Quantity) != most);
                public static List<Order> Mean(MicroDbConnection db, double mean) => db.Table<Order>().Where(o => mean < db.Table<Line>().Where(l => l.OrderId == o.Id).Average(l => (int?)l.Quantity)).ToList();
            """);

        const string Min = """(SELECT min(\"s0\".\"Quantity\") FROM \"lines\" AS \"s0\" WHERE ((\"s0\".\"OrderId\" = \"orders\".\"Id\") AND (\"s0\".\"Quantity\" > ?)))""";
        Assert.That(source, Does.Contain(
            """FROM \"orders\" WHERE (""" + Min + " IS NOT NULL AND ? >= " + Min + """)")"""
            + """.Value(0, "RoaRR", "Quantity", typeof(int)).Value(0, "L", "", typeof(object)).Value(0, "RoaRR", "Quantity", typeof(int)).Subquery(0, "R");"""));
        Assert.That(source, Does.Contain(
            """SELECT count(*) FROM \"orders\" WHERE ((SELECT max(\"s0\".\"Quantity\") FROM \"lines\" AS \"s0\" WHERE (\"s0\".\"OrderId\" = \"orders\".\"Id\")) IS NOT ?)")"""));
        const string Avg = """(SELECT avg(\"s0\".\"Quantity\") FROM \"lines\" AS \"s0\" WHERE (\"s0\".\"OrderId\" = \"orders\".\"Id\"))""";
        Assert.That(source, Does.Contain("""FROM \"orders\" WHERE (""" + Avg + " IS NOT NULL AND " + Avg + """ > ?)")"""));
    }

    [Test]
    public void An_async_tables_sub_query_that_does_not_read_the_row_stays_on_the_run_time_path()
    {
        var result = GeneratorHarness.Run(Model + """
            public static class Queries
            {
                public static System.Threading.Tasks.ValueTask<List<Order>> Q(MicroDbAsyncConnection adb) => adb.Table<Order>().Where(o => adb.Table<Line>().Count() == 0).ToListAsync();
            }
            """);

        Assert.That(result.Errors, Is.Empty, () => result.Describe(result.Errors));
        Assert.That(result.Sources.ContainsKey(HintName), Is.False);
        Assert.That(result.GeneratorDiagnostics.Single(d => d.Id == "MDB0013").GetMessage(),
            Does.Contain("'adb.Table<Line>().Count()' is a sub-query over 'Line' (a scalar sub-query at run time), which is not lowered at build time: it does not read the row, which is lowered only when it does"));
    }

    [TestCase("db.Table<Order>().Select(o => new { o.Id, Most = db.Table<Line>().Where(l => l.OrderId == o.Id).Max(l => l.Price) }).ToList()", "Max of a decimal has no exact SQL form over a sub-query (stored as text, it would add as REAL); the run-time path refuses it too")]
    [TestCase("db.Table<Order>().Select(o => new { o.Id, Most = db.Table<Line>().Where(l => l.OrderId == o.Id).Max(l => (double)l.Quantity) }).ToList()", "only an integer, double or float member of the row is aggregated at build time, not '(double)l.Quantity'")]
    [TestCase("db.Table<Order>().Where(o => db.Table<Line>().Where(l => l.OrderId == o.Id).Max(l => l.Quantity) > 2).ToList()", "(a scalar sub-query at run time), which is not lowered at build time: Max over no rows throws in LINQ, which a condition cannot do in SQL")]
    [TestCase("db.Table<Order>().Where(o => db.Table<Line>().Where(l => l.OrderId == o.Id).Average(l => (int?)l.Quantity) == 2).ToList()", "compares an average for equality")]
    [TestCase("db.Table<Order>().Where(o => db.Table<Line>().Where(l => l.OrderId == o.Id).Max(l => (int?)l.Quantity) > 2L).ToList()", "compares it through a conversion or a nullable value")]
    [TestCase("db.Table<Order>().Where(o => db.Table<Line>().Sum(l => l.Quantity) > 2).ToList()", "(a scalar sub-query at run time), which is not lowered at build time: it does not read the row")]
    [TestCase("db.Table<Order>().Where(o => db.Table<Line>().Count(l => l.OrderId == o.Id) > o.Total).ToList()", "is not a constant or a captured variable")]
    [TestCase("db.Table<Order>().Where(o => db.Table<Line>().Select(l => l.Price).Contains(o.Total)).ToList()", "are not plain members of the two rows of one integer, string, Guid or enum type")]
    [TestCase("db.Table<Order>().Where(o => db.Table<Line>().Any(l => l.Sku == o.Region!.ToUpper())).ToList()", "reads the outer row other than as 'inner.Member == outer.Member'")]
    [TestCase("db.Table<Order>().Where(o => db.Table<Line>().Any(l => l.Quantity > 1)).ToList()", "(EXISTS at run time), which is not lowered at build time: it does not read the row")]
    [TestCase("db.Table<Order>().Where(o => db.Table<Line>().Any(l => l.OrderId == o.Id + 1 || l.Quantity > 1)).ToList()", "reads the outer row other than as 'inner.Member == outer.Member'")]
    [TestCase("db.Table<Order>().Where(o => db.Table<Line>().Any(l => l.OrderId > o.CustomerId)).ToList()", "reads the outer row other than as 'inner.Member == outer.Member'")]
    [TestCase("db.Table<Order>().Where(o => db.Table<Line>().Where(l => l.OrderId == o.Id).OrderBy(l => l.Quantity).Take(3).Any()).ToList()", "its Take, Skip or OrderBy reads the row or follows a Where that does, so each row would have its own inner rows (no single sub-query); the run-time path refuses it too")]
    [TestCase("db.Table<Order>().Where(o => db.Table<Line>().Take(4).Where(l => l.Quantity > 1).Take(3).Any(l => l.OrderId == o.Id)).ToList()", "'Take' before the sub-query's Where (a second level of its limited rows) is not lowered at build time")]
    [TestCase("db.Table<Order>().Where(o => db.Table<Line>().Take(3).OrderBy(l => l.Id).Any(l => l.OrderId == o.Id)).ToList()", "'Take' before the sub-query's OrderBy (a second level of its limited rows)")]
    [TestCase("db.Table<Order>().Where(o => db.Table<Line>().Take(o.Total).Any(l => l.OrderId == o.Id)).ToList()", "the run-time path refuses it too")]
    [TestCase("db.Table<Order>().Where(o => db.Table<Line>().Take(System.Environment.ProcessorCount).Any(l => l.OrderId == o.Id)).ToList()", "'db.Table<Line>().Take(System.Environment.ProcessorCount)' in the sub-query has a count that is not a constant")]
    [TestCase("db.Table<Order>().Where(o => db.Table<Line>().ThenBy(l => l.Id).Take(1).Any(l => l.OrderId == o.Id)).ToList()", "'ThenBy' in the sub-query does not follow OrderBy")]
    [TestCase("db.Table<Order>().Where(o => db.Table<Line>().OrderBy(l => l.Price).Take(1).Any(l => l.OrderId == o.Id)).ToList()", "the key of 'OrderBy' in the sub-query is not a member of its row that orders directly in SQL (member 'Price'")]
    [TestCase("db.Table<Order>().Where(o => db.Table<Line>().OrderBy(l => l.Sku.Length).Take(1).Any(l => l.OrderId == o.Id)).ToList()", "the key of 'OrderBy' in the sub-query is not a member of its row")]
    [TestCase("db.Table<Order>().Select(o => new { o.Id, N = db.Table<Line>().Count(l => l.OrderId == o.Id && db.Table<Customer>().Any(c => c.Region == o.Region)) }).ToList()", "is a sub-query nested in it that reads the outer query's row")]
    [TestCase("db.Table<Order>().Select(o => new { o.Id, N = checked((short)db.Table<Line>().Count(l => l.OrderId == o.Id)) }).ToList()", "reads it through a checked, user-defined or non-numeric conversion")]
    [TestCase("db.Table<Order>().Where(o => db.Table<Line>().Any(l => l.OrderId == o.Id && db.Table<Customer>().Any(c => c.Id == l.Quantity && c.Region == o.Region))).ToList()", "is a sub-query nested in it that reads the outer query's row")]
    [TestCase("db.Table<Order>().Select(o => new { o.Id, Top = db.Table<Line>().Where(l => l.OrderId == o.Id).OrderBy(l => l.Quantity).First().Sku }).ToList()", "'First' does not end it in one value per row (Count, LongCount, Any, All, Sum, Min, Max, Average or Select(...).Contains); the run-time path refuses it too")]
    [TestCase("db.Table<Order>().Select(o => new { o.Id, Half = System.Math.Abs(db.Table<Line>().Count(l => l.OrderId == o.Id)) }).ToList()", "(only db.Table<T>() on a captured connection, then Where calls, then Any, All, Count")]
    [TestCase("db.Table<Order>().Where(o => db.Table<Line>().Where(l => l.OrderId == o.Id).First().Quantity > 2).ToList()", "(the run-time path refuses it too: 'First' does not end it in one value), which is not lowered at build time")]
    [TestCase("db.Table<Order>().Where(o => db.Table<Line>().Skip(1).OrderBy(l => l.Id).Take(2).Select(l => l.OrderId).Contains(o.Id)).ToList()", "'Skip' before the sub-query's OrderBy (a second level of its limited rows) is not lowered at build time")]
    [TestCase("db.Table<Order>().Where(o => db.Table<Line>().Skip(int.MaxValue).Skip(1).Any(l => l.OrderId == o.Id)).ToList()", "its Skip counts add up beyond int.MaxValue (the run-time path throws OverflowException)")]
    public void Other_sub_queries_stay_on_the_run_time_path_with_a_precise_reason(string query, string reason)
    {
        var result = GeneratorHarness.Run(Model + "\npublic static class Queries\n{\n    public static object Q(MicroDbConnection db) => " + query + ";\n}\n");

        Assert.That(result.Errors, Is.Empty, () => result.Describe(result.Errors));
        Assert.That(result.Sources.ContainsKey(HintName), Is.False);
        var message = result.GeneratorDiagnostics.Single(d => d.Id == "MDB0013").GetMessage();
        Assert.That(message, Does.Contain(reason));
        Assert.That(message, Does.Contain("which is not lowered at build time"));
    }
    [Test]
    public void Where_value_checks_after_a_projections_lifted_values_name_the_sites_value_index()
    {
        var source = Lowered("""
                public static object Priced(MicroDbConnection db, decimal? limit, double heavy, int min) => db.Table<Line>().Where(x => x.Price > limit && x.Weight > heavy).Select(x => new { x.Id, N = db.Table<Line>().Count(l => l.OrderId == x.Id && l.Quantity > min) }).ToList();
            """);

        // The site's value 0 is the lifted sub-query's; the Where's decimal and double are values 1 and 2.
        Assert.That(source, Does.Contain(""".LiftedValue(0, "aRR", "Quantity", typeof(int)).Value(0, "LR", "", typeof(decimal)).Value(0, "RR", "Weight", typeof(double))"""
            + """.Real(2, ">", false).Compared(1, "decimal");"""));
        Assert.That(source, Does.Contain("static (global::Shop.Line r, object[] v) => unchecked(new { @Id = r.@Id, @N = (int)v[0] })"));
    }
}
