using MicroDb.Conformance.Models;

namespace MicroDb.Conformance;

// Sub-queries written on the async connection's table (issue 22): adb.Table<B>().Any(...) inside adb.Table<A>()'s lambdas
// is part of the same statement, run on a pooled reader; compared with LINQ-to-Objects, both storage formats.
public abstract partial class ConformanceSuite
{
    [Test]
    public async Task Async_table_subqueries_in_Where_and_Select_match_linq([Values] bool sqliteNet)
    {
        var data = OpenJoinData(sqliteNet);
        var orders = data.Orders;
        var lines = data.Lines;
        await using var adb = OpenAsyncJoinData(sqliteNet);

        var withLines = await adb.Table<JoinOrder>().Where(o => adb.Table<JoinLine>().Any(l => l.OrderId == o.Id)).ToListAsync();
        Assert.That(withLines.Select(o => o.Id), Is.EquivalentTo(orders.Where(o => lines.Any(l => l.OrderId == o.Id)).Select(o => o.Id)));

        var without = await adb.Table<JoinOrder>().Where(o => !adb.Table<JoinLine>().Where(l => l.OrderId == o.Id).Any()).CountAsync();
        Assert.That(without, Is.EqualTo(orders.Count(o => !lines.Any(l => l.OrderId == o.Id))));

        var small = await adb.Table<JoinOrder>().Where(o => adb.Table<JoinLine>().Where(l => l.Quantity > 0).All(l => l.OrderId != o.Id || l.Quantity < 3)).ToListAsync();
        Assert.That(small.Select(o => o.Id), Is.EquivalentTo(orders.Where(o => lines.Where(l => l.Quantity > 0).All(l => l.OrderId != o.Id || l.Quantity < 3)).Select(o => o.Id)));

        var counted = await adb.Table<JoinOrder>().Select(o => new { o.Id, Lines = adb.Table<JoinLine>().Count(l => l.OrderId == o.Id), All = adb.Table<JoinLine>().LongCount() }).ToListAsync();
        Assert.That(counted, Is.EquivalentTo(orders.Select(o => new { o.Id, Lines = lines.Count(l => l.OrderId == o.Id), All = (long)lines.Count })));

        var many = await adb.Table<JoinOrder>().Where(o => adb.Table<JoinLine>().Count(l => l.OrderId == o.Id) > 1 || adb.Table<JoinLine>().Count() == 0).AnyAsync();
        Assert.That(many, Is.EqualTo(orders.Any(o => lines.Count(l => l.OrderId == o.Id) > 1)));

        // In a join's lambdas too.
        var joined = await adb.Table<JoinOrder>().Join(adb.Table<JoinCustomer>(), o => o.CustomerId, c => (int?)c.Id, (o, c) => new { o.Id, c.Name })
            .Where(x => adb.Table<JoinLine>().Any(l => l.OrderId == x.Id)).ToListAsync();
        Assert.That(joined, Is.EquivalentTo(orders.Join(data.Customers, o => o.CustomerId, c => (int?)c.Id, (o, c) => new { o.Id, c.Name }).Where(x => lines.Any(l => l.OrderId == x.Id))));
    }

    [Test]
    public async Task Async_table_subquery_forms_called_directly_or_on_another_pool_throw_naming_them()
    {
        OpenJoinData(sqliteNet: false);
        await using var adb = OpenAsyncJoinData(sqliteNet: false);

        var direct = Assert.Throws<NotSupportedException>(() => adb.Table<JoinLine>().Any(l => l.Quantity > 1));
        Assert.That(direct!.Message, Does.Contain("sub-query form").And.Contain("AnyAsync").And.Contain("join_lines"));
        Assert.That(Assert.Throws<NotSupportedException>(() => adb.Table<JoinLine>().Count())!.Message, Does.Contain("CountAsync"));
        Assert.That(Assert.Throws<NotSupportedException>(() => adb.Table<JoinLine>().All(l => l.Quantity > 1))!.Message, Does.Contain("AllAsync"));
        Assert.That(Assert.Throws<NotSupportedException>(() => adb.Table<JoinLine>().LongCount())!.Message, Does.Contain("LongCountAsync"));

        // A sub-query on another async connection (another pool) cannot join this statement.
        await using var other = OpenAsyncJoinData(sqliteNet: false);
        var elsewhere = await Assert.ThrowsAsync<NotSupportedException>(async () => await adb.Table<JoinOrder>().Where(o => other.Table<JoinLine>().Any(l => l.OrderId == o.Id)).ToListAsync());
        Assert.That(elsewhere!.Message, Does.Contain("another connection"));
        Assert.That(await adb.Table<JoinLine>().CountAsync(), Is.EqualTo(5), "nothing stored is touched");
    }
}
