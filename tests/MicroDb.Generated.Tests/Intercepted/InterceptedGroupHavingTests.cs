using MicroDb.Conformance;
using MicroDb.Conformance.Models;
using MicroDb.Query;

namespace MicroDb.Generated.Tests.Intercepted;

/// <summary>
/// HAVING and ORDER BY over the aggregates beyond the integer and double ones at build time (issue 22): a decimal
/// member's Sum and Average compared exactly (beyond double's precision), <c>Count(predicate)</c>, a string member's
/// Min/Max, and the Sum/Min/Max of a nullable integer member (groups whose members are all null). Each run is intercepted
/// with the run-time path's SQL, values and rows (the interception check compares every run) and equals LINQ-to-Objects
/// over the stored rows, on both mapping paths and storage formats.
/// </summary>
[TestFixture("generated", "microdb")]
[TestFixture("reflection", "microdb")]
[TestFixture("generated", "sqlite-net")]
[TestFixture("reflection", "sqlite-net")]
public class InterceptedGroupHavingTests : InterceptedTestBase
{
    private List<AllTypes> _stored = null!;

    public InterceptedGroupHavingTests(string mapping, string format)
        : base(mapping, format)
    {
    }

    protected override void Seed()
    {
        _db.CreateTable<AllTypes>();
        string[] names = ["apple", "Banana", "cherry", "date"];
        var rows = new List<AllTypes>();
        for (var i = 0; i < 16; i++)
        {
            // Group 3 (i = 3, 7, 11, 15) has only null NInt32s; decimals differ from each other below double's precision.
            var row = AllTypesSamples.Nulls();
            row.Int32 = i % 4;
            row.Decimal = 1000000000.000000001m * (i % 4) + (i < 8 ? 0.000000001m : 0.1m);
            row.NDecimal = i % 2 == 0 ? null : 0.000000000000000001m * i;
            row.Bool = i % 3 == 0;
            row.NInt32 = i % 4 == 3 ? null : i % 5 == 0 ? null : i - 6;
            row.String = names[(i / 4 + i % 4) % names.Length];
            rows.Add(row);
        }

        _db.InsertAll(rows);
        _stored = _db.Table<AllTypes>().ToList();
    }

    [Test]
    public void Having_over_a_decimal_sum_and_average_is_exact_and_intercepted()
    {
        var before = InterceptionCheck.Runs;
        var sums = _stored.GroupBy(x => x.Int32).Select(g => g.Sum(x => x.Decimal)).OrderBy(s => s).ToList();
        // One unit of the 18th decimal below group 1's total: equal in double, not in decimal.
        var cut = sums[1] - 0.000000000000000001m;
        var mean = sums[2] / 4;

        var keys = _db.Table<AllTypes>().GroupBy(x => x.Int32).Where(g => g.Sum(x => x.Decimal) > cut || g.Average(x => x.Decimal) == mean)
            .OrderBy(g => g.Key).Select(g => new { g.Key, Total = g.Sum(x => x.Decimal) }).ToList();

        Assert.That(Intercepted, Is.EqualTo(1), Seen);
        Assert.That(InterceptionCheck.Runs - before, Is.EqualTo(1), "The check compared the intercepted run with the run-time path.");
        Assert.That(_seen[^1].Sql, Does.Contain("HAVING ((microdb_sum_decimal_key(\"Decimal\") > ?) OR (microdb_avg_decimal_key(\"Decimal\") = ?))"), Seen);
        var expected = _stored.GroupBy(x => x.Int32).Where(g => g.Sum(x => x.Decimal) > cut || g.Average(x => x.Decimal) == mean)
            .OrderBy(g => g.Key).Select(g => new { g.Key, Total = g.Sum(x => x.Decimal) }).ToList();
        Assert.That(keys, Is.EqualTo(expected));
        Assert.That(keys.Select(k => k.Key), Is.EqualTo(new[] { 1, 2, 3 }), "Groups 1 to 3 pass the sum (group 1 by 1e-18), group 2 the average too.");
    }

    [Test]
    public void Having_with_the_value_on_the_left_and_a_nullable_decimal_sum_is_intercepted()
    {
        var before = InterceptionCheck.Runs;
        var tiny = 0.000000000000000010m;

        var keys = _db.Table<AllTypes>().GroupBy(x => x.Int32).Where(g => tiny < g.Sum(x => x.NDecimal) && g.Sum(x => x.Decimal) >= 1m || g.Sum(x => x.NDecimal) == 0m)
            .Select(g => g.Key).ToList();

        Assert.That(Intercepted, Is.EqualTo(1), Seen);
        Assert.That(InterceptionCheck.Runs - before, Is.EqualTo(1), "The check compared the intercepted run with the run-time path.");
        var expected = _stored.GroupBy(x => x.Int32).Where(g => tiny < g.Sum(x => x.NDecimal) && g.Sum(x => x.Decimal) >= 1m || g.Sum(x => x.NDecimal) == 0m).Select(g => g.Key);
        Assert.That(keys.Order(), Is.EqualTo(expected.Order()));
    }

    [Test]
    public void Having_and_ordering_by_count_of_a_predicate_are_intercepted()
    {
        var before = InterceptionCheck.Runs;

        var counts = _db.Table<AllTypes>().GroupBy(x => x.Int32).Where(g => g.Count(x => x.Bool) >= 1 && g.LongCount(x => !x.Bool) > 1L)
            .OrderByDescending(g => g.Count(x => x.Bool)).ThenBy(g => g.Key).Select(g => new { g.Key, Yes = g.Count(x => x.Bool) }).ToList();

        Assert.That(Intercepted, Is.EqualTo(1), Seen);
        Assert.That(InterceptionCheck.Runs - before, Is.EqualTo(1), "The check compared the intercepted run with the run-time path.");
        var expected = _stored.GroupBy(x => x.Int32).Where(g => g.Count(x => x.Bool) >= 1 && g.LongCount(x => !x.Bool) > 1L)
            .OrderByDescending(g => g.Count(x => x.Bool)).ThenBy(g => g.Key).Select(g => new { g.Key, Yes = g.Count(x => x.Bool) }).ToList();
        Assert.That(counts, Is.EqualTo(expected));
        Assert.That(counts, Is.Not.Empty);
    }

    [Test]
    public void Having_and_ordering_over_a_nullable_integer_aggregate_are_intercepted()
    {
        var before = InterceptionCheck.Runs;
        var low = -3;
        var none = 5;

        var keys = _db.Table<AllTypes>().GroupBy(x => x.Int32).Where(g => g.Max(x => x.NInt32) > low || g.Min(x => x.NInt32) == none || g.Sum(x => x.NInt32) != 4)
            .OrderBy(g => g.Max(x => x.NInt32)).ThenBy(g => g.Key).Select(g => new { g.Key, Top = g.Max(x => x.NInt32), Total = g.Sum(x => x.NInt32) }).ToList();

        Assert.That(Intercepted, Is.EqualTo(1), Seen);
        Assert.That(InterceptionCheck.Runs - before, Is.EqualTo(1), "The check compared the intercepted run with the run-time path.");
        var expected = _stored.GroupBy(x => x.Int32).Where(g => g.Max(x => x.NInt32) > low || g.Min(x => x.NInt32) == none || g.Sum(x => x.NInt32) != 4)
            .OrderBy(g => g.Max(x => x.NInt32)).ThenBy(g => g.Key).Select(g => new { g.Key, Top = g.Max(x => x.NInt32), Total = g.Sum(x => x.NInt32) }).ToList();
        Assert.That(keys, Is.EqualTo(expected));
        Assert.That(keys.Any(k => k.Top is null), Is.True, "The group whose members are all null has no maximum, and still passes the sum.");
    }

    [Test]
    public void Having_over_a_string_maximum_is_intercepted()
    {
        var before = InterceptionCheck.Runs;
        var name = "date";

        var keys = _db.Table<AllTypes>().GroupBy(x => x.Int32).Where(g => g.Max(x => x.String) == name || g.Min(x => x.String) != "apple")
            .Select(g => new { g.Key, Top = g.Max(x => x.String) }).ToList();

        Assert.That(Intercepted, Is.EqualTo(1), Seen);
        Assert.That(InterceptionCheck.Runs - before, Is.EqualTo(1), "The check compared the intercepted run with the run-time path.");
        var expected = _stored.GroupBy(x => x.Int32).Where(g => g.Max(x => x.String) == name || g.Min(x => x.String) != "apple")
            .Select(g => new { g.Key, Top = g.Max(x => x.String) });
        Assert.That(keys.OrderBy(k => k.Key), Is.EqualTo(expected.OrderBy(k => k.Key)));
    }

    [Test]
    public void Having_after_select_over_a_selected_decimal_total_is_intercepted()
    {
        var before = InterceptionCheck.Runs;
        var cut = 1000000000.000000005m;

        var totals = _db.Table<AllTypes>().GroupBy(x => x.Int32).Select(g => new { g.Key, Total = g.Sum(x => x.Decimal) })
            .Where(x => x.Total > cut).OrderBy(x => x.Total).ToList();

        Assert.That(Intercepted, Is.EqualTo(1), Seen);
        Assert.That(InterceptionCheck.Runs - before, Is.EqualTo(1), "The check compared the intercepted run with the run-time path.");
        var expected = _stored.GroupBy(x => x.Int32).Select(g => new { g.Key, Total = g.Sum(x => x.Decimal) }).Where(x => x.Total > cut).OrderBy(x => x.Total).ToList();
        Assert.That(totals, Is.EqualTo(expected));
    }
}
