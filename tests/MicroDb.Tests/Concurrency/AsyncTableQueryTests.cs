using MicroDb.Concurrency;

namespace MicroDb.Tests.Concurrency;

/// <summary>A view that counts to 50 million: reading it takes seconds, so only an interrupt ends a query on it quickly.</summary>
[Table("slow_rows")]
public sealed class SlowRow
{
    public long Id { get; set; }
}

// Async LINQ on a single-connection pool (ReaderCount 0: every call on the writer) and on a pool with readers.
[TestFixture(0)]
[TestFixture(2)]
public sealed class AsyncTableQueryTests
{
    private static readonly TimeSpan Bound = TimeSpan.FromSeconds(30);
    private readonly int _readerCount;
    private TempDatabase _db = null!;
    private MicroDbAsyncConnection _connection = null!;
    private List<ConcItem> _rows = null!;

    public AsyncTableQueryTests(int readerCount) => _readerCount = readerCount;

    [SetUp]
    public async Task SetUp()
    {
        _db = new TempDatabase();
        _connection = new MicroDbAsyncConnection(new MicroDbPoolOptions(_db.Options()) { ReaderCount = _readerCount });
        await _connection.CreateTableAsync<ConcItem>();
        _rows = Enumerable.Range(0, 60).Select(i => new ConcItem { Worker = i % 7, Tag = "t" + (i % 11), Version = i * 3 % 17 }).ToList();
        await _connection.InsertAllAsync(_rows);
        await _connection.ExecuteAsync("CREATE VIEW slow_rows AS WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 50000000) SELECT x AS Id FROM c");
    }

    [TearDown]
    public async Task TearDown()
    {
        await _connection.DisposeAsync();
        _db.Dispose();
    }

    [Test]
    public async Task Async_terminals_match_linq_to_objects()
    {
        var q = _connection.Table<ConcItem>().Where(x => x.Worker != 3).OrderBy(x => x.Version).ThenByDescending(x => x.Id);
        var r = _rows.Where(x => x.Worker != 3).OrderBy(x => x.Version).ThenByDescending(x => x.Id).ToList();
        Assert.That((await q.ToListAsync()).Select(x => x.Id), Is.EqualTo(r.Select(x => x.Id)));
        Assert.That((await q.Skip(2).Take(5).ToArrayAsync()).Select(x => x.Id), Is.EqualTo(r.Skip(2).Take(5).Select(x => x.Id)));
        Assert.That(await q.CountAsync(), Is.EqualTo(r.Count));
        Assert.That(await q.CountAsync(x => x.Tag == "t1"), Is.EqualTo(r.Count(x => x.Tag == "t1")));
        Assert.That(await q.LongCountAsync(), Is.EqualTo(r.LongCount()));
        Assert.That(await q.AnyAsync(x => x.Worker == 3), Is.False);
        Assert.That(await q.AnyAsync(), Is.True);
        Assert.That(await q.AllAsync(x => x.Worker != 3), Is.True);
        Assert.That((await q.FirstAsync()).Id, Is.EqualTo(r[0].Id));
        Assert.That((await q.FirstAsync(x => x.Worker == 5)).Id, Is.EqualTo(r.First(x => x.Worker == 5).Id));
        Assert.That(await q.FirstOrDefaultAsync(x => x.Worker == 99), Is.Null);
        Assert.That((await q.LastAsync()).Id, Is.EqualTo(r[^1].Id));
        Assert.That((await q.ElementAtAsync(7)).Id, Is.EqualTo(r[7].Id));
        Assert.That(await q.ElementAtOrDefaultAsync(1000), Is.Null);
        Assert.That((await q.SingleAsync(x => x.Id == r[3].Id)).Tag, Is.EqualTo(r[3].Tag));
        Assert.That(await q.SingleOrDefaultAsync(x => x.Id == -1), Is.Null);
        Assert.That(async () => await q.SingleAsync(), Throws.InvalidOperationException);
        Assert.That(async () => await q.Where(x => x.Id < 0).FirstAsync(), Throws.InvalidOperationException);
        Assert.That(async () => await q.ElementAtAsync(1000), Throws.InstanceOf<ArgumentOutOfRangeException>());
    }

    [Test]
    public async Task Async_aggregates_match_linq_and_its_empty_rules()
    {
        var q = _connection.Table<ConcItem>();
        Assert.That(await q.SumAsync(x => x.Version), Is.EqualTo(_rows.Sum(x => x.Version)));
        Assert.That(await q.SumAsync(x => x.Id), Is.EqualTo(_rows.Sum(x => x.Id)));
        Assert.That(await q.AverageAsync(x => x.Version), Is.EqualTo(_rows.Average(x => x.Version)));
        Assert.That(await q.MaxAsync(x => x.Version), Is.EqualTo(_rows.Max(x => x.Version)));
        Assert.That(await q.MinAsync(x => x.Tag), Is.EqualTo(_rows.Min(x => x.Tag)));
        var empty = q.Where(x => x.Worker > 100);
        Assert.That(await empty.SumAsync(x => x.Version), Is.EqualTo(0));
        Assert.That(async () => await empty.MaxAsync(x => x.Version), Throws.InvalidOperationException);
        Assert.That(async () => await empty.AverageAsync(x => x.Version), Throws.InvalidOperationException);
        Assert.That(await empty.MaxAsync(x => (int?)x.Version), Is.Null);
        Assert.That(await empty.MinAsync(x => x.Tag), Is.Null);
    }

    [Test]
    public async Task Async_projection_runs_in_sql()
    {
        var tags = _connection.Table<ConcItem>().Where(x => x.Worker == 2).Select(x => x.Tag);
        Assert.That(await tags.ToListAsync(), Is.EqualTo(_rows.Where(x => x.Worker == 2).Select(x => x.Tag)));
        Assert.That(await tags.Distinct().CountAsync(), Is.EqualTo(_rows.Where(x => x.Worker == 2).Select(x => x.Tag).Distinct().Count()));
        Assert.That(await tags.OrderBy(t => t).FirstAsync(), Is.EqualTo(_rows.Where(x => x.Worker == 2).Select(x => x.Tag).Order(StringComparer.Ordinal).First()));
        Assert.That(await _connection.Table<ConcItem>().Select(x => x.Version).MaxAsync(), Is.EqualTo(_rows.Max(x => x.Version)));
        Assert.That(await tags.LastAsync(), Is.EqualTo(_rows.Last(x => x.Worker == 2).Tag));
        Assert.That(await tags.ElementAtOrDefaultAsync(1000), Is.Null);
        Assert.That(await tags.Distinct().LongCountAsync(), Is.EqualTo(_rows.Where(x => x.Worker == 2).Select(x => x.Tag).Distinct().LongCount()));
        var streamed = new List<string>();
        await foreach (var tag in tags)
        {
            streamed.Add(tag);
        }

        Assert.That(streamed, Is.EqualTo(_rows.Where(x => x.Worker == 2).Select(x => x.Tag)));
    }

    [Test]
    public async Task Streaming_yields_the_rows_in_query_order()
    {
        var ids = new List<long>();
        await foreach (var item in _connection.Table<ConcItem>().Where(x => x.Worker == 1).OrderByDescending(x => x.Id))
        {
            ids.Add(item.Id);
        }

        Assert.That(ids, Is.EqualTo(_rows.Where(x => x.Worker == 1).OrderByDescending(x => x.Id).Select(x => x.Id)));
    }

    [Test]
    public async Task DeleteAsync_deletes_the_rows_of_the_query()
    {
        Assert.That(await _connection.Table<ConcItem>().DeleteAsync(x => x.Worker == 4), Is.EqualTo(_rows.Count(x => x.Worker == 4)));
        Assert.That(await _connection.Table<ConcItem>().CountAsync(), Is.EqualTo(_rows.Count(x => x.Worker != 4)));
        Assert.That(async () => await _connection.Table<ConcItem>().DeleteAsync(), Throws.InvalidOperationException);
    }

    [Test]
    public async Task A_captured_variable_is_read_when_the_query_runs()
    {
        var worker = 1;
        var q = _connection.Table<ConcItem>().Where(x => x.Worker == worker);
        worker = 6;
        Assert.That(await q.CountAsync(), Is.EqualTo(_rows.Count(x => x.Worker == 6)));
    }

    [Test]
    public void An_untranslatable_predicate_throws_when_composed()
    {
        Assert.Throws<NotSupportedException>(() => _connection.Table<ConcItem>().Where(x => x.Tag.GetHashCode() == 1));
    }

    [Test]
    public async Task Pre_cancelled_token_cancels_every_terminal()
    {
        using var cts = new CancellationTokenSource();
        cts.Cancel();
        var q = _connection.Table<ConcItem>().Where(x => x.Worker == 1);
        Assert.That(async () => await q.ToListAsync(cts.Token), Throws.InstanceOf<OperationCanceledException>());
        Assert.That(async () => await q.CountAsync(cts.Token), Throws.InstanceOf<OperationCanceledException>());
        Assert.That(async () => await q.FirstOrDefaultAsync(cts.Token), Throws.InstanceOf<OperationCanceledException>());
        Assert.That(async () => await q.SumAsync(x => x.Version, cts.Token), Throws.InstanceOf<OperationCanceledException>());
        Assert.That(async () => await q.Select(x => x.Tag).ToListAsync(cts.Token), Throws.InstanceOf<OperationCanceledException>());
        Assert.That(async () => await q.DeleteAsync(cts.Token), Throws.InstanceOf<OperationCanceledException>());
        Assert.That(async () =>
        {
            await foreach (var _ in q.WithCancellation(cts.Token))
            {
            }
        }, Throws.InstanceOf<OperationCanceledException>());
        Assert.That(await q.CountAsync(), Is.EqualTo(_rows.Count(x => x.Worker == 1)), "nothing was deleted");
    }

    [Test]
    public async Task Cancelling_mid_stream_stops_it_and_gives_the_connection_back()
    {
        using var cts = new CancellationTokenSource();
        var seen = 0;
        Assert.That(async () =>
        {
            await foreach (var _ in _connection.Table<ConcItem>().OrderBy(x => x.Id).WithCancellation(cts.Token))
            {
                if (++seen == 3)
                {
                    cts.Cancel();
                }
            }
        }, Throws.InstanceOf<OperationCanceledException>());
        Assert.That(seen, Is.EqualTo(3));
        Assert.That(await Bounded(_connection.Table<ConcItem>().CountAsync().AsTask()), Is.EqualTo(_rows.Count), "the connection was given back");
        Assert.That(await _connection.InsertAsync(new ConcItem { Tag = "after" }), Is.EqualTo(1), "no statement is left reading");
    }

    [Test]
    public async Task Cancelling_a_running_CountAsync_interrupts_it()
    {
        using var cts = new CancellationTokenSource(TimeSpan.FromMilliseconds(200));
        var run = Task.Run(async () => await _connection.Table<SlowRow>().CountAsync(cts.Token));
        Assert.That(await Task.WhenAny(run, Task.Delay(Bound)), Is.SameAs(run), "the statement was not interrupted");
        Assert.That(async () => await run, Throws.InstanceOf<OperationCanceledException>());
        Assert.That(await _connection.Table<ConcItem>().CountAsync(), Is.EqualTo(_rows.Count));
    }

    [Test]
    public async Task Cancelling_a_running_stream_step_interrupts_it()
    {
        using var cts = new CancellationTokenSource(TimeSpan.FromMilliseconds(200));
        var run = Task.Run(async () =>
        {
            await foreach (var _ in _connection.Table<SlowRow>().Where(x => x.Id > 49_999_999).WithCancellation(cts.Token))
            {
            }
        });
        Assert.That(await Task.WhenAny(run, Task.Delay(Bound)), Is.SameAs(run), "the step was not interrupted");
        Assert.That(async () => await run, Throws.InstanceOf<OperationCanceledException>());
        Assert.That(await _connection.Table<ConcItem>().AnyAsync(), Is.True);
    }

    [Test]
    public async Task Queries_run_on_a_reader_while_the_writer_is_held()
    {
        if (_readerCount == 0)
        {
            Assert.Ignore("A single-connection pool has no reader.");
        }

        var inside = new TaskCompletionSource();
        var release = new TaskCompletionSource();
        var transaction = _connection.Pool.RunInTransactionAsync(async (c, _) =>
        {
            c.Insert(new ConcItem { Worker = 1, Tag = "uncommitted" });
            inside.SetResult();
            await release.Task;
            return 0;
        });
        await inside.Task;

        // The writer is taken: a query that needed it would wait; on a reader it sees the last committed state.
        var count = await Bounded(_connection.Table<ConcItem>().CountAsync(x => x.Worker == 1).AsTask());
        Assert.That(count, Is.EqualTo(_rows.Count(x => x.Worker == 1)));
        Assert.That(_connection.Pool.OpenReaderCount, Is.GreaterThan(0));
        release.SetResult();
        await transaction;
        Assert.That(await _connection.Table<ConcItem>().CountAsync(x => x.Worker == 1), Is.EqualTo(count + 1));
    }

    private static async Task<T> Bounded<T>(Task<T> task)
    {
        Assert.That(await Task.WhenAny(task, Task.Delay(Bound)), Is.SameAs(task), "timed out");
        return await task;
    }
}
