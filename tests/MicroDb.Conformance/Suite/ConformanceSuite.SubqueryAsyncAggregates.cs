using MicroDb.Conformance.Models;

namespace MicroDb.Conformance;

// Aggregate and Contains sub-queries written on the async connection's table (issue 22): adb.Table<B>().Sum/Min/Max/Average
// and adb.Table<B>().Select(...).Contains(...) inside adb.Table<A>()'s lambdas are the sync table's sub-queries (same SQL),
// compared with LINQ-to-Objects under both storage formats.
public abstract partial class ConformanceSuite
{
    [Test]
    public async Task Async_table_aggregate_and_contains_subqueries_match_linq([Values] bool sqliteNet)
    {
        var data = OpenJoinData(sqliteNet);
        var orders = data.Orders;
        var lines = data.Lines;
        await using var adb = OpenAsyncJoinData(sqliteNet);

        var small = await adb.Table<JoinOrder>().Where(o => adb.Table<JoinLine>().Where(l => l.OrderId == o.Id).Sum(l => l.Quantity) < 4).ToListAsync();
        Assert.That(small.Select(o => o.Id), Is.EquivalentTo(orders.Where(o => lines.Where(l => l.OrderId == o.Id).Sum(l => l.Quantity) < 4).Select(o => o.Id)));

        var bigLine = await adb.Table<JoinOrder>().Where(o => adb.Table<JoinLine>().Where(l => l.OrderId == o.Id).Max(l => (int?)l.Quantity) >= 2).ToListAsync();
        Assert.That(bigLine.Select(o => o.Id), Is.EquivalentTo(orders.Where(o => lines.Where(l => l.OrderId == o.Id).Max(l => (int?)l.Quantity) >= 2).Select(o => o.Id)));

        var listed = await adb.Table<JoinOrder>().Where(o => adb.Table<JoinLine>().Select(l => l.OrderId).Contains(o.Id)).ToListAsync();
        Assert.That(listed.Select(o => o.Id), Is.EquivalentTo(orders.Where(o => lines.Select(l => l.OrderId).Contains(o.Id)).Select(o => o.Id)));

        // A nullable key (EXISTS with the translator's equality) and a negated one.
        var byCustomer = await adb.Table<JoinOrder>().Where(o => !adb.Table<JoinLine>().Where(l => l.Quantity > 1).Select(l => (int?)l.OrderId).Contains(o.CustomerId)).ToListAsync();
        Assert.That(byCustomer.Select(o => o.Id), Is.EquivalentTo(orders.Where(o => !lines.Where(l => l.Quantity > 1).Select(l => (int?)l.OrderId).Contains(o.CustomerId)).Select(o => o.Id)));

        // In a projection: empty sets give LINQ's answers (0 for Sum, null for a nullable Min/Max/Average).
        var projected = await adb.Table<JoinOrder>().Select(o => new
        {
            o.Id,
            Total = adb.Table<JoinLine>().Where(l => l.OrderId == o.Id).Sum(l => l.Quantity),
            Least = adb.Table<JoinLine>().Where(l => l.OrderId == o.Id).Min(l => (int?)l.Quantity),
            Most = adb.Table<JoinLine>().Where(l => l.OrderId == o.Id).Max(l => (int?)l.Quantity),
            Mean = adb.Table<JoinLine>().Where(l => l.OrderId == o.Id).Average(l => (double?)l.Quantity),
            Share = adb.Table<JoinLine>().Sum(l => (double)l.Quantity),
            Listed = adb.Table<JoinLine>().Where(l => l.Quantity > o.Id).Select(l => l.OrderId).Contains(o.Id),
        }).ToListAsync();
        var expected = orders.Select(o => new
        {
            o.Id,
            Total = lines.Where(l => l.OrderId == o.Id).Sum(l => l.Quantity),
            Least = lines.Where(l => l.OrderId == o.Id).Min(l => (int?)l.Quantity),
            Most = lines.Where(l => l.OrderId == o.Id).Max(l => (int?)l.Quantity),
            Mean = lines.Where(l => l.OrderId == o.Id).Average(l => (double?)l.Quantity),
            Share = lines.Sum(l => (double)l.Quantity),
            Listed = lines.Where(l => l.Quantity > o.Id).Select(l => l.OrderId).Contains(o.Id),
        });
        Assert.That(projected, Is.EquivalentTo(expected));
        Assert.That(projected.Count(p => p.Least is null), Is.GreaterThan(0), "orders without lines are in the data");

        // Nothing in the outer lambda reads the row: still a sub-query of the same statement, not run first.
        var uncorrelated = await adb.Table<JoinOrder>().Where(o => adb.Table<JoinLine>().Select(l => l.OrderId).Contains(6)).CountAsync();
        Assert.That(uncorrelated, Is.EqualTo(orders.Count));
    }

    [Test]
    public void Async_table_aggregate_and_contains_subqueries_have_the_sync_tables_sql()
    {
        var data = OpenJoinData(sqliteNet: false);
        var db = data.Db;
        using var adb = OpenAsyncJoinData(sqliteNet: false);

        // Correlated forms (the sync table runs an uncorrelated one first and binds its value; the async one cannot run there).
        var sync = db.Table<JoinOrder>().Where(o => db.Table<JoinLine>().Where(l => l.OrderId == o.Id).Sum(l => l.Quantity) > 1
            && db.Table<JoinLine>().Where(l => l.OrderId != o.Id).Average(l => (double?)l.Quantity) > 0.5 && db.Table<JoinLine>().Select(l => l.OrderId).Contains(o.Id)).ToSqlString();
        var async = adb.Table<JoinOrder>().Where(o => adb.Table<JoinLine>().Where(l => l.OrderId == o.Id).Sum(l => l.Quantity) > 1
            && adb.Table<JoinLine>().Where(l => l.OrderId != o.Id).Average(l => (double?)l.Quantity) > 0.5 && adb.Table<JoinLine>().Select(l => l.OrderId).Contains(o.Id)).ToSqlString();
        Assert.That(async, Is.EqualTo(sync));
        Assert.That(async, Does.Contain("sum(").And.Contain("avg(").And.Contain(" IN (SELECT"));
    }

    [Test]
    public async Task Async_table_aggregate_and_contains_forms_called_directly_or_refused_throw_naming_them()
    {
        OpenJoinData(sqliteNet: false);
        await using var adb = OpenAsyncJoinData(sqliteNet: false);

        Assert.That(Assert.Throws<NotSupportedException>(() => adb.Table<JoinLine>().Sum(l => l.Quantity))!.Message, Does.Contain("sub-query form").And.Contain("SumAsync"));
        Assert.That(Assert.Throws<NotSupportedException>(() => adb.Table<JoinLine>().Min(l => l.Sku))!.Message, Does.Contain("MinAsync"));
        Assert.That(Assert.Throws<NotSupportedException>(() => adb.Table<JoinLine>().Max(l => l.Quantity))!.Message, Does.Contain("MaxAsync"));
        Assert.That(Assert.Throws<NotSupportedException>(() => adb.Table<JoinLine>().Average(l => l.Quantity))!.Message, Does.Contain("AverageAsync"));
        Assert.That(Assert.Throws<NotSupportedException>(() => adb.Table<JoinLine>().Select(l => l.OrderId).Contains(1))!.Message, Does.Contain("sub-query form").And.Contain("ToListAsync"));

        // The sync table's rules: a decimal sum has no exact SQL form; a non-nullable Min in a condition would throw over no rows.
        var refusedDecimal = await Assert.ThrowsAsync<NotSupportedException>(async () =>
            await adb.Table<JoinLine>().Where(l => adb.Table<JoinOrder>().Sum(o => o.Total) > 1m).ToListAsync());
        Assert.That(refusedDecimal!.Message, Does.Contain("decimal"));
        var refusedMin = await Assert.ThrowsAsync<NotSupportedException>(async () =>
            await adb.Table<JoinOrder>().Where(o => adb.Table<JoinLine>().Where(l => l.OrderId == o.Id).Min(l => l.Quantity) > 1).ToListAsync());
        Assert.That(refusedMin!.Message, Does.Contain("nullable"));
        Assert.That(await adb.Table<JoinLine>().CountAsync(), Is.EqualTo(5), "nothing stored is touched");
    }
}
