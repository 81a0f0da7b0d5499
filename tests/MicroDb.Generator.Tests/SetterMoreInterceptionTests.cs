using MicroDb.Generator.Tests.Infrastructure;

namespace MicroDb.Generator.Tests;

/// <summary>The build-time setter lowering of a <c>?:</c> whose test compares enum, Guid, bool or nullable integer members with values or null.</summary>
public class SetterMoreInterceptionTests
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
            public bool Active { get; set; }
            public int? Bonus { get; set; }
            public Kind Kind { get; set; }
            public Guid Tag { get; set; }
        }
        public enum Kind { Plain, Fancy }
        public static class Queries
        {

        """;

    private static string Generated(string body)
    {
        var result = GeneratorHarness.Run(Model + body + "\n}\n");
        Assert.That(result.GeneratorDiagnostics, Is.Empty, () => result.Describe(result.GeneratorDiagnostics));
        Assert.That(result.Errors, Is.Empty, () => result.Describe(result.Errors));
        Assert.That(result.GeneratedCodeProblems, Is.Empty, () => result.Describe(result.GeneratedCodeProblems));
        return result.Sources[HintName];
    }

    [Test]
    public void Setter_conditional_comparing_an_enum_is_written_as_the_run_time_case()
    {
        var source = Generated("""
            public static int Q(MicroDbConnection db, Kind kind) => db.Table<Item>().ExecuteUpdate(s => s.Set(x => x.Stock, x => x.Kind == kind ? 1 : x.Stock));
            """);

        Assert.That(source, Does.Contain("""
            new InterceptedSite("UPDATE \"items\" SET \"Stock\" = (CASE WHEN (\"Kind\" = ?) THEN ? ELSE \"Stock\" END)").Assigns("Stock").SetterTest(0, "cR", "Kind", typeof(global::Shop.Kind)).Assigned(0, "t", "Stock", typeof(int));
            """));
    }

    [Test]
    public void Setter_conditional_comparing_a_Guid_is_written_as_the_run_time_case()
    {
        var source = Generated("""
            public static int Q(MicroDbConnection db, Guid tag) => db.Table<Item>().ExecuteUpdate(s => s.Set(x => x.Stock, x => x.Tag != tag ? 0 : 1));
            """);

        Assert.That(source, Does.Contain("""
            new InterceptedSite("UPDATE \"items\" SET \"Stock\" = (CASE WHEN (\"Tag\" <> ?) THEN ? ELSE ? END)").Assigns("Stock").SetterTest(0, "cR", "Tag", typeof(global::System.Guid)).Assigned(0, "t", "Stock", typeof(int)).Assigned(0, "f", "Stock", typeof(int));
            """));
    }

    [Test]
    public void Setter_conditional_testing_a_nullable_integer_for_null_is_written_as_the_run_time_case()
    {
        var source = Generated("""
            public static int Q(MicroDbConnection db, int min) => db.Table<Item>().ExecuteUpdate(s => s
                .Set(x => x.Stock, x => x.Bonus == null ? 0 : x.Stock)
                .Set(x => x.Bonus, x => x.Bonus != null && x.Bonus > min && x.Active ? x.Bonus + 1 : x.Bonus));
            """);

        Assert.That(source, Does.Contain("""
            new InterceptedSite("UPDATE \"items\" SET \"Stock\" = (CASE WHEN (\"Bonus\" IS NULL) THEN ? ELSE \"Stock\" END), \"Bonus\" = (CASE WHEN (((\"Bonus\" IS NOT NULL) AND (\"Bonus\" IS NOT NULL AND \"Bonus\" > ?)) AND (\"Active\" = 1)) THEN (\"Bonus\" + ?) ELSE \"Bonus\" END)").Assigns("Stock", "Bonus").Assigned(0, "t", "Stock", typeof(int)).Assigned(1, "cLRR", "Bonus", typeof(int?)).Assigned(1, "tR", "Bonus", typeof(int?));
            """));
    }

    [TestCase("x => x.Seen.Year", "the date part 'x.Seen.Year' (Year) in a setter is not lowered at build time: its SQL depends on how the storage format stores 'DateTimeOffset' values")]
    [TestCase("x => x.Stock + x.Seen.Day", "the date part 'x.Seen.Day' (Day) in a setter is not lowered at build time")]
    public void Setter_date_parts_stay_declined_with_the_reason(string value, string reason)
    {
        var result = GeneratorHarness.Run(Model.Replace("public Guid Tag { get; set; }", "public Guid Tag { get; set; }\n    public DateTimeOffset Seen { get; set; }")
            + "public static int Q(MicroDbConnection db) => db.Table<Item>().ExecuteUpdate(s => s.Set(x => x.Stock, " + value + "));\n}\n");

        Assert.That(result.Errors, Is.Empty, () => result.Describe(result.Errors));
        Assert.That(result.Sources.ContainsKey(HintName), Is.False);
        Assert.That(result.GeneratorDiagnostics.Single(d => d.Id == "MDB0013").GetMessage(), Does.Contain(reason));
    }
}
