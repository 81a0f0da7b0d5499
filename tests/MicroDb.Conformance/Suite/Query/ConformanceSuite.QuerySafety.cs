using MicroDb.Conformance.Query;

namespace MicroDb.Conformance;

/// <summary>Values never become SQL text, and what cannot be translated fails loudly where it is written.</summary>
public abstract partial class ConformanceSuite
{
    private static readonly string[] Attacks =
    [
        "x'); DROP TABLE query_items; --",
        "' OR '1'='1",
        "\" OR \"\"=\"",
        "%",
        "_",
        "\\",
        "Robert'); DROP TABLE query_items; --",
    ];

    [TestCaseSource(nameof(Attacks))]
    public void Injection_attempt_is_stored_and_matched_literally(string attack)
    {
        var row = new QueryItem { Name = attack, Age = 500 };
        QueryDb.Insert(row);
        var query = QueryDb.Table<QueryItem>().Where(x => x.Name == attack);
        Assert.That(query.ToSqlString(), Does.EndWith("FROM \"query_items\" WHERE (\"Name\" IS ?)"));
        var expected = QueryRows.Count(x => x.Name == attack) + 1;
        Assert.That(query.Count(), Is.EqualTo(expected));
        Assert.That(QueryDb.Table<QueryItem>().First(x => x.Id == row.Id).Name, Is.EqualTo(attack));

        // The same string as a substring pattern, ordinal and case-insensitive, matches only rows that contain it.
        Assert.That(QueryDb.Table<QueryItem>().Count(x => x.Name!.Contains(attack)), Is.EqualTo(QueryRows.Count(x => x.Name != null && x.Name.Contains(attack, StringComparison.Ordinal)) + 1));
        Assert.That(QueryDb.Table<QueryItem>().Count(x => x.Name!.EndsWith(attack, StringComparison.OrdinalIgnoreCase)), Is.EqualTo(QueryRows.Count(x => x.Name != null && x.Name.EndsWith(attack, StringComparison.OrdinalIgnoreCase)) + 1));
        Assert.That(QueryDb.Table<QueryItem>().Count(), Is.EqualTo(QueryRowCount + 1), "the table must still be there, whole");
    }

    private static bool IsInteresting(QueryItem item) => item.Age > 3;

    public static IEnumerable<TestCaseData> Untranslatable()
    {
        yield return new TestCaseData((Func<MicroDbConnection, object>)(db => db.Table<QueryItem>().Where(x => x.Label == "a")), "Label").SetName("Unsupported_unmapped_member");
        yield return new TestCaseData((Func<MicroDbConnection, object>)(db => db.Table<QueryItem>().Where(x => x.Born.TimeOfDay == TimeSpan.Zero)), "TimeOfDay").SetName("Unsupported_datetime_member");
        yield return new TestCaseData((Func<MicroDbConnection, object>)(db => db.Table<QueryItem>().Where(x => IsInteresting(x))), "IsInteresting").SetName("Unsupported_local_method_on_row");
        yield return new TestCaseData((Func<MicroDbConnection, object>)(db => db.Table<QueryItem>().Where(x => x.Name!.CompareTo("b") > 0)), "CompareTo").SetName("Unsupported_culture_compare");
        yield return new TestCaseData((Func<MicroDbConnection, object>)(db => db.Table<QueryItem>().Where(x => x.Name!.Split(',', StringSplitOptions.None).Length > 1)), "Split").SetName("Unsupported_split");
        yield return new TestCaseData((Func<MicroDbConnection, object>)(db => db.Table<QueryItem>().Where(x => x.Shade > Shade.Light)), "StoreAsText").SetName("Unsupported_text_enum_ordering");
        yield return new TestCaseData((Func<MicroDbConnection, object>)(db => db.Table<QueryItem>().Where(x => x.Name + x.Score == "a1")), "Double").SetName("Unsupported_concat_of_real");
        yield return new TestCaseData((Func<MicroDbConnection, object>)(db => db.Table<QueryItem>().Where(x => x.Name!.Contains("a", StringComparison.Ordinal) == x.Name.Equals(x))), "Equals").SetName("Unsupported_whole_entity");
        yield return new TestCaseData((Func<MicroDbConnection, object>)(db => db.Table<QueryItem>().OrderBy(x => x.Born.Ticks)), "Ticks").SetName("Unsupported_order_key");
        yield return new TestCaseData((Func<MicroDbConnection, object>)(db => db.Table<QueryItem>().Where(x => x.Price * 2 < 100m)), "REAL").SetName("Unsupported_decimal_arithmetic");
    }

    [TestCaseSource(nameof(Untranslatable))]
    public void Untranslatable_expression_throws_NotSupportedException_naming_it_before_any_query_runs(Func<MicroDbConnection, object> build, string named)
    {
        var ex = Assert.Throws<NotSupportedException>(() => build(QueryDb));
        Assert.That(ex!.Message, Does.Contain(named).And.Contain("MicroDb"));
    }

    [Test]
    public void Contains_with_a_null_pattern_throws_ArgumentNullException()
    {
        string? pattern = null;
        Assert.Throws<ArgumentNullException>(() => QueryDb.Table<QueryItem>().Where(x => x.Name!.Contains(pattern!)).ToList());
    }

    [Test]
    public void A_list_that_depends_on_the_row_is_rejected()
    {
        var ex = Assert.Throws<NotSupportedException>(() => QueryDb.Table<QueryItem>().Where(x => new[] { x.Age, 3 }.Contains(x.Id)));
        Assert.That(ex!.Message, Does.Contain("Contains"));
    }
}
