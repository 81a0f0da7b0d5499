using MicroDb.Conformance.Models;
using MicroDb.Mapping;
using MicroDb.Query;

namespace MicroDb.Generated.Tests.Intercepted;

/// <summary>
/// The async connection's intercepted join has stand-ins for its operator calls too (issue 22): the chain's Where, Join and
/// LeftJoin keep their lambdas and translate nothing, and the terminal runs its build-time SQL on a pool reader. With a
/// reader free the read completes on the calling thread, so the thread's allocation counter sees the whole query: per row
/// it allocates what the sync intercepted join allocates, and per query a fixed cost close to the sync one's. Generated
/// mapping path, interception check off.
/// </summary>
public class InterceptedAsyncJoinAllocationTests
{
    private const int Rounds = 40;
    private readonly List<StatementSource> _sources = [];
    private string _directory = null!;
    private MicroDbAsyncConnection _db = null!;
    private MicroDbConnection _sync = null!;

    [SetUp]
    public async Task Open()
    {
        InterceptionCheck.Enabled = false;
        _directory = Directory.CreateTempSubdirectory("microdb-async-join-allocations-").FullName;
        var path = Path.Combine(_directory, "joins.db");
        _db = new MicroDbAsyncConnection(new MicroDbOptions(path) { Mapping = MappingMode.Generated, OnStatement = s => _sources.Add(s.Source) });
        await _db.CreateTableAsync<JoinCustomer>();
        await _db.CreateTableAsync<JoinOrder>();
        await _db.InsertAllAsync(Enumerable.Range(1, 100).Select(i => new JoinCustomer { Name = "customer " + i, Region = "r" + (i % 7) }));
        await _db.InsertAllAsync(Enumerable.Range(1, 2000).Select(i => new JoinOrder { CustomerId = 1 + (i % 100), Region = "order region " + i, Total = i }));
        _sync = new MicroDbConnection(new MicroDbOptions(path) { Mapping = MappingMode.Generated, OnStatement = s => _sources.Add(s.Source) });
    }

    [TearDown]
    public async Task Close()
    {
        _sync.Dispose();
        await _db.DisposeAsync();
        Directory.Delete(_directory, recursive: true);
    }

    [Test]
    public void Async_intercepted_join_allocates_per_row_what_the_sync_one_does_and_a_small_fixed_cost()
    {
        _sources.Clear();
        Assert.That(AsyncJoinCount(1000), Is.EqualTo(1000));
        Assert.That(AsyncLeftJoinCount(1000), Is.EqualTo(1000));
        Assert.That(_sources.Count(s => s == StatementSource.Intercepted), Is.EqualTo(2), "both joins run on the build-time path");
        Assert.That(_sources, Does.Not.Contain(StatementSource.Linq), "no join runs on the run-time path");
        Assert.That(SyncJoinCount(1000), Is.EqualTo(1000));

        var small = PerQuery(() => AsyncJoinCount(500));
        var large = PerQuery(() => AsyncJoinCount(1000));
        var syncSmall = PerQuery(() => SyncJoinCount(500));
        var syncLarge = PerQuery(() => SyncJoinCount(1000));
        var perRow = (large - small) / 500;
        var syncPerRow = (syncLarge - syncSmall) / 500;
        var trees = PerQuery(() => Trees(1));
        var one = PerQuery(() => AsyncJoinCount(1));
        var syncOne = PerQuery(() => SyncJoinCount(1));
        var left = PerQuery(() => AsyncLeftJoinCount(1));

        TestContext.Out.WriteLine($"async intercepted join: {small:0} B for 500 rows, {large:0} B for 1,000 ({perRow:0.##} B per extra row); sync: {syncSmall:0} B, {syncLarge:0} B ({syncPerRow:0.##} B per extra row)");
        TestContext.Out.WriteLine($"1 row: async {one:0} B, async left join {left:0} B, sync {syncOne:0} B; the caller's expression trees alone: {trees:0} B");
        Assert.That(perRow, Is.LessThanOrEqualTo(syncPerRow + 1), "bytes per row beyond the sync intercepted join's");
        // Beside the trees (about 1.2 KB when written): the async wrappers of
        // the three queries, the stand-ins and their lambdas' closures, the bound value, the list, the row and the report.
        // The operators translate nothing, substitute no row, build no ON condition.
        Assert.That(one - trees, Is.LessThan(2048), "bytes of a 1-row async intercepted join beyond its expression trees");
        Assert.That(one - syncOne, Is.LessThan(1024), "the async form's cost beyond the sync intercepted join's (about 0.5 KB when written)");
    }

    // The joins as an app writes them: the interceptor replaces each call site's operators and terminal.
    private int AsyncJoinCount(int last)
    {
        var pending = _db.Table<JoinOrder>().Where(o => o.Id <= last)
            .Join(_db.Table<JoinCustomer>(), o => o.CustomerId, c => c.Id, (o, c) => new { o.Id, o.Region, Customer = c.Id, c.Name })
            .ToListAsync();
        Assert.That(pending.IsCompletedSuccessfully, "a free reader completes the read on the calling thread");
        return pending.Result.Count;
    }

    private int AsyncLeftJoinCount(int last)
    {
        var pending = _db.Table<JoinOrder>().Where(o => o.Id <= last)
            .LeftJoin(_db.Table<JoinCustomer>(), o => o.CustomerId, c => c.Id, (o, c) => new { o.Id, o.Region, Name = c == null ? null : c.Name })
            .ToListAsync();
        Assert.That(pending.IsCompletedSuccessfully, "a free reader completes the read on the calling thread");
        return pending.Result.Count;
    }

    private int SyncJoinCount(int last) =>
        _sync.Table<JoinOrder>().Where(o => o.Id <= last)
            .Join(_sync.Table<JoinCustomer>(), o => o.CustomerId, c => c.Id, (o, c) => new { o.Id, o.Region, Customer = c.Id, c.Name })
            .ToList().Count;

    /// <summary>The expression trees the compiler builds for <see cref="AsyncJoinCount"/>'s four lambdas, and nothing else.</summary>
    private static int Trees(int last)
    {
        System.Linq.Expressions.Expression<Func<JoinOrder, bool>> where = o => o.Id <= last;
        System.Linq.Expressions.Expression<Func<JoinOrder, int?>> outer = o => o.CustomerId;
        System.Linq.Expressions.Expression<Func<JoinCustomer, int?>> inner = c => c.Id;
        System.Linq.Expressions.Expression<Func<JoinOrder, JoinCustomer, object>> result = (o, c) => new { o.Id, o.Region, Customer = c.Id, c.Name };
        return where.Parameters.Count + outer.Parameters.Count + inner.Parameters.Count + result.Parameters.Count;
    }

    private static double PerQuery(Func<int> query)
    {
        for (var i = 0; i < 5; i++)
        {
            query();
        }

        var before = GC.GetAllocatedBytesForCurrentThread();
        for (var i = 0; i < Rounds; i++)
        {
            query();
        }

        return (double)(GC.GetAllocatedBytesForCurrentThread() - before) / Rounds;
    }
}
