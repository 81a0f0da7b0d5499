using MicroDb.Generator.Tests.Infrastructure;

namespace MicroDb.Generator.Tests;

/// <summary>
/// The build-time front end's string conditions (MicroDbGenerator.ConditionStrings.cs): the exact SQL the run-time
/// translator writes for StartsWith/EndsWith/Contains, Equals, IsNullOrEmpty, ToLower/ToUpper/Trim/Length compared with a
/// value and ordinal string ordering, the values' text forms, and MDB0013 for what stays declined.
/// </summary>
public class StringConditionInterceptionTests
{
    private const string HintName = "MicroDb.Generated.QueryInterceptors.g.cs";

    private const string Model = """
        using System;
        using System.Collections.Generic;
        using System.Linq;
        using MicroDb;
        namespace Shop;
        [Table("items")]
        public class Item
        {
            [PrimaryKey, AutoIncrement] public int Id { get; set; }
            public string? Name { get; set; }
            public string? Code { get; set; }
            public int Age { get; set; }
        }
        [Table("tags")]
        public class Tag
        {
            [PrimaryKey, AutoIncrement] public int Id { get; set; }
            public int ItemId { get; set; }
            public string? Label { get; set; }
        }
        """;

    private const string Columns = "SELECT \\\"Id\\\", \\\"Name\\\", \\\"Code\\\", \\\"Age\\\" FROM \\\"items\\\"";

    private static string Queries(string body) => Model + "\npublic static class Queries\n{\n" + body + "\n}\n";

    private static string Clean(string body)
    {
        var result = GeneratorHarness.Run(Queries(body));
        Assert.That(result.GeneratorDiagnostics, Is.Empty, () => result.Describe(result.GeneratorDiagnostics));
        Assert.That(result.Errors, Is.Empty, () => result.Describe(result.Errors));
        Assert.That(result.GeneratedCodeProblems, Is.Empty, () => result.Describe(result.GeneratedCodeProblems));
        return result.Sources[HintName];
    }

    private static string Where(string predicate) =>
        Clean($"public static List<Item> Q(MicroDbConnection db, string p, char c, int n, long big) => db.Table<Item>().Where({predicate}).ToList();");

    [TestCase("x => x.Name.StartsWith(p)", "WHERE (substr(\\\"Name\\\", 1, length(?)) = ?)\").Value(0, \"0\", \"\", typeof(string)).Value(0, \"0\", \"\", typeof(string)).Text(0, \"text\").Text(1, \"text\")")]
    [TestCase("x => x.Name.EndsWith(p)", "WHERE (length(?) = 0 OR substr(\\\"Name\\\", -length(?)) = ?)\").Value(0, \"0\", \"\", typeof(string)).Value(0, \"0\", \"\", typeof(string)).Value(0, \"0\", \"\", typeof(string)).Text(0, \"text\").Text(1, \"text\").Text(2, \"text\")")]
    [TestCase("x => x.Name.Contains(p)", "WHERE (instr(\\\"Name\\\", ?) > 0)\").Value(0, \"0\", \"\", typeof(string)).Text(0, \"text\")")]
    [TestCase("x => x.Name.Contains(c)", "WHERE (instr(\\\"Name\\\", ?) > 0)\").Value(0, \"0\", \"\", typeof(string)).Text(0, \"text\")")]
    [TestCase("x => x.Name.StartsWith(\"a\", StringComparison.Ordinal)", "WHERE (substr(\\\"Name\\\", 1, length(?)) = ?)\")")]
    [TestCase("x => x.Name.Contains(p, StringComparison.OrdinalIgnoreCase)", "WHERE (\\\"Name\\\" LIKE ? ESCAPE '\\\\')\").Value(0, \"0\", \"\", typeof(string)).Text(0, \"contains\")")]
    [TestCase("x => x.Name.StartsWith(p, StringComparison.CurrentCultureIgnoreCase)", "WHERE (\\\"Name\\\" LIKE ? ESCAPE '\\\\')\").Value(0, \"0\", \"\", typeof(string)).Text(0, \"starts\")")]
    [TestCase("x => x.Name.EndsWith(p, StringComparison.InvariantCultureIgnoreCase)", "WHERE (\\\"Name\\\" LIKE ? ESCAPE '\\\\')\").Value(0, \"0\", \"\", typeof(string)).Text(0, \"ends\")")]
    [TestCase("x => !x.Name.Contains(p) && x.Age > n", "WHERE ((NOT (instr(\\\"Name\\\", ?) > 0)) AND (\\\"Age\\\" > ?))\").Value(0, \"LO0\", \"\", typeof(string)).Value(0, \"RR\", \"Age\", typeof(int)).Text(0, \"text\")")]
    [TestCase("x => string.IsNullOrEmpty(x.Name)", "WHERE (\\\"Name\\\" IS NULL OR \\\"Name\\\" = '')\")")]
    [TestCase("x => x.Name.Equals(p)", "WHERE (\\\"Name\\\" IS ?)\").Value(0, \"0\", \"Name\", typeof(string))")]
    [TestCase("x => string.Equals(p, x.Name)", "WHERE (\\\"Name\\\" IS ?)\").Value(0, \"0\", \"Name\", typeof(string))")]
    [TestCase("x => x.Name.Equals(p, StringComparison.OrdinalIgnoreCase)", "WHERE (\\\"Name\\\" IS ? COLLATE NOCASE)\").Value(0, \"0\", \"\", typeof(string))")]
    [TestCase("x => x.Name.ToLower() == p", "WHERE (lower(\\\"Name\\\") IS ?)\").Value(0, \"R\", \"\", typeof(string))")]
    [TestCase("x => p != x.Name.ToUpperInvariant()", "WHERE (upper(\\\"Name\\\") IS NOT ?)\").Value(0, \"L\", \"\", typeof(string))")]
    [TestCase("x => x.Name.Trim() == p", "WHERE (trim(\\\"Name\\\", ?) IS ?)\").Value(0, \"R\", \"\", typeof(string)).Value(0, \"R\", \"\", typeof(string)).Text(0, \"ws\")")]
    [TestCase("x => x.Name.Length > n", "WHERE (length(\\\"Name\\\") > ?)\").Value(0, \"R\", \"\", typeof(int))")]
    [TestCase("x => 3 <= x.Name.Length", "WHERE (? <= length(\\\"Name\\\"))\").Value(0, \"L\", \"\", typeof(int))")]
    [TestCase("x => x.Name.Length == 2", "WHERE (length(\\\"Name\\\") = ?)\").Value(0, \"R\", \"\", typeof(int))")]
    [TestCase("x => x.Name.Length < big", "WHERE (length(\\\"Name\\\") < ?)\").Value(0, \"R\", \"\", typeof(long))")]
    public void String_methods_are_written_as_the_run_time_writes_them(string predicate, string sql)
    {
        Assert.That(Where(predicate), Does.Contain(Columns + " " + sql));
    }

    [TestCase("x => string.CompareOrdinal(x.Name, p) > 0", "WHERE (\\\"Name\\\" IS NOT NULL AND \\\"Name\\\" > ?)\").Value(0, \"L1\", \"\", typeof(string)).Text(0, \"order\")")]
    [TestCase("x => string.CompareOrdinal(x.Name, p) <= 0", "WHERE (\\\"Name\\\" IS NULL OR \\\"Name\\\" <= ?)\").Value(0, \"L1\", \"\", typeof(string)).Text(0, \"order\")")]
    [TestCase("x => 0 < string.CompareOrdinal(p, x.Name)", "WHERE (\\\"Name\\\" IS NULL OR \\\"Name\\\" < ?)\").Value(0, \"R0\", \"\", typeof(string)).Text(0, \"order\")")]
    [TestCase("x => string.Compare(x.Name, p, StringComparison.Ordinal) == 0", "WHERE (\\\"Name\\\" IS NOT NULL AND \\\"Name\\\" = ?)\").Value(0, \"L1\", \"\", typeof(string)).Text(0, \"text\")")]
    [TestCase("x => string.Compare(x.Name, p, StringComparison.Ordinal) != 0", "WHERE (\\\"Name\\\" IS NULL OR \\\"Name\\\" <> ?)\").Value(0, \"L1\", \"\", typeof(string)).Text(0, \"text\")")]
    public void Ordinal_string_ordering_is_written_as_the_run_time_writes_it(string predicate, string sql)
    {
        Assert.That(Where(predicate), Does.Contain(Columns + " " + sql));
    }

    [TestCase("x => ids.Contains(x.Id)", "WHERE (\\\"Id\\\" IN (?))\").Value(0, \"o\", \"Id\", typeof(int)).Text(0, \"in\")")]
    [TestCase("x => array.Contains(x.Id)", "WHERE (\\\"Id\\\" IN (?))\").Value(0, \"0\", \"Id\", typeof(int)).Text(0, \"in\")")]
    [TestCase("x => Enumerable.Contains(array, x.Id)", "WHERE (\\\"Id\\\" IN (?))\").Value(0, \"0\", \"Id\", typeof(int)).Text(0, \"in\")")]
    [TestCase("x => names.Contains(x.Name) && x.Age > n", "WHERE ((\\\"Name\\\" IS NOT NULL AND \\\"Name\\\" IN (?)) AND (\\\"Age\\\" > ?))\").Value(0, \"Lo\", \"Name\", typeof(string)).Value(0, \"RR\", \"Age\", typeof(int)).Text(0, \"in\")")]
    public void A_captured_collection_s_contains_is_written_as_in_with_one_marker_per_element(string predicate, string sql)
    {
        var source = Clean($"public static List<Item> Q(MicroDbConnection db, List<int> ids, int[] array, HashSet<string?> names, int n) => db.Table<Item>().Where({predicate}).ToList();");

        Assert.That(source, Does.Contain(Columns + " " + sql));
    }

    [Test]
    public void A_join_s_where_qualifies_the_string_member_and_binds_its_pattern()
    {
        var source = Clean("""
            public static int Q(MicroDbConnection db, string p) =>
                db.Table<Item>().Join(db.Table<Tag>(), i => i.Id, t => t.ItemId, (i, t) => new { i, t })
                    .Where(r => r.t.Label.StartsWith(p, StringComparison.OrdinalIgnoreCase) && string.CompareOrdinal(r.i.Name, p) >= 0).Count();
            """);

        Assert.That(source, Does.Contain("(\\\"t1\\\".\\\"Label\\\" LIKE ? ESCAPE '\\\\')"));
        Assert.That(source, Does.Contain("(\\\"t0\\\".\\\"Name\\\" IS NOT NULL AND \\\"t0\\\".\\\"Name\\\" >= ?)"));
        Assert.That(source, Does.Contain(".JoinedValue(1, 0, \"L0\", \"\", typeof(string)).JoinedValue(0, 0, \"RL1\", \"\", typeof(string)).Text(0, \"starts\").Text(1, \"order\")"));
    }

    [Test]
    public void A_where_before_group_by_lowers_string_methods()
    {
        var source = Clean("""
            public static int Q(MicroDbConnection db, string p) =>
                db.Table<Item>().Where(x => x.Name.EndsWith(p)).GroupBy(x => x.Age).Select(g => new { g.Key, Count = g.Count() }).ToList().Count;
            """);

        Assert.That(source, Does.Contain("WHERE (length(?) = 0 OR substr(\\\"Name\\\", -length(?)) = ?) GROUP BY"));
        Assert.That(source, Does.Contain(".Text(0, \"text\").Text(1, \"text\").Text(2, \"text\")"));
    }

    [TestCase("x => string.Compare(x.Name, p) > 0", "culture-sensitive")]
    [TestCase("x => x.Name.CompareTo(p) <= 0", "culture-sensitive")]
    [TestCase("x => string.Compare(x.Name, p, StringComparison.CurrentCulture) > 0", "culture-sensitive")]
    [TestCase("x => string.CompareOrdinal(x.Name, p) > n", "other than the constant 0")]
    [TestCase("x => x.Name.StartsWith(p, mode)", "not a constant StringComparison")]
    [TestCase("x => x.Name.StartsWith(x.Code)", "matches against a value of the row")]
    [TestCase("x => x.Name.Contains(null)", "null pattern")]
    [TestCase("x => string.IsNullOrWhiteSpace(x.Name)", "binds the characters it trims")]
    [TestCase("x => x.Name.Substring(1) == p", "String.Substring")]
    [TestCase("x => x.Name.ToLower() == x.Code", "compares two values of the row")]
    [TestCase("x => x.Name.Length > 1.5", "non-integral")]
    [TestCase("x => x.Age.ToString().StartsWith(p)", "is not a string member of the row")]
    [TestCase("x => p.Equals(x.Name, StringComparison.OrdinalIgnoreCase)", "with the value first")]
    [TestCase("x => new[] { 1, n }.Contains(x.Id)", "is computed")]
    [TestCase("x => x.Name == p.ToUpper()", "is computed")]
    [TestCase("x => ages.Contains(x.Age + 1)", "compared as it is")]
    public void String_conditions_the_generator_does_not_lower_say_why(string predicate, string reason)
    {
        var result = GeneratorHarness.Run(Queries($"public static List<Item> Q(MicroDbConnection db, string p, int n, StringComparison mode, List<int> ages) => db.Table<Item>().Where({predicate}).ToList();"));

        Assert.That(result.Errors, Is.Empty, () => result.Describe(result.Errors));
        Assert.That(result.GeneratorDiagnostics.Single(d => d.Id == "MDB0013").GetMessage(), Does.Contain(reason));
    }
}
