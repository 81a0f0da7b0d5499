using MicroDb.Conformance.Models;

namespace MicroDb.Conformance.Portable;

// Bodies a database may not run yet (Features): each starts with Needs(...), so the database that lacks the feature skips
// it with the reason its fixture gives (PostgreSQL: PortableConformanceTests.Lacks) and runs it when the feature lands.
public abstract partial class PortableSuite
{
    [Test]
    public void Portable_group_by_over_a_join_counts_and_sums_per_key()
    {
        Needs(Features.GroupOverJoin);
        var db = Open();
        var (orders, customers, _) = JoinRows(db);

        var actual = db.Table<JoinOrder>()
            .Join(db.Table<JoinCustomer>(), o => o.CustomerId, c => c.Id, (o, c) => new { c.Name, o.Total, o.Id })
            .GroupBy(x => x.Name)
            .Select(g => new { g.Key, Count = g.Count(), Top = g.Max(x => x.Id) })
            .OrderBy(x => x.Key)
            .ToList();

        var expected = orders.Join(customers, o => o.CustomerId, c => c.Id, (o, c) => new { c.Name, o.Total, o.Id })
            .GroupBy(x => x.Name).Select(g => new { g.Key, Count = g.Count(), Top = g.Max(x => x.Id) }).OrderBy(x => x.Key, StringComparer.Ordinal).ToList();
        Assert.That(actual, Is.EqualTo(expected));
        Assert.That(expected.Single(x => x.Key == "Ann").Count, Is.EqualTo(2));
    }

    [Test]
    public void Portable_right_join_keeps_every_right_row_with_null_where_none_matches()
    {
        Needs(Features.RightJoin);
        var db = Open();
        var (orders, customers, _) = JoinRows(db);

        var actual = db.Table<JoinOrder>()
            .RightJoin(db.Table<JoinCustomer>(), o => o.CustomerId, c => c.Id, (o, c) => new { c.Name, Order = o == null ? 0 : o.Id })
            .OrderBy(x => x.Name).ThenBy(x => x.Order)
            .ToList();

        var expected = orders.RightJoin(customers, o => o.CustomerId, c => c.Id, (o, c) => new { c.Name, Order = o == null ? 0 : o.Id })
            .OrderBy(x => x.Name, StringComparer.Ordinal).ThenBy(x => x.Order).ToList();
        Assert.That(actual, Is.EqualTo(expected));
        Assert.That(expected.Single(x => x.Name == "Eve").Order, Is.Zero, "Eve has no order");
    }

    [Test]
    public void Portable_sum_over_another_table_in_Where_is_a_scalar_sub_query()
    {
        Needs(Features.AggregateSubquery);
        var db = Open();
        var (people, orders) = SubqueryRows(db);
        db.CreateTable<JoinLine>();
        db.InsertAll(new[] { new JoinLine { OrderId = 1, Sku = "a", Quantity = 5 }, new JoinLine { OrderId = 3, Sku = "b", Quantity = 2 }, new JoinLine { OrderId = 3, Sku = "c", Quantity = 4 } });
        var lines = db.Table<JoinLine>().ToList();

        var rows = db.Table<Person>().Where(p => db.Table<JoinLine>().Sum(l => l.OrderId == p.Id ? l.Quantity : 0) >= 5).OrderBy(p => p.Id).Select(p => p.Id);

        Assert.That(rows, Is.EqualTo(people.Where(p => lines.Sum(l => l.OrderId == p.Id ? l.Quantity : 0) >= 5).Select(p => p.Id)).And.EqualTo(new[] { 1, 3 }));
        Assert.That(orders, Is.Not.Empty);
    }
}
