using MicroDb.Conformance.Models;
using MicroDb.Mapping;
using MicroDb.Query;
using MicroDb.Runtime.Reflection;

namespace MicroDb.Generated.Tests.Intercepted;

/// <summary>
/// Orderings over the groups by integer or double arithmetic over aggregates and integer key members
/// (<c>OrderBy(g =&gt; g.Sum(x =&gt; x.Quantity) / g.Count())</c>) are lowered at build time (issue 22): each run is
/// intercepted, gives the run-time path's SQL, values and rows (the interception check) and LINQ-to-Objects' order, on
/// both mapping paths and storage formats, sync and async.
/// </summary>
[TestFixture("generated", "microdb")]
[TestFixture("generated", "sqlite-net")]
[TestFixture("reflection", "microdb")]
[TestFixture("reflection", "sqlite-net")]
public class InterceptedGroupOrderArithmeticTests : InterceptedTestBase
{
    private List<JoinLine> _lines = null!;

    public InterceptedGroupOrderArithmeticTests(string mapping, string format)
        : base(mapping, format)
    {
    }

    protected override void Seed()
    {
        _db.CreateTable<JoinLine>();
        _db.InsertAll(new[]
        {
            new JoinLine { OrderId = 1, Sku = "a", Quantity = 1 },
            new JoinLine { OrderId = 1, Sku = "b", Quantity = 2 },
            new JoinLine { OrderId = 2, Sku = "a", Quantity = 30 },
            new JoinLine { OrderId = 6, Sku = "c", Quantity = 4 },
            new JoinLine { OrderId = 1, Sku = "a", Quantity = 5 },
            new JoinLine { OrderId = 6, Sku = "c", Quantity = -7 },
            new JoinLine { OrderId = 3, Sku = "d", Quantity = 9 },
            new JoinLine { OrderId = 3, Sku = "d", Quantity = 10 },
        });
        _lines = _db.Table<JoinLine>().ToList();
    }

    [Test]
    public void Ordering_by_integer_arithmetic_over_aggregates_is_intercepted_with_the_run_time_sql()
    {
        var before = InterceptionCheck.Runs;

        var mean = _db.Table<JoinLine>().GroupBy(l => l.OrderId).OrderByDescending(g => g.Sum(x => x.Quantity) / g.Count()).ThenBy(g => g.Key)
            .Select(g => new { g.Key, Total = g.Sum(x => x.Quantity), N = g.Count() }).ToList();
        var sql = _seen.First().Sql;
        var afterMean = Intercepted;
        var spread = _db.Table<JoinLine>().GroupBy(l => l.OrderId).Select(g => new { g.Key, High = g.Max(x => x.Quantity), Low = g.Min(x => x.Quantity) })
            .OrderBy(r => r.High - r.Low).ThenByDescending(r => r.Key).ToList();
        var afterSpread = Intercepted;
        var keyed = _db.Table<JoinLine>().GroupBy(l => l.OrderId).OrderBy(g => g.Count() * g.Key).ThenBy(g => g.Key).Select(g => new { g.Key, N = g.Count() }).First();

        Assert.That((afterMean, afterSpread, Intercepted), Is.EqualTo((1, 2, 3)), Seen);
        Assert.That(InterceptionCheck.Runs - before, Is.EqualTo(3));
        Assert.That(sql, Is.EqualTo("SELECT \"OrderId\", coalesce(sum(\"Quantity\"), 0), count(*) FROM \"join_lines\" GROUP BY \"OrderId\" ORDER BY (coalesce(sum(\"Quantity\"), 0) / count(*)) DESC, \"OrderId\""));
        Assert.That(mean, Is.EqualTo(_lines.GroupBy(l => l.OrderId).OrderByDescending(g => g.Sum(x => x.Quantity) / g.Count()).ThenBy(g => g.Key)
            .Select(g => new { g.Key, Total = g.Sum(x => x.Quantity), N = g.Count() }).ToList()));
        Assert.That(spread, Is.EqualTo(_lines.GroupBy(l => l.OrderId).Select(g => new { g.Key, High = g.Max(x => x.Quantity), Low = g.Min(x => x.Quantity) })
            .OrderBy(r => r.High - r.Low).ThenByDescending(r => r.Key).ToList()));
        Assert.That(keyed, Is.EqualTo(_lines.GroupBy(l => l.OrderId).OrderBy(g => g.Count() * g.Key).ThenBy(g => g.Key).Select(g => new { g.Key, N = g.Count() }).First()));
    }

    [Test]
    public void Ordering_by_double_arithmetic_over_aggregates_is_intercepted_and_orders_as_linq_does()
    {
        var before = InterceptionCheck.Runs;

        var above = _db.Table<JoinLine>().GroupBy(l => l.Sku).OrderBy(g => g.Average(x => x.Quantity) - g.Min(x => x.Quantity)).ThenBy(g => g.Key)
            .Select(g => new { g.Key, N = g.Count() }).ToList();
        var sql = _seen.First().Sql;

        Assert.That(Intercepted, Is.EqualTo(1), Seen);
        Assert.That(InterceptionCheck.Runs - before, Is.EqualTo(1));
        Assert.That(sql, Does.Contain("ORDER BY ifnull((avg(\"Quantity\") - CAST(min(\"Quantity\") AS REAL)), 0), \"Sku\""));
        Assert.That(above, Is.EqualTo(_lines.GroupBy(l => l.Sku).OrderBy(g => g.Average(x => x.Quantity) - g.Min(x => x.Quantity)).ThenBy(g => g.Key, StringComparer.Ordinal)
            .Select(g => new { g.Key, N = g.Count() }).ToList()));
    }

    [Test]
    public async Task Ordering_by_arithmetic_over_aggregates_is_intercepted_async()
    {
        var path = Path.Combine(Path.GetTempPath(), "microdb-group-order-" + Guid.NewGuid().ToString("N") + ".db");
        try
        {
            var seen = new List<ExecutedStatement>();
            var options = new MicroDbOptions(path)
            {
                Mapping = _mapping == "generated" ? MappingMode.Generated : MappingMode.Reflection,
                Storage = Storage,
                OnStatement = s => { lock (seen) { seen.Add(s); } },
            };
            await using (var db = new MicroDbAsyncConnection(_mapping == "reflection" ? options.UseReflection() : options))
            {
                await db.CreateTableAsync<JoinLine>();
                await db.InsertAllAsync(_lines.Select(l => new JoinLine { OrderId = l.OrderId, Sku = l.Sku, Quantity = l.Quantity }));
                var before = InterceptionCheck.Runs;
                var rows = await db.Table<JoinLine>().GroupBy(l => l.OrderId).Select(g => new { g.Key, Total = g.Sum(x => x.Quantity), N = g.Count() })
                    .OrderByDescending(r => r.Total / r.N).ThenBy(r => r.Key).ToListAsync();

                lock (seen)
                {
                    Assert.That(seen.Count(s => s.Source == StatementSource.Intercepted), Is.EqualTo(1));
                }

                Assert.That(InterceptionCheck.Runs - before, Is.EqualTo(1));
                Assert.That(rows, Is.EqualTo(_lines.GroupBy(l => l.OrderId).Select(g => new { g.Key, Total = g.Sum(x => x.Quantity), N = g.Count() })
                    .OrderByDescending(r => r.Total / r.N).ThenBy(r => r.Key).ToList()));
            }
        }
        finally
        {
            File.Delete(path);
        }
    }
}
