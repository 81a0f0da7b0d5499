using System.Globalization;
using MicroDb.Conformance.Models;

namespace MicroDb.Conformance;

// Group aggregates that SQL's own functions would get wrong, computed exactly by MicroDb's registered aggregate functions:
// decimal Sum/Average as decimal, Min/Max by .NET's order (ulong, DateTime kinds, decimal scales, strings by culture).
public abstract partial class ConformanceSuite
{
    [Test]
    public void GroupBy_decimal_sum_and_average_are_exact_as_linq([Values] bool sqliteNet)
    {
        var data = OpenJoinData(sqliteNet);
        var db = data.Db;
        // 0.1 + 0.2 as REAL is 0.30000000000000004; as decimal it is 0.3.
        db.InsertAll(new[]
        {
            new JoinOrder { CustomerId = 5, Region = "tenths", Total = 0.1m, Placed = JoinDay },
            new JoinOrder { CustomerId = 5, Region = "tenths", Total = 0.2m, Placed = JoinDay },
            new JoinOrder { CustomerId = 5, Region = "tenths", Total = 0.3m, Placed = JoinDay },
        });
        var orders = db.Table<JoinOrder>().ToList();

        var actual = db.Table<JoinOrder>().GroupBy(o => o.Region).Select(g => new { g.Key, Sum = g.Sum(x => x.Total), Avg = g.Average(x => x.Total) }).ToList();
        var expected = orders.GroupBy(o => o.Region).Select(g => new { g.Key, Sum = g.Sum(x => x.Total), Avg = g.Average(x => x.Total) }).ToList();
        Assert.That(actual, Is.EquivalentTo(expected));
        Assert.That(actual.Single(x => x.Key == "tenths").Sum, Is.EqualTo(0.6m));
        Assert.That(actual.Single(x => x.Key == "tenths").Avg, Is.EqualTo(0.2m));

        // Over a join (the element is the joined row), and a bare Sum over an element selector's decimals.
        var joined = db.Table<JoinOrder>().Join(db.Table<JoinCustomer>(), o => o.CustomerId, c => (int?)c.Id, (o, c) => new { o.Total, c.Region, c.Credit })
            .GroupBy(x => x.Region).Select(g => new { g.Key, Sum = g.Sum(x => x.Total), Max = g.Max(x => x.Credit) }).ToList();
        var customers = db.Table<JoinCustomer>().ToList();
        var joinedLinq = orders.Join(customers, o => o.CustomerId, c => (int?)c.Id, (o, c) => new { o.Total, c.Region, c.Credit })
            .GroupBy(x => x.Region).Select(g => new { g.Key, Sum = g.Sum(x => x.Total), Max = g.Max(x => x.Credit) }).ToList();
        Assert.That(joined, Is.EquivalentTo(joinedLinq));

        var bare = db.Table<JoinOrder>().GroupBy(o => o.CustomerId, o => o.Total).Select(g => new { g.Key, Sum = g.Sum() }).ToList();
        Assert.That(bare, Is.EquivalentTo(orders.GroupBy(o => o.CustomerId, o => o.Total).Select(g => new { g.Key, Sum = g.Sum() })));
    }

    [Test]
    public void GroupBy_decimal_sum_that_does_not_fit_throws_overflow_as_linq_does()
    {
        var data = OpenJoinData(sqliteNet: false);
        var db = data.Db;
        db.Insert(new JoinOrder { CustomerId = 8, Region = "huge", Total = decimal.MaxValue, Placed = JoinDay });
        db.Insert(new JoinOrder { CustomerId = 8, Region = "huge", Total = 1m, Placed = JoinDay });
        var orders = db.Table<JoinOrder>().ToList();
        Assert.Throws<OverflowException>(() => orders.GroupBy(o => o.Region).Select(g => g.Sum(x => x.Total)).ToList());

        var query = db.Table<JoinOrder>().GroupBy(o => o.Region).Select(g => new { g.Key, Sum = g.Sum(x => x.Total) });
        Assert.That(Assert.Throws<OverflowException>(() => query.ToList())!.Message, Does.Contain("decimal"));
        Assert.That(query.Where(x => x.Key != "huge").ToList(), Has.Count.EqualTo(orders.Select(o => o.Region).Distinct().Count() - 1), "the other groups still read");
        Assert.That(db.Table<JoinOrder>().Count(), Is.EqualTo(orders.Count), "nothing stored is touched");
    }

    [Test]
    public void GroupBy_min_and_max_of_strings_compare_as_linq_by_the_current_culture([Values] bool sqliteNet)
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
        var previous = CultureInfo.CurrentCulture;
        try
        {
            foreach (var culture in new[] { CultureInfo.InvariantCulture, new CultureInfo("en-US"), new CultureInfo("sv-SE") })
            {
                CultureInfo.CurrentCulture = culture;
                var actual = db.Table<JoinCustomer>().GroupBy(c => c.Region).Select(g => new { g.Key, Min = g.Min(x => x.Name), Max = g.Max(x => x.Name) }).ToList();
                var expected = customers.GroupBy(c => c.Region).Select(g => new { g.Key, Min = g.Min(x => x.Name), Max = g.Max(x => x.Name) });
                Assert.That(actual, Is.EquivalentTo(expected), culture.Name);
            }
        }
        finally
        {
            CultureInfo.CurrentCulture = previous;
        }

        // Ordinal order would give "Banana" and "zed"; by culture the least is "apple".
        CultureInfo.CurrentCulture = CultureInfo.InvariantCulture;
        try
        {
            Assert.That(db.Table<JoinCustomer>().Where(c => c.Region == "mixed").GroupBy(c => c.Region).Select(g => g.Min(x => x.Name)).First(), Is.EqualTo("apple"));
        }
        finally
        {
            CultureInfo.CurrentCulture = previous;
        }
    }

    [Test]
    public void GroupBy_min_and_max_of_dates_and_decimals_order_as_dotnet([Values] bool sqliteNet)
    {
        var data = OpenJoinData(sqliteNet);
        var db = data.Db;
        var orders = db.Table<JoinOrder>().ToList();
        // Kinds differ (a Local and an Unspecified date among Utc ones); decimals differ in scale (1.50m, 2.000m).
        var actual = db.Table<JoinOrder>().GroupBy(o => o.Region).Select(g => new { g.Key, First = g.Min(x => x.Placed), Last = g.Max(x => x.Placed), Low = g.Min(x => x.Total), High = g.Max(x => x.Total) }).ToList();
        var expected = orders.GroupBy(o => o.Region).Select(g => new { g.Key, First = g.Min(x => x.Placed), Last = g.Max(x => x.Placed), Low = g.Min(x => x.Total), High = g.Max(x => x.Total) }).ToList();
        Assert.That(actual, Is.EquivalentTo(expected));
        var north = actual.Single(x => x.Key == "north");
        Assert.That(north.Last.Kind, Is.EqualTo(expected.Single(x => x.Key == "north").Last.Kind), "the value read back keeps its stored kind");
    }
}
