using System.Globalization;
using MicroDb.Conformance.Models;

namespace MicroDb.Conformance;

// Exact group aggregates inside HAVING and ORDER BY (issue 22): a decimal Sum/Average, Min/Max of DateTime, decimal, ulong
// and DateTimeOffset compare through the same exact functions as in the SELECT list, so the groups kept and their order are
// LINQ-to-Objects' over the values read back. Strings order ordinally, as every MicroDb ordering of strings.
public abstract partial class ConformanceSuite
{
    [Test]
    public void GroupBy_decimal_sum_and_average_in_having_and_order_by_match_linq([Values] bool sqliteNet)
    {
        var data = OpenJoinData(sqliteNet);
        var db = data.Db;
        // As REAL, 0.1 + 0.2 + 0.3 is 0.6000000000000001: only an exact sum equals 0.6m.
        db.InsertAll(new[]
        {
            new JoinOrder { CustomerId = 5, Region = "tenths", Total = 0.1m, Placed = JoinDay },
            new JoinOrder { CustomerId = 5, Region = "tenths", Total = 0.2m, Placed = JoinDay },
            new JoinOrder { CustomerId = 5, Region = "tenths", Total = 0.3m, Placed = JoinDay },
            new JoinOrder { CustomerId = 6, Region = "negative", Total = -3.25m, Placed = JoinDay },
        });
        var orders = db.Table<JoinOrder>().ToList();

        var exact = db.Table<JoinOrder>().GroupBy(o => o.Region).Where(g => g.Sum(x => x.Total) == 0.6m).Select(g => g.Key).ToList();
        Assert.That(exact, Is.EqualTo(new[] { "tenths" }));

        var kept = db.Table<JoinOrder>().GroupBy(o => o.Region).Where(g => g.Sum(x => x.Total) > 0.55m && g.Average(x => x.Total) <= 10.25m)
            .OrderByDescending(g => g.Sum(x => x.Total)).Select(g => new { g.Key, Sum = g.Sum(x => x.Total) }).ToList();
        var keptLinq = orders.GroupBy(o => o.Region).Where(g => g.Sum(x => x.Total) > 0.55m && g.Average(x => x.Total) <= 10.25m)
            .OrderByDescending(g => g.Sum(x => x.Total)).Select(g => new { g.Key, Sum = g.Sum(x => x.Total) }).ToList();
        Assert.That(kept, Is.EqualTo(keptLinq));
        Assert.That(kept, Has.Count.GreaterThan(2));

        // After Select, a Where and an OrderBy over the selected aggregates are HAVING and ORDER BY too; negatives order below zero.
        var selected = db.Table<JoinOrder>().GroupBy(o => o.Region).Select(g => new { g.Key, Sum = g.Sum(x => x.Total), Avg = g.Average(x => x.Total) })
            .Where(x => x.Avg < 5m).OrderBy(x => x.Sum).ToList();
        var selectedLinq = orders.GroupBy(o => o.Region).Select(g => new { g.Key, Sum = g.Sum(x => x.Total), Avg = g.Average(x => x.Total) })
            .Where(x => x.Avg < 5m).OrderBy(x => x.Sum).ToList();
        Assert.That(selected, Is.EqualTo(selectedLinq));
        Assert.That(selected[0].Key, Is.EqualTo("negative"));
        Assert.That(db.Table<JoinOrder>().GroupBy(o => o.Region).Where(g => g.Sum(x => x.Total) != 0.6m).Count(), Is.EqualTo(orders.GroupBy(o => o.Region).Count(g => g.Sum(x => x.Total) != 0.6m)));

        // Over a join, with an element selector's bare Sum.
        var customers = db.Table<JoinCustomer>().ToList();
        var joined = db.Table<JoinOrder>().Join(db.Table<JoinCustomer>(), o => o.CustomerId, c => (int?)c.Id, (o, c) => new { o.Total, c.Region })
            .GroupBy(x => x.Region, x => x.Total).Where(g => g.Sum() >= 2m).OrderBy(g => g.Sum()).Select(g => new { g.Key, Sum = g.Sum() }).ToList();
        var joinedLinq = orders.Join(customers, o => o.CustomerId, c => (int?)c.Id, (o, c) => new { o.Total, c.Region })
            .GroupBy(x => x.Region, x => x.Total).Where(g => g.Sum() >= 2m).OrderBy(g => g.Sum()).Select(g => new { g.Key, Sum = g.Sum() }).ToList();
        Assert.That(joined, Is.EqualTo(joinedLinq));
    }

    [Test]
    public void GroupBy_min_and_max_in_having_and_order_by_match_linq([Values] bool sqliteNet)
    {
        var data = OpenJoinData(sqliteNet);
        var db = data.Db;
        var orders = data.Orders;
        var customers = data.Customers;

        // DateTime of three kinds compare by ticks.
        var late = JoinDay.AddDays(3);
        var dates = db.Table<JoinOrder>().GroupBy(o => o.Region).Where(g => g.Max(x => x.Placed) > late).OrderBy(g => g.Min(x => x.Placed))
            .Select(g => new { g.Key, First = g.Min(x => x.Placed) }).ToList();
        var datesLinq = orders.GroupBy(o => o.Region).Where(g => g.Max(x => x.Placed) > late).OrderBy(g => g.Min(x => x.Placed))
            .Select(g => new { g.Key, First = g.Min(x => x.Placed) }).ToList();
        Assert.That(dates, Is.EqualTo(datesLinq));
        Assert.That(dates, Has.Count.GreaterThan(1));

        // Strings: equality and ordering are ordinal in SQL (MicroDb's string order); the value chosen is LINQ's (by culture).
        var previous = CultureInfo.CurrentCulture;
        CultureInfo.CurrentCulture = CultureInfo.InvariantCulture;
        try
        {
            var names = db.Table<JoinCustomer>().GroupBy(c => c.Region).Where(g => g.Min(x => x.Name) != "Bob").OrderByDescending(g => g.Max(x => x.Name))
                .Select(g => new { g.Key, Last = g.Max(x => x.Name) }).ToList();
            var namesLinq = customers.GroupBy(c => c.Region).Where(g => g.Min(x => x.Name) != "Bob").OrderByDescending(g => g.Max(x => x.Name), StringComparer.Ordinal)
                .Select(g => new { g.Key, Last = g.Max(x => x.Name) }).ToList();
            Assert.That(names, Is.EqualTo(namesLinq));
        }
        finally
        {
            CultureInfo.CurrentCulture = previous;
        }

        var decimalsLinq = orders.GroupBy(o => o.Region).OrderBy(g => g.Max(x => x.Total)).ThenBy(g => g.Key, StringComparer.Ordinal).Select(g => g.Key).ToList();
        if (sqliteNet)
        {
            // sqlite-net stores decimals as REAL, whose read-back rounding has no exact SQL order for an aggregate.
            var refused = Assert.Throws<NotSupportedException>(() => db.Table<JoinOrder>().GroupBy(o => o.Region).OrderBy(g => g.Max(x => x.Total)));
            Assert.That(refused!.Message, Does.Contain("sqlite-net"));
        }
        else
        {
            var decimals = db.Table<JoinOrder>().GroupBy(o => o.Region).OrderBy(g => g.Max(x => x.Total)).ThenBy(g => g.Key).Select(g => g.Key).ToList();
            Assert.That(decimals, Is.EqualTo(decimalsLinq));
            Assert.That(db.Table<JoinOrder>().GroupBy(o => o.Region).Where(g => g.Min(x => x.Total) == 2m).Select(g => g.Key).ToList(), Is.EqualTo(new string?[] { null }), "2.000m == 2m");
        }
    }

    [Test]
    public void GroupBy_ulong_and_date_time_offset_min_max_in_having_and_order_by_match_linq([Values] bool sqliteNet)
    {
        var db = Open(tweak: o =>
        {
            if (sqliteNet)
            {
                o.Storage = StorageFormat.SqliteNet();
            }
        });
        db.CreateTable<Stamp>();
        var at = new DateTimeOffset(2024, 5, 6, 12, 0, 0, TimeSpan.Zero);
        db.InsertAll(new[]
        {
            // Group "a": the same instant at three offsets, and an earlier one written with a larger clock time.
            new Stamp { Name = "a", Counter = ulong.MaxValue, Offset = at.ToOffset(TimeSpan.FromHours(5)) },
            new Stamp { Name = "a", Counter = 1, Offset = at.ToOffset(TimeSpan.FromHours(-7)) },
            new Stamp { Name = "a", Counter = 2, Offset = at.AddMinutes(-30).ToOffset(TimeSpan.FromHours(9)) },
            new Stamp { Name = "b", Counter = 1UL << 63, Offset = at.AddDays(1) },
            new Stamp { Name = "b", Counter = 7, Offset = at.AddTicks(1).ToOffset(TimeSpan.FromHours(-2)) },
            new Stamp { Name = "c", Counter = 3, Offset = at.AddMinutes(-1).ToOffset(TimeSpan.FromHours(14)) },
        });
        var rows = db.Table<Stamp>().ToList();

        var result = db.Table<Stamp>().GroupBy(s => s.Name).Select(g => new { g.Key, First = g.Min(x => x.Offset), Last = g.Max(x => x.Offset), High = g.Max(x => x.Counter) }).ToList();
        var expected = rows.GroupBy(s => s.Name).Select(g => new { g.Key, First = g.Min(x => x.Offset), Last = g.Max(x => x.Offset), High = g.Max(x => x.Counter) }).ToList();
        Assert.That(result.Select(r => (r.Key, r.First.UtcTicks, r.Last.UtcTicks, r.High)), Is.EquivalentTo(expected.Select(r => (r.Key, r.First.UtcTicks, r.Last.UtcTicks, r.High))));
        Assert.That(result.Single(r => r.Key == "a").First, Is.EqualTo(at.AddMinutes(-30)), "by instant, not by the text's clock time");

        var having = db.Table<Stamp>().GroupBy(s => s.Name).Where(g => g.Max(x => x.Offset) > at && g.Max(x => x.Counter) > 5UL)
            .OrderByDescending(g => g.Min(x => x.Offset)).Select(g => g.Key).ToList();
        var havingLinq = rows.GroupBy(s => s.Name).Where(g => g.Max(x => x.Offset) > at && g.Max(x => x.Counter) > 5UL)
            .OrderByDescending(g => g.Min(x => x.Offset)).Select(g => g.Key).ToList();
        Assert.That(having, Is.EqualTo(havingLinq));

        var equal = db.Table<Stamp>().GroupBy(s => s.Name).Where(g => g.Max(x => x.Offset) == at.ToOffset(TimeSpan.FromHours(1))).Select(g => g.Key).ToList();
        Assert.That(equal, Is.EqualTo(rows.GroupBy(s => s.Name).Where(g => g.Max(x => x.Offset) == at.ToOffset(TimeSpan.FromHours(1))).Select(g => g.Key)));
        Assert.That(equal, Is.EqualTo(new[] { "a" }), "equal instants at other offsets are equal, as in .NET");

        var byCounter = db.Table<Stamp>().GroupBy(s => s.Name).OrderBy(g => g.Max(x => x.Counter)).Select(g => g.Key).ToList();
        Assert.That(byCounter, Is.EqualTo(rows.GroupBy(s => s.Name).OrderBy(g => g.Max(x => x.Counter)).Select(g => g.Key)));
    }

    [Test]
    public void GroupBy_nullable_date_time_offset_and_decimal_aggregates_over_null_groups_match_linq([Values] bool sqliteNet)
    {
        var db = Open(tweak: o =>
        {
            if (sqliteNet)
            {
                o.Storage = StorageFormat.SqliteNet();
            }
        });
        db.CreateTable<AllTypes>();
        var at = new DateTimeOffset(2023, 1, 2, 3, 4, 5, TimeSpan.FromHours(3));
        db.InsertAll(new[]
        {
            new AllTypes { Int32 = 1, NDateTimeOffset = null, NDecimal = null },
            new AllTypes { Int32 = 1, NDateTimeOffset = null, NDecimal = null },
            new AllTypes { Int32 = 2, NDateTimeOffset = at, NDecimal = 1.5m },
            new AllTypes { Int32 = 2, NDateTimeOffset = at.AddHours(-1).ToOffset(TimeSpan.FromHours(-5)), NDecimal = null },
            new AllTypes { Int32 = 3, NDateTimeOffset = at.AddHours(1), NDecimal = -0.5m },
        });
        var rows = db.Table<AllTypes>().ToList();

        var result = db.Table<AllTypes>().GroupBy(a => a.Int32)
            .Select(g => new { g.Key, First = g.Min(x => x.NDateTimeOffset), Last = g.Max(x => x.NDateTimeOffset), Sum = g.Sum(x => x.NDecimal), Avg = g.Average(x => x.NDecimal) }).ToList();
        var expected = rows.GroupBy(a => a.Int32)
            .Select(g => new { g.Key, First = g.Min(x => x.NDateTimeOffset), Last = g.Max(x => x.NDateTimeOffset), Sum = g.Sum(x => x.NDecimal), Avg = g.Average(x => x.NDecimal) }).ToList();
        Assert.That(result.Select(r => (r.Key, r.First?.UtcTicks, r.Last?.UtcTicks, r.Sum, r.Avg)), Is.EquivalentTo(expected.Select(r => (r.Key, r.First?.UtcTicks, r.Last?.UtcTicks, r.Sum, r.Avg))));
        Assert.That(result.Single(r => r.Key == 1).First, Is.Null, "a group of nulls has no Min");

        // A null Min/Average is in no comparison (C#'s lifted operators are false); a null Sum is 0.
        var having = db.Table<AllTypes>().GroupBy(a => a.Int32).Where(g => g.Min(x => x.NDateTimeOffset) < at || g.Average(x => x.NDecimal) < 0m || g.Sum(x => x.NDecimal) == 0m)
            .OrderBy(g => g.Max(x => x.NDateTimeOffset)).Select(g => g.Key).ToList();
        var havingLinq = rows.GroupBy(a => a.Int32).Where(g => g.Min(x => x.NDateTimeOffset) < at || g.Average(x => x.NDecimal) < 0m || g.Sum(x => x.NDecimal) == 0m)
            .OrderBy(g => g.Max(x => x.NDateTimeOffset)).Select(g => g.Key).ToList();
        Assert.That(having, Is.EqualTo(havingLinq));
        Assert.That(having, Is.EqualTo(new[] { 1, 2, 3 }));
    }

    [Test]
    public void GroupBy_decimal_sum_overflow_in_having_throws_overflow_and_keeps_the_rows()
    {
        var data = OpenJoinData(sqliteNet: false);
        var db = data.Db;
        db.Insert(new JoinOrder { CustomerId = 8, Region = "huge", Total = decimal.MaxValue, Placed = JoinDay });
        db.Insert(new JoinOrder { CustomerId = 8, Region = "huge", Total = 1m, Placed = JoinDay });
        var orders = db.Table<JoinOrder>().ToList();
        Assert.Throws<OverflowException>(() => orders.GroupBy(o => o.Region).Where(g => g.Sum(x => x.Total) > 1m).ToList());

        var query = db.Table<JoinOrder>().GroupBy(o => o.Region).Where(g => g.Sum(x => x.Total) > 1m);
        Assert.That(Assert.Throws<OverflowException>(() => query.Select(g => g.Key).ToList())!.Message, Does.Contain("decimal"));
        Assert.That(Assert.Throws<OverflowException>(() => query.Count())!.Message, Does.Contain("decimal"));
        Assert.Throws<OverflowException>(() => db.Table<JoinOrder>().GroupBy(o => o.Region).OrderBy(g => g.Sum(x => x.Total)).Select(g => g.Key).ToList());
        Assert.That(db.Table<JoinOrder>().Count(), Is.EqualTo(orders.Count), "nothing stored is touched");
    }

    [Test]
    public void GroupBy_exact_aggregates_in_having_refuse_what_has_no_exact_form()
    {
        var data = OpenJoinData(sqliteNet: false);
        var db = data.Db;

        // Decimal arithmetic over an exact sum would run as REAL.
        var arithmetic = Assert.Throws<NotSupportedException>(() => db.Table<JoinOrder>().GroupBy(o => o.Region).Where(g => g.Sum(x => x.Total) * 2m > 1m).Select(g => g.Key).ToList());
        Assert.That(arithmetic!.Message, Does.Contain("decimal"));

        // LINQ's culture comparison of strings has no SQL form, over an aggregate as over a column.
        var culture = Assert.Throws<NotSupportedException>(() => db.Table<JoinCustomer>().GroupBy(c => c.Region).Where(g => g.Min(x => x.Name)!.CompareTo("b") > 0));
        Assert.That(culture!.Message, Does.Contain("CompareTo"));
        Assert.That(db.Table<JoinOrder>().Count(), Is.EqualTo(data.Orders.Count), "nothing stored is touched");
    }

    [Test]
    public async Task Min_and_max_of_strings_on_one_table_compare_by_the_current_culture_as_linq_and_as_the_grouped_ones([Values] bool sqliteNet)
    {
        var data = OpenJoinData(sqliteNet);
        var db = data.Db;
        db.InsertAll(new[]
        {
            new JoinCustomer { Name = "apple", Region = "mixed", Since = JoinDay },
            new JoinCustomer { Name = "Banana", Region = "mixed", Since = JoinDay },
            new JoinCustomer { Name = "banana", Region = "mixed", Since = JoinDay },
            new JoinCustomer { Name = "Émile", Region = "mixed", Since = JoinDay },
            new JoinCustomer { Name = "zed", Region = "mixed", Since = JoinDay },
        });
        var customers = db.Table<JoinCustomer>().ToList();
        await using var adb = OpenAsyncJoinData(sqliteNet);
        var previous = CultureInfo.CurrentCulture;
        try
        {
            foreach (var culture in new[] { CultureInfo.InvariantCulture, new CultureInfo("en-US"), new CultureInfo("sv-SE") })
            {
                CultureInfo.CurrentCulture = culture;
                var mixed = db.Table<JoinCustomer>().Where(c => c.Region == "mixed");
                var expectedMin = customers.Where(c => c.Region == "mixed").Min(c => c.Name);
                var expectedMax = customers.Where(c => c.Region == "mixed").Max(c => c.Name);
                Assert.That(mixed.Min(c => c.Name), Is.EqualTo(expectedMin), culture.Name);
                Assert.That(mixed.Max(c => c.Name), Is.EqualTo(expectedMax), culture.Name);
                Assert.That(mixed.GroupBy(c => c.Region).Select(g => g.Min(x => x.Name)).First(), Is.EqualTo(mixed.Min(c => c.Name)), "one table and groups agree");
                Assert.That(await adb.Table<JoinCustomer>().Where(c => c.Region == "mixed").MaxAsync(c => c.Name), Is.EqualTo(expectedMax), culture.Name);
            }

            // Ordinally "Banana" would be the least; by culture it is "apple".
            CultureInfo.CurrentCulture = CultureInfo.InvariantCulture;
            Assert.That(db.Table<JoinCustomer>().Where(c => c.Region == "mixed").Min(c => c.Name), Is.EqualTo("apple"));
            Assert.That(db.Table<JoinCustomer>().Where(c => c.Region == "none").Max(c => c.Name), Is.Null, "no row: null, as LINQ's Max of strings");
            Assert.That(db.Table<JoinCustomer>().Where(c => c.Region == null).Min(c => c.Region), Is.Null, "only nulls: null");
        }
        finally
        {
            CultureInfo.CurrentCulture = previous;
        }
    }
}
