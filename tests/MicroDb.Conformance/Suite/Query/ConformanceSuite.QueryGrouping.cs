using MicroDb.Conformance.Models;

namespace MicroDb.Conformance;

// GroupBy (issue 22, run-time front end): each grouped query against LINQ-to-Objects over the rows read back from the
// same table (null keys, one-row groups, groups a HAVING empties), on both storage formats. The bodies that behave the
// same on PostgreSQL are in the portable suite (Portable/PortableSuite.Grouping.cs; sqlite-net's storage format runs them
// through ConformanceSuite.QueryJoins).
public abstract partial class ConformanceSuite
{

    // The results (and the same query's paging) are in the portable suite (PortableSuite.Grouping); here SQLite's SQL text.
    [Test]
    public void GroupBy_where_and_orderby_after_select_become_having_and_order_by_the_aggregate_sql()
    {
        var data = OpenJoinData(sqliteNet: false);
        var query = data.Db.Table<JoinLine>().Where(l => l.Quantity < 5)
            .GroupBy(l => l.Sku)
            .Select(g => new { Sku = g.Key, Total = g.Sum(x => x.Quantity) })
            .Where(x => x.Total > 1)
            .OrderByDescending(x => x.Total)
            .ThenBy(x => x.Sku);
        Assert.That(query.ToSqlString(), Does.Contain(" HAVING ").And.Contain(" ORDER BY coalesce(sum(\"Quantity\"), 0) DESC"));
        Assert.That(query.Where(x => x.Total > 100).FirstOrDefault(), Is.Null, "a HAVING that empties every group");
        Assert.That(data.Db.Table<JoinLine>().GroupBy(l => l.OrderId).Select(g => g.Count()).ToSqlString(), Does.Contain(" GROUP BY \"OrderId\""));
    }

    [Test]
    public void GroupBy_datetime_key_groups_by_ticks_whatever_the_kind([Values] bool sqliteNet)
    {
        var data = OpenJoinData(sqliteNet);
        var db = data.Db;
        db.Insert(new JoinCustomer { Name = "Fay", Since = DateTime.SpecifyKind(JoinDay, DateTimeKind.Local) });
        db.Insert(new JoinCustomer { Name = "Gus", Since = DateTime.SpecifyKind(JoinDay, DateTimeKind.Unspecified) });
        var customers = db.Table<JoinCustomer>().ToList();
        var actual = db.Table<JoinCustomer>().GroupBy(c => c.Since).Select(g => new { Ticks = g.Key.Ticks, Count = g.Count() }).ToList();
        var expected = customers.GroupBy(c => c.Since).Select(g => new { Ticks = g.Key.Ticks, Count = g.Count() }).ToList();
        Assert.That(actual, Is.EquivalentTo(expected));
        Assert.That(expected.Single(x => x.Ticks == JoinDay.Ticks).Count, Is.EqualTo(3));
    }

    [Test]
    public void GroupBy_int_sum_that_does_not_fit_throws_overflow_as_linq_does()
    {
        var data = OpenJoinData(sqliteNet: false);
        var db = data.Db;
        db.Insert(new JoinLine { OrderId = 7, Sku = "x", Quantity = int.MaxValue });
        db.Insert(new JoinLine { OrderId = 7, Sku = "y", Quantity = 1 });
        var lines = db.Table<JoinLine>().ToList();
        Assert.Throws<OverflowException>(() => lines.GroupBy(l => l.OrderId).Select(g => g.Sum(x => x.Quantity)).ToList());
        var query = db.Table<JoinLine>().GroupBy(l => l.OrderId).Select(g => new { g.Key, Total = g.Sum(x => x.Quantity) });
        Assert.Throws<OverflowException>(() => query.ToList());
        Assert.That(query.Where(x => x.Key != 7).ToList(), Has.Count.EqualTo(4), "the other groups still read");
    }

    [Test]
    public void GroupBy_rejects_what_it_cannot_translate_naming_it()
    {
        var data = OpenJoinData(sqliteNet: false);
        var db = data.Db;
        var groups = db.Table<JoinOrder>().GroupBy(o => o.Region);

        // An exact decimal sum compares in HAVING (QueryExactHaving), but arithmetic on it would run as REAL.
        var decimalHaving = Assert.Throws<NotSupportedException>(() => groups.Where(g => g.Sum(x => x.Total) * 2m > 10m));
        Assert.That(decimalHaving!.Message, Does.Contain("g.Sum(x => x.Total)"));

        var decimalArithmetic = Assert.Throws<NotSupportedException>(() => groups.Select(g => g.Sum(x => x.Total * 2)));
        Assert.That(decimalArithmetic!.Message, Does.Contain("decimal member"));

        var first = Assert.Throws<NotSupportedException>(() => groups.Select(g => g.First().Id));
        Assert.That(first!.Message, Does.Contain("'First' over a group"));

        var whole = Assert.Throws<NotSupportedException>(() => groups.Select(g => g.ToList()));
        Assert.That(whole!.Message, Does.Contain("ToList"));

        var ordered = Assert.Throws<NotSupportedException>(() => db.Table<JoinOrder>().Take(2).GroupBy(o => o.Region));
        Assert.That(ordered!.Message, Does.Contain("group the query").And.Contain("ordered or limited"));

        var afterTake = Assert.Throws<NotSupportedException>(() => groups.Select(g => new { g.Key, N = g.Count() }).Take(1).Where(x => x.N > 1));
        Assert.That(afterTake!.Message, Does.Contain("after Skip or Take"));
        Assert.That(db.Table<JoinOrder>().Count(), Is.EqualTo(data.Orders.Count), "nothing stored is touched");
    }
}
