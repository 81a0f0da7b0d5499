using MicroDb.Generator.Tests.Infrastructure;
using Microsoft.CodeAnalysis;

namespace MicroDb.Generator.Tests;

/// <summary>
/// The build-time front end on a grouping's values outside WHERE and HAVING (issue 22): a computed key (<c>x.Age / 10</c>)
/// binds its values in the GROUP BY list (<c>KeyValue</c>), a <c>g.Count(predicate)</c> comparing with values binds them in
/// the SELECT list (<c>LiftedValue</c>), in the run time's slot order; what stays declined gets MDB0013 naming why.
/// </summary>
public class GroupValueInterceptionTests
{
    private const string HintName = "MicroDb.Generated.QueryInterceptors.g.cs";

    private const string Model = """
        using System.Linq;
        using MicroDb;
        namespace Shop;
        [Table("people")]
        public class Person
        {
            [PrimaryKey, AutoIncrement] public int Id { get; set; }
            public string? City { get; set; }
            public int Age { get; set; }
            public int? Rank { get; set; }
            public long Big { get; set; }
            public bool Active { get; set; }
            public double Score { get; set; }
        }
        """;

    private static string Queries(string body) => Model + "\npublic static class Queries\n{\n" + body + "\n}\n";

    private static string Clean(string body)
    {
        var result = GeneratorHarness.Run(Queries(body));
        Assert.That(result.GeneratorDiagnostics, Is.Empty, () => result.Describe(result.GeneratorDiagnostics));
        Assert.That(result.Errors, Is.Empty, () => result.Describe(result.Errors));
        Assert.That(result.GeneratedCodeProblems, Is.Empty, () => result.Describe(result.GeneratedCodeProblems));
        return result.Sources[HintName];
    }

    private static string Declined(string body)
    {
        var result = GeneratorHarness.Run(Queries(body));
        Assert.That(result.Errors, Is.Empty, () => result.Describe(result.Errors));
        var info = result.GeneratorDiagnostics.Single(d => d.Id == "MDB0013");
        Assert.That(info.Severity, Is.EqualTo(DiagnosticSeverity.Info));
        return info.GetMessage();
    }

    [Test]
    public void An_arithmetic_key_binds_its_value_in_the_group_by_list_and_the_projector_computes_it()
    {
        var source = Clean("""
            public static object Q(MicroDbConnection db) => db.Table<Person>().GroupBy(p => p.Age / 10).Select(g => new { Decade = g.Key, N = g.Count() }).ToList();
            """);

        Assert.That(source, Does.Contain("""
            new InterceptedSite("SELECT \"Age\", count(*) FROM \"people\" GROUP BY (\"Age\" / ?)").KeyValue("R", null, typeof(object));
            """));
        Assert.That(source, Does.Contain("static (e, a) => unchecked(new { @Decade = (((global::Shop.Person)e).@Age / 10), @N = ((int)a[0]) })"));
    }

    [Test]
    public void Values_bind_in_slot_order_select_list_where_group_by_having()
    {
        var source = Clean("""
            public static object Q(MicroDbConnection db, int min, int adult) =>
                db.Table<Person>().Where(p => p.Age >= min).GroupBy(p => new { Odd = p.Age % 3, p.City, Neg = -p.Big * 2L })
                    .Where(g => g.Count() > 1)
                    .Select(g => new { g.Key, Adults = g.Count(x => x.Age >= adult && x.City != "x"), All = g.LongCount(x => x.Active) }).ToList();
            """);

        Assert.That(source, Does.Contain("""
            new InterceptedSite("SELECT \"City\", \"Age\", \"Big\", count(CASE WHEN ((\"Age\" >= ?) AND (\"City\" IS NOT ?)) THEN 1 ELSE NULL END), count(CASE WHEN (\"Active\" = 1) THEN 1 ELSE NULL END) FROM \"people\" WHERE (\"Age\" >= ?) GROUP BY (\"Age\" % ?), \"City\", ((-\"Big\") * ?) HAVING (count(*) > ?)").LiftedValue(0, "aLR", "Age", typeof(int)).LiftedValue(0, "aRR", "City", typeof(string)).Value(0, "R", "Age", typeof(int)).KeyValue("0R", null, typeof(object)).KeyValue("2R", null, typeof(object)).HavingValue(0, "R", null, typeof(object));
            """));
    }

    [Test]
    public void A_conditional_key_writes_a_case_binding_its_condition_and_its_values()
    {
        var source = Clean("""
            public static object Q(MicroDbConnection db) =>
                db.Table<Person>().GroupBy(p => new { Band = p.Age >= 30 && p.City != "x" ? "old" : "young", p.Active }).OrderBy(g => g.Key.Band).Select(g => new { g.Key, N = g.Count() }).ToList();
            """);

        Assert.That(source, Does.Contain("""
            new InterceptedSite("SELECT \"City\", \"Age\", \"Active\", count(*) FROM \"people\" GROUP BY (CASE WHEN ((\"Age\" >= ?) AND (\"City\" IS NOT ?)) THEN ? ELSE ? END), \"Active\" ORDER BY (CASE WHEN ((\"Age\" >= ?) AND (\"City\" IS NOT ?)) THEN ? ELSE ? END)").KeyValue("0cLR", "Age", typeof(int)).KeyValue("0cRR", "City", typeof(string)).KeyValue("0t", null, typeof(object)).KeyValue("0f", null, typeof(object)).KeyValue("0cLR", "Age", typeof(int)).KeyValue("0cRR", "City", typeof(string)).KeyValue("0t", null, typeof(object)).KeyValue("0f", null, typeof(object));
            """));
        Assert.That(source, Does.Contain("@Band = (((((global::Shop.Person)e).@Age >= 30) && (((global::Shop.Person)e).@City != \"x\")) ? \"old\" : \"young\")"));
    }

    [Test]
    public void A_count_of_the_groups_binds_no_select_list_value()
    {
        var source = Clean("""
            public static int Q(MicroDbConnection db, int size) => db.Table<Person>().GroupBy(p => p.Age / size).Count();
            """);

        Assert.That(source, Does.Contain("""
            new InterceptedSite("SELECT count(*) FROM (SELECT 1 FROM \"people\" GROUP BY (\"Age\" / ?))").KeyValue("R", null, typeof(object));
            """));
    }

    [Test]
    public void A_captured_value_in_a_key_the_result_reads_is_read_once_per_run_for_the_projector()
    {
        var source = Clean("""
            public static object Q(MicroDbConnection db, int size) => db.Table<Person>().GroupBy(p => p.Age / size).Select(g => new { g.Key, N = g.Count() }).ToList();
            public static object R(MicroDbConnection db, int low, string? city) => db.Table<Person>().GroupBy(p => new { Old = p.Age > low ? p.City : city, p.Active }).Select(g => g.Key).ToList();
            """);

        Assert.That(source, Does.Contain("""
            new InterceptedSite("SELECT \"Age\", count(*) FROM \"people\" GROUP BY (\"Age\" / ?)").KeyValue("R", null, typeof(object));
            """));
        Assert.That(source, Does.Contain("""var keyOperand0 = QueryInterception.KeyOperand<TResult, int>(query, "R");"""));
        Assert.That(source, Does.Contain("""return QueryInterception.ToList(query, Site0, (e, a) => unchecked(new { @Key = (((global::Shop.Person)e).@Age / keyOperand0), @N = ((int)a[0]) }));"""));
        Assert.That(source, Does.Contain("""var keyOperand1 = QueryInterception.KeyOperand<TResult, string>(query, "0f");"""));
        Assert.That(source, Does.Contain("""(e, a) => unchecked(new { @Old = ((((global::Shop.Person)e).@Age > keyOperand0) ? ((global::Shop.Person)e).@City : keyOperand1), @Active = ((global::Shop.Person)e).@Active })"""));
    }

    [TestCase("p.Age > 30 ? p.Active : false", "of type bool")]
    [TestCase("p.Age > 30 ? (p.Age > 40 ? 1 : 2) : 3", "a value it chooses is a nested ?:")]
    [TestCase("p.City!.PadLeft(3)", "'p.City!.PadLeft(3)' is not lowered at build time")]
    [TestCase("p.City!.Trim(p.City![0])", "the characters to trim in 'p.City!.Trim(p.City![0])' read the row")]
    [TestCase("(p.Age > 40 ? 1 : 2) / 2", "'(p.Age > 40 ? 1 : 2) / 2' is computed (a nested ?: in it is not")]
    public void Other_computed_keys_stay_declined_naming_the_part(string key, string reason)
    {
        Assert.That(Declined("public static object Q(MicroDbConnection db) => db.Table<Person>().GroupBy(p => " + key + ").Select(g => new { g.Key, N = g.Count() }).ToList();"),
            Does.Contain(reason));
    }

    [Test]
    public void Ordering_by_a_computed_key_binds_its_values_again_in_order_by()
    {
        var source = Clean("""
            public static object Q(MicroDbConnection db, int size) =>
                db.Table<Person>().GroupBy(p => new { Part = p.Age / size, p.City }).Where(g => g.Count() > 1).OrderByDescending(g => g.Key.Part).ThenBy(g => g.Key.City)
                    .Select(g => new { g.Key.City, N = g.Count() }).ToList();
            """);

        Assert.That(source, Does.Contain("""
            new InterceptedSite("SELECT \"City\", count(*) FROM \"people\" GROUP BY (\"Age\" / ?), \"City\" HAVING (count(*) > ?) ORDER BY (\"Age\" / ?) DESC, \"City\"").KeyValue("0R", null, typeof(object)).HavingValue(0, "R", null, typeof(object)).KeyValue("0R", null, typeof(object));
            """));
    }

    [Test]
    public void A_sub_query_in_a_count_predicate_or_a_conditional_key_stays_declined()
    {
        Assert.That(Declined("public static object Q(MicroDbConnection db) => db.Table<Person>().GroupBy(p => p.City).Select(g => new { g.Key, N = g.Count(x => db.Table<Person>().Any(o => o.Id == x.Age)) }).ToList();"),
            Does.Contain("a sub-query in the predicate of Count over a group is not lowered at build time"));
        Assert.That(Declined("public static object Q(MicroDbConnection db) => db.Table<Person>().GroupBy(p => db.Table<Person>().Any(o => o.Id == p.Age) ? 1 : 0).Select(g => g.Count()).ToList();"),
            Does.Contain("a sub-query in a conditional group key is not lowered at build time"));
    }

    [Test]
    public void An_ordering_whose_values_come_out_of_order_stays_declined()
    {
        Assert.That(Declined("public static object Q(MicroDbConnection db) => db.Table<Person>().GroupBy(p => new { A = p.Age / 10, B = p.Age % 7 }).OrderBy(g => g.Key.A).OrderBy(g => g.Key.B).Select(g => g.Count()).ToList();"),
            Does.Contain("the values are not written in the order they are read"));
    }
}
