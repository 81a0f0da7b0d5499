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

    [TestCase("db.Table<Event>().Where(e => db.Table<Note>().Any(n => n.EventId == e.Id && n.Written > since)).ToList()")]
    [TestCase("db.Table<Event>().Where(e => db.Table<Note>().Count(n => n.EventId == e.Id && n.Written == since) > 1).ToList()")]
    [TestCase("db.Table<Event>().GroupBy(e => e.Kind).Select(g => new { g.Key, N = g.Count(x => x.At > since) }).ToList()")]
    [TestCase("db.Table<Event>().GroupBy(e => e.Kind).Select(g => new { g.Key, N = g.Count(x => x.When > instant) }).ToList()")]
    [TestCase("db.Table<Event>().GroupBy(e => e.At).Where(g => g.Key > since).Select(g => new { g.Key, N = g.Count() }).ToList()")]
    [TestCase("db.Table<Event>().GroupBy(e => new { e.At, e.Kind }).Where(g => g.Key.At == since).Select(g => new { g.Key.At, N = g.Count() }).ToList()")]
    [TestCase("db.Table<Event>().GroupBy(e => e.Stamp).Where(g => g.Key <= since).Select(g => new { g.Key, N = g.Count() }).ToList()")]
    [TestCase("db.Table<Event>().GroupBy(e => e.When).Where(g => g.Key <= instant).Select(g => new { g.Key, N = g.Count() }).ToList()")]
    [TestCase("db.Table<Event>().GroupBy(e => e.Length).Where(g => g.Key <= span).Select(g => new { g.Key, N = g.Count() }).ToList()")]
    [TestCase("db.Table<Event>().GroupBy(e => e.At.Date).Where(g => g.Key > since).Select(g => new { g.Key, N = g.Count() }).ToList()")]
    [TestCase("db.Table<Event>().GroupBy(e => e.At > since ? 1 : 2).Select(g => new { g.Key, N = g.Count() }).ToList()")]
    [TestCase("db.Table<Event>().GroupBy(e => e.Kind).Where(g => g.Max(x => x.At) > since).Select(g => new { g.Key, N = g.Count() }).ToList()")]
    [TestCase("db.Table<Event>().GroupBy(e => e.Kind).Where(g => g.Max(x => x.DueAt) > since).Select(g => new { g.Key, N = g.Count() }).ToList()")]
    [TestCase("db.Table<Event>().GroupBy(e => e.Kind).Where(g => db.Table<Note>().Any(n => n.EventId == g.Key && n.Written > since)).Select(g => new { g.Key, N = g.Count() }).ToList()")]
    [TestCase("db.Table<Event>().Select(e => new { e.Id, N = db.Table<Note>().Count(n => n.EventId == e.Id && n.Written > since) }).ToList()")]
    [TestCase("db.Table<Event>().Where(e => e.Kind > 0).ExecuteUpdate(s => s.Set(x => x.Kind, x => x.At.Year))")]
    [TestCase("db.Table<Event>().GroupBy(e => e.Kind).Where(g => g.Count(x => x.At <= since) > 1).Select(g => new { g.Key, N = g.Count() }).ToList()")]
    [TestCase("db.Table<Event>().GroupBy(e => e.At > since ? 1 : 2).Select(g => new { N = g.Count() }).ToList()")]
    [TestCase("db.Table<Event>().GroupBy(e => e.Kind).OrderBy(g => g.Count(x => x.At <= since)).Select(g => new { g.Key, N = g.Count() }).ToList()")]
    public void Dump(string query)
    {
        var result = Run(query);
        var text = query + "\n" + string.Join("\n", result.GeneratorDiagnostics.Select(d => d.GetMessage())) + string.Join("\n", result.Errors.Select(d => d.GetMessage()))
            + "\n" + (result.Sources.TryGetValue(HintName, out var s) ? string.Join("\n", s.Split('\n').Where(l => l.Contains("Site0 ="))) : "") + "\n\n";
        System.IO.File.AppendAllText("/tmp/dw/dump.txt", text);
    }
}
