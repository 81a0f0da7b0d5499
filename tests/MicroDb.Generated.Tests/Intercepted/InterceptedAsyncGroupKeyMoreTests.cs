using MicroDb.Conformance.Models;
using MicroDb.Query;

namespace MicroDb.Generated.Tests.Intercepted;

/// <summary>
/// The async connection's groupings by the keys lowered in <see cref="InterceptedGroupKeyMoreTests"/> (issue 22): a
/// computed key with a captured value that the result reads (the projector's value read on the pool's reader) and a
/// Substring key, intercepted, equal to the run-time path (the interception check) and LINQ-to-Objects.
/// </summary>
[TestFixture("generated", "microdb")]
[TestFixture("reflection", "sqlite-net")]
public class InterceptedAsyncGroupKeyMoreTests
{
    private readonly string _mapping;
    private readonly string _format;
    private readonly List<ExecutedStatement> _seen = [];
    private string _directory = null!;

    public InterceptedAsyncGroupKeyMoreTests(string mapping, string format)
    {
        _mapping = mapping;
        _format = format;
    }

    [SetUp]
    public void CreateDirectory() => _directory = Directory.CreateTempSubdirectory("microdb-intercepted-group-keys-").FullName;

    [TearDown]
    public void DeleteDirectory() => Directory.Delete(_directory, recursive: true);

    [Test]
    public async Task Captured_and_string_keys_are_intercepted_on_a_reader()
    {
        await using var db = InterceptedFixture.OpenAsync(Path.Combine(_directory, "keys.db"), _mapping, _format, _seen);
        await db.CreateTableAsync<JoinLine>();
        var rows = Enumerable.Range(-7, 15).Select(i => new JoinLine { OrderId = i, Sku = i % 2 == 0 ? "évén" : "odd", Quantity = i * 3 }).ToArray();
        await db.InsertAllAsync(rows);
        var size = 4;
        lock (_seen)
        {
            _seen.Clear();
        }

        var before = InterceptionCheck.Runs;
        InterceptionCheck.Enabled = true;
        try
        {
            var buckets = await db.Table<JoinLine>().GroupBy(l => l.OrderId / size).OrderBy(g => g.Key).Select(g => new { g.Key, N = g.Count() }).ToListAsync(CancellationToken.None);
            var prefixes = await db.Table<JoinLine>().GroupBy(l => l.Sku!.Substring(0, 2)).Select(g => new { g.Key, Total = g.Sum(x => x.Quantity) }).ToListAsync(CancellationToken.None);

            Assert.That(buckets, Is.EqualTo(rows.GroupBy(l => l.OrderId / size).OrderBy(g => g.Key).Select(g => new { g.Key, N = g.Count() })));
            Assert.That(prefixes, Is.EquivalentTo(rows.GroupBy(l => l.Sku!.Substring(0, 2)).Select(g => new { g.Key, Total = g.Sum(x => x.Quantity) })));
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
