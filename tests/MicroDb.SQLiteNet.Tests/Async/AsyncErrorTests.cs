using SQLite;

namespace MicroDb.SQLiteNet.Tests.Async;

public class AsyncErrorTests : AsyncTestBase
{
    [Test]
    public async Task A_constraint_violation_faults_with_SQLiteException()
    {
        await Db.CreateTableAsync<Account>();
        await Db.InsertAsync(new Account { Email = "a@x" });

        var e = await Assert.ThrowsAsync<SQLiteException>(() => Db.InsertAsync(new Account { Email = "a@x" }));

        Assert.That(e!.Result, Is.EqualTo(SQLite3.Result.Constraint));
    }

    [Test]
    public async Task Wait_surfaces_the_SQLiteException_inside_an_AggregateException()
    {
        await Db.CreateTableAsync<Account>();

        var e = Assert.Throws<AggregateException>(() => Db.ExecuteAsync("INSERT INTO nowhere VALUES (1)").Wait());

        Assert.That(e!.InnerException, Is.TypeOf<SQLiteException>());
        Assert.That(((SQLiteException)e.InnerException!).Result, Is.EqualTo(SQLite3.Result.Error));
        Assert.That(e.InnerException!.Message, Does.Contain("nowhere"));
    }

    [Test]
    public async Task A_database_that_cannot_be_opened_faults_the_first_call()
    {
        var missing = System.IO.Path.Combine(System.IO.Path.GetTempPath(), "no-such-dir-" + Guid.NewGuid().ToString("N"), "x.db");
        var db = new SQLiteAsyncConnection(missing, SQLiteOpenFlags.ReadOnly);

        var e = await Assert.ThrowsAsync<SQLiteException>(() => db.ExecuteScalarAsync<int>("SELECT 1"));

        Assert.That(e!.Result, Is.EqualTo(SQLite3.Result.CannotOpen));
    }

    [Test]
    public async Task A_failed_call_leaves_the_connection_usable()
    {
        await SeedNotesAsync(1);
        await Assert.ThrowsAsync<SQLiteException>(() => Db.ExecuteAsync("SELEKT"));
        Assert.That(await Db.Table<Note>().CountAsync(), Is.EqualTo(1));
    }

    [Test]
    public async Task A_failed_call_among_parallel_calls_faults_only_its_own_task()
    {
        await Db.CreateTableAsync<Account>();
        var tasks = Enumerable.Range(0, 20).Select(i => Db.InsertAsync(new Account { Email = i == 7 ? "dup" : "e" + i })).ToList();
        tasks.Add(Db.InsertAsync(new Account { Email = "dup" }));

        var all = Task.WhenAll(tasks);
        await Assert.ThrowsAsync<SQLiteException>(() => all);

        Assert.That(tasks.Count(t => t.IsFaulted), Is.EqualTo(1));
        Assert.That(await Db.Table<Account>().CountAsync(), Is.EqualTo(20));
    }
}
