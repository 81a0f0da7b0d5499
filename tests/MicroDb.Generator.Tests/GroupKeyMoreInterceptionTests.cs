using MicroDb.Generator.Tests.Infrastructure;
using Microsoft.CodeAnalysis;

namespace MicroDb.Generator.Tests;

/// <summary>
/// The build-time front end on more group keys (issue 22): string calls, floating-point arithmetic, conditionals choosing
/// members or over a double comparison, DayOfYear, ordering by bool, enum and Guid key parts and by a nullable short's
/// Min; the run time's text, and MDB0013 for what stays declined.
/// </summary>
public class GroupKeyMoreInterceptionTests
{
    private const string HintName = "MicroDb.Generated.QueryInterceptors.g.cs";

    private const string Model = """
        using System.Linq;
        using MicroDb;
        namespace Shop;
        public enum Level { Low = 1, High = 2 }
        [Table("items")]
        public class Item
        {
            [PrimaryKey, AutoIncrement] public int Id { get; set; }
            public string Name { get; set; } = "";
            public string? Other { get; set; }
            public int Count { get; set; }
            public double Score { get; set; }
            public double? Maybe { get; set; }
            public bool Active { get; set; }
            public Level Level { get; set; }
            public System.Guid Tag { get; set; }
            public short? Small { get; set; }
            public System.DateTime At { get; set; }
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
    public void String_call_keys_get_the_setters_sql_and_bind_their_values_as_the_run_time_does()
    {
        var source = Clean("""
            public static object Prefix(MicroDbConnection db) => db.Table<Item>().GroupBy(x => x.Name.Substring(0, 2)).OrderBy(g => g.Key).Select(g => new { g.Key, N = g.Count() }).ToList();
            public static object Trimmed(MicroDbConnection db) => db.Table<Item>().GroupBy(x => new { T = x.Name.Trim(), R = x.Name.Replace("a", "b").TrimStart('b') }).Select(g => new { g.Key.T, g.Key.R, N = g.Count() }).ToList();
            """);

        Assert.That(source, Does.Contain("""
            new InterceptedSite("SELECT \"Name\", count(*) FROM \"items\" GROUP BY substr(\"Name\", (?) + 1, ?) ORDER BY substr(\"Name\", (?) + 1, ?)").KeyValue("0", null, typeof(object)).KeyValue("1", null, typeof(object)).KeyValue("0", null, typeof(object)).KeyValue("1", null, typeof(object));
            """));
        Assert.That(source, Does.Contain("static (e, a) => unchecked(new { @Key = ((global::Shop.Item)e).@Name.Substring(0, 2), @N = ((int)a[0]) })"));
        Assert.That(source, Does.Contain("""
            new InterceptedSite("SELECT \"Name\", count(*) FROM \"items\" GROUP BY trim(\"Name\", ?), ltrim(replace(\"Name\", ?, ?), ?)").KeyValue("W", null, typeof(object)).KeyValue("1o0", null, typeof(object)).KeyValue("1o1", null, typeof(object)).KeyValue("10w", null, typeof(object));
            """));
        Assert.That(source, Does.Contain("@R = ((global::Shop.Item)e).@Name.Replace(\"a\", \"b\").TrimStart('b')"));
    }

    [Test]
    public void Floating_point_keys_are_keyed_as_the_run_time_keys_a_double()
    {
        var source = Clean("""
            public static object Doubled(MicroDbConnection db) => db.Table<Item>().GroupBy(x => x.Score * 2).Select(g => new { g.Key, N = g.Count() }).ToList();
            public static object Either(MicroDbConnection db) => db.Table<Item>().GroupBy(x => x.Maybe ?? x.Score).Select(g => new { g.Key, N = g.Count() }).ToList();
            public static int Nullable(MicroDbConnection db) => db.Table<Item>().GroupBy(x => x.Maybe + 1).Count();
            """);

        Assert.That(source, Does.Contain("""
            new InterceptedSite("SELECT \"Score\", count(*) FROM \"items\" GROUP BY ifnull((\"Score\" * ?), 0)").KeyValue("R", null, typeof(object));
            """));
        Assert.That(source, Does.Contain("""
            new InterceptedSite("SELECT \"Score\", \"Maybe\", count(*) FROM \"items\" GROUP BY ifnull(coalesce(\"Maybe\", \"Score\"), 0)");
            """));
        Assert.That(source, Does.Contain("""
            new InterceptedSite("SELECT count(*) FROM (SELECT 1 FROM \"items\" GROUP BY (\"Maybe\" + ?))").KeyValue("R", null, typeof(object));
            """));
    }

    [Test]
    public void Conditional_keys_choose_members_and_check_a_double_comparison_as_a_where_does()
    {
        var source = Clean("""
            public static object Members(MicroDbConnection db) => db.Table<Item>().GroupBy(x => x.Count > 3 ? x.Name : x.Other).Select(g => new { g.Key, N = g.Count() }).ToList();
            public static object Sides(MicroDbConnection db) => db.Table<Item>().GroupBy(x => x.Score > 1.5 ? "up" : "down").Select(g => new { g.Key, N = g.Count() }).ToList();
            """);

        Assert.That(source, Does.Contain("""
            new InterceptedSite("SELECT \"Name\", \"Other\", \"Count\", count(*) FROM \"items\" GROUP BY (CASE WHEN (\"Count\" > ?) THEN \"Name\" ELSE \"Other\" END)").KeyValue("cR", "Count", typeof(int));
            """));
        Assert.That(source, Does.Contain("""
            new InterceptedSite("SELECT \"Score\", count(*) FROM \"items\" GROUP BY (CASE WHEN ((\"Score\" IS NOT NULL AND \"Score\" > ?)) THEN ? ELSE ? END)").KeyValue("cR", "Score", typeof(double)).KeyValue("t", null, typeof(object)).KeyValue("f", null, typeof(object)).Real(0, ">", false);
            """));
    }

    [Test]
    public void A_day_of_year_key_gets_the_run_time_sql_per_format()
    {
        var source = Clean("""
            public static object Q(MicroDbConnection db) => db.Table<Item>().GroupBy(x => x.At.DayOfYear).Select(g => new { g.Key, N = g.Count() }).ToList();
            """);

        Assert.That(source, Does.Contain("""
            new InterceptedSite("SELECT \"At\", count(*) FROM \"items\" GROUP BY CAST(strftime('%j', ((\"At\" & 4611686018427387903) / 864000000000) + 1721425.5) AS INTEGER)").Formats(true, "SELECT \"At\", count(*) FROM \"items\" GROUP BY CAST(strftime('%j', ((\"At\" & 4611686018427387903) / 864000000000) + 1721425.5) AS INTEGER)", true).DateParts("SELECT \"At\", count(*) FROM \"items\" GROUP BY CAST(strftime('%j', substr(\"At\", 1, 10)) AS INTEGER)", false);
            """));
    }

    [Test]
    public void Ordering_by_bool_enum_and_guid_key_parts_and_a_nullable_short_min_is_lowered()
    {
        var source = Clean("""
            public static object Parts(MicroDbConnection db) => db.Table<Item>().GroupBy(x => new { x.Active, x.Level, x.Tag }).OrderBy(g => g.Key.Active).ThenByDescending(g => g.Key.Level).ThenBy(g => g.Key.Tag).Select(g => new { g.Key, N = g.Count() }).ToList();
            public static object Small(MicroDbConnection db) => db.Table<Item>().GroupBy(x => x.Count).OrderBy(g => g.Min(x => x.Small)).Select(g => new { g.Key, S = g.Min(x => x.Small) }).ToList();
            """);

        Assert.That(source, Does.Contain("""
            new InterceptedSite("SELECT \"Active\", \"Level\", \"Tag\", count(*) FROM \"items\" GROUP BY \"Active\", \"Level\", \"Tag\" ORDER BY \"Active\", \"Level\" DESC, \"Tag\"");
            """));
        Assert.That(source, Does.Contain("""
            new InterceptedSite("SELECT \"Count\", min(\"Small\") FROM \"items\" GROUP BY \"Count\" ORDER BY min(\"Small\")");
            """));
    }

    [TestCase("db.Table<Item>().GroupBy(x => x.At.TimeOfDay).Count()", "the grouping key 'x.At.TimeOfDay' has no SQL translation (the run-time path refuses it too)")]
    [TestCase("db.Table<Item>().GroupBy(x => x.Name.PadLeft(4)).Count()", "'x.Name.PadLeft(4)' is not lowered at build time")]
    [TestCase("db.Table<Item>().GroupBy(x => x.Count > 1 ? x.At : x.At).Count()", "of type System.DateTime")]
    public void Keys_that_stay_declined_say_why(string query, string reason)
    {
        var result = GeneratorHarness.Run(Queries("public static object Q(MicroDbConnection db) => " + query + ";"));

        Assert.That(result.Errors, Is.Empty, () => result.Describe(result.Errors));
        var info = result.GeneratorDiagnostics.Single(d => d.Id == "MDB0013");
        Assert.That(info.GetMessage(), Does.Contain(reason));
        Assert.That(info.Severity, Is.EqualTo(DiagnosticSeverity.Info));
    }
}
