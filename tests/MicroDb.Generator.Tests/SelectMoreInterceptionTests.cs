using MicroDb.Generator.Tests.Infrastructure;

namespace MicroDb.Generator.Tests;

/// <summary>
/// Computed projections the build-time front end now writes as the run time's interpreter computes them (issue 22):
/// interpolated strings as the expression tree's string.Format, floating-point-to-integer conversions through a 64-bit
/// value, shifts as C#'s (the interpreter masks the count as C# does), ulong arithmetic as C#'s (the interpreter's now), a nullable bool's &amp; | ^ lifted as arithmetic.
/// </summary>
public class SelectMoreInterceptionTests
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
            public float Ratio { get; set; }
            public double? Maybe { get; set; }
            public ulong Big { get; set; }
            public bool? Flag { get; set; }
            public bool? Other { get; set; }
            public Level Level { get; set; }
        }
        public enum Level { Low, High }
        """;

    private static string Run(string selector, string parameters = "")
    {
        var result = GeneratorHarness.Run(Model + "\npublic static class Queries\n{\npublic static object Q(MicroDbConnection db" + parameters + ") => db.Table<Item>().Select(" + selector + ").ToList();\n}\n");
        Assert.That(result.Errors, Is.Empty, () => result.Describe(result.Errors));
        Assert.That(result.GeneratedCodeProblems, Is.Empty, () => result.Describe(result.GeneratedCodeProblems));
        Assert.That(result.GeneratorDiagnostics.Where(d => d.Id == "MDB0013"), Is.Empty, () => result.Describe(result.GeneratorDiagnostics));
        return result.Sources[HintName];
    }

    [TestCase("i => $\"{i.Name} ({i.Qty})\"", "global::System.String.Format(\"{0} ({1})\", (object)r.@Name, (object)r.@Qty)")]
    [TestCase("i => $\"{i.Weight,8:F2}|{{x}}\"", "global::System.String.Format(\"{0,8:F2}|{{x}}\", (object)r.@Weight)")]
    [TestCase("i => $\"{i.Id}{i.Qty:D3}{i.Name}-{i.Weight}\"", "global::System.String.Format(\"{0}{1:D3}{2}-{3}\", new object[] { (object)r.@Id, (object)r.@Qty, (object)r.@Name, (object)r.@Weight })")]
    [TestCase("i => (int)i.Weight", "((int)(long)r.@Weight)")]
    [TestCase("i => (short)i.Ratio", "((short)(long)r.@Ratio)")]
    [TestCase("i => (long)i.Weight", "((long)(long)r.@Weight)")]
    [TestCase("i => (int?)i.Maybe", "((int?)(long?)r.@Maybe)")]
    [TestCase("i => (int)i.Price", "((int)r.@Price)")]
    [TestCase("i => i.Qty << 33", "(r.@Qty << 33)")]
    [TestCase("i => i.Big >> 1", "(r.@Big >> 1)")]
    [TestCase("i => i.Big / 3", "(r.@Big / 3UL)")]
    [TestCase("i => i.Big > 5", "(r.@Big > 5UL)")]
    [TestCase("i => i.Big * 2 + 1", "((r.@Big * 2UL) + 1UL)")]
    [TestCase("i => i.Flag & i.Other", "((r.@Flag, r.@Other) is ({ } l0, { } r0) ? (bool?)(l0 & r0) : null)")]
    [TestCase("i => new { A = i.Flag | true, B = i.Flag ^ i.Other }", "((r.@Flag, ((bool?)true)) is ({ } l0, { } r0) ? (bool?)(l0 | r0) : null)")]
    public void Forms_the_interpreter_computes_are_written_as_it_computes_them(string selector, string expected)
    {
        var source = Run(selector);

        Assert.That(source, Does.Contain(expected));
    }

    [Test]
    public void Captured_values_in_an_interpolated_string_are_read_at_their_argument()
    {
        var source = Run("i => $\"{i.Name}{suffix}\"", ", string suffix");

        Assert.That(source, Does.Contain("global::System.String.Format(\"{0}{1}\", (object)r.@Name, (object)((string)c[0]))"));
        Assert.That(source, Does.Contain(".SelectorValue(\"2\")"));
    }

    [Test]
    public void The_row_itself_in_the_result_reads_every_column_into_an_entity()
    {
        foreach (var selector in new[] { "i => i", "i => new { i.Id, Row = i, Inner = new { Again = (object)i } }" })
        {
            var source = Run(selector);

            Assert.That(source, Does.Contain("InterceptedSite(\"SELECT \\\"Id\\\", \\\"Name\\\", \\\"Qty\\\""), source);
            Assert.That(source, Does.Contain(selector == "i => i" ? "static (global::Shop.Item r) => unchecked(r));" : "unchecked(new { @Id = r.@Id, @Row = r, @Inner = new { @Again = ((object)r) } })"), source);
        }
    }

    [Test]
    public void Count_and_Any_after_Select_are_the_source_rows_count_whatever_the_selector()
    {
        var result = GeneratorHarness.Run(Model + """

            public static class Queries
            {
                public static int Count(MicroDbConnection db) => db.Table<Item>().Where(i => i.Qty > 1).Select(i => new { i.Id, Twice = checked(i.Qty * 2) }).Count();
                public static bool Any(MicroDbConnection db) => db.Table<Item>().Select(i => i.Name).Any();
                public static System.Threading.Tasks.ValueTask<int> CountAsync(MicroDbAsyncConnection db) => db.Table<Item>().Select(i => i.Name).CountAsync();
                public static int Filtered(MicroDbConnection db) => db.Table<Item>().Select(i => i.Name).Count(n => n != null);
            }
            """);

        Assert.That(result.Errors, Is.Empty, () => result.Describe(result.Errors));
        Assert.That(result.GeneratedCodeProblems, Is.Empty, () => result.Describe(result.GeneratedCodeProblems));
        Assert.That(result.GeneratorDiagnostics.Single(d => d.Id == "MDB0013").GetMessage(), Does.Contain("'Count' after Select is not lowered at build time"));
        var source = result.Sources[HintName];
        Assert.That(source, Does.Contain("InterceptedSite(\"SELECT count(*) FROM \\\"items\\\" WHERE (\\\"Qty\\\" >"), source);
        Assert.That(source, Does.Contain("<T, TResult>(this SelectQuery<T, TResult> query) =>"));
        Assert.That(source, Does.Contain("QueryInterception.Count(query.Source, Site"));
        Assert.That(source, Does.Contain("QueryInterception.Any(query.Source, Site"));
        Assert.That(source, Does.Contain("QueryInterception.ReadAsync(query, static (r, ct) => QueryInterception.Count(r.Source, Site"));
    }

    [TestCase("i => new System.Tuple<int, Item>(i.Id, i)", "puts the row itself in the result other than as the result")]
    [TestCase("i => i.Id > 1 ? i : null", "puts the row itself in the result other than as the result")]
    [TestCase("i => (Level)i.Weight", "converts a Double to an enum")]
    [TestCase("i => checked((int)i.Weight)", "is a checked conversion")]
    [TestCase("i => (System.FormattableString)$\"{i.Name}\"", "is an interpolated string converted to FormattableString")]
    [TestCase("i => $\"{i.Id}{i.Qty}{i.Name}{suffix}\"", "is under a node the interceptor does not reach")]
    public void What_the_run_time_computes_otherwise_stays_declined(string selector, string reason)
    {
        var result = GeneratorHarness.Run(Model + "\npublic static class Queries\n{\npublic static object Q(MicroDbConnection db, string suffix) => db.Table<Item>().Select(" + selector + ").ToList();\n}\n");

        Assert.That(result.Errors, Is.Empty, () => result.Describe(result.Errors));
        Assert.That(result.GeneratorDiagnostics.Single(d => d.Id == "MDB0013").GetMessage(), Does.Contain(reason));
    }
}
