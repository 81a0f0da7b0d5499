using MicroDb.Conformance.Models;
using MicroDb.Query;

namespace MicroDb.Generated.Tests.Intercepted;

/// <summary>
/// The async connection's date comparisons in a sub-query, a grouping's Count(predicate) and HAVING over a DateTime key are
/// intercepted: run on one of the pool's readers with the run-time path's SQL and rows.
/// </summary>
public class InterceptedAsyncDateWhereTests
{
    private string _directory = null!;

    [SetUp]
    public void CreateDirectory() => _directory = Directory.CreateTempSubdirectory("microdb-intercepted-dates-").FullName;

    [TearDown]
    public void DeleteDirectory() => Directory.Delete(_directory, recursive: true);

    [Test]
    public async Task Async_date_comparisons_in_sub_queries_counts_and_having_are_intercepted_and_match_linq()
    {
        var seen = new List<ExecutedStatement>();
        await using var db = new MicroDbAsyncConnection(new MicroDbOptions(Path.Combine(_directory, "dates.db")) { OnStatement = s => { lock (seen) { seen.Add(s); } } });
        await db.CreateTableAsync<DatedRow>();
        await db.CreateTableAsync<JoinLine>();
        var noon = new DateTime(2025, 3, 14, 12, 0, 0, DateTimeKind.Utc);
        var rows = Enumerable.Range(1, 6).Select(i => new DatedRow { At = noon.AddHours(i - 3), Stamp = noon.AddHours(3 - i), Bucket = i % 2 }).ToList();
        await db.InsertAllAsync(rows);
        await db.InsertAllAsync(Enumerable.Range(1, 6).Select(i => new JoinLine { OrderId = i, Sku = "s", Quantity = i }).ToList());
        var since = noon;
        lock (seen)
        {
            seen.Clear();
        }

        var before = InterceptionCheck.Runs;
        InterceptionCheck.Enabled = true;
        try
        {
            var lines = await db.Table<JoinLine>().Where(l => db.Table<DatedRow>().Any(x => x.Id == l.OrderId && x.At > since)).ToListAsync();
            var counts = await db.Table<DatedRow>().GroupBy(x => x.Bucket).Select(g => new { g.Key, N = g.Count(x => x.Stamp >= since) }).ToListAsync();
            var having = await db.Table<DatedRow>().GroupBy(x => x.At).Where(g => g.Key <= since).Select(g => new { g.Key, N = g.Count() }).ToListAsync();

            Assert.That(lines.Select(l => l.OrderId), Is.EqualTo(new[] { 4, 5, 6 }));
            Assert.That(counts, Is.EquivalentTo(rows.GroupBy(x => x.Bucket).Select(g => new { g.Key, N = g.Count(x => x.Stamp >= since) })));
            Assert.That(having.Select(h => h.Key), Is.EquivalentTo(rows.Where(x => x.At <= since).Select(x => x.At)));
            lock (seen)
            {
                Assert.That(seen.Count(s => s.Source == StatementSource.Intercepted), Is.EqualTo(3), string.Join("\n", seen.Select(s => s.Source + ": " + s.Sql)));
            }

            Assert.That(InterceptionCheck.Runs - before, Is.EqualTo(3), "The check compared each intercepted run with the run-time path.");
        }
        finally
        {
            InterceptionCheck.Enabled = false;
        }
    }
}
