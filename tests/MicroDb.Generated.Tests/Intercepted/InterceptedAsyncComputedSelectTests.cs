using MicroDb.Query;

namespace MicroDb.Generated.Tests.Intercepted;

/// <summary>The async query's computed Select elements (issue 22) run intercepted on a pool reader, captured values read per run.</summary>
public class InterceptedAsyncComputedSelectTests
{
    private string _directory = null!;

    [SetUp]
    public void CreateDirectory() => _directory = Directory.CreateTempSubdirectory("microdb-intercepted-computed-").FullName;

    [TearDown]
    public void DeleteDirectory() => Directory.Delete(_directory, recursive: true);

    [TestCase("microdb")]
    [TestCase("sqlite-net")]
    public async Task Async_computed_terminals_are_intercepted_and_match_objects(string format)
    {
        var seen = new List<ExecutedStatement>();
        await using var db = InterceptedFixture.OpenAsync(Path.Combine(_directory, format + ".db"), "generated", format, seen);
        await db.CreateTableAsync<ComputedGadget>();
        var rows = new[]
        {
            new ComputedGadget { Name = "bolt", Qty = 3, Price = 1.5m, Stock = 2 },
            new ComputedGadget { Name = null, Qty = 5, Price = 2m },
        };
        await db.InsertAllAsync(rows);
        lock (seen)
        {
            seen.Clear();
        }

        InterceptionCheck.Enabled = true;
        try
        {
            var lists = new List<List<int>>();
            foreach (var bonus in new[] { 10, 20 })
            {
                lists.Add(await db.Table<ComputedGadget>().OrderBy(g => g.Id).Select(g => g.Qty * bonus).ToListAsync());
            }

            var array = await db.Table<ComputedGadget>().OrderBy(g => g.Id).Select(g => new { g.Id, Text = g.Name ?? "none", Total = g.Price * g.Qty }).ToArrayAsync();
            var first = await db.Table<ComputedGadget>().OrderBy(g => g.Id).Select(g => g.Stock * 2).FirstAsync();
            int intercepted;
            lock (seen)
            {
                intercepted = seen.Count(s => s.Source == StatementSource.Intercepted);
            }

            Assert.That(intercepted, Is.EqualTo(4));
            Assert.That(lists[0], Is.EqualTo(new[] { 30, 50 }));
            Assert.That(lists[1], Is.EqualTo(new[] { 60, 100 }));
            Assert.That(array, Is.EqualTo(new[] { new { Id = 1, Text = "bolt", Total = 4.5m }, new { Id = 2, Text = "none", Total = 10m } }));
            Assert.That(first, Is.EqualTo(4));
        }
        finally
        {
            InterceptionCheck.Enabled = false;
        }
    }
}
