using MicroDb.Conformance.Models;
using MicroDb.Query;

namespace MicroDb.Generated.Tests.Intercepted;

/// <summary>The async set-based writes' inline chains are intercepted too: they run their build-time UPDATE/DELETE on the pool's writer.</summary>
public class InterceptedAsyncSetBasedTests
{
    private string _directory = null!;

    [SetUp]
    public void CreateDirectory() => _directory = Directory.CreateTempSubdirectory("microdb-intercepted-").FullName;

    [TearDown]
    public void DeleteDirectory() => Directory.Delete(_directory, recursive: true);

    [Test]
    public async Task Async_writes_are_intercepted_checked_and_change_what_LINQ_changes()
    {
        var seen = new List<ExecutedStatement>();
        await using var db = new MicroDbAsyncConnection(new MicroDbOptions(Path.Combine(_directory, "writes.db")) { OnStatement = s => { lock (seen) { seen.Add(s); } } });
        await db.CreateTableAsync<Person>();
        var people = new List<Person> { new() { Name = "Ada", Age = 36 }, new() { Name = "Bob", Age = 17 }, new() { Name = "Cy", Age = 52 } };
        await db.InsertAllAsync(people);
        var min = 20;
        var before = InterceptionCheck.Runs;
        InterceptionCheck.Enabled = true;
        int changed, deleted;
        try
        {
            changed = await db.Table<Person>().Where(x => x.Age > min).ExecuteUpdateAsync(s => s.Set(x => x.Age, x => x.Age + 1).Set(x => x.Name, "older"));
            deleted = await db.Table<Person>().Where(x => x.Age < min).ExecuteDeleteAsync(CancellationToken.None);
        }
        finally
        {
            InterceptionCheck.Enabled = false;
        }

        List<ExecutedStatement> writes;
        lock (seen)
        {
            writes = [.. seen.Where(s => s.Source == StatementSource.Intercepted)];
        }

        Assert.That(writes.Select(s => s.Sql), Is.EqualTo(new[]
        {
            "UPDATE \"people\" SET \"Age\" = (\"Age\" + ?), \"Name\" = ? WHERE (\"Age\" > ?)",
            "DELETE FROM \"people\" WHERE (\"Age\" < ?)",
        }));
        Assert.That(InterceptionCheck.Runs - before, Is.EqualTo(2), "Each write was compared with the run-time path's.");
        Assert.That(changed, Is.EqualTo(people.Count(p => p.Age > min)));
        Assert.That(deleted, Is.EqualTo(people.Count(p => p.Age < min)));
        var rows = (await db.QueryAsync<Person>("SELECT * FROM people ORDER BY Id")).Select(p => (p.Name, p.Age));
        Assert.That(rows, Is.EqualTo(people.Where(p => p.Age > min).Select(p => ("older", p.Age + 1))));
    }

    [Test]
    public async Task Async_text_and_function_setters_are_intercepted_and_checked()
    {
        var seen = new List<ExecutedStatement>();
        await using var db = new MicroDbAsyncConnection(new MicroDbOptions(Path.Combine(_directory, "setters.db")) { OnStatement = s => { lock (seen) { seen.Add(s); } } });
        await db.CreateTableAsync<Person>();
        var people = new List<Person> { new() { Name = "Ada", Age = 36 }, new() { Name = "Bob", Age = -17, Email = "b@x" } };
        await db.InsertAllAsync(people);
        var tag = "-";
        var before = InterceptionCheck.Runs;
        InterceptionCheck.Enabled = true;
        try
        {
            await db.Table<Person>().ExecuteUpdateAsync(s => s.Set(x => x.Name, x => x.Name.ToLower() + tag + x.Age).Set(x => x.Age, x => Math.Abs(x.Age)));
        }
        finally
        {
            InterceptionCheck.Enabled = false;
        }

        List<ExecutedStatement> writes;
        lock (seen)
        {
            writes = [.. seen.Where(s => s.Source == StatementSource.Intercepted)];
        }

        Assert.That(writes.Select(s => s.Sql), Is.EqualTo(new[]
        {
            "UPDATE \"people\" SET \"Name\" = (ifnull((ifnull(lower(\"Name\"), '') || ifnull(?, '')), '') || ifnull(\"Age\", '')), \"Age\" = abs(\"Age\")",
        }));
        Assert.That(InterceptionCheck.Runs - before, Is.EqualTo(1), "The write was compared with the run-time path's.");
        var rows = (await db.QueryAsync<Person>("SELECT * FROM people ORDER BY Id")).Select(p => (p.Name, p.Age));
        Assert.That(rows, Is.EqualTo(people.Select(p => (p.Name.ToLowerInvariant() + tag + p.Age, Math.Abs(p.Age)))));
    }
}
