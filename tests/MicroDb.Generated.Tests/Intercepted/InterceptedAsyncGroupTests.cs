using MicroDb.Conformance.Models;
using MicroDb.Query;

namespace MicroDb.Generated.Tests.Intercepted;

/// <summary>
/// The async connection's inline groupings (AsyncTableQuery ... GroupBy ... Select, ended by ToListAsync, ToArrayAsync,
/// FirstAsync, FirstOrDefaultAsync or CountAsync) are intercepted: they run their build-time SQL on one of the pool's
/// readers, with the values of a Where before GroupBy and of HAVING bound, and give the run-time path's rows.
/// </summary>
public class InterceptedAsyncGroupTests
{
    private string _directory = null!;

    [SetUp]
    public void CreateDirectory() => _directory = Directory.CreateTempSubdirectory("microdb-intercepted-group-").FullName;

    [TearDown]
    public void DeleteDirectory() => Directory.Delete(_directory, recursive: true);

    [Test]
    public async Task Async_grouping_terminals_are_intercepted_and_match_linq()
    {
        var seen = new List<ExecutedStatement>();
        await using var db = new MicroDbAsyncConnection(new MicroDbOptions(Path.Combine(_directory, "groups.db")) { OnStatement = s => { lock (seen) { seen.Add(s); } } });
        await db.CreateTableAsync<JoinLine>();
        var rows = new[]
        {
            new JoinLine { OrderId = 1, Sku = "a", Quantity = 1 },
            new JoinLine { OrderId = 1, Sku = "b", Quantity = 2 },
            new JoinLine { OrderId = 2, Sku = "a", Quantity = 3 },
            new JoinLine { OrderId = 6, Sku = "c", Quantity = 4 },
            new JoinLine { OrderId = 1, Sku = "a", Quantity = 5 },
        };
        await db.InsertAllAsync(rows);
        var min = 1;
        lock (seen)
        {
            seen.Clear();
        }

        var before = InterceptionCheck.Runs;
        InterceptionCheck.Enabled = true;
        List<ExecutedStatement> intercepted;
        try
        {
            var list = await db.Table<JoinLine>().Where(l => l.Quantity >= min).GroupBy(l => l.OrderId).Where(g => g.Count() > min)
                .Select(g => new { g.Key, N = g.Count(), Total = g.Sum(x => x.Quantity) }).ToListAsync(CancellationToken.None);
            var array = await db.Table<JoinLine>().GroupBy(l => l.Sku).Select(g => new { g.Key, N = g.Count() }).OrderByDescending(x => x.N).ThenBy(x => x.Key).ToArrayAsync();
            var first = await db.Table<JoinLine>().GroupBy(l => l.Sku).OrderBy(g => g.Key).Select(g => new { g.Key, Top = g.Max(x => x.Quantity) }).FirstAsync();
            var none = await db.Table<JoinLine>().GroupBy(l => l.Sku).Where(g => g.Count() > 100).Select(g => new { g.Key }).FirstOrDefaultAsync();
            var count = await db.Table<JoinLine>().GroupBy(l => l.OrderId).Select(g => new { g.Key }).CountAsync();
            lock (seen)
            {
                // The interception check runs each query on the run-time path too (Linq); the intercepted runs are the rest.
                intercepted = [.. seen.Where(s => s.Source == StatementSource.Intercepted)];
            }

            Assert.That(list, Is.EquivalentTo(rows.Where(l => l.Quantity >= min).GroupBy(l => l.OrderId).Where(g => g.Count() > min)
                .Select(g => new { g.Key, N = g.Count(), Total = g.Sum(x => x.Quantity) })));
            Assert.That(array, Is.EqualTo(rows.GroupBy(l => l.Sku).Select(g => new { g.Key, N = g.Count() }).OrderByDescending(x => x.N).ThenBy(x => x.Key).ToArray()));
            Assert.That(first, Is.EqualTo(new { Key = "a", Top = 5 }));
            Assert.That(none, Is.Null);
            Assert.That(count, Is.EqualTo(3));
        }
        finally
        {
            InterceptionCheck.Enabled = false;
        }

        Assert.That(intercepted, Has.Count.EqualTo(5));
        Assert.That(InterceptionCheck.Runs - before, Is.EqualTo(5), "The check compared each intercepted run with the run-time path.");
        Assert.That(intercepted[0].Sql, Is.EqualTo(db.Table<JoinLine>().Where(l => l.Quantity >= min).GroupBy(l => l.OrderId).Where(g => g.Count() > min)
            .Select(g => new { g.Key, N = g.Count(), Total = g.Sum(x => x.Quantity) }).ToSqlString()));
    }

    [Test]
    public void Async_intercepted_grouping_honours_a_cancelled_token()
    {
        using var cancelled = new CancellationTokenSource();
        cancelled.Cancel();
        var db = new MicroDbAsyncConnection(Path.Combine(_directory, "cancel.db"));
        try
        {
            Assert.ThrowsAsync<OperationCanceledException>(async () =>
                await db.Table<JoinLine>().GroupBy(l => l.Sku).Select(g => new { g.Key, N = g.Count() }).ToListAsync(cancelled.Token));
        }
        finally
        {
            db.DisposeAsync().AsTask().GetAwaiter().GetResult();
        }
    }
}
