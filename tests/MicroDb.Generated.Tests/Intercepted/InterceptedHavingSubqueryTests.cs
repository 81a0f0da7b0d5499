using MicroDb.Conformance.Models;
using MicroDb.Query;

namespace MicroDb.Generated.Tests.Intercepted;

/// <summary>
/// A sub-query in a grouping's condition after GroupBy (HAVING) at build time (issue 22): Any, Count compared with a value
/// and Select(...).Contains(...) correlated by <c>g.Key</c> (a nullable or plain member key, a composite key's part). Each
/// run is intercepted with the run-time path's SQL, values and rows (the interception check compares every run) and equals
/// LINQ-to-Objects (groups with and without a match, a null key), on both mapping paths and storage formats.
/// </summary>
[TestFixture("generated", "microdb")]
[TestFixture("generated", "sqlite-net")]
[TestFixture("reflection", "microdb")]
[TestFixture("reflection", "sqlite-net")]
public class InterceptedHavingSubqueryTests : InterceptedTestBase
{
    private List<JoinOrder> _orders = null!;
    private List<JoinLine> _lines = null!;
    private List<JoinCustomer> _customers = null!;

    public InterceptedHavingSubqueryTests(string mapping, string format)
        : base(mapping, format)
    {
    }

    protected override void Seed()
    {
        _db.CreateTable<JoinOrder>();
        _db.CreateTable<JoinLine>();
        _db.CreateTable<JoinCustomer>();
        // Customer keys: two orders of 1, one of 2, two with none (null), one of 99 (no such customer); regions with a null.
        int?[] customers = [1, 1, null, 2, 99, null];
        string?[] regions = ["r1", "r1", "r3", null, "r9", "r3"];
        _db.InsertAll(Enumerable.Range(1, 6).Select(i => new JoinOrder { Region = regions[i - 1], Total = i, CustomerId = customers[i - 1] }));
        _db.InsertAll(new[]
        {
            new JoinCustomer { Name = "one", Region = "r1" },
            new JoinCustomer { Name = "two", Region = null },
            new JoinCustomer { Name = "three", Region = "r3" },
            new JoinCustomer { Name = "four", Region = "r3" },
        });
        _db.InsertAll(new[]
        {
            new JoinLine { OrderId = 1, Sku = "a", Quantity = 1 },
            new JoinLine { OrderId = 1, Sku = "b", Quantity = 5 },
            new JoinLine { OrderId = 2, Sku = "a", Quantity = 2 },
            new JoinLine { OrderId = 42, Sku = "d", Quantity = 9 },
            new JoinLine { OrderId = 42, Sku = "e", Quantity = 3 },
        });
        _orders = _db.Table<JoinOrder>().ToList();
        _lines = _db.Table<JoinLine>().ToList();
        _customers = _db.Table<JoinCustomer>().ToList();
    }

    [Test]
    public void Any_correlated_by_a_nullable_key_is_intercepted_and_matches_LINQ()
    {
        var before = InterceptionCheck.Runs;
        var name = "two";

        var groups = _db.Table<JoinOrder>().GroupBy(o => o.CustomerId).Where(g => _db.Table<JoinCustomer>().Any(c => c.Id == g.Key && c.Name != name))
            .Select(g => new { g.Key, Count = g.Count() }).ToList();

        Assert.That(Intercepted, Is.EqualTo(1), Seen);
        Assert.That(InterceptionCheck.Runs - before, Is.EqualTo(1), "The check compared the intercepted run with the run-time path.");
        Assert.That(_seen[^1].Sql, Does.EndWith(
            "GROUP BY \"CustomerId\" HAVING EXISTS (SELECT 1 FROM \"join_customers\" AS \"s0\" WHERE ((\"s0\".\"Id\" IS \"join_orders\".\"CustomerId\") AND (\"s0\".\"Name\" IS NOT ?)))"), Seen);
        var expected = _orders.GroupBy(o => o.CustomerId).Where(g => _customers.Any(c => c.Id == g.Key && c.Name != name))
            .Select(g => new { g.Key, Count = g.Count() }).ToList();
        Assert.That(groups.OrderBy(g => g.Key), Is.EqualTo(expected.OrderBy(g => g.Key)));
        Assert.That(groups.Select(g => g.Key), Is.EquivalentTo(new int?[] { 1 }));
    }

    [Test]
    public void A_sub_query_over_the_first_rows_of_a_table_is_intercepted_and_matches_LINQ()
    {
        var before = InterceptionCheck.Runs;

        var groups = _db.Table<JoinOrder>().GroupBy(o => o.CustomerId).Where(g => _db.Table<JoinCustomer>().OrderBy(c => c.Id).Take(1).Any(c => c.Id == g.Key))
            .Select(g => new { g.Key, Count = g.Count() }).ToList();

        Assert.That(Intercepted, Is.EqualTo(1), Seen);
        Assert.That(InterceptionCheck.Runs - before, Is.EqualTo(1), "The check compared the intercepted run with the run-time path.");
        Assert.That(_seen[^1].Sql, Does.Contain("LIMIT"), Seen);
        var expected = _orders.GroupBy(o => o.CustomerId).Where(g => _customers.OrderBy(c => c.Id).Take(1).Any(c => c.Id == g.Key))
            .Select(g => new { g.Key, Count = g.Count() }).ToList();
        Assert.That(groups.OrderBy(g => g.Key), Is.EqualTo(expected.OrderBy(g => g.Key)));
        Assert.That(groups.Select(g => g.Key), Is.EquivalentTo(new int?[] { 1 }));
    }

    [Test]
    public void Not_Any_keeps_the_null_key_and_the_unmatched_groups()
    {
        var groups = _db.Table<JoinOrder>().GroupBy(o => o.CustomerId).Where(g => !_db.Table<JoinCustomer>().Any(c => c.Id == g.Key))
            .Select(g => new { g.Key, Count = g.Count() }).ToList();

        Assert.That(Intercepted, Is.EqualTo(1), Seen);
        var expected = _orders.GroupBy(o => o.CustomerId).Where(g => !_customers.Any(c => c.Id == g.Key)).Select(g => new { g.Key, Count = g.Count() });
        Assert.That(groups.OrderBy(g => g.Key), Is.EqualTo(expected.OrderBy(g => g.Key)));
        Assert.That(groups.Select(g => g.Key), Is.EquivalentTo(new int?[] { null, 99 }));
    }

    [Test]
    public void A_count_compared_with_a_value_over_a_composite_key_part_matches_LINQ()
    {
        var before = InterceptionCheck.Runs;
        var n = 2;

        var groups = _db.Table<JoinOrder>().Where(o => o.Id > 0).GroupBy(o => new { o.Region, o.CustomerId })
            .Where(g => g.Count() >= 1 && _db.Table<JoinCustomer>().Count(c => c.Region == g.Key.Region) >= n)
            .Select(g => new { g.Key.Region, g.Key.CustomerId, N = g.Count() }).ToList();

        Assert.That(Intercepted, Is.EqualTo(1), Seen);
        Assert.That(InterceptionCheck.Runs - before, Is.EqualTo(1), "The check compared the intercepted run with the run-time path.");
        var expected = _orders.Where(o => o.Id > 0).GroupBy(o => new { o.Region, o.CustomerId })
            .Where(g => g.Count() >= 1 && _customers.Count(c => c.Region == g.Key.Region) >= n)
            .Select(g => new { g.Key.Region, g.Key.CustomerId, N = g.Count() }).ToList();
        Assert.That(groups.OrderBy(g => g.Region).ThenBy(g => g.CustomerId), Is.EqualTo(expected.OrderBy(g => g.Region).ThenBy(g => g.CustomerId)));
        Assert.That(groups.Select(g => g.Region), Is.EquivalentTo(new[] { "r3" }));
    }

    [Test]
    public void Contains_over_a_plain_key_and_a_count_equal_to_zero_match_LINQ()
    {
        var orphans = _db.Table<JoinLine>().GroupBy(l => l.OrderId).Where(g => !_db.Table<JoinOrder>().Select(o => o.Id).Contains(g.Key))
            .Select(g => new { g.Key, Total = g.Sum(l => l.Quantity) }).ToList();
        var withoutLines = _db.Table<JoinOrder>().GroupBy(o => o.Region).Where(g => _db.Table<JoinCustomer>().Count(c => c.Region == g.Key) == 0)
            .Select(g => new { g.Key, N = g.Count() }).ToList();

        Assert.That(Intercepted, Is.EqualTo(2), Seen);
        Assert.That(orphans, Is.EquivalentTo(_lines.GroupBy(l => l.OrderId).Where(g => !_orders.Select(o => o.Id).Contains(g.Key)).Select(g => new { g.Key, Total = g.Sum(l => l.Quantity) })));
        Assert.That(orphans.Select(g => g.Key), Is.EqualTo(new[] { 42 }));
        Assert.That(withoutLines, Is.EquivalentTo(_orders.GroupBy(o => o.Region).Where(g => _customers.Count(c => c.Region == g.Key) == 0).Select(g => new { g.Key, N = g.Count() })));
        Assert.That(withoutLines.Select(g => g.Key), Is.EquivalentTo(new[] { "r9" }));
    }

    [Test]
    public void A_sub_query_after_the_grouped_select_and_one_nested_in_it_match_LINQ()
    {
        var before = InterceptionCheck.Runs;

        var known = _db.Table<JoinOrder>().GroupBy(o => o.CustomerId).Select(g => new { g.Key, N = g.Count() }).Where(r => _db.Table<JoinCustomer>().Any(c => c.Id == r.Key)).ToList();
        var shared = _db.Table<JoinOrder>().GroupBy(o => o.CustomerId)
            .Where(g => _db.Table<JoinCustomer>().Any(c => c.Id == g.Key && _db.Table<JoinOrder>().Any(o => o.Region == c.Region))).Select(g => g.Key).ToList();

        Assert.That(Intercepted, Is.EqualTo(2), Seen);
        Assert.That(InterceptionCheck.Runs - before, Is.EqualTo(2), "The check compared the intercepted runs with the run-time path.");
        Assert.That(known, Is.EquivalentTo(_orders.GroupBy(o => o.CustomerId).Select(g => new { g.Key, N = g.Count() }).Where(r => _customers.Any(c => c.Id == r.Key))));
        Assert.That(known.Select(r => r.Key), Is.EquivalentTo(new int?[] { 1, 2 }));
        Assert.That(shared, Is.EquivalentTo(_orders.GroupBy(o => o.CustomerId).Where(g => _customers.Any(c => c.Id == g.Key && _orders.Any(o => o.Region == c.Region))).Select(g => g.Key)));
        Assert.That(shared, Is.EquivalentTo(new int?[] { 1, 2 }));
    }

    [Test]
    public void Having_subquery_rejects_a_bad_description()
    {
        var site = new InterceptedSite("SELECT 1");

        Assert.That(() => site.HavingSubquery(-1, "R"), Throws.InstanceOf<ArgumentOutOfRangeException>().With.Property("ParamName").EqualTo("having"));
        Assert.That(() => site.HavingSubquery(0, null!), Throws.ArgumentNullException.With.Property("ParamName").EqualTo("path"));
        Assert.That(site.HavingSubquery(0, "R"), Is.SameAs(site));
    }

    [Test]
    public void A_having_sub_query_on_another_connection_throws_the_run_time_error()
    {
        using var other = InterceptedFixture.Open(_mapping, _format, _ => { });
        other.CreateTable<JoinCustomer>();

        var error = Assert.Throws<NotSupportedException>(() => _db.Table<JoinOrder>().GroupBy(o => o.CustomerId).Where(g => other.Table<JoinCustomer>().Any(c => c.Id == g.Key))
            .Select(g => new { g.Key, Count = g.Count() }).ToList());
        Assert.That(error!.Message, Does.Contain("another connection"));
        Assert.That(_seen.Where(s => s.Source == StatementSource.Intercepted), Is.Empty, Seen);
    }
}
