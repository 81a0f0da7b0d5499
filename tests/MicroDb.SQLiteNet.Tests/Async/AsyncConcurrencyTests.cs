using SQLite;

namespace MicroDb.SQLiteNet.Tests.Async;

public class AsyncConcurrencyTests : AsyncTestBase
{
    [Test]
    public async Task Many_parallel_inserts_all_land_with_distinct_keys()
    {
        await Db.CreateTableAsync<Note>();
        var notes = Enumerable.Range(0, 300).Select(i => new Note { Title = "p" + i, Rank = i }).ToList();

        var counts = await Task.WhenAll(notes.Select(n => Db.InsertAsync(n)));

        Assert.That(counts, Is.All.EqualTo(1));
        Assert.That(notes.Select(n => n.Id).Distinct().Count(), Is.EqualTo(300));
        Assert.That(await Db.Table<Note>().CountAsync(), Is.EqualTo(300));
    }

    [Test]
    public async Task Parallel_readers_and_writers_on_many_connection_objects_share_one_connection()
    {
        await SeedNotesAsync(10);
        var tasks = new List<Task>();
        for (var i = 0; i < 50; i++)
        {
            // Apps often make a new SQLiteAsyncConnection per repository call: they all reach the same connection.
            var db = new SQLiteAsyncConnection(Path, MauiFlags);
            tasks.Add(db.InsertAsync(new Note { Title = "w" + i }));
            tasks.Add(db.Table<Note>().Where(n => n.Rank > 5).ToListAsync());
            tasks.Add(db.RunInTransactionAsync(c => c.Execute("UPDATE Note SET Rank = Rank + 1 WHERE Title = ?", "n1")));
            Assert.That(db.GetConnection(), Is.SameAs(Db.GetConnection()));
        }

        await Task.WhenAll(tasks);

        Assert.That(await Db.Table<Note>().CountAsync(), Is.EqualTo(60));
        Assert.That((await Db.GetAsync<Note>(n => n.Title == "n1")).Rank, Is.EqualTo(51));
    }

    [Test]
    public void Wait_from_synchronous_code_completes()
    {
        Db.CreateTableAsync<Note>().Wait();
        var insert = Db.InsertAsync(new Note { Title = "sync" });
        insert.Wait();

        Assert.That(insert.Result, Is.EqualTo(1));
        Assert.That(Db.Table<Note>().CountAsync().Result, Is.EqualTo(1));
    }

    [Test]
    public void Wait_under_a_single_threaded_synchronization_context_does_not_deadlock()
    {
        // A UI thread blocking on .Wait(): the work runs on the thread pool and never needs the blocked context.
        var previous = SynchronizationContext.Current;
        SynchronizationContext.SetSynchronizationContext(new BlockingContext());
        try
        {
            Db.CreateTableAsync<Note>().Wait();
            Assert.That(Db.InsertAsync(new Note()).Wait(TimeSpan.FromSeconds(10)), Is.True);
        }
        finally
        {
            SynchronizationContext.SetSynchronizationContext(previous);
        }
    }

    [Test]
    public async Task Calls_made_without_awaiting_run_in_call_order()
    {
        await Db.CreateTableAsync<Note>();
        var note = new Note { Title = "v0" };
        var tasks = new List<Task> { Db.InsertAsync(note) };
        for (var i = 1; i <= 100; i++)
        {
            tasks.Add(Db.ExecuteAsync("UPDATE Note SET Title = ?", "v" + i));
        }

        var last = Db.ExecuteScalarAsync<string>("SELECT Title FROM Note");
        await Task.WhenAll(tasks);

        Assert.That(await last, Is.EqualTo("v100"));
    }

    [Test]
    public async Task CloseAsync_while_other_connection_objects_are_busy_fails_none_of_them()
    {
        // sqlite-net issue 1066: closing one async connection closed the shared one under the others' calls.
        await SeedNotesAsync(5);
        var readers = Enumerable.Range(0, 200).Select(async i =>
        {
            var db = new SQLiteAsyncConnection(Path, MauiFlags);
            var found = await db.Table<Note>().FirstOrDefaultAsync(n => n.Rank == 1 + (i % 5));
            if (i % 10 == 0)
            {
                await db.CloseAsync();
            }

            return found!.Rank;
        });

        var ranks = await Task.WhenAll(readers);

        Assert.That(ranks, Has.Length.EqualTo(200).And.All.InRange(1, 5));
    }

    [Test]
    public async Task Query_made_before_CloseAsync_runs_on_the_reopened_connection()
    {
        // The query holds the shared connection it was made on; its terminal's turn comes after the close, so it must
        // run on the connection opened in its place (this raced in the test above: one failure in about seven runs).
        await SeedNotesAsync(5);
        var query = Db.Table<Note>().Where(n => n.Rank >= 2).OrderByDescending(n => n.Rank).Take(2);

        await Db.CloseAsync();

        Assert.That((await query.ToListAsync()).Select(n => n.Rank), Is.EqualTo(new[] { 5, 4 }));
        Assert.That(await query.CountAsync(), Is.EqualTo(2));
    }

    [Test]
    public async Task Query_wrapped_by_hand_before_CloseAsync_throws_ObjectDisposedException()
    {
        // A query wrapped with new AsyncTableQuery<T>(...) has no shared connection to reopen (migrating doc, async table).
        await SeedNotesAsync(2);
        var query = new AsyncTableQuery<Note>(Db.GetConnection().Table<Note>());

        await Db.CloseAsync();

        Assert.That(async () => await query.ToListAsync(), Throws.InstanceOf<ObjectDisposedException>());
        Assert.That(await Db.Table<Note>().CountAsync(), Is.EqualTo(2), "the rows are still there");
    }

    [Test]
    public async Task A_call_after_CloseAsync_reopens_the_database()
    {
        await SeedNotesAsync(2);
        var before = Db.GetConnection();

        await Db.CloseAsync();

        Assert.That(await Db.Table<Note>().CountAsync(), Is.EqualTo(2));
        Assert.That(Db.GetConnection(), Is.Not.SameAs(before));
    }

    [Test]
    public async Task CloseAsync_waits_for_the_running_call()
    {
        await Db.CreateTableAsync<Note>();
        using var started = new ManualResetEventSlim();
        var slow = Db.RunInTransactionAsync(c =>
        {
            started.Set();
            Thread.Sleep(150);
            c.Insert(new Note { Title = "slow" });
        });
        started.Wait();

        await Db.CloseAsync();

        await slow;
        Assert.That(await Db.Table<Note>().CountAsync(), Is.EqualTo(1));
    }

    [Test]
    public async Task ResetPool_closes_every_shared_connection()
    {
        await Db.CreateTableAsync<Note>();
        var before = Db.GetConnection();

        SQLiteAsyncConnection.ResetPool();

        Assert.That(Db.GetConnection(), Is.Not.SameAs(before));
        Assert.That(await Db.Table<Note>().CountAsync(), Is.Zero);
    }

    [Test]
    public async Task In_memory_async_connections_with_the_same_flags_share_one_database()
    {
        var a = new SQLiteAsyncConnection(":memory:");
        var b = new SQLiteAsyncConnection(":memory:");
        try
        {
            await a.CreateTableAsync<Note>();
            await b.InsertAsync(new Note { Title = "shared" });
            Assert.That((await a.Table<Note>().FirstAsync()).Title, Is.EqualTo("shared"));
        }
        finally
        {
            await a.CloseAsync();
        }
    }

    /// <summary>A synchronization context whose posts would never run while its thread is blocked.</summary>
    private sealed class BlockingContext : SynchronizationContext
    {
        public override void Post(SendOrPostCallback d, object? state) => throw new InvalidOperationException("posted to the blocked context");
    }
}
