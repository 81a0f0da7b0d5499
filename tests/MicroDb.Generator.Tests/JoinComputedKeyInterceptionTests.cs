using MicroDb.Generator.Tests.Infrastructure;
using Microsoft.CodeAnalysis;

namespace MicroDb.Generator.Tests;

/// <summary>
/// Computed join keys (arithmetic, conversions between integers, a composite key's computed part) are intercepted with the
/// run time's ON condition, their values read in it (<c>JoinedOnValue</c>, under one L per joined-table Where); ordering by
/// a Guid is lowered on one table and on a join; a computed key that can be null, of a RightJoin or of other types stays
/// declined (MDB0013).
/// </summary>
public class JoinComputedKeyInterceptionTests
{
    private const string HintName = "MicroDb.Generated.QueryInterceptors.g.cs";

    private const string Model = """
        using MicroDb;
        namespace Shop;
        public enum Wide : ulong { One = 1, High = 0x8000_0000_0000_0001 }
        [Table("sales")]
        public class Sale
        {
            [PrimaryKey, AutoIncrement] public int Id { get; set; }
            public int Year { get; set; }
            public int Month { get; set; }
            public int CustomerId { get; set; }
            public int? MaybeMonth { get; set; }
            public System.Guid Tag { get; set; }
            public ulong Big { get; set; }
            public ulong? MaybeBig { get; set; }
            public Wide Kind { get; set; }
        }
        [Table("plans")]
        public class Plan
        {
            [PrimaryKey, AutoIncrement] public int Id { get; set; }
            public int Period { get; set; }
            public long Code { get; set; }
            public int Target { get; set; }
            public int? MaybePeriod { get; set; }
            public System.Guid Tag { get; set; }
            public ulong Big { get; set; }
            public ulong? MaybeBig { get; set; }
            public Wide Kind { get; set; }
        }
        """;

    private static string Queries(string body) => Model + "\npublic static class Queries\n{\n" + body + "\n}\n";

    private static GenerationResult Lowered(string body)
    {
        var result = GeneratorHarness.Run(Queries(body));
        Assert.That(result.GeneratorDiagnostics, Is.Empty, () => result.Describe(result.GeneratorDiagnostics));
        Assert.That(result.Errors, Is.Empty, () => result.Describe(result.Errors));
        Assert.That(result.GeneratedCodeProblems, Is.Empty, () => result.Describe(result.GeneratedCodeProblems));
        return result;
    }

    [Test]
    public void An_arithmetic_key_is_written_as_the_run_time_writes_it_with_its_values_in_the_on_condition()
    {
        var result = Lowered("""
            public static int Q(MicroDbConnection db, int hundred) =>
                db.Table<Sale>().Join(db.Table<Plan>().Where(p => p.Target > 5), s => s.Year * hundred + s.Month, p => p.Period, (s, p) => s.Id).Count();
            """);

        var source = result.Sources[HintName];
        Assert.That(source, Does.Contain("""
            INNER JOIN \"plans\" AS \"t1\" ON ((((\"t0\".\"Year\" * ?) + \"t0\".\"Month\") = \"t1\".\"Period\") AND (\"t1\".\"Target\" > ?))
            """.Trim()), source);
        Assert.That(source, Does.Contain(""".JoinedOnValue(1, "LLLR", "", typeof(int)).JoinedOnValue(1, "RR", "Target", typeof(int))"""), source);
    }

    [Test]
    public void A_conversion_key_and_a_composite_key_with_a_computed_part_are_intercepted()
    {
        var result = Lowered("""
            public static int Converted(MicroDbConnection db) =>
                db.Table<Sale>().Join(db.Table<Plan>(), s => (long)s.CustomerId, p => p.Code, (s, p) => s.Id).Count();
            public static int Composite(MicroDbConnection db) =>
                db.Table<Sale>().LeftJoin(db.Table<Plan>(), s => new { s.Id, P = s.Year * 100 + s.Month }, p => new { p.Id, P = p.Period }, (s, p) => s.Id).Count();
            public static System.Threading.Tasks.ValueTask<long> Async(MicroDbAsyncConnection db) =>
                db.Table<Sale>().Join(db.Table<Plan>(), s => -s.Month, p => p.Period % 100, (s, p) => s.Id).LongCountAsync();
            """);

        var source = result.Sources[HintName];
        Assert.That(source, Does.Contain("ON (\\\"t0\\\".\\\"CustomerId\\\" = \\\"t1\\\".\\\"Code\\\")"), source);
        Assert.That(source, Does.Contain("ON ((\\\"t0\\\".\\\"Id\\\" = \\\"t1\\\".\\\"Id\\\") AND (((\\\"t0\\\".\\\"Year\\\" * ?) + \\\"t0\\\".\\\"Month\\\") = \\\"t1\\\".\\\"Period\\\"))"), source);
        Assert.That(source, Does.Contain(""".JoinedOnValue(1, "RLLR", "", typeof(int))"""), source);
        Assert.That(source, Does.Contain(".JoinedOnValue(1, \"RR\", \"\", typeof(int))"), source);
    }

    [Test]
    public void Ulong_keys_compare_their_sign_flipped_keys_with_the_constants_bound()
    {
        var result = Lowered("""
            public static int Big(MicroDbConnection db) => db.Table<Sale>().Join(db.Table<Plan>(), s => s.Big, p => p.Big, (s, p) => s.Id).Count();
            public static int Maybe(MicroDbConnection db) => db.Table<Sale>().LeftJoin(db.Table<Plan>(), s => s.MaybeBig, p => p.MaybeBig, (s, p) => s.Id).Count();
            public static int Kind(MicroDbConnection db) => db.Table<Sale>().Join(db.Table<Plan>(), s => s.Kind, p => p.Kind, (s, p) => s.Id).Count();
            """);

        var source = result.Sources[HintName];
        Assert.That(source, Does.Contain("""ON (((\"t0\".\"Big\" | ?) - (\"t0\".\"Big\" & ?)) = ((\"t1\".\"Big\" | ?) - (\"t1\".\"Big\" & ?)))").JoinedFixedValue(long.MinValue).JoinedFixedValue(long.MinValue).JoinedFixedValue(long.MinValue).JoinedFixedValue(long.MinValue);"""), source);
        Assert.That(source, Does.Contain("""IS ((\"t1\".\"MaybeBig\" | ?) - (\"t1\".\"MaybeBig\" & ?))) AND (\"t0\".\"MaybeBig\" IS NOT NULL))"""), source);
        Assert.That(source, Does.Contain("""ON (((\"t0\".\"Kind\" | ?)"""), source);
    }

    [Test]
    public void Ordering_by_a_guid_is_lowered_on_one_table_and_on_a_join()
    {
        var result = Lowered("""
            public static object One(MicroDbConnection db) => db.Table<Sale>().OrderBy(s => s.Tag).ThenByDescending(s => s.Id).ToList();
            public static object Joined(MicroDbConnection db) =>
                db.Table<Sale>().Join(db.Table<Plan>(), s => s.Id, p => p.Id, (s, p) => new { s.Id, p.Tag }).OrderByDescending(x => x.Tag).ToList();
            """);

        var source = result.Sources[HintName];
        Assert.That(source, Does.Contain("FROM \\\"sales\\\" ORDER BY \\\"Tag\\\", \\\"Id\\\" DESC"), source);
        Assert.That(source, Does.Contain("ORDER BY \\\"t1\\\".\\\"Tag\\\" DESC"), source);
    }

    [Test]
    public void A_conditional_choosing_another_rows_value_is_computed_over_the_rows()
    {
        var result = Lowered("""
            public static object Q(MicroDbConnection db) =>
                db.Table<Sale>().LeftJoin(db.Table<Plan>(), s => s.Id, p => p.Id, (s, p) => new { s.Id, V = p == null ? s.Month : p.Target }).ToList();
            """);

        var source = result.Sources[HintName];
        Assert.That(source, Does.Contain("@V = (statement.IsNull(3) ? (int)(statement.GetInt32(1)) : statement.GetInt32(2))"), source);
    }

    [TestCase("s => s.Year * 100 + s.MaybeMonth, p => p.MaybePeriod", "a computed key that can be null")]
    [TestCase("s => s.Year * 1.5f, p => (float)p.Period", "the conversion 's.Year' in a comparison of the row's values is not lowered")]
    [TestCase("s => (decimal)s.Year, p => (decimal)p.Period", "a computed key is lowered at build time as integer or double arithmetic")]
    public void A_computed_key_the_generator_does_not_lower_says_why(string keys, string reason)
    {
        var result = GeneratorHarness.Run(Queries("public static int Q(MicroDbConnection db) => db.Table<Sale>().Join(db.Table<Plan>(), " + keys + ", (s, p) => s.Id).Count();"));

        Assert.That(result.Errors, Is.Empty, () => result.Describe(result.Errors));
        var info = result.GeneratorDiagnostics.Single(d => d.Id == "MDB0013");
        Assert.That(info.GetMessage(), Does.Contain(reason));
        Assert.That(info.Severity, Is.EqualTo(DiagnosticSeverity.Info));
    }

    [Test]
    public void A_computed_key_of_a_right_join_stays_declined()
    {
        var result = GeneratorHarness.Run(Queries("public static int Q(MicroDbConnection db) => db.Table<Sale>().RightJoin(db.Table<Plan>(), s => s.Year * 100 + s.Month, p => p.Period, (s, p) => p.Id).Count();"));

        Assert.That(result.Errors, Is.Empty, () => result.Describe(result.Errors));
        var info = result.GeneratorDiagnostics.Single(d => d.Id == "MDB0013");
        Assert.That(info.GetMessage(), Does.Contain("the keys of 'RightJoin' are not members of the rows"));
    }
}
