using MicroDb.Conformance.Models;
using MicroDb.Query;

namespace MicroDb.Generated.Tests.Intercepted;

/// <summary>The async ExecuteUpdate's setters with <c>?:</c>, string methods and <c>Math.Round</c> run their build-time UPDATE on the pool's writer, checked against the run-time path.</summary>
public class InterceptedAsyncSetterMethodTests
{
    private string _directory = null!;

    [SetUp]
    public void CreateDirectory() => _directory = Directory.CreateTempSubdirectory("microdb-intercepted-").FullName;

    [TearDown]
    public void DeleteDirectory() => Directory.Delete(_directory, recursive: true);

    [Test]
    public async Task Async_conditional_string_and_rounding_setters_are_intercepted_and_checked()
    {
        var seen = new List<ExecutedStatement>();
        await using var db = new MicroDbAsyncConnection(new MicroDbOptions(Path.Combine(_directory, "setters.db")) { OnStatement = s => { lock (seen) { seen.Add(s); } } });
        await db.CreateTableAsync<Person>();
        var people = new List<Person> { new() { Name = " Ada ", Age = 36 }, new() { Name = "Bob", Age = 17, Email = "b@x" } };
        await db.InsertAllAsync(people);
        var adult = 18;
        var id = 7;
        var before = InterceptionCheck.Runs;
        InterceptionCheck.Enabled = true;
        int changed;
        try
        {
            changed = await db.Table<Person>().ExecuteUpdateAsync(s => s
                .Set(x => x.Name, x => x.Age >= adult ? x.Name.Trim().Substring(1) + "#" + id : x.Name.Replace("o", "0"))
                .Set(x => x.Age, x => (int)Math.Round(x.Age / 10.0)));
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

        Assert.That(writes, Has.Count.EqualTo(1));
        Assert.That(writes[0].Sql, Does.StartWith("UPDATE \"people\" SET \"Name\" = (CASE WHEN (\"Age\" >= ?) THEN (ifnull((ifnull(substr(trim(\"Name\", ?), (?) + 1), '') || ifnull(?, '')), '') || ifnull(?, '')) ELSE replace(\"Name\", ?, ?) END)"));
        Assert.That(InterceptionCheck.Runs - before, Is.EqualTo(1), "The write was compared with the run-time path's.");
        Assert.That(changed, Is.EqualTo(people.Count));
        var rows = (await db.QueryAsync<Person>("SELECT * FROM people ORDER BY Id")).Select(p => (p.Name, p.Age));
        Assert.That(rows, Is.EqualTo(people.Select(p => (p.Age >= adult ? p.Name.Trim().Substring(1) + "#" + id : p.Name.Replace("o", "0", StringComparison.Ordinal), (int)Math.Round(p.Age / 10.0)))));
    }
}
