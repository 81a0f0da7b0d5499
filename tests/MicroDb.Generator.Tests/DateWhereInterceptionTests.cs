using MicroDb.Generator.Tests.Infrastructure;

namespace MicroDb.Generator.Tests;

/// <summary>
/// The build-time front end on date comparisons beyond a Where of one table, a join or a grouping: inside a sub-query's
/// Where, a grouping's Count(predicate), a conditional group key and HAVING over a DateTime, DateTimeOffset or TimeSpan key,
/// each written per storage format as the run-time translator writes it, and MDB0013 for what stays declined.
/// </summary>
public class DateWhereInterceptionTests
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
            public TimeSpan Length { get; set; }
            public int Kind { get; set; }
        }
        [Table("notes")]
        public class Note
        {
            [PrimaryKey, AutoIncrement] public int Id { get; set; }
            public int EventId { get; set; }
            public DateTime Written { get; set; }
        }
        """;

    private static string Queries(string body) => Model + "\npublic static class Queries\n{\n" + body + "\n}\n";

    private static GenerationResult Run(string query) =>
        GeneratorHarness.Run(Queries($"public static object Q(MicroDbConnection db, DateTime since, DateTimeOffset instant, TimeSpan span) => {query};"));

    private static string Site(string query)
    {
        var result = Run(query);
        Assert.That(result.GeneratorDiagnostics, Is.Empty, () => result.Describe(result.GeneratorDiagnostics));
        Assert.That(result.Errors, Is.Empty, () => result.Describe(result.Errors));
        Assert.That(result.GeneratedCodeProblems, Is.Empty, () => result.Describe(result.GeneratedCodeProblems));
        return result.Sources[HintName].Split('\n').Single(l => l.Contains("Site0 =")).Trim();
    }

    private static string Forms(string site) =>
        string.Join(" ", System.Text.RegularExpressions.Regex.Matches(site, "DateValue\\(\"([a-z0-9]+)\"\\)").Select(m => m.Groups[1].Value));

    private const string Events = "SELECT \\\"Id\\\", \\\"At\\\", \\\"DueAt\\\", \\\"Stamp\\\", \\\"When\\\", \\\"Length\\\", \\\"Kind\\\" FROM \\\"events\\\"";

    [Test]
    public void A_sub_querys_date_ordering_is_written_per_format_over_its_alias()
    {
        var site = Site("db.Table<Event>().Where(e => db.Table<Note>().Any(n => n.EventId == e.Id && n.Written > since)).ToList()");

        Assert.That(site, Does.Contain("new InterceptedSite(\"" + Events + " WHERE EXISTS (SELECT 1 FROM \\\"notes\\\" AS \\\"s0\\\" WHERE ((\\\"s0\\\".\\\"EventId\\\" = \\\"events\\\".\\\"Id\\\") AND "
            + "(((\\\"s0\\\".\\\"Written\\\" > ? AND \\\"s0\\\".\\\"Written\\\" <= ?) OR (\\\"s0\\\".\\\"Written\\\" > ? AND \\\"s0\\\".\\\"Written\\\" <= ?) OR (\\\"s0\\\".\\\"Written\\\" > ? AND \\\"s0\\\".\\\"Written\\\" <= ?)))))\")"));
        Assert.That(site, Does.Contain(".Value(0, \"aRR\", \"Written\", typeof(global::System.DateTime)).DateValue(\"k0\")"));
        Assert.That(Forms(site), Is.EqualTo("k0 x0 k1 x1 k2 x2 so"));
        Assert.That(site, Does.EndWith(".Subquery(0, \"\").Formats(true, \"" + Events + " WHERE EXISTS (SELECT 1 FROM \\\"notes\\\" AS \\\"s0\\\" WHERE ((\\\"s0\\\".\\\"EventId\\\" = \\\"events\\\".\\\"Id\\\") AND (\\\"s0\\\".\\\"Written\\\" > ?)))\", false);"));
    }

    [Test]
    public void A_sub_querys_date_equality_names_the_alias_in_its_IN_list_too()
    {
        var site = Site("db.Table<Event>().Where(e => db.Table<Note>().Count(n => n.EventId == e.Id && n.Written == since) > 1).ToList()");

        Assert.That(site, Does.Contain("(\\\"s0\\\".\\\"Written\\\" IS NOT NULL AND \\\"s0\\\".\\\"Written\\\" IN (?, ?, ?))))"));
        Assert.That(Forms(site), Is.EqualTo("k0 k1 k2 s"));
        Assert.That(site, Does.Contain(".DateValue(\"s\").Value(0, \"R\", \"\", typeof(object))"), "The count's value is bound under both formats.");
    }

    [Test]
    public void A_groups_count_predicate_compares_dates_per_format()
    {
        var site = Site("db.Table<Event>().GroupBy(e => e.Kind).Select(g => new { g.Key, N = g.Count(x => x.At > since) }).ToList()");
        var offset = Site("db.Table<Event>().GroupBy(e => e.Kind).Select(g => new { g.Key, N = g.Count(x => x.When > instant) }).ToList()");

        Assert.That(site, Does.Contain("count(CASE WHEN (((\\\"At\\\" > ? AND \\\"At\\\" <= ?) OR (\\\"At\\\" > ? AND \\\"At\\\" <= ?) OR (\\\"At\\\" > ? AND \\\"At\\\" <= ?))) THEN 1 ELSE NULL END)"));
        Assert.That(site, Does.Contain(".LiftedValue(0, \"aR\", \"At\", typeof(global::System.DateTime)).DateValue(\"k0\")"));
        Assert.That(Forms(site), Is.EqualTo("k0 x0 k1 x1 k2 x2 so"));
        Assert.That(site, Does.EndWith(".Formats(true, \"SELECT \\\"Kind\\\", count(CASE WHEN (\\\"At\\\" > ?) THEN 1 ELSE NULL END) FROM \\\"events\\\" GROUP BY \\\"Kind\\\"\", false);"));
        Assert.That(offset, Does.EndWith(".LiftedValue(0, \"aR\", \"When\", typeof(global::System.DateTimeOffset)).Formats(false, null, false);"), "Under MicroDb's format the run time refuses a DateTimeOffset comparison.");
    }

    [Test]
    public void Having_over_a_date_key_compares_the_member_as_a_where_does()
    {
        var key = Site("db.Table<Event>().GroupBy(e => e.At).Where(g => g.Key > since).Select(g => new { g.Key, N = g.Count() }).ToList()");
        var part = Site("db.Table<Event>().GroupBy(e => new { e.At, e.Kind }).Where(g => g.Key.At == since).Select(g => new { g.Key.At, N = g.Count() }).ToList()");
        var text = Site("db.Table<Event>().GroupBy(e => e.Stamp).Where(g => g.Key <= since).Select(g => new { g.Key, N = g.Count() }).ToList()");
        var offset = Site("db.Table<Event>().GroupBy(e => e.When).Where(g => g.Key <= instant).Select(g => new { g.Key, N = g.Count() }).ToList()");

        Assert.That(key, Does.Contain("GROUP BY (\\\"At\\\" & 4611686018427387903) HAVING (((\\\"At\\\" > ? AND \\\"At\\\" <= ?) OR (\\\"At\\\" > ? AND \\\"At\\\" <= ?) OR (\\\"At\\\" > ? AND \\\"At\\\" <= ?)))\")"));
        Assert.That(key, Does.Contain(".HavingValue(0, \"R\", \"At\", typeof(global::System.DateTime)).DateValue(\"k0\")"));
        Assert.That(key, Does.EndWith("GROUP BY \\\"At\\\" HAVING (\\\"At\\\" > ?)\", true);"));
        Assert.That(part, Does.Contain("GROUP BY (\\\"At\\\" & 4611686018427387903), \\\"Kind\\\" HAVING (\\\"At\\\" IS NOT NULL AND \\\"At\\\" IN (?, ?, ?))\")"));
        Assert.That(Forms(part), Is.EqualTo("k0 k1 k2 s"));
        Assert.That(text, Does.Contain("GROUP BY substr(\\\"Stamp\\\", 1, 27) HAVING (\\\"Stamp\\\" <= ?)\")"));
        Assert.That(Forms(text), Is.EqualTo("pz so"));
        Assert.That(offset, Does.EndWith("GROUP BY \\\"When\\\" HAVING (\\\"When\\\" <= ?)\").HavingValue(0, \"R\", \"When\", typeof(global::System.DateTimeOffset)).Formats(false, null, false);"));
    }

    [Test]
    public void A_having_sub_query_and_a_conditional_key_compare_dates_per_format()
    {
        var having = Site("db.Table<Event>().GroupBy(e => e.Kind).Where(g => db.Table<Note>().Any(n => n.EventId == g.Key && n.Written > since)).Select(g => new { g.Key, N = g.Count() }).ToList()");
        var key = Site("db.Table<Event>().GroupBy(e => e.At > since ? 1 : 2).Select(g => new { N = g.Count() }).ToList()");

        Assert.That(having, Does.Contain(".HavingValue(0, \"aRR\", \"Written\", typeof(global::System.DateTime)).DateValue(\"k0\")"));
        Assert.That(Forms(having), Is.EqualTo("k0 x0 k1 x1 k2 x2 so"));
        Assert.That(having, Does.Contain(".HavingSubquery(0, \"\").Formats(true, "));
        Assert.That(key, Does.Contain("GROUP BY (CASE WHEN (((\\\"At\\\" > ? AND \\\"At\\\" <= ?) OR (\\\"At\\\" > ? AND \\\"At\\\" <= ?) OR (\\\"At\\\" > ? AND \\\"At\\\" <= ?))) THEN ? ELSE ? END)\")"));
        Assert.That(key, Does.Contain(".KeyValue(\"cR\", \"At\", typeof(global::System.DateTime)).DateValue(\"k0\")"));
        Assert.That(key, Does.EndWith(".DateValue(\"so\").KeyValue(\"t\", null, typeof(object)).KeyValue(\"f\", null, typeof(object)).Formats(true, \"SELECT count(*) FROM \\\"events\\\" GROUP BY (CASE WHEN (\\\"At\\\" > ?) THEN ? ELSE ? END)\", false);"));
    }

    [Test]
    public void A_date_part_in_a_setter_is_written_per_column_kind_and_format()
    {
        var ticks = Run("db.Table<Event>().ExecuteUpdate(s => s.Set(x => x.Kind, x => x.At.Year))");
        var text = Run("db.Table<Event>().ExecuteUpdate(s => s.Set(x => x.Kind, x => x.Stamp.Month + 1))");
        Assert.That(ticks.GeneratorDiagnostics, Is.Empty, () => ticks.Describe(ticks.GeneratorDiagnostics));
        Assert.That(text.GeneratorDiagnostics, Is.Empty, () => text.Describe(text.GeneratorDiagnostics));
        var ticksSites = ticks.Sources[HintName].Split('\n').Where(l => l.Contains("new InterceptedSite(")).Select(l => l.Trim()).ToList();
        var textSites = text.Sources[HintName].Split('\n').Where(l => l.Contains("new InterceptedSite(")).Select(l => l.Trim()).ToList();

        Assert.That(ticksSites, Has.Count.EqualTo(1), "Ticks: MicroDb's and sqlite-net's text are the same.");
        Assert.That(ticksSites[0], Does.Contain("new InterceptedSite(\"UPDATE \\\"events\\\" SET \\\"Kind\\\" = "));
        Assert.That(ticksSites[0], Does.EndWith(".Assigns(\"Kind\").SqliteNetRuns(true, false);"), "Under sqlite-net's DateTime text the run takes the run-time path.");
        Assert.That(textSites, Has.Count.EqualTo(2), "[StoreAsText]: MicroDb's ISO text positions, sqlite-net's ticks.");
        Assert.That(textSites[0], Does.Contain("substr(\\\"Stamp\\\", 6, 2)"));
        Assert.That(textSites[1], Does.Not.Contain("substr("));
        Assert.That(textSites[1], Does.EndWith(".SqliteNetRuns(true, false);"));
    }

    [TestCase("db.Table<Event>().ExecuteUpdate(s => s.Set(x => x.Kind, x => x.DueAt!.Value.Year))", "the date part 'x.DueAt!.Value.Year' (Year) in a setter is not lowered at build time")]
    [TestCase("db.Table<Event>().ExecuteUpdate(s => s.Set(x => x.Kind, x => x.When.Year))", "the date part 'x.When.Year' (Year) in a setter is not lowered at build time")]
    [TestCase("db.Table<Event>().Select(e => new { e.Id, N = db.Table<Note>().Count(n => n.EventId == e.Id && n.Written > since) }).ToList()", "(not here, in a projection's sub-query)")]
    public void Date_comparisons_still_declined_say_why(string query, string reason)
    {
        var result = Run(query);

        Assert.That(result.Errors, Is.Empty, () => result.Describe(result.Errors));
        Assert.That(result.GeneratorDiagnostics.Single(d => d.Id == "MDB0013").GetMessage(), Does.Contain(reason));
    }
}
