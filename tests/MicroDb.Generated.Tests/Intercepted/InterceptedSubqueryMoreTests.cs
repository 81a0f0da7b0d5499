using MicroDb.Conformance.Models;
using MicroDb.Query;

namespace MicroDb.Generated.Tests.Intercepted;

/// <summary>
/// <c>Contains</c> over a table query with its own <c>Where</c>, <c>OrderBy</c>, <c>Take</c> and <c>Skip</c>
/// (<c>db.Table&lt;Line&gt;().Where(l =&gt; l.Quantity &gt; min).Select(l =&gt; l.OrderId).Contains(o.Id)</c>) is intercepted with the
/// run time's text (the interception check compares text, values and rows), with LINQ-to-Objects beside.
/// </summary>
[TestFixture("generated", "microdb")]
[TestFixture("generated", "sqlite-net")]
[TestFixture("reflection", "microdb")]
[TestFixture("reflection", "sqlite-net")]
public class InterceptedSubqueryMoreTests : InterceptedTestBase
{
    private List<JoinOrder> _orders = null!;
    private List<JoinLine> _lines = null!;

    public InterceptedSubqueryMoreTests(string mapping, string format)
        : base(mapping, format)
    {
    }

    protected override void Seed()
    {
        _db.CreateTable<JoinOrder>();
        _db.CreateTable<JoinLine>();
        _db.InsertAll(Enumerable.Range(1, 4).Select(i => new JoinOrder { Region = i == 4 ? null : "r" + i, Total = i }));
        _db.InsertAll(new[]
        {
            new JoinLine { OrderId = 1, Sku = "r2", Quantity = 4 },
            new JoinLine { OrderId = 2, Sku = "b", Quantity = 1 },
            new JoinLine { OrderId = 1, Sku = "a", Quantity = 1 },
            new JoinLine { OrderId = 3, Sku = "r3", Quantity = 9 },
            new JoinLine { OrderId = 2, Sku = "e", Quantity = 6 },
            new JoinLine { OrderId = 3, Sku = "r1", Quantity = 2 },
        });
        _orders = _db.Table<JoinOrder>().ToList();
        _lines = _db.Table<JoinLine>().ToList();
    }

    [Test]
    public void Contains_over_a_table_query_with_its_own_Where_is_intercepted_and_matches_LINQ()
    {
        var before = InterceptionCheck.Runs;
        var min = 3;

        var big = _db.Table<JoinOrder>().Where(o => _db.Table<JoinLine>().Where(l => l.Quantity > min).Select(l => l.OrderId).Contains(o.Id)).ToList();
        var notSmall = _db.Table<JoinOrder>().Count(o => !_db.Table<JoinLine>().Where(l => l.Quantity < 2).Where(l => l.Sku != "a").Select(l => l.OrderId).Contains(o.Id));
        var bySku = _db.Table<JoinOrder>().Where(o => _db.Table<JoinLine>().Where(l => l.Quantity >= 2).Select(l => l.Sku).Contains(o.Region)).ToList();

        Assert.That(Intercepted, Is.EqualTo(3), Seen);
        Assert.That(_seen.First(s => s.Source == StatementSource.Intercepted).Sql, Does.EndWith(
            "FROM \"join_orders\" WHERE \"Id\" IN (SELECT \"s0\".\"OrderId\" FROM \"join_lines\" AS \"s0\" WHERE (\"s0\".\"Quantity\" > ?))"), Seen);
        Assert.That(big.Select(o => o.Id), Is.EqualTo(_orders.Where(o => _lines.Where(l => l.Quantity > min).Select(l => l.OrderId).Contains(o.Id)).Select(o => o.Id)));
        Assert.That(big.Select(o => o.Id), Is.EqualTo(new[] { 1, 2, 3 }));
        Assert.That(notSmall, Is.EqualTo(_orders.Count(o => !_lines.Where(l => l.Quantity < 2).Where(l => l.Sku != "a").Select(l => l.OrderId).Contains(o.Id))).And.EqualTo(3));
        Assert.That(bySku.Select(o => o.Id), Is.EqualTo(_orders.Where(o => _lines.Where(l => l.Quantity >= 2).Select(l => l.Sku).Contains(o.Region)).Select(o => o.Id)));
        Assert.That(bySku.Select(o => o.Id), Is.EqualTo(new[] { 1, 2, 3 }));
        Assert.That(InterceptionCheck.Runs - before, Is.EqualTo(3), "The check compared each run with the run-time path.");
    }

    [Test]
    public void Contains_over_a_table_querys_ordered_and_limited_rows_is_intercepted_and_matches_LINQ()
    {
        var before = InterceptionCheck.Runs;

        var top = _db.Table<JoinOrder>().Where(o => _db.Table<JoinLine>().OrderByDescending(l => l.Quantity).ThenBy(l => l.Id).Take(2).Select(l => l.OrderId).Contains(o.Id)).ToList();
        var rest = _db.Table<JoinOrder>().Where(o => _db.Table<JoinLine>().OrderBy(l => l.Quantity).Skip(3).Where(l => l.Sku != "e").Select(l => l.Sku).Contains(o.Region)).OrderBy(o => o.Id).ToList();
        var deleted = _db.Table<JoinOrder>().Where(o => !_db.Table<JoinLine>().OrderBy(l => l.Id).Take(4).Select(l => l.OrderId).Contains(o.Id)).ExecuteDelete();

        Assert.That(Intercepted, Is.EqualTo(3), Seen);
        Assert.That(_seen.First(s => s.Source == StatementSource.Intercepted).Sql, Does.EndWith(
            "WHERE \"Id\" IN (SELECT \"s0\".\"OrderId\" FROM (SELECT \"Id\", \"OrderId\", \"Sku\", \"Quantity\" FROM \"join_lines\" AS \"s0\" "
            + "ORDER BY \"s0\".\"Quantity\" DESC, \"s0\".\"Id\" LIMIT 2) AS \"s0\")"), Seen);
        Assert.That(top.Select(o => o.Id), Is.EqualTo(_orders.Where(o => _lines.OrderByDescending(l => l.Quantity).ThenBy(l => l.Id).Take(2).Select(l => l.OrderId).Contains(o.Id)).Select(o => o.Id)));
        Assert.That(top.Select(o => o.Id), Is.EqualTo(new[] { 2, 3 }));
        var expectedRest = _orders.Where(o => _lines.OrderBy(l => l.Quantity).ThenBy(l => l.Id).Skip(3).Where(l => l.Sku != "e").Select(l => l.Sku).Contains(o.Region)).Select(o => o.Id);
        Assert.That(rest.Select(o => o.Id), Is.EqualTo(expectedRest));
        Assert.That(rest.Select(o => o.Id), Is.EqualTo(new[] { 2, 3 }));
        Assert.That(deleted, Is.EqualTo(_orders.Count(o => !_lines.OrderBy(l => l.Id).Take(4).Select(l => l.OrderId).Contains(o.Id))).And.EqualTo(1));
        Assert.That(InterceptionCheck.Runs - before, Is.EqualTo(3), "The check compared each run with the run-time path.");
        Assert.That(_db.Table<JoinOrder>().Select(o => o.Id).ToList(), Is.EqualTo(new[] { 1, 2, 3 }));
    }

    [Test]
    public void A_sub_querys_own_Where_before_its_Take_and_Skip_is_intercepted_and_matches_LINQ()
    {
        var before = InterceptionCheck.Runs;
        var min = 1;

        var top = _db.Table<JoinOrder>().Where(o => _db.Table<JoinLine>().Where(l => l.Quantity > min).OrderBy(l => l.Quantity).Where(l => l.Sku != "e").Take(2).Any(l => l.OrderId == o.Id)).ToList();
        var rest = _db.Table<JoinOrder>().Where(o => _db.Table<JoinLine>().Where(l => l.Quantity < 9).OrderBy(l => l.Id).Skip(2).Where(l => l.Quantity > min).Select(l => l.OrderId).Contains(o.Id)).ToList();
        var sorted = _db.Table<JoinOrder>().Count(o => _db.Table<JoinLine>().Where(l => l.Quantity > min).OrderBy(l => l.Sku).Count(l => l.OrderId == o.Id) >= 1);
        var lifted = _db.Table<JoinOrder>().Select(o => new { o.Id, N = _db.Table<JoinLine>().Where(l => l.Quantity >= min).OrderByDescending(l => l.Quantity).Take(3).Count(l => l.OrderId == o.Id) }).ToList();

        Assert.That(Intercepted, Is.EqualTo(4), Seen);
        Assert.That(_seen.First(s => s.Source == StatementSource.Intercepted).Sql, Does.EndWith(
            "WHERE EXISTS (SELECT 1 FROM (SELECT \"Id\", \"OrderId\", \"Sku\", \"Quantity\" FROM \"join_lines\" AS \"s0\" WHERE (\"s0\".\"Quantity\" > ?) AND (\"s0\".\"Sku\" IS NOT ?) "
            + "ORDER BY \"s0\".\"Quantity\" LIMIT 2) AS \"s0\" WHERE (\"s0\".\"OrderId\" = \"join_orders\".\"Id\"))"), Seen);
        var expectedTop = _orders.Where(o => _lines.Where(l => l.Quantity > min).OrderBy(l => l.Quantity).Where(l => l.Sku != "e").Take(2).Any(l => l.OrderId == o.Id));
        Assert.That(top.Select(o => o.Id), Is.EqualTo(expectedTop.Select(o => o.Id)));
        Assert.That(top.Select(o => o.Id), Is.EqualTo(new[] { 1, 3 }));
        var expectedRest = _orders.Where(o => _lines.Where(l => l.Quantity < 9).OrderBy(l => l.Id).Skip(2).Where(l => l.Quantity > min).Select(l => l.OrderId).Contains(o.Id));
        Assert.That(rest.Select(o => o.Id), Is.EqualTo(expectedRest.Select(o => o.Id)));
        Assert.That(rest.Select(o => o.Id), Is.EqualTo(new[] { 2, 3 }));
        Assert.That(sorted, Is.EqualTo(_orders.Count(o => _lines.Where(l => l.Quantity > min).Count(l => l.OrderId == o.Id) >= 1)).And.EqualTo(3));
        var expectedLifted = _orders.Select(o => new { o.Id, N = _lines.Where(l => l.Quantity >= min).OrderByDescending(l => l.Quantity).Take(3).Count(l => l.OrderId == o.Id) });
        Assert.That(lifted, Is.EqualTo(expectedLifted));
        Assert.That(lifted.Select(x => x.N), Is.EqualTo(new[] { 1, 1, 1, 0 }));
        Assert.That(InterceptionCheck.Runs - before, Is.EqualTo(4), "The check compared each run with the run-time path.");
    }

    [Test]
    public void A_sub_query_as_the_whole_projection_is_intercepted_and_matches_LINQ()
    {
        var before = InterceptionCheck.Runs;
        var min = 1;

        var counts = _db.Table<JoinOrder>().Where(o => o.Id < 4).Select(o => _db.Table<JoinLine>().Count(l => l.OrderId == o.Id && l.Quantity > min)).ToList();
        var any = _db.Table<JoinOrder>().Where(o => o.Id == 4).Select(o => _db.Table<JoinLine>().Any(l => l.OrderId == o.Id)).First();
        var most = _db.Table<JoinOrder>().Select(o => _db.Table<JoinLine>().Where(l => l.OrderId == o.Id).Max(l => (int?)l.Quantity)).ToArray();

        Assert.That(Intercepted, Is.EqualTo(3), Seen);
        Assert.That(_seen.First(s => s.Source == StatementSource.Intercepted).Sql, Does.StartWith(
            "SELECT 1, (SELECT count(*) FROM \"join_lines\" AS \"s0\" WHERE ((\"s0\".\"OrderId\" = \"join_orders\".\"Id\") AND (\"s0\".\"Quantity\" > ?))) FROM \"join_orders\""), Seen);
        Assert.That(counts, Is.EqualTo(_orders.Where(o => o.Id < 4).Select(o => _lines.Count(l => l.OrderId == o.Id && l.Quantity > min))));
        Assert.That(counts, Is.EqualTo(new[] { 1, 1, 2 }));
        Assert.That(any, Is.False);
        Assert.That(most, Is.EqualTo(_orders.Select(o => _lines.Where(l => l.OrderId == o.Id).Max(l => (int?)l.Quantity))));
        Assert.That(most, Is.EqualTo(new int?[] { 4, 6, 9, null }));
        Assert.That(InterceptionCheck.Runs - before, Is.EqualTo(3), "The check compared each run with the run-time path.");
    }

    [Test]
    public void An_ordering_of_two_integer_members_in_a_sub_query_is_intercepted_and_matches_LINQ()
    {
        var before = InterceptionCheck.Runs;

        var big = _db.Table<JoinOrder>().Where(o => _db.Table<JoinLine>().Any(l => l.OrderId == o.Id && l.Quantity > o.Id)).ToList();
        var small = _db.Table<JoinOrder>().Count(o => _db.Table<JoinLine>().All(l => o.Id >= l.Quantity));
        var fewer = _db.Table<JoinOrder>().Where(o => _db.Table<JoinLine>().Count(l => l.Quantity < o.Id) >= 2).ToList();

        Assert.That(Intercepted, Is.EqualTo(3), Seen);
        Assert.That(_seen.First(s => s.Source == StatementSource.Intercepted).Sql, Does.EndWith(
            "WHERE EXISTS (SELECT 1 FROM \"join_lines\" AS \"s0\" WHERE ((\"s0\".\"OrderId\" = \"join_orders\".\"Id\") AND (\"s0\".\"Quantity\" > \"join_orders\".\"Id\")))"), Seen);
        Assert.That(big.Select(o => o.Id), Is.EqualTo(_orders.Where(o => _lines.Any(l => l.OrderId == o.Id && l.Quantity > o.Id)).Select(o => o.Id)));
        Assert.That(big.Select(o => o.Id), Is.EqualTo(new[] { 1, 2, 3 }));
        Assert.That(small, Is.EqualTo(_orders.Count(o => _lines.All(l => o.Id >= l.Quantity))).And.EqualTo(0));
        Assert.That(fewer.Select(o => o.Id), Is.EqualTo(_orders.Where(o => _lines.Count(l => l.Quantity < o.Id) >= 2).Select(o => o.Id)));
        Assert.That(fewer.Select(o => o.Id), Is.EqualTo(new[] { 2, 3, 4 }));
        Assert.That(InterceptionCheck.Runs - before, Is.EqualTo(3), "The check compared each run with the run-time path.");
    }
}
