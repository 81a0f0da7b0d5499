using MicroDb.Concurrency;

namespace MicroDb.Tests.Concurrency;

[TestFixture]
public sealed class PoolTests
{
    private static readonly TimeSpan Bound = TimeSpan.FromSeconds(60);
    private TempDatabase _db = null!;

    [SetUp]
    public void SetUp() => _db = new TempDatabase();

    [TearDown]
    public void TearDown() => _db.Dispose();

    [Test]
    public void Pool_opens_the_database_in_wal_mode()
    {
        using var pool = new MicroDbPool(new MicroDbPoolOptions(_db.Options()));
        Assert.That(pool.Write(c => c.ExecuteScalar<string>("PRAGMA journal_mode")), Is.EqualTo("wal"));
        Assert.That(pool.IsSingleConnection, Is.False);
    }

    [Test]
    public void Reads_run_in_parallel_on_separate_reader_connections()
    {
        using var pool = new MicroDbPool(new MicroDbPoolOptions(_db.Options()) { ReaderCount = 2 });
        pool.Write(c => c.CreateTable<ConcItem>());

        // Both reads must be inside their callbacks at the same time to pass the barrier.
        using var both = new Barrier(2);
        MicroDbConnection? first = null, second = null;
        var a = Task.Factory.StartNew(() => pool.Read(c =>
        {
            first = c;
            return both.SignalAndWait(Bound);
        }), TaskCreationOptions.LongRunning);
        var b = Task.Factory.StartNew(() => pool.Read(c =>
        {
            second = c;
            return both.SignalAndWait(Bound);
        }), TaskCreationOptions.LongRunning);

        Assert.That(Task.WaitAll([a, b], Bound), Is.True);
        Assert.That(a.Result && b.Result, Is.True, "the reads did not overlap");
        Assert.That(first, Is.Not.SameAs(second));
        Assert.That(pool.OpenReaderCount, Is.EqualTo(2));
    }

    [Test]
    public void Reader_sees_the_last_commit_while_a_write_transaction_is_open()
    {
        using var pool = new MicroDbPool(new MicroDbPoolOptions(_db.Options()));
        pool.Write(c => c.CreateTable<ConcItem>());
        pool.Write(c => c.Insert(new ConcItem { Tag = "committed" }));

        var seenInside = pool.RunInTransaction(w =>
        {
            w.Insert(new ConcItem { Tag = "pending" });

            // WAL: a reader is not blocked by the open write transaction and sees only committed rows.
            return pool.Read(r => r.ExecuteScalar<int>("SELECT COUNT(*) FROM conc_item"));
        });

        Assert.That(seenInside, Is.EqualTo(1));
        Assert.That(pool.Read(r => r.ExecuteScalar<int>("SELECT COUNT(*) FROM conc_item")), Is.EqualTo(2));
    }

    [Test]
    public void Exhausted_readers_throw_TimeoutException_naming_the_pool()
    {
        using var pool = new MicroDbPool(new MicroDbPoolOptions(_db.Options()) { ReaderCount = 1, AcquireTimeout = TimeSpan.FromMilliseconds(100), Name = "orders-db" });
        pool.Write(c => c.CreateTable<ConcItem>());

        var ex = pool.Read(_ => Assert.Throws<TimeoutException>(() => pool.Read(c => c.ExecuteScalar<int>("SELECT 1"))));
        Assert.That(ex!.Message, Does.Contain("orders-db").And.Contain("reader"));

        // The slot came back: the pool is usable again.
        Assert.That(pool.Read(c => c.ExecuteScalar<int>("SELECT 1")), Is.EqualTo(1));
    }

    [Test]
    public void Writer_wait_times_out_while_a_transaction_holds_it()
    {
        using var pool = new MicroDbPool(new MicroDbPoolOptions(_db.Options()) { AcquireTimeout = TimeSpan.FromMilliseconds(100) });
        pool.Write(c => c.CreateTable<ConcItem>());
        pool.RunInTransaction(_ =>
        {
            var other = Task.Factory.StartNew(() => pool.Write(c => c.Insert(new ConcItem())), TaskCreationOptions.LongRunning);
            Assert.That(() => other.Wait(Bound), Throws.InstanceOf<AggregateException>().With.InnerException.InstanceOf<TimeoutException>());
        });
    }

    [Test]
    public void Write_callback_that_leaves_a_transaction_open_is_rolled_back_and_reported()
    {
        using var pool = new MicroDbPool(new MicroDbPoolOptions(_db.Options()));
        pool.Write(c => c.CreateTable<ConcItem>());
        Assert.Throws<InvalidOperationException>(() => pool.Write(c =>
        {
            c.BeginTransaction();
            c.Insert(new ConcItem { Tag = "dangling" });
        }));

        pool.Write(c => c.Insert(new ConcItem { Tag = "next" }));
        Assert.That(pool.Read(c => c.QueryScalars<string>("SELECT Tag FROM conc_item")), Is.EqualTo(new[] { "next" }));
    }

    [Test]
    public void Readers_are_read_only()
    {
        using var pool = new MicroDbPool(new MicroDbPoolOptions(_db.Options()));
        pool.Write(c => c.CreateTable<ConcItem>());
        var ex = Assert.Throws<MicroDbException>(() => pool.Read(c => c.Insert(new ConcItem())));
        Assert.That(ex!.ResultCode, Is.EqualTo(SQLitePCL.raw.SQLITE_READONLY));
    }

    [Test]
    public void In_memory_pool_uses_one_connection_for_everything()
    {
        using var pool = new MicroDbPool(new MicroDbPoolOptions(new MicroDbOptions(":memory:")));
        Assert.That(pool.IsSingleConnection, Is.True);
        pool.Write(c => c.Execute("CREATE TABLE t(x)"));
        pool.Write(c => c.Execute("INSERT INTO t VALUES (1)"));

        // A separate connection to :memory: would be a different, empty database.
        Assert.That(pool.Read(c => c.ExecuteScalar<int>("SELECT COUNT(*) FROM t")), Is.EqualTo(1));
        Assert.That(pool.OpenReaderCount, Is.Zero);
    }

    [Test]
    public void Pooled_connections_get_every_connection_option()
    {
        var options = _db.Options();
        options.Preset = MicroDbPreset.Durable;
        options.Synchronous = SynchronousMode.Full;
        options.BusyTimeout = TimeSpan.FromSeconds(7);
        options.ForeignKeys = false;
        options.CacheSize = -4000;
        options.MmapSize = 1 << 20;
        options.TempStore = TempStore.Memory;
        options.Mapping = MicroDb.Mapping.MappingMode.Reflection;
        options.ThrowOnReflectionFallback = true;
        options.StatementCacheSize = 17;
        options.Storage = StorageFormat.SqliteNet(storeDateTimeAsTicks: false, "yyyy-MM-dd HH:mm:ss", storeTimeSpanAsTicks: false);
        options.OnStatement = _ => { };
        options.IncludeParameterValues = true;
        using var pool = new MicroDbPool(new MicroDbPoolOptions(options));
        var writer = pool.Write(c => c.Options);
        var reader = pool.Read(c => c.Options);

        // Every option except those the pool sets on purpose (read-only readers, WAL) must reach both connections.
        // A new MicroDbOptions property shows up here and has to be handled in MicroDbPool.Copy.
        string[] deliberate = ["DatabasePath", "ReadOnly", "CreateIfMissing", "JournalMode"];
        var properties = typeof(MicroDbOptions).GetProperties().Where(p => !deliberate.Contains(p.Name)).ToList();
        Assert.That(properties.Select(p => p.Name), Is.EquivalentTo(new[]
        {
            "Preset", "Synchronous", "BusyTimeout", "ForeignKeys", "CacheSize", "MmapSize", "TempStore", "Mapping",
            "ReflectionProvider", "ThrowOnReflectionFallback", "StatementCacheSize", "Storage", "OnStatement", "IncludeParameterValues",
        }));
        foreach (var property in properties)
        {
            Assert.That(property.GetValue(writer), Is.EqualTo(property.GetValue(options)), "writer: " + property.Name);
            Assert.That(property.GetValue(reader), Is.EqualTo(property.GetValue(options)), "reader: " + property.Name);
        }

        Assert.That(reader.ReadOnly, Is.True);
        Assert.That(writer.JournalMode, Is.EqualTo(JournalMode.Wal));
    }

    [Test]
    public void Zero_readers_send_reads_through_the_writer()
    {
        using var pool = new MicroDbPool(new MicroDbPoolOptions(_db.Options()) { ReaderCount = 0 });
        Assert.That(pool.IsSingleConnection, Is.True);
        pool.Write(c => c.CreateTable<ConcItem>());
        var (reader, writer) = (pool.Read(c => c), pool.Write(c => c));
        Assert.That(reader, Is.SameAs(writer));
        Assert.That(pool.OpenReaderCount, Is.Zero);
    }

    [Test]
    public async Task Async_connection_over_a_shared_pool_leaves_it_open()
    {
        using var pool = new MicroDbPool(new MicroDbPoolOptions(_db.Options()));
        await using (var first = new MicroDbAsyncConnection(pool))
        {
            await first.ExecuteAsync("CREATE TABLE t(x)");
        }

        // Disposing a connection that did not open the pool must not close it.
        await using var second = new MicroDbAsyncConnection(pool);
        Assert.That(await second.ExecuteAsync("INSERT INTO t VALUES (1)"), Is.EqualTo(1));
    }

    [Test]
    public void Invalid_pool_options_are_rejected()
    {
        var options = new MicroDbPoolOptions(_db.Options());
        Assert.Throws<ArgumentOutOfRangeException>(() => options.ReaderCount = -1);
        Assert.Throws<ArgumentOutOfRangeException>(() => options.ReaderCount = 65);
        Assert.Throws<ArgumentOutOfRangeException>(() => options.AcquireTimeout = TimeSpan.FromSeconds(-2));
        Assert.DoesNotThrow(() => options.AcquireTimeout = Timeout.InfiniteTimeSpan);
        Assert.Throws<ArgumentNullException>(() => _ = new MicroDbPoolOptions((MicroDbOptions)null!));
    }

    [Test]
    public void Disposed_pool_throws_ObjectDisposedException()
    {
        var pool = new MicroDbPool(new MicroDbPoolOptions(_db.Options()));
        pool.Dispose();
        Assert.Throws<ObjectDisposedException>(() => pool.Read(c => c.ExecuteScalar<int>("SELECT 1")));
        Assert.Throws<ObjectDisposedException>(() => pool.Write(c => c.ExecuteScalar<int>("SELECT 1")));
    }

    [Test]
    public void Cancelled_wait_for_the_writer_throws_OperationCanceledException()
    {
        using var pool = new MicroDbPool(new MicroDbPoolOptions(_db.Options()));
        using var cts = new CancellationTokenSource();
        cts.Cancel();
        Assert.That(() => pool.Write(c => c.ExecuteScalar<int>("SELECT 1"), cts.Token), Throws.InstanceOf<OperationCanceledException>());
    }
}
