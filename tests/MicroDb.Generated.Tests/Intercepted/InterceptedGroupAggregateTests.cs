using MicroDb.Conformance;
using MicroDb.Conformance.Models;
using MicroDb.Query;

namespace MicroDb.Generated.Tests.Intercepted;

/// <summary>
/// Group aggregates the build-time front end writes with MicroDb's exact functions (issue 22): a decimal's Sum and
/// Average added as decimal, Min/Max of a decimal and a DateTime chosen by the storage format's order key, Min/Max of
/// strings by the current culture (as LINQ compares them), and the aggregates of nullable members and LongCount. Each run
/// gives the run-time path's SQL, values and rows (the interception check compares every run) and LINQ-to-Objects'
/// results over the stored rows, on both mapping paths and storage formats.
/// </summary>
[TestFixture("generated", "microdb")]
[TestFixture("reflection", "microdb")]
[TestFixture("generated", "sqlite-net")]
[TestFixture("reflection", "sqlite-net")]
[TestFixture("generated", "sqlite-net-text")]
public class InterceptedGroupAggregateTests : InterceptedTestBase
{
    private static readonly DateTime Start = new(2024, 2, 28, 23, 30, 0, DateTimeKind.Utc);
    private List<AllTypes> _stored = null!;

    public InterceptedGroupAggregateTests(string mapping, string format)
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
        string[] names = ["apple", "Banana", "cherry", "Apple", "banana", "Cherry", "date"];
        var rows = new List<AllTypes>();
        for (var i = 0; i < 14; i++)
        {
            // 0.1 + 0.2 is 0.3 in decimal, not in REAL; kinds alternate (Min/Max compare the ticks); mixed case orders by culture.
            var row = AllTypesSamples.Nulls();
            row.Int32 = i % 3;
            row.Decimal = i % 2 == 0 ? 0.1m : 0.2m + i;
            row.NDecimal = i % 4 == 0 ? null : -1.25m * i;
            row.DateTime = i % 2 == 0 ? Start.AddHours(i * 5) : DateTime.SpecifyKind(Start.AddHours(-i * 3), DateTimeKind.Unspecified);
            row.DateTimeText = Start.AddDays(i * 2).AddMinutes(i);
            row.String = names[i % names.Length];
            row.NInt32 = i % 5 == 0 ? null : i * 10;
            row.NDouble = i % 3 == 1 ? null : i / 4.0;
            rows.Add(row);
        }

        _db.InsertAll(rows);
        _stored = _db.Table<AllTypes>().ToList();
    }

    [Test]
    public void Decimal_sum_and_average_are_exact_and_intercepted()
    {
        var before = InterceptionCheck.Runs;

        var totals = _db.Table<AllTypes>().GroupBy(x => x.Int32).OrderBy(g => g.Key)
            .Select(g => new { g.Key, Total = g.Sum(x => x.Decimal), Mean = g.Average(x => x.Decimal), Maybe = g.Sum(x => x.NDecimal), MaybeMean = g.Average(x => x.NDecimal) }).ToList();

        Assert.That(Intercepted, Is.EqualTo(1), Seen);
        Assert.That(InterceptionCheck.Runs - before, Is.EqualTo(1), "The check compared the intercepted run with the run-time path.");
        var expected = _stored.GroupBy(x => x.Int32).OrderBy(g => g.Key)
            .Select(g => new { g.Key, Total = g.Sum(x => x.Decimal), Mean = g.Average(x => x.Decimal), Maybe = g.Sum(x => x.NDecimal), MaybeMean = g.Average(x => x.NDecimal) }).ToList();
        Assert.That(totals, Is.EqualTo(expected));
        Assert.That(totals[0].Total, Is.EqualTo(12.7m), "0.1 + 3.2 + 0.1 + 9.2 + 0.1, added as decimal.");
    }

    [Test]
    public void Min_and_max_of_decimals_dates_and_strings_are_intercepted_and_equal_linq()
    {
        var before = InterceptionCheck.Runs;

        var extremes = _db.Table<AllTypes>().GroupBy(x => x.Int32)
            .Select(g => new
            {
                g.Key,
                Cheapest = g.Min(x => x.Decimal),
                Dearest = g.Max(x => x.NDecimal),
                First = g.Min(x => x.DateTime),
                Last = g.Max(x => x.DateTimeText),
                Low = g.Min(x => x.String),
                High = g.Max(x => x.String),
            }).ToList();

        Assert.That(Intercepted, Is.EqualTo(1), Seen);
        Assert.That(InterceptionCheck.Runs - before, Is.EqualTo(1));
        var expected = _stored.GroupBy(x => x.Int32)
            .Select(g => new
            {
                g.Key,
                Cheapest = g.Min(x => x.Decimal),
                Dearest = g.Max(x => x.NDecimal),
                First = g.Min(x => x.DateTime),
                Last = g.Max(x => x.DateTimeText),
                Low = g.Min(x => x.String),
                High = g.Max(x => x.String),
            }).ToList();
        Assert.That(extremes, Is.EquivalentTo(expected));
        Assert.That(extremes.Select(e => e.First.Ticks), Is.EquivalentTo(expected.Select(e => e.First.Ticks)));
        Assert.That(extremes.Select(e => e.Low), Has.Some.EqualTo("apple"), "Culture order: 'apple' before 'Banana' (ordinal order puts 'Apple' and 'Banana' first).");
    }

    [Test]
    public void Ordering_by_a_decimal_total_or_a_string_extreme_is_intercepted()
    {
        var before = InterceptionCheck.Runs;

        var byTotal = _db.Table<AllTypes>().GroupBy(x => x.Int32).OrderByDescending(g => g.Sum(x => x.Decimal)).Select(g => new { g.Key, Total = g.Sum(x => x.Decimal) }).ToList();
        var byName = _db.Table<AllTypes>().GroupBy(x => x.Int32).Select(g => new { g.Key, High = g.Max(x => x.String), Mean = g.Average(x => x.NDecimal) })
            .OrderBy(r => r.High).ThenBy(r => r.Mean).ToList();

        Assert.That(Intercepted, Is.EqualTo(2), Seen);
        Assert.That(InterceptionCheck.Runs - before, Is.EqualTo(2));
        Assert.That(byTotal, Is.EqualTo(_stored.GroupBy(x => x.Int32).OrderByDescending(g => g.Sum(x => x.Decimal)).Select(g => new { g.Key, Total = g.Sum(x => x.Decimal) }).ToList()));
        Assert.That(byTotal.Select(r => r.Total), Is.Ordered.Descending);

        // SQL orders the culture-chosen maximum ordinally, as MicroDb orders any string.
        Assert.That(byName, Is.EqualTo(_stored.GroupBy(x => x.Int32).Select(g => new { g.Key, High = g.Max(x => x.String), Mean = g.Average(x => x.NDecimal) })
            .OrderBy(r => r.High, StringComparer.Ordinal).ThenBy(r => r.Mean).ToList()));
    }

    [Test]
    public void Nullable_members_aggregates_and_long_count_are_intercepted()
    {
        var before = InterceptionCheck.Runs;

        var sums = _db.Table<AllTypes>().GroupBy(x => x.Int32)
            .Select(g => new { g.Key, Sum = g.Sum(x => x.NInt32), Min = g.Min(x => x.NInt32), Mean = g.Average(x => x.NDouble), Max = g.Max(x => x.NDouble), N = g.LongCount() }).ToList();

        Assert.That(Intercepted, Is.EqualTo(1), Seen);
        Assert.That(InterceptionCheck.Runs - before, Is.EqualTo(1));
        Assert.That(sums, Is.EquivalentTo(_stored.GroupBy(x => x.Int32)
            .Select(g => new { g.Key, Sum = g.Sum(x => x.NInt32), Min = g.Min(x => x.NInt32), Mean = g.Average(x => x.NDouble), Max = g.Max(x => x.NDouble), N = g.LongCount() })));
        Assert.That(sums.Select(s => s.N).Sum(), Is.EqualTo(14L));
    }
}
