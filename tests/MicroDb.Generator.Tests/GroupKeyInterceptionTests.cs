using MicroDb.Generator.Tests.Infrastructure;
using Microsoft.CodeAnalysis;

namespace MicroDb.Generator.Tests;

/// <summary>
/// The build-time front end on group keys whose GROUP BY term depends on the storage format (DateTime, DateTimeOffset,
/// double, decimal, a DateTime's date parts): the run time's text per format, the site's Formats call, and MDB0013 for the keys that stay declined.
/// </summary>
public class GroupKeyInterceptionTests
{
    private const string HintName = "MicroDb.Generated.QueryInterceptors.g.cs";

    private const string Model = """
        using MicroDb;
        namespace Shop;
        [Table("events")]
        public class Event
        {
            [PrimaryKey, AutoIncrement] public int Id { get; set; }
            public System.DateTime At { get; set; }
            [StoreAsText] public System.DateTime Stamp { get; set; }
            public System.DateTimeOffset When { get; set; }
            public decimal Price { get; set; }
            public double Score { get; set; }
            public double? Maybe { get; set; }
            public int Count { get; set; }
            public string? Name { get; set; }
            public int? Rank { get; set; }
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

    [Test]
    public void A_DateTime_key_gets_the_masked_ticks_under_microdb_and_the_column_under_sqlite_net()
    {
        var source = Clean("""
            public static object Q(MicroDbConnection db) =>
                db.Table<Event>().GroupBy(e => e.At).OrderBy(g => g.Key).Select(g => new { g.Key, N = System.Linq.Enumerable.Count(g) }).ToList();
            """);

        Assert.That(source, Does.Contain("""
            new InterceptedSite("SELECT \"At\", count(*) FROM \"events\" GROUP BY (\"At\" & 4611686018427387903) ORDER BY (\"At\" & 4611686018427387903)").Formats(true, "SELECT \"At\", count(*) FROM \"events\" GROUP BY \"At\" ORDER BY \"At\"", true);
            """));
    }

    [Test]
    public void Text_dates_doubles_and_a_composite_key_get_the_run_time_terms()
    {
        var source = Clean("""
            public static int Q(MicroDbConnection db) => db.Table<Event>().GroupBy(e => new { e.Stamp, e.Score, e.Maybe }).Count();
            """);

        Assert.That(source, Does.Contain("""
            new InterceptedSite("SELECT count(*) FROM (SELECT 1 FROM \"events\" GROUP BY substr(\"Stamp\", 1, 27), ifnull(\"Score\", 0), \"Maybe\")").Formats(true, "SELECT count(*) FROM (SELECT 1 FROM \"events\" GROUP BY \"Stamp\", ifnull(\"Score\", 0), \"Maybe\")", true);
            """));
    }

    [Test]
    public void A_double_key_has_one_text_for_both_formats()
    {
        var source = Clean("""
            public static object Q(MicroDbConnection db) => db.Table<Event>().GroupBy(e => e.Score).Select(g => new { g.Key, T = System.Linq.Enumerable.Sum(g, x => x.Count) }).ToList();
            """);

        Assert.That(source, Does.Contain("""
            new InterceptedSite("SELECT \"Score\", coalesce(sum(\"Count\"), 0) FROM \"events\" GROUP BY ifnull(\"Score\", 0)");
            """));
    }

    [Test]
    public void A_DateTimeOffset_key_runs_on_the_run_time_path_under_microdb_and_decimal_keys_differ_by_format()
    {
        var source = Clean("""
            public static object Offsets(MicroDbConnection db) => db.Table<Event>().GroupBy(e => e.When).Select(g => new { g.Key, N = System.Linq.Enumerable.Count(g) }).ToList();
            public static object Prices(MicroDbConnection db) => db.Table<Event>().GroupBy(e => e.Price).Select(g => new { g.Key, N = System.Linq.Enumerable.Count(g) }).ToList();
            """);

        Assert.That(source, Does.Contain("""
            new InterceptedSite("SELECT \"When\", count(*) FROM \"events\" GROUP BY \"When\"").Formats(false, null, false);
            """));
        Assert.That(source, Does.Contain("""
            GROUP BY (CASE WHEN substr(\"Price\", 1, 1) = '-' THEN '0' ||
            """));
        Assert.That(source, Does.Contain("""
            GROUP BY (CASE WHEN CAST(\"Price\" AS REAL) IS NULL THEN NULL WHEN abs(CAST(\"Price\" AS REAL)) < 1e-13 THEN CAST(printf('%.28f', CAST(\"Price\" AS REAL)) AS REAL) ELSE CAST(printf('%.15g', CAST(\"Price\" AS REAL)) AS REAL) END)", false);
            """));
    }

    [Test]
    public void Double_aggregates_in_having_and_ordering_compare_through_the_run_time_key()
    {
        var source = Clean("""
            public static object Q(MicroDbConnection db, double low, int min) =>
                db.Table<Event>().GroupBy(e => e.Count).Where(g => System.Linq.Enumerable.Sum(g, x => x.Score) >= low && min < System.Linq.Enumerable.Average(g, x => x.Count))
                    .OrderBy(g => System.Linq.Enumerable.Average(g, x => x.Count)).ThenByDescending(g => System.Linq.Enumerable.Max(g, x => x.Count))
                    .Select(g => new { g.Key, A = System.Linq.Enumerable.Average(g, x => x.Count) }).ToList();
            """);

        Assert.That(source, Does.Contain("""
            new InterceptedSite("SELECT \"Count\", avg(\"Count\") FROM \"events\" GROUP BY \"Count\" HAVING ((ifnull(coalesce(sum(\"Score\"), 0), 0) >= ?) AND (ifnull(avg(\"Count\"), 0) > ?)) ORDER BY ifnull(avg(\"Count\"), 0), max(\"Count\") DESC").HavingValue(0, "LR", null, typeof(object)).HavingValue(0, "RL", null, typeof(object));
            """));
    }

    [Test]
    public void A_date_part_key_gets_the_run_time_arithmetic_per_format_and_a_third_text_for_sqlite_net_text()
    {
        var source = Clean("""
            public static object Q(MicroDbConnection db) =>
                db.Table<Event>().GroupBy(e => e.At.Year).OrderByDescending(g => g.Key).Select(g => new { Year = g.Key, N = System.Linq.Enumerable.Count(g) }).ToList();
            """);

        Assert.That(source, Does.Contain("""
            new InterceptedSite("SELECT \"At\", count(*) FROM \"events\" GROUP BY CAST(strftime('%Y', ((\"At\" & 4611686018427387903) / 864000000000) + 1721425.5) AS INTEGER) ORDER BY CAST(strftime('%Y', ((\"At\" & 4611686018427387903) / 864000000000) + 1721425.5) AS INTEGER) DESC").Formats(true, "SELECT \"At\", count(*) FROM \"events\" GROUP BY CAST(strftime('%Y', ((\"At\" & 4611686018427387903) / 864000000000) + 1721425.5) AS INTEGER) ORDER BY CAST(strftime('%Y', ((\"At\" & 4611686018427387903) / 864000000000) + 1721425.5) AS INTEGER) DESC", true).DateParts("SELECT \"At\", count(*) FROM \"events\" GROUP BY CAST(substr(\"At\", 1, 4) AS INTEGER) ORDER BY CAST(substr(\"At\", 1, 4) AS INTEGER) DESC", false);
            """));
        Assert.That(source, Does.Contain("static (e, a) => unchecked(new { @Year = ((global::Shop.Event)e).@At.Year, @N = ((int)a[0]) })"));
    }

    [Test]
    public void A_composite_key_of_text_date_parts_reads_the_parts_in_the_projector()
    {
        var source = Clean("""
            public static object Q(MicroDbConnection db) =>
                db.Table<Event>().GroupBy(e => new { e.Stamp.Year, e.Stamp.Hour }).Select(g => new { g.Key, g.Key.Hour, N = System.Linq.Enumerable.Count(g) }).ToList();
            """);

        Assert.That(source, Does.Contain("""
            new InterceptedSite("SELECT \"Stamp\", count(*) FROM \"events\" GROUP BY CAST(substr(\"Stamp\", 1, 4) AS INTEGER), CAST(substr(\"Stamp\", 12, 2) AS INTEGER)").Formats(true, "SELECT \"Stamp\", count(*) FROM \"events\" GROUP BY CAST(strftime('%Y', ((\"Stamp\" & 4611686018427387903) / 864000000000) + 1721425.5) AS INTEGER), (((\"Stamp\" & 4611686018427387903) % 864000000000) / 36000000000 % 24)", true).DateParts("SELECT \"Stamp\", count(*) FROM \"events\" GROUP BY CAST(substr(\"Stamp\", 1, 4) AS INTEGER), CAST(substr(\"Stamp\", 12, 2) AS INTEGER)", true);
            """));
        Assert.That(source, Does.Contain("static (e, a) => unchecked(new { @Key = new { @Year = ((global::Shop.Event)e).@Stamp.Year, @Hour = ((global::Shop.Event)e).@Stamp.Hour }, @Hour = ((global::Shop.Event)e).@Stamp.Hour, @N = ((int)a[0]) })"));
    }

    [Test]
    public void A_day_of_week_key_gets_the_run_time_part_per_format()
    {
        var source = Clean("""
            public static object Q(MicroDbConnection db) =>
                db.Table<Event>().GroupBy(e => e.Stamp.DayOfWeek).OrderBy(g => g.Key).Select(g => new { Day = g.Key, N = System.Linq.Enumerable.Count(g) }).ToList();
            """);

        Assert.That(source, Does.Contain("""
            new InterceptedSite("SELECT \"Stamp\", count(*) FROM \"events\" GROUP BY CAST(strftime('%w', substr(\"Stamp\", 1, 10)) AS INTEGER) ORDER BY CAST(strftime('%w', substr(\"Stamp\", 1, 10)) AS INTEGER)").Formats(true, "SELECT \"Stamp\", count(*) FROM \"events\" GROUP BY ((((\"Stamp\" & 4611686018427387903) / 864000000000) + 1) % 7) ORDER BY ((((\"Stamp\" & 4611686018427387903) / 864000000000) + 1) % 7)", true).DateParts("SELECT \"Stamp\", count(*) FROM \"events\" GROUP BY CAST(strftime('%w', substr(\"Stamp\", 1, 10)) AS INTEGER) ORDER BY CAST(strftime('%w', substr(\"Stamp\", 1, 10)) AS INTEGER)", false);
            """));
        Assert.That(source, Does.Contain("static (e, a) => unchecked(new { @Day = ((global::Shop.Event)e).@Stamp.DayOfWeek, @N = ((int)a[0]) })"));
    }

    [Test]
    public void A_date_key_groups_by_the_stored_key_of_the_day_and_has_no_text_for_sqlite_net_text()
    {
        var source = Clean("""
            public static object Q(MicroDbConnection db) =>
                db.Table<Event>().GroupBy(e => new { e.At.Date, e.Count }).Select(g => new { g.Key.Date, N = System.Linq.Enumerable.Count(g) }).ToList();
            """);

        Assert.That(source, Does.Contain("""
            new InterceptedSite("SELECT \"At\", count(*) FROM \"events\" GROUP BY ((\"At\" - ((\"At\" & 4611686018427387903) % 864000000000)) & 4611686018427387903), \"Count\"").Formats(true, "SELECT \"At\", count(*) FROM \"events\" GROUP BY (\"At\" - ((\"At\" & 4611686018427387903) % 864000000000)), \"Count\"", true).DateParts(null, false);
            """));
        Assert.That(source, Does.Contain("static (e, a) => unchecked(new { @Date = ((global::Shop.Event)e).@At.Date, @N = ((int)a[0]) })"));
    }

    [Test]
    public void Having_compares_a_key_date_part_through_its_group_term()
    {
        var source = Clean("""
            public static int Q(MicroDbConnection db, int after) =>
                db.Table<Event>().GroupBy(e => new { e.Stamp.Year, e.Stamp.DayOfWeek }).Where(g => g.Key.Year > after && g.Key.DayOfWeek != System.DayOfWeek.Sunday).Count();
            """);

        Assert.That(source, Does.Contain("""
            new InterceptedSite("SELECT count(*) FROM (SELECT 1 FROM \"events\" GROUP BY CAST(substr(\"Stamp\", 1, 4) AS INTEGER), CAST(strftime('%w', substr(\"Stamp\", 1, 10)) AS INTEGER) HAVING ((CAST(substr(\"Stamp\", 1, 4) AS INTEGER) > ?) AND (CAST(strftime('%w', substr(\"Stamp\", 1, 10)) AS INTEGER) <> ?)))").HavingValue(0, "LR", null, typeof(int)).HavingValue(0, "RR", null, typeof(global::System.DayOfWeek))
            """));
    }

    [Test]
    public void Decimal_DateTime_string_and_nullable_aggregates_get_the_run_time_functions()
    {
        var source = Clean("""
            public static object Q(MicroDbConnection db) =>
                db.Table<Event>().GroupBy(e => e.Count).Select(g => new
                {
                    g.Key,
                    Total = System.Linq.Enumerable.Sum(g, x => x.Price),
                    Mean = System.Linq.Enumerable.Average(g, x => x.Price),
                    Cheapest = System.Linq.Enumerable.Min(g, x => x.Price),
                    First = System.Linq.Enumerable.Min(g, x => x.At),
                    Last = System.Linq.Enumerable.Max(g, x => x.Stamp),
                    Name = System.Linq.Enumerable.Max(g, x => x.Name),
                    Ranks = System.Linq.Enumerable.Sum(g, x => x.Rank),
                    Maybe = System.Linq.Enumerable.Average(g, x => x.Maybe),
                    N = System.Linq.Enumerable.LongCount(g),
                }).ToList();
            """);

        // MicroDb's format: a decimal's Min by its exact key text, a DateTime's by its masked ticks or text prefix.
        Assert.That(source, Does.Contain("""
            new InterceptedSite("SELECT \"Count\", microdb_sum_decimal(\"Price\"), microdb_avg_decimal(\"Price\"), microdb_min((CASE WHEN substr(\"Price\", 1, 1) = '-' THEN
            """));
        Assert.That(source, Does.Contain("""
            END), \"Price\"), microdb_min((\"At\" & 4611686018427387903), \"At\"), microdb_max(substr(\"Stamp\", 1, 27), \"Stamp\"), microdb_max_text(\"Name\"), coalesce(sum(\"Rank\"), 0), avg(\"Maybe\"), count(*) FROM \"events\" GROUP BY \"Count\"").Formats(true, "SELECT
            """));

        // sqlite-net's: the decimal's REAL rounded to 15 digits, the DateTime column itself; a DateTime text format that does not sort is the run time's.
        Assert.That(source, Does.Contain("""
            CAST(printf('%.15g', CAST(\"Price\" AS REAL)) AS REAL) END), \"Price\"), microdb_min(\"At\", \"At\"), microdb_max(\"Stamp\", \"Stamp\"), microdb_max_text(\"Name\"), coalesce(sum(\"Rank\"), 0), avg(\"Maybe\"), count(*) FROM \"events\" GROUP BY \"Count\"", true);
            """));
        Assert.That(source, Does.Contain("static (e, a) => unchecked(new { @Key = ((global::Shop.Event)e).@Count, @Total = ((decimal)a[0]), @Mean = ((decimal)a[1]), @Cheapest = ((decimal)a[2]), @First = ((global::System.DateTime)a[3]), @Last = ((global::System.DateTime)a[4]), @Name = ((string)a[5]), @Ranks = ((int?)a[6]), @Maybe = ((double?)a[7]), @N = ((long)a[8]) })"));
    }

    [Test]
    public void Ordering_by_a_decimal_total_uses_its_exact_key()
    {
        var source = Clean("""
            public static object Q(MicroDbConnection db) =>
                db.Table<Event>().GroupBy(e => e.Count).OrderBy(g => System.Linq.Enumerable.Average(g, x => x.Price)).ThenByDescending(g => System.Linq.Enumerable.Min(g, x => x.Name))
                    .Select(g => g.Key).ToList();
            """);

        Assert.That(source, Does.Contain("""
            new InterceptedSite("SELECT \"Count\" FROM \"events\" GROUP BY \"Count\" ORDER BY microdb_avg_decimal_key(\"Price\"), microdb_min_text(\"Name\") DESC");
            """));
    }

    [Test]
    public void String_length_and_case_mapped_keys_get_the_run_time_functions()
    {
        var source = Clean("""
            public static object Q(MicroDbConnection db, int min) =>
                db.Table<Event>().GroupBy(e => new { e.Name!.Length, Lower = e.Name.ToLower() }).Where(g => g.Key.Length > min).OrderBy(g => g.Key.Lower)
                    .Select(g => new { g.Key.Lower, N = System.Linq.Enumerable.Count(g) }).ToList();
            """);

        Assert.That(source, Does.Contain("""
            new InterceptedSite("SELECT \"Name\", count(*) FROM \"events\" GROUP BY length(\"Name\"), lower(\"Name\") HAVING (length(\"Name\") > ?) ORDER BY lower(\"Name\")").HavingValue(0, "R", null, typeof(int));
            """));
        Assert.That(source, Does.Contain("static (e, a) => unchecked(new { @Lower = ((global::Shop.Event)e).@Name.ToLower(), @N = ((int)a[0]) })"));
    }

    [TestCase("db.Table<Event>().GroupBy(e => e.Name!.ToLower()).Where(g => g.Key.StartsWith(\"a\")).Count()", "is not lowered at build time")]
    [TestCase("db.Table<Event>().GroupBy(e => new { Min = System.Linq.Enumerable.Min(new[] { e.Count }) }).Count()", "the grouping key is not lowered at build time")]
    [TestCase("db.Table<Event>().GroupBy(e => e.Count).Select(g => new { N = System.Linq.Enumerable.Min(g, x => x.When) }).ToList()", "Min and Max of an integer, double, float, decimal, DateTime or string member")]
    [TestCase("db.Table<Event>().GroupBy(e => e.Count).OrderBy(g => System.Linq.Enumerable.Min(g, x => x.When)).Select(g => g.Key).ToList()", "the key of 'OrderBy' is not a part of the group's key or an aggregate")]
    [TestCase("db.Table<Event>().GroupBy(e => e.Count).Where(g => System.Linq.Enumerable.Max(g, x => x.Name)!.Length > 1).Select(g => g.Key).ToList()", "is a string condition over a grouping (HAVING)")]
    [TestCase("db.Table<Event>().GroupBy(e => e.At.TimeOfDay).Count()", "the grouping key 'e.At.TimeOfDay' has no SQL translation (the run-time path refuses it too)")]
    [TestCase("db.Table<Event>().GroupBy(e => e.Price).Where(g => g.Key > 1m).Count()", "HAVING compares the Decimal key 'g.Key'")]
    [TestCase("db.Table<Event>().GroupBy(e => new { e.Price, e.Count }).Where(g => g.Key.Price != 1m).Count()", "HAVING compares the Decimal key 'g.Key.Price'")]
    [TestCase("db.Table<Event>().GroupBy(e => e.Price * 2).Count()", "'e.Price * 2' is computed (of type decimal, and only integer, floating-point and string computations are")]
    public void Keys_the_generator_does_not_lower_say_why(string query, string reason)
    {
        var result = GeneratorHarness.Run(Queries("public static object Q(MicroDbConnection db) => " + query + ";"));

        Assert.That(result.Errors, Is.Empty, () => result.Describe(result.Errors));
        var info = result.GeneratorDiagnostics.Single(d => d.Id == "MDB0013");
        Assert.That(info.GetMessage(), Does.Contain(reason));
        Assert.That(info.Severity, Is.EqualTo(DiagnosticSeverity.Info));
    }
}
