using MicroDb.Generator.Tests.Infrastructure;
using Microsoft.CodeAnalysis;

namespace MicroDb.Generator.Tests;

/// <summary>
/// The build-time front end on the HAVING forms beyond one aggregate or key part compared with a value (issue 22): two
/// values of the groups compared, an aggregate compared with null or its <c>HasValue</c>, arithmetic over aggregates, a
/// double key part, a key's Date, a computed, conditional or case-mapped key compared as its GROUP BY term, and the aggregates of short,
/// byte and float members, each written as the run-time translator writes it; MDB0013 for what stays declined.
/// </summary>
public class GroupHavingMoreInterceptionTests
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
            public long Units { get; set; }
            public double Score { get; set; }
            public double? Rating { get; set; }
            public decimal Price { get; set; }
            public decimal? Discount { get; set; }
            public int? Rank { get; set; }
            public string? Name { get; set; }
            public System.DateTime At { get; set; }
            public short? Small { get; set; }
            public byte Tiny { get; set; }
            public float Weight { get; set; }
            public float? Load { get; set; }
        }
        """;

    private static string Site(string query)
    {
        var result = GeneratorHarness.Run(Model + "\npublic static class Queries\n{\n    public static object Q(MicroDbConnection db, int v, double d) => " + query + ";\n}\n");
        Assert.That(result.GeneratorDiagnostics, Is.Empty, () => result.Describe(result.GeneratorDiagnostics));
        Assert.That(result.Errors, Is.Empty, () => result.Describe(result.Errors));
        Assert.That(result.GeneratedCodeProblems, Is.Empty, () => result.Describe(result.GeneratedCodeProblems));
        var line = result.Sources[HintName].Split('\n').Single(l => l.Contains("new InterceptedSite(", System.StringComparison.Ordinal));
        return line.Substring(line.IndexOf("new InterceptedSite(", System.StringComparison.Ordinal)).TrimEnd();
    }

    private const string Groups = "db.Table<Sale>().GroupBy(s => s.Region).";

    private static IEnumerable<TestCaseData> Lowered()
    {
        yield return new TestCaseData(@"db.Table<Sale>().GroupBy(s => s.At.Date).Where(g => g.Key > System.DateTime.MinValue).Select(g => g.Key).ToList()", @"new InterceptedSite(""SELECT \""At\"" FROM \""sales\"" GROUP BY ((\""At\"" - ((\""At\"" & 4611686018427387903) % 864000000000)) & 4611686018427387903) HAVING (((\""At\"" - ((\""At\"" & 4611686018427387903) % 864000000000)) & 4611686018427387903) > ?)"").HavingKeyValue(0, ""R"", ""At"", typeof(global::System.DateTime)).Formats(true, ""SELECT \""At\"" FROM \""sales\"" GROUP BY (\""At\"" - ((\""At\"" & 4611686018427387903) % 864000000000)) HAVING ((\""At\"" - ((\""At\"" & 4611686018427387903) % 864000000000)) > ?)"", true).DateParts(null, false);").SetName("A_keys_date_compares_as_its_group_by_term_per_storage_format");
        yield return new TestCaseData(@"db.Table<Sale>().GroupBy(s => s.Region).Where(g => g.Sum(x => x.Units) > g.Sum(x => x.Region) || g.Max(x => x.Region) == g.Min(x => x.Region)).Select(g => g.Key).ToList()", @"new InterceptedSite(""SELECT \""Region\"" FROM \""sales\"" GROUP BY \""Region\"" HAVING ((coalesce(sum(\""Units\""), 0) > coalesce(sum(\""Region\""), 0)) OR (max(\""Region\"") = min(\""Region\"")))"");").SetName("Two_aggregates_compare_as_the_run_time_writes_them");
        yield return new TestCaseData(@"db.Table<Sale>().GroupBy(s => s.Region).Where(g => g.Average(x => x.Score) > g.Average(x => x.Units) && g.Max(x => x.Rank) >= g.Min(x => x.Rank)).Select(g => g.Key).ToList()", @"new InterceptedSite(""SELECT \""Region\"" FROM \""sales\"" GROUP BY \""Region\"" HAVING ((ifnull(avg(\""Score\""), 0) > ifnull(avg(\""Units\""), 0)) AND (max(\""Rank\"") IS NOT NULL AND min(\""Rank\"") IS NOT NULL AND max(\""Rank\"") >= min(\""Rank\"")))"");").SetName("Double_results_compare_by_their_keys_and_nullable_ones_are_guarded");
        yield return new TestCaseData(@"db.Table<Sale>().GroupBy(s => s.Region).Where(g => g.Sum(x => x.Price) > g.Sum(x => x.Discount) || g.Max(x => x.At) != g.Min(x => x.At)).Select(g => g.Key).ToList()", @"new InterceptedSite(""SELECT \""Region\"" FROM \""sales\"" GROUP BY \""Region\"" HAVING ((microdb_sum_decimal(\""Price\"") IS NOT NULL AND microdb_sum_decimal(\""Discount\"") IS NOT NULL AND microdb_sum_decimal_key(\""Price\"") > microdb_sum_decimal_key(\""Discount\"")) OR (max((\""At\"" & 4611686018427387903)) <> min((\""At\"" & 4611686018427387903))))"").Formats(true, ""SELECT \""Region\"" FROM \""sales\"" GROUP BY \""Region\"" HAVING ((microdb_sum_decimal(\""Price\"") IS NOT NULL AND microdb_sum_decimal(\""Discount\"") IS NOT NULL AND microdb_sum_decimal_key(\""Price\"") > microdb_sum_decimal_key(\""Discount\"")) OR (microdb_max(\""At\"", \""At\"") <> microdb_min(\""At\"", \""At\"")))"", false).SqliteNetRuns(true, false);").SetName("Decimal_totals_and_date_extremes_compare_by_their_order_keys_per_storage_format");
        yield return new TestCaseData(@"db.Table<Sale>().GroupBy(s => s.Region).Where(g => g.Count() > g.Key && g.Key < g.Max(x => x.Region) && g.Average(x => x.Region) > g.Key).Select(g => g.Key).ToList()", @"new InterceptedSite(""SELECT \""Region\"" FROM \""sales\"" GROUP BY \""Region\"" HAVING (((count(*) > \""Region\"") AND (\""Region\"" < max(\""Region\""))) AND (ifnull(avg(\""Region\""), 0) > ifnull(CAST(\""Region\"" AS REAL), 0)))"");").SetName("An_aggregate_compares_with_a_key_part_an_integer_key_converted_to_double_is_cast");
        yield return new TestCaseData(@"db.Table<Sale>().GroupBy(s => s.Region).Where(g => g.Max(x => x.Rank) == null || g.Sum(x => x.Rating) != null || g.Min(x => x.Name) == null).Select(g => g.Key).ToList()", @"new InterceptedSite(""SELECT \""Region\"" FROM \""sales\"" GROUP BY \""Region\"" HAVING (((max(\""Rank\"") IS NULL) OR (coalesce(sum(\""Rating\""), 0) IS NOT NULL)) OR (microdb_min_text(\""Name\"") IS NULL))"");").SetName("An_aggregate_compared_with_null_is_its_select_list_form_tested_for_null");
        yield return new TestCaseData(@"db.Table<Sale>().GroupBy(s => s.Region).Where(g => g.Max(x => x.Rank).HasValue && !g.Min(x => x.Discount).HasValue).Select(g => g.Key).ToList()", @"new InterceptedSite(""SELECT \""Region\"" FROM \""sales\"" GROUP BY \""Region\"" HAVING ((max(\""Rank\"") IS NOT NULL) AND (NOT (microdb_min((CASE WHEN substr(\""Discount\"", 1, 1) = '-' THEN '0' || replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(substr('00000000000000000000000000000' || substr(ltrim(\""Discount\"", '-'), 1, instr(ltrim(\""Discount\"", '-') || '.', '.') - 1), -29) || substr(substr(ltrim(\""Discount\"", '-'), instr(ltrim(\""Discount\"", '-') || '.', '.') + 1) || '0000000000000000000000000000', 1, 28), '0', 'j'), '1', 'i'), '2', 'h'), '3', 'g'), '4', 'f'), '5', 'e'), '6', 'd'), '7', 'c'), '8', 'b'), '9', 'a') ELSE '1' || substr('00000000000000000000000000000' || substr(ltrim(\""Discount\"", '-'), 1, instr(ltrim(\""Discount\"", '-') || '.', '.') - 1), -29) || substr(substr(ltrim(\""Discount\"", '-'), instr(ltrim(\""Discount\"", '-') || '.', '.') + 1) || '0000000000000000000000000000', 1, 28) END), \""Discount\"") IS NOT NULL)))"").Formats(true, ""SELECT \""Region\"" FROM \""sales\"" GROUP BY \""Region\"" HAVING ((max(\""Rank\"") IS NOT NULL) AND (NOT (microdb_min((CASE WHEN CAST(\""Discount\"" AS REAL) IS NULL THEN NULL WHEN abs(CAST(\""Discount\"" AS REAL)) < 1e-13 THEN CAST(printf('%.28f', CAST(\""Discount\"" AS REAL)) AS REAL) ELSE CAST(printf('%.15g', CAST(\""Discount\"" AS REAL)) AS REAL) END), \""Discount\"") IS NOT NULL)))"", false).SqliteNetRuns(false, false);").SetName("HasValue_of_a_nullable_aggregate_is_is_not_null");
        yield return new TestCaseData(@"db.Table<Sale>().GroupBy(s => s.Region).Where(g => g.Sum(x => x.Region) / g.Count() > v && g.Max(x => x.Region) - g.Min(x => x.Region) > 5).Select(g => g.Key).ToList()", @"new InterceptedSite(""SELECT \""Region\"" FROM \""sales\"" GROUP BY \""Region\"" HAVING (((coalesce(sum(\""Region\""), 0) / count(*)) > ?) AND ((max(\""Region\"") - min(\""Region\"")) > ?))"").HavingValue(0, ""LR"", null, typeof(object)).HavingValue(0, ""RR"", null, typeof(object));").SetName("Arithmetic_over_aggregates_compares_with_a_value");
        yield return new TestCaseData(@"db.Table<Sale>().GroupBy(s => s.Region).Where(g => 2 * g.Sum(x => x.Units) >= v || g.Sum(x => x.Score) - g.Min(x => x.Score) > d || g.Sum(x => x.Rank) + 1 > v).Select(g => g.Key).ToList()", @"new InterceptedSite(""SELECT \""Region\"" FROM \""sales\"" GROUP BY \""Region\"" HAVING ((((? * coalesce(sum(\""Units\""), 0)) >= ?) OR (ifnull((coalesce(sum(\""Score\""), 0) - min(\""Score\"")), 0) > ?)) OR ((coalesce(sum(\""Rank\""), 0) + ?) IS NOT NULL AND (coalesce(sum(\""Rank\""), 0) + ?) > ?))"").HavingValue(0, ""LLLL"", null, typeof(object)).HavingValue(0, ""LLR"", null, typeof(object)).HavingValue(0, ""LRR"", null, typeof(object)).HavingValue(0, ""RLR"", null, typeof(object)).HavingValue(0, ""RLR"", null, typeof(object)).HavingValue(0, ""RR"", null, typeof(object));").SetName("Arithmetic_binds_its_values_in_the_order_written_and_a_nullable_result_is_guarded_with_them_again");
        yield return new TestCaseData(@"db.Table<Sale>().GroupBy(s => s.Score).Where(g => g.Key > d || g.Key == 0.5).Select(g => g.Key).ToList()", @"new InterceptedSite(""SELECT \""Score\"" FROM \""sales\"" GROUP BY ifnull(\""Score\"", 0) HAVING (((\""Score\"" IS NOT NULL AND \""Score\"" > ?)) OR (\""Score\"" IS NOT NULL AND \""Score\"" = ?))"").HavingValue(0, ""LR"", ""Score"", typeof(double)).HavingValue(0, ""RR"", ""Score"", typeof(double)).Real(0, "">"", false).Real(1, ""="", false);").SetName("A_double_key_part_compares_as_a_where_compares_a_double_member");
        yield return new TestCaseData(@"db.Table<Sale>().GroupBy(s => s.Rating).Where(g => g.Key <= d).Select(g => g.Key).ToList()", @"new InterceptedSite(""SELECT \""Rating\"" FROM \""sales\"" GROUP BY \""Rating\"" HAVING (\""Rating\"" IS NOT NULL AND \""Rating\"" <= ?)"").HavingValue(0, ""R"", ""Rating"", typeof(double?));").SetName("A_nullable_double_key_part_is_guarded");
        yield return new TestCaseData(@"db.Table<Sale>().GroupBy(s => s.Region / 10).Where(g => g.Key > v || g.Key < g.Count()).Select(g => g.Key).ToList()", @"new InterceptedSite(""SELECT \""Region\"" FROM \""sales\"" GROUP BY (\""Region\"" / ?) HAVING (((\""Region\"" / ?) > ?) OR ((\""Region\"" / ?) < count(*)))"").KeyValue(""R"", null, typeof(object)).KeyValue(""R"", null, typeof(object)).HavingValue(0, ""LR"", null, typeof(object)).KeyValue(""R"", null, typeof(object));").SetName("A_computed_key_compares_as_its_group_by_term_with_its_values_bound_again");
        yield return new TestCaseData(@"db.Table<Sale>().GroupBy(s => s.Region > 3 ? ""big"" : ""small"").Where(g => g.Key == ""big"").Select(g => g.Key).ToList()", @"new InterceptedSite(""SELECT \""Region\"" FROM \""sales\"" GROUP BY (CASE WHEN (\""Region\"" > ?) THEN ? ELSE ? END) HAVING ((CASE WHEN (\""Region\"" > ?) THEN ? ELSE ? END) IS ?)"").KeyValue(""cR"", ""Region"", typeof(int)).KeyValue(""t"", null, typeof(object)).KeyValue(""f"", null, typeof(object)).KeyValue(""cR"", ""Region"", typeof(int)).KeyValue(""t"", null, typeof(object)).KeyValue(""f"", null, typeof(object)).HavingValue(0, ""R"", null, typeof(object));").SetName("A_conditional_key_compares_as_its_case_term");
        yield return new TestCaseData(@"db.Table<Sale>().GroupBy(s => new { Lower = s.Name!.ToLower(), s.Region }).Where(g => g.Key.Lower != ""a"" && g.Key.Region > v).Select(g => g.Key).ToList()", @"new InterceptedSite(""SELECT \""Region\"", \""Name\"" FROM \""sales\"" GROUP BY lower(\""Name\""), \""Region\"" HAVING ((lower(\""Name\"") IS NOT ?) AND (\""Region\"" > ?))"").HavingValue(0, ""LR"", null, typeof(object)).HavingValue(0, ""RR"", ""Region"", typeof(int));").SetName("A_case_mapped_key_part_compares_as_its_group_by_term_with_is");
        yield return new TestCaseData(@"db.Table<Sale>().GroupBy(s => s.Region).Where(g => g.Max(x => x.Small) > 2 || g.Min(x => x.Tiny) == 3 || g.Sum(x => x.Weight) > 1.5f || g.Average(x => x.Load) < 2f).Select(g => g.Key).ToList()", @"new InterceptedSite(""SELECT \""Region\"" FROM \""sales\"" GROUP BY \""Region\"" HAVING ((((max(\""Small\"") IS NOT NULL AND max(\""Small\"") > ?) OR (min(\""Tiny\"") = ?)) OR (ifnull(coalesce(sum(\""Weight\""), 0), 0) > ?)) OR (avg(\""Load\"") IS NOT NULL AND avg(\""Load\"") < ?))"").HavingValue(0, ""LLLR"", null, typeof(object)).HavingValue(0, ""LLRR"", null, typeof(object)).HavingValue(0, ""LRR"", null, typeof(object)).HavingValue(0, ""RR"", null, typeof(object));").SetName("Aggregates_of_short_byte_and_float_members_compare_as_the_run_time_writes_them");
        yield return new TestCaseData(@"db.Table<Sale>().GroupBy(s => s.Region).Select(g => new { g.Key, Total = g.Sum(x => x.Weight), Top = g.Max(x => x.Load) }).ToList()", @"new InterceptedSite(""SELECT \""Region\"", coalesce(sum(\""Weight\""), 0), max(\""Load\"") FROM \""sales\"" GROUP BY \""Region\"""");").SetName("Float_aggregates_are_selected");
    }

    [TestCaseSource(nameof(Lowered))]
    public void Is_lowered_as_the_run_time_writes_it(string query, string site) =>
        Assert.That(Site(query), Is.EqualTo(site));

    [TestCase("Where(g => g.Sum(x => x.Price) - g.Min(x => x.Price) > 1m)", "is not an aggregate, an integer key member or integer or double arithmetic over them")]
    [TestCase("Where(g => g.Max(x => x.At).Year > 2000)", "'g.Max(x => x.At).Year' is not a member of the row")]
    [TestCase("Where(g => g.Max(x => x.At) > g.Min(x => x.At).AddDays(1))", "is not an aggregate, an integer key member or integer or double arithmetic over them")]
    [TestCase("Where(g => g.Count() > (g.Key > 1 ? 1 : 2))", "is not an aggregate, an integer key member or integer or double arithmetic over them")]
    [TestCase("Where(g => g.Sum(x => x.Region) + g.Key.GetHashCode() > 1)", "is not an aggregate, an integer key member or integer or double arithmetic over them")]
    public void What_stays_declined_says_why(string rest, string reason)
    {
        var result = GeneratorHarness.Run(Model + "\npublic static class Queries\n{\n    public static object Q(MicroDbConnection db, int v, double d) => " + Groups + rest + ".Select(g => g.Key).ToList();\n}\n");

        Assert.That(result.Errors, Is.Empty, () => result.Describe(result.Errors));
        var info = result.GeneratorDiagnostics.Single(d => d.Id == "MDB0013");
        Assert.That(info.GetMessage(), Does.Contain(reason));
        Assert.That(info.Severity, Is.EqualTo(DiagnosticSeverity.Info));
    }
}
