using MicroDb.Generator.Tests.Infrastructure;
using Microsoft.CodeAnalysis;

namespace MicroDb.Generator.Tests;

/// <summary>The build-time front end on projections: Select chains intercepted with the run time's SELECT list, MDB0013 for a computed projection.</summary>
public class SelectInterceptionTests
{
    private const string HintName = "MicroDb.Generated.QueryInterceptors.g.cs";

    private const string Model = """
        using System.Collections.Generic;
        using MicroDb;
        namespace Shop;
        [Table("people")]
        public class Person
        {
            [PrimaryKey, AutoIncrement] public int Id { get; set; }
            public string? Name { get; set; }
            public int Age { get; set; }
            public double Score { get; set; }
            [Ignore] public int Computed { get; set; }
        }
        public class PersonDto { public int Id { get; set; } public string? Name { get; set; } }
        public record PersonRecord(int Id, string? Name);
        """;

    private static string Queries(string body) => Model + "\npublic static class Queries\n{\n" + body + "\n}\n";

    [Test]
    public void Select_shapes_are_intercepted_with_the_run_time_select_list_and_compile()
    {
        var result = GeneratorHarness.Run(Queries("""
            public static object Anonymous(MicroDbConnection db, int min) => db.Table<Person>().Where(p => p.Age > min).OrderBy(p => p.Name).Select(p => new { p.Name, p.Id }).ToList();
            public static List<string?> Names(MicroDbConnection db) => db.Table<Person>().Select(p => p.Name).ToList();
            public static PersonDto Dto(MicroDbConnection db) => db.Table<Person>().Select(p => new PersonDto { Id = p.Id, Name = p.Name }).First();
            public static PersonRecord? Record(MicroDbConnection db) => db.Table<Person>().Select(p => new PersonRecord(p.Id, p.Name)).FirstOrDefault();
            public static int[] Ids(MicroDbConnection db) => db.Table<Person>().Select(p => p.Id).ToArray();
            public static string? OnlyName(MicroDbConnection db) => db.Table<Person>().Where(p => p.Id == 1).Select(p => p.Name).SingleOrDefault();
            """));

        Assert.That(result.GeneratorDiagnostics, Is.Empty, () => result.Describe(result.GeneratorDiagnostics));
        Assert.That(result.Errors, Is.Empty, () => result.Describe(result.Errors));
        Assert.That(result.GeneratedCodeProblems, Is.Empty, () => result.Describe(result.GeneratedCodeProblems));
        var source = result.Sources[HintName];
        // Columns in table order, as ProjectionPlan selects them, whatever order the projection names them in.
        AssertSiteCall(source, """QueryInterception.ToList(query, """, "SELECT 'Id', 'Name' FROM 'people' WHERE ('Age' > ?) ORDER BY 'Name'", ".Value(0, \"R\", \"Age\", typeof(int))", """static (global::Shop.Person r) => unchecked(new { @Name = r.@Name, @Id = r.@Id }));""");
        Assert.That(source, Does.Contain("""public static global::System.Collections.Generic.List<TResult> ToList"""));
        Assert.That(source, Does.Contain("""<T, TResult>(this SelectQuery<T, TResult> query) =>"""));
        AssertSiteCall(source, """QueryInterception.ToList(query, """, "SELECT 'Name' FROM 'people'", "", """static (global::Shop.Person r) => unchecked(r.@Name));""");
        AssertSiteCall(source, """QueryInterception.First(query, """, "SELECT 'Id', 'Name' FROM 'people' LIMIT 1", "", """static (global::Shop.Person r) => unchecked(new global::Shop.PersonDto() { @Id = r.@Id, @Name = r.@Name }));""");
        AssertSiteCall(source, """QueryInterception.FirstOrDefault(query, """, "SELECT 'Id', 'Name' FROM 'people' LIMIT 1", "", """static (global::Shop.Person r) => unchecked(new global::Shop.PersonRecord(@Id: r.@Id, @Name: r.@Name)));""");
        AssertSiteCall(source, """QueryInterception.Single(query, """, "SELECT 'Name' FROM 'people' WHERE ('Id' = ?) LIMIT 2", ".Value(0, \"R\", \"Id\", typeof(int))", """static (global::Shop.Person r) => unchecked(r.@Name), orDefault: true);""");
        AssertSiteCall(source, """QueryInterception.ToArray(query, """, "SELECT 'Id' FROM 'people'", "", """static (global::Shop.Person r) => unchecked(r.@Id));""");
    }

    [Test]
    public void Async_select_is_intercepted_on_a_pool_reader()
    {
        var result = GeneratorHarness.Run(Queries("""
            public static async System.Threading.Tasks.Task<object> All(MicroDbAsyncConnection db, int min, System.Threading.CancellationToken ct) =>
                await db.Table<Person>().Where(p => p.Age > min).Select(p => new { p.Id, p.Name }).ToListAsync(ct);
            public static System.Threading.Tasks.ValueTask<PersonRecord?> One(MicroDbAsyncConnection db) => db.Table<Person>().Select(p => new PersonRecord(p.Id, p.Name)).FirstOrDefaultAsync();
            public static System.Threading.Tasks.ValueTask<string?[]> Names(MicroDbAsyncConnection db) => db.Table<Person>().Select(p => p.Name).ToArrayAsync();
            """));

        Assert.That(result.GeneratorDiagnostics, Is.Empty, () => result.Describe(result.GeneratorDiagnostics));
        Assert.That(result.Errors, Is.Empty, () => result.Describe(result.Errors));
        Assert.That(result.GeneratedCodeProblems, Is.Empty, () => result.Describe(result.GeneratedCodeProblems));
        var source = result.Sources[HintName];
        Assert.That(source, Does.Contain("""<T, TResult>(this AsyncSelectQuery<T, TResult> query, global::System.Threading.CancellationToken cancellationToken) =>"""));
        AssertSiteCall(source, """QueryInterception.ReadAsync(query, static (q, ct) => QueryInterception.ToList(q, """, "SELECT 'Id', 'Name' FROM 'people' WHERE ('Age' > ?)", ".Value(0, \"R\", \"Age\", typeof(int))", """static (global::Shop.Person r) => unchecked(new { @Id = r.@Id, @Name = r.@Name }), ct), cancellationToken);""");
        AssertSiteCall(source, """QueryInterception.FirstOrDefault(q, """, "SELECT 'Id', 'Name' FROM 'people' LIMIT 1", "", "static (global::Shop.Person r) => unchecked(new global::Shop.PersonRecord(");
        AssertSiteCall(source, """QueryInterception.ToList(q, """, "SELECT 'Name' FROM 'people'", "", """static (global::Shop.Person r) => unchecked(r.@Name), ct).ToArray()""");
    }

    [TestCase("p => new { p.Id, Twice = checked(p.Age * 2) }", "'p.Age * 2' is checked arithmetic")]
    [TestCase("p => (System.DayOfWeek)p.Score", "converts a Double to an enum")]
    public void Projection_the_run_time_computes_differently_stays_on_the_run_time_path_with_MDB0013(string selector, string reason)
    {
        var result = GeneratorHarness.Run(Queries($"public static object Q(MicroDbConnection db) => db.Table<Person>().Select({selector}).ToList();"));

        Assert.That(result.Sources.ContainsKey(HintName), Is.False);
        var info = result.GeneratorDiagnostics.Single(d => d.Id == "MDB0013");
        Assert.That(info.Severity, Is.EqualTo(DiagnosticSeverity.Info));
        Assert.That(info.GetMessage(), Does.Contain(reason));
        Assert.That(result.Errors, Is.Empty, () => result.Describe(result.Errors));
    }

    [Test]
    public void Projection_to_a_type_generated_code_cannot_name_stays_on_the_run_time_path()
    {
        var result = GeneratorHarness.Run(Queries("""
            private sealed class Row { public int Id { get; set; } }
            public static int Q(MicroDbConnection db) => db.Table<Person>().Select(p => new Row { Id = p.Id }).ToList().Count;
            """));

        Assert.That(result.Sources.ContainsKey(HintName), Is.False);
        Assert.That(result.GeneratorDiagnostics.Single(d => d.Id == "MDB0013").GetMessage(), Does.Contain("is not accessible to generated code"));
        Assert.That(result.Errors, Is.Empty, () => result.Describe(result.Errors));
    }

    [TestCase(".Select(p => p.Name).Count(n => n != null)", "'Count' after Select")]
    [TestCase(".Select(p => p.Name).Single(n => n == \"Ada\")", "'Single' after Select")]
    [TestCase(".Select(p => new { p.Id }).Where(x => x.Id > 1).ToList()", "'Where' after Select")]
    [TestCase(".Take(3).Select(p => p.Name).ToList()", "a projection after Take/Skip")]
    public void Operators_after_or_around_Select_that_are_not_lowered_say_why(string chain, string reason)
    {
        var result = GeneratorHarness.Run(Queries($"public static object Q(MicroDbConnection db) => db.Table<Person>(){chain};"));

        Assert.That(result.Sources.ContainsKey(HintName), Is.False);
        Assert.That(result.GeneratorDiagnostics.Single(d => d.Id == "MDB0013").GetMessage(), Does.Contain(reason));
        Assert.That(result.Errors, Is.Empty, () => result.Describe(result.Errors));
    }

    /// <summary>Asserts the interceptor calls <paramref name="prefix"/> with the site field whose SQL and values are given, then <paramref name="rest"/>.</summary>
    private static void AssertSiteCall(string source, string prefix, string sql, string values, string rest)
    {
        var sites = System.Text.RegularExpressions.Regex.Matches(source, @"InterceptedSite (Site\d+) = new InterceptedSite\(" + System.Text.RegularExpressions.Regex.Escape("\"" + sql.Replace("'", "\\\"", System.StringComparison.Ordinal) + "\")" + values + ";"));
        Assert.That(sites, Is.Not.Empty, () => $"No site with {sql}{values} in:\n{source}");
        Assert.That(sites.Select(m => prefix + m.Groups[1].Value + ", " + rest), Has.Some.Matches<string>(call => source.Contains(call!, System.StringComparison.Ordinal)), () => $"No call {prefix}Site.., {rest} in:\n{source}");
    }
}
