using MicroDb.Conformance.Models;
using MicroDb.Query;

namespace MicroDb.Generated.Tests.Intercepted;

/// <summary>
/// RightJoin after another join (issue 22) is intercepted as the run time writes it: SQL's RIGHT JOIN, every earlier
/// table's presence column selected, the kept table's own Where as WHERE; rows equal to the run-time path's (the
/// interception check compares every run) and to LINQ-to-Objects', with kept rows that match nothing (the earlier rows
/// missing as a whole), null keys and duplicate keys.
/// </summary>
[TestFixture("generated", "microdb")]
[TestFixture("generated", "sqlite-net")]
[TestFixture("reflection", "microdb")]
[TestFixture("reflection", "sqlite-net")]
public class InterceptedRightJoinTests : InterceptedTestBase
{
    private List<JoinOrder> _orders = null!;
    private List<JoinCustomer> _customers = null!;
    private List<JoinLine> _lines = null!;

    public InterceptedRightJoinTests(string mapping, string format)
        : base(mapping, format)
    {
    }

    protected override void Seed()
    {
        _db.CreateTable<JoinCustomer>();
        _db.CreateTable<JoinOrder>();
        _db.CreateTable<JoinLine>();
        var day = new DateTime(2024, 3, 5, 6, 7, 8, DateTimeKind.Utc);
        _db.InsertAll(new[]
        {
            new JoinCustomer { Name = "Ann", Region = "north", Credit = 1.5m, Since = day },
            new JoinCustomer { Name = "Bob", Region = "south", Credit = 2m, Since = day },
            new JoinCustomer { Name = "Cid", Region = null, Credit = 3m, Since = day },
        });
        _db.InsertAll(new[]
        {
            new JoinOrder { CustomerId = 1, Region = "north", Total = 1.5m, Placed = day },
            new JoinOrder { CustomerId = 1, Region = "south", Total = 20m, Placed = day },
            new JoinOrder { CustomerId = 2, Region = null, Total = 2m, Placed = day },
            new JoinOrder { CustomerId = null, Region = "north", Total = 5m, Placed = day },
        });
        _db.InsertAll(new[]
        {
            new JoinLine { OrderId = 1, Sku = "a", Quantity = 1 },
            new JoinLine { OrderId = 1, Sku = "b", Quantity = 2 },
            new JoinLine { OrderId = 3, Sku = "c", Quantity = 3 },
            new JoinLine { OrderId = 4, Sku = "d", Quantity = 4 },
            new JoinLine { OrderId = 42, Sku = "e", Quantity = 5 },
        });
        _orders = _db.Table<JoinOrder>().ToList();
        _customers = _db.Table<JoinCustomer>().ToList();
        _lines = _db.Table<JoinLine>().ToList();
    }

    [Test]
    public void RightJoin_after_a_join_is_intercepted_with_the_run_time_sql_and_rows()
    {
        var before = InterceptionCheck.Runs;

        var rows = _db.Table<JoinOrder>().Join(_db.Table<JoinCustomer>(), o => o.CustomerId, c => c.Id, (o, c) => new { Order = o.Id, c.Name })
            .RightJoin(_db.Table<JoinLine>(), x => x.Order, l => l.OrderId, (x, l) => new { Order = x == null ? 0 : x.Order, l.Sku }).ToList();

        Assert.That(Intercepted, Is.EqualTo(1), Seen);
        Assert.That(InterceptionCheck.Runs - before, Is.EqualTo(1), "The check compared the intercepted run with the run-time path.");
        Assert.That(_seen[0].Sql, Is.EqualTo("SELECT \"t0\".\"Id\", \"t2\".\"Sku\", \"t0\".rowid, \"t1\".rowid FROM \"join_orders\" AS \"t0\" INNER JOIN \"join_customers\" AS \"t1\" ON ((\"t0\".\"CustomerId\" IS \"t1\".\"Id\") AND (\"t0\".\"CustomerId\" IS NOT NULL)) RIGHT JOIN \"join_lines\" AS \"t2\" ON (\"t0\".\"Id\" = \"t2\".\"OrderId\")"));
        var expected = _orders.Join(_customers, o => o.CustomerId, c => (int?)c.Id, (o, c) => new { Order = o.Id, c.Name })
            .RightJoin(_lines, x => x.Order, l => l.OrderId, (x, l) => new { Order = x == null ? 0 : x.Order, l.Sku });
        Assert.That(rows, Is.EquivalentTo(expected));
        Assert.That(rows.Where(r => r.Order == 0).Select(r => r.Sku), Is.EquivalentTo(new[] { "d", "e" }), "a line whose order has no customer, and one with no order, keep no earlier row");
    }

    [Test]
    public void The_kept_tables_where_a_later_where_an_ordering_and_the_terminals_match_linq()
    {
        var min = 1;
        var before = InterceptionCheck.Runs;

        var listed = _db.Table<JoinOrder>().LeftJoin(_db.Table<JoinCustomer>(), o => o.CustomerId, c => c.Id, (o, c) => new { Order = o.Id, o.Region })
            .RightJoin(_db.Table<JoinLine>().Where(l => l.Quantity > min), x => x.Order, l => l.OrderId, (x, l) => new { Region = x == null ? "none" : x.Region, l.Sku, l.Quantity })
            .Where(y => y.Quantity < 5).OrderByDescending(y => y.Sku).ToList();
        var counted = _db.Table<JoinOrder>().Join(_db.Table<JoinCustomer>(), o => o.CustomerId, c => c.Id, (o, c) => new { Order = o.Id, c.Name })
            .RightJoin(_db.Table<JoinLine>(), x => x.Order, l => l.OrderId, (x, l) => new { Order = x == null ? 0 : x.Order, l.Sku }).Count();
        var first = _db.Table<JoinOrder>().Join(_db.Table<JoinCustomer>(), o => o.CustomerId, c => c.Id, (o, c) => new { Order = o.Id, c.Name })
            .RightJoin(_db.Table<JoinLine>(), x => x.Order, l => l.OrderId, (x, l) => new { Name = x == null ? null : x.Name, l.Sku }).OrderBy(y => y.Sku).First();

        Assert.That(Intercepted, Is.EqualTo(3), Seen);
        Assert.That(InterceptionCheck.Runs - before, Is.EqualTo(3));
        var expected = _orders.LeftJoin(_customers, o => o.CustomerId, c => (int?)c.Id, (o, c) => new { Order = o.Id, o.Region })
            .RightJoin(_lines.Where(l => l.Quantity > min), x => x.Order, l => l.OrderId, (x, l) => new { Region = x == null ? "none" : x.Region, l.Sku, l.Quantity })
            .Where(y => y.Quantity < 5).OrderByDescending(y => y.Sku).ToList();
        Assert.That(listed, Is.EqualTo(expected));
        Assert.That(listed.Select(r => r.Region), Is.EqualTo(new[] { "north", null, "north" }), "d's order has no customer but is kept by the left join; c's order has no region; b's is order 1's");
        Assert.That(counted, Is.EqualTo(_orders.Join(_customers, o => o.CustomerId, c => (int?)c.Id, (o, c) => o.Id).RightJoin(_lines, x => x, l => l.OrderId, (x, l) => l.Sku).Count()).And.EqualTo(5));
        Assert.That(first, Is.EqualTo(new { Name = (string?)"Ann", Sku = "a" }));
    }
}
