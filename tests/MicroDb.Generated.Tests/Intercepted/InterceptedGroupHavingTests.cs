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
[TestFixture("generated", "sqlite-net-text")]
public class InterceptedGroupHavingTests : InterceptedTestBase
{
    private static readonly DateTime Start = new(2024, 2, 28, 23, 30, 0, DateTimeKind.Utc);
    private List<AllTypes> _stored = null!;

    public InterceptedGroupHavingTests(string mapping, string format)
        : base(mapping, format)
    {
    }

    protected override StorageFormat Storage => _format switch
    {
        "microdb" => StorageFormat.MicroDb,
        "sqlite-net" => StorageFormat.SqliteNet(),
        _ => StorageFormat.SqliteNet(storeDateTimeAsTicks: false),
    };

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

            // Kinds alternate (Min/Max and their comparisons ignore them, as .NET does); group 3 has no NDateTime.
            row.DateTime = DateTime.SpecifyKind(Start.AddHours(i * 7 - (i % 3) * 40), i % 2 == 0 ? DateTimeKind.Utc : DateTimeKind.Unspecified);
            row.DateTimeText = Start.AddDays(i % 5).AddMinutes(i);
            row.NDateTime = i % 4 == 3 ? null : Start.AddMinutes(-i * 13);
            row.NDouble = i % 4 == 3 || i == 4 ? null : i / 4.0 - 1;
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
    public void Having_and_ordering_over_nullable_double_and_average_aggregates_are_intercepted()
    {
        var before = InterceptionCheck.Runs;
        var mid = 0.25;

        var groups = _db.Table<AllTypes>().GroupBy(x => x.Int32).Where(g => g.Average(x => x.NInt32) >= mid || mid < g.Sum(x => x.NDouble) || g.Max(x => x.NDouble) == 2.5 || 100 < g.Average(x => x.Int32))
            .OrderByDescending(g => g.Average(x => x.NDouble)).ThenBy(g => g.Key).Select(g => new { g.Key, Mean = g.Average(x => x.NDouble), Total = g.Sum(x => x.NDouble) }).ToList();

        Assert.That(Intercepted, Is.EqualTo(1), Seen);
        Assert.That(InterceptionCheck.Runs - before, Is.EqualTo(1), "The check compared the intercepted run with the run-time path.");
        var expected = _stored.GroupBy(x => x.Int32).Where(g => g.Average(x => x.NInt32) >= mid || mid < g.Sum(x => x.NDouble) || g.Max(x => x.NDouble) == 2.5 || 100 < g.Average(x => x.Int32))
            .OrderByDescending(g => g.Average(x => x.NDouble)).ThenBy(g => g.Key).Select(g => new { g.Key, Mean = g.Average(x => x.NDouble), Total = g.Sum(x => x.NDouble) }).ToList();
        Assert.That(groups, Is.EqualTo(expected));
        Assert.That(groups, Is.Not.Empty);
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

    [Test]
    public void Having_and_ordering_over_date_extremes_are_intercepted_where_the_run_time_takes_them()
    {
        var before = InterceptionCheck.Runs;
        var cut = _stored.GroupBy(x => x.Int32).Select(g => g.Max(x => x.DateTime)).Order().ElementAt(1);
        var earliest = DateTime.SpecifyKind(_stored.Where(x => x.Int32 == 1).Min(x => x.NDateTime)!.Value, DateTimeKind.Local);
        var stamp = _stored.Max(x => x.DateTimeText).AddTicks(-1);

        List<DateGroup> Run() => _db.Table<AllTypes>().GroupBy(x => x.Int32)
            .Where(g => g.Max(x => x.DateTime) > cut || g.Min(x => x.NDateTime) == earliest || stamp < g.Max(x => x.DateTimeText))
            .OrderByDescending(g => g.Min(x => x.DateTime)).ThenBy(g => g.Max(x => x.NDateTime))
            .Select(g => new DateGroup(g.Key, g.Max(x => x.DateTime), g.Min(x => x.NDateTime))).ToList();

        if (_format == "sqlite-net-text")
        {
            // The run time has no exact comparison of a DateTime stored as sqlite-net's text: the site leaves the run to it.
            Assert.That(Run, Throws.TypeOf<NotSupportedException>());
            Assert.That(Intercepted, Is.Zero, Seen);
            return;
        }

        var groups = Run();

        Assert.That(Intercepted, Is.EqualTo(1), Seen);
        Assert.That(InterceptionCheck.Runs - before, Is.EqualTo(1), "The check compared the intercepted run with the run-time path.");
        var expected = _stored.GroupBy(x => x.Int32)
            .Where(g => g.Max(x => x.DateTime) > cut || g.Min(x => x.NDateTime) == earliest || stamp < g.Max(x => x.DateTimeText))
            .OrderByDescending(g => g.Min(x => x.DateTime)).ThenBy(g => g.Max(x => x.NDateTime))
            .Select(g => new DateGroup(g.Key, g.Max(x => x.DateTime), g.Min(x => x.NDateTime))).ToList();
        Assert.That(groups, Is.EqualTo(expected));
        Assert.That(groups.Select(g => g.Key), Does.Contain(1), "Group 1 passes by its earliest NDateTime, compared whatever its kind.");
    }

    [Test]
    public void Having_and_ordering_over_decimal_extremes_are_intercepted_under_microdbs_format()
    {
        var before = InterceptionCheck.Runs;
        var cut = _stored.GroupBy(x => x.Int32).Select(g => g.Max(x => x.Decimal)).Order().ElementAt(1) - 0.000000000000000001m;

        List<int> Run() => _db.Table<AllTypes>().GroupBy(x => x.Int32).Where(g => g.Max(x => x.Decimal) >= cut && g.Min(x => x.NDecimal) != 0m)
            .OrderBy(g => g.Max(x => x.NDecimal)).Select(g => g.Key).ToList();

        if (_format != "microdb")
        {
            // Under sqlite-net's format a decimal is a REAL read back rounded: the run time refuses to compare its Min/Max.
            Assert.That(Run, Throws.TypeOf<NotSupportedException>());
            Assert.That(Intercepted, Is.Zero, Seen);
            return;
        }

        var keys = Run();

        Assert.That(Intercepted, Is.EqualTo(1), Seen);
        Assert.That(InterceptionCheck.Runs - before, Is.EqualTo(1), "The check compared the intercepted run with the run-time path.");
        var expected = _stored.GroupBy(x => x.Int32).Where(g => g.Max(x => x.Decimal) >= cut && g.Min(x => x.NDecimal) != 0m)
            .OrderBy(g => g.Max(x => x.NDecimal)).Select(g => g.Key).ToList();
        Assert.That(keys, Is.EqualTo(expected));
        Assert.That(keys, Does.Contain(1), "Group 1's maximum passes the cut one unit of the 18th decimal below it.");
    }

    [Test]
    public void Having_key_value_rejects_a_bad_description()
    {
        var site = new InterceptedSite("SELECT 1");

        Assert.That(() => site.HavingKeyValue(-1, "R", "Decimal", typeof(decimal)), Throws.InstanceOf<ArgumentOutOfRangeException>().With.Property("ParamName").EqualTo("having"));
        Assert.That(() => site.HavingKeyValue(0, null!, "Decimal", typeof(decimal)), Throws.ArgumentNullException.With.Property("ParamName").EqualTo("path"));
        Assert.That(() => site.HavingKeyValue(0, "R", null!, typeof(decimal)), Throws.ArgumentNullException.With.Property("ParamName").EqualTo("member"));
        Assert.That(() => site.HavingKeyValue(0, "R", "Decimal", null!), Throws.ArgumentNullException.With.Property("ParamName").EqualTo("memberType"));
        Assert.That(site.ValueCount, Is.Zero, "A rejected value is not added.");
        Assert.That(site.SqliteNetRuns(false, true), Is.SameAs(site));
    }

    /// <summary>A group of the date test: its key, its latest DateTime and its earliest NDateTime.</summary>
    public sealed record DateGroup(int Key, DateTime Last, DateTime? First);
}
