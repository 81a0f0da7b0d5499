using MicroDb.Conformance.Models;
using MicroDb.Query;

namespace MicroDb.Generated.Tests.Intercepted;

/// <summary>The async query's inline Select chains are intercepted too: their build-time SQL runs on one of the pool's readers.</summary>
public class InterceptedAsyncSelectTests
{
    private string _directory = null!;

    [SetUp]
    public void CreateDirectory() => _directory = Directory.CreateTempSubdirectory("microdb-intercepted-select-").FullName;

    [TearDown]
    public void DeleteDirectory() => Directory.Delete(_directory, recursive: true);

    [TestCase("microdb")]
    [TestCase("sqlite-net")]
    public async Task Async_select_terminals_are_intercepted_and_match_the_run_time_path(string format)
    {
        var seen = new List<ExecutedStatement>();
        await using var db = new MicroDbAsyncConnection(new MicroDbOptions(Path.Combine(_directory, format + ".db"))
        {
            Storage = format == "microdb" ? StorageFormat.MicroDb : StorageFormat.SqliteNet(),
            OnStatement = s => { lock (seen) { seen.Add(s); } },
        });
        await db.CreateTableAsync<Person>();
        await db.InsertAllAsync(new[]
        {
            new Person { Name = "Ada", Age = 36, Created = new DateTime(2020, 1, 2, 3, 4, 5, DateTimeKind.Utc) },
            new Person { Name = "Bob", Age = 17 },
            new Person { Name = "Cy", Age = 52, Email = "cy@example.com" },
        });
        var age = 17;
        seen.Clear();
        var before = InterceptionCheck.Runs;
        InterceptionCheck.Enabled = true;
        try
        {
            var list = await db.Table<Person>().Where(x => x.Age > age).OrderBy(x => x.Name).Select(x => new { x.Id, x.Name, x.Created }).ToListAsync(CancellationToken.None);
            var array = await db.Table<Person>().OrderByDescending(x => x.Age).Select(x => x.Name).ToArrayAsync();
            var first = await db.Table<Person>().Where(x => x.Age == age).Select(x => new PersonRecord(x.Id, x.Name)).FirstAsync();
            var none = await db.Table<Person>().Where(x => x.Age == 99).Select(x => new PersonDto { Id = x.Id, Name = x.Name }).FirstOrDefaultAsync();
            var single = await db.Table<Person>().Where(x => x.Age == 52).Select(x => x.Email).SingleAsync();
            List<ExecutedStatement> intercepted;
            lock (seen)
            {
                intercepted = [.. seen.Where(s => s.Source == StatementSource.Intercepted)];
            }

            var query = db.Table<Person>();
            Assert.That(intercepted, Has.Count.EqualTo(5));
            Assert.That(InterceptionCheck.Runs - before, Is.EqualTo(5), "Each intercepted run was compared with the run-time path.");
            Assert.That(list, Is.EqualTo(await query.Where(x => x.Age > age).OrderBy(x => x.Name).Select(x => new { x.Id, x.Name, x.Created }).ToListAsync()));
            Assert.That(list.Select(r => r.Name), Is.EqualTo(new[] { "Ada", "Cy" }));
            Assert.That(array, Is.EqualTo(new[] { "Cy", "Ada", "Bob" }));
            Assert.That(first, Is.EqualTo(new PersonRecord(2, "Bob")));
            Assert.That(none, Is.Null);
            Assert.That(single, Is.EqualTo("cy@example.com"));
        }
        finally
        {
            InterceptionCheck.Enabled = false;
        }
    }

    [Test]
    public async Task Async_intercepted_select_honours_a_cancelled_token()
    {
        await using var db = new MicroDbAsyncConnection(Path.Combine(_directory, "cancel.db"));
        await db.CreateTableAsync<Person>();
        using var cancelled = new CancellationTokenSource();
        await cancelled.CancelAsync();

        Assert.That(async () => await db.Table<Person>().Select(x => new { x.Id }).ToListAsync(cancelled.Token), Throws.InstanceOf<OperationCanceledException>());
    }
}
