using System.Reflection;
using System.Runtime.CompilerServices;
using MicroDb.Generator.Tests.Infrastructure;

namespace MicroDb.Generator.Tests;

/// <summary>
/// The review's findings on the build-time front end (issue 22, eighth round): a join's result with several nullable-bool
/// <c>&amp;</c>, <c>|</c>, <c>^</c> elements declares each pattern variable once (it compiled to CS0128 before); the
/// generator's static pass state is per thread (the compiler server runs generators concurrently); two date members
/// compared outside one table's or a set-based write's Where stay declined (MDB0013), as before date pairs were lowered.
/// </summary>
public class ReviewFix8aInterceptionTests
{
    private const string HintName = "MicroDb.Generated.QueryInterceptors.g.cs";

    private const string Model = """
        using System;
        using System.Collections.Generic;
        using System.Linq;
        using MicroDb;
        namespace Shop;
        [Table("lamps")]
        public class Lamp
        {
            [PrimaryKey, AutoIncrement] public int Id { get; set; }
            public int RoomId { get; set; }
            public bool? On { get; set; }
        }
        [Table("rooms")]
        public class Room
        {
            [PrimaryKey, AutoIncrement] public int Id { get; set; }
            public bool? On { get; set; }
            public string? Name { get; set; }
        }
        [Table("events")]
        public class Event
        {
            [PrimaryKey, AutoIncrement] public int Id { get; set; }
            public int RoomId { get; set; }
            public DateTime At { get; set; }
            public DateTime? DueAt { get; set; }
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

    [Test]
    public void A_joins_result_with_two_nullable_bool_operators_compiles()
    {
        var source = Clean("""
            public static object Q(MicroDbConnection db) =>
                db.Table<Lamp>().Join(db.Table<Room>(), a => a.RoomId, b => b.Id, (a, b) => new { X = a.On & b.On, Y = a.On | b.On, Z = a.On ^ b.On }).ToList();
            """);

        Assert.That(source, Does.Contain("is ({ } l0, { } r0) ? (bool?)(l0 & r0) : null)"));
        Assert.That(source, Does.Contain("is ({ } l1, { } r1) ? (bool?)(l1 | r1) : null)"));
        Assert.That(source, Does.Contain("is ({ } l2, { } r2) ? (bool?)(l2 ^ r2) : null)"));
    }

    [Test]
    public void A_nested_nullable_bool_operator_in_a_joins_result_numbers_past_its_siblings()
    {
        var source = Clean("""
            public static object Q(MicroDbConnection db) =>
                db.Table<Lamp>().Join(db.Table<Room>(), a => a.RoomId, b => b.Id, (a, b) => new { a.Id, X = (a.On & b.On) | a.On, Y = a.On ^ b.On }).ToList();
            """);

        Assert.That(source, Does.Contain("l2 ^ r2"), "The second element numbers after the first element's two.");
    }

    [TestCase("db.Table<Lamp>().Join(db.Table<Room>(), a => a.RoomId, b => b.Id, (a, b) => new { a.Id, A = a.On & b.On })"
        + ".RightJoin(db.Table<Room>(), x => x.Id, c => c.Id, (x, c) => new { x, B = c.On | c.On }).ToList()")]
    [TestCase("db.Table<Lamp>().LeftJoin(db.Table<Room>(), a => a.RoomId, b => b.Id, (a, b) => new { A = a.On & (b == null ? null : b.On), B = a.On | a.On }).ToList()")]
    [TestCase("db.Table<Lamp>().Join(db.Table<Room>(), a => a.RoomId, b => b.Id, (a, b) => new { a, B = a.On & b.On, C = b.On & a.On }).ToList()")]
    public void Joins_with_nullable_bool_operators_in_several_elements_compile(string query)
    {
        var result = GeneratorHarness.Run(Queries($"public static object Q(MicroDbConnection db) => {query};"));

        // Lowered or declined (MDB0013), the output compiles: no pattern variable is declared twice.
        Assert.That(result.Errors, Is.Empty, () => result.Describe(result.Errors));
        Assert.That(result.GeneratedCodeProblems, Is.Empty, () => result.Describe(result.GeneratedCodeProblems));
    }

    [Test]
    public void The_generators_mutable_static_state_is_per_thread()
    {
        // The compiler server runs the generator for several compilations at once: a static field a pass sets and reads
        // (a storage format's pass, the chain being written) must be [ThreadStatic], or one compilation reads another's.
        var shared = typeof(MicroDbGenerator).Assembly.GetTypes()
            .Where(t => t.GetCustomAttribute<CompilerGeneratedAttribute>() is null)
            .SelectMany(t => t.GetFields(BindingFlags.Static | BindingFlags.Public | BindingFlags.NonPublic | BindingFlags.DeclaredOnly))
            .Where(f => !f.IsInitOnly && !f.IsLiteral && f.GetCustomAttribute<ThreadStaticAttribute>() is null)
            .Select(f => f.DeclaringType!.Name + "." + f.Name)
            .ToList();

        Assert.That(shared, Is.Empty);
    }

    [Test]
    public void Compilations_generated_at_once_each_get_their_own_output()
    {
        // Date conditions (two passes over the chain, per-format texts) beside chains without any, on several threads.
        string[] bodies =
        [
            "public static object Q(MicroDbConnection db, DateTime day, int year) => db.Table<Event>().Where(x => x.At.Year == year && x.At > x.DueAt && x.At < day).ToList();",
            "public static object Q(MicroDbConnection db, int id) => db.Table<Lamp>().Where(x => x.Id > id).ToList();",
            "public static object Q(MicroDbConnection db, DateTime day) => db.Table<Event>().Where(x => x.At > day).ExecuteUpdate(s => s.Set(x => x.RoomId, x => x.At.Month));",
            "public static object Q(MicroDbConnection db, TimeSpan span) => db.Table<Event>().Where(x => x.Length > span).GroupBy(x => x.RoomId).Select(g => g.Key).ToList();",
        ];
        var expected = bodies.Select(b => GeneratorHarness.Run(Queries(b)).Sources[HintName]).ToArray();

        var mismatches = new System.Collections.Concurrent.ConcurrentBag<int>();
        Parallel.For(0, bodies.Length * 6, new ParallelOptions { MaxDegreeOfParallelism = 4 }, i =>
        {
            var body = i % bodies.Length;
            if (GeneratorHarness.Run(Queries(bodies[body])).Sources[HintName] != expected[body])
            {
                mismatches.Add(body);
            }
        });

        Assert.That(mismatches, Is.Empty);
    }

    [TestCase("db.Table<Event>().Join(db.Table<Room>(), e => e.RoomId, r => r.Id, (e, r) => new { e.At, e.DueAt, r.Name }).Where(x => x.At > x.DueAt).ToList()", "uses an operator method")]
    [TestCase("db.Table<Event>().Where(x => x.At > x.DueAt).Join(db.Table<Room>(), e => e.RoomId, r => r.Id, (e, r) => new { e.Id, r.Name }).ToList()", "uses an operator method")]
    [TestCase("db.Table<Room>().Join(db.Table<Event>().Where(x => x.At > x.DueAt), r => r.Id, e => e.RoomId, (r, e) => new { e.Id, r.Name }).ToList()", "uses an operator method")]
    [TestCase("db.Table<Event>().Where(x => x.At > x.DueAt).GroupBy(x => x.RoomId).Select(g => new { g.Key, N = g.Count() }).ToList()", "is lowered in one table's or a set-based write's Where (not a join's, a grouping's or a sub-query's)")]
    [TestCase("db.Table<Event>().Where(x => x.Length == x.Pause).GroupBy(x => x.RoomId).Select(g => g.Key).ToList()", "the comparison of date members 'Length' and 'Pause' is lowered in one table's")]
    [TestCase("db.Table<Event>().GroupBy(x => x.RoomId).Select(g => new { g.Key, Late = g.Count(x => x.At > x.DueAt) }).ToList()", "the comparison of date members 'At' and 'DueAt' is lowered in one table's")]
    [TestCase("db.Table<Room>().Where(r => db.Table<Event>().Any(e => e.RoomId == r.Id && e.At > e.DueAt)).ToList()", "'e.At > e.DueAt' uses an operator method")]
    public void Two_date_members_compared_outside_one_tables_Where_stay_declined(string query, string reason)
    {
        var result = GeneratorHarness.Run(Queries($"public static object Q(MicroDbConnection db) => {query};"));

        Assert.That(result.Errors, Is.Empty, () => result.Describe(result.Errors));
        var declined = result.GeneratorDiagnostics.Where(d => d.Id == "MDB0013").ToList();
        Assert.That(declined, Has.Count.EqualTo(1), () => result.Describe(result.GeneratorDiagnostics));
        Assert.That(declined[0].GetMessage(), Does.Contain(reason));
    }
}
