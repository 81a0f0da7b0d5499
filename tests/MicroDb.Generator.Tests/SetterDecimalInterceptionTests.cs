using MicroDb.Generator.Tests.Infrastructure;

namespace MicroDb.Generator.Tests;

/// <summary>The build-time setter lowering of an integer converted to decimal (<c>x.Price * x.Stock</c>, <c>(decimal)x.Stock * 1.1m</c>): CAST to REAL, as the run time's setter translation writes it.</summary>
public class SetterDecimalInterceptionTests
{
    private const string HintName = "MicroDb.Generated.QueryInterceptors.g.cs";

    private const string Model = """
        using System;
        using MicroDb;
        namespace Shop;
        [Table("items")]
        public class Item
        {
            [PrimaryKey, AutoIncrement] public int Id { get; set; }
            public int Stock { get; set; }
            public long Views { get; set; }
            public int? Bonus { get; set; }
            public decimal Price { get; set; }
            public decimal? Old { get; set; }
            public double Score { get; set; }
        }
        public static class Queries
        {

        """;

    private static GenerationResult Run(string body) => GeneratorHarness.Run(Model + body + "\n}\n");

    private static string Generated(string body)
    {
        var result = Run(body);
        Assert.That(result.GeneratorDiagnostics, Is.Empty, () => result.Describe(result.GeneratorDiagnostics));
        Assert.That(result.Errors, Is.Empty, () => result.Describe(result.Errors));
        Assert.That(result.GeneratedCodeProblems, Is.Empty, () => result.Describe(result.GeneratedCodeProblems));
        return result.Sources[HintName];
    }

    [Test]
    public void Setter_multiplying_a_decimal_by_an_integer_member_casts_the_integer_to_REAL()
    {
        var source = Generated("""
            public static int Q(MicroDbConnection db, decimal rate) => db.Table<Item>().ExecuteUpdate(s => s
                .Set(x => x.Price, x => x.Price * x.Stock)
                .Set(x => x.Old, x => (decimal)x.Views * rate + x.Bonus));
            """);

        Assert.That(source, Does.Contain("""(SELECT (CAST(\"Price\" AS REAL) * CAST(\"Stock\" AS REAL)) AS \"v\")"""));
        Assert.That(source, Does.Contain("""(SELECT ((CAST(\"Views\" AS REAL) * ?) + CAST(\"Bonus\" AS REAL)) AS \"v\")"""));
    }

    [Test]
    public void Setter_dividing_converted_integers_divides_REALs()
    {
        var source = Generated("""
            public static int Q(MicroDbConnection db) => db.Table<Item>().Where(x => x.Stock != 0).ExecuteUpdate(s => s.Set(x => x.Price, x => (decimal)x.Views / x.Stock));
            """);

        Assert.That(source, Does.Contain("""(SELECT (CAST(\"Views\" AS REAL) / CAST(\"Stock\" AS REAL)) AS \"v\")"""));
    }

    [TestCase("db.Table<Item>().ExecuteUpdate(s => s.Set(x => x.Score, x => (double)x.Price))", "the conversion '(double)x.Price' from decimal is an operator method")]
    [TestCase("db.Table<Item>().ExecuteUpdate(s => s.Set(x => x.Stock, x => (int)x.Price))", "the conversion '(int)x.Price' from decimal is an operator method")]
    [TestCase("db.Table<Item>().ExecuteUpdate(s => s.Set(x => x.Stock, x => db.Table<Item>().Count(y => y.Views == x.Stock)))", "'db.Table<Item>().Count(y => y.Views == x.Stock)' is a sub-query over 'Item' (a scalar sub-query at run time), which is not lowered at build time in a setter's value (the run-time path writes it)")]
    [TestCase("db.Table<Item>().ExecuteUpdate(s => s.Set(x => x.Stock, x => db.Table<Item>().Where(y => y.Views == x.Stock).Sum(y => y.Stock) + 1))", "is a sub-query over 'Item' (a scalar sub-query at run time), which is not lowered at build time in a setter's value")]
    [TestCase("db.Table<Item>().ExecuteUpdate(s => s.Set(x => x.Stock, x => x.Score > 1.5 ? 1 : 0))", "reads a comparison of double values, where a setter's ?: lowers only comparisons")]
    [TestCase("db.Table<Item>().ExecuteUpdate(s => s.Set(x => x.Stock, x => x.Price > 1.5m ? 1 : 0))", "where a setter's ?: lowers only comparisons")]
    public void Conversions_from_decimal_sub_queries_and_other_conditionals_in_a_setter_stay_declined(string call, string reason)
    {
        var result = Run("public static int Q(MicroDbConnection db) => " + call + ";");

        var info = result.GeneratorDiagnostics.Single(d => d.Id == "MDB0013");
        Assert.That(info.GetMessage(System.Globalization.CultureInfo.InvariantCulture), Does.Contain(reason));
    }
}
