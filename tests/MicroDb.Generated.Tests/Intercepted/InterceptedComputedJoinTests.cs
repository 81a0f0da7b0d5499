using MicroDb.Query;

namespace MicroDb.Generated.Tests.Intercepted;

/// <summary>
/// A join's computed result (issue 22) runs intercepted: arithmetic and calls over the joined rows' members, and
/// <c>row == null ? constant : computed</c> over a left-joined row, equal to the run-time path (checked per run) and to
/// LINQ-to-Objects, on both mapping paths and storage formats.
/// </summary>
[TestFixture("generated", "microdb")]
[TestFixture("generated", "sqlite-net")]
[TestFixture("reflection", "microdb")]
[TestFixture("reflection", "sqlite-net")]
public class InterceptedComputedJoinTests : InterceptedTestBase
{
    private List<ComputedGadget> _gadgets = null!;
    private List<ComputedMaker> _makers = null!;

    /// <summary>Takes the fixture's arguments.</summary>
    /// <param name="mapping">"generated" or "reflection".</param>
    /// <param name="format">The storage format's name.</param>
    public InterceptedComputedJoinTests(string mapping, string format)
        : base(mapping, format)
    {
    }

    /// <inheritdoc/>
    protected override void Seed()
    {
        _db.CreateTable<ComputedGadget>();
        _db.CreateTable<ComputedMaker>();
        _makers = [new ComputedMaker { Id = 1, Name = "acme", Rank = 2 }, new ComputedMaker { Id = 2, Name = null, Rank = 5 }];
        _gadgets =
        [
            new ComputedGadget { Name = "bolt", Qty = 3, Price = 1.25m, MakerId = 1 },
            new ComputedGadget { Name = "nut", Qty = int.MaxValue, Price = 2m, MakerId = 2 },
            new ComputedGadget { Name = null, Qty = 7, Price = 0.5m, MakerId = 9 },
        ];
        _db.InsertAll(_makers);
        _db.InsertAll(_gadgets);
    }

    [Test]
    public void Inner_join_result_computes_over_both_rows()
    {
        var rows = _db.Table<ComputedGadget>().Join(_db.Table<ComputedMaker>(), g => g.MakerId, m => m.Id,
            (g, m) => new { g.Id, Total = g.Price * g.Qty, Twice = g.Qty * 2, Who = m.Name + "/" + m.Rank, Score = (double)g.Qty / m.Rank }).ToList();

        Assert.That(_seen[0].Source, Is.EqualTo(StatementSource.Intercepted), Seen);
        var expected = _gadgets.Join(_makers, g => g.MakerId, m => m.Id,
            (g, m) => new { g.Id, Total = g.Price * g.Qty, Twice = unchecked(g.Qty * 2), Who = m.Name + "/" + m.Rank, Score = (double)g.Qty / m.Rank });
        Assert.That(rows.OrderBy(r => r.Id), Is.EqualTo(expected.OrderBy(r => r.Id)));
    }

    [Test]
    public void Left_join_result_computes_under_the_missing_row_test()
    {
        var rows = _db.Table<ComputedGadget>().LeftJoin(_db.Table<ComputedMaker>(), g => g.MakerId, m => m.Id,
            (g, m) => new { g.Id, Who = m == null ? "none" : (m.Name ?? "?").ToUpperInvariant(), Rank = m == null ? -1 : m.Rank * 10 }).ToList();

        Assert.That(_seen[0].Source, Is.EqualTo(StatementSource.Intercepted), Seen);
        var expected = _gadgets.LeftJoin(_makers, g => g.MakerId, m => m.Id,
            (g, m) => new { g.Id, Who = m == null ? "none" : (m.Name ?? "?").ToUpperInvariant(), Rank = m == null ? -1 : m.Rank * 10 });
        Assert.That(rows.OrderBy(r => r.Id), Is.EqualTo(expected.OrderBy(r => r.Id)));
        Assert.That(rows.Single(r => r.Id == 3).Who, Is.EqualTo("none"));
    }

    [Test]
    public void A_missing_rows_member_read_without_the_test_throws_as_the_run_time_path_does()
    {
        Assert.Throws<NullReferenceException>(() => _db.Table<ComputedGadget>().LeftJoin(_db.Table<ComputedMaker>(), g => g.MakerId, m => m.Id,
            (g, m) => new { g.Id, Rank = m!.Rank + 1 }).ToList());
        Assert.That(_seen[0].Source, Is.EqualTo(StatementSource.Intercepted), Seen);

        InterceptionCheck.Enabled = false;
        var query = _db.Table<ComputedGadget>().LeftJoin(_db.Table<ComputedMaker>(), g => g.MakerId, m => m.Id, (g, m) => new { g.Id, Rank = m!.Rank + 1 });
        Assert.Throws<NullReferenceException>(() => query.ToList());
    }
}
