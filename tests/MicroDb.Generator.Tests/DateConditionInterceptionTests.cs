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

    [Test]
    public void Dump()
    {
        TestContext.Out.WriteLine(Where("x => x.At >= since"));
    }
}
