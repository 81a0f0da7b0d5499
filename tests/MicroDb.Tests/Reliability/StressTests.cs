using System.Collections.Concurrent;
using System.Diagnostics;
using MicroDb.Mapping;
using MicroDb.Runtime.Reflection;
using MicroDb.Tests.Reliability.Models;

namespace MicroDb.Tests.Reliability;

/// <summary>
/// Bounded load on a pooled connection under the default preset: concurrent transfers in transactions, inserts and
/// snapshot reads for about 20 s (60 s with MICRODB_LONG_TESTS=1). Reports the operations done; requires zero errors
/// and that every reader saw a consistent total. Not a benchmark: the count is printed, never asserted.
/// </summary>
[TestFixture]
[NonParallelizable]
public sealed class StressTests : ReliabilityFixture
{
    private const int Accounts = 40;
    private const long Opening = 1_000;

    private static TimeSpan Duration => TimeSpan.FromSeconds(ReliabilitySettings.LongTests ? 60 : 20);

    [Test]
    public async Task Pooled_connection_under_load_completes_every_operation_without_errors()
    {
        var options = new MicroDbOptions(DatabasePath) { Mapping = MappingMode.Reflection }.UseReflection();
        await using var db = new MicroDbAsyncConnection(options);
        await db.Pool.WriteAsync(c => c.CreateTable<StressAccount>());
        await db.Pool.WriteAsync(c => c.CreateTable<StressAudit>());
        await db.InsertAllAsync(Enumerable.Range(0, Accounts).Select(i => new StressAccount { Owner = "owner" + i, Balance = Opening }));

        var errors = new ConcurrentQueue<Exception>();
        long transfers = 0, inserts = 0, reads = 0, inconsistent = 0;
        var clock = Stopwatch.StartNew();
        bool Running() => clock.Elapsed < Duration && errors.IsEmpty;

        async Task Transfers(int seed)
        {
            var random = new Random(seed);
            while (Running())
            {
                var from = random.Next(1, Accounts + 1);
                var to = random.Next(1, Accounts + 1);
                var amount = random.Next(1, 50);
                await db.Pool.RunInTransactionAsync(c =>
                {
                    var a = c.Get<StressAccount>(from);
                    var b = c.Get<StressAccount>(to);
                    a.Balance -= amount;
                    c.Update(a);
                    b = from == to ? a : b;
                    b.Balance += amount;
                    c.Update(b);
                    c.Insert(new StressAudit { From = from, To = to, Amount = amount });
                    return 0;
                });
                Interlocked.Increment(ref transfers);
            }
        }

        async Task Inserts(int seed)
        {
            var random = new Random(seed);
            while (Running())
            {
                await db.InsertAsync(new StressAudit { From = 0, To = 0, Amount = 0, Note = new string('n', random.Next(0, 200)) });
                Interlocked.Increment(ref inserts);
            }
        }

        async Task Reads()
        {
            while (Running())
            {
                // A reader sees one committed snapshot: the total never moves, whatever transfers are half done.
                var total = await db.ExecuteScalarAsync<long>("SELECT sum(Balance) FROM StressAccount");
                if (total != Accounts * Opening)
                {
                    Interlocked.Increment(ref inconsistent);
                }

                var some = await db.QueryAsync<StressAccount>("SELECT * FROM StressAccount WHERE Id <= ?", 5);
                if (some.Count != 5)
                {
                    Interlocked.Increment(ref inconsistent);
                }

                Interlocked.Add(ref reads, 2);
            }
        }

        async Task Guard(Func<Task> work)
        {
            try
            {
                await Task.Run(work);
            }
            catch (Exception error)
            {
                errors.Enqueue(error);
            }
        }

        var tasks = new List<Task>();
        for (var i = 0; i < 3; i++)
        {
            var seed = i;
            tasks.Add(Guard(() => Transfers(seed)));
        }

        tasks.Add(Guard(() => Inserts(99)));
        for (var i = 0; i < 3; i++)
        {
            tasks.Add(Guard(Reads));
        }

        await Task.WhenAll(tasks);
        clock.Stop();

        var audits = await db.ExecuteScalarAsync<long>("SELECT count(*) FROM StressAudit");
        var total = await db.ExecuteScalarAsync<long>("SELECT sum(Balance) FROM StressAccount");
        var check = await db.QueryScalarsAsync<string>("PRAGMA integrity_check");
        TestContext.Out.WriteLine($"{clock.Elapsed.TotalSeconds:F1} s: {transfers} transfers, {inserts} inserts, {reads} reads, {errors.Count} errors, {inconsistent} inconsistent reads");

        Assert.That(errors, Is.Empty, () => string.Join("\n---\n", errors.Take(3)));
        Assert.That(inconsistent, Is.Zero, "reads that saw a half-done transfer");
        Assert.That(total, Is.EqualTo(Accounts * Opening));
        Assert.That(audits, Is.EqualTo(transfers + inserts), "every acknowledged write is stored once");
        Assert.That(check, Is.EqualTo(new[] { "ok" }));
        Assert.That(transfers, Is.GreaterThan(0));
        Assert.That(reads, Is.GreaterThan(0));
    }
}
