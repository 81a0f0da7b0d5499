using MicroDb.Query;

namespace MicroDb.Generated.Tests.Intercepted;

/// <summary>
/// The async ExecuteUpdate with an integer converted to decimal (intercepted, checked against the run-time path) and with
/// a sub-query as a setter's value (the run-time path), on the pool's writer; a NOT NULL violation changes nothing.
/// </summary>
[TestFixture("generated", "microdb")]
[TestFixture("reflection", "sqlite-net")]
public class InterceptedAsyncSetterDecimalTests
{
    private readonly string _mapping;
    private readonly string _format;
    private string _directory = null!;

    public InterceptedAsyncSetterDecimalTests(string mapping, string format)
    {
        _mapping = mapping;
        _format = format;
    }

    [SetUp]
    public void CreateDirectory() => _directory = Directory.CreateTempSubdirectory("microdb-intercepted-").FullName;

    [TearDown]
    public void DeleteDirectory() => Directory.Delete(_directory, recursive: true);

    [Test]
    public async Task Async_decimal_conversion_and_sub_query_setters_write_the_LINQ_values()
    {
        var seen = new List<ExecutedStatement>();
        await using var db = InterceptedFixture.OpenAsync(Path.Combine(_directory, "setters.db"), _mapping, _format, seen);
        await db.CreateTableAsync<SetMoreOrder>();
        await db.CreateTableAsync<SetMoreLine>();
        await db.InsertAllAsync(new[] { new SetMoreOrder { Name = "a", Count = 3, Price = 12.5m }, new SetMoreOrder { Name = "b", Count = 4, Price = 0.1m } });
        var orders = await db.Table<SetMoreOrder>().ToListAsync();
        await db.InsertAllAsync(new[] { new SetMoreLine { OrderId = orders[0].Id, Quantity = 2 }, new SetMoreLine { OrderId = orders[0].Id, Quantity = 5 } });
        var before = InterceptionCheck.Runs;
        InterceptionCheck.Enabled = true;
        int changed, counted;
        try
        {
            changed = await db.Table<SetMoreOrder>().ExecuteUpdateAsync(s => s.Set(x => x.Price, x => x.Price * x.Count / 2));
            counted = await db.Table<SetMoreOrder>().ExecuteUpdateAsync(s => s.Set(x => x.LineCount, x => db.Table<SetMoreLine>().Count(l => l.OrderId == x.Id)));
        }
        finally
        {
            InterceptionCheck.Enabled = false;
        }

        Assert.That((changed, counted), Is.EqualTo((2, 2)));
        lock (seen)
        {
            Assert.That(seen.Count(s => s.Source == StatementSource.Intercepted && s.Sql.StartsWith("UPDATE", StringComparison.Ordinal)), Is.EqualTo(1));
        }

        Assert.That(InterceptionCheck.Runs - before, Is.EqualTo(1), "The decimal write was compared with the run-time path's.");
        var rows = (await db.Table<SetMoreOrder>().ToListAsync()).OrderBy(o => o.Id).Select(o => (o.Price, o.LineCount));
        Assert.That(rows, Is.EqualTo(orders.Select(o => (o.Price * o.Count / 2, o.Id == orders[0].Id ? 2 : 0))));
    }

    [Test]
    public async Task Async_sub_query_setter_violating_NOT_NULL_changes_nothing()
    {
        var seen = new List<ExecutedStatement>();
        await using var db = InterceptedFixture.OpenAsync(Path.Combine(_directory, "bad.db"), _mapping, _format, seen);
        await db.CreateTableAsync<SetMoreOrder>();
        await db.CreateTableAsync<SetMoreLine>();
        await db.InsertAsync(new SetMoreOrder { Name = "a", Count = 3, Price = 2m });

        await Assert.ThrowsAsync<MicroDbConstraintException>(async () => await db.Table<SetMoreOrder>().ExecuteUpdateAsync(s => s
            .Set(x => x.Price, x => x.Price * x.Count)
            .Set(x => x.Name, x => db.Table<SetMoreLine>().Any(l => l.OrderId == x.Id) ? x.Name : null!)));

        var row = (await db.Table<SetMoreOrder>().ToListAsync()).Single();
        Assert.That((row.Name, row.Price), Is.EqualTo(("a", 2m)));
    }
}
