using MicroDb.Generator.Tests.Infrastructure;
using Microsoft.CodeAnalysis;

namespace MicroDb.Generator.Tests;

/// <summary>The build-time query front end over the compatibility package's queries (SQLite.TableQuery, SQLite.AsyncTableQuery).</summary>
public class CompatQueryInterceptionTests
{
    private const string HintName = "MicroDb.Generated.QueryInterceptors.g.cs";

    private const string Model = """
        using System.Collections.Generic;
        using System.Threading.Tasks;
        using SQLite;
        namespace App;
        [Table("people")]
        public class Person
        {
            [PrimaryKey, AutoIncrement] public int Id { get; set; }
            public string Name { get; set; }
            public int Age { get; set; }
        }
        """;

    private static GenerationResult Run(string body)
    {
        var compilation = GeneratorHarness.CreateCompilation(Model + "\npublic static class Queries\n{\n" + body + "\n}\n")
            .AddReferences(MetadataReference.CreateFromFile(typeof(SQLite.SQLiteConnection).Assembly.Location));
        return GeneratorHarness.Run(compilation);
    }

    [Test]
    public void Inline_compat_lookup_is_intercepted_through_the_compat_entry_points()
    {
        var result = Run("""
            public static Person ById(SQLiteConnection db, int id) => db.Table<Person>().Where(p => p.Id == id).FirstOrDefault();
            public static int Adults(SQLiteConnection db, int age) => db.Table<Person>().Count(p => p.Age >= age);
            public static Task<List<Person>> Page(SQLiteAsyncConnection db, int age) => db.Table<Person>().Where(p => p.Age > age).OrderBy(p => p.Name).Take(5).ToListAsync();
            """);

        Assert.That(result.Errors, Is.Empty, () => result.Describe(result.Errors));
        Assert.That(result.GeneratedCodeProblems, Is.Empty, () => result.Describe(result.GeneratedCodeProblems));
        Assert.That(result.GeneratorDiagnostics, Is.Empty, () => result.Describe(result.GeneratorDiagnostics));
        var source = result.Sources[HintName];
        Assert.That(source, Does.Contain("""private static readonly InterceptedSite Site0 = new InterceptedSite("SELECT \"Id\", \"Name\", \"Age\" FROM \"people\" WHERE (\"Id\" = ?) LIMIT 1").Value(0, "R", "Id", typeof(int));"""));
        Assert.That(source, Does.Contain("""global::SQLite.TableQueryInterception.FirstOrDefault(query, Site0);"""));
        Assert.That(source, Does.Contain("""global::SQLite.TableQueryInterception.Where(query, predExpr)"""));
        Assert.That(source, Does.Contain("""new InterceptedSite("SELECT count(*) FROM \"people\" WHERE (\"Age\" >= ?)").Value(0, "R", "Age", typeof(int));"""));
        Assert.That(source, Does.Contain("""new InterceptedSite("SELECT \"Id\", \"Name\", \"Age\" FROM \"people\" WHERE (\"Age\" > ?) ORDER BY \"Name\" LIMIT 5")"""));
        Assert.That(source, Does.Contain("global::SQLite.TableQueryInterception.Order(query, orderExpr, false, false)"));
    }

    [Test]
    public void Compat_query_built_across_statements_stays_on_the_run_time_path_with_an_info()
    {
        var result = Run("""
            public static Person ById(SQLiteConnection db, int id)
            {
                var people = db.Table<Person>().Where(p => p.Id == id);
                return people.FirstOrDefault();
            }
            """);

        Assert.That(result.Sources.ContainsKey(HintName), Is.False);
        var info = result.GeneratorDiagnostics.Single(d => d.Id == "MDB0013");
        Assert.That(info.Severity, Is.EqualTo(DiagnosticSeverity.Info));
        Assert.That(info.GetMessage(), Does.Contain("built across statements"));
        var text = result.Output.SyntaxTrees.Single(t => t.FilePath == "input.cs").GetText();
        Assert.That(text.ToString(info.Location.SourceSpan), Is.EqualTo("people.FirstOrDefault()"));
    }

    [Test]
    public void Compat_string_conditions_and_lists_are_lowered_as_on_microdbs_connection()
    {
        var result = Run("""
            public static List<Person> Q(SQLiteConnection db, string p, List<int> ids) =>
                db.Table<Person>().Where(x => x.Name.StartsWith(p, System.StringComparison.OrdinalIgnoreCase) && ids.Contains(x.Age)).ToList();
            """);

        Assert.That(result.Errors, Is.Empty, () => result.Describe(result.Errors));
        Assert.That(result.GeneratorDiagnostics, Is.Empty, () => result.Describe(result.GeneratorDiagnostics));
        Assert.That(result.Sources[HintName], Does.Contain("""WHERE ((\"Name\" LIKE ? ESCAPE '\\') AND (\"Age\" IN (?)))").Value(0, "L0", "", typeof(string)).Value(0, "Ro", "Age", typeof(int)).Text(0, "starts").Text(1, "in");"""));
    }

    [Test]
    public void Compat_query_the_generator_does_not_lower_says_why()
    {
        var result = Run("public static List<Person> Q(SQLiteConnection db) => db.Table<Person>().Where(p => p.Name.Substring(1) == \"a\").ToList();");

        Assert.That(result.Sources.ContainsKey(HintName), Is.False);
        Assert.That(result.GeneratorDiagnostics.Single(d => d.Id == "MDB0013").GetMessage(), Does.Contain("is not lowered at build time"));
    }

    [Test]
    public void Same_named_SQLite_types_of_another_assembly_are_not_intercepted()
    {
        // sqlite-net-pcl declares the same full names (SQLite.SQLiteConnection, SQLite.TableQuery<T>): only the
        // compatibility package's assembly is recognised.
        var result = GeneratorHarness.Run("""
            using System.Collections.Generic;
            namespace SQLite
            {
                public sealed class TableAttribute : System.Attribute { public TableAttribute(string name) { } }
                public sealed class PrimaryKeyAttribute : System.Attribute { }
                public class TableQuery<T> { public TableQuery<T> Where(System.Linq.Expressions.Expression<System.Func<T, bool>> predExpr) => this; public T FirstOrDefault() => default!; }
                public class SQLiteConnection { public TableQuery<T> Table<T>() => new(); }
            }
            namespace App
            {
                [SQLite.Table("people")]
                public class Person { [SQLite.PrimaryKey] public int Id { get; set; } }
                public static class Queries
                {
                    public static Person ById(SQLite.SQLiteConnection db, int id) => db.Table<Person>().Where(p => p.Id == id).FirstOrDefault();
                }
            }
            """);

        Assert.That(result.Sources.ContainsKey(HintName), Is.False);
        Assert.That(result.GeneratorDiagnostics.Where(d => d.Id is "MDB0013" or "MDB0014"), Is.Empty, () => result.Describe(result.GeneratorDiagnostics));
        Assert.That(result.Errors, Is.Empty, () => result.Describe(result.Errors));
    }
}
