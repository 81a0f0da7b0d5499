using MicroDb.Conformance.Models;
using MicroDb.Query;

namespace MicroDb.Generated.Tests.Intercepted;

/// <summary>
/// The async connection's join chains the run time restructures (issue 22): a RightJoin after a join with a Where (moved
/// into its ON condition), the earlier rows used whole, a join after it and a case-mapped key, intercepted on a pool
/// reader, checked against the run-time path and equal to LINQ-to-Objects.
/// </summary>
[TestFixture("generated", "microdb")]
[TestFixture("generated", "sqlite-net")]
[TestFixture("reflection", "microdb")]
[TestFixture("reflection", "sqlite-net")]
public class InterceptedAsyncJoinMoreTests
{
    private readonly string _mapping;
    private readonly string _format;
    private readonly List<ExecutedStatement> _seen = [];
    private string _directory = null!;
    private MicroDbAsyncConnection _db = null!;
    private List<JoinOrder> _orders = null!;
    private List<JoinCustomer> _customers = null!;
    private List<JoinLine> _lines = null!;

    public InterceptedAsyncJoinMoreTests(string mapping, string format)
    {
        _mapping = mapping;
        _format = format;
    }

    private int Intercepted
    {
        get
        {
            lock (_seen)
            {
                return _seen.Count(s => s.Source == StatementSource.Intercepted);
            }
        }
    }

    [SetUp]
    public async Task Open()
    {
        _directory = Directory.CreateTempSubdirectory("microdb-intercepted-async-join-more-").FullName;
        _db = InterceptedFixture.OpenAsync(Path.Combine(_directory, "joins.db"), _mapping, _format, _seen);
        await _db.CreateTableAsync<JoinCustomer>();
        await _db.CreateTableAsync<JoinOrder>();
        await _db.CreateTableAsync<JoinLine>();
        await _db.InsertAllAsync(new[]
        {
            new JoinCustomer { Name = "Ann", Region = "north" },
            new JoinCustomer { Name = "Bob", Region = "South" },
        });
        await _db.InsertAllAsync(new[]
        {
            new JoinOrder { CustomerId = 1, Region = "north" },
            new JoinOrder { CustomerId = 2, Region = "south" },
            new JoinOrder { CustomerId = null, Region = null },
        });
        await _db.InsertAllAsync(new[]
        {
            new JoinLine { OrderId = 1, Sku = "a", Quantity = 1 },
            new JoinLine { OrderId = 2, Sku = "b", Quantity = 2 },
            new JoinLine { OrderId = 3, Sku = "c", Quantity = 3 },
            new JoinLine { OrderId = 9, Sku = "d", Quantity = 4 },
        });
        _orders = await _db.Table<JoinOrder>().ToListAsync();
        _customers = await _db.Table<JoinCustomer>().ToListAsync();
        _lines = await _db.Table<JoinLine>().ToListAsync();
        lock (_seen)
        {
            _seen.Clear();
        }

        InterceptionCheck.Enabled = true;
    }

    [TearDown]
    public async Task Close()
    {
        InterceptionCheck.Enabled = false;
        await _db.DisposeAsync();
        Directory.Delete(_directory, recursive: true);
    }

    [Test]
    public async Task Async_RightJoin_chains_and_case_mapped_keys_are_intercepted_and_match_linq()
    {
        var first = 1;
        var before = InterceptionCheck.Runs;

        var moved = await _db.Table<JoinOrder>().Where(o => o.Id > first).Join(_db.Table<JoinCustomer>(), o => o.CustomerId, c => c.Id, (o, c) => new { Order = o.Id, c.Name })
            .RightJoin(_db.Table<JoinLine>(), x => x.Order, l => l.OrderId, (x, l) => new { x, l.Sku }).ToListAsync();
        var chained = await _db.Table<JoinOrder>().Join(_db.Table<JoinCustomer>(), o => o.CustomerId, c => c.Id, (o, c) => new { Order = o.Id, c.Name })
            .RightJoin(_db.Table<JoinLine>(), x => x.Order, l => l.OrderId, (x, l) => new { l.Sku, l.OrderId })
            .Join(_db.Table<JoinOrder>(), y => y.OrderId, o => o.Id, (y, o) => new { y.Sku, o.Region }).CountAsync();
        var mapped = await _db.Table<JoinOrder>().Join(_db.Table<JoinCustomer>(), o => o.Region!.ToLower(), c => c.Region!.ToLower(), (o, c) => new { o.Id, c.Name }).ToListAsync();

        Assert.That(Intercepted, Is.EqualTo(3));
        Assert.That(InterceptionCheck.Runs - before, Is.EqualTo(3));
        Assert.That(moved, Is.EquivalentTo(_orders.Where(o => o.Id > first).Join(_customers, o => o.CustomerId, c => (int?)c.Id, (o, c) => new { Order = o.Id, c.Name })
            .RightJoin(_lines, x => x.Order, l => l.OrderId, (x, l) => new { x, l.Sku })));
        Assert.That(moved.Count(r => r.x is null), Is.EqualTo(3), "order 1 fails the Where, order 3 has no customer, 9 does not exist");
        Assert.That(chained, Is.EqualTo(3));
        Assert.That(mapped, Is.EquivalentTo(_orders.Join(_customers, o => o.Region?.ToLowerInvariant(), c => c.Region?.ToLowerInvariant(), (o, c) => new { o.Id, c.Name })));
        Assert.That(mapped, Has.Count.EqualTo(2));
    }
}
