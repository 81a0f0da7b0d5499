using MicroDb.Conformance.Models;
using MicroDb.Query;

namespace MicroDb.Generated.Tests.Intercepted;

/// <summary>
/// A sub-query in a joined table's own Where (issue 22), which the run time ANDs to that table's ON condition, is
/// intercepted with the run time's SQL (EXISTS, a count compared with a value, NOT EXISTS for All), its values read from
/// the ON condition; rows equal to the run-time path's (the interception check compares every run) and LINQ-to-Objects'.
/// </summary>
[TestFixture("generated", "microdb")]
[TestFixture("generated", "sqlite-net")]
[TestFixture("reflection", "microdb")]
[TestFixture("reflection", "sqlite-net")]
public class InterceptedJoinOnSubqueryTests : InterceptedTestBase
{
    private List<JoinOrder> _orders = null!;
    private List<JoinCustomer> _customers = null!;
    private List<JoinLine> _lines = null!;

    public InterceptedJoinOnSubqueryTests(string mapping, string format)
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
            new JoinOrder { CustomerId = 2, Region = "south", Total = 20m, Placed = day },
            new JoinOrder { CustomerId = 3, Region = null, Total = 2m, Placed = day },
            new JoinOrder { CustomerId = null, Region = "north", Total = 5m, Placed = day },
            new JoinOrder { CustomerId = 1, Region = "east", Total = 7m, Placed = day },
        });
        _db.InsertAll(new[]
        {
            // Lines whose quantity names a customer: Ann twice, Bob once.
            new JoinLine { OrderId = 1, Sku = "a", Quantity = 1 },
            new JoinLine { OrderId = 2, Sku = "b", Quantity = 1 },
            new JoinLine { OrderId = 3, Sku = "c", Quantity = 2 },
            new JoinLine { OrderId = 4, Sku = "d", Quantity = 7 },
        });
        _orders = _db.Table<JoinOrder>().ToList();
        _customers = _db.Table<JoinCustomer>().ToList();
        _lines = _db.Table<JoinLine>().ToList();
    }

    [Test]
    public void An_Any_in_the_joined_tables_Where_is_intercepted_in_its_ON_condition()
    {
        var before = InterceptionCheck.Runs;

        var rows = _db.Table<JoinOrder>().Join(_db.Table<JoinCustomer>().Where(c => _db.Table<JoinLine>().Any(l => l.Quantity == c.Id)), o => o.CustomerId, c => c.Id, (o, c) => new { o.Id, c.Name }).ToList();

        Assert.That(Intercepted, Is.EqualTo(1), Seen);
        Assert.That(InterceptionCheck.Runs - before, Is.EqualTo(1), "The check compared the intercepted run with the run-time path.");
        Assert.That(_seen[0].Sql, Is.EqualTo("SELECT \"t0\".\"Id\", \"t1\".\"Name\" FROM \"join_orders\" AS \"t0\" INNER JOIN \"join_customers\" AS \"t1\" ON (((\"t0\".\"CustomerId\" IS \"t1\".\"Id\") AND (\"t0\".\"CustomerId\" IS NOT NULL)) AND EXISTS (SELECT 1 FROM \"join_lines\" AS \"s0\" WHERE (\"s0\".\"Quantity\" = \"t1\".\"Id\")))"));
        var expected = _orders.Join(_customers.Where(c => _lines.Any(l => l.Quantity == c.Id)), o => o.CustomerId, c => (int?)c.Id, (o, c) => new { o.Id, c.Name });
        Assert.That(rows, Is.EquivalentTo(expected));
        Assert.That(rows.Select(r => r.Id), Is.EquivalentTo(new[] { 1, 2, 5 }), "Cid has no line naming it");
    }

    [Test]
    public void A_count_with_values_and_an_All_in_a_left_joined_tables_Where_match_linq()
    {
        var min = 0;
        var n = 1;
        var before = InterceptionCheck.Runs;

        var counted = _db.Table<JoinOrder>().LeftJoin(_db.Table<JoinCustomer>().Where(c => c.Id > min).Where(c => _db.Table<JoinLine>().Count(l => l.Quantity == c.Id && l.OrderId > min) > n),
            o => o.CustomerId, c => c.Id, (o, c) => new { o.Id, Name = c == null ? null : c.Name }).ToList();
        var all = _db.Table<JoinOrder>().Join(_db.Table<JoinCustomer>().Where(c => _db.Table<JoinLine>().All(l => l.Quantity != c.Id)), o => o.CustomerId, c => c.Id, (o, c) => new { o.Id, c.Name }).Count();

        Assert.That(Intercepted, Is.EqualTo(2), Seen);
        Assert.That(InterceptionCheck.Runs - before, Is.EqualTo(2));
        var expected = _orders.LeftJoin(_customers.Where(c => c.Id > min).Where(c => _lines.Count(l => l.Quantity == c.Id && l.OrderId > min) > n),
            o => o.CustomerId, c => (int?)c.Id, (o, c) => new { o.Id, Name = c == null ? null : c.Name });
        Assert.That(counted, Is.EquivalentTo(expected));
        Assert.That(counted.Where(r => r.Name != null).Select(r => r.Id), Is.EquivalentTo(new[] { 1, 5 }), "only Ann has more than one line");
        Assert.That(all, Is.EqualTo(_orders.Join(_customers.Where(c => _lines.All(l => l.Quantity != c.Id)), o => o.CustomerId, c => (int?)c.Id, (o, c) => o.Id).Count()).And.EqualTo(1));
    }

    [Test]
    public void The_run_time_path_runs_a_sub_query_in_a_joined_tables_Where()
    {
        // Built across statements: not intercepted, the run-time translator writes the ON condition's sub-query.
        var customers = _db.Table<JoinCustomer>().Where(c => _db.Table<JoinLine>().Any(l => l.Quantity == c.Id));
        var rows = _db.Table<JoinOrder>().Join(customers, o => o.CustomerId, c => c.Id, (o, c) => new { o.Id, c.Name }).ToList();

        Assert.That(Intercepted, Is.Zero, Seen);
        Assert.That(rows, Is.EquivalentTo(_orders.Join(_customers.Where(c => _lines.Any(l => l.Quantity == c.Id)), o => o.CustomerId, c => (int?)c.Id, (o, c) => new { o.Id, c.Name })));
    }
}
