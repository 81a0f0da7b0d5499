using System.Linq.Expressions;
using MicroDb.Conformance.Query;

namespace MicroDb.Conformance;

/// <summary>MicroDbQuery.Compile: a query taken apart once, run with different arguments.</summary>
public abstract partial class ConformanceSuite
{
    [Test]
    public void Compiled_query_returns_the_row_of_each_argument()
    {
        var byId = MicroDbQuery.Compile((MicroDbConnection db, int id) => db.Table<QueryItem>().FirstOrDefault(p => p.Id == id));

        foreach (var row in QueryRows.Take(20))
        {
            Assert.That(byId(QueryDb, row.Id)?.Id, Is.EqualTo(row.Id));
        }

        Assert.That(byId(QueryDb, -5), Is.Null);
    }

    [Test]
    public void Compiled_query_with_operators_and_a_list_result_matches_linq_to_objects()
    {
        var older = MicroDbQuery.Compile((MicroDbConnection db, int age) =>
            db.Table<QueryItem>().Where(x => x.Age > age).OrderByDescending(x => x.Age).ThenBy(x => x.Id).Take(5).ToList());

        foreach (var age in new[] { 10, 40, 70, 1000 })
        {
            var expected = QueryRows.Where(x => x.Age > age).OrderByDescending(x => x.Age).ThenBy(x => x.Id).Take(5).Select(x => x.Id);
            Assert.That(older(QueryDb, age).Select(x => x.Id), Is.EqualTo(expected), $"age {age}");
        }
    }

    [Test]
    public void Compiled_query_reads_a_reference_argument_and_counts()
    {
        var named = MicroDbQuery.Compile((MicroDbConnection db, string? name) => db.Table<QueryItem>().Count(x => x.Name == name));

        foreach (var name in new[] { "Anna", "Bob", null, "nobody" })
        {
            Assert.That(named(QueryDb, name), Is.EqualTo(QueryRows.Count(x => x.Name == name)), name ?? "null");
        }
    }

    [Test]
    public void Compiled_query_keeps_each_threads_argument_apart()
    {
        var byId = MicroDbQuery.Compile((MicroDbConnection db, int id) => db.Table<QueryItem>().Where(x => x.Id == id).Select(x => x.Id).FirstOrDefault());
        var ids = QueryRows.Select(x => x.Id).Take(40).ToArray();
        var db = QueryDb;

        var wrong = 0;
        Parallel.For(0, 400, new ParallelOptions { MaxDegreeOfParallelism = 4 }, i =>
        {
            var id = ids[i % ids.Length];
            if (byId(db, id) != id)
            {
                Interlocked.Increment(ref wrong);
            }
        });

        Assert.That(wrong, Is.Zero);
    }

    [Test]
    public void Compiled_query_rejects_a_body_that_is_not_a_query_it_can_run()
    {
        var notQuery = Assert.Throws<NotSupportedException>(() => MicroDbQuery.Compile((MicroDbConnection db, int id) => id.ToString()));
        Assert.That(notQuery!.Message, Does.Contain("db.Table<T>()"));

        var deferred = Assert.Throws<NotSupportedException>(() => MicroDbQuery.Compile((MicroDbConnection db, int id) => db.Table<QueryItem>().Where(x => x.Id == id)));
        Assert.That(deferred!.Message, Does.Contain("runs the query"));

        // Enumerable.ToList would run in memory over the query: not TableQuery's own operator.
        var inMemory = Assert.Throws<NotSupportedException>(() => MicroDbQuery.Compile((MicroDbConnection db, int id) => db.Table<QueryItem>().Where(x => x.Id == id).Reverse().ToList()));
        Assert.That(inMemory!.Message, Does.Contain("TableQuery's own"));

        Assert.Throws<ArgumentNullException>(() => MicroDbQuery.Compile<int, int>(null!));
    }

    [Test]
    public void Compiled_query_rejects_an_untranslatable_predicate_when_it_runs_first()
    {
        var compiled = MicroDbQuery.Compile((MicroDbConnection db, int id) => db.Table<QueryItem>().FirstOrDefault(x => x.GetHashCode() == id));

        Assert.Throws<NotSupportedException>(() => compiled(QueryDb, 1));
    }

    [Test]
    public async Task Compiled_async_query_runs_on_a_pooled_reader_with_each_argument()
    {
        var options = Configure(new MicroDbOptions(DatabasePath) { Mapping = Mode });
        await using var db = new MicroDbAsyncConnection(options);
        await db.CreateTableAsync<QueryItem>();
        await db.InsertAllAsync(Enumerable.Range(1, 30).Select(i => new QueryItem { Name = "n" + i, Age = i }));
        var byAge = MicroDbQuery.CompileAsync((MicroDbConnection c, int age) => c.Table<QueryItem>().FirstOrDefault(x => x.Age == age));
        var count = MicroDbQuery.CompileAsync((MicroDbConnection c, int age) => c.Table<QueryItem>().Count(x => x.Age > age));

        var found = await Task.WhenAll(Enumerable.Range(1, 30).Select(async i => (await byAge(db, i, CancellationToken.None))?.Name));

        Assert.That(found, Is.EqualTo(Enumerable.Range(1, 30).Select(i => "n" + i)));
        Assert.That(await count(db, 20, CancellationToken.None), Is.EqualTo(10));
        Assert.That(await byAge(db, 99, CancellationToken.None), Is.Null);
    }

    [Test]
    public async Task Compiled_async_query_honours_a_cancelled_token()
    {
        var options = Configure(new MicroDbOptions(DatabasePath) { Mapping = Mode });
        await using var db = new MicroDbAsyncConnection(options);
        await db.CreateTableAsync<QueryItem>();
        var byAge = MicroDbQuery.CompileAsync((MicroDbConnection c, int age) => c.Table<QueryItem>().FirstOrDefault(x => x.Age == age));
        using var cancelled = new CancellationTokenSource();
        await cancelled.CancelAsync();

        Assert.That(async () => await byAge(db, 1, cancelled.Token), Throws.InstanceOf<OperationCanceledException>());
        Assert.That(() => byAge(null!, 1, CancellationToken.None), Throws.ArgumentNullException);
    }

    [Test]
    public void Compiled_query_statements_are_reported_as_compiled()
    {
        var seen = new List<ExecutedStatement>();
        var db = Open(Path.Combine(Path.GetDirectoryName(DatabasePath)!, "compiled-source.db"), o => o.OnStatement = seen.Add);
        db.CreateTable<QueryItem>();
        db.Insert(new QueryItem { Name = "a", Age = 3 });
        var byAge = MicroDbQuery.Compile((MicroDbConnection c, int age) => c.Table<QueryItem>().FirstOrDefault(x => x.Age == age));

        seen.Clear();
        Assert.That(byAge(db, 3)?.Name, Is.EqualTo("a"));
        // Built across statements, so the generated runner does not intercept it either: the run-time LINQ path.
        var items = db.Table<QueryItem>();
        Assert.That(items.FirstOrDefault(x => x.Age == 3)?.Name, Is.EqualTo("a"));

        Assert.That(seen.Select(s => s.Source), Is.EqualTo(new[] { StatementSource.Compiled, StatementSource.Linq }));
        Assert.That(seen[0].Sql, Is.EqualTo(seen[1].Sql));
    }
}
