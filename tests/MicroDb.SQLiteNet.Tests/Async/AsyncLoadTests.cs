using System.Collections.Concurrent;
using SQLite;

namespace MicroDb.SQLiteNet.Tests.Async;

/// <summary>
/// The MAUI app's pattern under load, as the core's pool and async tests do it for MicroDb: many callers, each with its
/// own <see cref="SQLiteAsyncConnection"/> object on one file (so one shared connection), writing, reading and moving
/// money in transactions while some of them call <see cref="SQLiteAsyncConnection.CloseAsync"/> in the middle. What is
/// checked does not depend on how the calls interleave: no call fails, no write is lost or doubled, and no reader ever
/// sees half a transaction.
/// </summary>
public class AsyncLoadTests : AsyncTestBase
{
    private const int Workers = 8;
    private const int Rounds = 60;
    private const int Purses = 6;
    private const long Start = 1000;

    [Test]
    public async Task Many_callers_with_CloseAsync_in_the_middle_lose_no_write_and_see_only_whole_transactions()
    {
        await Db.CreateTablesAsync<Purse, LoadItem>();
        await Db.InsertAllAsync(Enumerable.Range(0, Purses).Select(_ => new Purse { Balance = Start }));
        var badSums = new ConcurrentBag<long>();
        var keys = new ConcurrentBag<long>();
        var net = new int[Workers];
        var closes = 0;

        async Task Worker(int worker)
        {
            var random = new Random(worker);

            // The app makes a connection object per page or repository; they all reach the same shared connection.
            var db = new SQLiteAsyncConnection(Path, MauiFlags);
            for (var round = 0; round < Rounds; round++)
            {
                switch (round % 6)
                {
                    case 0:
                        int from = random.Next(1, Purses + 1), to = random.Next(1, Purses + 1), amount = random.Next(1, 50);
                        await db.RunInTransactionAsync(c =>
                        {
                            var a = c.Get<Purse>(from);
                            a.Balance -= amount;
                            c.Update(a);
                            var b = c.Get<Purse>(to);
                            b.Balance += amount;
                            c.Update(b);
                        });
                        break;
                    case 1:
                        var sum = await db.ExecuteScalarAsync<long>("SELECT SUM(Balance) FROM Purse");
                        if (sum != Purses * Start)
                        {
                            badSums.Add(sum);
                        }

                        break;
                    case 2:
                        var item = new LoadItem { Worker = worker };
                        Assert.That(await db.InsertAsync(item), Is.EqualTo(1));
                        keys.Add(item.Id);
                        item.Version = 7;
                        Assert.That(await db.UpdateAsync(item), Is.EqualTo(1));
                        net[worker]++;
                        break;
                    case 3:
                        var mine = await db.Table<LoadItem>().Where(i => i.Worker == worker).FirstOrDefaultAsync();
                        if (mine is not null && random.Next(2) == 0)
                        {
                            Assert.That(await db.DeleteAsync(mine), Is.EqualTo(1));
                            net[worker]--;
                        }

                        break;
                    case 4:
                        // A failing transaction: its insert is rolled back, the error reaches this caller only.
                        var failed = db.RunInTransactionAsync(c =>
                        {
                            c.Insert(new LoadItem { Worker = -1 });
                            throw new InvalidOperationException("undo " + worker);
                        });
                        Assert.That(async () => await failed, Throws.InvalidOperationException.With.Message.EqualTo("undo " + worker));
                        break;
                    default:
                        if (round % 18 == 5)
                        {
                            // Closes the shared connection under the other callers' queued calls; theirs and this
                            // caller's next calls run on the connection opened in its place.
                            await db.CloseAsync();
                            Interlocked.Increment(ref closes);
                        }
                        else
                        {
                            var count = await db.Table<LoadItem>().Where(i => i.Worker == worker).CountAsync();
                            Assert.That(count, Is.EqualTo(net[worker]), "a caller's own writes are all visible to it");
                        }

                        break;
                }
            }
        }

        await Task.WhenAll(Enumerable.Range(0, Workers).Select(w => Task.Run(() => Worker(w))));

        Assert.That(closes, Is.EqualTo(Workers * 4));
        Assert.That(badSums, Is.Empty, "a reader saw half a transfer");
        Assert.That(keys.Distinct().Count(), Is.EqualTo(keys.Count), "two inserts got the same key");
        Assert.That(await Db.ExecuteScalarAsync<long>("SELECT SUM(Balance) FROM Purse"), Is.EqualTo(Purses * Start));
        Assert.That(await Db.ExecuteScalarAsync<int>("SELECT COUNT(*) FROM LoadItem WHERE Worker = -1"), Is.Zero);
        for (var worker = 0; worker < Workers; worker++)
        {
            Assert.That(await Db.ExecuteScalarAsync<int>("SELECT COUNT(*) FROM LoadItem WHERE Worker = ? AND Version = 7", worker), Is.EqualTo(net[worker]));
        }

        Assert.That(await Db.ExecuteScalarAsync<string>("PRAGMA integrity_check"), Is.EqualTo("ok"));
    }

    [Test]
    public async Task Calls_queued_behind_CloseAsync_keep_their_order_on_the_reopened_connection()
    {
        await Db.CreateTableAsync<LoadItem>();
        var item = new LoadItem { Worker = 1 };
        await Db.InsertAsync(item);

        // Made without awaiting: each takes its turn at the call, the close among them.
        var tasks = new List<Task>();
        for (var v = 1; v <= 40; v++)
        {
            tasks.Add(Db.ExecuteAsync("UPDATE LoadItem SET Version = ?", v));
            if (v % 10 == 0)
            {
                tasks.Add(Db.CloseAsync());
            }
        }

        var last = Db.ExecuteScalarAsync<int>("SELECT Version FROM LoadItem");
        await Task.WhenAll(tasks);

        Assert.That(await last, Is.EqualTo(40));
    }

    [Test]
    public async Task Synchronous_Lock_holders_and_async_callers_take_turns_on_one_lock()
    {
        await Db.CreateTableAsync<LoadItem>();
        var connection = Db.GetConnection();

        // Inside Lock() the caller owns the connection: a read-modify-write there is never interleaved with the async
        // increments, so no increment is lost.
        await Db.InsertAsync(new LoadItem { Worker = 1 });
        var sync = Enumerable.Range(0, 4).Select(_ => Task.Run(() =>
        {
            for (var i = 0; i < 25; i++)
            {
                using (connection.Lock())
                {
                    var v = connection.ExecuteScalar<int>("SELECT Version FROM LoadItem");
                    connection.Execute("UPDATE LoadItem SET Version = ?", v + 1);
                }
            }
        }));
        var async = Enumerable.Range(0, 100).Select(_ => Db.RunInTransactionAsync(c =>
        {
            var v = c.ExecuteScalar<int>("SELECT Version FROM LoadItem");
            c.Execute("UPDATE LoadItem SET Version = ?", v + 1);
        }));

        await Task.WhenAll(sync.Concat(async));

        Assert.That(await Db.ExecuteScalarAsync<int>("SELECT Version FROM LoadItem"), Is.EqualTo(200));
    }
}
