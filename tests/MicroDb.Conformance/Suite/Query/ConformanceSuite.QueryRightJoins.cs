using MicroDb.Conformance.Models;

namespace MicroDb.Conformance;

// RightJoin after another join (issue 22): a SQL RIGHT JOIN, the rows joined so far missing as a whole where nothing
// matched; each query against LINQ-to-Objects' RightJoin over the rows read back, on both storage formats.
public abstract partial class ConformanceSuite
{
    [Test]
    public void RightJoin_after_a_join_keeps_every_row_of_the_joined_table_as_linq([Values] bool sqliteNet)
    {
        var data = OpenJoinData(sqliteNet);
        var db = data.Db;
        var query = db.Table<JoinOrder>().Where(o => o.Total > 1m)
            .Join(db.Table<JoinLine>(), o => o.Id, l => l.OrderId, (o, l) => new { o.Id, o.CustomerId, l.Sku })
            .RightJoin(db.Table<JoinCustomer>().Where(c => c.Name != "Bob"), x => x.CustomerId, c => (int?)c.Id,
                (x, c) => new { c.Name, Order = x == null ? -1 : x.Id, Sku = x == null ? null : x.Sku });
        var expected = data.Orders.Where(o => o.Total > 1m)
            .Join(data.Lines, o => o.Id, l => l.OrderId, (o, l) => new { o.Id, o.CustomerId, l.Sku })
            .RightJoin(data.Customers.Where(c => c.Name != "Bob"), x => x.CustomerId, c => (int?)c.Id,
                (x, c) => new { c.Name, Order = x == null ? -1 : x.Id, Sku = x == null ? null : x.Sku })
            .ToList();

        Assert.That(query.ToSqlString(), Does.Contain(" INNER JOIN \"join_lines\" AS \"t1\"").And.Contain(" RIGHT JOIN \"join_customers\" AS \"t2\""));
        Assert.That(query.ToList(), Is.EquivalentTo(expected));
        Assert.That(expected.Count(x => x.Order == -1), Is.GreaterThan(0), "some customers have no joined row");
        Assert.That(query.Count(), Is.EqualTo(expected.Count));
        Assert.That(query.Any(x => x.Order == -1), Is.True);

        // Later operators read the missing rows as LINQ does.
        Assert.That(query.Where(x => x.Sku == null).Select(x => x.Name).ToList(), Is.EquivalentTo(expected.Where(x => x.Sku == null).Select(x => x.Name)));
        Assert.That(query.OrderBy(x => x.Name).ThenBy(x => x.Order).Select(x => x.Order).ToList(),
            Is.EqualTo(expected.OrderBy(x => x.Name, StringComparer.Ordinal).ThenBy(x => x.Order).Select(x => x.Order).ToList()));
    }

    [Test]
    public void RightJoin_after_a_join_tests_the_missing_row_and_its_tables([Values] bool sqliteNet)
    {
        var data = OpenJoinData(sqliteNet);
        var db = data.Db;

        // The previous row whole: null where no order matched, and each of its tables reads null there.
        var query = db.Table<JoinOrder>().LeftJoin(db.Table<JoinLine>(), o => o.Id, l => l.OrderId, (o, l) => new { o, l })
            .RightJoin(db.Table<JoinCustomer>(), x => x.o.CustomerId, c => (int?)c.Id, (x, c) => new { c.Name, Missing = x == null, Line = x == null || x.l == null ? "-" : x.l.Sku });
        var expected = data.Orders.LeftJoin(data.Lines, o => o.Id, l => l.OrderId, (o, l) => new { o, l })
            .RightJoin(data.Customers, x => x.o.CustomerId, c => (int?)c.Id, (x, c) => new { c.Name, Missing = x == null, Line = x == null || x.l == null ? "-" : x.l.Sku })
            .ToList();
        Assert.That(query.ToList(), Is.EquivalentTo(expected));
        Assert.That(query.Where(x => x.Missing).Select(x => x.Name).ToList(), Is.EquivalentTo(expected.Where(x => x.Missing).Select(x => x.Name)));
        Assert.That(expected.Count(x => x.Missing), Is.EqualTo(1), "Eve has no order");

        // The whole previous row as a result member is null where missing.
        var whole = db.Table<JoinOrder>().Join(db.Table<JoinLine>(), o => o.Id, l => l.OrderId, (o, l) => new { o, l })
            .RightJoin(db.Table<JoinCustomer>(), x => x.o.CustomerId, c => (int?)c.Id, (x, c) => new { c.Name, x }).ToList();
        var wholeLinq = data.Orders.Join(data.Lines, o => o.Id, l => l.OrderId, (o, l) => new { o, l })
            .RightJoin(data.Customers, x => x.o.CustomerId, c => (int?)c.Id, (x, c) => new { c.Name, x }).ToList();
        Assert.That(whole.Select(r => (r.Name, r.x == null ? -1 : r.x.l.Id)), Is.EquivalentTo(wholeLinq.Select(r => (r.Name, r.x == null ? -1 : r.x.l.Id))));

        // Then another join, and grouping over the chain.
        var chained = query.Join(db.Table<JoinCustomer>(), x => x.Name, c2 => c2.Name, (x, c2) => new { x.Name, x.Line, c2.Credit }).ToList();
        var chainedLinq = expected.Join(data.Customers, x => x.Name, c2 => c2.Name, (x, c2) => new { x.Name, x.Line, c2.Credit }).ToList();
        Assert.That(chained, Is.EquivalentTo(chainedLinq));
        var grouped = query.GroupBy(x => x.Name).Select(g => new { g.Key, N = g.Count() }).ToList();
        Assert.That(grouped, Is.EquivalentTo(expected.GroupBy(x => x.Name).Select(g => new { g.Key, N = g.Count() })));
    }

    [Test]
    public async Task Async_RightJoin_after_a_join_matches_linq([Values] bool sqliteNet)
    {
        var data = OpenJoinData(sqliteNet);
        await using var db = OpenAsyncJoinData(sqliteNet);
        var query = db.Table<JoinOrder>().Join(db.Table<JoinLine>(), o => o.Id, l => l.OrderId, (o, l) => new { o.CustomerId, l.Sku })
            .RightJoin(db.Table<JoinCustomer>(), x => x.CustomerId, c => (int?)c.Id, (x, c) => new { c.Name, Sku = x == null ? null : x.Sku });
        var expected = data.Orders.Join(data.Lines, o => o.Id, l => l.OrderId, (o, l) => new { o.CustomerId, l.Sku })
            .RightJoin(data.Customers, x => x.CustomerId, c => (int?)c.Id, (x, c) => new { c.Name, Sku = x == null ? null : x.Sku })
            .ToList();
        Assert.That(await query.ToListAsync(), Is.EquivalentTo(expected));
        Assert.That(await query.CountAsync(), Is.EqualTo(expected.Count));
    }
}
