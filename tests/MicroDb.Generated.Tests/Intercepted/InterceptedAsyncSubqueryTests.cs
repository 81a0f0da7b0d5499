using MicroDb.Conformance.Models;
using MicroDb.Mapping;
using MicroDb.Query;
using MicroDb.Runtime.Reflection;

namespace MicroDb.Generated.Tests.Intercepted;

/// <summary>
/// Sub-queries over the async connection's own table (<c>adb.Table&lt;Line&gt;()</c> in a query of the same async connection)
/// run intercepted on the pool's reader: the site accepts the table query made on the pool's writer, as the run-time
/// translator does (SubqueryConnection.Accepts); the interception check compares text, values and rows, and LINQ-to-Objects is beside.
/// </summary>
[TestFixture("generated", "microdb")]
[TestFixture("generated", "sqlite-net")]
[TestFixture("reflection", "microdb")]
[TestFixture("reflection", "sqlite-net")]
public class InterceptedAsyncSubqueryTests
{
    private readonly string _mapping;
    private readonly string _format;
    private readonly List<ExecutedStatement> _seen = [];
    private string _directory = null!;
    private MicroDbAsyncConnection _db = null!;
    private List<JoinOrder> _orders = null!;
    private List<JoinLine> _lines = null!;

    public InterceptedAsyncSubqueryTests(string mapping, string format)
    {
        _mapping = mapping;
        _format = format;
    }

    [SetUp]
    public async Task Open()
    {
        _directory = Directory.CreateTempSubdirectory("microdb-intercepted-").FullName;
        _db = InterceptedFixture.OpenAsync(Path.Combine(_directory, "async.db"), _mapping, _format, _seen);
        await _db.CreateTableAsync<JoinOrder>();
        await _db.CreateTableAsync<JoinLine>();
        await _db.InsertAllAsync(Enumerable.Range(1, 5).Select(i => new JoinOrder { Region = "r" + i, Total = i }));
        await _db.InsertAllAsync(new[]
        {
            new JoinLine { OrderId = 1, Sku = "a", Quantity = 1 },
            new JoinLine { OrderId = 1, Sku = "b", Quantity = 5 },
            new JoinLine { OrderId = 2, Sku = "a", Quantity = 2 },
            new JoinLine { OrderId = 4, Sku = "c", Quantity = 7 },
            new JoinLine { OrderId = 42, Sku = "d", Quantity = 9 },
        });
        _orders = await _db.Table<JoinOrder>().ToListAsync();
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

    private List<ExecutedStatement> Queries()
    {
        lock (_seen)
        {
            // A reader's own set-up statements (pragmas, the schema check) are SQL; the queries are the rest.
            return [.. _seen.Where(s => s.Source != StatementSource.Sql)];
        }
    }

    [Test]
    public async Task Async_tables_sub_queries_run_intercepted_and_match_LINQ()
    {
        var before = InterceptionCheck.Runs;
        var min = 2;

        var withBig = await _db.Table<JoinOrder>().Where(o => _db.Table<JoinLine>().Any(l => l.OrderId == o.Id && l.Quantity > min)).ToListAsync();
        var without = await _db.Table<JoinOrder>().CountAsync(o => !_db.Table<JoinLine>().Any(l => l.OrderId == o.Id));
        var many = await _db.Table<JoinOrder>().Where(o => _db.Table<JoinLine>().Where(l => l.OrderId == o.Id).Count() >= min).ToListAsync();
        var listed = await _db.Table<JoinOrder>().Where(o => _db.Table<JoinLine>().Select(l => l.OrderId).Contains(o.Id)).ToListAsync();

        // Each run is intercepted; the check then runs the run-time translation once more (a Linq statement of the same text).
        var queries = Queries();
        var intercepted = queries.Where(s => s.Source == StatementSource.Intercepted).ToList();
        Assert.That(intercepted, Has.Count.EqualTo(4), () => string.Join("\n", queries.Select(s => s.Source + ": " + s.Sql)));
        Assert.That(queries.Where(s => s.Source != StatementSource.Intercepted).Select(s => s.Sql), Is.EqualTo(intercepted.Select(s => s.Sql)));
        Assert.That(InterceptionCheck.Runs - before, Is.EqualTo(4), "The check compared each run with the run-time path.");
        Assert.That(intercepted[0].Sql, Does.EndWith(
            "FROM \"join_orders\" WHERE EXISTS (SELECT 1 FROM \"join_lines\" AS \"s0\" WHERE ((\"s0\".\"OrderId\" = \"join_orders\".\"Id\") AND (\"s0\".\"Quantity\" > ?)))"));
        Assert.That(withBig.Select(o => o.Id), Is.EqualTo(_orders.Where(o => _lines.Any(l => l.OrderId == o.Id && l.Quantity > min)).Select(o => o.Id)));
        Assert.That(withBig.Select(o => o.Id), Is.EqualTo(new[] { 1, 4 }));
        Assert.That(without, Is.EqualTo(_orders.Count(o => !_lines.Any(l => l.OrderId == o.Id))).And.EqualTo(2));
        Assert.That(many.Select(o => o.Id), Is.EqualTo(_orders.Where(o => _lines.Count(l => l.OrderId == o.Id) >= min).Select(o => o.Id)));
        Assert.That(listed.Select(o => o.Id), Is.EqualTo(_orders.Where(o => _lines.Select(l => l.OrderId).Contains(o.Id)).Select(o => o.Id)));
    }

    [Test]
    public async Task A_projection_with_sub_queries_ended_by_FirstAsync_or_SingleOrDefaultAsync_runs_intercepted()
    {
        var before = InterceptionCheck.Runs;

        var first = await _db.Table<JoinOrder>().Where(o => o.Id > 1).Select(o => new { o.Id, Lines = _db.Table<JoinLine>().Count(l => l.OrderId == o.Id) }).FirstAsync();
        var single = await _db.Table<JoinOrder>().Where(o => o.Id == 3).Select(o => new { o.Id, Any = _db.Table<JoinLine>().Any(l => l.OrderId == o.Id) }).SingleOrDefaultAsync();

        var intercepted = Queries().Where(s => s.Source == StatementSource.Intercepted).ToList();
        Assert.That(intercepted, Has.Count.EqualTo(2), () => string.Join("\n", Queries().Select(s => s.Source + ": " + s.Sql)));
        Assert.That(intercepted[0].Sql, Does.EndWith("FROM \"join_orders\" WHERE (\"Id\" > ?) LIMIT 1"));
        Assert.That(intercepted[1].Sql, Does.EndWith("FROM \"join_orders\" WHERE (\"Id\" = ?) LIMIT 2"));
        Assert.That(InterceptionCheck.Runs - before, Is.EqualTo(2), "The check compared each run with the run-time path.");
        Assert.That(first, Is.EqualTo(_orders.Where(o => o.Id > 1).Select(o => new { o.Id, Lines = _lines.Count(l => l.OrderId == o.Id) }).First()).And.EqualTo(new { Id = 2, Lines = 1 }));
        Assert.That(single, Is.EqualTo(new { Id = 3, Any = false }));
    }

    [Test]
    public async Task An_async_tables_sub_query_with_its_own_OrderBy_and_Take_runs_intercepted()
    {
        var before = InterceptionCheck.Runs;

        var top = await _db.Table<JoinOrder>().Where(o => _db.Table<JoinLine>().OrderByDescending(l => l.Quantity).Take(2).Any(l => l.OrderId == o.Id)).ToListAsync();

        var intercepted = Queries().Where(s => s.Source == StatementSource.Intercepted).ToList();
        Assert.That(intercepted, Has.Count.EqualTo(1), () => string.Join("\n", Queries().Select(s => s.Source + ": " + s.Sql)));
        Assert.That(intercepted[0].Sql, Does.Contain("FROM (SELECT \"Id\", \"OrderId\", \"Sku\", \"Quantity\" FROM \"join_lines\" AS \"s0\" ORDER BY \"s0\".\"Quantity\" DESC LIMIT 2) AS \"s0\""));
        Assert.That(InterceptionCheck.Runs - before, Is.EqualTo(1), "The check compared the run with the run-time path.");
        Assert.That(top.Select(o => o.Id), Is.EqualTo(_orders.Where(o => _lines.OrderByDescending(l => l.Quantity).Take(2).Any(l => l.OrderId == o.Id)).Select(o => o.Id)));
        Assert.That(top.Select(o => o.Id), Is.EqualTo(new[] { 4 }), "The two largest lines are order 4's and order 42's (no such order).");
    }
}
