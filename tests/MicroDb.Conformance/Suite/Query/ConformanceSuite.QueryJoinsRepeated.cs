using MicroDb.Conformance.Models;

namespace MicroDb.Conformance;

// Joins and grouping run again from one call site (issue 22): the same lambda shapes with other captured values give
// that run's rows and SQL, and another shape gets its own SQL. Joins and grouped queries are translated on each run
// (docs/relations.md, "The two front ends"); these tests hold whatever is reused between runs to that.
public abstract partial class ConformanceSuite
{
    [Test]
    public void Join_run_again_with_other_captured_values_returns_each_runs_rows([Values] bool sqliteNet)
    {
        var data = OpenJoinData(sqliteNet);
        var db = data.Db;
        // Null and a value of a nullable column, a decimal bound as each storage format stores it, and a value that keeps no row.
        foreach (var (total, region) in new (decimal, string?)[] { (15m, "north"), (1m, "north"), (15m, null), (100m, "south"), (15m, "north") })
        {
            var query = db.Table<JoinOrder>().Where(o => o.Total < total)
                .Join(db.Table<JoinCustomer>(), o => o.CustomerId, c => c.Id, (o, c) => new { o.Id, o.Region, c.Name })
                .Where(x => x.Region == region)
                .OrderBy(x => x.Id);
            var expected = data.Orders.Where(o => o.Total < total)
                .Join(data.Customers, o => o.CustomerId, c => c.Id, (o, c) => new { o.Id, o.Region, c.Name })
                .Where(x => x.Region == region)
                .OrderBy(x => x.Id)
                .ToList();
            Assert.That(query.ToList(), Is.EqualTo(expected), $"total < {total}, region {region ?? "null"}");
            Assert.That(query.Count(), Is.EqualTo(expected.Count), $"count: total < {total}, region {region ?? "null"}");
        }
    }

    [Test]
    public void GroupBy_run_again_with_other_captured_values_returns_each_runs_rows([Values] bool sqliteNet)
    {
        var data = OpenJoinData(sqliteNet);
        var db = data.Db;
        foreach (var (minQuantity, minTotal) in new[] { (0, 0), (2, 0), (0, 4), (5, 1), (0, 0) })
        {
            var actual = db.Table<JoinLine>().Where(l => l.Quantity >= minQuantity)
                .GroupBy(l => l.Sku)
                .Select(g => new { g.Key, Count = g.Count(), Total = g.Sum(x => x.Quantity) })
                .Where(x => x.Total >= minTotal)
                .OrderBy(x => x.Key)
                .ToList();
            var expected = data.Lines.Where(l => l.Quantity >= minQuantity)
                .GroupBy(l => l.Sku)
                .Select(g => new { g.Key, Count = g.Count(), Total = g.Sum(x => x.Quantity) })
                .Where(x => x.Total >= minTotal)
                .OrderBy(x => x.Key, StringComparer.Ordinal)
                .ToList();
            Assert.That(actual, Is.EqualTo(expected), $"quantity >= {minQuantity}, total >= {minTotal}");
        }
    }

    [Test]
    public void Join_and_GroupBy_of_another_shape_do_not_reuse_the_sql()
    {
        var data = OpenJoinData(sqliteNet: false);
        var db = data.Db;
        var id = 2;
        var texts = new List<string>();
        for (var run = 0; run < 2; run++)
        {
            var greater = db.Table<JoinOrder>().Where(o => o.Id > id)
                .Join(db.Table<JoinCustomer>(), o => o.CustomerId, c => c.Id, (o, c) => new { o.Id, c.Name });
            var atLeast = db.Table<JoinOrder>().Where(o => o.Id >= id)
                .Join(db.Table<JoinCustomer>(), o => o.CustomerId, c => c.Id, (o, c) => new { o.Id, c.Name });
            var byName = db.Table<JoinOrder>().Where(o => o.Id > id)
                .Join(db.Table<JoinCustomer>(), o => o.CustomerId, c => c.Id, (o, c) => new { o.Id, c.Region });
            Assert.That(greater.ToList().Select(x => x.Id), Is.EquivalentTo(data.Orders.Where(o => o.Id > id && data.Customers.Any(c => c.Id == o.CustomerId)).Select(o => o.Id)));
            Assert.That(atLeast.ToList().Select(x => x.Id), Is.EquivalentTo(data.Orders.Where(o => o.Id >= id && data.Customers.Any(c => c.Id == o.CustomerId)).Select(o => o.Id)));
            texts.AddRange([greater.ToSqlString(), atLeast.ToSqlString(), byName.ToSqlString()]);

            var count = db.Table<JoinLine>().GroupBy(l => l.Sku).Select(g => new { g.Key, N = g.Count() });
            var sum = db.Table<JoinLine>().GroupBy(l => l.Sku).Select(g => new { g.Key, N = g.Sum(x => x.Quantity) });
            Assert.That(sum.ToList(), Is.EquivalentTo(data.Lines.GroupBy(l => l.Sku).Select(g => new { g.Key, N = g.Sum(x => x.Quantity) })));
            texts.AddRange([count.ToSqlString(), sum.ToSqlString()]);
        }

        Assert.That(texts.Take(5).Distinct().Count(), Is.EqualTo(5), string.Join("\n", texts));
        Assert.That(texts.Skip(5), Is.EqualTo(texts.Take(5)), "the second run writes the first run's texts");
        Assert.That(texts[0], Does.Contain("\"t0\".\"Id\" > ?"));
        Assert.That(texts[1], Does.Contain("\"t0\".\"Id\" >= ?"));
        Assert.That(texts[2], Does.Contain("\"t1\".\"Region\"").And.Not.Contain("\"t1\".\"Name\""));
        Assert.That(texts[3], Does.Contain("count(*)"));
        Assert.That(texts[4], Does.Contain("sum(\"Quantity\")"));
    }
}
