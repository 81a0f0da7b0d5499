using MicroDb.Conformance.Models;

namespace MicroDb.Generated.Tests.Intercepted;

/// <summary>The async query's inline chains are intercepted too: they run their build-time SQL on one of the pool's readers.</summary>
public class InterceptedAsyncQueryTests
{
    private string _directory = null!;

    [SetUp]
    public void CreateDirectory() => _directory = Directory.CreateTempSubdirectory("microdb-intercepted-").FullName;

    [TearDown]
    public void DeleteDirectory() => Directory.Delete(_directory, recursive: true);

    [Test]
    public async Task Async_terminals_are_intercepted_and_match_the_run_time_path()
    {
        var seen = new List<ExecutedStatement>();
        await using var db = new MicroDbAsyncConnection(new MicroDbOptions(Path.Combine(_directory, "async.db")) { OnStatement = s => { lock (seen) { seen.Add(s); } } });
        await db.CreateTableAsync<Person>();
        await db.InsertAllAsync(new[] { new Person { Name = "Ada", Age = 36 }, new Person { Name = "Bob", Age = 17 }, new Person { Name = "Cy", Age = 52 } });
        var age = 17;
        seen.Clear();

        var list = await db.Table<Person>().Where(x => x.Age > age).OrderBy(x => x.Name).ToListAsync(CancellationToken.None);
        var first = await db.Table<Person>().FirstOrDefaultAsync(x => x.Age == age, CancellationToken.None);
        var count = await db.Table<Person>().CountAsync(x => x.Age >= age);
        var any = await db.Table<Person>().Where(x => x.Age > 60).AnyAsync();
        var array = await db.Table<Person>().OrderByDescending(x => x.Age).Take(2).ToArrayAsync();
        var single = await db.Table<Person>().SingleAsync(x => x.Name == "Cy");
        List<ExecutedStatement> intercepted;
        lock (seen)
        {
            // A reader's own set-up statements (pragmas, the schema check) are SQL; the queries are the rest.
            intercepted = [.. seen.Where(s => s.Source != StatementSource.Sql)];
            seen.Clear();
        }

        var query = db.Table<Person>();
        var runTimeList = await query.Where(x => x.Age > age).OrderBy(x => x.Name).ToListAsync(CancellationToken.None);

        Assert.That(intercepted.Select(s => s.Source), Is.All.EqualTo(StatementSource.Intercepted));
        Assert.That(intercepted, Has.Count.EqualTo(6));
        Assert.That(list.Select(p => p.Name), Is.EqualTo(runTimeList.Select(p => p.Name)));
        Assert.That(list.Select(p => p.Name), Is.EqualTo(new[] { "Ada", "Cy" }));
        var runTime = seen.Single(s => s.Source != StatementSource.Sql);
        Assert.That(intercepted[0].Sql, Is.EqualTo(runTime.Sql));
        Assert.That(runTime.Source, Is.EqualTo(StatementSource.Linq));
        Assert.That(first?.Name, Is.EqualTo("Bob"));
        Assert.That(count, Is.EqualTo(3));
        Assert.That(any, Is.False);
        Assert.That(array.Select(p => p.Name), Is.EqualTo(new[] { "Cy", "Ada" }));
        Assert.That(single.Age, Is.EqualTo(52));
    }

    [Test]
    public async Task Async_intercepted_query_honours_a_cancelled_token()
    {
        await using var db = new MicroDbAsyncConnection(Path.Combine(_directory, "cancel.db"));
        await db.CreateTableAsync<Person>();
        using var cancelled = new CancellationTokenSource();
        await cancelled.CancelAsync();

        Assert.That(async () => await db.Table<Person>().Where(x => x.Age > 1).ToListAsync(cancelled.Token), Throws.InstanceOf<OperationCanceledException>());
    }
}
