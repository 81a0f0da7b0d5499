using MicroDb.Generator.Tests.Infrastructure;

namespace MicroDb.Generator.Tests;

/// <summary>
/// The build-time front end's one condition lowering on nullable members, comparisons with null, doubles: the exact SQL
/// the run-time translator writes (one table, a join's Where, a Where before GroupBy), and MDB0013 for what stays declined.
/// </summary>
public class ConditionInterceptionTests
{
    private const string HintName = "MicroDb.Generated.QueryInterceptors.g.cs";

    private const string Model = """
        using System.Collections.Generic;
        using MicroDb;
        namespace Shop;
        public enum Status { Open, Closed }
        [Table("items")]
        public class Item
        {
            [PrimaryKey, AutoIncrement] public int Id { get; set; }
            public string? Name { get; set; }
            public int Age { get; set; }
            public int? ParentId { get; set; }
            public bool? Flag { get; set; }
            public Status? State { get; set; }
            public System.Guid? Ref { get; set; }
            public System.DateTime? DeletedAt { get; set; }
            public decimal? Cost { get; set; }
            public double Score { get; set; }
            public double? Rating { get; set; }
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

    private const string Columns = "SELECT \\\"Id\\\", \\\"Name\\\", \\\"Age\\\", \\\"ParentId\\\", \\\"Flag\\\", \\\"State\\\", \\\"Ref\\\", \\\"DeletedAt\\\", \\\"Cost\\\", \\\"Score\\\", \\\"Rating\\\", \\\"Weight\\\", \\\"Big\\\", \\\"MaybeBig\\\" FROM \\\"items\\\"";

    private static string Queries(string body) => Model + "\npublic static class Queries\n{\n" + body + "\n}\n";

    private static string Clean(string body)
    {
        var result = GeneratorHarness.Run(Queries(body));
        Assert.That(result.GeneratorDiagnostics, Is.Empty, () => result.Describe(result.GeneratorDiagnostics));
        Assert.That(result.Errors, Is.Empty, () => result.Describe(result.Errors));
        Assert.That(result.GeneratedCodeProblems, Is.Empty, () => result.Describe(result.GeneratedCodeProblems));
        return result.Sources[HintName];
    }

    [TestCase("x => x.ParentId == null", "WHERE (\\\"ParentId\\\" IS NULL)\")")]
    [TestCase("x => null != x.DeletedAt", "WHERE (\\\"DeletedAt\\\" IS NOT NULL)\")")]
    [TestCase("x => x.Name != null && x.Cost == null", "WHERE ((\\\"Name\\\" IS NOT NULL) AND (CAST(\\\"Cost\\\" AS REAL) IS NULL))\")")]
    [TestCase("x => x.ParentId == id", "WHERE (\\\"ParentId\\\" IS ?)\").Value(0, \"R\", \"ParentId\", typeof(int?))")]
    [TestCase("x => x.ParentId != 5", "WHERE (\\\"ParentId\\\" IS NOT ?)\").Value(0, \"R\", \"ParentId\", typeof(int?))")]
    [TestCase("x => x.ParentId > id", "WHERE (\\\"ParentId\\\" IS NOT NULL AND \\\"ParentId\\\" > ?)\").Value(0, \"R\", \"ParentId\", typeof(int?))")]
    [TestCase("x => 3 >= x.ParentId", "WHERE (\\\"ParentId\\\" IS NOT NULL AND ? >= \\\"ParentId\\\")\").Value(0, \"L\", \"ParentId\", typeof(int?))")]
    [TestCase("x => x.Age == maybe", "WHERE (\\\"Age\\\" IS ?)\").Value(0, \"R\", \"Age\", typeof(int))")]
    [TestCase("x => x.Age < maybe", "WHERE (\\\"Age\\\" IS NOT NULL AND \\\"Age\\\" < ?)\").Value(0, \"R\", \"Age\", typeof(int))")]
    [TestCase("x => x.Flag == true || x.State != Status.Closed", "WHERE ((\\\"Flag\\\" IS ?) OR (\\\"State\\\" IS NOT ?))\").Value(0, \"LR\", \"Flag\", typeof(bool?)).Value(0, \"RR\", \"State\", typeof(global::Shop.Status?))")]
    [TestCase("x => x.Ref == guid", "WHERE (\\\"Ref\\\" IS ?)\").Value(0, \"R\", \"Ref\", typeof(global::System.Guid?))")]
    public void Nullable_members_and_null_compare_as_the_run_time_writes_them(string predicate, string sql)
    {
        var source = Clean($"public static List<Item> Q(MicroDbConnection db, int id, int? maybe, System.Guid guid) => db.Table<Item>().Where({predicate}).ToList();");

        Assert.That(source, Does.Contain(Columns + " " + sql));
    }

    [TestCase("x => x.Score > 1.5", "WHERE ((\\\"Score\\\" IS NOT NULL AND \\\"Score\\\" > ?))\").Value(0, \"R\", \"Score\", typeof(double)).Real(0, \">\", false)")]
    [TestCase("x => x.Score >= -1", "WHERE ((\\\"Score\\\" IS NULL OR \\\"Score\\\" >= ?))\").Value(0, \"R\", \"Score\", typeof(double)).Real(0, \">=\", true)")]
    [TestCase("x => low < x.Score", "WHERE ((\\\"Score\\\" IS NOT NULL AND \\\"Score\\\" > ?))\").Value(0, \"L\", \"Score\", typeof(double)).Real(0, \">\", false)")]
    [TestCase("x => x.Score == 0", "WHERE (\\\"Score\\\" IS NULL OR \\\"Score\\\" = ?)\").Value(0, \"R\", \"Score\", typeof(double)).Real(0, \"=\", true)")]
    [TestCase("x => x.Weight != 2f", "WHERE (\\\"Weight\\\" IS NULL OR \\\"Weight\\\" <> ?)\").Value(0, \"R\", \"Weight\", typeof(float)).Real(0, \"<>\", true)")]
    [TestCase("x => x.Rating == low", "WHERE (\\\"Rating\\\" IS ?)\").Value(0, \"R\", \"Rating\", typeof(double?))")]
    [TestCase("x => 2.5 <= x.Rating", "WHERE (\\\"Rating\\\" IS NOT NULL AND \\\"Rating\\\" >= ?)\").Value(0, \"L\", \"Rating\", typeof(double?))")]
    public void Double_members_compare_as_the_run_time_writes_them(string predicate, string sql)
    {
        var source = Clean($"public static List<Item> Q(MicroDbConnection db, double low) => db.Table<Item>().Where({predicate}).ToList();");

        Assert.That(source, Does.Contain(Columns + " " + sql));
    }

    [TestCase("x => x.Big == big", "WHERE (\\\"Big\\\" = ?)\").Value(0, \"R\", \"Big\", typeof(ulong))")]
    [TestCase("x => x.MaybeBig != 7", "WHERE (\\\"MaybeBig\\\" IS NOT ?)\").Value(0, \"R\", \"MaybeBig\", typeof(ulong?))")]
    public void Ulong_members_compare_for_equality_as_the_run_time_writes_them(string predicate, string sql)
    {
        var source = Clean($"public static List<Item> Q(MicroDbConnection db, ulong big) => db.Table<Item>().Where({predicate}).ToList();");

        Assert.That(source, Does.Contain(Columns + " " + sql));
    }

    [TestCase("x => x.ParentId > null", "orders against null")]
    [TestCase("x => x.Score % 2 == maybe", "floating-point remainder")]
    [TestCase("x => x.Cost > x.Cost", "is stored as Decimal")]
    [TestCase("x => x.DeletedAt > since.AddDays(1)", "is computed")]
    public void Conditions_the_generator_does_not_lower_say_why(string predicate, string reason)
    {
        var result = GeneratorHarness.Run(Queries($"public static List<Item> Q(MicroDbConnection db, System.DateTime since, double? maybe) => db.Table<Item>().Where({predicate}).ToList();"));

        Assert.That(result.Errors, Is.Empty, () => result.Describe(result.Errors));
        Assert.That(result.GeneratorDiagnostics.Single(d => d.Id == "MDB0013").GetMessage(), Does.Contain(reason));
    }
}
