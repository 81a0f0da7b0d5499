using MicroDb.Generator.Tests.Infrastructure;
using Microsoft.CodeAnalysis;

namespace MicroDb.Generator.Tests;

/// <summary>
/// The build-time front end on <c>g.Count(predicate)</c> in a grouping's result: a predicate of bool members is lowered as
/// the run time writes it (<c>count(CASE WHEN ... THEN 1 ELSE NULL END)</c>); one that compares with values is lowered too (GroupValueInterceptionTests); one whose condition has no lowering gets MDB0013.
/// </summary>
public class GroupCountPredicateInterceptionTests
{
    private const string HintName = "MicroDb.Generated.QueryInterceptors.g.cs";

    private const string Model = """
        using System.Linq;
        using MicroDb;
        namespace Shop;
        [Table("todos")]
        public class Todo
        {
            [PrimaryKey, AutoIncrement] public int Id { get; set; }
            public string? Team { get; set; }
            public bool Done { get; set; }
            public bool Urgent { get; set; }
            public int Age { get; set; }
        }
        """;

    private static string Queries(string body) => Model + "\npublic static class Queries\n{\n" + body + "\n}\n";

    [Test]
    public void Count_of_bool_members_is_lowered_to_a_conditional_count()
    {
        var result = GeneratorHarness.Run(Queries("""
            public static object Q(MicroDbConnection db) =>
                db.Table<Todo>().GroupBy(t => t.Team).Select(g => new { g.Key, Done = g.Count(x => x.Done), Open = g.LongCount(x => !x.Done && (x.Urgent || !x.Urgent)) }).ToList();
            """));

        Assert.That(result.GeneratorDiagnostics, Is.Empty, () => result.Describe(result.GeneratorDiagnostics));
        Assert.That(result.Errors, Is.Empty, () => result.Describe(result.Errors));
        Assert.That(result.GeneratedCodeProblems, Is.Empty, () => result.Describe(result.GeneratedCodeProblems));
        Assert.That(result.Sources[HintName], Does.Contain("""
            new InterceptedSite("SELECT \"Team\", count(CASE WHEN (\"Done\" = 1) THEN 1 ELSE NULL END), count(CASE WHEN ((NOT (\"Done\" = 1)) AND ((\"Urgent\" = 1) OR (NOT (\"Urgent\" = 1)))) THEN 1 ELSE NULL END) FROM \"todos\" GROUP BY \"Team\"");
            """));
    }

    [TestCase("g.Count(x => x.Team!.Substring(1) == \"a\" || x.Done)", "is not lowered at build time")]
    public void Count_with_a_predicate_that_binds_a_value_says_why(string aggregate, string reason)
    {
        var result = GeneratorHarness.Run(Queries("public static object Q(MicroDbConnection db) => db.Table<Todo>().GroupBy(t => t.Team).Select(g => new { g.Key, N = " + aggregate + " }).ToList();"));

        Assert.That(result.Errors, Is.Empty, () => result.Describe(result.Errors));
        var info = result.GeneratorDiagnostics.Single(d => d.Id == "MDB0013");
        Assert.That(info.GetMessage(), Does.Contain(reason));
        Assert.That(info.Severity, Is.EqualTo(DiagnosticSeverity.Info));
    }

    [Test]
    public void Having_and_ordering_over_a_count_with_a_predicate_are_lowered()
    {
        var result = GeneratorHarness.Run(Queries("public static object Q(MicroDbConnection db) => db.Table<Todo>().GroupBy(t => t.Team).Where(g => g.Count(x => x.Done) > 1).OrderBy(g => g.Count(x => x.Urgent)).Select(g => g.Key).ToList();"));

        Assert.That(result.GeneratorDiagnostics, Is.Empty, () => result.Describe(result.GeneratorDiagnostics));
        Assert.That(result.Errors, Is.Empty, () => result.Describe(result.Errors));
        Assert.That(result.Sources[HintName], Does.Contain("""
            new InterceptedSite("SELECT \"Team\" FROM \"todos\" GROUP BY \"Team\" HAVING (count(CASE WHEN (\"Done\" = 1) THEN 1 ELSE NULL END) > ?) ORDER BY count(CASE WHEN (\"Urgent\" = 1) THEN 1 ELSE NULL END)").HavingValue(0, "R", null, typeof(object));
            """));
    }
}
