using MicroDb.Conformance.Models;
using MicroDb.Query;

namespace MicroDb.Generated.Tests.Intercepted;

/// <summary>
/// <c>LongCount</c> on one table's chain (with a predicate, after Where, after Skip/Take) and <c>LongCountAsync</c> are
/// intercepted with the Count text: the count equals the run-time path's (the interception check compares every run) and
/// LINQ-to-Objects', on an empty table too, on both mapping paths and storage formats.
/// </summary>
[TestFixture("generated", "microdb")]
[TestFixture("reflection", "microdb")]
[TestFixture("generated", "sqlite-net")]
[TestFixture("reflection", "sqlite-net")]
public class InterceptedLongCountTests : InterceptedTestBase
{
    private List<Person> _people = null!;

    public InterceptedLongCountTests(string mapping, string format)
        : base(mapping, format)
    {
    }

    protected override void Seed()
    {
        _db.CreateTable<Person>();
        _db.CreateTable<JoinLine>();
        _db.InsertAll(new[]
        {
            new Person { Name = "Ada", Age = 36 },
            new Person { Name = "Bob", Age = 17 },
            new Person { Name = "Cy", Age = 52 },
            new Person { Name = "Di", Age = 17 },
        });
        _people = _db.Table<Person>().ToList();
    }

    [Test]
    public void LongCount_on_one_table_is_intercepted_and_counts_as_linq()
    {
        var before = InterceptionCheck.Runs;
        var age = 17;

        var all = _db.Table<Person>().LongCount();
        var where = _db.Table<Person>().Where(p => p.Age > age).LongCount();
        var predicate = _db.Table<Person>().LongCount(p => p.Age == age);
        var paged = _db.Table<Person>().OrderBy(p => p.Name).Skip(1).Take(2).LongCount();
        var none = _db.Table<Person>().Where(p => p.Name == "nobody").LongCount();
        var empty = _db.Table<JoinLine>().Where(l => l.Quantity > 0).LongCount();

        Assert.That(Intercepted, Is.EqualTo(6), Seen);
        Assert.That(InterceptionCheck.Runs - before, Is.EqualTo(6), "The check compared each intercepted run with the run-time path.");
        Assert.That(all, Is.EqualTo(_people.LongCount()));
        Assert.That(where, Is.EqualTo(_people.LongCount(p => p.Age > age)));
        Assert.That(predicate, Is.EqualTo(2L));
        Assert.That(paged, Is.EqualTo(_people.OrderBy(p => p.Name, StringComparer.Ordinal).Skip(1).Take(2).LongCount()));
        Assert.That(none, Is.Zero);
        Assert.That(empty, Is.Zero);
    }

    [Test]
    public async Task LongCountAsync_on_one_table_is_intercepted_on_a_pool_reader()
    {
        var directory = Directory.CreateTempSubdirectory("microdb-intercepted-longcount-").FullName;
        try
        {
            var seen = new List<ExecutedStatement>();
            long count;
            long empty;
            await using (var db = InterceptedFixture.OpenAsync(Path.Combine(directory, "count.db"), _mapping, _format, seen))
            {
                await db.CreateTableAsync<Person>();
                await db.CreateTableAsync<JoinLine>();
                await db.InsertAllAsync(_people.Select(p => new Person { Name = p.Name, Age = p.Age }));
                lock (seen)
                {
                    seen.Clear();
                }

                var age = 17;
                count = await db.Table<Person>().Where(p => p.Age > age).LongCountAsync();
                empty = await db.Table<JoinLine>().LongCountAsync(CancellationToken.None);
            }

            lock (seen)
            {
                Assert.That(seen.Count(s => s.Source == StatementSource.Intercepted), Is.EqualTo(2), () => string.Join("\n", seen.Select(s => s.Source + ": " + s.Sql)));
            }

            Assert.That(count, Is.EqualTo(_people.LongCount(p => p.Age > 17)));
            Assert.That(empty, Is.Zero);
        }
        finally
        {
            Directory.Delete(directory, recursive: true);
        }
    }
}
