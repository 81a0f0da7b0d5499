using MicroDb.Generator.Tests.Infrastructure;

namespace MicroDb.Generator.Tests;

/// <summary>
/// The build-time front end on DateTime, DateTimeOffset and TimeSpan members compared with values: the run-time translator's
/// text under MicroDb's storage format (ticks ranges per kind, a [StoreAsText] prefix) and under sqlite-net's (one value,
/// compared directly), each format's values marked with their form, and MDB0013 for what stays declined.
/// </summary>
public class DateConditionInterceptionTests
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
            public TimeSpan? Pause { get; set; }
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

    private static string Clean(string body)
    {
        var result = GeneratorHarness.Run(Queries(body));
        Assert.That(result.GeneratorDiagnostics, Is.Empty, () => result.Describe(result.GeneratorDiagnostics));
        Assert.That(result.Errors, Is.Empty, () => result.Describe(result.Errors));
        Assert.That(result.GeneratedCodeProblems, Is.Empty, () => result.Describe(result.GeneratedCodeProblems));
        return result.Sources[HintName];
    }

    private static string Where(string predicate) =>
        Clean($"public static List<Event> Q(MicroDbConnection db, DateTime since, DateTime? maybe, DateTimeOffset instant, TimeSpan span) => db.Table<Event>().Where({predicate}).ToList();");

    private const string Columns = "SELECT \\\"Id\\\", \\\"At\\\", \\\"DueAt\\\", \\\"Stamp\\\", \\\"When\\\", \\\"Length\\\", \\\"Pause\\\", \\\"Kind\\\" FROM \\\"events\\\"";

    private static string Site(string source) => source.Split('\n').Single(l => l.Contains("Site0 =")).Trim();

    [Test]
    public void DateTime_equality_binds_the_three_kinds_under_microdb_and_the_stored_value_under_sqlite_net()
    {
        var site = Site(Where("x => x.At == since"));

        Assert.That(site, Does.Contain("new InterceptedSite(\"" + Columns + " WHERE (\\\"At\\\" IS NOT NULL AND \\\"At\\\" IN (?, ?, ?))\")"));
        Assert.That(site, Does.Contain(".Value(0, \"R\", \"At\", typeof(global::System.DateTime)).DateValue(\"k0\").Value(0, \"R\", \"At\", typeof(global::System.DateTime)).DateValue(\"k1\")"
            + ".Value(0, \"R\", \"At\", typeof(global::System.DateTime)).DateValue(\"k2\").Value(0, \"R\", \"At\", typeof(global::System.DateTime)).DateValue(\"s\")"));
        Assert.That(site, Does.EndWith(".Formats(true, \"" + Columns + " WHERE (\\\"At\\\" = ?)\", false);"));
    }

    [TestCase("x => x.At >= since", "(((\\\"At\\\" >= ? AND \\\"At\\\" <= ?) OR (\\\"At\\\" >= ? AND \\\"At\\\" <= ?) OR (\\\"At\\\" >= ? AND \\\"At\\\" <= ?)))", "k0 x0 k1 x1 k2 x2 so", "(\\\"At\\\" >= ?)")]
    [TestCase("x => x.At < since", "(((\\\"At\\\" >= ? AND \\\"At\\\" < ?) OR (\\\"At\\\" >= ? AND \\\"At\\\" < ?) OR (\\\"At\\\" >= ? AND \\\"At\\\" < ?)))", "b0 k0 b1 k1 b2 k2 so", "(\\\"At\\\" < ?)")]
    [TestCase("x => since < x.DueAt", "(\\\"DueAt\\\" IS NOT NULL AND ((\\\"DueAt\\\" > ? AND \\\"DueAt\\\" <= ?) OR (\\\"DueAt\\\" > ? AND \\\"DueAt\\\" <= ?) OR (\\\"DueAt\\\" > ? AND \\\"DueAt\\\" <= ?)))", "k0 x0 k1 x1 k2 x2 sl", "(\\\"DueAt\\\" IS NOT NULL AND ? < \\\"DueAt\\\")")]
    [TestCase("x => x.DueAt != maybe", "(\\\"DueAt\\\" IS NULL OR \\\"DueAt\\\" NOT IN (?, ?, ?))", "k0 k1 k2 s", "(\\\"DueAt\\\" IS NOT ?)")]
    [TestCase("x => x.Stamp != since", "(\\\"Stamp\\\" IS NULL OR \\\"Stamp\\\" < ? OR \\\"Stamp\\\" > ?)", "p pz s", "(\\\"Stamp\\\" <> ?)")]
    [TestCase("x => x.Stamp == since", "(\\\"Stamp\\\" >= ? AND \\\"Stamp\\\" <= ?)", "p pz s", "(\\\"Stamp\\\" = ?)")]
    [TestCase("x => x.Stamp > since", "(\\\"Stamp\\\" > ?)", "pz so", null)]
    [TestCase("x => x.Stamp <= since", "(\\\"Stamp\\\" <= ?)", "pz so", null)]
    [TestCase("x => x.Length > span", "(\\\"Length\\\" > ?)", "m st", null)]
    [TestCase("x => x.Pause != span", "(\\\"Pause\\\" IS NOT ?)", "", null)]
    public void Each_format_gets_the_run_times_text_and_its_own_values(string predicate, string microDb, string forms, string? sqliteNet)
    {
        var site = Site(Where(predicate));

        Assert.That(site, Does.Contain("new InterceptedSite(\"" + Columns + " WHERE " + microDb + "\")"));
        var marked = System.Text.RegularExpressions.Regex.Matches(site, "DateValue\\(\"([a-z0-9]+)\"\\)").Select(m => m.Groups[1].Value);
        Assert.That(string.Join(" ", marked), Is.EqualTo(forms));
        Assert.That(site, sqliteNet is null ? Does.Not.Contain(".Formats(") : Does.EndWith(".Formats(true, \"" + Columns + " WHERE " + sqliteNet + "\", false);"));
    }

    [Test]
    public void A_DateTimeOffset_comparison_runs_under_sqlite_net_only()
    {
        var site = Site(Where("x => x.When < instant"));

        Assert.That(site, Does.Contain("new InterceptedSite(\"" + Columns + " WHERE (\\\"When\\\" < ?)\").Value(0, \"R\", \"When\", typeof(global::System.DateTimeOffset))"));
        Assert.That(site, Does.EndWith(".Formats(false, null, false);"), "Under MicroDb's format the run time refuses it: such runs take its path and throw its error.");
    }

    [Test]
    public void A_joins_where_and_a_where_before_group_by_compare_dates_too()
    {
        var join = Site(Clean("public static int Q(MicroDbConnection db, DateTime since) => db.Table<Event>().Join(db.Table<Note>(), e => e.Id, n => n.EventId, (e, n) => new { e.At, n.Written }).Where(r => r.Written > since).Count();"));
        var group = Site(Clean("public static int Q(MicroDbConnection db, TimeSpan span) => db.Table<Event>().Where(x => x.Pause <= span).GroupBy(x => x.Kind).Select(g => new { g.Key, N = g.Count() }).ToList().Count;"));

        Assert.That(join, Does.Contain("WHERE (((\\\"t1\\\".\\\"Written\\\" > ? AND \\\"t1\\\".\\\"Written\\\" <= ?) OR"));
        Assert.That(join, Does.Contain(".JoinedValue(1, 0, \"R\", \"Written\", typeof(global::System.DateTime)).DateValue(\"k0\")"));
        Assert.That(join, Does.EndWith("WHERE (\\\"t1\\\".\\\"Written\\\" > ?)\", false);"));
        Assert.That(group, Does.Contain("WHERE (\\\"Pause\\\" IS NOT NULL AND \\\"Pause\\\" <= ?) GROUP BY \\\"Kind\\\"\").Value(0, \"R\", \"Pause\", typeof(global::System.TimeSpan?)).DateValue(\"m\")"
            + ".Value(0, \"R\", \"Pause\", typeof(global::System.TimeSpan?)).DateValue(\"st\");"));
    }

    [TestCase("db.Table<Event>().Where(x => x.At > since.AddDays(1)).ToList()", "is computed")]
    [TestCase("db.Table<Event>().Where(x => x.At == instant).ToList()", "the conversion 'x.At' follows the run-time translator's rules")]
    [TestCase("db.Table<Event>().Where(x => x.At.TimeOfDay > x.Length).ToList()", "'x.At.TimeOfDay > x.Length' uses an operator method")]
    [TestCase("db.Table<Event>().Where(x => x.DueAt < null).ToList()", "orders against null")]
    [TestCase("db.Table<Note>().Select(n => new { n.Id, Later = db.Table<Event>().Count(e => e.Id == n.EventId && e.At > since) }).ToList()", "(not here, in a projection's sub-query)")]
    public void Date_comparisons_the_generator_does_not_lower_say_why(string query, string reason)
    {
        var result = GeneratorHarness.Run(Queries($"public static object Q(MicroDbConnection db, DateTime since, DateTimeOffset instant) => {query};"));

        Assert.That(result.Errors, Is.Empty, () => result.Describe(result.Errors));
        Assert.That(result.GeneratorDiagnostics.Single(d => d.Id == "MDB0013").GetMessage(), Does.Contain(reason));
    }
}
