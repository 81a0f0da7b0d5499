using MicroDb.Generator.Tests.Infrastructure;
using Microsoft.CodeAnalysis;

namespace MicroDb.Generator.Tests;

/// <summary>The build-time front end on set-based writes: ExecuteDelete and ExecuteUpdate lowered to the run time's UPDATE/DELETE text, MDB0013 for what stays declined.</summary>
public class SetBasedInterceptionTests
{
    private const string HintName = "MicroDb.Generated.QueryInterceptors.g.cs";

    private const string Model = """
        using System.Collections.Generic;
        using System.Threading.Tasks;
        using MicroDb;
        namespace Shop;
        [Table("items")]
        public class Item
        {
            [PrimaryKey, AutoIncrement] public int Id { get; set; }
            [NotNull] public string? Name { get; set; }
            public int Stock { get; set; }
            public long Views { get; set; }
            public bool Active { get; set; }
            public double Score { get; set; }
            public decimal Price { get; set; }
            public System.DateTime Seen { get; set; }
            public short Small { get; set; }
            public int? Bonus { get; set; }
            public Kind Kind { get; set; }
            [Ignore] public int Computed { get; set; }
        }
        public enum Kind { Plain, Fancy }
        """;

    private static string Queries(string body) => Model + "\npublic static class Queries\n{\n" + body + "\n}\n";

    private static GenerationResult Clean(string body)
    {
        var result = GeneratorHarness.Run(Queries(body));
        Assert.That(result.GeneratorDiagnostics, Is.Empty, () => result.Describe(result.GeneratorDiagnostics));
        Assert.That(result.Errors, Is.Empty, () => result.Describe(result.Errors));
        Assert.That(result.GeneratedCodeProblems, Is.Empty, () => result.Describe(result.GeneratedCodeProblems));
        return result;
    }

    [Test]
    public void ExecuteDelete_after_Where_is_intercepted_with_the_run_time_delete()
    {
        var result = Clean("""
            public static int Purge(MicroDbConnection db, int min) => db.Table<Item>().Where(x => x.Stock < min && !x.Active).ExecuteDelete();
            public static int All(MicroDbConnection db) => db.Table<Item>().ExecuteDelete();
            """);

        var source = result.Sources[HintName];
        Assert.That(source, Does.Contain("""private static readonly InterceptedSite Site0 = new InterceptedSite("DELETE FROM \"items\" WHERE ((\"Stock\" < ?) AND (NOT (\"Active\" = 1)))").Value(0, "LR", "Stock", typeof(int));"""));
        Assert.That(source, Does.Contain("""public static int ExecuteDelete0(this TableQuery<global::Shop.Item> query) =>"""));
        Assert.That(source, Does.Contain("""    QueryInterception.ExecuteDelete(query, Site0);"""));
        Assert.That(source, Does.Contain("""new InterceptedSite("DELETE FROM \"items\"");"""));
    }

    [Test]
    public void ExecuteUpdate_values_and_row_arithmetic_are_lowered_before_the_where_values()
    {
        var result = Clean("""
            public static int Raise(MicroDbConnection db, int min, string name, int step) =>
                db.Table<Item>().Where(x => x.Stock >= min).ExecuteUpdate(s => s.Set(x => x.Stock, x => x.Stock + step).Set(x => x.Name, name).Set(x => x.Seen, System.DateTime.UnixEpoch).Set(x => x.Views, x => x.Views * 2 - 1));
            """);

        var source = result.Sources[HintName];
        Assert.That(source, Does.Contain(
            """new InterceptedSite("UPDATE \"items\" SET \"Stock\" = (\"Stock\" + ?), \"Name\" = ?, \"Seen\" = ?, \"Views\" = ((\"Views\" * ?) - ?) WHERE (\"Stock\" >= ?)")"""
            + """.Assigns("Stock", "Name", "Seen", "Views").Assigned(0, "R", "Stock", typeof(int)).Assigned(1, "", "Name", typeof(string)).Assigned(2, "", "Seen", typeof(global::System.DateTime))"""
            + """.Assigned(3, "LR", "Views", typeof(long)).Assigned(3, "R", "Views", typeof(long)).Value(0, "R", "Stock", typeof(int));"""));
        Assert.That(source, Does.Contain("""public static int ExecuteUpdate0(this TableQuery<global::Shop.Item> query, global::System.Func<UpdateSetters<global::Shop.Item>, UpdateSetters<global::Shop.Item>> setters) =>"""));
        Assert.That(source, Does.Contain("""    QueryInterception.ExecuteUpdate(query, setters, Site0);"""));
    }

    [Test]
    public void A_computed_decimal_gets_a_second_text_for_sqlite_net_storage()
    {
        var result = Clean("""
            public static int Reprice(MicroDbConnection db, decimal factor) => db.Table<Item>().ExecuteUpdate(s => s.Set(x => x.Price, x => x.Price * factor));
            """);

        var source = result.Sources[HintName];
        Assert.That(source, Does.Contain("""new InterceptedSite("UPDATE \"items\" SET \"Price\" = (SELECT CASE WHEN """));
        Assert.That(source, Does.Contain("""FROM (SELECT (CAST(\"Price\" AS REAL) * ?) AS \"v\"))").Assigns("Price").Assigned(0, "R", "Price", typeof(decimal));"""));
        Assert.That(source, Does.Contain("""private static readonly InterceptedSite Site0N = new InterceptedSite("UPDATE \"items\" SET \"Price\" = (CAST(\"Price\" AS REAL) * ?)").Assigns("Price").Assigned(0, "R", "Price", typeof(decimal));"""));
        Assert.That(source, Does.Contain("""    QueryInterception.ExecuteUpdate(query, setters, Site0, Site0N);"""));
    }

    [Test]
    public void Async_writes_are_intercepted_on_the_pool_writer()
    {
        var result = Clean("""
            public static ValueTask<int> Purge(MicroDbAsyncConnection db, int min) => db.Table<Item>().Where(x => x.Stock < min).ExecuteDeleteAsync();
            public static ValueTask<int> Touch(MicroDbAsyncConnection db) => db.Table<Item>().ExecuteUpdateAsync(s => s.Set(x => x.Active, true));
            """);

        var source = result.Sources[HintName];
        Assert.That(source, Does.Contain("""public static global::System.Threading.Tasks.ValueTask<int> ExecuteDeleteAsync0(this AsyncTableQuery<global::Shop.Item> query, global::System.Threading.CancellationToken cancellationToken) =>"""));
        Assert.That(source, Does.Contain("""    QueryInterception.ExecuteDeleteAsync(query, Site0, cancellationToken);"""));
        Assert.That(source, Does.Contain("""new InterceptedSite("UPDATE \"items\" SET \"Active\" = ?").Assigns("Active").Assigned(0, "", "Active", typeof(bool));"""));
        Assert.That(source, Does.Contain("""    QueryInterception.ExecuteUpdateAsync(query, setters, Site1, null, cancellationToken);"""));
    }

    [Test]
    public void Setters_with_conversions_are_written_as_the_run_time_converts()
    {
        var result = Clean("""
            public static int Q(MicroDbConnection db, int step) => db.Table<Item>().ExecuteUpdate(s => s.Set(x => x.Views, x => x.Views - x.Stock)
                .Set(x => x.Score, x => x.Score * (x.Stock + step)).Set(x => x.Stock, x => (int)x.Score).Set(x => x.Views, x => (long)x.Stock));
            """);

        Assert.That(result.Sources[HintName], Does.Contain("""
            new InterceptedSite("UPDATE \"items\" SET \"Views\" = (\"Views\" - \"Stock\"), \"Score\" = (\"Score\" * CAST((\"Stock\" + ?) AS REAL)), \"Stock\" = CAST(\"Score\" AS INTEGER), \"Views\" = \"Stock\"").Assigns("Views", "Score", "Stock", "Views").Assigned(1, "RR", "Score", typeof(double));
            """));
    }

    [Test]
    public void Setters_with_text_nullable_values_and_functions_are_written_as_the_run_time_writes_them()
    {
        var result = Clean("""
            public static int Q(MicroDbConnection db, string suffix, int min) => db.Table<Item>().ExecuteUpdate(s => s
                .Set(x => x.Name, x => x.Name + suffix + x.Stock)
                .Set(x => x.Bonus, x => x.Bonus + 1)
                .Set(x => x.Stock, x => System.Math.Max(x.Stock, min))
                .Set(x => x.Small, x => (short)(x.Small + 1))
                .Set(x => x.Name, x => x.Name.ToUpper())
                .Set(x => x.Views, x => -x.Views)
                .Set(x => x.Stock, x => x.Name.Length)
                .Set(x => x.Price, x => x.Price * 2));
            public static int Fallback(MicroDbConnection db, int none) => db.Table<Item>().ExecuteUpdate(s => s.Set(x => x.Stock, x => (x.Bonus ?? none) + 1));
            """);

        Assert.That(result.Sources[HintName], Does.Contain("""
            new InterceptedSite("UPDATE \"items\" SET \"Name\" = (ifnull((ifnull(\"Name\", '') || ifnull(?, '')), '') || ifnull(\"Stock\", '')), \"Bonus\" = (\"Bonus\" + ?), \"Stock\" = max(\"Stock\", ?), \"Small\" = (\"Small\" + ?), \"Name\" = upper(\"Name\"), \"Views\" = (-\"Views\"), \"Stock\" = length(\"Name\"), \"Price\" = (SELECT CASE WHEN \"v\" IS NULL THEN NULL WHEN
            """));
        Assert.That(result.Sources[HintName], Does.Contain("""
            FROM (SELECT (CAST(\"Price\" AS REAL) * ?) AS \"v\"))").Assigns("Name", "Bonus", "Stock", "Small", "Name", "Views", "Stock", "Price").Assigned(0, "LR", "Name", typeof(string)).Assigned(1, "R", "Bonus", typeof(int?)).Assigned(2, "1", "Stock", typeof(int)).Assigned(3, "R", "Small", typeof(short)).Assigned(7, "R", "Price", typeof(decimal));
            """));
        Assert.That(result.Sources[HintName], Does.Contain("""
            new InterceptedSite("UPDATE \"items\" SET \"Stock\" = (coalesce(\"Bonus\", ?) + ?)").Assigns("Stock").Assigned(0, "LR", "Stock", typeof(int)).Assigned(0, "R", "Stock", typeof(int));
            """));
    }

    [Test]
    public void Writes_after_take_and_skip_select_their_rows_by_the_key_as_the_run_time_does()
    {
        var result = Clean("""
            public static int Delete(MicroDbConnection db, int min) => db.Table<Item>().Where(x => x.Stock > min).OrderBy(x => x.Id).Skip(1).Take(2).ExecuteDelete();
            public static int Update(MicroDbConnection db) => db.Table<Item>().Take(5).ExecuteUpdate(s => s.Set(x => x.Views, 0L));
            """);

        var source = result.Sources[HintName];
        Assert.That(source, Does.Contain("""new InterceptedSite("DELETE FROM \"items\" WHERE \"Id\" IN (SELECT \"Id\" FROM \"items\" WHERE (\"Stock\" > ?) ORDER BY \"Id\" LIMIT 2 OFFSET 1)").Value(0, "R", "Stock", typeof(int));"""));
        Assert.That(source, Does.Contain("""new InterceptedSite("UPDATE \"items\" SET \"Views\" = ? WHERE \"Id\" IN (SELECT \"Id\" FROM \"items\" LIMIT 5)").Assigns("Views")"""));
    }

    [Test]
    public void Conditional_setters_are_written_as_the_run_time_case()
    {
        var result = Clean("""
            public static int Q(MicroDbConnection db, int limit, string name) => db.Table<Item>().ExecuteUpdate(s => s
                .Set(x => x.Stock, x => x.Views > limit && !x.Active ? 2 : x.Stock + 1)
                .Set(x => x.Name, x => x.Name == name ? "same" : x.Name));
            """);

        Assert.That(result.Sources[HintName], Does.Contain("""
            new InterceptedSite("UPDATE \"items\" SET \"Stock\" = (CASE WHEN ((\"Views\" > ?) AND (NOT (\"Active\" = 1))) THEN ? ELSE (\"Stock\" + ?) END), \"Name\" = (CASE WHEN (\"Name\" IS ?) THEN ? ELSE \"Name\" END)").Assigns("Stock", "Name").Assigned(0, "cLR", "Stock", typeof(int)).Assigned(0, "t", "Stock", typeof(int)).Assigned(0, "fR", "Stock", typeof(int)).Assigned(1, "cR", "Name", typeof(string)).Assigned(1, "t", "Name", typeof(string));
            """));
    }

    [Test]
    public void String_method_setters_are_written_as_the_run_time_writes_them()
    {
        var result = Clean("""
            public static int Q(MicroDbConnection db, int start, string from, char dash) => db.Table<Item>().ExecuteUpdate(s => s
                .Set(x => x.Name, x => x.Name.Substring(start, 2))
                .Set(x => x.Name, x => x.Name.Substring(x.Stock))
                .Set(x => x.Name, x => x.Name.Trim())
                .Set(x => x.Name, x => x.Name.TrimStart('-'))
                .Set(x => x.Name, x => x.Name.TrimEnd(new[] { '.', '!' }))
                .Set(x => x.Name, x => x.Name.Replace(from, x.Name))
                .Set(x => x.Name, x => x.Name.Replace(dash, '_')));
            """);

        Assert.That(result.Sources[HintName], Does.Contain("""
            new InterceptedSite("UPDATE \"items\" SET \"Name\" = substr(\"Name\", (?) + 1, ?), \"Name\" = substr(\"Name\", (\"Stock\") + 1), \"Name\" = trim(\"Name\", ?), \"Name\" = ltrim(\"Name\", ?), \"Name\" = rtrim(\"Name\", ?), \"Name\" = replace(\"Name\", ?, \"Name\"), \"Name\" = replace(\"Name\", ?, ?)").Assigns("Name", "Name", "Name", "Name", "Name", "Name", "Name").Assigned(0, "0", "Name", typeof(string)).Assigned(0, "1", "Name", typeof(string)).Assigned(2, "W", "Name", typeof(string)).Assigned(3, "0w", "Name", typeof(string)).Assigned(4, "0w", "Name", typeof(string)).Assigned(5, "0", "Name", typeof(string)).Assigned(6, "0s", "Name", typeof(string)).Assigned(6, "1s", "Name", typeof(string));
            """));
    }

    [Test]
    public void Math_Round_and_closed_values_in_concatenation_are_written_as_the_run_time_writes_them()
    {
        var result = Clean("""
            public static int Q(MicroDbConnection db, int digits, int id) => db.Table<Item>().ExecuteUpdate(s => s
                .Set(x => x.Score, x => System.Math.Round(x.Score))
                .Set(x => x.Score, x => System.Math.Round(x.Score * 2, digits))
                .Set(x => x.Name, x => x.Name + "#" + id)
                .Set(x => x.Name, x => string.Concat(x.Name, "-", id)));
            """);

        var source = result.Sources[HintName];
        const string even = "CASE WHEN abs({0}) >= 4503599627370496.0 THEN {0} ELSE CAST({0} AS INTEGER) + (CASE WHEN abs({0} - CAST({0} AS INTEGER)) > 0.5 OR (abs({0} - CAST({0} AS INTEGER)) = 0.5 AND CAST({0} AS INTEGER) % 2 <> 0) THEN (CASE WHEN {0} < 0 THEN -1 ELSE 1 END) ELSE 0 END) END * 1.0";
        var scaled = "((\\\"Score\\\" * ?) * ?)";
        var sql = "UPDATE \\\"items\\\" SET \\\"Score\\\" = (" + string.Format(even, "\\\"Score\\\"") + "), \\\"Score\\\" = (CASE WHEN abs((\\\"Score\\\" * ?)) >= 1e16 THEN (\\\"Score\\\" * ?) ELSE ("
            + string.Format(even, scaled) + ") / ? END), \\\"Name\\\" = (ifnull((ifnull(\\\"Name\\\", '') || ifnull(?, '')), '') || ifnull(?, '')), "
            + "\\\"Name\\\" = (ifnull(\\\"Name\\\", '') || ifnull(?, '') || ifnull(?, ''))";
        Assert.That(source, Does.Contain("new InterceptedSite(\"" + sql + "\")"));
        // The value once per use, as the run time translates it again for each (9 uses; with the digits, each scaled use binds 10^digits).
        Assert.That(source, Does.Contain(""".Assigns("Score", "Score", "Name", "Name").Assigned(1, "0R", "Score", typeof(double)).Assigned(1, "0R", "Score", typeof(double))"""
            + string.Concat(Enumerable.Repeat(""".Assigned(1, "0R", "Score", typeof(double)).Assigned(1, "1p", "Score", typeof(double))""", 9)) + """.Assigned(1, "1p", "Score", typeof(double)).Assigned(2, "LR", "Name", typeof(string))"""));
        Assert.That(source, Does.Contain(""".Assigned(2, "Rs", "Name", typeof(string)).Assigned(3, "1", "Name", typeof(string)).Assigned(3, "2s", "Name", typeof(string));"""));
    }

    [TestCase("db.Table<Item>().Take(3).Where(x => x.Stock > 1).ExecuteDelete()", "a condition after Take/Skip reads a sub-query")]
    [TestCase("db.Table<Item>().ExecuteUpdate(s => s.Set(x => x.Score, x => x.Score % 2))", "'x.Score % 2' is a floating-point remainder, which SQLite computes on integers")]
    [TestCase("db.Table<Item>().ExecuteUpdate(s => s.Set(x => x.Score, x => (double)x.Price * 2))", "the conversion '(double)x.Price' from decimal is an operator method in the expression tree, which the run-time translator does not translate")]
    [TestCase("db.Table<Item>().ExecuteUpdate(s => s.Set(x => x.Name, x => x.Name + x.Score))", "concatenating 'x.Score' of type 'double' is not lowered at build time")]
    [TestCase("db.Table<Item>().ExecuteUpdate(s => s.Set(x => x.Name, x => x.Name.PadLeft(3)))", "'x.Name.PadLeft(3)' in a setter is not lowered at build time")]
    [TestCase("db.Table<Item>().ExecuteUpdate(s => s.Set(x => x.Name, x => x.Name.Trim(x.Name[0])))", "the characters to trim in 'x.Name.Trim(x.Name[0])' read the row (the run-time path throws NotSupportedException)")]
    [TestCase("db.Table<Item>().ExecuteUpdate(s => s.Set(x => x.Name, x => x.Name.Substring(1).Replace(\"a\", \"b\", System.StringComparison.Ordinal)))", "(Replace(string, string?, System.StringComparison)) has no SQL translation on the run-time path either")]
    [TestCase("db.Table<Item>().ExecuteUpdate(s => s.Set(x => x.Stock, x => x.Score > 1 ? 1 : 0))", "the condition of 'x.Score > 1 ? 1 : 0' reads a comparison of double values, where a setter's ?: lowers only comparisons of integer, string, bool, enum and Guid members and null tests")]
    [TestCase("db.Table<Item>().ExecuteUpdate(s => s.Set(x => x.Stock, x => db.Table<Item>().Any(y => y.Stock == x.Stock) ? 1 : 0))", "reads a sub-query, where a setter's ?: lowers only comparisons")]
    [TestCase("db.Table<Item>().ExecuteUpdate(s => s.Set(x => x.Stock, x => Flag ? x.Stock : 0))", "the condition of 'Flag ? x.Stock : 0' does not read the row")]
    [TestCase("db.Table<Item>().ExecuteUpdate(s => s.Set(x => x.Score, x => System.Math.Floor(x.Score)))", "Math.Floor in 'System.Math.Floor(x.Score)' has no SQL translation on the run-time path either (it throws NotSupportedException)")]
    [TestCase("db.Table<Item>().ExecuteUpdate(s => s.Set(x => x.Price, x => System.Math.Round(x.Price)))", "is not Math.Round(double) or Math.Round(double, int)")]
    [TestCase("db.Table<Item>().ExecuteUpdate(s => s.Set(x => x.Score, x => System.Math.Round(x.Score, x.Stock)))", "the digits of 'System.Math.Round(x.Score, x.Stock)' read the row")]
    [TestCase("db.Table<Item>().ExecuteUpdate(s => s.Set(x => x.Score, x => System.Math.Round(x.Score, 16)))", "the digits of 'System.Math.Round(x.Score, 16)' are outside 0 to 15")]
    [TestCase("db.Table<Item>().ExecuteUpdate(s => s.Set(x => x.Name, x => x.Name + x.Active))", "concatenating 'x.Active' of type 'bool' is not lowered at build time")]
    [TestCase("db.Table<Item>().ExecuteUpdate(s => s.Set(x => x.Seen, x => x.Seen.AddDays(1)))", "member 'Seen' of type 'System.DateTime' cannot be computed in SQL from the row ('x => x.Seen.AddDays(1)'; the run-time path throws NotSupportedException")]
    [TestCase("db.Table<Item>().ExecuteUpdate(s => s.Set(x => x.Kind, x => x.Active ? Kind.Fancy : Kind.Plain))", "member 'Kind' of type 'Shop.Kind' cannot be computed in SQL from the row")]
    [TestCase("db.Table<Item>().ExecuteUpdate(s => s.Set(x => x.Computed, 1))", "member 'Computed' maps to no column")]
    [TestCase("db.Table<Item>().ExecuteUpdate(Setters)", "not a lambda with an expression body")]
    [TestCase("db.Table<Item>().ExecuteUpdate(s => new UpdateSettersFactory().Make(s))", "not a chain of Set calls")]
    public void Writes_the_generator_does_not_lower_say_why(string call, string reason)
    {
        var result = GeneratorHarness.Run(Queries($$"""
            public static int Q(MicroDbConnection db) => {{call}};
            private static bool Flag = true;
            private static MicroDb.Query.UpdateSetters<Item> Setters(MicroDb.Query.UpdateSetters<Item> s) => s.Set(x => x.Stock, 1);
            """) + """
            public class UpdateSettersFactory { public MicroDb.Query.UpdateSetters<Shop.Item> Make(MicroDb.Query.UpdateSetters<Shop.Item> s) => s; }
            """);

        Assert.That(result.Errors, Is.Empty, () => result.Describe(result.Errors));
        Assert.That(result.Sources.ContainsKey(HintName), Is.False);
        Assert.That(result.GeneratorDiagnostics.Single(d => d.Id == "MDB0013").GetMessage(), Does.Contain(reason));
    }
}
