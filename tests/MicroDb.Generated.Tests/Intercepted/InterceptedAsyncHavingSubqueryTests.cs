using MicroDb.Conformance.Models;
using MicroDb.Query;

namespace MicroDb.Generated.Tests.Intercepted;

/// <summary>
/// The async connection's grouping with a sub-query in HAVING on its own table (<c>db.Table&lt;JoinOrder&gt;()</c>, made on the
/// pool's writer) is intercepted: run on one of the pool's readers with the run-time path's SQL and rows.
/// </summary>
public class InterceptedAsyncHavingSubqueryTests
{
    private string _directory = null!;

    [SetUp]
    public void CreateDirectory() => _directory = Directory.CreateTempSubdirectory("microdb-intercepted-having-").FullName;

    [TearDown]
    public void DeleteDirectory() => Directory.Delete(_directory, recursive: true);

    [Test]
    public async Task An_async_having_sub_query_is_intercepted_and_matches_LINQ()
    {
        var seen = new List<ExecutedStatement>();
        await using var db = new MicroDbAsyncConnection(new MicroDbOptions(Path.Combine(_directory, "having.db")) { OnStatement = s => { lock (seen) { seen.Add(s); } } });
        await db.CreateTableAsync<JoinLine>();
        await db.CreateTableAsync<JoinOrder>();
        var lines = new[]
        {
            new JoinLine { OrderId = 1, Sku = "a", Quantity = 1 },
            new JoinLine { OrderId = 1, Sku = "b", Quantity = 2 },
            new JoinLine { OrderId = 2, Sku = "a", Quantity = 3 },
            new JoinLine { OrderId = 6, Sku = "c", Quantity = 4 },
        };
        await db.InsertAllAsync(lines);
        await db.InsertAllAsync(new[] { new JoinOrder { Region = "r1" }, new JoinOrder { Region = "r2" } });
        var region = "r2";
        lock (seen)
        {
            seen.Clear();
        }

        var before = InterceptionCheck.Runs;
        InterceptionCheck.Enabled = true;
        try
        {
            var known = await db.Table<JoinLine>().GroupBy(l => l.OrderId).Where(g => db.Table<JoinOrder>().Any(o => o.Id == g.Key && o.Region != region))
                .Select(g => new { g.Key, N = g.Count() }).ToListAsync();

            Assert.That(known, Is.EquivalentTo(new[] { new { Key = 1, N = 2 } }));
            lock (seen)
            {
                Assert.That(seen.Count(s => s.Source == StatementSource.Intercepted), Is.EqualTo(1), string.Join("\n", seen.Select(s => s.Source + ": " + s.Sql)));
                Assert.That(seen.First(s => s.Source == StatementSource.Intercepted).Sql, Does.Contain("HAVING EXISTS (SELECT 1 FROM \"join_orders\" AS \"s0\""));
            }

            Assert.That(InterceptionCheck.Runs - before, Is.EqualTo(1), "The check compared the intercepted run with the run-time path.");
        }
        finally
        {
            InterceptionCheck.Enabled = false;
        }
    }
}
