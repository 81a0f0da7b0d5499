using MicroDb.Conformance.Models;
using MicroDb.Query;

namespace MicroDb.Generated.Tests.Intercepted;

/// <summary>
/// A sub-query whose table query has its own <c>OrderBy</c>/<c>ThenBy</c> keys and constant <c>Take</c>/<c>Skip</c> before
/// its Where calls (<c>db.Table&lt;Line&gt;().OrderBy(l =&gt; l.Quantity).Take(2).Any(l =&gt; l.OrderId == o.Id)</c>) is
/// intercepted: its limited rows are read as <c>(SELECT ... ORDER BY ... LIMIT ... OFFSET ...) AS "s0"</c>, the run time's
/// text (the interception check compares text, values and rows), in a condition and in a projection, with LINQ-to-Objects beside.
/// </summary>
[TestFixture("generated", "microdb")]
[TestFixture("generated", "sqlite-net")]
[TestFixture("reflection", "microdb")]
[TestFixture("reflection", "sqlite-net")]
public class InterceptedSubqueryPagingTests : InterceptedTestBase
{
    private List<JoinOrder> _orders = null!;
    private List<JoinLine> _lines = null!;

    public InterceptedSubqueryPagingTests(string mapping, string format)
        : base(mapping, format)
    {
    }

    protected override void Seed()
    {
        _db.CreateTable<JoinOrder>();
        _db.CreateTable<JoinLine>();
        _db.InsertAll(Enumerable.Range(1, 4).Select(i => new JoinOrder { Region = "r" + i, Total = i }));
        _db.InsertAll(new[]
        {
            new JoinLine { OrderId = 1, Sku = "d", Quantity = 4 },
            new JoinLine { OrderId = 2, Sku = "b", Quantity = 1 },
            new JoinLine { OrderId = 1, Sku = "a", Quantity = 1 },
            new JoinLine { OrderId = 3, Sku = "c", Quantity = 9 },
            new JoinLine { OrderId = 2, Sku = "e", Quantity = 6 },
            new JoinLine { OrderId = 3, Sku = "f", Quantity = 2 },
        });
        _orders = _db.Table<JoinOrder>().ToList();
        _lines = _db.Table<JoinLine>().ToList();
    }

    [Test]
    public void A_sub_querys_ordered_and_limited_rows_in_a_condition_are_intercepted_and_match_LINQ()
    {
        var before = InterceptionCheck.Runs;

        var second = _db.Table<JoinOrder>().Where(o => _db.Table<JoinLine>().OrderBy(l => l.Quantity).ThenByDescending(l => l.Id).Skip(1).Take(2).Any(l => l.OrderId == o.Id)).ToList();
        var firstThree = _db.Table<JoinOrder>().Count(o => _db.Table<JoinLine>().OrderBy(l => l.Sku).Take(3).Count(l => l.OrderId == o.Id) >= 1);
        var noneLeft = _db.Table<JoinOrder>().Where(o => !_db.Table<JoinLine>().OrderByDescending(l => l.Quantity).Skip(4).Any(l => l.OrderId == o.Id)).OrderBy(o => o.Id).ToList();
        var sorted = _db.Table<JoinOrder>().Where(o => _db.Table<JoinLine>().OrderBy(l => l.Sku).Count(l => l.OrderId == o.Id) > 1).ToList();

        Assert.That(Intercepted, Is.EqualTo(4), Seen);
        Assert.That(_seen.First(s => s.Source == StatementSource.Intercepted).Sql, Does.EndWith(
            "FROM \"join_orders\" WHERE EXISTS (SELECT 1 FROM (SELECT \"Id\", \"OrderId\", \"Sku\", \"Quantity\" FROM \"join_lines\" AS \"s0\" "
            + "ORDER BY \"s0\".\"Quantity\", \"s0\".\"Id\" DESC LIMIT 2 OFFSET 1) AS \"s0\" WHERE (\"s0\".\"OrderId\" = \"join_orders\".\"Id\"))"), Seen);
        Assert.That(second.Select(o => o.Id), Is.EqualTo(_orders.Where(o => _lines.OrderBy(l => l.Quantity).ThenByDescending(l => l.Id).Skip(1).Take(2).Any(l => l.OrderId == o.Id)).Select(o => o.Id)));
        Assert.That(second.Select(o => o.Id), Is.EqualTo(new[] { 2, 3 }));
        Assert.That(firstThree, Is.EqualTo(_orders.Count(o => _lines.OrderBy(l => l.Sku, StringComparer.Ordinal).Take(3).Count(l => l.OrderId == o.Id) >= 1)).And.EqualTo(3));
        Assert.That(noneLeft.Select(o => o.Id), Is.EqualTo(_orders.Where(o => !_lines.OrderByDescending(l => l.Quantity).Skip(4).Any(l => l.OrderId == o.Id)).Select(o => o.Id)));
        Assert.That(noneLeft.Select(o => o.Id), Is.EqualTo(new[] { 3, 4 }));
        Assert.That(sorted.Select(o => o.Id), Is.EqualTo(new[] { 1, 2, 3 }));
        Assert.That(InterceptionCheck.Runs - before, Is.EqualTo(4), "The check compared each run with the run-time path.");
    }

    [Test]
    public void A_projections_sub_query_over_limited_rows_reads_LINQs_values_including_empty_ones()
    {
        var before = InterceptionCheck.Runs;
        var min = 1;

        var rows = _db.Table<JoinOrder>().Select(o => new
        {
            o.Id,
            Top = _db.Table<JoinLine>().OrderByDescending(l => l.Quantity).Take(3).Where(l => l.Quantity > min).Where(l => l.OrderId == o.Id).Sum(l => l.Quantity),
            Least = _db.Table<JoinLine>().OrderBy(l => l.Quantity).ThenBy(l => l.Id).Take(2).Where(l => l.OrderId == o.Id).Min(l => (int?)l.Quantity),
        }).ToList();
        var first = _db.Table<JoinOrder>().Where(o => o.Id == 4).Select(o => new { o.Id, Any = _db.Table<JoinLine>().Take(100).Any(l => l.OrderId == o.Id) }).First();

        Assert.That(Intercepted, Is.EqualTo(2), Seen);
        Assert.That(_seen.First(s => s.Source == StatementSource.Intercepted).Sql, Does.StartWith(
            "SELECT \"Id\", (SELECT coalesce(sum(\"s0\".\"Quantity\"), 0) FROM (SELECT \"Id\", \"OrderId\", \"Sku\", \"Quantity\" FROM \"join_lines\" AS \"s0\" "
            + "ORDER BY \"s0\".\"Quantity\" DESC LIMIT 3) AS \"s0\" WHERE (\"s0\".\"Quantity\" > ?) AND (\"s0\".\"OrderId\" = \"join_orders\".\"Id\")), "), Seen);
        var expected = _orders.Select(o => new
        {
            o.Id,
            Top = _lines.OrderByDescending(l => l.Quantity).Take(3).Where(l => l.Quantity > min).Where(l => l.OrderId == o.Id).Sum(l => l.Quantity),
            Least = _lines.OrderBy(l => l.Quantity).ThenBy(l => l.Id).Take(2).Where(l => l.OrderId == o.Id).Min(l => (int?)l.Quantity),
        });
        Assert.That(rows, Is.EqualTo(expected));
        Assert.That(rows.Select(r => r.Top), Is.EqualTo(new[] { 4, 6, 9, 0 }));
        Assert.That(rows.Select(r => r.Least), Is.EqualTo(new int?[] { 1, 1, null, null }));
        Assert.That(first, Is.EqualTo(new { Id = 4, Any = false }));
        Assert.That(InterceptionCheck.Runs - before, Is.EqualTo(2), "The check compared each run with the run-time path.");
    }

    [Test]
    public void Limited_rows_in_a_joins_Where_and_before_GroupBy_are_intercepted_and_match_LINQ()
    {
        _db.CreateTable<JoinCustomer>();
        _db.InsertAll(new[] { new JoinCustomer { Name = "one", Region = "r1" }, new JoinCustomer { Name = "two", Region = "r2" } });
        _db.Execute("UPDATE join_orders SET CustomerId = CASE WHEN Id < 3 THEN 1 ELSE 2 END");
        var orders = _db.Table<JoinOrder>().ToList();
        var customers = _db.Table<JoinCustomer>().ToList();
        _seen.Clear();
        var before = InterceptionCheck.Runs;

        var joined = _db.Table<JoinOrder>().Join(_db.Table<JoinCustomer>(), o => o.CustomerId, c => (int?)c.Id, (o, c) => new { o.Id, c.Name })
            .Where(x => _db.Table<JoinLine>().OrderByDescending(l => l.Quantity).Take(2).Any(l => l.OrderId == x.Id)).ToList();
        var grouped = _db.Table<JoinOrder>().Where(o => _db.Table<JoinLine>().OrderBy(l => l.Sku).Skip(2).Any(l => l.OrderId == o.Id))
            .GroupBy(o => o.CustomerId).Select(g => new { g.Key, N = g.Count() }).ToList();

        Assert.That(Intercepted, Is.EqualTo(2), Seen);
        Assert.That(_seen.First(s => s.Source == StatementSource.Intercepted).Sql, Does.EndWith(
            "WHERE EXISTS (SELECT 1 FROM (SELECT \"Id\", \"OrderId\", \"Sku\", \"Quantity\" FROM \"join_lines\" AS \"s0\" ORDER BY \"s0\".\"Quantity\" DESC LIMIT 2) AS \"s0\" "
            + "WHERE (\"s0\".\"OrderId\" = \"t0\".\"Id\"))"), Seen);
        var expectedJoin = orders.Join(customers, o => o.CustomerId, c => (int?)c.Id, (o, c) => new { o.Id, c.Name })
            .Where(x => _lines.OrderByDescending(l => l.Quantity).Take(2).Any(l => l.OrderId == x.Id));
        Assert.That(joined.OrderBy(x => x.Id), Is.EqualTo(expectedJoin));
        Assert.That(joined.Select(x => x.Id).Order(), Is.EqualTo(new[] { 2, 3 }));
        var expectedGroups = orders.Where(o => _lines.OrderBy(l => l.Sku, StringComparer.Ordinal).Skip(2).Any(l => l.OrderId == o.Id))
            .GroupBy(o => o.CustomerId).Select(g => new { g.Key, N = g.Count() });
        Assert.That(grouped.OrderBy(g => g.Key), Is.EqualTo(expectedGroups.OrderBy(g => g.Key)));
        Assert.That(grouped.OrderBy(g => g.Key), Is.EqualTo(new[] { new { Key = (int?)1, N = 2 }, new { Key = (int?)2, N = 1 } }));
        Assert.That(InterceptionCheck.Runs - before, Is.EqualTo(2), "The check compared each run with the run-time path.");
    }
}
