using MicroDb.Generator.Tests.Infrastructure;

namespace MicroDb.Generator.Tests;

/// <summary>
/// Build-time decimal equality and floating pairs (MicroDbGenerator.ConditionValues.cs): a decimal member compared for
/// equality with a value as IN the value's spellings (one marker the site repeats, <c>Text(i, "decimal")</c>), a float
/// member against a double member, and a non-nullable double lifted against a nullable one, as the run-time translator
/// writes them.
/// </summary>
public class DecimalConditionInterceptionTests
{
    private const string HintName = "MicroDb.Generated.QueryInterceptors.g.cs";

    private const string Model = """
        using System.Collections.Generic;
        using System.Linq;
        using MicroDb;
        namespace Shop;
        [Table("items")]
        public class Item
        {
            [PrimaryKey, AutoIncrement] public int Id { get; set; }
            public decimal Price { get; set; }
            public decimal? Cost { get; set; }
            public double Score { get; set; }
            public double? Maybe { get; set; }
            public float Weight { get; set; }
        }
        """;

    private static string Where(string predicate)
    {
        var result = GeneratorHarness.Run(Model + $"\npublic static class Queries\n{{\npublic static List<Item> Q(MicroDbConnection db, decimal value, decimal? maybe) => db.Table<Item>().Where({predicate}).ToList();\n}}\n");
        Assert.That(result.GeneratorDiagnostics, Is.Empty, () => result.Describe(result.GeneratorDiagnostics));
        Assert.That(result.Errors, Is.Empty, () => result.Describe(result.Errors));
        Assert.That(result.GeneratedCodeProblems, Is.Empty, () => result.Describe(result.GeneratedCodeProblems));
        return result.Sources[HintName];
    }

    [TestCase("x => x.Price == 9.99m", "WHERE (\\\"Price\\\" IS NOT NULL AND \\\"Price\\\" IN (?))\").Value(0, \"R\", \"\", typeof(decimal)).Text(0, \"decimal\")")]
    [TestCase("x => value != x.Price", "WHERE (\\\"Price\\\" IS NULL OR \\\"Price\\\" NOT IN (?))\").Value(0, \"L\", \"\", typeof(decimal)).Text(0, \"decimal\")")]
    [TestCase("x => x.Cost == maybe", "WHERE (\\\"Cost\\\" IS NOT NULL AND \\\"Cost\\\" IN (?))\").Value(0, \"R\", \"\", typeof(decimal?)).Text(0, \"decimal\")")]
    public void Decimal_equality_is_an_in_list_of_the_values_spellings(string predicate, string sql)
    {
        Assert.That(Where(predicate), Does.Contain(sql));
    }

    [TestCase("x => x.Weight > x.Score", "WHERE (ifnull(\\\"Weight\\\", 0) > ifnull(\\\"Score\\\", 0))")]
    [TestCase("x => x.Score == x.Maybe", "WHERE (ifnull(\\\"Score\\\", 0) IS \\\"Maybe\\\")")]
    [TestCase("x => x.Score < x.Maybe", "WHERE (\\\"Maybe\\\" IS NOT NULL AND ifnull(\\\"Score\\\", 0) < \\\"Maybe\\\")")]
    [TestCase("x => x.Weight * 2f > 1", "WHERE (ifnull((\\\"Weight\\\" * ?), 0) > ?)")]
    public void Floating_pairs_read_a_non_nullable_members_stored_null_as_zero(string predicate, string sql)
    {
        Assert.That(Where(predicate), Does.Contain(sql));
    }

    [TestCase("x => x.Price * 2 == value", "is decimal arithmetic")]
    [TestCase("x => x.Price > x.Cost", "is stored as Decimal")]
    [TestCase("x => x.Score % 2 > 0", "floating-point remainder")]
    public void Decimal_forms_the_run_time_refuses_or_keys_otherwise_are_declined(string predicate, string reason)
    {
        var result = GeneratorHarness.Run(Model + $"\npublic static class Queries\n{{\npublic static List<Item> Q(MicroDbConnection db, decimal value) => db.Table<Item>().Where({predicate}).ToList();\n}}\n");

        Assert.That(result.Errors, Is.Empty, () => result.Describe(result.Errors));
        Assert.That(result.GeneratorDiagnostics.Single(d => d.Id == "MDB0013").GetMessage(), Does.Contain(reason));
    }
}
