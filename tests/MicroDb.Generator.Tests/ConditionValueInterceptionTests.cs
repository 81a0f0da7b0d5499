using MicroDb.Generator.Tests.Infrastructure;

namespace MicroDb.Generator.Tests;

/// <summary>
/// Build-time conditions over values (MicroDbGenerator.ConditionValues.cs): decimal and ulong ordering against values, a
/// float member against a double value, a double member against a nullable value, two operands of the row and arithmetic,
/// as the exact SQL the run-time translator writes (one table and a join's Where), with the value forms the site checks.
/// </summary>
public class ConditionValueInterceptionTests
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
            public int Age { get; set; }
            public int? ParentId { get; set; }
            public decimal? Cost { get; set; }
            public double Score { get; set; }
            public float Weight { get; set; }
            public ulong Big { get; set; }
            public ulong? MaybeBig { get; set; }
        }
        [Table("tags")]
        public class Tag
        {
            [PrimaryKey, AutoIncrement] public int Id { get; set; }
            public int ItemId { get; set; }
            public string? Label { get; set; }
        }
        """;

    private const string Columns = "SELECT \\\"Id\\\", \\\"Age\\\", \\\"ParentId\\\", \\\"Cost\\\", \\\"Score\\\", \\\"Weight\\\", \\\"Big\\\", \\\"MaybeBig\\\" FROM \\\"items\\\"";

    private static string Clean(string body)
    {
        var result = GeneratorHarness.Run(Model + "\npublic static class Queries\n{\n" + body + "\n}\n");
        Assert.That(result.GeneratorDiagnostics, Is.Empty, () => result.Describe(result.GeneratorDiagnostics));
        Assert.That(result.Errors, Is.Empty, () => result.Describe(result.Errors));
        Assert.That(result.GeneratedCodeProblems, Is.Empty, () => result.Describe(result.GeneratedCodeProblems));
        return result.Sources[HintName];
    }

    private static string Where(string predicate) =>
        Clean($"public static List<Item> Q(MicroDbConnection db, int id, double low, double? maybe, ulong big) => db.Table<Item>().Where({predicate}).ToList();");

    [TestCase("x => x.Big > 5", "WHERE ((\\\"Big\\\" > ? OR \\\"Big\\\" < 0))\").Value(0, \"R\", \"Big\", typeof(ulong)).Compared(0, \"unsigned\")")]
    [TestCase("x => x.Big >= 9223372036854775808UL", "WHERE ((\\\"Big\\\" >= ? AND \\\"Big\\\" < 0))\").Value(0, \"R\", \"Big\", typeof(ulong)).Compared(0, \"unsigned-high\")")]
    [TestCase("x => big > x.MaybeBig", "WHERE (\\\"MaybeBig\\\" IS NOT NULL AND (\\\"MaybeBig\\\" >= 0 AND \\\"MaybeBig\\\" < ?))\").Value(0, \"L\", \"MaybeBig\", typeof(ulong?)).Compared(0, \"unsigned\")")]
    public void Ulong_ordering_is_written_as_the_run_times_ranges_for_the_values_sign(string predicate, string sql)
    {
        Assert.That(Where(predicate), Does.Contain(Columns + " " + sql));
    }

    [TestCase("x => x.Weight > 1.5", "WHERE ((\\\"Weight\\\" IS NOT NULL AND \\\"Weight\\\" > ?))\").Value(0, \"R\", \"Weight\", typeof(float)).Real(0, \">\", false)")]
    [TestCase("x => x.Score == maybe", "WHERE (\\\"Score\\\" IS NOT NULL AND \\\"Score\\\" = ?)\").Value(0, \"R\", \"Score\", typeof(double)).Real(0, \"=\", false)")]
    [TestCase("x => x.Score < maybe", "WHERE ((\\\"Score\\\" IS NULL OR \\\"Score\\\" < ?))\").Value(0, \"R\", \"Score\", typeof(double)).Real(0, \"<\", true)")]
    public void Floats_against_doubles_and_doubles_against_nullable_values_compare_as_the_run_time_writes_them(string predicate, string sql)
    {
        Assert.That(Where(predicate), Does.Contain(Columns + " " + sql));
    }

    [TestCase("x => x.ParentId == x.Age", "WHERE (\\\"ParentId\\\" IS \\\"Age\\\")\")")]
    // Lifted: the member widened to int? is guarded too, as the run time guards each nullable open operand.
    [TestCase("x => x.ParentId < x.Age", "WHERE (\\\"ParentId\\\" IS NOT NULL AND \\\"Age\\\" IS NOT NULL AND \\\"ParentId\\\" < \\\"Age\\\")\")")]
    [TestCase("x => x.Score >= x.Age", "WHERE (ifnull(\\\"Score\\\", 0) >= ifnull(CAST(\\\"Age\\\" AS REAL), 0))\")")]
    [TestCase("x => x.Age + 1 >= id", "WHERE ((\\\"Age\\\" + ?) >= ?)\").Value(0, \"LR\", \"\", typeof(int)).Value(0, \"R\", \"\", typeof(int));")]
    [TestCase("x => id < x.Age % 2", "WHERE (? < (\\\"Age\\\" % ?))\").Value(0, \"L\", \"\", typeof(int)).Value(0, \"RR\", \"\", typeof(int));")]
    [TestCase("x => x.Score * x.Age > low", "WHERE (ifnull((\\\"Score\\\" * CAST(\\\"Age\\\" AS REAL)), 0) > ?)\").Value(0, \"R\", \"\", typeof(double)).Compared(0, \"nan\")")]
    [TestCase("x => x.ParentId / 2 == id", "WHERE ((\\\"ParentId\\\" / ?) IS ?)\").Value(0, \"LR\", \"\", typeof(int?)).Value(0, \"R\", \"\", typeof(int?)).Compared(1, \"nan\")")]
    public void Two_operands_and_arithmetic_compare_as_the_run_time_writes_them(string predicate, string sql)
    {
        Assert.That(Where(predicate), Does.Contain(Columns + " " + sql));
    }

    [Test]
    public void A_decimal_ordered_against_a_value_compares_the_stored_texts_sort_key()
    {
        var source = Where("x => x.Cost > 10m");

        Assert.That(source, Does.Contain(Columns + " WHERE (CAST(\\\"Cost\\\" AS REAL) IS NOT NULL AND (CASE WHEN substr(\\\"Cost\\\", 1, 1) = '-' THEN"));
        Assert.That(source, Does.Contain(" END) > ?)\").Value(0, \"R\", \"\", typeof(decimal?)).Compared(0, \"decimal\")"));
    }

    [Test]
    public void Two_members_of_joined_tables_compare_by_their_aliases()
    {
        var source = Clean("public static object Q(MicroDbConnection db) => db.Table<Item>().Join(db.Table<Tag>(), i => i.Id, t => t.ItemId, (i, t) => new { i.Age, t.Label, t.ItemId }).Where(r => r.Age < r.ItemId + 1).ToList();");

        Assert.That(source, Does.Contain("WHERE (\\\"t0\\\".\\\"Age\\\" < (\\\"t1\\\".\\\"ItemId\\\" + ?))\").JoinedValue(0, 0, \"RR\", \"\", typeof(int))"));
    }

    [Test]
    public void A_sub_querys_comparison_with_the_outer_row_is_not_read_as_a_value()
    {
        var result = GeneratorHarness.Run(Model + "\npublic static class Queries\n{\npublic static List<Tag> Q(MicroDbConnection db) => db.Table<Tag>().Where(t => db.Table<Item>().Any(x => x.Cost > t.ItemId)).ToList();\n}\n");

        Assert.That(result.Errors, Is.Empty, () => result.Describe(result.Errors));
        Assert.That(result.GeneratorDiagnostics.Single(d => d.Id == "MDB0013").GetMessage(), Does.Contain("Cost"));
    }

    [TestCase("x => x.Cost * 2 > 1m", "decimal arithmetic")]
    [TestCase("x => x.Score % 2 > 0", "floating-point remainder")]
    [TestCase("x => x.Big + 1 > big", "arithmetic on ulong")]
    [TestCase("x => x.Big > x.Big", "is stored as UInt64")]
    [TestCase("x => (long)x.Score > x.Age", "the conversion")]
    public void Value_conditions_the_generator_does_not_lower_say_why(string predicate, string reason)
    {
        var result = GeneratorHarness.Run(Model + $"\npublic static class Queries\n{{\npublic static List<Item> Q(MicroDbConnection db, ulong big) => db.Table<Item>().Where({predicate}).ToList();\n}}\n");

        Assert.That(result.Errors, Is.Empty, () => result.Describe(result.Errors));
        Assert.That(result.GeneratorDiagnostics.Single(d => d.Id == "MDB0013").GetMessage(), Does.Contain(reason));
    }
}
