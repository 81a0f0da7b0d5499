using MicroDb.Conformance.Models;
using MicroDb.Query;

namespace MicroDb.Generated.Tests.Intercepted;

/// <summary>
/// An intercepted grouping reads each group's row (the key's columns and the aggregate values) into its result with
/// little beyond the result itself (issue 22's GroupBy case: 10,000 rows into 100 groups): per query a fixed amount for
/// the query (its expression trees, operator objects and the reader's plan) and per group the result, the aggregate
/// values and their boxes. Measured with the thread's allocation counter over many runs, on the generated mapping path,
/// interception check off.
/// </summary>
public class InterceptedGroupAllocationTests
{
    private const int Rounds = 40;
    private MicroDbConnection _db = null!;
    private StatementSource _source;
    private string? _sql;

    [SetUp]
    public void Open()
    {
        // The check would run every query on the run-time path too; the bytes measured are the intercepted path's alone.
        InterceptionCheck.Enabled = false;
        _db = InterceptedFixture.Open("generated", "microdb", s => (_source, _sql) = (s.Source, s.Sql));
        _db.CreateTable<JoinLine>();
        _db.InsertAll(Enumerable.Range(1, 10_000).Select(i => new JoinLine { OrderId = 1 + (i % 100), Sku = "sku " + (i % 13), Quantity = i % 17 }));
    }

    [TearDown]
    public void Close() => _db.Dispose();

    [Test]
    public void Intercepted_group_by_allocates_little_per_group_beyond_its_results()
    {
        var rows = Group(100);
        Assert.That(_source, Is.EqualTo(StatementSource.Intercepted), "the grouping runs on the build-time path");
        Assert.That(_sql, Is.EqualTo("SELECT \"OrderId\", count(*), coalesce(sum(\"Quantity\"), 0) FROM \"join_lines\" WHERE (\"OrderId\" <= ?) GROUP BY \"OrderId\""));
        var lines = _db.Table<JoinLine>().ToList();
        Assert.That(rows, Is.EquivalentTo(lines.GroupBy(l => l.OrderId).Select(g => (g.Key, g.Count(), g.Sum(x => x.Quantity)))));

        var small = PerQuery(() => GroupCount(50));
        var large = PerQuery(() => GroupCount(100));
        var perGroup = (large - small) / 50;

        TestContext.Out.WriteLine($"intercepted GroupBy: {small:0} B for 50 groups, {large:0} B for 100 ({perGroup:0.##} B per extra group)");
        // Per group (about 141 B; 269 B when the reader made a values array and a row array per group and boxed each int
        // aggregate twice): the result, the entity the key is read from, one box per int aggregate and the list's growth.
        Assert.That(perGroup, Is.LessThan(160), "bytes per group");
        // The query (about 24 KB; 39 KB before): the fixed part is the expression trees, the run-time operators' checks
        // (GroupBy translates the key and Select the aggregates), the reader's plan and the statement report.
        Assert.That(large, Is.LessThan(28 * 1024), "bytes of a 100-group query");
    }

    private List<(int Key, int Count, int Total)> Group(int last) =>
        [.. _db.Table<JoinLine>().Where(l => l.OrderId <= last).GroupBy(l => l.OrderId).Select(g => new { g.Key, Count = g.Count(), Total = g.Sum(x => x.Quantity) }).ToList()
            .Select(r => (r.Key, r.Count, r.Total))];

    private int GroupCount(int last) =>
        _db.Table<JoinLine>().Where(l => l.OrderId <= last).GroupBy(l => l.OrderId).Select(g => new { g.Key, Count = g.Count(), Total = g.Sum(x => x.Quantity) }).ToList().Count;

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
