using System.Collections.Concurrent;

namespace MicroDb.Tests.Concurrency;

// One MicroDbConnection shared by several threads: the failures sqlite-net users met are the bar
// (keys on the wrong objects, another thread's writes inside someone's transaction, wrong change counts).
[TestFixture]
public sealed class SharedConnectionConcurrencyTests
{
    private const int Threads = 6;
    private static readonly TimeSpan Bound = TimeSpan.FromSeconds(60);

    private TempDatabase _db = null!;
    private MicroDbConnection _connection = null!;

    [SetUp]
    public void SetUp()
    {
        _db = new TempDatabase();
        _connection = new MicroDbConnection(_db.Options());
        _connection.CreateTable<ConcItem>();
        _connection.CreateTable<ConcAccount>();
    }

    [TearDown]
    public void TearDown()
    {
        _connection.Dispose();
        _db.Dispose();
    }

    [Test]
    public void Insert_from_many_threads_sets_each_autoincrement_key_on_its_own_object()
    {
        const int perThread = 300;
        var inserted = new ConcurrentBag<ConcItem>();
        RunThreads(Threads, worker =>
        {
            for (var i = 0; i < perThread; i++)
            {
                var item = new ConcItem { Worker = worker, Tag = $"w{worker}-{i}" };
                _connection.Insert(item);
                inserted.Add(item);
            }
        });

        Assert.That(inserted.Select(i => i.Id).Distinct().Count(), Is.EqualTo(Threads * perThread), "every insert got its own key");
        var byId = _connection.Query<ConcItem>("SELECT * FROM conc_item").ToDictionary(i => i.Id);
        Assert.That(byId, Has.Count.EqualTo(Threads * perThread));
        foreach (var item in inserted)
        {
            // A key read from another thread's insert would point at a row with another tag.
            Assert.That(byId[item.Id].Tag, Is.EqualTo(item.Tag));
        }
    }

    [Test]
    public void Execute_returns_the_change_count_of_its_own_statement_under_concurrency()
    {
        // Worker w owns w+1 rows, so each UPDATE must report exactly w+1 changes.
        for (var worker = 0; worker < Threads; worker++)
        {
            for (var i = 0; i <= worker; i++)
            {
                _connection.Insert(new ConcItem { Worker = worker, Tag = "x" });
            }
        }

        var wrong = new ConcurrentBag<string>();
        RunThreads(Threads, worker =>
        {
            for (var round = 0; round < 200; round++)
            {
                var changed = _connection.Execute("UPDATE conc_item SET Version = Version + 1 WHERE Worker = ?", worker);
                if (changed != worker + 1)
                {
                    wrong.Add($"worker {worker} saw {changed}");
                }
            }
        });

        Assert.That(wrong, Is.Empty);
        Assert.That(_connection.ExecuteScalar<long>("SELECT SUM(Version) FROM conc_item"), Is.EqualTo(200L * Enumerable.Range(1, Threads).Sum()));
    }

    [Test]
    public void Another_threads_insert_waits_for_an_open_transaction_and_survives_its_rollback()
    {
        _connection.BeginTransaction();
        _connection.Insert(new ConcItem { Tag = "owner" });

        var other = Task.Factory.StartNew(() => _connection.Insert(new ConcItem { Tag = "other" }), TaskCreationOptions.LongRunning);

        // The other thread must not get in while the transaction is open (it would then be rolled back with it).
        Assert.That(other.Wait(TimeSpan.FromMilliseconds(300)), Is.False, "the other thread's insert ran inside this thread's transaction");
        _connection.Rollback();
        Assert.That(other.Wait(Bound), Is.True);

        var tags = _connection.QueryScalars<string>("SELECT Tag FROM conc_item");
        Assert.That(tags, Is.EqualTo(new[] { "other" }));
    }

    [Test]
    public void Another_thread_waits_until_the_outermost_savepoint_is_released()
    {
        var outer = _connection.SaveTransactionPoint();
        var inner = _connection.SaveTransactionPoint();
        _connection.Insert(new ConcItem { Tag = "owner" });

        var other = Task.Factory.StartNew(() => _connection.ExecuteScalar<long>("SELECT COUNT(*) FROM conc_item"), TaskCreationOptions.LongRunning);
        _connection.Release(inner);
        Assert.That(other.Wait(TimeSpan.FromMilliseconds(300)), Is.False, "another thread got in while a savepoint was still open");
        _connection.Release(outer);
        Assert.That(other.Wait(Bound), Is.True);
        Assert.That(other.Result, Is.EqualTo(1), "the other thread ran after the commit and saw it");
        Assert.That(_connection.IsInTransaction, Is.False);
    }

    [Test]
    public void Failed_RunInTransaction_releases_the_connection_for_other_threads()
    {
        Assert.Throws<InvalidOperationException>(() => _connection.RunInTransaction(() =>
        {
            _connection.Insert(new ConcItem { Tag = "undone" });
            throw new InvalidOperationException("boom");
        }));

        // If the failed transaction had kept the owner's hold, this would never finish.
        var other = Task.Factory.StartNew(() => _connection.Insert(new ConcItem { Tag = "after" }), TaskCreationOptions.LongRunning);
        Assert.That(other.Wait(Bound), Is.True);
        Assert.That(_connection.QueryScalars<string>("SELECT Tag FROM conc_item"), Is.EqualTo(new[] { "after" }));
    }

    [Test]
    public void Commit_failure_still_releases_the_connection()
    {
        _connection.Execute("PRAGMA foreign_keys=ON");
        _connection.Execute("CREATE TABLE parent(id INTEGER PRIMARY KEY)");
        _connection.Execute("CREATE TABLE child(id INTEGER PRIMARY KEY, pid INTEGER REFERENCES parent(id) DEFERRABLE INITIALLY DEFERRED)");
        _connection.BeginTransaction();
        _connection.Execute("INSERT INTO child(id, pid) VALUES (1, 42)");

        // The deferred foreign key fails at COMMIT; the transaction is rolled back and the gate hold dropped.
        Assert.Throws<MicroDbConstraintException>(() => _connection.Commit());
        Assert.That(_connection.IsInTransaction, Is.False);
        var other = Task.Factory.StartNew(() => _connection.ExecuteScalar<int>("SELECT COUNT(*) FROM child"), TaskCreationOptions.LongRunning);
        Assert.That(other.Wait(Bound), Is.True);
        Assert.That(other.Result, Is.Zero);
    }

    [Test]
    public void Dispose_by_the_transaction_owner_lets_other_threads_fail_fast()
    {
        _connection.BeginTransaction();
        _connection.Insert(new ConcItem { Tag = "lost" });
        _connection.Dispose();

        var other = Task.Factory.StartNew(() => _connection.Insert(new ConcItem { Tag = "late" }), TaskCreationOptions.LongRunning);
        Assert.That(() => other.Wait(Bound), Throws.InstanceOf<AggregateException>().With.InnerException.InstanceOf<ObjectDisposedException>());
    }

    [Test]
    public void Transfers_keep_the_total_constant_and_readers_never_see_a_half_transfer()
    {
        const int accounts = 10;
        const long start = 1_000;
        for (var i = 0; i < accounts; i++)
        {
            _connection.Insert(new ConcAccount { Owner = "a" + i, Balance = start });
        }

        var badSums = new ConcurrentBag<long>();
        var failures = new ConcurrentBag<Exception>();
        var itemsInserted = new int[Threads];
        RunThreads(Threads, worker =>
        {
            var random = new Random(worker);
            for (var round = 0; round < 150; round++)
            {
                switch (round % 5)
                {
                    case 0:
                    case 1:
                        // Transfer with a BeginTransaction/Commit pair: other threads must stay out of it.
                        int from = random.Next(1, accounts + 1), to = random.Next(1, accounts + 1);
                        var amount = random.Next(1, 50);
                        _connection.BeginTransaction();
                        try
                        {
                            var a = _connection.Get<ConcAccount>(from);
                            a.Balance -= amount;
                            _connection.Update(a);
                            var b = _connection.Get<ConcAccount>(to);
                            b.Balance += amount;
                            _connection.Update(b);
                            if (random.Next(4) == 0)
                            {
                                throw new InvalidOperationException("abandon");
                            }

                            _connection.Commit();
                        }
                        catch (InvalidOperationException)
                        {
                            _connection.Rollback();
                        }

                        break;
                    case 2:
                        // A read outside any transaction must see either none or all of a transfer.
                        var sum = _connection.ExecuteScalar<long>("SELECT SUM(Balance) FROM conc_account");
                        if (sum != accounts * start)
                        {
                            badSums.Add(sum);
                        }

                        break;
                    case 3:
                        var item = new ConcItem { Worker = worker, Tag = "t" };
                        _connection.Insert(item);
                        item.Version = 1;
                        if (_connection.Update(item) != 1)
                        {
                            failures.Add(new InvalidOperationException($"update of {item.Id} changed nothing"));
                        }

                        itemsInserted[worker]++;
                        break;
                    default:
                        var mine = _connection.Query<ConcItem>("SELECT * FROM conc_item WHERE Worker = ? ORDER BY Id LIMIT 1", worker);
                        if (mine.Count == 1)
                        {
                            _connection.Delete(mine[0]);
                            itemsInserted[worker]--;
                        }

                        break;
                }
            }
        });

        Assert.That(badSums, Is.Empty);
        Assert.That(failures, Is.Empty);
        Assert.That(_connection.ExecuteScalar<long>("SELECT SUM(Balance) FROM conc_account"), Is.EqualTo(accounts * start));
        for (var worker = 0; worker < Threads; worker++)
        {
            // No lost or phantom write: each worker's rows are exactly what it inserted minus what it deleted.
            Assert.That(_connection.ExecuteScalar<int>("SELECT COUNT(*) FROM conc_item WHERE Worker = ?", worker), Is.EqualTo(itemsInserted[worker]));
        }
    }

    [Test]
    public void Deferred_query_enumerated_on_other_threads_while_writes_run()
    {
        for (var i = 0; i < 500; i++)
        {
            _connection.Insert(new ConcItem { Worker = -1, Tag = "seed" });
        }

        var counts = new ConcurrentBag<int>();
        RunThreads(Threads, worker =>
        {
            if (worker % 2 == 0)
            {
                var seen = 0;
                foreach (var item in _connection.DeferredQuery<ConcItem>("SELECT * FROM conc_item WHERE Worker = -1"))
                {
                    Assert.That(item.Tag, Is.EqualTo("seed"));
                    seen++;
                }

                counts.Add(seen);
            }
            else
            {
                for (var i = 0; i < 200; i++)
                {
                    _connection.Insert(new ConcItem { Worker = worker, Tag = "w" });
                }
            }
        });

        Assert.That(counts, Is.All.EqualTo(500));
        Assert.That(_connection.ExecuteScalar<int>("SELECT COUNT(*) FROM conc_item"), Is.EqualTo(500 + (Threads / 2 * 200)));
    }

    [Test]
    public void Deferred_query_reuses_its_prepared_statement_and_nests_with_the_same_sql()
    {
        for (var i = 0; i < 3; i++)
        {
            _connection.Insert(new ConcItem { Worker = i, Tag = "n" });
        }

        const string sql = "SELECT * FROM conc_item WHERE Worker >= ? ORDER BY Worker";
        Assert.That(_connection.DeferredQuery<ConcItem>(sql, 0).Count(), Is.EqualTo(3));
        var prepared = _connection.PrepareCount;
        Assert.That(_connection.DeferredQuery<ConcItem>(sql, 0).Count(), Is.EqualTo(3));
        Assert.That(_connection.PrepareCount, Is.EqualTo(prepared), "the second enumeration prepared again");

        // The outer enumeration holds the cached statement; the inner one of the same SQL must get its own.
        var pairs = 0;
        foreach (var outer in _connection.DeferredQuery<ConcItem>(sql, 0))
        {
            foreach (var inner in _connection.DeferredQuery<ConcItem>(sql, outer.Worker))
            {
                Assert.That(inner.Worker, Is.GreaterThanOrEqualTo(outer.Worker));
                pairs++;
            }
        }

        Assert.That(pairs, Is.EqualTo(3 + 2 + 1));
    }

    private static void RunThreads(int count, Action<int> body)
    {
        var errors = new ConcurrentBag<Exception>();
        var start = new Barrier(count);
        var threads = Enumerable.Range(0, count).Select(worker => new Thread(() =>
        {
            try
            {
                start.SignalAndWait();
                body(worker);
            }
            catch (Exception e)
            {
                errors.Add(e);
            }
        })).ToList();
        threads.ForEach(t => t.Start());
        foreach (var thread in threads)
        {
            Assert.That(thread.Join(Bound), Is.True, "a worker did not finish (deadlock?)");
        }

        Assert.That(errors, Is.Empty, string.Join(Environment.NewLine, errors));
    }
}
