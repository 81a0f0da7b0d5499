using MicroDb.Concurrency;

namespace MicroDb.Tests.Concurrency;

/// <summary>
/// <see cref="MicroDbPool"/>'s internal path for the compat package's async API: a pool adopted over an open connection,
/// <c>WriteInTurnAsync</c> taking the turn at the call and running the work on the thread pool.
/// </summary>
[TestFixture]
public sealed class WriteInTurnTests
{
    private static readonly TimeSpan Bound = TimeSpan.FromSeconds(60);
    private TempDatabase _db = null!;
    private MicroDbConnection _connection = null!;
    private MicroDbPool _pool = null!;

    [SetUp]
    public void SetUp()
    {
        _db = new TempDatabase();
        var options = _db.Options();
        options.Preset = MicroDbPreset.Untuned;
        _connection = new MicroDbConnection(options) { PinTransactionsToThread = false };
        _connection.CreateTable<ConcItem>();
        _pool = new MicroDbPool(_connection, new MicroDbPoolOptions(options) { ReaderCount = 0, AcquireTimeout = Timeout.InfiniteTimeSpan });
    }

    [TearDown]
    public void TearDown()
    {
        _connection.Dispose();
        _db.Dispose();
    }

    [Test]
    public void An_adopted_pool_keeps_the_connection_and_its_journal_mode()
    {
        Assert.That(_pool.IsSingleConnection, Is.True);
        Assert.That(_pool.Write(c => ReferenceEquals(c, _connection)), Is.True);
        Assert.That(_pool.Write(c => c.ExecuteScalar<string>("PRAGMA journal_mode")), Is.EqualTo("delete"));
    }

    [Test]
    public void Work_runs_on_a_thread_pool_thread_not_the_callers()
    {
        int callerThread = 0, workThread = 0;
        var onPool = false;
        var caller = new Thread(() =>
        {
            callerThread = Environment.CurrentManagedThreadId;
            _pool.WriteInTurnAsync(0, (_, _, _) =>
            {
                workThread = Environment.CurrentManagedThreadId;
                onPool = Thread.CurrentThread.IsThreadPoolThread;
                return 0;
            }, CancellationToken.None).Wait(Bound);
        });
        caller.Start();
        Assert.That(caller.Join(Bound), Is.True);

        Assert.That(onPool, Is.True);
        Assert.That(workThread, Is.Not.EqualTo(callerThread));
    }

    [Test]
    public async Task Calls_run_in_the_order_they_were_made()
    {
        var order = new List<int>();
        var tasks = Enumerable.Range(0, 200).Select(i => _pool.WriteInTurnAsync(i, (_, n, _) =>
        {
            order.Add(n);
            return n;
        }, CancellationToken.None)).ToList();

        await Task.WhenAll(tasks).WaitAsync(Bound);

        Assert.That(order, Is.EqualTo(Enumerable.Range(0, 200)));
    }

    [Test]
    public async Task A_transaction_left_open_is_there_for_the_next_call_and_a_failure_does_not_roll_it_back()
    {
        await _pool.WriteInTurnAsync(0, (c, _, _) =>
        {
            c.BeginTransaction();
            return c.Insert(new ConcItem { Worker = 1 });
        }, CancellationToken.None);

        var failed = _pool.WriteInTurnAsync(0, (c, _, _) => c.Execute("INSERT INTO no_such_table VALUES (1)"), CancellationToken.None);
        Assert.That(async () => await failed, Throws.InstanceOf<MicroDbException>());

        var inside = await _pool.WriteInTurnAsync(0, (c, _, _) => (c.IsInTransaction, c.ExecuteScalar<int>("SELECT COUNT(*) FROM conc_item")), CancellationToken.None);
        await _pool.WriteInTurnAsync(0, (c, _, _) =>
        {
            c.Rollback();
            return 0;
        }, CancellationToken.None);

        Assert.That(inside, Is.EqualTo((true, 1)));
        Assert.That(_connection.ExecuteScalar<int>("SELECT COUNT(*) FROM conc_item"), Is.Zero);
    }

    [Test]
    public async Task A_call_waiting_for_the_turn_is_cancelled_by_its_token_and_never_runs()
    {
        var ran = false;
        using var cancel = new CancellationTokenSource();
        _pool.AcquireWriter(CancellationToken.None);
        Task<int> waiting;
        try
        {
            waiting = _pool.WriteInTurnAsync(0, (_, _, _) =>
            {
                ran = true;
                return 0;
            }, cancel.Token);
            Assert.That(waiting.IsCompleted, Is.False);
            await cancel.CancelAsync();
            Assert.That(async () => await waiting.WaitAsync(Bound), Throws.InstanceOf<OperationCanceledException>());
        }
        finally
        {
            _pool.ReleaseWriter();
        }

        Assert.That(await _pool.WriteInTurnAsync(0, (_, _, _) => 7, CancellationToken.None), Is.EqualTo(7));
        Assert.That(ran, Is.False);
    }

    [Test]
    public async Task A_running_statement_is_interrupted_by_its_token()
    {
        using var cancel = new CancellationTokenSource();
        var call = _pool.WriteInTurnAsync(cancel, (c, source, _) =>
        {
            // As CancellationTests: the token fires while the long statement runs (it takes seconds uninterrupted).
            source.CancelAfter(200);
            return c.ExecuteScalar<long>("WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n WHERE x < 50000000) SELECT count(*) FROM n");
        }, cancel.Token);

        Assert.That(await Task.WhenAny(call, Task.Delay(Bound)), Is.SameAs(call), "the statement was not interrupted");
        Assert.That(async () => await call, Throws.InstanceOf<OperationCanceledException>());
        Assert.That(await _pool.WriteInTurnAsync(0, (c, _, _) => c.ExecuteScalar<int>("SELECT 1"), CancellationToken.None), Is.EqualTo(1), "the turn was given back");
    }
}
