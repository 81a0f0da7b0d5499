using MicroDb.Conformance.Models;
using MicroDb.Query;

namespace MicroDb.Generated.Tests.Intercepted;

/// <summary>A grouped result built by an object initializer, for the intercepted grouping tests.</summary>
public sealed class SkuTotal
{
    /// <summary>The key.</summary>
    public string Sku { get; set; } = "";

    /// <summary>The sum of the quantities.</summary>
    public int Total { get; set; }
}

/// <summary>
/// Inline GroupBy ... Select chains are intercepted (issue 22): a member or composite key, Count, Sum, Average, Min and
/// Max of integer members, ordering by key parts, Skip, Take, and the terminals give the SQL and results of the run-time
/// path and of LINQ-to-Objects, on both mapping paths and storage formats; the interception check compares every run.
/// </summary>
[TestFixture("generated", "microdb")]
[TestFixture("generated", "sqlite-net")]
[TestFixture("reflection", "microdb")]
[TestFixture("reflection", "sqlite-net")]
public class InterceptedGroupTests : InterceptedTestBase
{
    private List<JoinLine> _lines = null!;

    public InterceptedGroupTests(string mapping, string format)
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
            new JoinLine { OrderId = 2, Sku = "a", Quantity = 3 },
            new JoinLine { OrderId = 6, Sku = "c", Quantity = 4 },
            new JoinLine { OrderId = 1, Sku = "a", Quantity = 5 },
            new JoinLine { OrderId = 6, Sku = "c", Quantity = -7 },
        });
        _lines = _db.Table<JoinLine>().ToList();
    }

    [Test]
    public void Group_by_a_member_with_aggregates_is_intercepted_with_the_run_time_sql()
    {
        var before = InterceptionCheck.Runs;

        var intercepted = _db.Table<JoinLine>().GroupBy(l => l.OrderId).OrderBy(g => g.Key)
            .Select(g => new { g.Key, Count = g.Count(), Total = g.Sum(x => x.Quantity), Low = g.Min(x => x.Quantity), High = g.Max(x => x.Quantity), Mean = g.Average(x => x.Quantity) }).ToList();
        var first = _seen[0];

        var runTime = _db.Table<JoinLine>().GroupBy(l => l.OrderId).OrderBy(g => g.Key)
            .Select(g => new { g.Key, Count = g.Count(), Total = g.Sum(x => x.Quantity), Low = g.Min(x => x.Quantity), High = g.Max(x => x.Quantity), Mean = g.Average(x => x.Quantity) });
        Assert.That(first.Source, Is.EqualTo(StatementSource.Intercepted), Seen);
        Assert.That(first.Sql, Is.EqualTo(runTime.ToSqlString()));
        Assert.That(first.Sql, Is.EqualTo("SELECT \"OrderId\", count(*), coalesce(sum(\"Quantity\"), 0), min(\"Quantity\"), max(\"Quantity\"), avg(\"Quantity\") FROM \"join_lines\" GROUP BY \"OrderId\" ORDER BY \"OrderId\""));
        Assert.That(intercepted, Is.EqualTo(runTime.ToList()));
        Assert.That(intercepted, Is.EqualTo(_lines.GroupBy(l => l.OrderId).OrderBy(g => g.Key)
            .Select(g => new { g.Key, Count = g.Count(), Total = g.Sum(x => x.Quantity), Low = g.Min(x => x.Quantity), High = g.Max(x => x.Quantity), Mean = g.Average(x => x.Quantity) }).ToList()));
        Assert.That(InterceptionCheck.Runs - before, Is.EqualTo(1), "The check compared the intercepted run with the run-time path.");
    }

    [Test]
    public void Composite_key_ordering_paging_and_terminals_match_linq()
    {
        var composite = _db.Table<JoinLine>().GroupBy(l => new { l.OrderId, l.Sku })
            .Select(g => new { g.Key.OrderId, g.Key.Sku, Count = g.Count() }).OrderByDescending(x => x.OrderId).ThenBy(x => x.Sku).Skip(1).Take(2).ToList();
        var whole = _db.Table<JoinLine>().GroupBy(l => new { l.OrderId, l.Sku }).Select(g => new { g.Key, Total = g.Sum(x => x.Quantity) }).ToArray();
        var initializer = _db.Table<JoinLine>().GroupBy(l => l.Sku).OrderBy(g => g.Key).Select(g => new SkuTotal { Sku = g.Key, Total = g.Sum(x => x.Quantity) }).First();
        var none = _db.Table<JoinLine>().GroupBy(l => l.Sku).Select(g => new { g.Key }).Skip(10).FirstOrDefault();
        var groups = _db.Table<JoinLine>().GroupBy(l => l.Sku).Count();
        var selected = _db.Table<JoinLine>().GroupBy(l => new { l.OrderId, l.Sku }).Select(g => new { g.Key.Sku }).Take(2).Count();
        var error = Assert.Throws<InvalidOperationException>(() => _db.Table<JoinLine>().GroupBy(l => l.Sku).Select(g => new { g.Key }).Skip(10).First());
        Assert.That(Intercepted, Is.EqualTo(7), Seen);

        var linq = _lines.GroupBy(l => new { l.OrderId, l.Sku });
        Assert.That(composite, Is.EqualTo(linq.Select(g => new { g.Key.OrderId, g.Key.Sku, Count = g.Count() }).OrderByDescending(x => x.OrderId).ThenBy(x => x.Sku).Skip(1).Take(2).ToList()));
        Assert.That(whole, Is.EquivalentTo(linq.Select(g => new { g.Key, Total = g.Sum(x => x.Quantity) })));
        Assert.That((initializer.Sku, initializer.Total), Is.EqualTo(("a", 9)));
        Assert.That(none, Is.Null);
        Assert.That(groups, Is.EqualTo(3));
        Assert.That(selected, Is.EqualTo(2));
        Assert.That(error!.Message, Does.Contain("returned no group"));
    }
}
