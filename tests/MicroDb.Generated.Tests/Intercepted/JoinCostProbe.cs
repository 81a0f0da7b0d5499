using System.Linq.Expressions;
using MicroDb.Conformance.Models;
using MicroDb.Query;

namespace MicroDb.Generated.Tests.Intercepted;

public class JoinCostProbe
{
    private MicroDbConnection _db = null!;

    [SetUp]
    public void Open()
    {
        InterceptionCheck.Enabled = false;
        _db = InterceptedFixture.Open("generated", "microdb", _ => { });
        _db.CreateTable<JoinCustomer>();
        _db.CreateTable<JoinOrder>();
        _db.InsertAll(Enumerable.Range(1, 100).Select(i => new JoinCustomer { Name = "customer " + i, Region = "r" + (i % 7) }));
        _db.InsertAll(Enumerable.Range(1, 2000).Select(i => new JoinOrder { CustomerId = 1 + (i % 100), Region = "order region " + i, Total = i }));
    }

    [TearDown]
    public void Close() => _db.Dispose();

    [Test]
    public void Probe()
    {
        var trees = PerQuery(() => Trees(1));
        var chain = PerQuery(() => Chain(1));
        var one = PerQuery(() => JoinCount(1));
        var thousand = PerQuery(() => JoinCount(1000));
        TestContext.Out.WriteLine($"PROBE trees only: {trees:0} B; chain (no terminal): {chain:0} B; 1-row query: {one:0} B; 1,000-row query: {thousand:0} B");
    }

    private static int Trees(int last)
    {
        Expression<Func<JoinOrder, bool>> where = o => o.Id <= last;
        Expression<Func<JoinOrder, int?>> outer = o => o.CustomerId;
        Expression<Func<JoinCustomer, int?>> inner = c => c.Id;
        Expression<Func<JoinOrder, JoinCustomer, object>> result = (o, c) => new { o.Id, o.Region, Customer = c.Id, c.Name };
        return where.Parameters.Count + outer.Parameters.Count + inner.Parameters.Count + result.Parameters.Count;
    }

    private int Chain(int last) =>
        _db.Table<JoinOrder>().Where(o => o.Id <= last)
            .Join(_db.Table<JoinCustomer>(), o => o.CustomerId, c => c.Id, (o, c) => new { o.Id, o.Region, Customer = c.Id, c.Name })
            .GetHashCode();

    private int JoinCount(int last) =>
        _db.Table<JoinOrder>().Where(o => o.Id <= last)
            .Join(_db.Table<JoinCustomer>(), o => o.CustomerId, c => c.Id, (o, c) => new { o.Id, o.Region, Customer = c.Id, c.Name })
            .ToList().Count;

    private static double PerQuery(Func<int> query)
    {
        for (var i = 0; i < 5; i++)
        {
            query();
        }

        var before = GC.GetAllocatedBytesForCurrentThread();
        for (var i = 0; i < 40; i++)
        {
            query();
        }

        return (double)(GC.GetAllocatedBytesForCurrentThread() - before) / 40;
    }
}
