using System.Collections.Concurrent;
using MicroDb.Concurrency;
using MicroDb.Conformance.Models;

namespace MicroDb.Tests.Concurrency;

[TestFixture]
public sealed class AsyncConnectionTests
{
    private static readonly TimeSpan Bound = TimeSpan.FromSeconds(60);
    private TempDatabase _db = null!;
    private MicroDbAsyncConnection _connection = null!;

    [SetUp]
    public async Task SetUp()
    {
        _db = new TempDatabase();
        _connection = new MicroDbAsyncConnection(new MicroDbPoolOptions(_db.Options()) { ReaderCount = 3 });
        await _connection.CreateTableAsync<ConcItem>();
        await _connection.CreateTableAsync<ConcAccount>();
    }

    [TearDown]
    public async Task TearDown()
    {
        await _connection.DisposeAsync();
        _db.Dispose();
    }

    [Test]
    public async Task InsertAsync_sets_each_autoincrement_key_on_its_own_object_across_tasks()
    {
        var items = Enumerable.Range(0, 400).Select(i => new ConcItem { Worker = i % 8, Tag = "t" + i }).ToList();
        await Bounded(Task.WhenAll(items.Select(i => Task.Run(async () => await _connection.InsertAsync(i)))));

        Assert.That(items.Select(i => i.Id).Distinct().Count(), Is.EqualTo(items.Count));
        foreach (var item in items)
        {
            Assert.That((await _connection.GetAsync<ConcItem>(item.Id)).Tag, Is.EqualTo(item.Tag));
        }
    }

    [Test]
    public async Task Mixed_tasks_keep_transfer_sum_constant_with_no_lost_or_phantom_writes()
    {
        const int accounts = 8;
        const long start = 500;
        await _connection.InsertAllAsync(Enumerable.Range(0, accounts).Select(i => new ConcAccount { Owner = "a" + i, Balance = start }));
        var badSums = new ConcurrentBag<long>();
        var net = new int[8];

        async Task Worker(int worker)
        {
            var random = new Random(worker);
            for (var round = 0; round < 60; round++)
            {
                switch (round % 4)
                {
                    case 0:
                        int from = random.Next(1, accounts + 1), to = random.Next(1, accounts + 1), amount = random.Next(1, 30);

                        // The async body awaits between the two updates: nothing else may interleave on the writer.
                        await _connection.RunInTransactionAsync(async (c, ct) =>
                        {
                            var a = c.Get<ConcAccount>(from);
                            a.Balance -= amount;
                            c.Update(a);
                            await Task.Yield();
                            var b = c.Get<ConcAccount>(to);
                            b.Balance += amount;
                            c.Update(b);
                        });
                        break;
                    case 1:
                        // Readers use other connections and must only ever see whole transfers.
                        var sum = await _connection.ExecuteScalarAsync<long>("SELECT SUM(Balance) FROM conc_account");
                        if (sum != accounts * start)
                        {
                            badSums.Add(sum);
                        }

                        break;
                    case 2:
                        var item = new ConcItem { Worker = worker, Tag = "x" };
                        await _connection.InsertAsync(item);
                        item.Version = 7;
                        Assert.That(await _connection.UpdateAsync(item), Is.EqualTo(1));
                        net[worker]++;
                        break;
                    default:
                        var mine = await _connection.QueryAsync<ConcItem>("SELECT * FROM conc_item WHERE Worker = ? LIMIT 1", worker);
                        if (mine.Count == 1 && random.Next(2) == 0)
                        {
                            Assert.That(await _connection.DeleteAsync(mine[0]), Is.EqualTo(1));
                            net[worker]--;
                        }

                        break;
                }
            }
        }

        await Bounded(Task.WhenAll(Enumerable.Range(0, 8).Select(w => Task.Run(() => Worker(w)))));

        Assert.That(badSums, Is.Empty);
        Assert.That(await _connection.ExecuteScalarAsync<long>("SELECT SUM(Balance) FROM conc_account"), Is.EqualTo(accounts * start));
        for (var worker = 0; worker < 8; worker++)
        {
            Assert.That(await _connection.ExecuteScalarAsync<int>("SELECT COUNT(*) FROM conc_item WHERE Worker = ? AND Version = 7", [worker], CancellationToken.None), Is.EqualTo(net[worker]));
        }
    }

    [Test]
    public async Task Cancelled_async_transaction_rolls_back()
    {
        using var cts = new CancellationTokenSource();
        var run = _connection.RunInTransactionAsync(async (c, ct) =>
        {
            c.Insert(new ConcItem { Tag = "half" });
            await cts.CancelAsync();
            await Task.Delay(Timeout.Infinite, ct);
        }, cts.Token);

        Assert.That(async () => await run, Throws.InstanceOf<OperationCanceledException>());
        Assert.That(await _connection.ExecuteScalarAsync<int>("SELECT COUNT(*) FROM conc_item"), Is.Zero);

        // The writer was given back.
        Assert.That(await _connection.InsertAsync(new ConcItem { Tag = "after" }), Is.EqualTo(1));
    }

    [Test]
    public async Task Cancellation_after_the_work_but_before_commit_rolls_back()
    {
        using var cts = new CancellationTokenSource();
        Assert.That(async () => await _connection.RunInTransactionAsync(c =>
        {
            c.Insert(new ConcItem { Tag = "x" });
            cts.Cancel();
        }, cts.Token), Throws.InstanceOf<OperationCanceledException>());
        Assert.That(await _connection.ExecuteScalarAsync<int>("SELECT COUNT(*) FROM conc_item"), Is.Zero);
    }

    [Test]
    public async Task Cancelled_InsertAllAsync_writes_nothing()
    {
        using var cts = new CancellationTokenSource();
        IEnumerable<ConcItem> Items()
        {
            for (var i = 0; i < 100; i++)
            {
                if (i == 50)
                {
                    cts.Cancel();
                }

                yield return new ConcItem { Tag = "i" + i };
            }
        }

        Assert.That(async () => await _connection.InsertAllAsync(Items(), cancellationToken: cts.Token), Throws.InstanceOf<OperationCanceledException>());
        Assert.That(await _connection.ExecuteScalarAsync<int>("SELECT COUNT(*) FROM conc_item"), Is.Zero);
    }

    [Test]
    public async Task Failing_async_transaction_rolls_back_and_rethrows()
    {
        var ex = await Assert.ThrowsAsync<InvalidOperationException>(async () => await _connection.RunInTransactionAsync(async (c, _) =>
        {
            c.Insert(new ConcItem { Tag = "x" });
            await Task.Yield();
            throw new InvalidOperationException("boom");
        }));
        Assert.That(ex!.Message, Is.EqualTo("boom"));
        Assert.That(await _connection.ExecuteScalarAsync<int>("SELECT COUNT(*) FROM conc_item"), Is.Zero);
    }

    [Test]
    public async Task Async_transactions_do_not_interleave()
    {
        // Each transaction reads a counter, awaits, then writes counter+1: any interleaving would lose increments.
        await _connection.InsertAsync(new ConcAccount { Owner = "counter", Balance = 0 });
        await Bounded(Task.WhenAll(Enumerable.Range(0, 40).Select(_ => Task.Run(() => _connection.RunInTransactionAsync(async (c, _) =>
        {
            var counter = c.Get<ConcAccount>(1);
            await Task.Yield();
            counter.Balance++;
            c.Update(counter);
        })))));

        Assert.That((await _connection.GetAsync<ConcAccount>(1)).Balance, Is.EqualTo(40));
    }

    [Test]
    public async Task QueryAsync_with_a_cancelled_token_throws_and_changes_nothing()
    {
        using var cts = new CancellationTokenSource();
        await cts.CancelAsync();
        Assert.That(async () => await _connection.QueryAsync<ConcItem>("SELECT * FROM conc_item", cts.Token), Throws.InstanceOf<OperationCanceledException>());
        Assert.That(async () => await _connection.InsertAsync(new ConcItem(), cts.Token), Throws.InstanceOf<OperationCanceledException>());
        Assert.That(await _connection.ExecuteScalarAsync<int>("SELECT COUNT(*) FROM conc_item"), Is.Zero);
    }

    [Test]
    public async Task DeferredQueryAsync_streams_rows_and_gives_the_reader_back_when_cancelled()
    {
        await using var single = new MicroDbAsyncConnection(new MicroDbPoolOptions(_db.Options()) { ReaderCount = 1, AcquireTimeout = TimeSpan.FromSeconds(5) });
        await single.InsertAllAsync(Enumerable.Range(0, 100).Select(i => new ConcItem { Worker = i }));

        var all = new List<int>();
        await foreach (var item in single.DeferredQueryAsync<ConcItem>("SELECT * FROM conc_item ORDER BY Worker"))
        {
            all.Add(item.Worker);
        }

        Assert.That(all, Is.EqualTo(Enumerable.Range(0, 100)));

        using var cts = new CancellationTokenSource();
        var read = 0;
        Assert.That(async () =>
        {
            await foreach (var _ in single.DeferredQueryAsync<ConcItem>("SELECT * FROM conc_item").WithCancellation(cts.Token))
            {
                if (++read == 10)
                {
                    await cts.CancelAsync();
                }
            }
        }, Throws.InstanceOf<OperationCanceledException>());
        Assert.That(read, Is.EqualTo(10));

        // With one reader, this only works if the cancelled stream released it.
        Assert.That(await single.ExecuteScalarAsync<int>("SELECT COUNT(*) FROM conc_item"), Is.EqualTo(100));
    }

    [Test]
    public async Task A_stream_waiting_for_the_only_reader_starts_when_the_first_stream_ends()
    {
        await using var single = new MicroDbAsyncConnection(new MicroDbPoolOptions(_db.Options()) { ReaderCount = 1 });
        await single.InsertAllAsync(Enumerable.Range(0, 5).Select(i => new ConcItem { Worker = i }));

        var first = single.DeferredQueryAsync<ConcItem>("SELECT * FROM conc_item").GetAsyncEnumerator();
        Assert.That(await first.MoveNextAsync(), Is.True, "the first stream holds the reader now");

        // The second stream must wait (asynchronously) for the reader, then read everything.
        var second = Task.Run(async () =>
        {
            var count = 0;
            await foreach (var _ in single.DeferredQueryAsync<ConcItem>("SELECT * FROM conc_item"))
            {
                count++;
            }

            return count;
        });
        Assert.That(second.Wait(TimeSpan.FromMilliseconds(300)), Is.False, "the second stream ran without a reader");
        await first.DisposeAsync();
        await Bounded(second);
        Assert.That(second.Result, Is.EqualTo(5));
    }

    [Test]
    public async Task Either_token_cancels_a_stream()
    {
        await _connection.InsertAllAsync(Enumerable.Range(0, 10).Select(i => new ConcItem { Worker = i }));
        using var callToken = new CancellationTokenSource();
        using var enumerationToken = new CancellationTokenSource();
        var read = 0;
        Assert.That(async () =>
        {
            await foreach (var _ in _connection.DeferredQueryAsync<ConcItem>("SELECT * FROM conc_item", [], callToken.Token).WithCancellation(enumerationToken.Token))
            {
                if (++read == 3)
                {
                    await enumerationToken.CancelAsync();
                }
            }
        }, Throws.InstanceOf<OperationCanceledException>());
        Assert.That(read, Is.EqualTo(3));
    }

    [Test]
    public async Task ExecuteScalarAsync_with_a_writing_statement_runs_on_the_writer()
    {
        var id = await _connection.ExecuteScalarAsync<long>("INSERT INTO conc_item(Worker, Tag, Version) VALUES (?, 'r', 0) RETURNING Id", 3);
        Assert.That(id, Is.GreaterThan(0));
        Assert.That((await _connection.GetAsync<ConcItem>(id)).Worker, Is.EqualTo(3));
    }

    [Test]
    public async Task Find_update_delete_round_trip()
    {
        var item = new ConcItem { Tag = "a" };
        await _connection.InsertAsync(item);
        item.Tag = "b";
        Assert.That(await _connection.UpdateAsync(item), Is.EqualTo(1));
        Assert.That((await _connection.FindAsync<ConcItem>(item.Id))!.Tag, Is.EqualTo("b"));
        Assert.That(await _connection.DeleteAsync<ConcItem>(item.Id), Is.EqualTo(1));
        Assert.That(await _connection.FindAsync<ConcItem>(item.Id), Is.Null);
        Assert.That(async () => await _connection.GetAsync<ConcItem>(item.Id), Throws.InvalidOperationException);
    }

    [Test]
    public async Task Typed_key_async_overloads_find_get_and_delete_by_long_string_and_guid()
    {
        await _connection.CreateTableAsync<Reading>();
        await _connection.CreateTableAsync<Setting>();
        await _connection.CreateTableAsync<Document>();
        var reading = new Reading { Value = 3 };
        await _connection.InsertAsync(reading);
        await _connection.InsertAsync(new Setting { Key = "k", Value = "v" });
        var id = Guid.NewGuid();
        await _connection.InsertAsync(new Document { Id = id, Body = "b" });

        Assert.That((await _connection.GetAsync<Reading>(reading.Id)).Value, Is.EqualTo(3));
        Assert.That((await _connection.FindAsync<Setting>("k"))!.Value, Is.EqualTo("v"));
        Assert.That((await _connection.GetAsync<Document>(id)).Body, Is.EqualTo("b"));
        Assert.That(await _connection.FindAsync<Document>(Guid.NewGuid()), Is.Null);
        Assert.That(await _connection.DeleteAsync<Reading>(reading.Id), Is.EqualTo(1));
        Assert.That(await _connection.DeleteAsync<Setting>("k"), Is.EqualTo(1));
        Assert.That(await _connection.DeleteAsync<Document>(id), Is.EqualTo(1));
        Assert.That(() => _connection.FindAsync<Setting>((string)null!), Throws.ArgumentNullException);
    }

    [Test]
    public async Task In_memory_async_connection_shares_one_database()
    {
        await using var memory = new MicroDbAsyncConnection(new MicroDbOptions(":memory:"));
        await memory.ExecuteAsync("CREATE TABLE t(x)");
        await Bounded(Task.WhenAll(Enumerable.Range(0, 20).Select(i => Task.Run(async () => await memory.ExecuteAsync("INSERT INTO t VALUES (?)", i)))));
        Assert.That(await memory.ExecuteScalarAsync<int>("SELECT COUNT(*) FROM t"), Is.EqualTo(20));
        Assert.That(memory.Pool.IsSingleConnection, Is.True);
    }

    [Test]
    public void Null_arguments_are_rejected()
    {
        Assert.Throws<ArgumentNullException>(() => _ = _connection.InsertAsync<ConcItem>(null!));
        Assert.Throws<ArgumentNullException>(() => _ = _connection.QueryAsync<ConcItem>(null!, CancellationToken.None));
        Assert.Throws<ArgumentNullException>(() => _ = _connection.RunInTransactionAsync((Action<MicroDbConnection>)null!));
    }

    private static async Task Bounded(Task work)
    {
        var finished = await Task.WhenAny(work, Task.Delay(Bound));
        Assert.That(finished, Is.SameAs(work), "the tasks did not finish (deadlock?)");
        await work;
    }
}
