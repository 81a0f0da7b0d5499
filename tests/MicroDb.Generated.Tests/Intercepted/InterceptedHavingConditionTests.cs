using MicroDb.Conformance.Models;
using MicroDb.Query;

namespace MicroDb.Generated.Tests.Intercepted;

/// <summary>
/// The richer condition forms in HAVING over key parts (issue 22): a string key's StartsWith/Contains/ToUpper/Trim/Length,
/// IsNullOrEmpty of a nullable one, a key in a captured list, arithmetic over a composite key's parts, and a string
/// condition inside a HAVING's sub-query. Each intercepted run is compared with the run-time path (SQL, values, rows) and
/// gives LINQ-to-Objects' groups, on both mapping paths and storage formats.
/// </summary>
[TestFixture("generated", "microdb")]
[TestFixture("generated", "sqlite-net")]
[TestFixture("reflection", "microdb")]
[TestFixture("reflection", "sqlite-net")]
public class InterceptedHavingConditionTests : InterceptedTestBase
{
    private List<JoinOrder> _orders = null!;

    private List<JoinLine> _lines = null!;

    public InterceptedHavingConditionTests(string mapping, string format)
        : base(mapping, format)
    {
    }

    protected override void Seed()
    {
        _db.CreateTable<JoinOrder>();
        _db.CreateTable<JoinLine>();
        string?[] regions = ["r1", null, "x", "r4", "", "r1"];
        _db.InsertAll(Enumerable.Range(1, 6).Select(i => new JoinOrder { Region = regions[i - 1], Total = i }));
        _db.InsertAll(new[]
        {
            new JoinLine { OrderId = 1, Sku = "apple", Quantity = 1 },
            new JoinLine { OrderId = 1, Sku = "apple", Quantity = 5 },
            new JoinLine { OrderId = 2, Sku = "banana", Quantity = 2 },
            new JoinLine { OrderId = 3, Sku = "Cherry", Quantity = 9 },
            new JoinLine { OrderId = 3, Sku = "cherry", Quantity = 3 },
            new JoinLine { OrderId = 4, Sku = "date", Quantity = 4 },
            new JoinLine { OrderId = 5, Sku = "  fig ", Quantity = 6 },
        });
        _orders = _db.Table<JoinOrder>().ToList();
        _lines = _db.Table<JoinLine>().ToList();
    }

    [Test]
    public void String_conditions_over_a_string_key_are_intercepted_and_match_linq()
    {
        var before = InterceptionCheck.Runs;
        var prefix = "a";
        var part = "AN";
        var upper = "CHERRY";
        var length = 5;

        var starts = _db.Table<JoinLine>().GroupBy(l => l.Sku).Where(g => g.Key.StartsWith(prefix)).Select(g => new { g.Key, N = g.Count() }).ToList();
        var contains = _db.Table<JoinLine>().GroupBy(l => l.Sku).Where(g => g.Key.Contains(part, StringComparison.OrdinalIgnoreCase)).Select(g => new { g.Key, N = g.Count() }).ToList();
        var cased = _db.Table<JoinLine>().GroupBy(l => l.Sku).Where(g => g.Key.ToUpper() == upper && g.Sum(x => x.Quantity) > 3).Select(g => new { g.Key, N = g.Count() }).ToList();
        var trimmed = _db.Table<JoinLine>().GroupBy(l => l.Sku).Where(g => g.Key.Trim() == "fig").Select(g => new { g.Key, N = g.Count() }).ToList();
        var longer = _db.Table<JoinLine>().GroupBy(l => l.Sku).Where(g => g.Key.Length > length).Select(g => new { g.Key, N = g.Count() }).ToList();
        var empty = _db.Table<JoinOrder>().GroupBy(o => o.Region).Where(g => string.IsNullOrEmpty(g.Key) || g.Key.EndsWith("1")).Select(g => new { g.Key, N = g.Count() }).ToList();

        Assert.That(Intercepted, Is.EqualTo(6), Seen);
        Assert.That(InterceptionCheck.Runs - before, Is.EqualTo(6), "The check compared each intercepted run with the run-time path.");
        Assert.That(_seen.First(s => s.Source == StatementSource.Intercepted).Sql, Does.EndWith("GROUP BY \"Sku\" HAVING (substr(\"Sku\", 1, length(?)) = ?)"), Seen);
        Same(starts, _lines.GroupBy(l => l.Sku).Where(g => g.Key.StartsWith(prefix)).Select(g => new { g.Key, N = g.Count() }), 1);
        Same(contains, _lines.GroupBy(l => l.Sku).Where(g => g.Key.Contains(part, StringComparison.OrdinalIgnoreCase)).Select(g => new { g.Key, N = g.Count() }), 1);
        Same(cased, _lines.GroupBy(l => l.Sku).Where(g => g.Key.ToUpper() == upper && g.Sum(x => x.Quantity) > 3).Select(g => new { g.Key, N = g.Count() }), 1);
        Same(trimmed, _lines.GroupBy(l => l.Sku).Where(g => g.Key.Trim() == "fig").Select(g => new { g.Key, N = g.Count() }), 1);
        Same(longer, _lines.GroupBy(l => l.Sku).Where(g => g.Key.Length > length).Select(g => new { g.Key, N = g.Count() }), 4);
        Same(empty, _orders.GroupBy(o => o.Region).Where(g => string.IsNullOrEmpty(g.Key) || g.Key.EndsWith("1")).Select(g => new { g.Key, N = g.Count() }), 3);
    }

    [Test]
    public void A_key_in_a_captured_list_and_arithmetic_over_key_parts_are_intercepted_and_match_linq()
    {
        var before = InterceptionCheck.Runs;
        var ids = new List<int> { 1, 3, 9 };
        var regions = new[] { "r1", "x" };
        var min = 4;

        var listed = _db.Table<JoinLine>().GroupBy(l => l.OrderId).Where(g => ids.Contains(g.Key)).Select(g => new { g.Key, N = g.Count() }).ToList();
        var nullable = _db.Table<JoinOrder>().GroupBy(o => o.Region).Where(g => regions.Contains(g.Key)).Select(g => new { g.Key, N = g.Count() }).ToList();
        var composite = _db.Table<JoinLine>().GroupBy(l => new { l.Sku, l.OrderId }).Where(g => g.Key.Sku.EndsWith("e") && g.Key.OrderId * 2 + 1 > min)
            .Select(g => new { g.Key.Sku, N = g.Count() }).ToList();

        Assert.That(Intercepted, Is.EqualTo(3), Seen);
        Assert.That(InterceptionCheck.Runs - before, Is.EqualTo(3), "The check compared each intercepted run with the run-time path.");
        Assert.That(_seen.First(s => s.Source == StatementSource.Intercepted).Sql, Does.EndWith("GROUP BY \"OrderId\" HAVING (\"OrderId\" IN (?, ?, ?))"), Seen);
        Same(listed, _lines.GroupBy(l => l.OrderId).Where(g => ids.Contains(g.Key)).Select(g => new { g.Key, N = g.Count() }), 2);
        Same(nullable, _orders.GroupBy(o => o.Region).Where(g => regions.Contains(g.Key)).Select(g => new { g.Key, N = g.Count() }), 2);
        Same(composite, _lines.GroupBy(l => new { l.Sku, l.OrderId }).Where(g => g.Key.Sku.EndsWith("e") && g.Key.OrderId * 2 + 1 > min).Select(g => new { g.Key.Sku, N = g.Count() }), 1);
    }

    [Test]
    public void A_string_condition_inside_a_havings_sub_query_is_intercepted_and_matches_linq()
    {
        var before = InterceptionCheck.Runs;
        var prefix = "r";

        var groups = _db.Table<JoinLine>().GroupBy(l => l.OrderId).Where(g => _db.Table<JoinOrder>().Any(o => o.Id == g.Key && o.Region!.StartsWith(prefix)))
            .Select(g => new { g.Key, N = g.Count() }).ToList();

        Assert.That(Intercepted, Is.EqualTo(1), Seen);
        Assert.That(InterceptionCheck.Runs - before, Is.EqualTo(1), "The check compared the intercepted run with the run-time path.");
        Same(groups, _lines.GroupBy(l => l.OrderId).Where(g => _orders.Any(o => o.Id == g.Key && o.Region != null && o.Region.StartsWith(prefix))).Select(g => new { g.Key, N = g.Count() }), 2);
    }

    private static void Same<T>(List<T> actual, IEnumerable<T> expected, int count)
    {
        Assert.That(actual, Is.EquivalentTo(expected));
        Assert.That(actual, Has.Count.EqualTo(count));
    }
}
