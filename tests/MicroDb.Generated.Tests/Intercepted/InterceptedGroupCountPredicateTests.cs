using MicroDb.Conformance;
using MicroDb.Conformance.Models;
using MicroDb.Query;

namespace MicroDb.Generated.Tests.Intercepted;

/// <summary>
/// <c>g.Count(predicate)</c> and <c>g.LongCount(predicate)</c> in a grouping's result at build time (issue 22): a predicate
/// of bool members is intercepted with the run-time path's SQL, values and rows (the interception check compares every
/// run) and LINQ-to-Objects' results, on both mapping paths and storage formats (one that compares with values:
/// InterceptedGroupValueTests).
/// </summary>
[TestFixture("generated", "microdb")]
[TestFixture("reflection", "microdb")]
[TestFixture("generated", "sqlite-net")]
[TestFixture("reflection", "sqlite-net")]
public class InterceptedGroupCountPredicateTests : InterceptedTestBase
{
    private List<AllTypes> _stored = null!;

    public InterceptedGroupCountPredicateTests(string mapping, string format)
        : base(mapping, format)
    {
    }

    protected override void Seed()
    {
        _db.CreateTable<AllTypes>();
        var rows = new List<AllTypes>();
        for (var i = 0; i < 13; i++)
        {
            // Group 3 holds one row, not Bool: its conditional count is 0.
            var row = AllTypesSamples.Nulls();
            row.Int32 = i == 12 ? 3 : i % 3;
            row.Bool = i != 12 && (i % 4 == 0 || i == 5);
            row.NBool = i % 2 == 0 ? null : i % 3 == 0;
            rows.Add(row);
        }

        _db.InsertAll(rows);
        _stored = _db.Table<AllTypes>().ToList();
    }

    [Test]
    public void Count_and_long_count_of_bool_members_are_intercepted_and_equal_linq()
    {
        var before = InterceptionCheck.Runs;

        var counts = _db.Table<AllTypes>().GroupBy(x => x.Int32)
            .Select(g => new { g.Key, All = g.Count(), Yes = g.Count(x => x.Bool), No = g.LongCount(x => !x.Bool), Either = g.Count(x => x.Bool || !x.Bool && x.Bool) }).ToList();

        Assert.That(Intercepted, Is.EqualTo(1), Seen);
        Assert.That(InterceptionCheck.Runs - before, Is.EqualTo(1), "The check compared the intercepted run with the run-time path.");
        Assert.That(_seen[^1].Sql, Does.Contain("count(CASE WHEN (\"Bool\" = 1) THEN 1 ELSE NULL END)"), Seen);
        var expected = _stored.GroupBy(x => x.Int32)
            .Select(g => new { g.Key, All = g.Count(), Yes = g.Count(x => x.Bool), No = g.LongCount(x => !x.Bool), Either = g.Count(x => x.Bool || !x.Bool && x.Bool) }).ToList();
        Assert.That(counts.OrderBy(c => c.Key), Is.EqualTo(expected.OrderBy(c => c.Key)));
        Assert.That(counts.Single(c => c.Key == 3).Yes, Is.Zero, "A group with no row matching counts 0, not NULL.");
    }
}
