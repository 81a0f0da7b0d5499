using MicroDb.Conformance.Models;
using MicroDb.Query;

namespace MicroDb.Generated.Tests.Intercepted;

/// <summary>
/// Sub-query forms lowered at build time beside the correlated Where: a Where before the correlated one (the table
/// query's own condition), aggregates of double members (Sum as total()), and a sub-query in a grouping's Where before
/// GroupBy (checked on each run as a one-table query's). The text, values and rows are the run-time path's (the
/// interception check compares them), on both mapping paths and storage formats, with LINQ-to-Objects beside.
/// </summary>
[TestFixture("generated", "microdb")]
[TestFixture("generated", "sqlite-net")]
[TestFixture("reflection", "microdb")]
[TestFixture("reflection", "sqlite-net")]
public class InterceptedSubqueryFormTests : InterceptedTestBase
{
    private List<JoinOrder> _orders = null!;
    private List<JoinLine> _lines = null!;
    private List<Reading> _readings = null!;

    public InterceptedSubqueryFormTests(string mapping, string format)
        : base(mapping, format)
    {
    }

    protected override void Seed()
    {
        _db = InterceptedFixture.Open(_mapping, _format, _seen.Add);
        _db.CreateTable<JoinOrder>();
        _db.CreateTable<JoinLine>();
        _db.CreateTable<Reading>();
        _db.InsertAll(Enumerable.Range(1, 5).Select(i => new JoinOrder { Region = i % 2 == 0 ? "even" : "odd", Total = i }));
        _db.InsertAll(new[]
        {
            new JoinLine { OrderId = 1, Sku = "a", Quantity = 1 },
            new JoinLine { OrderId = 1, Sku = "b", Quantity = 5 },
            new JoinLine { OrderId = 2, Sku = "a", Quantity = 2 },
            new JoinLine { OrderId = 4, Sku = "c", Quantity = 7 },
            new JoinLine { OrderId = 4, Sku = "a", Quantity = 8 },
            new JoinLine { OrderId = 42, Sku = "d", Quantity = 9 },
        });

        // Reading's Id (1..3) is the order each value belongs to here; orders 4 and 5 have none.
        _db.InsertAll(new[] { new Reading { Value = 0.25 }, new Reading { Value = -1.5 }, new Reading { Value = 1e10 } });
        _orders = _db.Table<JoinOrder>().ToList();
        _lines = _db.Table<JoinLine>().ToList();
        _readings = _db.Table<Reading>().ToList();
    }

    [Test]
    public void A_Where_before_the_correlated_one_is_intercepted_and_matches_LINQ()
    {
        var before = InterceptionCheck.Runs;
        var min = 4;
        var sku = "a";

        var big = _db.Table<JoinOrder>().Where(o => _db.Table<JoinLine>().Where(l => l.Quantity > min).Any(l => l.OrderId == o.Id)).OrderBy(o => o.Id).ToList();
        var many = _db.Table<JoinOrder>().Count(o => _db.Table<JoinLine>().Where(l => l.Sku == sku).Where(l => l.OrderId == o.Id).Count() >= 1);
        var none = _db.Table<JoinOrder>().Where(o => _db.Table<JoinLine>().Where(l => l.Sku != sku).Where(l => l.Quantity < 100).All(l => l.OrderId != o.Id)).OrderBy(o => o.Id).ToList();

        Assert.That(Intercepted, Is.EqualTo(3), Seen);
        Assert.That(_seen.First(s => s.Source == StatementSource.Intercepted).Sql, Does.Contain(
            "WHERE EXISTS (SELECT 1 FROM \"join_lines\" AS \"s0\" WHERE (\"s0\".\"Quantity\" > ?) AND (\"s0\".\"OrderId\" = \"join_orders\".\"Id\"))"), Seen);
        Assert.That(big.Select(o => o.Id), Is.EqualTo(_orders.Where(o => _lines.Where(l => l.Quantity > min).Any(l => l.OrderId == o.Id)).Select(o => o.Id)).And.EqualTo(new[] { 1, 4 }));
        Assert.That(many, Is.EqualTo(_orders.Count(o => _lines.Where(l => l.Sku == sku).Where(l => l.OrderId == o.Id).Count() >= 1)).And.EqualTo(3));
        Assert.That(none.Select(o => o.Id), Is.EqualTo(_orders.Where(o => _lines.Where(l => l.Sku != sku).Where(l => l.Quantity < 100).All(l => l.OrderId != o.Id)).Select(o => o.Id)).And.EqualTo(new[] { 2, 3, 5 }));
        Assert.That(InterceptionCheck.Runs - before, Is.EqualTo(3), "The check compared each run with the run-time path.");
    }

    [Test]
    public void Nested_sub_queries_are_intercepted_and_match_LINQ()
    {
        var before = InterceptionCheck.Runs;
        var min = 0;

        // A line whose quantity is an order's id (1..5); a line whose Sku other lines above a value share; the same as Contains.
        var known = _db.Table<JoinOrder>().Where(o => _db.Table<JoinLine>().Any(l => l.OrderId == o.Id && _db.Table<JoinOrder>().Any(p => p.Id == l.Quantity))).OrderBy(o => o.Id).ToList();
        var counted = _db.Table<JoinOrder>().Count(o => _db.Table<JoinLine>().Where(l => l.OrderId == o.Id).Count(l => _db.Table<JoinLine>().Count(m => m.Sku == l.Sku && m.Quantity > min) > 1) >= 1);
        var listed = _db.Table<JoinOrder>().Where(o => !_db.Table<JoinLine>().Any(l => l.OrderId == o.Id && !_db.Table<JoinOrder>().Select(p => p.Id).Contains(l.Quantity))).OrderBy(o => o.Id).ToList();

        Assert.That(Intercepted, Is.EqualTo(3), Seen);
        Assert.That(_seen.First(s => s.Source == StatementSource.Intercepted).Sql, Does.Contain(
            "EXISTS (SELECT 1 FROM \"join_lines\" AS \"s0\" WHERE ((\"s0\".\"OrderId\" = \"join_orders\".\"Id\") AND EXISTS (SELECT 1 FROM \"join_orders\" AS \"s1\" WHERE (\"s1\".\"Id\" = \"s0\".\"Quantity\"))))"), Seen);
        Assert.That(known.Select(o => o.Id), Is.EqualTo(_orders.Where(o => _lines.Any(l => l.OrderId == o.Id && _orders.Any(p => p.Id == l.Quantity))).Select(o => o.Id)).And.EqualTo(new[] { 1, 2 }));
        Assert.That(counted, Is.EqualTo(_orders.Count(o => _lines.Where(l => l.OrderId == o.Id).Count(l => _lines.Count(m => m.Sku == l.Sku && m.Quantity > min) > 1) >= 1)).And.EqualTo(3));
        Assert.That(listed.Select(o => o.Id), Is.EqualTo(_orders.Where(o => !_lines.Any(l => l.OrderId == o.Id && !_orders.Select(p => p.Id).Contains(l.Quantity))).Select(o => o.Id)).And.EqualTo(new[] { 1, 2, 3, 5 }));
        Assert.That(InterceptionCheck.Runs - before, Is.EqualTo(3), "The check compared each run with the run-time path.");
    }

    [Test]
    public void A_nested_sub_query_on_another_connection_runs_on_the_run_time_path_and_throws_its_error()
    {
        using var other = InterceptedFixture.Open(_mapping, _format, _ => { });
        other.CreateTable<JoinOrder>();

        var error = Assert.Throws<NotSupportedException>(() =>
            _db.Table<JoinOrder>().Where(o => _db.Table<JoinLine>().Any(l => l.OrderId == o.Id && other.Table<JoinOrder>().Any(p => p.Id == l.Quantity))).ToList());

        Assert.That(error!.Message, Does.Contain("another connection"));
        Assert.That(_seen.Where(s => s.Source == StatementSource.Intercepted), Is.Empty, Seen);
    }

    [Test]
    public void Sub_queries_in_a_joins_Where_are_intercepted_and_match_LINQ()
    {
        var min = 1;
        var n = 0;
        _db.CreateTable<JoinCustomer>();
        _db.InsertAll(new[] { new JoinCustomer { Name = "one", Region = "a" }, new JoinCustomer { Name = "two", Region = "z" } });
        _db.Execute("UPDATE join_orders SET CustomerId = CASE WHEN Id < 3 THEN 1 WHEN Id = 4 THEN 2 ELSE NULL END");
        var orders = _db.Table<JoinOrder>().ToList();
        var customers = _db.Table<JoinCustomer>().ToList();
        _seen.Clear();
        var before = InterceptionCheck.Runs;

        var lined = _db.Table<JoinOrder>().Join(_db.Table<JoinCustomer>(), o => o.CustomerId, c => (int?)c.Id, (o, c) => new { o.Id, c.Region })
            .Where(x => _db.Table<JoinLine>().Any(l => l.OrderId == x.Id)).ToList();
        var many = _db.Table<JoinOrder>().Join(_db.Table<JoinCustomer>(), o => o.CustomerId, c => (int?)c.Id, (o, c) => new { o.Id, c.Region })
            .Where(x => _db.Table<JoinLine>().Count(l => l.OrderId == x.Id && l.Quantity > min) > n).ToList();
        var skus = _db.Table<JoinOrder>().Join(_db.Table<JoinCustomer>(), o => o.CustomerId, c => (int?)c.Id, (o, c) => new { o.Id, c.Region })
            .Where(x => _db.Table<JoinLine>().Select(l => l.Sku).Contains(x.Region)).ToList();

        Assert.That(Intercepted, Is.EqualTo(3), Seen);
        Assert.That(_seen.First(s => s.Source == StatementSource.Intercepted).Sql, Does.EndWith(
            "WHERE EXISTS (SELECT 1 FROM \"join_lines\" AS \"s0\" WHERE (\"s0\".\"OrderId\" = \"t0\".\"Id\"))"), Seen);
        var joined = orders.Join(customers, o => o.CustomerId, c => (int?)c.Id, (o, c) => new { o.Id, c.Region }).ToList();
        Assert.That(lined.OrderBy(x => x.Id), Is.EqualTo(joined.Where(x => _lines.Any(l => l.OrderId == x.Id))));
        Assert.That(lined.Select(x => x.Id).Order(), Is.EqualTo(new[] { 1, 2, 4 }));
        Assert.That(many.OrderBy(x => x.Id), Is.EqualTo(joined.Where(x => _lines.Count(l => l.OrderId == x.Id && l.Quantity > min) > n)));
        Assert.That(many.Select(x => x.Id).Order(), Is.EqualTo(new[] { 1, 2, 4 }));
        Assert.That(skus.OrderBy(x => x.Id), Is.EqualTo(joined.Where(x => _lines.Select(l => l.Sku).Contains(x.Region))));
        Assert.That(skus.Select(x => x.Id).Order(), Is.EqualTo(new[] { 1, 2 }));
        Assert.That(InterceptionCheck.Runs - before, Is.EqualTo(3), "The check compared each run with the run-time path.");
    }

    [Test]
    public void A_sub_query_in_a_joins_Where_on_another_connection_runs_on_the_run_time_path_and_throws_its_error()
    {
        using var other = InterceptedFixture.Open(_mapping, _format, _ => { });
        other.CreateTable<JoinLine>();
        _db.CreateTable<JoinCustomer>();

        var error = Assert.Throws<NotSupportedException>(() => _db.Table<JoinOrder>().Join(_db.Table<JoinCustomer>(), o => o.CustomerId, c => (int?)c.Id, (o, c) => new { o.Id, c.Region })
            .Where(x => other.Table<JoinLine>().Any(l => l.OrderId == x.Id)).ToList());

        Assert.That(error!.Message, Does.Contain("another connection"));
        Assert.That(_seen.Where(s => s.Source == StatementSource.Intercepted), Is.Empty, Seen);
    }

    [Test]
    public void Values_inside_a_projections_sub_queries_are_bound_before_the_Where_values_and_match_LINQ()
    {
        var before = InterceptionCheck.Runs;
        var min = 1;
        var sku = "a";
        var first = 1;

        var rows = _db.Table<JoinOrder>().Where(o => o.Id > first).Select(o => new
        {
            o.Id,
            Big = _db.Table<JoinLine>().Count(l => l.OrderId == o.Id && l.Quantity > min),
            Sku = _db.Table<JoinLine>().Where(l => l.Sku == sku).Any(l => l.OrderId == o.Id),
            Most = _db.Table<JoinLine>().Where(l => l.OrderId == o.Id && l.Sku != sku).Max(l => (int?)l.Quantity),
        }).ToList();

        Assert.That(Intercepted, Is.EqualTo(1), Seen);
        Assert.That(rows, Is.EqualTo(_orders.Where(o => o.Id > first).Select(o => new
        {
            o.Id,
            Big = _lines.Count(l => l.OrderId == o.Id && l.Quantity > min),
            Sku = _lines.Where(l => l.Sku == sku).Any(l => l.OrderId == o.Id),
            Most = _lines.Where(l => l.OrderId == o.Id && l.Sku != sku).Max(l => (int?)l.Quantity),
        }).ToList()));
        Assert.That(rows.Select(r => r.Big), Is.EqualTo(new[] { 1, 0, 2, 0 }));
        Assert.That(rows.Select(r => r.Most), Is.EqualTo(new int?[] { null, null, 7, null }));
        Assert.That(InterceptionCheck.Runs - before, Is.EqualTo(1), "The check compared the run (text and values) with the run-time path.");
    }

    [Test]
    public void Double_aggregates_in_a_projection_and_a_condition_match_LINQ()
    {
        var before = InterceptionCheck.Runs;
        var mean = 0.0;

        var rows = _db.Table<JoinOrder>().Select(o => new
        {
            o.Id,
            Sum = _db.Table<Reading>().Where(r => r.Id == o.Id).Sum(r => r.Value),
            Nullable = _db.Table<Reading>().Where(r => r.Id == o.Id).Sum(r => (double?)r.Value),
            Most = _db.Table<Reading>().Where(r => r.Id == o.Id).Max(r => (double?)r.Value),
            Mean = _db.Table<Reading>().Where(r => r.Id == o.Id).Average(r => (double?)r.Value),
        }).ToList();
        var positive = _db.Table<JoinOrder>().Where(o => _db.Table<Reading>().Where(r => r.Id == o.Id).Average(r => (double?)r.Value) > mean).OrderBy(o => o.Id).ToList();

        Assert.That(Intercepted, Is.EqualTo(2), Seen);
        Assert.That(_seen.First(s => s.Source == StatementSource.Intercepted).Sql, Does.StartWith(
            "SELECT \"Id\", (SELECT total(\"s0\".\"Value\") FROM \"readings\" AS \"s0\" WHERE (\"s0\".\"Id\" = \"join_orders\".\"Id\")), "), Seen);
        Assert.That(rows, Is.EqualTo(_orders.Select(o => new
        {
            o.Id,
            Sum = _readings.Where(r => r.Id == o.Id).Sum(r => r.Value),
            Nullable = _readings.Where(r => r.Id == o.Id).Sum(r => (double?)r.Value),
            Most = _readings.Where(r => r.Id == o.Id).Max(r => (double?)r.Value),
            Mean = _readings.Where(r => r.Id == o.Id).Average(r => (double?)r.Value),
        }).ToList()));
        Assert.That(rows.Select(r => r.Sum), Is.EqualTo(new[] { 0.25, -1.5, 1e10, 0, 0 }));
        Assert.That(rows.Select(r => r.Most), Is.EqualTo(new double?[] { 0.25, -1.5, 1e10, null, null }));
        Assert.That(positive.Select(o => o.Id), Is.EqualTo(_orders.Where(o => _readings.Where(r => r.Id == o.Id).Average(r => (double?)r.Value) > mean).Select(o => o.Id)).And.EqualTo(new[] { 1, 3 }));
        Assert.That(InterceptionCheck.Runs - before, Is.EqualTo(2), "The check compared each run with the run-time path.");
    }

    [Test]
    public void A_sub_query_before_GroupBy_with_a_value_inside_is_intercepted_and_matches_LINQ()
    {
        var before = InterceptionCheck.Runs;
        var min = 1;
        var sku = "a";

        var regions = _db.Table<JoinOrder>().Where(o => _db.Table<JoinLine>().Any(l => l.OrderId == o.Id && l.Quantity > min && l.Sku == sku))
            .GroupBy(o => o.Region).Select(g => new { g.Key, N = g.Count(), Last = g.Max(o => o.Id) }).ToList();

        Assert.That(Intercepted, Is.EqualTo(1), Seen);
        Assert.That(_seen.Single(s => s.Source == StatementSource.Intercepted).Sql, Does.Contain(
            "WHERE EXISTS (SELECT 1 FROM \"join_lines\" AS \"s0\" WHERE (((\"s0\".\"OrderId\" = \"join_orders\".\"Id\") AND (\"s0\".\"Quantity\" > ?)) AND (\"s0\".\"Sku\" IS ?))) GROUP BY \"Region\""), Seen);
        var expected = _orders.Where(o => _lines.Any(l => l.OrderId == o.Id && l.Quantity > min && l.Sku == sku))
            .GroupBy(o => o.Region).Select(g => new { g.Key, N = g.Count(), Last = g.Max(o => o.Id) }).ToList();
        Assert.That(regions.OrderBy(r => r.Key, StringComparer.Ordinal), Is.EqualTo(expected.OrderBy(r => r.Key, StringComparer.Ordinal)));
        Assert.That(regions.Single(), Is.EqualTo(new { Key = (string?)"even", N = 2, Last = 4 }), "Orders 2 and 4 have a line 'a' above 1.");
        Assert.That(InterceptionCheck.Runs - before, Is.EqualTo(1), "The check compared the run with the run-time path.");
    }

    [Test]
    public void A_sub_query_before_GroupBy_on_another_connection_runs_on_the_run_time_path_and_throws_its_error()
    {
        using var other = InterceptedFixture.Open(_mapping, _format, _ => { });
        other.CreateTable<JoinLine>();

        var error = Assert.Throws<NotSupportedException>(() => _db.Table<JoinOrder>().Where(o => other.Table<JoinLine>().Any(l => l.OrderId == o.Id))
            .GroupBy(o => o.Region).Select(g => new { g.Key, N = g.Count() }).ToList());

        Assert.That(error!.Message, Does.Contain("another connection"));
        Assert.That(_seen.Where(s => s.Source == StatementSource.Intercepted), Is.Empty, Seen);
    }
}
