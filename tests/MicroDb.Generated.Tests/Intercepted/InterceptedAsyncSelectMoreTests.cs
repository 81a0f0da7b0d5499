using MicroDb.Query;

namespace MicroDb.Generated.Tests.Intercepted;

/// <summary>The async query's interpolated, converted, shifted and ulong Select elements (issue 22) run intercepted and match objects.</summary>
public class InterceptedAsyncSelectMoreTests
{
    private string _directory = null!;

    [SetUp]
    public void CreateDirectory() => _directory = Directory.CreateTempSubdirectory("microdb-intercepted-selectmore-").FullName;

    [TearDown]
    public void DeleteDirectory() => Directory.Delete(_directory, recursive: true);

    [TestCase("generated", "microdb")]
    [TestCase("reflection", "sqlite-net")]
    public async Task Async_terminals_compute_the_new_forms_as_the_run_time_does(string mapping, string format)
    {
        var seen = new List<ExecutedStatement>();
        await using var db = InterceptedFixture.OpenAsync(Path.Combine(_directory, format + ".db"), mapping, format, seen);
        await db.CreateTableAsync<SelectMoreRow>();
        var rows = new[]
        {
            new SelectMoreRow { Name = "bolt", Qty = 3, Weight = 1e10, Big = ulong.MaxValue, Flag = true, Other = null },
            new SelectMoreRow { Name = null, Qty = -5, Weight = -2.5, Big = 4, Flag = false, Other = true },
        };
        await db.InsertAllAsync(rows);
        lock (seen)
        {
            seen.Clear();
        }

        InterceptionCheck.Enabled = true;
        try
        {
            var suffix = "?";
            var texts = await db.Table<SelectMoreRow>().OrderBy(g => g.Id).Select(g => $"{g.Name}/{g.Qty}{suffix}").ToListAsync();
            var values = await db.Table<SelectMoreRow>().OrderBy(g => g.Id).Select(g => new { Whole = (int)g.Weight, Shift = g.Qty << 33, Half = g.Big / 2, Both = g.Flag & g.Other }).ToArrayAsync();
            var first = await db.Table<SelectMoreRow>().OrderBy(g => g.Id).Select(g => g.Big > 5).FirstAsync();
            var count = await db.Table<SelectMoreRow>().Where(g => g.Qty > 0).Select(g => new { g.Id }).CountAsync();
            var any = await db.Table<SelectMoreRow>().Where(g => g.Qty > 100).Select(g => g.Name).AnyAsync();
            int intercepted;
            lock (seen)
            {
                intercepted = seen.Count(s => s.Source == StatementSource.Intercepted);
            }

            Assert.That(intercepted, Is.EqualTo(5));
            Assert.That(count, Is.EqualTo(1));
            Assert.That(any, Is.False);
            Assert.That(texts, Is.EqualTo(new[] { "bolt/3?", "/-5?" }));
            Assert.That(values, Is.EqualTo(new[] { new { Whole = 1410065408, Shift = 6, Half = ulong.MaxValue / 2, Both = (bool?)null }, new { Whole = -2, Shift = -10, Half = 2UL, Both = (bool?)false } }));
            Assert.That(first, Is.True);
        }
        finally
        {
            InterceptionCheck.Enabled = false;
        }
    }
}
