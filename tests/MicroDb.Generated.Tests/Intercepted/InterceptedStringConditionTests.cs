using MicroDb.Conformance;
using MicroDb.Conformance.Models;
using MicroDb.Query;

namespace MicroDb.Generated.Tests.Intercepted;

/// <summary>
/// Build-time string conditions (issue 22, MicroDbGenerator.ConditionStrings.cs): StartsWith/EndsWith/Contains with and
/// without ignoring case, Equals, IsNullOrEmpty, ToLower/ToUpper/Trim/Length compared with a value and ordinal ordering, in
/// one table's Where, a join's Where and a Where before GroupBy. Each run is intercepted (the check compares it with the
/// run-time path's SQL, values and rows) and gives LINQ-to-Objects' rows (SQLite's case rules are ASCII-only, as the run
/// time's are), on both mapping paths and storage formats; a null or refused value takes the run-time path and its error.
/// </summary>
[TestFixture("generated", "microdb")]
[TestFixture("generated", "sqlite-net")]
[TestFixture("reflection", "microdb")]
[TestFixture("reflection", "sqlite-net")]
public class InterceptedStringConditionTests : InterceptedTestBase
{
    private static readonly string?[] Texts = [null, "", "abc", "ABC", "a%c", "a_c", "a\\c", "abc%", "Ärger", "ärger", "straße", " padded\t", "Zebra", "x"];

    private static readonly string[] Patterns = ["a", "A", "%", "_", "\\", "c%", "", "Ä", "ä", "ß", "bc", "zzz"];

    private List<AllTypes> _rows = null!;

    private List<JoinLine> _lines = null!;

    private int _intercepted;

    public InterceptedStringConditionTests(string mapping, string format)
        : base(mapping, format)
    {
    }

    protected override void Seed()
    {
        _intercepted = 0;
        _db.CreateTable<AllTypes>();
        _db.CreateTable<JoinLine>();
        var number = 0;
        foreach (var text in Texts)
        {
            var row = AllTypesSamples.Nulls();
            row.Int32 = number++ % 4;
            row.String = text;
            _db.Insert(row);
        }

        _db.InsertAll(new[]
        {
            new JoinLine { OrderId = 0, Sku = "a-1", Quantity = 1 },
            new JoinLine { OrderId = 1, Sku = "B_2", Quantity = 2 },
            new JoinLine { OrderId = 2, Sku = "c%3", Quantity = 3 },
            new JoinLine { OrderId = 3, Sku = "A-4", Quantity = 4 },
        });
        _rows = _db.Table<AllTypes>().ToList();
        _lines = _db.Table<JoinLine>().ToList();
    }

    [Test]
    public void Ordinal_matches_are_intercepted_for_wildcards_escapes_and_empty_patterns()
    {
        var before = InterceptionCheck.Runs;
        foreach (var p in Patterns)
        {
            // As on the run-time path, a null member matches no pattern, except EndsWith("") (length(?) = 0 holds).
            Same(_db.Table<AllTypes>().Where(x => x.String!.StartsWith(p)).ToList(), _rows.Where(x => x.String != null && x.String.StartsWith(p, StringComparison.Ordinal)));
            Same(_db.Table<AllTypes>().Where(x => x.String!.EndsWith(p)).ToList(), _rows.Where(x => x.String == null ? p.Length == 0 : x.String.EndsWith(p, StringComparison.Ordinal)));
            Same(_db.Table<AllTypes>().Where(x => x.String!.Contains(p)).ToList(), _rows.Where(x => x.String != null && x.String.Contains(p, StringComparison.Ordinal)));
            Same(_db.Table<AllTypes>().Where(x => !x.String!.Contains(p, StringComparison.Ordinal)).ToList(), _rows.Where(x => x.String != null && !x.String.Contains(p, StringComparison.Ordinal)));
        }

        var c = '%';
        Same(_db.Table<AllTypes>().Where(x => x.String!.Contains(c)).ToList(), _rows.Where(x => x.String != null && x.String.Contains(c)));
        Assert.That(InterceptionCheck.Runs - before, Is.EqualTo(Patterns.Length * 4 + 1), "The check compared each intercepted run with the run-time path.");
        Assert.That(Sql(0), Does.EndWith("WHERE (substr(\"String\", 1, length(?)) = ?)"));
    }

    [Test]
    public void Case_insensitive_matches_are_intercepted_as_like_with_ascii_case()
    {
        foreach (var p in Patterns)
        {
            Same(_db.Table<AllTypes>().Where(x => x.String!.StartsWith(p, StringComparison.OrdinalIgnoreCase)).ToList(), _rows.Where(x => Ascii(x.String)?.StartsWith(Ascii(p)!, StringComparison.Ordinal) == true));
            Same(_db.Table<AllTypes>().Where(x => x.String!.EndsWith(p, StringComparison.CurrentCultureIgnoreCase)).ToList(), _rows.Where(x => Ascii(x.String)?.EndsWith(Ascii(p)!, StringComparison.Ordinal) == true));
            Same(_db.Table<AllTypes>().Where(x => x.String!.Contains(p, StringComparison.InvariantCultureIgnoreCase)).ToList(), _rows.Where(x => Ascii(x.String)?.Contains(Ascii(p)!, StringComparison.Ordinal) == true));
        }

        Assert.That(Sql(0), Does.EndWith("WHERE (\"String\" LIKE ? ESCAPE '\\')"));
    }

    [Test]
    public void Equals_is_null_or_empty_case_mapping_trim_and_length_are_intercepted()
    {
        foreach (var p in new[] { "abc", "ABC", "ärger", "Ärger", "padded", "", "ZEBRA" })
        {
            Same(_db.Table<AllTypes>().Where(x => x.String!.Equals(p)).ToList(), _rows.Where(x => x.String == p));
            Same(_db.Table<AllTypes>().Where(x => string.Equals(p, x.String)).ToList(), _rows.Where(x => x.String == p));
            Same(_db.Table<AllTypes>().Where(x => x.String!.Equals(p, StringComparison.OrdinalIgnoreCase)).ToList(), _rows.Where(x => x.String != null && Ascii(x.String) == Ascii(p)));
            Same(_db.Table<AllTypes>().Where(x => x.String!.ToLower() == p).ToList(), _rows.Where(x => x.String != null && Ascii(x.String) == p));
            Same(_db.Table<AllTypes>().Where(x => p != x.String!.ToUpperInvariant()).ToList(), _rows.Where(x => x.String == null || AsciiUpper(x.String) != p));
            Same(_db.Table<AllTypes>().Where(x => x.String!.Trim() == p).ToList(), _rows.Where(x => x.String?.Trim() == p));
        }

        Same(_db.Table<AllTypes>().Where(x => string.IsNullOrEmpty(x.String)).ToList(), _rows.Where(x => string.IsNullOrEmpty(x.String)));
        Same(_db.Table<AllTypes>().Where(x => !string.IsNullOrEmpty(x.String) && x.Int32 > 0).ToList(), _rows.Where(x => !string.IsNullOrEmpty(x.String) && x.Int32 > 0));
        for (var n = 0; n < 5; n++)
        {
            Same(_db.Table<AllTypes>().Where(x => x.String!.Length > n).ToList(), _rows.Where(x => x.String != null && x.String.Length > n));
            Same(_db.Table<AllTypes>().Where(x => n == x.String!.Length).ToList(), _rows.Where(x => x.String != null && x.String.Length == n));
        }

        Assert.That(Sql(3), Does.EndWith("WHERE (lower(\"String\") IS ?)"));
    }

    [Test]
    public void Ordinal_ordering_is_intercepted_with_null_below_every_string()
    {
        foreach (var p in new[] { "", "a", "abc", "B", "Z", "ärger", "zz" })
        {
            Same(_db.Table<AllTypes>().Where(x => string.CompareOrdinal(x.String, p) > 0).ToList(), _rows.Where(x => string.CompareOrdinal(x.String, p) > 0));
            Same(_db.Table<AllTypes>().Where(x => string.CompareOrdinal(x.String, p) <= 0).ToList(), _rows.Where(x => string.CompareOrdinal(x.String, p) <= 0));
            Same(_db.Table<AllTypes>().Where(x => 0 > string.Compare(p, x.String, StringComparison.Ordinal)).ToList(), _rows.Where(x => 0 > string.Compare(p, x.String, StringComparison.Ordinal)));
            Same(_db.Table<AllTypes>().Where(x => string.Compare(x.String, p, StringComparison.Ordinal) != 0).ToList(), _rows.Where(x => string.Compare(x.String, p, StringComparison.Ordinal) != 0));
        }

        Assert.That(Sql(0), Does.EndWith("WHERE (\"String\" IS NOT NULL AND \"String\" > ?)"));
        Assert.That(Sql(1), Does.EndWith("WHERE (\"String\" IS NULL OR \"String\" <= ?)"));
    }

    [Test]
    public void A_null_pattern_or_a_value_the_run_time_refuses_takes_the_run_time_path_and_its_error()
    {
        string? none = null;
        var surrogate = "\uD83D\uDE42";

        Assert.Throws<ArgumentNullException>(() => _db.Table<AllTypes>().Where(x => x.String!.StartsWith(none!)).ToList());
        Assert.Throws<ArgumentNullException>(() => _db.Table<AllTypes>().Where(x => x.String!.Contains(none!, StringComparison.OrdinalIgnoreCase)).ToList());
        Assert.Throws<NotSupportedException>(() => _db.Table<AllTypes>().Where(x => string.CompareOrdinal(x.String, surrogate) < 0).ToList());
        var equal = _db.Table<AllTypes>().Where(x => x.String!.Equals(none)).ToList();

        Assert.That(Intercepted, Is.EqualTo(0), Seen);
        Assert.That(equal.Select(x => x.Id), Is.EqualTo(_rows.Where(x => x.String == null).Select(x => x.Id)));
        Assert.That(_db.Table<AllTypes>().Count(), Is.EqualTo(Texts.Length), "Nothing stored is lost.");
    }

    [Test]
    public void String_conditions_hold_in_a_joins_where_and_before_group_by()
    {
        var before = InterceptionCheck.Runs;
        var prefix = "a";
        var low = "B";

        var joined = _db.Table<AllTypes>().Join(_db.Table<JoinLine>(), x => x.Int32, l => l.OrderId, (x, l) => new { x.Id, x.String, l.Sku })
            .Where(r => r.Sku.StartsWith(prefix, StringComparison.OrdinalIgnoreCase) && string.CompareOrdinal(r.String, low) > 0).ToList();
        var grouped = _db.Table<AllTypes>().Where(x => x.String!.Contains(prefix) || x.String!.Length == 1).GroupBy(x => x.Int32).Select(g => new { g.Key, N = g.Count() }).ToList();

        Assert.That(Intercepted, Is.EqualTo(2), Seen);
        Assert.That(InterceptionCheck.Runs - before, Is.EqualTo(2), "The check compared each intercepted run with the run-time path.");
        Assert.That(joined, Is.EquivalentTo(_rows.Join(_lines, x => x.Int32, l => l.OrderId, (x, l) => new { x.Id, x.String, l.Sku })
            .Where(r => Ascii(r.Sku)!.StartsWith(prefix, StringComparison.Ordinal) && string.CompareOrdinal(r.String, low) > 0)));
        Assert.That(joined, Is.Not.Empty);
        Assert.That(grouped, Is.EquivalentTo(_rows.Where(x => x.String != null && (x.String.Contains(prefix, StringComparison.Ordinal) || x.String.Length == 1))
            .GroupBy(x => x.Int32).Select(g => new { g.Key, N = g.Count() })));
        Assert.That(grouped, Is.Not.Empty);
    }

    [Test]
    public void A_captured_collections_contains_is_intercepted_as_in_with_one_marker_per_element()
    {
        var before = InterceptionCheck.Runs;
        foreach (var count in new[] { 1, 2, 5, 1, 20 })
        {
            var ids = _rows.Select(x => x.Id).Where(id => id % 2 == 1).Take(count).ToList();
            var array = _rows.Select(x => x.Int32).Distinct().Take(count).ToArray();
            var names = new HashSet<string?>(Texts.Where(t => t is not null).Take(count));
            Same(_db.Table<AllTypes>().Where(x => ids.Contains(x.Id)).ToList(), _rows.Where(x => ids.Contains(x.Id)));
            Same(_db.Table<AllTypes>().Where(x => array.Contains(x.Int32) && x.Int32 != 3).ToList(), _rows.Where(x => array.Contains(x.Int32) && x.Int32 != 3));
            Same(_db.Table<AllTypes>().Where(x => !names.Contains(x.String)).ToList(), _rows.Where(x => !names.Contains(x.String)));
        }

        Assert.That(InterceptionCheck.Runs - before, Is.EqualTo(15), "The check compared each intercepted run with the run-time path.");
        Assert.That(Sql(0), Does.EndWith("WHERE (\"Id\" IN (?))"));
        Assert.That(Sql(3), Does.EndWith("WHERE (\"Id\" IN (?, ?))"));
        Assert.That(Sql(5), Does.EndWith("WHERE (NOT (\"String\" IS NOT NULL AND \"String\" IN (?, ?)))"));
        Assert.That(Sql(12), Does.EndWith("WHERE (\"Id\" IN (" + string.Join(", ", Enumerable.Repeat("?", 7)) + "))"), "Only 7 ids are odd: the list is as long as the collection.");
    }

    [Test]
    public void An_empty_collection_or_one_holding_null_takes_the_run_time_path()
    {
        var none = new List<long>();
        var withNull = new List<string?> { "abc", null };
        List<string?>? missing = null;

        Assert.That(_db.Table<AllTypes>().Where(x => none.Contains(x.Id)).ToList(), Is.Empty);
        var nullRows = _db.Table<AllTypes>().Where(x => withNull.Contains(x.String)).ToList();
        var inline = Assert.Catch(() => _db.Table<AllTypes>().Where(x => missing!.Contains(x.String)).ToList());
        var runTime = Assert.Catch(() =>
        {
            // Built across statements: the run-time path only (its Where checks the lambda).
            var built = _db.Table<AllTypes>().Where(x => missing!.Contains(x.String));
            built.ToList();
        });

        Assert.That(Intercepted, Is.EqualTo(0), Seen);
        Assert.That(inline!.GetType(), Is.EqualTo(runTime!.GetType()), "A null collection throws the run-time path's error.");
        Assert.That(nullRows.Select(x => x.Id), Is.EqualTo(_rows.Where(x => withNull.Contains(x.String)).Select(x => x.Id)));
    }

    [Test]
    public void A_captured_collections_contains_holds_in_a_joins_where_and_before_group_by()
    {
        var before = InterceptionCheck.Runs;
        var skus = new List<string> { "a-1", "c%3", "zz" };
        var ints = new[] { 1, 3 };

        var joined = _db.Table<AllTypes>().Join(_db.Table<JoinLine>(), x => x.Int32, l => l.OrderId, (x, l) => new { x.Id, x.String, l.Sku })
            .Where(r => skus.Contains(r.Sku)).ToList();
        var grouped = _db.Table<AllTypes>().Where(x => ints.Contains(x.Int32)).GroupBy(x => x.Int32).Select(g => new { g.Key, N = g.Count() }).ToList();

        Assert.That(Intercepted, Is.EqualTo(2), Seen);
        Assert.That(InterceptionCheck.Runs - before, Is.EqualTo(2), "The check compared each intercepted run with the run-time path.");
        Assert.That(joined, Is.EquivalentTo(_rows.Join(_lines, x => x.Int32, l => l.OrderId, (x, l) => new { x.Id, x.String, l.Sku }).Where(r => skus.Contains(r.Sku))));
        Assert.That(joined, Is.Not.Empty);
        Assert.That(grouped, Is.EquivalentTo(_rows.Where(x => ints.Contains(x.Int32)).GroupBy(x => x.Int32).Select(g => new { g.Key, N = g.Count() })));
        Assert.That(grouped, Has.Count.EqualTo(2));
    }

    [Test]
    public void A_joined_tables_own_where_takes_string_conditions_and_lists()
    {
        var before = InterceptionCheck.Runs;
        var dash = "-";
        var orders = new[] { 0, 3 };

        var joined = _db.Table<AllTypes>().Join(_db.Table<JoinLine>().Where(l => l.Sku.Contains(dash) && orders.Contains(l.OrderId)), x => x.Int32, l => l.OrderId, (x, l) => new { x.Id, l.Sku })
            .ToList();

        Assert.That(Intercepted, Is.EqualTo(1), Seen);
        Assert.That(InterceptionCheck.Runs - before, Is.EqualTo(1), "The check compared the intercepted run with the run-time path.");
        Assert.That(joined, Is.EquivalentTo(_rows.Join(_lines.Where(l => l.Sku.Contains(dash, StringComparison.Ordinal) && orders.Contains(l.OrderId)), x => x.Int32, l => l.OrderId, (x, l) => new { x.Id, l.Sku })));
        Assert.That(joined, Is.Not.Empty);
    }

    [Test]
    public void A_groupings_count_with_a_string_condition_is_intercepted()
    {
        var before = InterceptionCheck.Runs;
        var prefix = "a";

        var grouped = _db.Table<AllTypes>().GroupBy(x => x.Int32).Select(g => new { g.Key, N = g.Count(x => x.String!.StartsWith(prefix, StringComparison.OrdinalIgnoreCase)) }).ToList();

        Assert.That(Intercepted, Is.EqualTo(1), Seen);
        Assert.That(InterceptionCheck.Runs - before, Is.EqualTo(1), "The check compared the intercepted run with the run-time path.");
        Assert.That(grouped, Is.EquivalentTo(_rows.GroupBy(x => x.Int32).Select(g => new { g.Key, N = g.Count(x => Ascii(x.String)?.StartsWith(prefix, StringComparison.Ordinal) == true) })));
        Assert.That(grouped.Sum(g => g.N), Is.GreaterThan(0));
    }

    private void Same(List<AllTypes> actual, IEnumerable<AllTypes> expected)
    {
        // One more statement ran through an interceptor (the check's run-time statement is recorded too, as Linq).
        Assert.That(Intercepted, Is.EqualTo(++_intercepted), Seen);
        Assert.That(actual.Select(x => x.Id), Is.EqualTo(expected.Select(x => x.Id)), Seen);
    }

    private string Sql(int index) => _seen.Where(s => s.Source == StatementSource.Intercepted).ElementAt(index).Sql;

    /// <summary>SQLite's lower(), LIKE and NOCASE fold ASCII letters only.</summary>
    private static string? Ascii(string? text) => text is null ? null : new string(text.Select(c => c is >= 'A' and <= 'Z' ? (char)(c + 32) : c).ToArray());

    private static string AsciiUpper(string text) => new(text.Select(c => c is >= 'a' and <= 'z' ? (char)(c - 32) : c).ToArray());
}
