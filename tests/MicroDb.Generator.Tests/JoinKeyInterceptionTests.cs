using MicroDb.Generator.Tests.Infrastructure;
using Microsoft.CodeAnalysis;

namespace MicroDb.Generator.Tests;

/// <summary>
/// The build-time front end on join keys whose ON condition follows the run time's stored-form rules (DateTime,
/// DateTimeOffset, decimal, double, enums by number and by name, nullable forms): the run time's text per storage format,
/// the site's Formats call where the texts differ, and MDB0013 for the key pairs that stay declined.
/// </summary>
public class JoinKeyInterceptionTests
{
    private const string HintName = "MicroDb.Generated.QueryInterceptors.g.cs";

    private const string Model = """
        using MicroDb;
        namespace Shop;
        public enum Level { Low = 1, High = 2 }
        public enum Wide : ulong { One = 1 }
        [Table("left_rows")]
        public class LeftRow
        {
            [PrimaryKey, AutoIncrement] public int Id { get; set; }
            public System.DateTime At { get; set; }
            public System.DateTime? MaybeAt { get; set; }
            [StoreAsText] public System.DateTime Stamp { get; set; }
            public System.DateTimeOffset When { get; set; }
            public decimal Price { get; set; }
            public decimal? MaybePrice { get; set; }
            public double Score { get; set; }
            public double? MaybeScore { get; set; }
            public Level Level { get; set; }
            public Level? MaybeLevel { get; set; }
            [StoreAsText] public Level LevelName { get; set; }
            public Wide Wide { get; set; }
        }
        [Table("right_rows")]
        public class RightRow
        {
            [PrimaryKey, AutoIncrement] public int Id { get; set; }
            public System.DateTime At { get; set; }
            public System.DateTime? MaybeAt { get; set; }
            [StoreAsText] public System.DateTime Stamp { get; set; }
            public System.DateTimeOffset When { get; set; }
            public decimal Price { get; set; }
            public decimal? MaybePrice { get; set; }
            public double Score { get; set; }
            public double? MaybeScore { get; set; }
            public Level Level { get; set; }
            public Level? MaybeLevel { get; set; }
            [StoreAsText] public Level LevelName { get; set; }
            public Wide Wide { get; set; }
        }
        """;

    private const string From = "FROM \\\"left_rows\\\" AS \\\"t0\\\" INNER JOIN \\\"right_rows\\\" AS \\\"t1\\\" ON ";

    private static string Queries(string body) => Model + "\npublic static class Queries\n{\n" + body + "\n}\n";

    private static string Clean(string body)
    {
        var result = GeneratorHarness.Run(Queries(body));
        Assert.That(result.GeneratorDiagnostics, Is.Empty, () => result.Describe(result.GeneratorDiagnostics));
        Assert.That(result.Errors, Is.Empty, () => result.Describe(result.Errors));
        Assert.That(result.GeneratedCodeProblems, Is.Empty, () => result.Describe(result.GeneratedCodeProblems));
        return result.Sources[HintName];
    }

    /// <summary>The site of a join counted over <paramref name="keys"/> (the key selectors and the result, as Join's arguments).</summary>
    private static string CountSite(string keys) =>
        Clean("public static int Q(MicroDbConnection db) => db.Table<LeftRow>().Join(db.Table<RightRow>(), " + keys + ").Count();");

    [Test]
    public void A_DateTime_key_compares_the_masked_ticks_under_microdb_and_the_column_under_sqlite_net()
    {
        var source = CountSite("a => a.At, b => b.At, (a, b) => a.Id");

        Assert.That(source, Does.Contain("new InterceptedSite(\"SELECT count(*) " + From + "((\\\"t0\\\".\\\"At\\\" & 4611686018427387903) = (\\\"t1\\\".\\\"At\\\" & 4611686018427387903))\")"
            + ".Formats(true, \"SELECT count(*) " + From + "(\\\"t0\\\".\\\"At\\\" = \\\"t1\\\".\\\"At\\\")\", true);"), source);
    }

    [Test]
    public void A_nullable_DateTime_key_is_compared_with_IS_and_its_outer_side_not_null()
    {
        var source = CountSite("a => a.MaybeAt, b => (System.DateTime?)b.At, (a, b) => a.Id");

        Assert.That(source, Does.Contain("new InterceptedSite(\"SELECT count(*) " + From
            + "(((\\\"t0\\\".\\\"MaybeAt\\\" & 4611686018427387903) IS (\\\"t1\\\".\\\"At\\\" & 4611686018427387903)) AND (\\\"t0\\\".\\\"MaybeAt\\\" IS NOT NULL))\")"
            + ".Formats(true, \"SELECT count(*) " + From + "((\\\"t0\\\".\\\"MaybeAt\\\" IS \\\"t1\\\".\\\"At\\\") AND (\\\"t0\\\".\\\"MaybeAt\\\" IS NOT NULL))\", true);"), source);
    }

    [Test]
    public void A_text_DateTime_key_compares_without_its_kind_suffix_under_microdb()
    {
        var source = CountSite("a => a.Stamp, b => b.Stamp, (a, b) => a.Id");

        Assert.That(source, Does.Contain("new InterceptedSite(\"SELECT count(*) " + From + "(substr(\\\"t0\\\".\\\"Stamp\\\", 1, 27) = substr(\\\"t1\\\".\\\"Stamp\\\", 1, 27))\")"
            + ".Formats(true, \"SELECT count(*) " + From + "(\\\"t0\\\".\\\"Stamp\\\" = \\\"t1\\\".\\\"Stamp\\\")\", true);"), source);
    }

    [Test]
    public void A_DateTimeOffset_key_is_intercepted_under_sqlite_net_only()
    {
        var source = CountSite("a => a.When, b => b.When, (a, b) => a.Id");

        // The run time refuses it under MicroDb's format (text with an offset): such runs take the run-time path and its error.
        Assert.That(source, Does.Contain("new InterceptedSite(\"SELECT count(*) " + From + "(\\\"t0\\\".\\\"When\\\" = \\\"t1\\\".\\\"When\\\")\").Formats(false, null, false);"), source);
    }

    [Test]
    public void A_decimal_key_compares_the_sortable_text_under_microdb_and_the_15_digit_real_under_sqlite_net()
    {
        var source = CountSite("a => a.Price, b => b.Price, (a, b) => a.Id");

        static string MicroDbKey(string c) =>
            "(CASE WHEN substr(" + c + ", 1, 1) = '-' THEN '0' || replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(substr('00000000000000000000000000000' || substr(ltrim(" + c
            + ", '-'), 1, instr(ltrim(" + c + ", '-') || '.', '.') - 1), -29) || substr(substr(ltrim(" + c + ", '-'), instr(ltrim(" + c
            + ", '-') || '.', '.') + 1) || '0000000000000000000000000000', 1, 28), '0', 'j'), '1', 'i'), '2', 'h'), '3', 'g'), '4', 'f'), '5', 'e'), '6', 'd'), '7', 'c'), '8', 'b'), '9', 'a') ELSE '1' || substr('00000000000000000000000000000' || substr(ltrim("
            + c + ", '-'), 1, instr(ltrim(" + c + ", '-') || '.', '.') - 1), -29) || substr(substr(ltrim(" + c + ", '-'), instr(ltrim(" + c + ", '-') || '.', '.') + 1) || '0000000000000000000000000000', 1, 28) END)";
        static string SqliteNetKey(string c) =>
            "(CASE WHEN CAST(" + c + " AS REAL) IS NULL THEN NULL WHEN abs(CAST(" + c + " AS REAL)) < 1e-13 THEN CAST(printf('%.28f', CAST(" + c
            + " AS REAL)) AS REAL) ELSE CAST(printf('%.15g', CAST(" + c + " AS REAL)) AS REAL) END)";
        const string Left = "\\\"t0\\\".\\\"Price\\\"", Right = "\\\"t1\\\".\\\"Price\\\"";

        Assert.That(source, Does.Contain("new InterceptedSite(\"SELECT count(*) " + From + "(" + MicroDbKey(Left) + " = " + MicroDbKey(Right) + ")\")"
            + ".Formats(true, \"SELECT count(*) " + From + "(" + SqliteNetKey(Left) + " = " + SqliteNetKey(Right) + ")\", false);"), source);
    }

    [Test]
    public void A_nullable_decimal_key_guards_its_outer_side_read_as_a_number()
    {
        var source = CountSite("a => a.MaybePrice, b => b.MaybePrice, (a, b) => a.Id");

        Assert.That(source, Does.Contain(" AND (CAST(\\\"t0\\\".\\\"MaybePrice\\\" AS REAL) IS NOT NULL))\").Formats(true, "), source);
        Assert.That(source, Does.Contain(" AND (CAST(\\\"t0\\\".\\\"MaybePrice\\\" AS REAL) IS NOT NULL))\", false);"), source);
    }

    [Test]
    public void Double_and_enum_keys_have_one_text_for_both_formats()
    {
        var source = Clean("""
            public static int Double(MicroDbConnection db) => db.Table<LeftRow>().Join(db.Table<RightRow>(), a => a.Score, b => b.Score, (a, b) => a.Id).Count();
            public static int Nullable(MicroDbConnection db) => db.Table<LeftRow>().Join(db.Table<RightRow>(), a => a.MaybeScore, b => b.Score, (a, b) => a.Id).Count();
            public static int Number(MicroDbConnection db) => db.Table<LeftRow>().Join(db.Table<RightRow>(), a => a.Level, b => b.Level, (a, b) => a.Id).Count();
            public static int Maybe(MicroDbConnection db) => db.Table<LeftRow>().Join(db.Table<RightRow>(), a => a.MaybeLevel, b => b.MaybeLevel, (a, b) => a.Id).Count();
            public static int Name(MicroDbConnection db) => db.Table<LeftRow>().Join(db.Table<RightRow>(), a => a.LevelName, b => b.LevelName, (a, b) => a.Id).Count();
            """);

        // A non-nullable double reads a stored NULL (NaN when written) as 0; a nullable key compares the columns with IS.
        Assert.That(source, Does.Contain("new InterceptedSite(\"SELECT count(*) " + From + "(ifnull(\\\"t0\\\".\\\"Score\\\", 0) = ifnull(\\\"t1\\\".\\\"Score\\\", 0))\");"));
        Assert.That(source, Does.Contain("new InterceptedSite(\"SELECT count(*) " + From + "((\\\"t0\\\".\\\"MaybeScore\\\" IS ifnull(\\\"t1\\\".\\\"Score\\\", 0)) AND (\\\"t0\\\".\\\"MaybeScore\\\" IS NOT NULL))\");"));
        Assert.That(source, Does.Contain("new InterceptedSite(\"SELECT count(*) " + From + "(\\\"t0\\\".\\\"Level\\\" = \\\"t1\\\".\\\"Level\\\")\");"));
        Assert.That(source, Does.Contain("new InterceptedSite(\"SELECT count(*) " + From + "((\\\"t0\\\".\\\"MaybeLevel\\\" IS \\\"t1\\\".\\\"MaybeLevel\\\") AND (\\\"t0\\\".\\\"MaybeLevel\\\" IS NOT NULL))\");"));
        Assert.That(source, Does.Contain("new InterceptedSite(\"SELECT count(*) " + From + "(\\\"t0\\\".\\\"LevelName\\\" = \\\"t1\\\".\\\"LevelName\\\")\");"));
    }

    [Test]
    public void A_composite_key_of_typed_parts_compares_each_by_its_stored_key()
    {
        var source = Clean("""
            public static object Q(MicroDbConnection db) =>
                db.Table<LeftRow>().LeftJoin(db.Table<RightRow>(), a => new { a.At, a.MaybeScore, a.LevelName }, b => new { b.At, b.MaybeScore, b.LevelName }, (a, b) => new { a.Id, Other = b == null ? 0 : b.Id }).ToList();
            """);

        // Each part with = (IS where it can be null), no guard: a composite key is an object that is never null.
        Assert.That(source, Does.Contain("new InterceptedSite(\"SELECT \\\"t0\\\".\\\"Id\\\", \\\"t1\\\".\\\"Id\\\", \\\"t1\\\".rowid FROM \\\"left_rows\\\" AS \\\"t0\\\" LEFT JOIN \\\"right_rows\\\" AS \\\"t1\\\" ON "
            + "((((\\\"t0\\\".\\\"At\\\" & 4611686018427387903) = (\\\"t1\\\".\\\"At\\\" & 4611686018427387903)) AND (\\\"t0\\\".\\\"MaybeScore\\\" IS \\\"t1\\\".\\\"MaybeScore\\\")) AND (\\\"t0\\\".\\\"LevelName\\\" = \\\"t1\\\".\\\"LevelName\\\"))\")"
            + ".Formats(true, \"SELECT \\\"t0\\\".\\\"Id\\\", \\\"t1\\\".\\\"Id\\\", \\\"t1\\\".rowid FROM \\\"left_rows\\\" AS \\\"t0\\\" LEFT JOIN \\\"right_rows\\\" AS \\\"t1\\\" ON "
            + "(((\\\"t0\\\".\\\"At\\\" = \\\"t1\\\".\\\"At\\\") AND (\\\"t0\\\".\\\"MaybeScore\\\" IS \\\"t1\\\".\\\"MaybeScore\\\")) AND (\\\"t0\\\".\\\"LevelName\\\" = \\\"t1\\\".\\\"LevelName\\\"))\", true);"), source);
    }

    [TestCase("a => a.At, b => b.Stamp", "'At' and 'Stamp' are stored differently (DateTime and DateTimeText), so SQL cannot compare them as .NET does")]
    [TestCase("a => a.Level, b => b.LevelName", "'Level' and 'LevelName' are stored differently (Enum and EnumText), so SQL cannot compare them as .NET does")]
    [TestCase("a => new { a.Id, a.Level }, b => new { b.Id, Level = b.LevelName }", "'Level' and 'LevelName' are stored differently (Enum and EnumText)")]
    [TestCase("a => a.Price, b => (decimal)b.Score", "a computed key")]
    public void A_key_pair_of_different_stored_kinds_stays_declined(string keys, string reason)
    {
        var result = GeneratorHarness.Run(Queries("public static int Q(MicroDbConnection db) => db.Table<LeftRow>().Join(db.Table<RightRow>(), " + keys + ", (a, b) => a.Id).Count();"));

        Assert.That(result.Errors, Is.Empty, () => result.Describe(result.Errors));
        var info = result.GeneratorDiagnostics.Single(d => d.Id == "MDB0013");
        Assert.That(info.GetMessage(), Does.Contain(reason));
    }
}
