using SQLite;

namespace MicroDb.SQLiteNet.Tests.Async;

public class AsyncTransactionTests : AsyncTestBase
{
    [Test]
    public async Task RunInTransactionAsync_commits_when_the_action_returns()
    {
        await Db.CreateTableAsync<Note>();

        await Db.RunInTransactionAsync(c =>
        {
            c.Insert(new Note { Title = "a" });
            c.Insert(new Note { Title = "b" });
        });

        Assert.That(await Db.Table<Note>().CountAsync(), Is.EqualTo(2));
    }

    [Test]
    public async Task RunInTransactionAsync_rolls_back_and_faults_when_the_action_throws()
    {
        await Db.CreateTableAsync<Note>();

        var e = await Assert.ThrowsAsync<InvalidOperationException>(() => Db.RunInTransactionAsync(c =>
        {
            c.Insert(new Note { Title = "a" });
            throw new InvalidOperationException("boom");
        }));

        Assert.That(e!.Message, Is.EqualTo("boom"));
        Assert.That(await Db.Table<Note>().CountAsync(), Is.Zero);
        Assert.That(Db.GetConnection().IsInTransaction, Is.False);
    }

    [Test]
    public async Task Other_calls_never_join_a_running_transaction()
    {
        await Db.CreateTableAsync<Note>();
        using var inside = new ManualResetEventSlim();

        // sqlite-net's default (FullMutex) connection skips its lock, so a call made during a transaction ran inside it
        // and was rolled back with it; here the call waits for its turn.
        var transaction = Db.RunInTransactionAsync(c =>
        {
            c.Insert(new Note { Title = "doomed" });
            inside.Set();
            Thread.Sleep(100);
            throw new InvalidOperationException("roll back");
        });
        inside.Wait();
        var outsider = Db.InsertAsync(new Note { Title = "kept" });

        await Assert.ThrowsAsync<InvalidOperationException>(() => transaction);
        await outsider;
        Assert.That((await Db.Table<Note>().ToListAsync()).Select(n => n.Title), Is.EqualTo(new[] { "kept" }));
    }

    [Test]
    public async Task An_async_call_waited_on_inside_the_action_runs_inside_the_transaction()
    {
        await Db.CreateTableAsync<Note>();

        await Assert.ThrowsAsync<InvalidOperationException>(() => Db.RunInTransactionAsync(c =>
        {
            // On the action's thread, which holds the lock: runs at once instead of deadlocking.
            Db.InsertAsync(new Note { Title = "inner" }).Wait();
            Assert.That(c.Table<Note>().Count(), Is.EqualTo(1));
            throw new InvalidOperationException("roll back");
        }));

        Assert.That(await Db.Table<Note>().CountAsync(), Is.Zero);
    }

    [Test]
    public async Task RunInTransactionAsync_with_null_throws_ArgumentNullException()
    {
        await Db.CreateTableAsync<Note>();
        Assert.That(() => Db.RunInTransactionAsync(null!), Throws.ArgumentNullException);
    }

    [Test]
    public async Task Lock_gives_direct_use_of_the_connection_and_nests_on_one_thread()
    {
        await SeedNotesAsync(2);
        var connection = Db.GetConnection();
        Task<int> waiting;

        using (connection.Lock())
        {
            using (connection.Lock())
            {
                connection.BeginTransaction();
                connection.Insert(new Note { Title = "locked" });
            }

            // From another thread: a call from the thread holding the lock would run at once, inside it.
            waiting = Task.Run(() => Db.Table<Note>().CountAsync());
            Assert.That(waiting.Wait(150), Is.False, "an async call waits while the lock is held");
            connection.Commit();
        }

        Assert.That(await waiting, Is.EqualTo(3));
    }

    [Test]
    public async Task A_transaction_begun_through_GetConnection_takes_in_later_async_calls_as_in_sqlite_net()
    {
        await Db.CreateTableAsync<Note>();
        var connection = Db.GetConnection();

        connection.BeginTransaction();
        await Db.InsertAsync(new Note { Title = "inside" });
        connection.Rollback();

        Assert.That(await Db.Table<Note>().CountAsync(), Is.Zero);
    }

    [Test]
    public async Task SkipLock_turns_off_Lock_but_not_the_async_calls_own_serialization()
    {
        await Db.CreateTableAsync<Note>();
        var connection = Db.GetConnection();
        connection.SkipLock = true;

        using (connection.Lock())
        {
            // Lock() took nothing, so a call from another thread runs now.
            Assert.That(Task.Run(() => Db.InsertAsync(new Note())).Wait(TimeSpan.FromSeconds(10)), Is.True);
        }

        var counts = await Task.WhenAll(Enumerable.Range(0, 50).Select(_ => Db.InsertAsync(new Note())));
        Assert.That(counts.Sum(), Is.EqualTo(50));
        Assert.That(await Db.Table<Note>().CountAsync(), Is.EqualTo(51));
    }
}
