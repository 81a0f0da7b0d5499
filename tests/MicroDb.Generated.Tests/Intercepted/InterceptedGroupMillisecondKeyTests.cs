using MicroDb.Conformance;
using MicroDb.Conformance.Models;
using MicroDb.Query;

namespace MicroDb.Generated.Tests.Intercepted;

/// <summary>
/// A DateTime member's <c>Millisecond</c> as a group key is lowered at build time (issue 22) with the run time's term
/// (<c>SqlDateParts</c>: ticks / 10,000 % 1,000, or the three digits after the seconds of MicroDb's text); sqlite-net's
/// DateTime text runs on the run-time path. Rows equal LINQ-to-Objects' over the stored rows on both mapping paths and
/// storage formats, the interception check on.
/// </summary>
[TestFixture("generated", "microdb")]
[TestFixture("reflection", "microdb")]
[TestFixture("generated", "sqlite-net")]
[TestFixture("reflection", "sqlite-net")]
public class InterceptedGroupMillisecondKeyTests : InterceptedTestBase
{
    private List<AllTypes> _stored = null!;

    public InterceptedGroupMillisecondKeyTests(string mapping, string format)
        : base(mapping, format)
    {
    }

    protected override void Seed()
    {
        _db.CreateTable<AllTypes>();
        var rows = new List<AllTypes>();
        for (var i = 0; i < 10; i++)
        {
            var row = AllTypesSamples.Nulls();
            row.String = "r" + i;
            row.Bool = i % 2 == 0;
            row.DateTime = new DateTime(2024, 3, 1 + i, 10, i, 5, i % 3 * 250, DateTimeKind.Utc);
            row.DateTimeText = new DateTime(2023, 5, 1 + i, 8, 0, i, i % 4 * 125, DateTimeKind.Utc);
            rows.Add(row);
        }

        _db.InsertAll(rows);
        _stored = _db.Table<AllTypes>().ToList();
    }

    [Test]
    public void Millisecond_keys_are_intercepted_and_group_as_linq_does()
    {
        var before = InterceptionCheck.Runs;

        var ticks = _db.Table<AllTypes>().GroupBy(x => x.DateTime.Millisecond).OrderBy(g => g.Key).Select(g => new { g.Key, N = g.Count() }).ToList();
        var first = _seen.First();

        Assert.That(first.Source, Is.EqualTo(StatementSource.Intercepted), Seen);
        Assert.That(first.Sql, Does.Contain("GROUP BY ((\"DateTime\" & 4611686018427387903) / 10000 % 1000)"));
        Assert.That(InterceptionCheck.Runs - before, Is.EqualTo(1));
        Assert.That(ticks, Is.EqualTo(_stored.GroupBy(x => x.DateTime.Millisecond).OrderBy(g => g.Key).Select(g => new { g.Key, N = g.Count() }).ToList()));
    }

    [Test]
    public void Millisecond_keys_of_microdb_text_are_intercepted_and_group_as_linq_does()
    {
        if (_format != "microdb")
        {
            // sqlite-net's DateTime text runs on the run-time path (its own tests cover it).
            return;
        }

        var before = InterceptionCheck.Runs;
        var texts = _db.Table<AllTypes>().GroupBy(x => new { x.DateTimeText.Millisecond, x.Bool }).Select(g => new { g.Key.Millisecond, g.Key.Bool, N = g.Count() }).ToList();

        Assert.That(Intercepted, Is.EqualTo(1), Seen);
        Assert.That(InterceptionCheck.Runs - before, Is.EqualTo(1));
        Assert.That(texts, Is.EquivalentTo(_stored.GroupBy(x => new { x.DateTimeText.Millisecond, x.Bool }).Select(g => new { g.Key.Millisecond, g.Key.Bool, N = g.Count() })));
    }
}
