using MicroDb.Generator.Tests.Infrastructure;
using Microsoft.CodeAnalysis;

namespace MicroDb.Generator.Tests;

/// <summary>The build-time front end on computed projections (issue 22): the run time's SELECT list, the selector re-emitted as C#, captured values read from the tree.</summary>
public class ComputedSelectInterceptionTests
{
    private const string HintName = "MicroDb.Generated.QueryInterceptors.g.cs";

    private const string Model = """
        using System.Collections.Generic;
        using MicroDb;
        namespace Shop;
        [Table("items")]
        public class Item
        {
            [PrimaryKey, AutoIncrement] public int Id { get; set; }
            public string? Name { get; set; }
            public int Qty { get; set; }
            public decimal Price { get; set; }
            public double Weight { get; set; }
            public int? Stock { get; set; }
            public ulong Big { get; set; }
            public int MakerId { get; set; }
            [Ignore] public string Label => Name + "#" + Qty;
            public string Describe() => Name + ":" + Qty;
        }
        [Table("makers")]
        public class Maker { [PrimaryKey] public int Id { get; set; } public string? Name { get; set; } public int Rank { get; set; } }
        public record Line(int Id, decimal Total);
        public class LineDto { public int Id { get; set; } public string? Text { get; set; } }
        public static class Format { public static string Tag(string? name, int qty) => name + "x" + qty; }
        """;

    private static string Queries(string body) => Model + "\npublic static class Queries\n{\n" + body + "\n}\n";

    private static GenerationResult Run(string body)
    {
        var result = GeneratorHarness.Run(Queries(body));
        Assert.That(result.Errors, Is.Empty, () => result.Describe(result.Errors));
        Assert.That(result.GeneratedCodeProblems, Is.Empty, () => result.Describe(result.GeneratedCodeProblems));
        return result;
    }

    [Test]
    public void Computed_elements_are_re_emitted_over_the_columns_the_run_time_selects()
    {
        var result = Run("""
            public static object Anonymous(MicroDbConnection db) => db.Table<Item>().Select(i => new { i.Id, Twice = i.Qty * 2, Label = i.Name + "!" }).ToList();
            public static Line Record(MicroDbConnection db) => db.Table<Item>().Select(i => new Line(i.Id, i.Price * i.Qty)).First();
            public static object Dto(MicroDbConnection db) => db.Table<Item>().Select(i => new LineDto { Id = i.Id, Text = Format.Tag(i.Name, i.Qty) }).ToArray();
            public static double[] Cast(MicroDbConnection db) => db.Table<Item>().Select(i => (double)i.Qty).ToArray();
            public static object Conditional(MicroDbConnection db) => db.Table<Item>().Select(i => i.Stock == null ? "none" : i.Name!.ToUpper()).ToList();
            """);

        Assert.That(result.GeneratorDiagnostics.Where(d => d.Id == "MDB0013"), Is.Empty, () => result.Describe(result.GeneratorDiagnostics));
        var source = result.Sources[HintName];
        Assert.That(source, Does.Contain("""new InterceptedSite("SELECT \"Id\", \"Name\", \"Qty\" FROM \"items\"");"""));
        Assert.That(source, Does.Contain("""static (global::Shop.Item r) => unchecked(new { @Id = r.@Id, @Twice = (r.@Qty * 2), @Label = (r.@Name + "!") }));"""));
        Assert.That(source, Does.Contain("""new InterceptedSite("SELECT \"Id\", \"Qty\", \"Price\" FROM \"items\" LIMIT 1");"""));
        Assert.That(source, Does.Contain("""static (global::Shop.Item r) => unchecked(new global::Shop.Line(@Id: r.@Id, @Total: (r.@Price * ((decimal)r.@Qty)))));"""));
        Assert.That(source, Does.Contain("""static (global::Shop.Item r) => unchecked(new global::Shop.LineDto() { @Id = r.@Id, @Text = global::Shop.Format.@Tag(@name: r.@Name, @qty: r.@Qty) }));"""));
        Assert.That(source, Does.Contain("""static (global::Shop.Item r) => unchecked(((double)r.@Qty)));"""));
        Assert.That(source, Does.Contain("""new InterceptedSite("SELECT \"Name\", \"Stock\" FROM \"items\"");"""));
        Assert.That(source, Does.Contain("""static (global::Shop.Item r) => unchecked(((r.@Stock == null) ? "none" : r.@Name.@ToUpper())));"""));
    }

    [Test]
    public void A_method_or_unmapped_member_of_the_row_reads_every_column_as_the_run_time_does()
    {
        var result = Run("""
            public static List<string> Described(MicroDbConnection db) => db.Table<Item>().Select(i => i.Describe()).ToList();
            public static List<string> Labels(MicroDbConnection db) => db.Table<Item>().Select(i => i.Label).ToList();
            """);

        Assert.That(result.GeneratorDiagnostics.Where(d => d.Id == "MDB0013"), Is.Empty, () => result.Describe(result.GeneratorDiagnostics));
        var source = result.Sources[HintName];
        Assert.That(source, Does.Contain("""InterceptedSite("SELECT \"Id\", \"Name\", \"Qty\", \"Price\", \"Weight\", \"Stock\", \"Big\", \"MakerId\" FROM \"items\"");"""));
        Assert.That(source, Does.Contain("""static (global::Shop.Item r) => unchecked(r.@Describe()));"""));
        Assert.That(source, Does.Contain("""static (global::Shop.Item r) => unchecked(r.@Label));"""));
    }

    [Test]
    public void Captured_values_are_read_from_the_selector_at_each_run()
    {
        var result = Run("""
            public static object Bonus(MicroDbConnection db, int bonus, string suffix) => db.Table<Item>().Select(i => new { i.Id, Total = i.Qty + bonus, Name = i.Name + suffix }).ToList();
            public static System.Threading.Tasks.ValueTask<int> First(MicroDbAsyncConnection db, int bonus) => db.Table<Item>().Select(i => i.Qty * bonus).FirstAsync();
            """);

        Assert.That(result.GeneratorDiagnostics.Where(d => d.Id == "MDB0013"), Is.Empty, () => result.Describe(result.GeneratorDiagnostics));
        var source = result.Sources[HintName];
        Assert.That(source, Does.Contain("""InterceptedSite("SELECT \"Id\", \"Name\", \"Qty\" FROM \"items\"").SelectorValue("1R").SelectorValue("2R");"""));
        Assert.That(source, Does.Contain("var c = QueryInterception.SelectorValues(query, Site"));
        Assert.That(source, Does.Contain("""(global::Shop.Item r) => unchecked(new { @Id = r.@Id, @Total = (r.@Qty + ((int)c[0])), @Name = (r.@Name + ((string)c[1])) }));"""));
        Assert.That(source, Does.Contain("return c is null ? query.ToList() : QueryInterception.ToList(query, Site"));
        Assert.That(source, Does.Contain("""InterceptedSite("SELECT \"Qty\" FROM \"items\" LIMIT 1").SelectorValue("R");"""));
        Assert.That(source, Does.Contain("return c is null ? query.FirstAsync(cancellationToken) : QueryInterception.ReadAsync(query, (q, ct) => QueryInterception.First(q, Site"));
    }

    [TestCase("i => checked(i.Qty * 2)", "is checked arithmetic, which the run time computes unchecked")]
    [TestCase("i => new Hidden(i.Qty)", "is not accessible to generated code")]
    [TestCase("i => Hidden.Twice(i.Qty)", "is not accessible to generated code")]
    [TestCase("i => new[] { i.Qty }.Length", "is not lowered at build time")]
    [TestCase("i => new System.Collections.Generic.List<int> { i.Qty }", "does not set an accessible member")]
    public void What_the_run_time_computes_differently_or_generated_code_cannot_name_stays_declined(string selector, string reason)
    {
        var result = Run($$"""
            private sealed class Hidden { public Hidden(int n) { } public static int Twice(int n) => n * 2; }
            public static object Q(MicroDbConnection db) => db.Table<Item>().Select({{selector}}).ToList();
            """);

        Assert.That(result.Sources.ContainsKey(HintName), Is.False);
        var info = result.GeneratorDiagnostics.Single(d => d.Id == "MDB0013");
        Assert.That(info.GetMessage(), Does.Contain(reason));
    }

    [Test]
    public void A_join_result_computes_over_the_joined_rows_members()
    {
        var result = Run("""
            public static object Inner(MicroDbConnection db) => db.Table<Item>().Join(db.Table<Maker>(), i => i.MakerId, m => m.Id, (i, m) => new { i.Id, Total = i.Price * i.Qty, Who = m.Name + "/" + m.Rank }).ToList();
            public static object Left(MicroDbConnection db) => db.Table<Item>().LeftJoin(db.Table<Maker>(), i => i.MakerId, m => m.Id, (i, m) => new { i.Id, Who = m == null ? "none" : m.Name!.ToUpper() }).ToList();
            """);

        Assert.That(result.GeneratorDiagnostics.Where(d => d.Id == "MDB0013"), Is.Empty, () => result.Describe(result.GeneratorDiagnostics));
        var source = result.Sources[HintName];
        Assert.That(source, Does.Contain("""InterceptedSite("SELECT \"t0\".\"Id\", \"t0\".\"Qty\", \"t0\".\"Price\", \"t1\".\"Name\", \"t1\".\"Rank\" FROM \"items\" AS \"t0\" INNER JOIN \"makers\" AS \"t1\" ON (\"t0\".\"MakerId\" = \"t1\".\"Id\")");"""));
        Assert.That(source, Does.Contain("""(global::MicroDb.Native.SqliteStatement statement) => unchecked(new { @Id = statement.GetInt32(0), @Total = (statement.GetDecimal(2) * ((decimal)statement.GetInt32(1))), @Who = ((statement.GetString(3) + "/") + ((object)statement.GetInt32(4))) }));"""));
        Assert.That(source, Does.Contain("""new { @Id = statement.GetInt32(0), @Who = (statement.IsNull(2) ? (string)"none" : statement.GetString(1).@ToUpper()) }));"""));
    }

    [TestCase("(i, m) => i.Qty + bonus", "is a captured value")]
    [TestCase("(i, m) => checked(i.Qty + m.Rank)", "is checked arithmetic")]
    [TestCase("(i, m) => m.Name + m", "uses a joined row whole inside a computed element")]
    public void A_join_result_the_generator_does_not_compute_says_why(string selector, string reason)
    {
        var result = Run($"public static object Q(MicroDbConnection db, int bonus) => db.Table<Item>().Join(db.Table<Maker>(), i => i.MakerId, m => m.Id, {selector}).ToList();");

        Assert.That(result.Sources.ContainsKey(HintName), Is.False);
        Assert.That(result.GeneratorDiagnostics.Single(d => d.Id == "MDB0013").GetMessage(), Does.Contain(reason));
    }
    [Test]
    public void A_projector_in_a_project_checking_overflow_wraps_as_the_run_time_interpreter_does()
    {
        // <CheckForOverflowUnderflow>true</CheckForOverflowUnderflow>, the lambda's arithmetic unchecked as the run time's (checked
        // arithmetic is declined): the generated projector, compiled checked too, is written inside unchecked(...).
        var compilation = GeneratorHarness.CreateCompilation(Queries("""
            public static object Wrapped(MicroDbConnection db) => db.Table<Item>().Select(i => unchecked(new { i.Id, Twice = i.Qty * 2, Narrow = (byte)i.Qty })).ToList();
            """));
        var result = GeneratorHarness.Run(compilation.WithOptions(compilation.Options.WithOverflowChecks(true)));

        Assert.That(result.Errors, Is.Empty, () => result.Describe(result.Errors));
        Assert.That(result.GeneratedCodeProblems, Is.Empty, () => result.Describe(result.GeneratedCodeProblems));
        Assert.That(result.GeneratorDiagnostics.Where(d => d.Id == "MDB0013"), Is.Empty, () => result.Describe(result.GeneratorDiagnostics));
        Assert.That(result.Sources[HintName], Does.Contain("static (global::Shop.Item r) => unchecked(new { @Id = r.@Id, @Twice = (r.@Qty * 2), @Narrow = ((byte)r.@Qty) }));"));
    }
}
