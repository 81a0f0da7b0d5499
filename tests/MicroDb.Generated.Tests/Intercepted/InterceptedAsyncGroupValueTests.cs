using MicroDb.Conformance.Models;
using MicroDb.Query;

namespace MicroDb.Generated.Tests.Intercepted;

/// <summary>
/// The async connection's groupings with a computed key and a <c>Count(predicate)</c> comparing with a captured value
/// (issue 22): intercepted on one of the pool's readers, their GROUP BY and SELECT-list values bound as the sync
/// ones bind them, equal to the run-time path (the interception check) and LINQ-to-Objects, on both mapping paths and formats.
/// </summary>
[TestFixture("generated", "microdb")]
[TestFixture("reflection", "sqlite-net")]
public class InterceptedAsyncGroupValueTests
{
    private readonly string _mapping;
    private readonly string _format;
    private readonly List<ExecutedStatement> _seen = [];
    private string _directory = null!;

    public InterceptedAsyncGroupValueTests(string mapping, string format)
    {
        _mapping = mapping;
        _format = format;
    }

    [SetUp]
    public void CreateDirectory() => _directory = Directory.CreateTempSubdirectory("microdb-intercepted-group-values-").FullName;

    [TearDown]
    public void DeleteDirectory() => Directory.Delete(_directory, recursive: true);

    [Test]
    public async Task Computed_keys_and_counts_with_values_are_intercepted_on_a_reader()
    {
        await using var db = InterceptedFixture.OpenAsync(Path.Combine(_directory, "values.db"), _mapping, _format, _seen);
        await db.CreateTableAsync<JoinLine>();
        var rows = Enumerable.Range(-7, 15).Select(i => new JoinLine { OrderId = i, Sku = i % 2 == 0 ? "even" : "odd", Quantity = i * 3 }).ToArray();
        await db.InsertAllAsync(rows);
        var min = 0;
        lock (_seen)
        {
            _seen.Clear();
        }

        var before = InterceptionCheck.Runs;
        InterceptionCheck.Enabled = true;
        try
        {
            var groups = await db.Table<JoinLine>().GroupBy(l => l.OrderId / 4).OrderBy(g => g.Key)
                .Select(g => new { g.Key, Positive = g.Count(x => x.Quantity > min), N = g.Count() }).ToListAsync(CancellationToken.None);
            var count = await db.Table<JoinLine>().GroupBy(l => new { Rest = l.OrderId % 3, l.Sku }).CountAsync();

            Assert.That(groups, Is.EqualTo(rows.GroupBy(l => l.OrderId / 4).OrderBy(g => g.Key).Select(g => new { g.Key, Positive = g.Count(x => x.Quantity > min), N = g.Count() })));
            Assert.That(count, Is.EqualTo(rows.GroupBy(l => new { Rest = l.OrderId % 3, l.Sku }).Count()));
        }
        finally
        {
            InterceptionCheck.Enabled = false;
        }

        lock (_seen)
        {
            Assert.That(_seen.Count(s => s.Source == StatementSource.Intercepted), Is.EqualTo(2), string.Join("\n", _seen));
        }

        Assert.That(InterceptionCheck.Runs - before, Is.EqualTo(2), "The check compared each intercepted run with the run-time path.");
    }
}
