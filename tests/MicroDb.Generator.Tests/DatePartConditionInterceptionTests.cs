using MicroDb.Generator.Tests.Infrastructure;

namespace MicroDb.Generator.Tests;

/// <summary>
/// The build-time front end on date parts compared with values (<c>x.At.Year == 2025</c>, <c>x.At.Date &lt; day</c>) and
/// on two date members of the row compared (<c>x.At &gt; x.DueAt</c>): the run-time translator's text under MicroDb's
/// storage format, sqlite-net's ticks and sqlite-net's DateTime text (the site's <c>Formats</c> and <c>DateParts</c>),
/// each format's values, and MDB0013 for what stays declined.
/// </summary>
public class DatePartConditionInterceptionTests
{
    private const string HintName = "MicroDb.Generated.QueryInterceptors.g.cs";

    private const string Model = """
        using System;
        using System.Collections.Generic;
        using System.Linq;
        using MicroDb;
        namespace Shop;
        [Table("events")]
        public class Event
        {
            [PrimaryKey, AutoIncrement] public int Id { get; set; }
            public DateTime At { get; set; }
            public DateTime? DueAt { get; set; }
            [StoreAsText] public DateTime Stamp { get; set; }
            public DateTimeOffset When { get; set; }
            public DateTimeOffset Other { get; set; }
            public TimeSpan Length { get; set; }
            public TimeSpan? Pause { get; set; }
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

    private static string Where(string predicate) =>
        Clean($"public static List<Event> Q(MicroDbConnection db, DateTime day, int year, DayOfWeek weekday) => db.Table<Event>().Where({predicate}).ToList();");

    private static string Site(string source) => source.Split('\n').Single(l => l.Contains("Site0 =")).Trim();

    private const string Columns = "SELECT \\\"Id\\\", \\\"At\\\", \\\"DueAt\\\", \\\"Stamp\\\", \\\"When\\\", \\\"Other\\\", \\\"Length\\\", \\\"Pause\\\" FROM \\\"events\\\"";

    private static string Q(string sql) => sql.Replace("\"", "\\\"");

    private const string TicksYear = "CAST(strftime('%Y', ((\"At\" & 4611686018427387903) / 864000000000) + 1721425.5) AS INTEGER)";

    [Test]
    public void A_year_is_the_ticks_arithmetic_and_under_sqlite_net_text_its_position()
    {
        var site = Site(Where("x => x.At.Year == 2025"));

        Assert.That(site, Does.Contain("new InterceptedSite(\"" + Columns + " WHERE " + Q("(" + TicksYear + " = ?)") + "\").Value(0, \"R\", \"\", typeof(int))"),
            "The value is bound as compared with no column, under both formats.");
        Assert.That(site, Does.EndWith(".Formats(true, \"" + Columns + " WHERE " + Q("(" + TicksYear + " = ?)") + "\", true).DateParts(\""
            + Columns + " WHERE " + Q("(CAST(substr(\"At\", 1, 4) AS INTEGER) = ?)") + "\", false);"));
    }

    [TestCase("x => year < x.Stamp.Month", "(? < CAST(substr(\"Stamp\", 6, 2) AS INTEGER))", "(? < CAST(strftime('%m', ((\"Stamp\" & 4611686018427387903) / 864000000000) + 1721425.5) AS INTEGER))", "(? < CAST(substr(\"Stamp\", 6, 2) AS INTEGER))", false)]
    [TestCase("x => x.DueAt != null && x.DueAt.Value.Hour >= 12", "((\"DueAt\" IS NOT NULL) AND ((((\"DueAt\" & 4611686018427387903) % 864000000000) / 36000000000 % 24) >= ?))", null, "((\"DueAt\" IS NOT NULL) AND (CAST(substr(\"DueAt\", 12, 2) AS INTEGER) >= ?))", true)]
    [TestCase("x => x.At.DayOfWeek == weekday", "(((((\"At\" & 4611686018427387903) / 864000000000) + 1) % 7) = ?)", null, "(CAST(strftime('%w', substr(\"At\", 1, 10)) AS INTEGER) = ?)", false)]
    [TestCase("x => x.Stamp.DayOfYear > 59", "(CAST(strftime('%j', substr(\"Stamp\", 1, 10)) AS INTEGER) > ?)", "(CAST(strftime('%j', ((\"Stamp\" & 4611686018427387903) / 864000000000) + 1721425.5) AS INTEGER) > ?)", "(CAST(strftime('%j', substr(\"Stamp\", 1, 10)) AS INTEGER) > ?)", false)]
    public void Each_part_gets_each_formats_text(string predicate, string microDb, string? sqliteNet, string text, bool timeParts)
    {
        var site = Site(Where(predicate));

        Assert.That(site, Does.Contain("new InterceptedSite(\"" + Columns + " WHERE " + Q(microDb) + "\")"));
        Assert.That(site, Does.Contain(".Formats(true, \"" + Columns + " WHERE " + Q(sqliteNet ?? microDb) + "\", true)"));
        Assert.That(site, Does.EndWith(".DateParts(\"" + Columns + " WHERE " + Q(text) + "\", " + (timeParts ? "true" : "false") + ");"));
    }

    [Test]
    public void A_Date_compares_its_stored_key_under_microdb_and_is_refused_under_sqlite_net_text()
    {
        var ticks = Site(Where("x => x.At.Date == day"));
        var text = Site(Where("x => day > x.Stamp.Date"));

        Assert.That(ticks, Does.Contain("new InterceptedSite(\"" + Columns + " WHERE " + Q("(((\"At\" - ((\"At\" & 4611686018427387903) % 864000000000)) & 4611686018427387903) = ?)") + "\")"
            + ".Value(0, \"R\", \"At\", typeof(global::System.DateTime)).DateValue(\"k0\").Value(0, \"R\", \"\", typeof(global::System.DateTime)).DateValue(\"s\")"));
        Assert.That(ticks, Does.EndWith(".Formats(true, \"" + Columns + " WHERE " + Q("((\"At\" - ((\"At\" & 4611686018427387903) % 864000000000)) = ?)") + "\", true).DateParts(null, false);"),
            "Under sqlite-net's text the run time refuses Date: such runs take its path.");
        Assert.That(text, Does.Contain(" WHERE " + Q("(substr((substr(\"Stamp\", 1, 10) || 'T00:00:00.0000000' || substr(\"Stamp\", 28)), 1, 27) < ?)") + "\").Value(0, \"L\", \"Stamp\", typeof(global::System.DateTime)).DateValue(\"p\")"),
            "The member first, the ordering flipped, against the value's text prefix.");
        Assert.That(text, Does.Contain(".Formats(true, \"" + Columns + " WHERE " + Q("(? > (\"Stamp\" - ((\"Stamp\" & 4611686018427387903) % 864000000000)))") + "\", true)"));
    }

    [Test]
    public void A_DateTimeOffsets_part_reads_its_text_under_microdb_and_its_ticks_under_sqlite_net()
    {
        var site = Site(Where("x => x.When.Millisecond == 5"));

        Assert.That(site, Is.EqualTo("private static readonly InterceptedSite Site0 = new InterceptedSite(\"" + Columns + " WHERE " + Q("(CAST(substr(\"When\", 21, 3) AS INTEGER) = ?)") + "\").Value(0, \"R\", \"\", typeof(int))"
            + ".Formats(true, \"" + Columns + " WHERE " + Q("(((\"When\" & 4611686018427387903) / 10000 % 1000) = ?)") + "\", false);"));
    }

    [TestCase("x => x.At > x.DueAt", "(\"At\" IS NOT NULL AND \"DueAt\" IS NOT NULL AND (\"At\" & 4611686018427387903) > (\"DueAt\" & 4611686018427387903))", "(\"At\" IS NOT NULL AND \"DueAt\" IS NOT NULL AND \"At\" > \"DueAt\")")]
    [TestCase("x => x.Stamp == x.Stamp", "(substr(\"Stamp\", 1, 27) = substr(\"Stamp\", 1, 27))", "(\"Stamp\" = \"Stamp\")")]
    [TestCase("x => x.When < x.Other", "(\"When\" < \"Other\")", null)]
    [TestCase("x => x.Length == x.Pause", "(\"Length\" IS \"Pause\")", null)]
    public void Two_date_members_compare_their_stored_keys(string predicate, string microDb, string? sqliteNet)
    {
        var site = Site(Where(predicate));

        Assert.That(site, Does.Contain("new InterceptedSite(\"" + Columns + " WHERE " + Q(microDb) + "\")"));
        Assert.That(site, Does.EndWith(
            sqliteNet is not null ? ".Formats(true, \"" + Columns + " WHERE " + Q(sqliteNet) + "\", true);"
            : predicate.Contains("When") ? ".Formats(false, null, false);"
            : Q(microDb) + "\");"));
    }

    [Test]
    public void Async_and_sqlite_net_compat_chains_take_date_parts_too()
    {
        var async = Site(Clean("public static System.Threading.Tasks.ValueTask<List<Event>> Q(MicroDbAsyncConnection db, int year) => db.Table<Event>().Where(x => x.At.Year == year).ToListAsync(System.Threading.CancellationToken.None);"));
        var compilation = GeneratorHarness.CreateCompilation("""
            using System;
            using SQLite;
            namespace App;
            [Table("events")]
            public class Event
            {
                [PrimaryKey, AutoIncrement] public int Id { get; set; }
                public DateTime At { get; set; }
                public DateTime? DueAt { get; set; }
            }
            public static class Queries
            {
                public static int Q(SQLiteConnection db, int month) => db.Table<Event>().Count(x => x.At.Month == month && x.At > x.DueAt);
            }
            """).AddReferences(Microsoft.CodeAnalysis.MetadataReference.CreateFromFile(typeof(SQLite.SQLiteConnection).Assembly.Location));
        var compat = GeneratorHarness.Run(compilation);

        Assert.That(async, Does.Contain(".Value(0, \"R\", \"\", typeof(int))").And.Contain(".DateParts("));
        Assert.That(compat.Errors, Is.Empty, () => compat.Describe(compat.Errors));
        Assert.That(compat.GeneratorDiagnostics, Is.Empty, () => compat.Describe(compat.GeneratorDiagnostics));
        var site = compat.Sources[HintName].Split('\n').Single(l => l.Contains("Site0 =")).Trim();
        Assert.That(site, Does.Contain("new InterceptedSite(\"SELECT count(*) FROM \\\"events\\\" WHERE (" + Q("(CAST(strftime('%m', ((\"At\" & 4611686018427387903) / 864000000000) + 1721425.5) AS INTEGER) = ?)")));
        Assert.That(site, Does.EndWith(", true).DateParts(\"SELECT count(*) FROM \\\"events\\\" WHERE (" + Q("(CAST(substr(\"At\", 6, 2) AS INTEGER) = ?) AND (\"At\" IS NOT NULL AND \"DueAt\" IS NOT NULL AND \"At\" > \"DueAt\"))") + "\", false);"));
    }

    [Test]
    public void A_set_based_writes_where_compares_dates_per_format()
    {
        var delete = Site(Clean("public static int Q(MicroDbConnection db, DateTime cutoff) => db.Table<Event>().Where(x => x.At < cutoff).ExecuteDelete();"));
        var update = Site(Clean("public static int Q(MicroDbConnection db, int year) => db.Table<Event>().Where(x => x.At.Year == year && x.At > x.DueAt).ExecuteUpdate(s => s.Set(x => x.Length, System.TimeSpan.Zero));"));

        Assert.That(delete, Does.Contain("new InterceptedSite(\"DELETE FROM \\\"events\\\" WHERE " + Q("(((\"At\" >= ? AND \"At\" < ?) OR (\"At\" >= ? AND \"At\" < ?) OR (\"At\" >= ? AND \"At\" < ?)))") + "\")"));
        Assert.That(delete, Does.Contain(".DateValue(\"b0\")").And.Contain(".DateValue(\"so\")"));
        Assert.That(delete, Does.EndWith(".Formats(true, \"DELETE FROM \\\"events\\\" WHERE " + Q("(\"At\" < ?)") + "\", false);"));
        Assert.That(update, Does.Contain(".Assigns(\"Length\").Assigned(0, \"\", \"Length\", typeof(global::System.TimeSpan)).Value(0, \"LR\", \"\", typeof(int))"));
        Assert.That(update, Does.Contain(", true).DateParts(\"UPDATE \\\"events\\\" SET \\\"Length\\\" = ? WHERE (" + Q("(CAST(substr(\"At\", 1, 4) AS INTEGER) = ?) AND (\"At\" IS NOT NULL AND \"DueAt\" IS NOT NULL AND \"At\" > \"DueAt\"))") + "\", false);"));
    }

    [TestCase("db.Table<Event>().Where(x => x.At.TimeOfDay > span).ToList()", "the date part 'x.At.TimeOfDay' in a condition is not lowered at build time")]
    [TestCase("db.Table<Event>().Where(x => x.At.Millisecond == 1).ToList()", "the date part 'x.At.Millisecond' in a condition is not lowered at build time")]
    [TestCase("db.Table<Event>().Where(x => x.When.Date == day).ToList()", "the date part 'x.When.Date' in a condition is not lowered at build time")]
    [TestCase("db.Table<Event>().Where(x => x.Length.Hours == 1).ToList()", "the date part 'x.Length.Hours' in a condition is not lowered at build time")]
    [TestCase("db.Table<Event>().Where(x => x.At.Year == maybe).ToList()", "with a nullable value")]
    [TestCase("db.Table<Event>().Where(x => x.At.Year == year + 1).ToList()", "is computed")]
    [TestCase("db.Table<Event>().Where(x => (double)x.At.Year > 2.5).ToList()", "the conversion '(double)x.At.Year' follows the run-time translator's rules")]
    [TestCase("db.Table<Event>().Where(x => x.At > x.Stamp).ToList()", "(not lowered at build time)")]
    [TestCase("db.Table<Event>().Where(x => x.Length < x.Pause).ToList()", "orders two TimeSpan members")]
    [TestCase("db.Table<Event>().Join(db.Table<Event>(), a => a.Id, b => b.Id, (a, b) => new { a.At, b.Id }).Where(r => r.At.Year == year).ToList()", "is lowered in one table's or a set-based write's Where")]
    [TestCase("db.Table<Event>().Where(x => x.At.Year == year).GroupBy(x => x.Id).Select(g => g.Key).ToList()", "is lowered in one table's or a set-based write's Where")]
    [TestCase("db.Table<Event>().Where(x => db.Table<Event>().Any(e => e.Id == x.Id && e.At.Year == year)).ToList()", "inside a sub-query")]
    public void Date_parts_and_pairs_the_generator_does_not_lower_say_why(string query, string reason)
    {
        var result = GeneratorHarness.Run(Queries($"public static object Q(MicroDbConnection db, DateTime day, int year, int? maybe, TimeSpan span) => {query};"));

        Assert.That(result.Errors, Is.Empty, () => result.Describe(result.Errors));
        Assert.That(result.GeneratorDiagnostics.Single(d => d.Id == "MDB0013").GetMessage(), Does.Contain(reason));
    }
}
