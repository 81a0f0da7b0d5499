using MicroDb.Conformance.Models;
using MicroDb.Mapping;
using MicroDb.Native;
using MicroDb.Query;
using MicroDb.Runtime.Reflection;

namespace MicroDb.Generated.Tests.Intercepted;

/// <summary>
/// The async connection's inline joins (AsyncTableQuery ... Join/LeftJoin ..., ended by ToListAsync, ToArrayAsync,
/// FirstAsync, FirstOrDefaultAsync, CountAsync or AnyAsync) and AsyncGroupByQuery's CountAsync are intercepted: they run
/// their build-time SQL on one of the pool's readers and give the rows of the run-time path and of LINQ-to-Objects, on
/// both mapping paths and storage formats; the interception check compares every run.
/// </summary>
[TestFixture("generated", "microdb")]
[TestFixture("generated", "sqlite-net")]
[TestFixture("reflection", "microdb")]
[TestFixture("reflection", "sqlite-net")]
public class InterceptedAsyncJoinTests
{
    private static readonly DateTime Day = new(2024, 3, 5, 6, 7, 8, DateTimeKind.Utc);
    private readonly string _mapping;
    private readonly string _format;
    private readonly List<ExecutedStatement> _seen = [];
    private string _directory = null!;
    private MicroDbAsyncConnection _db = null!;
    private List<JoinOrder> _orders = null!;
    private List<JoinCustomer> _customers = null!;
    private List<JoinLine> _lines = null!;

    public InterceptedAsyncJoinTests(string mapping, string format)
    {
        _mapping = mapping;
        _format = format;
    }

    [SetUp]
    public async Task Open()
    {
        _directory = Directory.CreateTempSubdirectory("microdb-intercepted-async-join-").FullName;
        _db = InterceptedFixture.OpenAsync(Path.Combine(_directory, "joins.db"), _mapping, _format, _seen);
        await _db.CreateTableAsync<JoinCustomer>();
        await _db.CreateTableAsync<JoinOrder>();
        await _db.CreateTableAsync<JoinLine>();
        await _db.InsertAllAsync(new[]
        {
            new JoinCustomer { Name = "Ann", Region = "north", Credit = 1.5m, Since = Day },
            new JoinCustomer { Name = "Bob", Region = "south", Credit = 2m, Since = Day.AddDays(1) },
            new JoinCustomer { Name = "Cid", Region = "north", Credit = 10.25m, Since = Day.AddDays(2) },
        });
        await _db.InsertAllAsync(new[]
        {
            new JoinOrder { CustomerId = 1, Region = "north", Total = 1.50m, Placed = Day },
            new JoinOrder { CustomerId = 1, Region = "south", Total = 20m, Placed = Day.AddDays(1) },
            new JoinOrder { CustomerId = 2, Region = null, Total = 2.000m, Placed = Day.AddDays(9) },
            new JoinOrder { CustomerId = null, Region = "north", Total = 5m, Placed = Day.AddDays(2) },
            new JoinOrder { CustomerId = 99, Region = null, Total = 7.0m, Placed = Day.AddDays(4) },
        });
        await _db.InsertAllAsync(new[]
        {
            new JoinLine { OrderId = 1, Sku = "a", Quantity = 1 },
            new JoinLine { OrderId = 1, Sku = "b", Quantity = 2 },
            new JoinLine { OrderId = 2, Sku = "a", Quantity = 3 },
            new JoinLine { OrderId = 42, Sku = "d", Quantity = 5 },
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

    private string Seen()
    {
        lock (_seen)
        {
            return string.Join("\n", _seen.Select(s => s.Source + ": " + s.Sql));
        }
    }

    [Test]
    public async Task Async_join_terminals_are_intercepted_and_match_the_run_time_path_and_linq()
    {
        var before = InterceptionCheck.Runs;
        var min = 1;
        var list = await _db.Table<JoinLine>().Join(_db.Table<JoinOrder>(), l => l.OrderId, o => o.Id, (l, o) => new { l.Sku, o.Total, o.Placed, l.Quantity })
            .Where(x => x.Quantity > min).ToListAsync(CancellationToken.None);
        var array = await _db.Table<JoinLine>().Join(_db.Table<JoinOrder>(), l => l.OrderId, o => o.Id, (l, o) => new { l.Id, l.Sku, Order = o.Id })
            .OrderByDescending(x => x.Id).ToArrayAsync();
        var first = await _db.Table<JoinOrder>().Join(_db.Table<JoinCustomer>(), o => o.CustomerId, c => c.Id, (o, c) => new { o.Id, c.Name })
            .OrderBy(x => x.Id).Skip(1).FirstAsync();
        var none = await _db.Table<JoinOrder>().Join(_db.Table<JoinCustomer>(), o => o.CustomerId, c => c.Id, (o, c) => new { o.Id, c.Name })
            .Where(x => x.Id > 100).FirstOrDefaultAsync();
        var count = await _db.Table<JoinOrder>().Join(_db.Table<JoinCustomer>(), o => o.CustomerId, c => c.Id, (o, c) => new { o.Id, c.Region })
            .Where(x => x.Region == "north").CountAsync();
        var any = await _db.Table<JoinOrder>().Join(_db.Table<JoinCustomer>(), o => o.CustomerId, c => c.Id, (o, c) => new { o.Id, c.Name })
            .Where(x => x.Id > 100).AnyAsync();
        Assert.That(Intercepted, Is.EqualTo(6), Seen);
        Assert.That(InterceptionCheck.Runs - before, Is.EqualTo(6), "The check compared each intercepted run with the run-time path.");

        // The same query built across statements is the run-time path.
        var lines = _db.Table<JoinLine>();
        var runTime = await lines.Join(_db.Table<JoinOrder>(), l => l.OrderId, o => o.Id, (l, o) => new { l.Sku, o.Total, o.Placed, l.Quantity })
            .Where(x => x.Quantity > min).ToListAsync();
        Assert.That(list, Is.EquivalentTo(runTime));
        Assert.That(list, Is.EquivalentTo(_lines.Join(_orders, l => l.OrderId, o => o.Id, (l, o) => new { l.Sku, o.Total, o.Placed, l.Quantity }).Where(x => x.Quantity > min)));
        Assert.That(array, Is.EqualTo(_lines.Join(_orders, l => l.OrderId, o => o.Id, (l, o) => new { l.Id, l.Sku, Order = o.Id }).OrderByDescending(x => x.Id).ToArray()));
        Assert.That(first, Is.EqualTo(new { Id = 2, Name = "Ann" }));
        Assert.That(none, Is.Null);
        Assert.That(count, Is.EqualTo(_orders.Join(_customers, o => o.CustomerId, c => c.Id, (o, c) => c.Region).Count(r => r == "north")));
        Assert.That(count, Is.EqualTo(2));
        Assert.That(any, Is.False);
    }

    [Test]
    public async Task Async_join_terminals_with_a_condition_are_intercepted_and_match_linq()
    {
        var before = InterceptionCheck.Runs;
        var min = 2;
        var first = await _db.Table<JoinOrder>().Join(_db.Table<JoinCustomer>(), o => o.CustomerId, c => c.Id, (o, c) => new { o.Id, c.Name })
            .OrderBy(x => x.Id).FirstAsync(x => x.Id > min);
        var none = await _db.Table<JoinOrder>().Join(_db.Table<JoinCustomer>(), o => o.CustomerId, c => c.Id, (o, c) => new { o.Id, c.Name })
            .FirstOrDefaultAsync(x => x.Name == "Cid");
        var count = await _db.Table<JoinOrder>().Join(_db.Table<JoinCustomer>(), o => o.CustomerId, c => c.Id, (o, c) => new { o.Id, c.Name })
            .CountAsync(x => x.Name == "Ann");
        var any = await _db.Table<JoinOrder>().Join(_db.Table<JoinCustomer>(), o => o.CustomerId, c => c.Id, (o, c) => new { o.Id, c.Name })
            .AnyAsync(x => x.Id >= min);
        Assert.That(Intercepted, Is.EqualTo(4), Seen);
        Assert.That(InterceptionCheck.Runs - before, Is.EqualTo(4));

        var expected = _orders.Join(_customers, o => o.CustomerId, c => c.Id, (o, c) => new { o.Id, c.Name }).OrderBy(x => x.Id).ToList();
        Assert.That(first, Is.EqualTo(expected.First(x => x.Id > min)));
        Assert.That(none, Is.Null, "Cid has no order");
        Assert.That(count, Is.EqualTo(expected.Count(x => x.Name == "Ann")).And.EqualTo(2));
        Assert.That(any, Is.True);
        await Assert.ThrowsAsync<InvalidOperationException>(async () =>
            await _db.Table<JoinOrder>().Join(_db.Table<JoinCustomer>(), o => o.CustomerId, c => c.Id, (o, c) => new { o.Id, c.Name }).FirstAsync(x => x.Name == "Cid"));
    }

    [Test]
    public async Task Async_left_join_keeps_the_row_without_a_match_with_null()
    {
        var method = await _db.Table<JoinOrder>().LeftJoin(_db.Table<JoinCustomer>(), o => o.CustomerId, c => c.Id, (o, c) => new { o.Id, Name = c == null ? null : c.Name }).ToListAsync();
        var whole = await _db.Table<JoinOrder>().LeftJoin(_db.Table<JoinCustomer>(), o => o.CustomerId, c => c.Id, (o, c) => new { o.Id, c })
            .OrderByDescending(x => x.Id).FirstOrDefaultAsync();
        Assert.That(Intercepted, Is.EqualTo(2), Seen);

        var expected = (from o in _orders
                        join c in _customers on o.CustomerId equals c.Id into g
                        from c in g.DefaultIfEmpty()
                        select new { o.Id, Name = c == null ? null : c.Name }).ToList();
        Assert.That(method, Is.EquivalentTo(expected));
        Assert.That(method.Where(x => x.Name is null).Select(x => x.Id), Is.EquivalentTo(new[] { 4, 5 }), "the null key and the key with no customer keep their order with no customer");
        Assert.That(whole, Is.Not.Null);
        Assert.That(whole!.Id, Is.EqualTo(5));
        Assert.That(whole.c, Is.Null, "order 5's customer 99 does not exist");
    }

    [Test]
    public async Task Async_join_operators_and_a_composite_left_join_key_are_intercepted_and_match_linq()
    {
        var before = InterceptionCheck.Runs;
        var min = 1;
        var name = "Bob";
        var rows = await _db.Table<JoinOrder>().Where(o => o.Id > min)
            .LeftJoin(_db.Table<JoinCustomer>().Where(c => c.Name != name), o => new { o.Region, Key = o.CustomerId }, c => new { c.Region, Key = (int?)c.Id }, (o, c) => new { o.Id, Name = c == null ? null : c.Name })
            .Where(x => x.Id < 100).OrderByDescending(x => x.Id).Take(3).ToListAsync();
        var lines = await _db.Table<JoinOrder>().Join(_db.Table<JoinLine>(), o => o.Id, l => l.OrderId, (o, l) => new { o, l })
            .LeftJoin(_db.Table<JoinCustomer>(), x => x.o.CustomerId, c => c.Id, (x, c) => new { x.l.Sku, x.l.Quantity, Name = c == null ? null : c.Name })
            .OrderBy(x => x.Sku).ThenByDescending(x => x.Quantity).Skip(1).ToListAsync();
        Assert.That(Intercepted, Is.EqualTo(2), Seen);
        Assert.That(InterceptionCheck.Runs - before, Is.EqualTo(2), "The check compared each intercepted run with the run-time path.");

        var expected = _orders.Where(o => o.Id > min)
            .LeftJoin(_customers.Where(c => c.Name != name), o => new { o.Region, Key = o.CustomerId }, c => new { c.Region, Key = (int?)c.Id }, (o, c) => new { o.Id, Name = c == null ? null : c.Name })
            .Where(x => x.Id < 100).OrderByDescending(x => x.Id).Take(3).ToList();
        Assert.That(rows, Is.EqualTo(expected));
        Assert.That(rows.Select(x => x.Id), Is.EqualTo(new[] { 5, 4, 3 }));
        Assert.That(lines, Is.EqualTo(_orders.Join(_lines, o => o.Id, l => l.OrderId, (o, l) => new { o, l })
            .LeftJoin(_customers, x => x.o.CustomerId, c => c.Id, (x, c) => new { x.l.Sku, x.l.Quantity, Name = c == null ? null : c.Name })
            .OrderBy(x => x.Sku, StringComparer.Ordinal).ThenByDescending(x => x.Quantity).Skip(1).ToList()));
    }

    [Test]
    public async Task Async_grouping_count_is_intercepted()
    {
        var before = InterceptionCheck.Runs;
        var count = await _db.Table<JoinLine>().GroupBy(l => l.Sku).CountAsync();
        Assert.That(Intercepted, Is.EqualTo(1), Seen);
        Assert.That(InterceptionCheck.Runs - before, Is.EqualTo(1));
        Assert.That(count, Is.EqualTo(_lines.GroupBy(l => l.Sku).Count()));
        Assert.That(count, Is.EqualTo(3));
    }

    [Test]
    public void Async_intercepted_join_honours_a_cancelled_token()
    {
        using var cancelled = new CancellationTokenSource();
        cancelled.Cancel();
        Assert.ThrowsAsync<OperationCanceledException>(async () =>
            await _db.Table<JoinOrder>().Join(_db.Table<JoinCustomer>(), o => o.CustomerId, c => c.Id, (o, c) => new { o.Id, c.Name }).ToListAsync(cancelled.Token));
        Assert.ThrowsAsync<OperationCanceledException>(async () =>
            await _db.Table<JoinOrder>().Join(_db.Table<JoinCustomer>(), o => o.CustomerId, c => c.Id, (o, c) => new { o.Id, c.Name }).CountAsync(cancelled.Token));
        Assert.ThrowsAsync<OperationCanceledException>(async () =>
            await _db.Table<JoinLine>().GroupBy(l => l.Sku).CountAsync(cancelled.Token));
        Assert.That(Intercepted, Is.Zero, Seen);
    }

    [Test]
    public async Task Long_count_on_a_join_is_intercepted_sync_and_async()
    {
        var before = InterceptionCheck.Runs;
        var min = 1;

        var counted = await _db.Table<JoinLine>().Join(_db.Table<JoinOrder>(), l => l.OrderId, o => o.Id, (l, o) => new { l.Sku, l.Quantity })
            .Where(x => x.Quantity > min).LongCountAsync(CancellationToken.None);
        var limited = await _db.Table<JoinOrder>().LeftJoin(_db.Table<JoinCustomer>(), o => o.CustomerId, c => c.Id, (o, c) => new { o.Id, Name = c == null ? null : c.Name })
            .Skip(1).LongCountAsync();
        using var sync = InterceptedFixture.Open(_mapping, _format, _ => { });
        sync.CreateTable<JoinLine>();
        sync.CreateTable<JoinOrder>();
        sync.InsertAll(new[] { new JoinOrder { Total = 1m, Placed = Day } });
        sync.InsertAll(new[] { new JoinLine { OrderId = 1, Sku = "a" }, new JoinLine { OrderId = 1, Sku = "b" }, new JoinLine { OrderId = 2, Sku = "c" } });
        var syncCount = sync.Table<JoinLine>().Join(sync.Table<JoinOrder>(), l => l.OrderId, o => o.Id, (l, o) => l.Sku).LongCount();

        Assert.That(Intercepted, Is.EqualTo(2), Seen);
        Assert.That(InterceptionCheck.Runs - before, Is.EqualTo(3), "The check compared each intercepted run with the run-time path.");
        Assert.That(counted, Is.EqualTo(_lines.Join(_orders, l => l.OrderId, o => o.Id, (l, o) => new { l.Sku, l.Quantity }).LongCount(x => x.Quantity > min)));
        Assert.That(limited, Is.EqualTo(_orders.LeftJoin(_customers, o => o.CustomerId, c => (int?)c.Id, (o, c) => o.Id).Skip(1).LongCount()));
        Assert.That(syncCount, Is.EqualTo(2L));
    }

    [Test]
    public void Intercepted_join_list_checks_the_token_between_rows()
    {
        // The helper the async interceptor runs on a pool reader: the token reaches the row loop (cancelled while the
        // first row is read, the second row is not read).
        using var db = InterceptedFixture.Open(_mapping, _format, _ => { });
        db.CreateTable<JoinLine>();
        db.CreateTable<JoinOrder>();
        db.InsertAll(new[] { new JoinOrder { Total = 1m, Placed = Day }, new JoinOrder { Total = 2m, Placed = Day } });
        db.InsertAll(new[] { new JoinLine { OrderId = 1, Sku = "a" }, new JoinLine { OrderId = 2, Sku = "b" } });
        var query = db.Table<JoinLine>();
        var join = query.Join(db.Table<JoinOrder>(), l => l.OrderId, o => o.Id, (l, o) => l.Id);
        var site = new InterceptedSite(join.ToSqlString());
        using var cancel = new CancellationTokenSource();
        var read = 0;

        Assert.Throws<OperationCanceledException>(() => QueryInterception.ToList(join, site, (SqliteStatement statement) =>
        {
            read++;
            cancel.Cancel();
            return statement.GetInt32(0);
        }, cancel.Token));
        Assert.That(read, Is.EqualTo(1));
        Assert.That(QueryInterception.ToList(join, site, static (SqliteStatement statement) => statement.GetInt32(0), CancellationToken.None), Is.EqualTo(new[] { 1, 2 }));
    }
}
