using MicroDb.Concurrency;

namespace MicroDb.Tests.Concurrency;

// Cancelling a statement that is already running (sqlite3_interrupt) must stop it and leave the database as it was.
[TestFixture]
public sealed class CancellationTests
{
    // Counts to 50 million in SQL: many seconds, so only an interrupt ends it within the bound below.
    private const string LongQuery = "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 50000000) SELECT COUNT(*) FROM c";
    private static readonly TimeSpan Bound = TimeSpan.FromSeconds(30);
    private TempDatabase _db = null!;

    [SetUp]
    public void SetUp() => _db = new TempDatabase();

    [TearDown]
    public void TearDown() => _db.Dispose();

    [Test]
    public async Task Cancelling_a_running_async_query_interrupts_it()
    {
        await using var connection = new MicroDbAsyncConnection(new MicroDbPoolOptions(_db.Options()) { ReaderCount = 1 });
        using var cts = new CancellationTokenSource(TimeSpan.FromMilliseconds(200));

        // The reader is free, so the query runs inline on this task's thread; the timer's cancel interrupts it.
        var run = Task.Run(async () => await connection.ExecuteScalarAsync<long>(LongQuery, [], cts.Token));
        Assert.That(await Task.WhenAny(run, Task.Delay(Bound)), Is.SameAs(run), "the query was not interrupted");
        Assert.That(async () => await run, Throws.InstanceOf<OperationCanceledException>());

        // The single reader was given back and works.
        Assert.That(await connection.ExecuteScalarAsync<int>("SELECT 1"), Is.EqualTo(1));
    }

    [Test]
    public async Task Cancelling_a_running_statement_in_an_async_transaction_rolls_it_back()
    {
        await using var connection = new MicroDbAsyncConnection(new MicroDbPoolOptions(_db.Options()));
        await connection.CreateTableAsync<ConcItem>();
        await connection.InsertAsync(new ConcItem { Tag = "before" });
        using var cts = new CancellationTokenSource();

        var run = Task.Run(() => connection.RunInTransactionAsync(async (c, ct) =>
        {
            c.Insert(new ConcItem { Tag = "inside" });
            await Task.Yield();
            cts.CancelAfter(200);
            c.Execute("INSERT INTO conc_item(Worker, Tag, Version) SELECT 0, 'bulk', x FROM (" +
                      "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 50000000) SELECT x FROM c)");
        }, cts.Token));

        Assert.That(await Task.WhenAny(run, Task.Delay(Bound)), Is.SameAs(run), "the statement was not interrupted");
        Assert.That(async () => await run, Throws.InstanceOf<OperationCanceledException>());
        Assert.That(await connection.QueryScalarsAsync<string>("SELECT Tag FROM conc_item"), Is.EqualTo(new[] { "before" }));
        Assert.That(await connection.InsertAsync(new ConcItem { Tag = "after" }), Is.EqualTo(1), "the writer was given back");
    }

    [Test]
    public async Task Cancelling_a_stream_interrupts_its_running_step()
    {
        await using var connection = new MicroDbAsyncConnection(new MicroDbPoolOptions(_db.Options()) { ReaderCount = 1 });
        await connection.CreateTableAsync<ConcItem>();
        await connection.InsertAsync(new ConcItem { Tag = "one" });
        using var cts = new CancellationTokenSource(TimeSpan.FromMilliseconds(200));

        // The first step needs the whole count and then finds no row, so without an interrupt the stream would run for
        // seconds and end normally, with no row boundary at which to notice the token.
        var run = Task.Run(async () =>
        {
            await foreach (var _ in connection.DeferredQueryAsync<ConcItem>("SELECT * FROM conc_item WHERE Worker = (" + LongQuery + ")", [], cts.Token))
            {
            }
        });
        Assert.That(await Task.WhenAny(run, Task.Delay(Bound)), Is.SameAs(run), "the step was not interrupted");
        Assert.That(async () => await run, Throws.InstanceOf<OperationCanceledException>());
        Assert.That(await connection.ExecuteScalarAsync<int>("SELECT 1"), Is.EqualTo(1), "the single reader was given back");
    }

    [Test]
    public void Cancelling_a_running_sync_pool_read_interrupts_it()
    {
        using var pool = new MicroDbPool(new MicroDbPoolOptions(_db.Options()));
        using var cts = new CancellationTokenSource(TimeSpan.FromMilliseconds(200));
        var run = Task.Run(() => pool.Read(c => c.ExecuteScalar<long>(LongQuery), cts.Token));
        Assert.That(() => run.Wait(Bound), Throws.InstanceOf<AggregateException>().With.InnerException.InstanceOf<OperationCanceledException>());
    }
    [Test]
    public async Task A_cancel_before_the_statement_starts_still_stops_it()
    {
        // The token is cancelled inside the read, after the pool hooked the connection and before the statement's first
        // step: sqlite3_interrupt lands on an idle connection, which SQLite forgets. Under load the same gap opened
        // between the pool's hook and a join's first step (the join translated and prepared in between) and a
        // 25-million-pair count ran to its end; the progress handler's poll stops it.
        using var pool = new MicroDbPool(new MicroDbPoolOptions(_db.Options()) { ReaderCount = 1 });
        using var cts = new CancellationTokenSource();
        var run = Task.Run(async () => await pool.ReadAsync(c =>
        {
            cts.Cancel();
            return c.ExecuteScalar<long>(LongQuery);
        }, cts.Token));

        Assert.That(await Task.WhenAny(run, Task.Delay(Bound)), Is.SameAs(run), "the query was not stopped");
        Assert.That(async () => await run, Throws.InstanceOf<OperationCanceledException>());
        Assert.That(pool.Read(c => c.ExecuteScalar<long>(LongQuery.Replace("50000000", "1000"))), Is.EqualTo(1000), "the single reader was given back and runs statements");
    }

    [Test]
    public void A_cancel_before_a_sync_pool_write_starts_undoes_it()
    {
        using var pool = new MicroDbPool(new MicroDbPoolOptions(_db.Options()));
        pool.Write(c => c.Execute("CREATE TABLE numbers(x INTEGER)"));
        using var cts = new CancellationTokenSource();

        Assert.That(() => pool.Write(c =>
        {
            cts.Cancel();
            return c.Execute("INSERT INTO numbers SELECT x FROM (WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 50000000) SELECT x FROM c)");
        }, cts.Token), Throws.InstanceOf<OperationCanceledException>());
        Assert.That(pool.Read(c => c.ExecuteScalar<long>("SELECT COUNT(*) FROM numbers")), Is.EqualTo(0), "nothing was written");
        Assert.That(pool.Read(c => c.ExecuteScalar<long>("SELECT 1")), Is.EqualTo(1), "statements run again without a token");
    }
}
