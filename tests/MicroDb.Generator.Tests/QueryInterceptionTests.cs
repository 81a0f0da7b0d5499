using MicroDb.Generator.Tests.Infrastructure;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;

namespace MicroDb.Generator.Tests;

/// <summary>The build-time query front end: inline chains lowered to SQL constants and intercepted, MDB0013, MDB0014.</summary>
public class QueryInterceptionTests
{
    private const string HintName = "MicroDb.Generated.QueryInterceptors.g.cs";

    private const string Model = """
        using System.Collections.Generic;
        using MicroDb;
        namespace Shop;
        public enum Status { Open, Closed }
        [Table("people")]
        public class Person
        {
            [PrimaryKey, AutoIncrement] public int Id { get; set; }
            public string? Name { get; set; }
            public int Age { get; set; }
            public bool Active { get; set; }
            public Status Status { get; set; }
            [StoreAsText] public Status Named { get; set; }
            public double Score { get; set; }
            [Ignore] public int Computed { get; set; }
        }
        """;

    private static string Queries(string body) => Model + "\npublic static class Queries\n{\n" + body + "\n}\n";

    [Test]
    public void Inline_lookup_is_intercepted_with_its_sql_as_a_constant()
    {
        var result = GeneratorHarness.Run(Queries("public static Person? ById(MicroDbConnection db, int id) => db.Table<Person>().Where(x => x.Id == id).FirstOrDefault();"));

        Assert.That(result.Sources.ContainsKey(HintName), Is.True);
        var source = result.Sources[HintName];
        Assert.That(source, Does.Contain("""QueryInterception.Where(query, predicate)"""));
        Assert.That(source, Does.Contain("""private static readonly InterceptedSite Site0 = new InterceptedSite("SELECT \"Id\", \"Name\", \"Age\", \"Active\", \"Status\", \"Named\", \"Score\" FROM \"people\" WHERE (\"Id\" = ?) LIMIT 1").Value(0, "R", "Id", typeof(int));"""));
        Assert.That(source, Does.Contain("""QueryInterception.FirstOrDefault(QueryInterception.Where(query, predicate), Site0);""").Or.Contain("""QueryInterception.FirstOrDefault(query, Site0);"""));
        Assert.That(source, Does.Contain("file sealed class InterceptsLocationAttribute"));
        Assert.That(source, Does.Contain("namespace MicroDb.Generated"));
        Assert.That(result.GeneratorDiagnostics, Is.Empty, () => result.Describe(result.GeneratorDiagnostics));
        Assert.That(result.Errors, Is.Empty, () => result.Describe(result.Errors));
        Assert.That(result.GeneratedCodeProblems, Is.Empty, () => result.Describe(result.GeneratedCodeProblems));
    }

    [Test]
    public void Operators_and_terminals_are_lowered_as_the_run_time_builds_them()
    {
        var result = GeneratorHarness.Run(Queries("""
            public static List<Person> Page(MicroDbConnection db, int min) => db.Table<Person>().Where(x => x.Age >= min && !x.Active).OrderByDescending(x => x.Age).ThenBy(x => x.Name).Skip(10).Take(5).ToList();
            public static int Count(MicroDbConnection db, string name) => db.Table<Person>().Count(x => x.Name == name || 3 < x.Age);
            public static bool Any(MicroDbConnection db) => db.Table<Person>().Take(3).Any(x => x.Status != Status.Closed);
            public static Person? One(MicroDbConnection db) => db.Table<Person>().SingleOrDefault(x => x.Active);
            """));

        var source = result.Sources[HintName];
        Assert.That(source, Does.Contain("""FROM \"people\" WHERE ((\"Age\" >= ?) AND (NOT (\"Active\" = 1))) ORDER BY \"Age\" DESC, \"Name\" LIMIT 5 OFFSET 10"""));
        Assert.That(source, Does.Contain("""SELECT count(*) FROM \"people\" WHERE ((\"Name\" IS ?) OR (? < \"Age\"))"""));
        Assert.That(source, Does.Contain("""FROM \"people\" WHERE (\"Active\" = 1) LIMIT 2"""));
        Assert.That(source, Does.Contain(""".Value(0, "LR", "Name", typeof(string)).Value(0, "RL", "Age", typeof(int));"""));
        Assert.That(result.GeneratorDiagnostics.Where(d => d.Id == "MDB0013").ToList(), Has.Count.EqualTo(1), () => result.Describe(result.GeneratorDiagnostics));
        Assert.That(result.GeneratorDiagnostics.Single(d => d.Id == "MDB0013").GetMessage(), Does.Contain("a condition after Take/Skip"));
        Assert.That(result.Errors, Is.Empty, () => result.Describe(result.Errors));
    }

    [Test]
    public void Query_built_across_statements_stays_on_the_run_time_path_with_an_info()
    {
        var result = GeneratorHarness.Run(Queries("""
            public static Person? ById(MicroDbConnection db, int id)
            {
                var people = db.Table<Person>().Where(x => x.Id == id);
                return people.FirstOrDefault();
            }
            """));

        Assert.That(result.Sources.ContainsKey(HintName), Is.False);
        var info = result.GeneratorDiagnostics.Single(d => d.Id == "MDB0013");
        Assert.That(info.Severity, Is.EqualTo(DiagnosticSeverity.Info));
        Assert.That(info.GetMessage(), Does.Contain("built across statements"));
        var text = result.Output.SyntaxTrees.Single(t => t.FilePath == "input.cs").GetText();
        Assert.That(text.ToString(info.Location.SourceSpan), Is.EqualTo("people.FirstOrDefault()"));
        Assert.That(info.Descriptor.HelpLinkUri, Does.EndWith("/docs/diagnostics/MDB0013.md"));
    }

    [Test]
    public void Upsert_is_left_to_the_run_time_path()
    {
        var result = GeneratorHarness.Run(Queries("""
            public static int Save(MicroDbConnection db, Person p) => db.Upsert(p) + db.UpsertAll(new[] { p });
            """));

        Assert.That(result.Errors, Is.Empty, () => result.Describe(result.Errors));
        Assert.That(result.GeneratorDiagnostics.Where(d => d.Severity > DiagnosticSeverity.Info), Is.Empty, () => result.Describe(result.GeneratorDiagnostics));
        Assert.That(result.Sources.TryGetValue(HintName, out var source) ? source : "", Does.Not.Contain("Upsert"));
    }

    [TestCase("x => x.Score % 2 > x.Age", "floating-point remainder")]
    [TestCase("x => x.Id == id + 1", "is computed")]
    [TestCase("x => x.Name!.IndexOf(\"a\") == 0", "is not lowered at build time")]
    public void Query_the_generator_does_not_lower_says_why(string predicate, string reason)
    {
        var result = GeneratorHarness.Run(Queries($"public static List<Person> Q(MicroDbConnection db, int id) => db.Table<Person>().Where({predicate}).ToList();"));

        Assert.That(result.Sources.ContainsKey(HintName), Is.False);
        Assert.That(result.GeneratorDiagnostics.Single(d => d.Id == "MDB0013").GetMessage(), Does.Contain(reason));
    }

    [Test]
    public void Query_over_a_type_without_a_generated_map_is_left_to_MDB0011()
    {
        var result = GeneratorHarness.Run(Model + """
            public static class Hidden
            {
                private sealed class Secret { [PrimaryKey] public int Id { get; set; } }
                public static int Count(MicroDbConnection db) => db.Table<Secret>().Count(x => x.Id > 1);
            }
            """);

        // The type gets no generated map (MDB0011, quiet by default, says why): no interceptor and no second report.
        Assert.That(result.Sources.ContainsKey(HintName), Is.False);
        Assert.That(result.GeneratorDiagnostics, Is.Empty, () => result.Describe(result.GeneratorDiagnostics));
        Assert.That(result.Errors, Is.Empty, () => result.Describe(result.Errors));
    }

    [Test]
    public void Query_that_can_never_be_translated_is_a_warning_with_the_run_time_reason()
    {
        var result = GeneratorHarness.Run(Queries("""
            public static List<Person> Bad(MicroDbConnection db) => db.Table<Person>().Where(x => x.Computed == 1).ToList();
            public static List<Person> ByName(MicroDbConnection db) => db.Table<Person>().OrderBy(x => x.Named).ToList();
            """));

        var warnings = result.GeneratorDiagnostics.Where(d => d.Id == "MDB0014").ToList();
        Assert.That(warnings, Has.Count.EqualTo(2), () => result.Describe(result.GeneratorDiagnostics));
        Assert.That(warnings.Select(w => w.Severity), Is.All.EqualTo(DiagnosticSeverity.Warning));
        Assert.That(warnings[0].GetMessage(), Is.EqualTo("MicroDb cannot translate 'x => x.Computed == 1' to SQL: member 'Computed' of 'Shop.Person' is not a mapped column"));
        Assert.That(warnings[1].GetMessage(), Does.Contain("member 'Named' is a [StoreAsText] enum, so SQL would sort by name, not by value"));
        Assert.That(warnings[0].Location.Kind, Is.EqualTo(LocationKind.SourceFile));
        Assert.That(result.Sources.ContainsKey(HintName), Is.False, "A query that cannot translate is not intercepted: it throws at run time as before.");
    }

    [Test]
    public void MicroDbInterceptQueries_false_emits_no_interceptors()
    {
        var result = GeneratorHarness.RunWithProperties(
            new Dictionary<string, string> { ["MicroDbInterceptQueries"] = "false" },
            Queries("""
                public static Person? ById(MicroDbConnection db, int id) => db.Table<Person>().Where(x => x.Id == id).FirstOrDefault();
                public static Person? Across(MicroDbConnection db) { var q = db.Table<Person>(); return q.FirstOrDefault(); }
                """));

        Assert.That(result.Sources.ContainsKey(HintName), Is.False);
        Assert.That(result.GeneratorDiagnostics.Where(d => d.Id == "MDB0013"), Is.Empty);
        Assert.That(result.Errors, Is.Empty, () => result.Describe(result.Errors));
    }

    [Test]
    public void Below_CSharp_11_no_interceptors_are_emitted()
    {
        var parse = GeneratorHarness.ParseOptions.WithLanguageVersion(LanguageVersion.CSharp10);
        var compilation = GeneratorHarness.CreateCompilation(Queries("public static Person? ById(MicroDbConnection db, int id) => db.Table<Person>().Where(x => x.Id == id).FirstOrDefault();"));
        var tree = compilation.SyntaxTrees.Single();
        compilation = compilation.ReplaceSyntaxTree(tree, tree.WithRootAndOptions(tree.GetRoot(), parse));
        var driver = CSharpGeneratorDriver.Create([new MicroDbGenerator().AsSourceGenerator()], parseOptions: parse);
        var ran = driver.RunGeneratorsAndUpdateCompilation(compilation, out var output, out var diagnostics);
        var result = new GenerationResult(ran, output, diagnostics);

        Assert.That(result.Sources.Keys, Has.Some.EndsWith("PersonMap.g.cs"), "the map is still generated");
        Assert.That(result.Sources.ContainsKey(HintName), Is.False, "file-local types need C# 11");
        Assert.That(result.GeneratorDiagnostics.Where(d => d.Id == "MDB0013"), Is.Empty);
        Assert.That(result.Errors, Is.Empty, () => result.Describe(result.Errors));
    }

    [Test]
    public void Calls_inside_an_expression_tree_are_not_intercepted()
    {
        var result = GeneratorHarness.Run(Queries("""
            public static System.Func<MicroDbConnection, int, Person?> Compiled() =>
                MicroDbQuery.Compile((MicroDbConnection c, int id) => c.Table<Person>().FirstOrDefault(x => x.Id == id));
            """));

        Assert.That(result.Sources.ContainsKey(HintName), Is.False);
        Assert.That(result.GeneratorDiagnostics.Where(d => d.Id is "MDB0013" or "MDB0014"), Is.Empty);
    }

    [Test]
    public void Unrelated_edit_leaves_the_interceptors_cached()
    {
        var compilation = GeneratorHarness.CreateCompilation(
            Queries("public static Person? ById(MicroDbConnection db, int id) => db.Table<Person>().Where(x => x.Id == id).FirstOrDefault();"),
            "namespace Other; public class Helper { public int Add(int a, int b) => a + b; }");
        var driver = GeneratorHarness.CreateDriver().RunGenerators(compilation);

        var old = compilation.SyntaxTrees.Single(t => t.FilePath == "input1.cs");
        var edited = compilation.ReplaceSyntaxTree(old, CSharpSyntaxTree.ParseText("namespace Other; public class Helper { public int Add(int a, int b) => a + b + 0; }", GeneratorHarness.ParseOptions, path: "input1.cs"));
        var second = driver.RunGenerators(edited).GetRunResult().Results.Single();

        var reasons = second.TrackedSteps[MicroDbGenerator.TrackingNames.Interceptors].SelectMany(s => s.Outputs).Select(o => o.Reason).ToList();
        Assert.That(reasons, Is.Not.Empty);
        Assert.That(reasons, Is.All.AnyOf(IncrementalStepRunReason.Cached, IncrementalStepRunReason.Unchanged));
    }

    [Test]
    public void Every_semantics_case_is_intercepted_or_declined_with_a_diagnostic()
    {
        var assembly = typeof(QueryInterceptionTests).Assembly;
        string Read(string name)
        {
            using var reader = new StreamReader(assembly.GetManifestResourceStream(name)!);
            return reader.ReadToEnd();
        }

        var sources = assembly.GetManifestResourceNames().Where(n => n.StartsWith("SnapshotInput/AllTypes/", StringComparison.Ordinal)).Order(StringComparer.Ordinal).Select(Read)
            .Prepend("global using System; global using System.Collections.Generic; global using System.Linq; global using MicroDb;")
            .Append(Read("InterceptedSemanticsCases.cs"))
            .ToArray();
        var result = GeneratorHarness.Run(sources);
        Assert.That(result.Errors, Is.Empty, () => result.Describe(result.Errors));

        var tree = result.Output.SyntaxTrees.Single(t => t.ToString().Contains("record SemanticsCase", StringComparison.Ordinal));
        var model = result.Output.GetSemanticModel(tree);
        var inline = tree.GetRoot().DescendantNodes().OfType<Microsoft.CodeAnalysis.CSharp.Syntax.InvocationExpressionSyntax>()
            .Where(i => i.ToString().StartsWith("db.Table<AllTypes>().Where(", StringComparison.Ordinal) && i.ToString().EndsWith(".ToList()", StringComparison.Ordinal))
            .ToList();
        var declined = result.GeneratorDiagnostics.Where(d => d.Id is "MDB0013" or "MDB0014").Select(d => d.Location.SourceSpan).ToHashSet();
        var intercepted = 0;
        foreach (var call in inline)
        {
            var isIntercepted = model.GetInterceptorMethod(call) is not null;
            var isDeclined = declined.Contains(call.Span);
            Assert.That(isIntercepted != isDeclined, Is.True, $"{call}: intercepted {isIntercepted}, declined {isDeclined}");
            intercepted += isIntercepted ? 1 : 0;
        }

        Assert.That(inline, Has.Count.EqualTo(288));

        // The same count InterceptedSemanticsTests sees reported as StatementSource.Intercepted at run time.
        Assert.That(intercepted, Is.EqualTo(InterceptedCases));
    }

    /// <summary>
    /// The semantics cases the front end lowers: integer, bool, numeric-enum, double and float members with every operator,
    /// string, Guid and ulong equality, each nullable too (lifted comparisons); decimal comparisons (equality too, under MicroDb's format at run time) and ulong ordering comparisons.
    /// </summary>
    internal const int InterceptedCases = 152;

    private const string Pets = """
        }
        [Table("pets")]
        public class Pet
        {
            [PrimaryKey, AutoIncrement] public int Id { get; set; }
            public int OwnerId { get; set; }
            public string? Name { get; set; }
        """;

    [Test]
    public void Join_chains_are_intercepted_with_the_run_time_sql()
    {
        var result = GeneratorHarness.Run(Queries("""
            public static int Pairs(MicroDbConnection db, int min) =>
                (from p in db.Table<Person>() join a in db.Table<Pet>() on p.Id equals a.OwnerId where a.Id > min select new { p.Name, a.Id }).Count();
            public static object Left(MicroDbConnection db) =>
                db.Table<Person>().LeftJoin(db.Table<Pet>(), p => p.Id, a => a.OwnerId, (p, a) => new { p.Name, Pet = a == null ? null : a.Name }).OrderBy(x => x.Name).ToList();
            public static object Keyed(MicroDbConnection db) =>
                db.Table<Pet>().Join(db.Table<Person>(), a => a.Name, p => p.Name, (a, p) => new { a.Id, p.Age }).Skip(1).Take(2).First();
            public static int Plain(MicroDbConnection db) => db.Table<Person>().Count(x => x.Age > 1);
            public static object Whole(MicroDbConnection db) =>
                db.Table<Person>().Join(db.Table<Pet>(), p => p.Id, a => a.OwnerId, (p, a) => new { p.Name, a }).ToList();
            public static object Unguarded(MicroDbConnection db) =>
                db.Table<Person>().LeftJoin(db.Table<Pet>(), p => p.Id, a => a.OwnerId, (p, a) => new { p.Age, a.Id }).ToList();
            """ + Pets));

        Assert.That(result.RunResult.Exception, Is.Null);
        Assert.That(result.GeneratorDiagnostics, Is.Empty, () => result.Describe(result.GeneratorDiagnostics));
        Assert.That(result.Errors, Is.Empty, () => result.Describe(result.Errors));
        Assert.That(result.GeneratedCodeProblems, Is.Empty, () => result.Describe(result.GeneratedCodeProblems));

        var source = result.Sources[HintName];
        Assert.That(source, Does.Contain("""SELECT count(*) FROM \"people\" WHERE (\"Age\" > ?)"""));
        Assert.That(source, Does.Contain("""
            new InterceptedSite("SELECT count(*) FROM \"people\" AS \"t0\" INNER JOIN \"pets\" AS \"t1\" ON (\"t0\".\"Id\" = \"t1\".\"OwnerId\") WHERE (\"t1\".\"Id\" > ?)").JoinedValue(1, 0, "R", "Id", typeof(int));
            """));
        Assert.That(source, Does.Contain("public static int Count"));
        // A left join selects the members its result reads, then the row's presence column (its rowid), whose NULL marks
        // the missing row; the result is read straight from the columns, one typed read each.
        Assert.That(source, Does.Contain("""
            SELECT \"t0\".\"Name\", \"t1\".\"Name\", \"t1\".rowid FROM \"people\" AS \"t0\" LEFT JOIN \"pets\" AS \"t1\" ON (\"t0\".\"Id\" = \"t1\".\"OwnerId\") ORDER BY \"t0\".\"Name\"
            """));
        Assert.That(source, Does.Contain("static (global::MicroDb.Native.SqliteStatement statement) => unchecked(new { @Name = statement.GetString(0), @Pet = (statement.IsNull(2) ? default(string) : statement.GetString(1)) })"));
        Assert.That(source, Does.Contain("static (global::MicroDb.Native.SqliteStatement statement) => unchecked(new { @Id = statement.GetInt32(0), @Age = statement.GetInt32(1) })"));
        // A row used whole, or a left-joined member read without a null test (the run time's error), is read as row objects.
        Assert.That(source, Does.Contain("static (object[] r) => unchecked(new { @Name = ((global::Shop.Person)r[0]).@Name, @a = ((global::Shop.Pet)r[1]) })"));
        Assert.That(source, Does.Contain("static (object[] r) => unchecked(new { @Age = ((global::Shop.Person)r[0]).@Age, @Id = ((global::Shop.Pet)r[1]).@Id })"));
        // A key that can be null compares with IS and matches nothing when null, as LINQ-to-Objects' Join.
        Assert.That(source, Does.Contain("""
            SELECT \"t0\".\"Id\", \"t1\".\"Age\" FROM \"pets\" AS \"t0\" INNER JOIN \"people\" AS \"t1\" ON ((\"t0\".\"Name\" IS \"t1\".\"Name\") AND (\"t0\".\"Name\" IS NOT NULL)) LIMIT 1 OFFSET 1
            """));
    }

    [Test]
    public void Grouping_is_intercepted_with_the_run_time_sql()
    {
        var result = GeneratorHarness.Run(Queries("""
            public static object Totals(MicroDbConnection db) =>
                db.Table<Person>().GroupBy(p => new { p.Age, p.Name }).OrderBy(g => g.Key.Name).Select(g => new { g.Key.Name, N = System.Linq.Enumerable.Count(g), Top = System.Linq.Enumerable.Max(g, x => x.Id) }).Take(3).ToList();
            public static int Groups(MicroDbConnection db) => db.Table<Person>().GroupBy(p => p.Age).Count();
            """));

        Assert.That(result.GeneratorDiagnostics, Is.Empty, () => result.Describe(result.GeneratorDiagnostics));
        Assert.That(result.Errors, Is.Empty, () => result.Describe(result.Errors));
        Assert.That(result.GeneratedCodeProblems, Is.Empty, () => result.Describe(result.GeneratedCodeProblems));
        var source = result.Sources[HintName];
        Assert.That(source, Does.Contain("""
            new InterceptedSite("SELECT \"Name\", count(*), max(\"Id\") FROM \"people\" GROUP BY \"Age\", \"Name\" ORDER BY \"Name\" LIMIT 3");
            """));
        Assert.That(source, Does.Contain("static (e, a) => unchecked(new { @Name = ((global::Shop.Person)e).@Name, @N = ((int)a[0]), @Top = ((int)a[1]) })"));
        Assert.That(source, Does.Contain("""
            new InterceptedSite("SELECT count(*) FROM (SELECT 1 FROM \"people\" GROUP BY \"Age\")");
            """));
        Assert.That(source, Does.Contain("public static int Count1<TKey, TElement>(this GroupByQuery<TKey, TElement> query) =>"));
    }

    [Test]
    public void The_operator_calls_of_an_intercepted_join_are_intercepted_too()
    {
        var result = GeneratorHarness.Run(Queries("""
            public static object Chain(MicroDbConnection db, int min, string name) =>
                db.Table<Person>().Where(p => p.Age > min).Join(db.Table<Pet>().Where(a => a.Name != name), p => p.Id, a => a.OwnerId, (p, a) => new { p, a })
                    .LeftJoin(db.Table<Pet>(), x => x.p.Id, b => b.Id, (x, b) => new { x.p.Name, Pet = x.a.Name, Other = b == null ? null : b.Name })
                    .Where(x => x.Name != name).OrderBy(x => x.Name).ThenByDescending(x => x.Pet).Select(x => new { x.Name, x.Pet }).Skip(1).Take(2).First();
            public static int Counted(MicroDbConnection db, int min) =>
                db.Table<Person>().Join(db.Table<Pet>(), p => p.Id, a => a.OwnerId, (p, a) => new { p.Name, a.Id }).Count(x => x.Id > min);
            public static object Query(MicroDbConnection db) =>
                (from p in db.Table<Person>() join a in db.Table<Pet>() on p.Id equals a.OwnerId select new { p.Name, a.Id }).ToList();
            public static object Async(MicroDbAsyncConnection db) =>
                db.Table<Person>().Join(db.Table<Pet>(), p => p.Id, a => a.OwnerId, (p, a) => new { p.Name, a.Id }).Where(x => x.Id > 1).ToListAsync(default);
            """ + Pets));

        Assert.That(result.GeneratorDiagnostics, Is.Empty, () => result.Describe(result.GeneratorDiagnostics));
        Assert.That(result.Errors, Is.Empty, () => result.Describe(result.Errors));
        Assert.That(result.GeneratedCodeProblems, Is.Empty, () => result.Describe(result.GeneratedCodeProblems));
        var source = result.Sources[HintName];
        const string Lambda = "global::System.Linq.Expressions.Expression<global::System.Func<";
        string Attributes(string method) => string.Concat(source.Split('\n').SkipWhile(l => !l.Contains("The operator calls of the join chains", StringComparison.Ordinal))
            .TakeWhile(l => !l.Contains(" " + method + "<", StringComparison.Ordinal)).Reverse().TakeWhile(l => l.Contains("InterceptsLocationAttribute", StringComparison.Ordinal)).Select(_ => "a"));

        // Every operator call of the method-syntax chains gets a stand-in (the first table's and the joined table's Where,
        // the joins, Where, the orderings, Select, Skip, Take): one generic interceptor per kind of call for the file,
        // carrying each call's location, so no operator of the run time runs per query.
        Assert.That(source, Does.Contain("public static TableQuery<T> TableWhere<T>(this TableQuery<T> query, " + Lambda + "T, bool>> predicate) => QueryInterception.Where(query, predicate);"));
        Assert.That(source, Does.Contain("public static JoinQuery<TResult> TableJoin<T, TInner, TKey, TResult>(this TableQuery<T> query, TableQuery<TInner> inner, " + Lambda + "T, TKey>> outerKeySelector, "
            + Lambda + "TInner, TKey>> innerKeySelector, " + Lambda + "T, TInner, TResult>> resultSelector) => QueryInterception.Join(query, inner, outerKeySelector, innerKeySelector, resultSelector);"));
        Assert.That(source, Does.Contain("public static JoinQuery<TNew> JoinedLeftJoin<TResult, TInner, TKey, TNew>(this JoinQuery<TResult> query, TableQuery<TInner> inner, " + Lambda + "TResult, TKey>> outerKeySelector, "
            + Lambda + "TInner, TKey>> innerKeySelector, " + Lambda + "TResult, TInner, TNew>> resultSelector) => QueryInterception.LeftJoin(query, inner, outerKeySelector, innerKeySelector, resultSelector);"));
        Assert.That(source, Does.Contain("public static JoinQuery<TResult> JoinedWhere<TResult>(this JoinQuery<TResult> query, " + Lambda + "TResult, bool>> predicate) => QueryInterception.Where(query, predicate);"));
        Assert.That(source, Does.Contain("public static JoinQuery<TResult> JoinedOrderBy<TResult, TKey>(this JoinQuery<TResult> query, " + Lambda + "TResult, TKey>> keySelector) => QueryInterception.Order(query, keySelector, false, false);"));
        Assert.That(source, Does.Contain("public static JoinQuery<TResult> JoinedThenByDescending<TResult, TKey>(this JoinQuery<TResult> query, " + Lambda + "TResult, TKey>> keySelector) => QueryInterception.Order(query, keySelector, true, true);"));
        Assert.That(source, Does.Contain("public static JoinQuery<TNew> JoinedSelect<TResult, TNew>(this JoinQuery<TResult> query, " + Lambda + "TResult, TNew>> selector) => QueryInterception.Select(query, selector);"));
        Assert.That(source, Does.Contain("public static JoinQuery<TResult> JoinedSkip<TResult>(this JoinQuery<TResult> query, int count) => QueryInterception.Page(query, count, true);"));
        Assert.That(source, Does.Contain("public static JoinQuery<TResult> JoinedTake<TResult>(this JoinQuery<TResult> query, int count) => QueryInterception.Page(query, count, false);"));
        Assert.That(Attributes("TableWhere"), Has.Length.EqualTo(2), "the first table's Where and the joined table's");
        Assert.That(Attributes("TableJoin"), Has.Length.EqualTo(2), "the two chains' joins");
        Assert.That(Attributes("JoinedLeftJoin"), Has.Length.EqualTo(1));
        // A terminal's condition goes through the stand-in Where too.
        Assert.That(source, Does.Contain("    QueryInterception.Count(QueryInterception.Where(query, predicate), Site1);"));
        // Query syntax (its clauses are no invocations to intercept) keeps its operators; its terminal is intercepted. The
        // async join's operators have stand-ins over the async types.
        Assert.That(source, Does.Contain("public static global::System.Collections.Generic.List<TResult> ToList2<TResult>(this JoinQuery<TResult> query) =>"));
        Assert.That(source, Does.Contain("ToListAsync3<TResult>(this AsyncJoinQuery<TResult> query"));
        Assert.That(Attributes("AsyncTableJoin"), Has.Length.EqualTo(1));
        Assert.That(Attributes("AsyncJoinedWhere"), Has.Length.EqualTo(1));
        Assert.That(source.Split('\n').Count(l => l.Contains("InterceptsLocationAttribute(1,", StringComparison.Ordinal)), Is.EqualTo(10 + 1 + 2 + 4), "the stand-ins of three chains and four terminals");
    }

    [Test]
    public void A_joined_tables_where_is_intercepted_in_its_on_condition()
    {
        var result = GeneratorHarness.Run(Queries("""
            public static object Q(MicroDbConnection db, int min, string name) =>
                db.Table<Person>().Where(p => p.Age > min).Join(db.Table<Pet>().Where(a => a.Id > min).Where(a => a.Name != name), p => p.Id, a => a.OwnerId, (p, a) => new { p.Name, Pet = a.Name }).ToList();
            public static object Composite(MicroDbConnection db) =>
                (from p in db.Table<Person>() join a in db.Table<Pet>() on new { p.Id, p.Name, N = p.Age } equals new { Id = a.OwnerId, a.Name, N = a.Id } select new { P = p.Id, A = a.Id }).ToList();
            """ + Pets));

        Assert.That(result.GeneratorDiagnostics, Is.Empty, () => result.Describe(result.GeneratorDiagnostics));
        Assert.That(result.Errors, Is.Empty, () => result.Describe(result.Errors));
        Assert.That(result.GeneratedCodeProblems, Is.Empty, () => result.Describe(result.GeneratedCodeProblems));
        // A composite key: each part compared (IS where it can be null), ANDed left to right.
        Assert.That(result.Sources[HintName], Does.Contain("""
            new InterceptedSite("SELECT \"t0\".\"Id\", \"t1\".\"Id\" FROM \"people\" AS \"t0\" INNER JOIN \"pets\" AS \"t1\" ON (((\"t0\".\"Id\" = \"t1\".\"OwnerId\") AND (\"t0\".\"Name\" IS \"t1\".\"Name\")) AND (\"t0\".\"Age\" = \"t1\".\"Id\"))");
            """));
        // The ON condition's values (read from its tree: the last Where at R, the one before at LR) come before WHERE's.
        Assert.That(result.Sources[HintName], Does.Contain("""
            new InterceptedSite("SELECT \"t0\".\"Name\", \"t1\".\"Name\" FROM \"people\" AS \"t0\" INNER JOIN \"pets\" AS \"t1\" ON (((\"t0\".\"Id\" = \"t1\".\"OwnerId\") AND (\"t1\".\"Id\" > ?)) AND (\"t1\".\"Name\" IS NOT ?)) WHERE (\"t0\".\"Age\" > ?)").JoinedOnValue(1, "LRR", "Id", typeof(int)).JoinedOnValue(1, "RR", "Name", typeof(string)).JoinedValue(0, 0, "R", "Age", typeof(int));
            """));
    }

    [Test]
    public void GroupJoin_and_SelectMany_in_method_syntax_get_stand_ins_and_query_syntax_keeps_its_operators()
    {
        var result = GeneratorHarness.Run(Queries("""
            public static object Left(MicroDbConnection db, int min) =>
                db.Table<Person>().GroupJoin(db.Table<Pet>().Where(a => a.Id > min), p => p.Id, a => a.OwnerId, (p, g) => new { p, g })
                    .SelectMany(x => System.Linq.Enumerable.DefaultIfEmpty(x.g), (x, a) => new { x.p.Name, x.p.Age, Pet = a == null ? null : a.Name }).Where(x => x.Age > min).ToList();
            public static object Inner(MicroDbConnection db) =>
                db.Table<Person>().Join(db.Table<Pet>(), p => p.Id, a => a.OwnerId, (p, a) => new { p, a })
                    .GroupJoin(db.Table<Pet>(), x => x.p.Id, b => b.Id, (x, g) => new { x.p, x.a, g }).SelectMany(x => x.g, (x, b) => new { x.p.Name, Other = b.Name }).ToList();
            public static object Async(MicroDbAsyncConnection db) =>
                db.Table<Person>().GroupJoin(db.Table<Pet>(), p => p.Id, a => a.OwnerId, (p, g) => new { p, g })
                    .SelectMany(x => System.Linq.Enumerable.DefaultIfEmpty(x.g), (x, a) => new { x.p.Name, Pet = a == null ? null : a.Name }).ToListAsync(default);
            public static object Query(MicroDbConnection db) =>
                (from p in db.Table<Person>() join a in db.Table<Pet>() on p.Id equals a.OwnerId into g from a in System.Linq.Enumerable.DefaultIfEmpty(g) select new { p.Name, Pet = a == null ? null : a.Name }).ToList();
            """ + Pets));

        Assert.That(result.GeneratorDiagnostics, Is.Empty, () => result.Describe(result.GeneratorDiagnostics));
        Assert.That(result.Errors, Is.Empty, () => result.Describe(result.Errors));
        Assert.That(result.GeneratedCodeProblems, Is.Empty, () => result.Describe(result.GeneratedCodeProblems));
        var source = result.Sources[HintName];
        const string Lambda = "global::System.Linq.Expressions.Expression<global::System.Func<";
        Assert.That(source, Does.Contain("public static GroupJoinQuery<TResult, TInner> TableGroupJoin<T, TInner, TKey, TResult>(this TableQuery<T> query, TableQuery<TInner> inner, " + Lambda + "T, TKey>> outerKeySelector, "
            + Lambda + "TInner, TKey>> innerKeySelector, " + Lambda + "T, global::System.Collections.Generic.IEnumerable<TInner>, TResult>> resultSelector) => QueryInterception.GroupJoin(query, inner, outerKeySelector, innerKeySelector, resultSelector);"));
        Assert.That(source, Does.Contain("public static GroupJoinQuery<TNew, TInner> JoinedGroupJoin<TResult, TInner, TKey, TNew>(this JoinQuery<TResult> query, TableQuery<TInner> inner, " + Lambda + "TResult, TKey>> outerKeySelector, "
            + Lambda + "TInner, TKey>> innerKeySelector, " + Lambda + "TResult, global::System.Collections.Generic.IEnumerable<TInner>, TNew>> resultSelector) => QueryInterception.GroupJoin(query, inner, outerKeySelector, innerKeySelector, resultSelector);"));
        Assert.That(source, Does.Contain("public static JoinQuery<TNew> JoinedSelectMany<TResult, TInner, TCollection, TNew>(this GroupJoinQuery<TResult, TInner> query, " + Lambda
            + "TResult, global::System.Collections.Generic.IEnumerable<TCollection>>> collectionSelector, " + Lambda + "TResult, TCollection, TNew>> resultSelector) => QueryInterception.SelectMany(query, collectionSelector, resultSelector);"));
        Assert.That(source, Does.Contain("public static AsyncGroupJoinQuery<TResult, TInner> AsyncTableGroupJoin<T, TInner, TKey, TResult>(this AsyncTableQuery<T> query, AsyncTableQuery<TInner> inner, "));
        Assert.That(source, Does.Contain("public static AsyncJoinQuery<TNew> AsyncJoinedSelectMany<TResult, TInner, TCollection, TNew>(this AsyncGroupJoinQuery<TResult, TInner> query, "));
        string[] Attributes(string method) => [.. source.Split("\n\n").Where(b => b.Contains(" " + method + "<", StringComparison.Ordinal)).SelectMany(b => b.Split('\n').Where(l => l.Contains("InterceptsLocationAttribute(1,", StringComparison.Ordinal)))];
        Assert.That(Attributes("TableGroupJoin"), Has.Length.EqualTo(1), "query syntax's GroupJoin is no invocation to intercept");
        Assert.That(Attributes("JoinedSelectMany"), Has.Length.EqualTo(2));
        Assert.That(Attributes("JoinedGroupJoin"), Has.Length.EqualTo(1));
        Assert.That(Attributes("AsyncTableGroupJoin"), Has.Length.EqualTo(1));
        Assert.That(Attributes("AsyncJoinedSelectMany"), Has.Length.EqualTo(1));
        Assert.That(source, Does.Contain("LEFT JOIN \\\"pets\\\" AS \\\"t1\\\" ON ((\\\"t0\\\".\\\"Id\\\" = \\\"t1\\\".\\\"OwnerId\\\") AND (\\\"t1\\\".\\\"Id\\\" > ?))"));
        // Query syntax: four terminals in all, and the stand-ins of the three method-syntax chains only.
        Assert.That(source.Split('\n').Count(l => l.Contains("InterceptsLocationAttribute(1,", StringComparison.Ordinal)), Is.EqualTo(4 + (3 + 4 + 2)));
    }

    [Test]
    public void RightJoin_from_a_table_is_intercepted_with_the_kept_table_first_as_the_run_time_builds_it()
    {
        var result = GeneratorHarness.Run(Queries("""
            public static object Right(MicroDbConnection db, int min) =>
                db.Table<Pet>().Where(a => a.Id > min).RightJoin(db.Table<Person>().Where(p => p.Age > min), a => a.OwnerId, p => p.Id, (a, p) => new { p.Name, Pet = a == null ? null : a.Name }).OrderBy(x => x.Name).ToList();
            public static object Composite(MicroDbAsyncConnection db) =>
                db.Table<Pet>().RightJoin(db.Table<Person>(), a => new { a.OwnerId, a.Name }, p => new { OwnerId = p.Id, p.Name }, (a, p) => new { p.Age, Pet = a == null ? 0 : a.Id }).CountAsync(default);
            """ + Pets));

        Assert.That(result.GeneratorDiagnostics, Is.Empty, () => result.Describe(result.GeneratorDiagnostics));
        Assert.That(result.Errors, Is.Empty, () => result.Describe(result.Errors));
        Assert.That(result.GeneratedCodeProblems, Is.Empty, () => result.Describe(result.GeneratedCodeProblems));
        var source = result.Sources[HintName];
        // The kept table (Person) is t0 and its Where is WHERE; Pet is left-joined, its Where in the ON condition (values first).
        Assert.That(source, Does.Contain("""
            new InterceptedSite("SELECT \"t0\".\"Name\", \"t1\".\"Name\", \"t1\".rowid FROM \"people\" AS \"t0\" LEFT JOIN \"pets\" AS \"t1\" ON ((\"t0\".\"Id\" = \"t1\".\"OwnerId\") AND (\"t1\".\"Id\" > ?)) WHERE (\"t0\".\"Age\" > ?) ORDER BY \"t0\".\"Name\"").JoinedOnValue(1, "RR", "Id", typeof(int)).JoinedValue(0, 0, "R", "Age", typeof(int));
            """));
        Assert.That(source, Does.Contain("""
            new InterceptedSite("SELECT count(*) FROM \"people\" AS \"t0\" LEFT JOIN \"pets\" AS \"t1\" ON ((\"t0\".\"Id\" = \"t1\".\"OwnerId\") AND (\"t0\".\"Name\" IS \"t1\".\"Name\"))");
            """));
        const string Lambda = "global::System.Linq.Expressions.Expression<global::System.Func<";
        Assert.That(source, Does.Contain("public static JoinQuery<TResult> TableRightJoin<T, TInner, TKey, TResult>(this TableQuery<T> query, TableQuery<TInner> inner, " + Lambda + "T, TKey>> outerKeySelector, "
            + Lambda + "TInner, TKey>> innerKeySelector, " + Lambda + "T, TInner, TResult>> resultSelector) => QueryInterception.RightJoin(query, inner, outerKeySelector, innerKeySelector, resultSelector);"));
        Assert.That(source, Does.Contain("public static AsyncJoinQuery<TResult> AsyncTableRightJoin<T, TInner, TKey, TResult>(this AsyncTableQuery<T> query, AsyncTableQuery<TInner> inner, "));
        Assert.That(source.Split('\n').Count(l => l.Contains("InterceptsLocationAttribute(1,", StringComparison.Ordinal)), Is.EqualTo(2 + (4 + 1)), "two terminals; RightJoin, both tables' Where and OrderBy, and the async RightJoin");
    }

    [Test]
    public void Composite_keys_of_left_joins_are_intercepted_with_the_run_time_sql()
    {
        var result = GeneratorHarness.Run(Queries("""
            public static object Left(MicroDbConnection db) =>
                db.Table<Person>().LeftJoin(db.Table<Pet>(), p => new { p.Id, p.Name }, a => new { Id = a.OwnerId, a.Name }, (p, a) => new { p.Age, Pet = a == null ? 0 : a.Id }).ToList();
            public static object Grouped(MicroDbConnection db) =>
                (from p in db.Table<Person>() join a in db.Table<Pet>() on new { p.Id, p.Name } equals new { Id = a.OwnerId, a.Name } into g from a in System.Linq.Enumerable.DefaultIfEmpty(g) select new { p.Age, Pet = a == null ? 0 : a.Id }).ToList();
            """ + Pets));

        Assert.That(result.GeneratorDiagnostics, Is.Empty, () => result.Describe(result.GeneratorDiagnostics));
        Assert.That(result.Errors, Is.Empty, () => result.Describe(result.Errors));
        Assert.That(result.GeneratedCodeProblems, Is.Empty, () => result.Describe(result.GeneratedCodeProblems));
        // Each part compared as in an inner join (IS where it can be null: a null part matches a null part, as LINQ's anonymous keys do).
        const string Sql = """
            new InterceptedSite("SELECT \"t0\".\"Age\", \"t1\".\"Id\", \"t1\".rowid FROM \"people\" AS \"t0\" LEFT JOIN \"pets\" AS \"t1\" ON ((\"t0\".\"Id\" = \"t1\".\"OwnerId\") AND (\"t0\".\"Name\" IS \"t1\".\"Name\"))");
            """;
        Assert.That(result.Sources[HintName].Split(Sql).Length - 1, Is.EqualTo(2), () => result.Sources[HintName]);
    }

    [Test]
    public void Having_ordering_by_aggregates_and_a_where_before_group_by_are_intercepted_with_the_run_time_sql()
    {
        var result = GeneratorHarness.Run(Queries("""
            public static object Having(MicroDbConnection db, int min, string name) =>
                db.Table<Person>().Where(p => p.Id > min).GroupBy(p => p.Name).Where(g => System.Linq.Enumerable.Count(g) >= min && g.Key != name)
                    .OrderByDescending(g => System.Linq.Enumerable.Sum(g, x => x.Age)).Select(g => new { g.Key, N = System.Linq.Enumerable.Count(g) }).ToList();
            public static object After(MicroDbConnection db, long top) =>
                db.Table<Person>().GroupBy(p => new { p.Status, p.Active }).Select(g => new { g.Key.Status, T = System.Linq.Enumerable.Sum(g, x => x.Age), S = System.Linq.Enumerable.Sum(g, x => x.Score), A = System.Linq.Enumerable.Average(g, x => x.Score) })
                    .Where(x => top < x.T).OrderBy(x => x.T).First();
            public static int Groups(MicroDbConnection db, int min) => db.Table<Person>().GroupBy(p => p.Age).Where(g => System.Linq.Enumerable.Max(g, x => x.Id) > min).Count();
            public static object Later(MicroDbAsyncConnection db, int min) =>
                db.Table<Person>().Where(p => p.Id > min).GroupBy(p => p.Age).Select(g => new { g.Key, N = System.Linq.Enumerable.Count(g) }).ToListAsync(default);
            """));

        Assert.That(result.GeneratorDiagnostics, Is.Empty, () => result.Describe(result.GeneratorDiagnostics));
        Assert.That(result.Errors, Is.Empty, () => result.Describe(result.Errors));
        Assert.That(result.GeneratedCodeProblems, Is.Empty, () => result.Describe(result.GeneratedCodeProblems));
        var source = result.Sources[HintName];
        // The Where before GroupBy's value first (a Value), then HAVING's: an aggregate's (member null), then a key part's.
        Assert.That(source, Does.Contain("""
            new InterceptedSite("SELECT \"Name\", count(*) FROM \"people\" WHERE (\"Id\" > ?) GROUP BY \"Name\" HAVING ((count(*) >= ?) AND (\"Name\" IS NOT ?)) ORDER BY coalesce(sum(\"Age\"), 0) DESC").Value(0, "R", "Id", typeof(int)).HavingValue(0, "LR", null, typeof(object)).HavingValue(0, "RR", "Name", typeof(string));
            """));
        // Bool and enum key parts, a double Sum and Average, a HAVING with the value on the left, ordering by a sum.
        Assert.That(source, Does.Contain("""
            new InterceptedSite("SELECT \"Status\", coalesce(sum(\"Age\"), 0), coalesce(sum(\"Score\"), 0), avg(\"Score\") FROM \"people\" GROUP BY \"Status\", \"Active\" HAVING (? < coalesce(sum(\"Age\"), 0)) ORDER BY coalesce(sum(\"Age\"), 0) LIMIT 1").HavingValue(0, "L", null, typeof(object));
            """));
        Assert.That(source, Does.Contain("static (e, a) => unchecked(new { @Status = ((global::Shop.Person)e).@Status, @T = ((int)a[0]), @S = ((double)a[1]), @A = ((double)a[2]) })"));
        Assert.That(source, Does.Contain("""
            new InterceptedSite("SELECT count(*) FROM (SELECT 1 FROM \"people\" GROUP BY \"Age\" HAVING (max(\"Id\") > ?))").HavingValue(0, "R", null, typeof(object));
            """));
        // The async query's terminal runs the sync helper on one of the pool's readers.
        Assert.That(source, Does.Contain("public static global::System.Threading.Tasks.ValueTask<global::System.Collections.Generic.List<TResult>> ToListAsync3<TResult>(this AsyncGroupedQuery<TResult> query, global::System.Threading.CancellationToken cancellationToken) =>"));
        Assert.That(source, Does.Contain("ReadAsync(query, static (q, ct) => QueryInterception.ToList(q, Site3, static (e, a) => unchecked(new { @Key = ((global::Shop.Person)e).@Age, @N = ((int)a[0]) }), ct), cancellationToken);"));
    }

    [TestCase("db.Table<Person>().OrderBy(x => x.Age).Join(db.Table<Pet>(), p => p.Id, a => a.OwnerId, (p, a) => p.Name).ToList()", "an OrderBy, Skip or Take before the join")]
    [TestCase("db.Table<Person>().Where(x => x.Score % 2 > x.Age).Join(db.Table<Pet>(), p => p.Id, a => a.OwnerId, (p, a) => p.Name).ToList()", "floating-point remainder")]
    [TestCase("db.Table<Person>().Join(db.Table<Pet>().Where(a => a.Id > 1).Take(2), p => p.Id, a => a.OwnerId, (p, a) => p.Name).ToList()", "optionally with Where calls")]
    [TestCase("db.Table<Person>().Join(db.Table<Pet>().Where(a => a.Name == a.Name + \"!\"), p => p.Id, a => a.OwnerId, (p, a) => p.Name).ToList()", "arithmetic on string")]
    [TestCase("db.Table<Person>().Join(db.Table<Pet>(), p => new { p.Id, p.Score }, a => new { Id = a.OwnerId, Score = (double)a.Name.Length }, (p, a) => p.Name).ToList()", "a computed key is lowered at build time as integer or double arithmetic")]
    [TestCase("db.Table<Person>().Join(db.Table<Pet>(), p => p.Id, a => a.OwnerId, (p, a) => new { p.Id, a.Name }).RightJoin(db.Table<Pet>(), x => x.Id, b => b.OwnerId, (x, b) => new { b.Id, b.Name }).RightJoin(db.Table<Pet>(), y => y.Id, c => c.OwnerId, (y, c) => c.Name).ToList()", "RightJoin after a RightJoin that follows a join")]
    [TestCase("db.Table<Pet>().RightJoin(db.Table<Person>(), a => a.Name, p => p.Score.ToString(), (a, p) => p.Age).ToList()", "the keys of 'RightJoin' are not members of the rows")]
    [TestCase("db.Table<Person>().Join(db.Table<Pet>(), p => (double?)p.Score, a => (double?)a.Id, (p, a) => p.Name).ToList()", "a computed key that can be null")]
    [TestCase("db.Table<Person>().Join(db.Table<Pet>(), p => p.Status, a => (Status)a.Id, (p, a) => p.Name).ToList()", "a computed key is lowered at build time as integer or double arithmetic")]
    [TestCase("db.Table<Person>().LeftJoin(db.Table<Pet>(), p => p.Id, a => a.OwnerId, (p, a) => new { p.Name, Pet = a == null ? a.Id : p.Age }).ToList()", "only row == null ? constant : row.Member")]
    [TestCase("db.Table<Person>().Join(db.Table<Pet>(), p => p.Id, a => a.OwnerId, (p, a) => checked(p.Age + a.Id)).ToList()", "is checked arithmetic, which the run time computes unchecked")]
    [TestCase("db.Table<Person>().Join(db.Table<Pet>(), p => p.Id, a => a.OwnerId, (p, a) => new { p.Name, p.Score }).Where(x => x.Score % 2 > x.Score).ToList()", "floating-point remainder")]
    [TestCase("db.Table<Person>().Join(db.Table<Pet>(), p => p.Id, a => a.OwnerId, (p, a) => new { p.Name, a.Id }).Take(1).Where(x => x.Id > 1).ToList()", "a condition after Take/Skip on a join")]
    [TestCase("db.Table<Person>().GroupBy(p => p.Age).Select(g => new { g.Key, A = System.Linq.Enumerable.Average(g, x => x.Id) }).OrderBy(x => x.A + 1).ToList()", "reads a value or a computed key part, which an ordering over the groups does not bind at build time")]
    [TestCase("db.Table<Person>().GroupBy(p => p.Age).Select(g => new { g.Key, N = System.Linq.Enumerable.Count(g) }).Take(2).Where(x => x.N > 1).ToList()", "a condition after Take/Skip on a grouping")]
    [TestCase("db.Table<Person>().OrderBy(p => p.Age).GroupBy(p => p.Age).Count()", "only Where conditions before GroupBy are lowered")]
    [TestCase("db.Table<Person>().Where(p => p.Score % 2 > p.Age).GroupBy(p => p.Age).Count()", "floating-point remainder")]
    [TestCase("db.Table<Person>().GroupBy(p => p.Named).Count()", "the key member 'Named' is an enum stored by name, which the run-time path refuses as a grouping key too")]
    [TestCase("db.Table<Person>().GroupBy(p => p.Name.PadLeft(2)).Count()", "the grouping key is not lowered at build time")]
    [TestCase("db.Table<Person>().GroupBy(p => p.Age).Select(g => new { g.Key, S = System.Linq.Enumerable.Sum(g, x => x.Name.Length) }).ToList()", "the aggregate 'System.Linq.Enumerable.Sum(g, x => x.Name.Length)' is not lowered")]
    public void Join_or_grouping_the_generator_does_not_lower_says_why(string query, string reason)
    {
        var result = GeneratorHarness.Run(Queries("public static object Q(MicroDbConnection db) => " + query + ";" + Pets));

        Assert.That(result.Errors, Is.Empty, () => result.Describe(result.Errors));
        var info = result.GeneratorDiagnostics.Single(d => d.Id == "MDB0013");
        Assert.That(info.GetMessage(), Does.Contain(reason));
        Assert.That(info.Severity, Is.EqualTo(DiagnosticSeverity.Info));
    }

    [Test]
    public void Async_join_terminals_are_intercepted_with_the_run_time_sql_on_a_pool_reader()
    {
        var result = GeneratorHarness.Run(Queries("""
            public static object Rows(MicroDbAsyncConnection db, int min) =>
                db.Table<Person>().Where(p => p.Age > min).LeftJoin(db.Table<Pet>(), p => p.Id, a => a.OwnerId, (p, a) => new { p.Name, Pet = a == null ? null : a.Name }).OrderBy(x => x.Name).ToListAsync(default);
            public static object Array(MicroDbAsyncConnection db) =>
                db.Table<Person>().Join(db.Table<Pet>(), p => p.Id, a => a.OwnerId, (p, a) => new { p.Id, a.Name }).ToArrayAsync(default);
            public static object Whole(MicroDbAsyncConnection db) =>
                db.Table<Person>().Join(db.Table<Pet>(), p => p.Id, a => a.OwnerId, (p, a) => new { p.Name, a }).FirstOrDefaultAsync(default);
            public static object One(MicroDbAsyncConnection db) =>
                db.Table<Person>().Join(db.Table<Pet>(), p => p.Id, a => a.OwnerId, (p, a) => new { p.Id, a.Name }).FirstAsync(default);
            public static object Count(MicroDbAsyncConnection db, int min) =>
                db.Table<Person>().Join(db.Table<Pet>(), p => p.Id, a => a.OwnerId, (p, a) => new { p.Name, a.Id }).Where(x => x.Id > min).CountAsync(default);
            public static object Any(MicroDbAsyncConnection db) =>
                db.Table<Person>().Join(db.Table<Pet>(), p => p.Id, a => a.OwnerId, (p, a) => new { p.Name, a.Id }).AnyAsync(default);
            public static object Found(MicroDbAsyncConnection db, int min) =>
                db.Table<Person>().Join(db.Table<Pet>(), p => p.Id, a => a.OwnerId, (p, a) => new { p.Name, a.Id }).FirstOrDefaultAsync(x => x.Id > min, default);
            """ + Pets));

        Assert.That(result.GeneratorDiagnostics, Is.Empty, () => result.Describe(result.GeneratorDiagnostics));
        Assert.That(result.Errors, Is.Empty, () => result.Describe(result.Errors));
        Assert.That(result.GeneratedCodeProblems, Is.Empty, () => result.Describe(result.GeneratedCodeProblems));
        var source = result.Sources[HintName];
        Assert.That(source, Does.Contain("""
            new InterceptedSite("SELECT \"t0\".\"Name\", \"t1\".\"Name\", \"t1\".rowid FROM \"people\" AS \"t0\" LEFT JOIN \"pets\" AS \"t1\" ON (\"t0\".\"Id\" = \"t1\".\"OwnerId\") WHERE (\"t0\".\"Age\" > ?) ORDER BY \"t0\".\"Name\"")
            """));
        Assert.That(source, Does.Contain("public static global::System.Threading.Tasks.ValueTask<global::System.Collections.Generic.List<TResult>> ToListAsync0<TResult>(this AsyncJoinQuery<TResult> query, global::System.Threading.CancellationToken cancellationToken) =>"));
        Assert.That(source, Does.Contain("ReadAsync(query, static (q, ct) => QueryInterception.ToList(q, Site0, static (global::MicroDb.Native.SqliteStatement statement) => unchecked(new { @Name = statement.GetString(0), @Pet = (statement.IsNull(2) ? default(string) : statement.GetString(1)) }), ct), cancellationToken);"));
        Assert.That(source, Does.Contain("ToArrayAsync1<TResult>(this AsyncJoinQuery<TResult> query"));
        Assert.That(source, Does.Contain("QueryInterception.ToList(q, Site1, static (global::MicroDb.Native.SqliteStatement statement) => unchecked(new { @Id = statement.GetInt32(0), @Name = statement.GetString(1) }), ct).ToArray()"));
        // A row used whole is read as row objects, as the sync join does.
        Assert.That(source, Does.Contain("QueryInterception.FirstOrDefault(q, Site2, static (object[] r) => unchecked(new { @Name = ((global::Shop.Person)r[0]).@Name, @a = ((global::Shop.Pet)r[1]) }))"));
        Assert.That(source, Does.Contain("LIMIT 1\")"));
        Assert.That(source, Does.Contain("QueryInterception.First(q, Site3, static (global::MicroDb.Native.SqliteStatement statement) =>"));
        Assert.That(source, Does.Contain("""
            new InterceptedSite("SELECT count(*) FROM \"people\" AS \"t0\" INNER JOIN \"pets\" AS \"t1\" ON (\"t0\".\"Id\" = \"t1\".\"OwnerId\") WHERE (\"t1\".\"Id\" > ?)").JoinedValue(1, 0, "R", "Id", typeof(int));
            """));
        Assert.That(source, Does.Contain("public static global::System.Threading.Tasks.ValueTask<int> CountAsync4<TResult>(this AsyncJoinQuery<TResult> query, global::System.Threading.CancellationToken cancellationToken) =>"));
        Assert.That(source, Does.Contain("ReadAsync(query, static (q, ct) => QueryInterception.Count(q, Site4), cancellationToken);"));
        Assert.That(source, Does.Contain("public static global::System.Threading.Tasks.ValueTask<bool> AnyAsync5<TResult>(this AsyncJoinQuery<TResult> query, global::System.Threading.CancellationToken cancellationToken) =>"));
        Assert.That(source, Does.Contain("""ReadAsync(query, static (q, ct) => QueryInterception.Any(q, Site5), cancellationToken);"""));
        // A condition of the terminal is the run-time Where's (its value read from that tree), then the terminal's LIMIT 1.
        Assert.That(source, Does.Contain("""
            new InterceptedSite("SELECT \"t0\".\"Name\", \"t1\".\"Id\" FROM \"people\" AS \"t0\" INNER JOIN \"pets\" AS \"t1\" ON (\"t0\".\"Id\" = \"t1\".\"OwnerId\") WHERE (\"t1\".\"Id\" > ?) LIMIT 1").JoinedValue(1, 0, "R", "Id", typeof(int));
            """));
        Assert.That(source, Does.Contain("FirstOrDefaultAsync6<TResult>(this AsyncJoinQuery<TResult> query, global::System.Linq.Expressions.Expression<global::System.Func<TResult, bool>> predicate, global::System.Threading.CancellationToken cancellationToken) =>"));
        Assert.That(source, Does.Contain("ReadAsync(QueryInterception.Where(query, predicate), static (q, ct) => QueryInterception.FirstOrDefault(q, Site6, static (global::MicroDb.Native.SqliteStatement statement) =>"));

        // The async chains' operator calls have stand-ins like the sync ones, over the async types.
        const string Lambda = "global::System.Linq.Expressions.Expression<global::System.Func<";
        Assert.That(source, Does.Contain("public static AsyncTableQuery<T> AsyncTableWhere<T>(this AsyncTableQuery<T> query, " + Lambda + "T, bool>> predicate) => QueryInterception.Where(query, predicate);"));
        Assert.That(source, Does.Contain("public static AsyncJoinQuery<TResult> AsyncTableJoin<T, TInner, TKey, TResult>(this AsyncTableQuery<T> query, AsyncTableQuery<TInner> inner, " + Lambda + "T, TKey>> outerKeySelector, "
            + Lambda + "TInner, TKey>> innerKeySelector, " + Lambda + "T, TInner, TResult>> resultSelector) => QueryInterception.Join(query, inner, outerKeySelector, innerKeySelector, resultSelector);"));
        Assert.That(source, Does.Contain("public static AsyncJoinQuery<TResult> AsyncTableLeftJoin<T, TInner, TKey, TResult>(this AsyncTableQuery<T> query, AsyncTableQuery<TInner> inner, "));
        Assert.That(source, Does.Contain("public static AsyncJoinQuery<TResult> AsyncJoinedWhere<TResult>(this AsyncJoinQuery<TResult> query, " + Lambda + "TResult, bool>> predicate) => QueryInterception.Where(query, predicate);"));
        Assert.That(source, Does.Contain("public static AsyncJoinQuery<TResult> AsyncJoinedOrderBy<TResult, TKey>(this AsyncJoinQuery<TResult> query, " + Lambda + "TResult, TKey>> keySelector) => QueryInterception.Order(query, keySelector, false, false);"));
        string[] Attributes(string method) => [.. source.Split("\n\n").Where(b => b.Contains(" " + method + "<", StringComparison.Ordinal)).SelectMany(b => b.Split('\n').Where(l => l.Contains("InterceptsLocationAttribute(1,", StringComparison.Ordinal)))];
        Assert.That(Attributes("AsyncTableJoin"), Has.Length.EqualTo(6), "the six chains' inner joins");
        Assert.That(Attributes("AsyncTableLeftJoin"), Has.Length.EqualTo(1));
        Assert.That(Attributes("AsyncTableWhere"), Has.Length.EqualTo(1));
        Assert.That(Attributes("AsyncJoinedWhere"), Has.Length.EqualTo(1), "the Where before CountAsync; FirstOrDefaultAsync's condition is the terminal's");
    }

    [Test]
    public void Async_grouping_count_is_intercepted_on_a_pool_reader()
    {
        var result = GeneratorHarness.Run(Queries("""
            public static object Groups(MicroDbAsyncConnection db) => db.Table<Person>().GroupBy(p => p.Age).CountAsync(default);
            """));

        Assert.That(result.GeneratorDiagnostics, Is.Empty, () => result.Describe(result.GeneratorDiagnostics));
        Assert.That(result.Errors, Is.Empty, () => result.Describe(result.Errors));
        Assert.That(result.GeneratedCodeProblems, Is.Empty, () => result.Describe(result.GeneratedCodeProblems));
        var source = result.Sources[HintName];
        Assert.That(source, Does.Contain("""
            new InterceptedSite("SELECT count(*) FROM (SELECT 1 FROM \"people\" GROUP BY \"Age\")");
            """));
        Assert.That(source, Does.Contain("public static global::System.Threading.Tasks.ValueTask<int> CountAsync0<TKey, TElement>(this AsyncGroupByQuery<TKey, TElement> query, global::System.Threading.CancellationToken cancellationToken) =>"));
        Assert.That(source, Does.Contain("ReadAsync(query, static (q, ct) => QueryInterception.Count(q, Site0), cancellationToken);"));
    }

    [TestCase("db.Table<Person>().Join(db.Table<Pet>(), p => p.Id, a => a.OwnerId, (p, a) => new { p.Name, p.Score }).CountAsync(x => x.Score % 2 > x.Score, default)", "floating-point remainder")]
    [TestCase("db.Table<Person>().Join(db.Table<Pet>(), p => p.Id, a => a.OwnerId, (p, a) => new { p.Name, a.Id }).Take(1).FirstOrDefaultAsync(x => x.Id > 1, default)", "a condition after Take/Skip on a join")]
    [TestCase("db.Table<Person>().Join(db.Table<Pet>(), p => p.Id, a => a.OwnerId, (p, a) => p.Name + a.Name + a).ToListAsync(default)", "uses a joined row whole inside a computed element")]
    [TestCase("db.Table<Person>().OrderBy(x => x.Age).Join(db.Table<Pet>(), p => p.Id, a => a.OwnerId, (p, a) => p.Name).ToListAsync(default)", "an OrderBy, Skip or Take before the join")]
    public void Async_join_the_generator_does_not_lower_says_why(string query, string reason)
    {
        var result = GeneratorHarness.Run(Queries("public static object Q(MicroDbAsyncConnection db) => " + query + ";" + Pets));

        Assert.That(result.Errors, Is.Empty, () => result.Describe(result.Errors));
        var info = result.GeneratorDiagnostics.Single(d => d.Id == "MDB0013");
        Assert.That(info.GetMessage(), Does.Contain(reason));
        Assert.That(info.Severity, Is.EqualTo(DiagnosticSeverity.Info));
    }
}
