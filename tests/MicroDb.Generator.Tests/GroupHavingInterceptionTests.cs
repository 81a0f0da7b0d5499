using MicroDb.Generator.Tests.Infrastructure;
using Microsoft.CodeAnalysis;

namespace MicroDb.Generator.Tests;

/// <summary>
/// The build-time front end on HAVING and ORDER BY over the aggregates beyond the integer and double ones: a decimal
/// member's Sum/Average through its exact key (the value bound by <c>HavingKeyValue</c>), <c>Count(predicate)</c>, a
/// string member's Min/Max and a nullable integer member's Sum/Min/Max (IS, and an IS NOT NULL guard), written as the run
/// time writes them; MDB0013 for what stays declined.
/// </summary>
public class GroupHavingInterceptionTests
{
    private const string HintName = "MicroDb.Generated.QueryInterceptors.g.cs";

    private const string Model = """
        using System.Linq;
        using MicroDb;
        namespace Shop;
        [Table("sales")]
        public class Sale
        {
            [PrimaryKey, AutoIncrement] public int Id { get; set; }
            public int Region { get; set; }
            public decimal Price { get; set; }
            public decimal? Discount { get; set; }
            public int? Rank { get; set; }
            public string? Name { get; set; }
            public bool Paid { get; set; }
            public System.DateTime At { get; set; }
            public System.Guid Code { get; set; }
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
    public void A_decimal_sum_and_average_compare_through_their_exact_key()
    {
        var source = Clean("""
            public static object Q(MicroDbConnection db, decimal cut) =>
                db.Table<Sale>().GroupBy(s => s.Region).Where(g => g.Sum(x => x.Price) > cut && 2.5m <= g.Average(x => x.Price)).Select(g => g.Key).ToList();
            """);

        Assert.That(source, Does.Contain("""
            new InterceptedSite("SELECT \"Region\" FROM \"sales\" GROUP BY \"Region\" HAVING ((microdb_sum_decimal_key(\"Price\") > ?) AND (microdb_avg_decimal_key(\"Price\") >= ?))").HavingKeyValue(0, "LR", "Price", typeof(decimal)).HavingKeyValue(0, "RL", "Price", typeof(decimal));
            """));
    }

    [Test]
    public void A_nullable_aggregate_is_guarded_and_compared_with_is()
    {
        var source = Clean("""
            public static object Q(MicroDbConnection db, int low) =>
                db.Table<Sale>().GroupBy(s => s.Region).Where(g => g.Max(x => x.Rank) > low || g.Sum(x => x.Discount) == 1m || g.Min(x => x.Name) != "a")
                    .OrderBy(g => g.Min(x => x.Rank)).Select(g => g.Key).ToList();
            """);

        Assert.That(source, Does.Contain("""
            new InterceptedSite("SELECT \"Region\" FROM \"sales\" GROUP BY \"Region\" HAVING (((max(\"Rank\") IS NOT NULL AND max(\"Rank\") > ?) OR (microdb_sum_decimal_key(\"Discount\") IS ?)) OR (microdb_min_text(\"Name\") IS NOT ?)) ORDER BY min(\"Rank\")").HavingValue(0, "LLR", null, typeof(object)).HavingKeyValue(0, "LRR", "Discount", typeof(decimal)).HavingValue(0, "RR", null, typeof(object));
            """));
    }

    [Test]
    public void A_double_result_compares_by_its_key_with_the_aggregate_on_the_left()
    {
        var source = Clean("""
            public static object Q(MicroDbConnection db, double mid) =>
                db.Table<Sale>().GroupBy(s => s.Region).Where(g => mid < g.Average(x => x.Rank) || 2 < g.Average(x => x.Region)).OrderBy(g => g.Average(x => x.Rank)).Select(g => g.Key).ToList();
            """);

        // A nullable member's average is guarded and compared as it is; a non-nullable one through ifnull (NaN is stored as NULL).
        Assert.That(source, Does.Contain("""
            new InterceptedSite("SELECT \"Region\" FROM \"sales\" GROUP BY \"Region\" HAVING ((avg(\"Rank\") IS NOT NULL AND avg(\"Rank\") > ?) OR (ifnull(avg(\"Region\"), 0) > ?)) ORDER BY avg(\"Rank\")").HavingValue(0, "LL", null, typeof(object)).HavingValue(0, "RL", null, typeof(object));
            """));
    }

    [Test]
    public void Count_of_a_predicate_in_having_and_ordering_is_the_select_lists_count()
    {
        var source = Clean("""
            public static object Q(MicroDbConnection db) =>
                db.Table<Sale>().GroupBy(s => s.Region).Where(g => g.Count(x => x.Paid) > 1).OrderByDescending(g => g.LongCount(x => !x.Paid)).Select(g => g.Key).ToList();
            """);

        Assert.That(source, Does.Contain("""
            new InterceptedSite("SELECT \"Region\" FROM \"sales\" GROUP BY \"Region\" HAVING (count(CASE WHEN (\"Paid\" = 1) THEN 1 ELSE NULL END) > ?) ORDER BY count(CASE WHEN (NOT (\"Paid\" = 1)) THEN 1 ELSE NULL END) DESC").HavingValue(0, "R", null, typeof(object));
            """));
    }

    [Test]
    public void Extremes_of_dates_and_decimals_compare_by_their_order_keys_per_storage_format()
    {
        var source = Clean("""
            public static object Q(MicroDbConnection db, System.DateTime cut, decimal top) =>
                db.Table<Sale>().GroupBy(s => s.Region).Where(g => g.Max(x => x.At) > cut && top == g.Min(x => x.Price))
                    .OrderBy(g => g.Min(x => x.At)).Select(g => g.Key).ToList();
            """);

        // MicroDb's format: the least (greatest) order key, the value bound as that key; sqlite-net's with DateTime ticks:
        // the chosen value, compared as stored; the run time refuses a decimal's under any sqlite-net format and a DateTime
        // stored as text, so SqliteNetRuns(false, false) sends those runs to it.
        Assert.That(source, Does.Contain(""""
            new InterceptedSite("SELECT \"Region\" FROM \"sales\" GROUP BY \"Region\" HAVING ((max((\"At\" & 4611686018427387903)) > ?) AND (min((CASE WHEN substr(\"Price\", 1, 1) = '-' THEN '0' || replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(substr('00000000000000000000000000000' || substr(ltrim(\"Price\", '-'), 1, instr(ltrim(\"Price\", '-') || '.', '.') - 1), -29) || substr(substr(ltrim(\"Price\", '-'), instr(ltrim(\"Price\", '-') || '.', '.') + 1) || '0000000000000000000000000000', 1, 28), '0', 'j'), '1', 'i'), '2', 'h'), '3', 'g'), '4', 'f'), '5', 'e'), '6', 'd'), '7', 'c'), '8', 'b'), '9', 'a') ELSE '1' || substr('00000000000000000000000000000' || substr(ltrim(\"Price\", '-'), 1, instr(ltrim(\"Price\", '-') || '.', '.') - 1), -29) || substr(substr(ltrim(\"Price\", '-'), instr(ltrim(\"Price\", '-') || '.', '.') + 1) || '0000000000000000000000000000', 1, 28) END)) = ?)) ORDER BY min((\"At\" & 4611686018427387903))").HavingKeyValue(0, "LR", "At", typeof(global::System.DateTime)).HavingKeyValue(0, "RL", "Price", typeof(decimal)).Formats(true, "SELECT \"Region\" FROM \"sales\" GROUP BY \"Region\" HAVING ((microdb_max(\"At\", \"At\") > ?) AND (microdb_min((CASE WHEN CAST(\"Price\" AS REAL) IS NULL THEN NULL WHEN abs(CAST(\"Price\" AS REAL)) < 1e-13 THEN CAST(printf('%.28f', CAST(\"Price\" AS REAL)) AS REAL) ELSE CAST(printf('%.15g', CAST(\"Price\" AS REAL)) AS REAL) END), \"Price\") = ?)) ORDER BY microdb_min(\"At\", \"At\")", false).SqliteNetRuns(false, false);
            """"));
    }

    [TestCase("Where(g => g.Sum(x => x.Price) - g.Min(x => x.Price) > 1m).Select(g => g.Key)", "is not an aggregate, an integer key member or integer or double arithmetic over them")]
    [TestCase("Where(g => g.Max(x => x.At).Year > 2000).Select(g => g.Key)", "'g.Max(x => x.At).Year' is not a member of the row")]
    [TestCase("Where(g => g.Max(x => x.Code) != System.Guid.Empty).Select(g => g.Key)", "Max of a Guid member has no SQL translation (the run-time path refuses it too)")]
    [TestCase("Select(g => new { g.Key, First = g.Min(x => x.Code) })", "Min of a Guid member has no SQL translation (the run-time path refuses it too)")]
    [TestCase("Select(g => new { g.Key, Last = g.Max(x => x.Code) })", "Max of a Guid member has no SQL translation (the run-time path refuses it too)")]
    public void What_stays_declined_says_why(string rest, string reason)
    {
        var result = GeneratorHarness.Run(Queries("public static object Q(MicroDbConnection db) => db.Table<Sale>().GroupBy(s => s.Region)." + rest + ".ToList();"));

        Assert.That(result.Errors, Is.Empty, () => result.Describe(result.Errors));
        var info = result.GeneratorDiagnostics.Single(d => d.Id == "MDB0013");
        Assert.That(info.GetMessage(), Does.Contain(reason));
        Assert.That(info.Severity, Is.EqualTo(DiagnosticSeverity.Info));
    }
}
