using MicroDb.Conformance.Models;
using MicroDb.Query;

namespace MicroDb.Generated.Tests.Intercepted;

/// <summary>
/// The richer condition forms inside a sub-query's Where and in HAVING over key parts on the async connection (issue 22):
/// run intercepted on the pool's reader, each run compared with the run-time path, LINQ-to-Objects beside.
/// </summary>
[TestFixture("generated", "microdb")]
[TestFixture("generated", "sqlite-net")]
[TestFixture("reflection", "microdb")]
[TestFixture("reflection", "sqlite-net")]
public class InterceptedAsyncSubqueryConditionTests
{
    private readonly string _mapping;
    private readonly string _format;
    private readonly List<ExecutedStatement> _seen = [];
    private string _directory = null!;
    private MicroDbAsyncConnection _db = null!;
    private List<JoinOrder> _orders = null!;
    private List<JoinLine> _lines = null!;

    public InterceptedAsyncSubqueryConditionTests(string mapping, string format)
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
            new JoinLine { OrderId = 1, Sku = "apple", Quantity = 1 },
            new JoinLine { OrderId = 1, Sku = "Banana", Quantity = 5 },
            new JoinLine { OrderId = 2, Sku = "avocado", Quantity = 2 },
            new JoinLine { OrderId = 4, Sku = "cherry", Quantity = 7 },
            new JoinLine { OrderId = 42, Sku = "date", Quantity = 9 },
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

    private List<ExecutedStatement> Intercepted()
    {
        lock (_seen)
        {
            return [.. _seen.Where(s => s.Source == StatementSource.Intercepted)];
        }
    }

    [Test]
    public async Task Async_sub_query_and_having_conditions_run_intercepted_and_match_LINQ()
    {
        var before = InterceptionCheck.Runs;
        var prefix = "a";
        var skus = new List<string> { "cherry", "date" };

        var withA = await _db.Table<JoinOrder>().Where(o => _db.Table<JoinLine>().Any(l => l.OrderId == o.Id && l.Sku.StartsWith(prefix))).ToListAsync();
        var listed = await _db.Table<JoinOrder>().CountAsync(o => _db.Table<JoinLine>().Count(l => l.OrderId == o.Id && (skus.Contains(l.Sku) || l.Quantity * 2 > 9)) > 0);
        var lifted = await _db.Table<JoinOrder>().Select(o => new { o.Id, N = _db.Table<JoinLine>().Count(l => l.OrderId == o.Id && l.Sku.ToUpper() != "APPLE") }).ToListAsync();
        var groups = await _db.Table<JoinLine>().GroupBy(l => l.Sku).Where(g => g.Key.StartsWith(prefix) || skus.Contains(g.Key)).Select(g => new { g.Key, N = g.Count() }).ToListAsync();

        Assert.That(Intercepted(), Has.Count.EqualTo(4), () => string.Join("\n", _seen.Select(s => s.Source + ": " + s.Sql)));
        Assert.That(InterceptionCheck.Runs - before, Is.EqualTo(4), "The check compared each run with the run-time path.");
        Assert.That(withA.Select(o => o.Id), Is.EqualTo(_orders.Where(o => _lines.Any(l => l.OrderId == o.Id && l.Sku.StartsWith(prefix))).Select(o => o.Id)));
        Assert.That(withA.Select(o => o.Id), Is.EqualTo(new[] { 1, 2 }));
        Assert.That(listed, Is.EqualTo(_orders.Count(o => _lines.Count(l => l.OrderId == o.Id && (skus.Contains(l.Sku) || l.Quantity * 2 > 9)) > 0)).And.EqualTo(2));
        Assert.That(lifted, Is.EqualTo(_orders.Select(o => new { o.Id, N = _lines.Count(l => l.OrderId == o.Id && l.Sku.ToUpper() != "APPLE") })));
        Assert.That(lifted.Sum(x => x.N), Is.EqualTo(3));
        Assert.That(groups, Is.EquivalentTo(_lines.GroupBy(l => l.Sku).Where(g => g.Key.StartsWith(prefix) || skus.Contains(g.Key)).Select(g => new { g.Key, N = g.Count() })));
        Assert.That(groups, Has.Count.EqualTo(4));
    }
}
