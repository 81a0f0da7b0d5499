using MicroDb.Conformance.Models;
using MicroDb.Query;

namespace MicroDb.Generated.Tests.Intercepted;

/// <summary>
/// Join chains the run time restructures (issue 22), intercepted as it writes them: a RightJoin after a join with Where
/// conditions (moved into the RIGHT JOIN's ON condition) and a join after a RightJoin that follows a join. Every run is
/// intercepted, the interception check compares its SQL, values and rows with the run-time path's, and the rows equal
/// LINQ-to-Objects' over null keys, duplicate keys and rows missing on either side, across three and four tables.
/// </summary>
[TestFixture("generated", "microdb")]
[TestFixture("generated", "sqlite-net")]
[TestFixture("reflection", "microdb")]
[TestFixture("reflection", "sqlite-net")]
public class InterceptedJoinMoreTests : InterceptedTestBase
{
    private List<JoinOrder> _orders = null!;
    private List<JoinCustomer> _customers = null!;
    private List<JoinLine> _lines = null!;

    public InterceptedJoinMoreTests(string mapping, string format)
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
            new JoinCustomer { Name = "Dee", Region = "North", Credit = 4m, Since = day },
        });
        _db.InsertAll(new[]
        {
            new JoinOrder { CustomerId = 1, Region = "north", Total = 1.5m, Placed = day },
            new JoinOrder { CustomerId = 1, Region = "south", Total = 20m, Placed = day },
            new JoinOrder { CustomerId = 2, Region = null, Total = 2m, Placed = day },
            new JoinOrder { CustomerId = null, Region = "north", Total = 5m, Placed = day },
            new JoinOrder { CustomerId = 2, Region = "east", Total = 7m, Placed = day },
        });
        _db.InsertAll(new[]
        {
            new JoinLine { OrderId = 1, Sku = "a", Quantity = 1 },
            new JoinLine { OrderId = 1, Sku = "b", Quantity = 2 },
            new JoinLine { OrderId = 3, Sku = "c", Quantity = 3 },
            new JoinLine { OrderId = 4, Sku = "d", Quantity = 4 },
            new JoinLine { OrderId = 42, Sku = "e", Quantity = 5 },
            new JoinLine { OrderId = 5, Sku = "f", Quantity = 6 },
            new JoinLine { OrderId = 2, Sku = "g", Quantity = 7 },
        });
        _orders = _db.Table<JoinOrder>().ToList();
        _customers = _db.Table<JoinCustomer>().ToList();
        _lines = _db.Table<JoinLine>().ToList();
    }

    [Test]
    public void RightJoin_after_a_join_with_Where_conditions_keeps_the_rows_they_reject_as_missing()
    {
        var first = 1;
        var region = "south";
        var before = InterceptionCheck.Runs;

        var rows = _db.Table<JoinOrder>().Where(o => o.Id > first).Join(_db.Table<JoinCustomer>(), o => o.CustomerId, c => c.Id, (o, c) => new { Order = o.Id, o.Region, c.Name })
            .Where(x => x.Region != region)
            .RightJoin(_db.Table<JoinLine>(), x => x.Order, l => l.OrderId, (x, l) => new { Name = x == null ? "none" : x.Name, l.Sku }).ToList();

        Assert.That(Intercepted, Is.EqualTo(1), Seen);
        Assert.That(InterceptionCheck.Runs - before, Is.EqualTo(1), "The check compared the intercepted run with the run-time path.");
        Assert.That(_seen[0].Sql, Does.Contain("RIGHT JOIN \"join_lines\" AS \"t2\" ON (((\"t0\".\"Id\" = \"t2\".\"OrderId\") AND (\"t0\".\"Id\" > ?)) AND (\"t0\".\"Region\" IS NOT ?))"));
        var expected = _orders.Where(o => o.Id > first).Join(_customers, o => o.CustomerId, c => (int?)c.Id, (o, c) => new { Order = o.Id, o.Region, c.Name })
            .Where(x => x.Region != region)
            .RightJoin(_lines, x => x.Order, l => l.OrderId, (x, l) => new { Name = x == null ? "none" : x.Name, l.Sku });
        Assert.That(rows, Is.EquivalentTo(expected));
        Assert.That(rows.Where(r => r.Name == "none").Select(r => r.Sku), Is.EquivalentTo(new[] { "a", "b", "d", "e", "g" }),
            "order 1 fails the first Where, order 2 the second, order 4 has no customer, 42 does not exist");
    }

    [Test]
    public void The_moved_conditions_take_each_runs_values_and_the_terminals_match_linq()
    {
        var min = 2;
        foreach (var region in new[] { "north", "east" })
        {
            var counted = _db.Table<JoinOrder>().LeftJoin(_db.Table<JoinCustomer>(), o => o.CustomerId, c => c.Id, (o, c) => new { Order = o.Id, o.Region })
                .Where(x => x.Region == region)
                .RightJoin(_db.Table<JoinLine>().Where(l => l.Quantity > min), x => x.Order, l => l.OrderId, (x, l) => new { Order = x == null ? 0 : x.Order, l.Sku }).Count();
            var firstRow = _db.Table<JoinOrder>().LeftJoin(_db.Table<JoinCustomer>(), o => o.CustomerId, c => c.Id, (o, c) => new { Order = o.Id, o.Region })
                .Where(x => x.Region == region)
                .RightJoin(_db.Table<JoinLine>().Where(l => l.Quantity > min), x => x.Order, l => l.OrderId, (x, l) => new { Order = x == null ? 0 : x.Order, l.Sku })
                .OrderByDescending(y => y.Sku).First();

            var expected = _orders.LeftJoin(_customers, o => o.CustomerId, c => (int?)c.Id, (o, c) => new { Order = o.Id, o.Region })
                .Where(x => x.Region == region)
                .RightJoin(_lines.Where(l => l.Quantity > min), x => x.Order, l => l.OrderId, (x, l) => new { Order = x == null ? 0 : x.Order, l.Sku }).ToList();
            Assert.That(counted, Is.EqualTo(expected.Count), region);
            Assert.That(firstRow, Is.EqualTo(expected.OrderByDescending(y => y.Sku).First()), region);
        }

        Assert.That(Intercepted, Is.EqualTo(4), Seen);
    }

    [Test]
    public void A_join_after_a_RightJoin_that_follows_a_join_matches_linq_over_four_tables()
    {
        var before = InterceptionCheck.Runs;

        var rows = _db.Table<JoinOrder>().Join(_db.Table<JoinCustomer>(), o => o.CustomerId, c => c.Id, (o, c) => new { Order = o.Id, c.Name })
            .RightJoin(_db.Table<JoinLine>(), x => x.Order, l => l.OrderId, (x, l) => new { Name = x == null ? "none" : x.Name, l.Sku, l.OrderId })
            .LeftJoin(_db.Table<JoinOrder>(), y => y.OrderId, o => o.Id, (y, o) => new { y.Sku, Region = o == null ? "gone" : o.Region })
            .ToList();
        var inner = _db.Table<JoinOrder>().Join(_db.Table<JoinCustomer>(), o => o.CustomerId, c => c.Id, (o, c) => new { Order = o.Id, c.Name })
            .RightJoin(_db.Table<JoinLine>(), x => x.Order, l => l.OrderId, (x, l) => new { l.Sku, l.OrderId, l.Quantity })
            .Join(_db.Table<JoinOrder>(), y => y.OrderId, o => o.Id, (y, o) => new { y.Sku, o.Region, y.Quantity })
            .Where(z => z.Quantity > 1).OrderBy(z => z.Sku).ToList();

        Assert.That(Intercepted, Is.EqualTo(2), Seen);
        Assert.That(InterceptionCheck.Runs - before, Is.EqualTo(2));
        var expected = _orders.Join(_customers, o => o.CustomerId, c => (int?)c.Id, (o, c) => new { Order = o.Id, c.Name })
            .RightJoin(_lines, x => x.Order, l => l.OrderId, (x, l) => new { Name = x == null ? "none" : x.Name, l.Sku, l.OrderId })
            .LeftJoin(_orders, y => y.OrderId, o => o.Id, (y, o) => new { y.Sku, Region = o == null ? "gone" : o.Region });
        Assert.That(rows, Is.EquivalentTo(expected));
        Assert.That(rows.Single(r => r.Sku == "e").Region, Is.EqualTo("gone"), "line e's order does not exist");
        var expectedInner = _orders.Join(_customers, o => o.CustomerId, c => (int?)c.Id, (o, c) => new { Order = o.Id, c.Name })
            .RightJoin(_lines, x => x.Order, l => l.OrderId, (x, l) => new { l.Sku, l.OrderId, l.Quantity })
            .Join(_orders, y => y.OrderId, o => o.Id, (y, o) => new { y.Sku, o.Region, y.Quantity })
            .Where(z => z.Quantity > 1).OrderBy(z => z.Sku).ToList();
        Assert.That(inner, Is.EqualTo(expectedInner));
    }

    [Test]
    public void The_rows_before_a_RightJoin_used_whole_are_null_where_no_row_matched()
    {
        var before = InterceptionCheck.Runs;

        var objects = _db.Table<JoinOrder>().LeftJoin(_db.Table<JoinCustomer>(), o => o.CustomerId, c => c.Id, (o, c) => new { Order = o.Id, Name = c == null ? "" : c.Name })
            .RightJoin(_db.Table<JoinLine>(), x => x.Order, l => l.OrderId, (x, l) => new { x, l.Sku }).ToList();
        var rows = _db.Table<JoinOrder>().Join(_db.Table<JoinCustomer>(), o => o.CustomerId, c => c.Id, (o, c) => o)
            .RightJoin(_db.Table<JoinLine>(), x => x.Id, l => l.OrderId, (x, l) => new { x, l.Sku }).ToList();
        var nested = _db.Table<JoinOrder>().Join(_db.Table<JoinCustomer>(), o => o.CustomerId, c => c.Id, (o, c) => new { o, c })
            .RightJoin(_db.Table<JoinLine>(), x => x.o.Id, l => l.OrderId, (x, l) => new { l.Sku, x }).ToList();

        // The check compares a row used whole (an entity) column by column through its map.
        Assert.That(Intercepted, Is.EqualTo(3), Seen);
        Assert.That(InterceptionCheck.Runs - before, Is.EqualTo(3));
        Assert.That(nested.Select(r => (r.Sku, Customer: r.x?.c.Name)), Is.EquivalentTo(_orders.Join(_customers, o => o.CustomerId, c => (int?)c.Id, (o, c) => new { o, c })
            .RightJoin(_lines, x => x.o.Id, l => l.OrderId, (x, l) => (l.Sku, Customer: x?.c.Name))));
        var expectedObjects = _orders.LeftJoin(_customers, o => o.CustomerId, c => (int?)c.Id, (o, c) => new { Order = o.Id, Name = c == null ? "" : c.Name })
            .RightJoin(_lines, x => x.Order, l => l.OrderId, (x, l) => new { x, l.Sku });
        Assert.That(objects, Is.EquivalentTo(expectedObjects));
        Assert.That(objects.Single(r => r.Sku == "d").x, Is.EqualTo(new { Order = 4, Name = "" }), "order 4 is kept by the left join without a customer");
        Assert.That(objects.Single(r => r.Sku == "e").x, Is.Null, "order 42 does not exist");
        var expectedRows = _orders.Join(_customers, o => o.CustomerId, c => (int?)c.Id, (o, c) => o)
            .RightJoin(_lines, x => x.Id, l => l.OrderId, (x, l) => new { Order = x?.Id, Region = x?.Region, l.Sku });
        Assert.That(rows.Select(r => new { Order = r.x?.Id, Region = r.x?.Region, r.Sku }), Is.EquivalentTo(expectedRows));
        Assert.That(rows.Count(r => r.x is null), Is.EqualTo(2), "lines d (order 4 has no customer) and e (no order 42)");
    }

    [Test]
    public void The_rows_before_a_RightJoin_read_without_a_null_test_throw_where_no_row_matched()
    {
        var matched = _db.Table<JoinOrder>().Join(_db.Table<JoinCustomer>(), o => o.CustomerId, c => c.Id, (o, c) => new { Order = o.Id, c.Name })
            .RightJoin(_db.Table<JoinLine>().Where(l => l.OrderId < 4), x => x.Order, l => l.OrderId, (x, l) => new { x!.Name, l.Sku }).ToList();

        Assert.That(matched, Is.EquivalentTo(new[] { new { Name = "Ann", Sku = "a" }, new { Name = "Ann", Sku = "b" }, new { Name = "Bob", Sku = "c" }, new { Name = "Ann", Sku = "g" } }));
        Assert.That(() => _db.Table<JoinOrder>().Join(_db.Table<JoinCustomer>(), o => o.CustomerId, c => c.Id, (o, c) => new { Order = o.Id, c.Name })
            .RightJoin(_db.Table<JoinLine>(), x => x.Order, l => l.OrderId, (x, l) => new { x!.Name, l.Sku }).ToList(), Throws.TypeOf<NullReferenceException>());
        Assert.That(() => _orders.Join(_customers, o => o.CustomerId, c => (int?)c.Id, (o, c) => new { Order = o.Id, c.Name })
            .RightJoin(_lines, x => x.Order, l => l.OrderId, (x, l) => new { x!.Name, l.Sku }).ToList(), Throws.TypeOf<NullReferenceException>(), "LINQ-to-Objects throws too");
        Assert.That(Intercepted, Is.EqualTo(2), Seen);
    }

    [Test]
    public void A_string_members_case_mapping_or_length_as_a_key_matches_linq()
    {
        var before = InterceptionCheck.Runs;

        var mapped = _db.Table<JoinOrder>().Join(_db.Table<JoinCustomer>(), o => o.Region!.ToUpperInvariant(), c => c.Region!.ToUpper(), (o, c) => new { o.Id, c.Name }).ToList();
        var measured = _db.Table<JoinOrder>().LeftJoin(_db.Table<JoinLine>(), o => o.Region!.Length, l => l.Quantity, (o, l) => new { o.Id, Sku = l == null ? null : l.Sku }).ToList();
        var composite = _db.Table<JoinOrder>().Join(_db.Table<JoinCustomer>(), o => new { Id = o.CustomerId, Region = o.Region!.ToLower() }, c => new { Id = (int?)c.Id, Region = c.Region! }, (o, c) => o.Id).Count();

        Assert.That(Intercepted, Is.EqualTo(3), Seen);
        Assert.That(InterceptionCheck.Runs - before, Is.EqualTo(3));
        var expectedMapped = _orders.Join(_customers, o => o.Region?.ToUpperInvariant(), c => c.Region?.ToUpperInvariant(), (o, c) => new { o.Id, c.Name });
        Assert.That(mapped, Is.EquivalentTo(expectedMapped));
        Assert.That(mapped.Where(r => r.Name == "Dee").Select(r => r.Id), Is.EquivalentTo(new[] { 1, 4 }), "'north' matches 'North'; a null region matches nothing");
        var expectedMeasured = _orders.LeftJoin(_lines, o => o.Region?.Length, l => (int?)l.Quantity, (o, l) => new { o.Id, Sku = l == null ? null : l.Sku });
        Assert.That(measured, Is.EquivalentTo(expectedMeasured));
        Assert.That(composite, Is.EqualTo(_orders.Join(_customers, o => new { Id = o.CustomerId, Region = o.Region?.ToLowerInvariant() }, c => new { Id = (int?)c.Id, Region = (string?)c.Region }, (o, c) => o.Id).Count()).And.EqualTo(1));
    }
}
