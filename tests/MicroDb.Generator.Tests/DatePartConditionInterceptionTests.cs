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

    [TestCase("x => x.At.Year == 2025")]
    [TestCase("x => year < x.Stamp.Month")]
    [TestCase("x => x.DueAt != null && x.DueAt.Value.Hour >= 12")]
    [TestCase("x => x.At.DayOfWeek == weekday")]
    [TestCase("x => x.At.Date == day")]
    [TestCase("x => day > x.Stamp.Date")]
    [TestCase("x => x.When.Millisecond == 5")]
    [TestCase("x => x.At > x.DueAt")]
    [TestCase("x => x.Stamp == x.Stamp")]
    [TestCase("x => x.When < x.Other")]
    [TestCase("x => x.Length == x.Pause")]
    public void Dump(string predicate)
    {
        System.IO.File.AppendAllText("/tmp/dp/dump.txt", predicate + "\n" + Site(Where(predicate)) + "\n\n");
    }
}
