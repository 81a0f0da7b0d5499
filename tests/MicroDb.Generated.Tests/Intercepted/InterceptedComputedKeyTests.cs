using MicroDb.Conformance;
using MicroDb.Conformance.Models;
using MicroDb.Query;

namespace MicroDb.Generated.Tests.Intercepted;

/// <summary>
/// Group keys computed from a string member (issue 22): its Length and its case mapping (ToLower, ToUpper), alone,
/// composite, as ordering keys and (Length) compared in HAVING. The generator writes the run time's SQL
/// (src/Shared/Query/SqlStrings.cs); each run gives the run-time path's SQL, values and rows (the interception check
/// compares every run) and LINQ-to-Objects' groups over the stored rows, on both mapping paths and storage formats.
/// </summary>
[TestFixture("generated", "microdb")]
[TestFixture("reflection", "microdb")]
[TestFixture("generated", "sqlite-net")]
[TestFixture("reflection", "sqlite-net")]
public class InterceptedComputedKeyTests : InterceptedTestBase
{
    private List<AllTypes> _stored = null!;

    public InterceptedComputedKeyTests(string mapping, string format)
        : base(mapping, format)
    {
    }

    protected override void Seed()
    {
        _db = InterceptedFixture.Open(_mapping, _format, _seen.Add);
        _db.CreateTable<AllTypes>();
        string[] names = ["Ann", "ann", "ANN", "Bob", "bobby", "Cy", "cy", "Dora"];
        var rows = new List<AllTypes>();
        for (var i = 0; i < names.Length * 2; i++)
        {
            var row = AllTypesSamples.Nulls();
            row.String = names[i % names.Length];
            row.Int32 = i;
            rows.Add(row);
        }

        _db.InsertAll(rows);
        _stored = _db.Table<AllTypes>().ToList();
    }

    [Test]
    public void Case_mapped_keys_are_intercepted_and_group_as_linq_does()
    {
        var before = InterceptionCheck.Runs;

        var lower = _db.Table<AllTypes>().GroupBy(x => x.String!.ToLower()).OrderBy(g => g.Key).Select(g => new { Name = g.Key, N = g.Count(), Total = g.Sum(x => x.Int32) }).ToList();
        var upper = _db.Table<AllTypes>().GroupBy(x => new { Upper = x.String!.ToUpperInvariant(), x.Bool }).Select(g => new { g.Key.Upper, N = g.Count() }).ToList();

        Assert.That(Intercepted, Is.EqualTo(2), Seen);
        Assert.That(InterceptionCheck.Runs - before, Is.EqualTo(2), "The check compared each intercepted run with the run-time path.");
        Assert.That(lower, Is.EqualTo(_stored.GroupBy(x => x.String!.ToLower()).OrderBy(g => g.Key, StringComparer.Ordinal).Select(g => new { Name = g.Key, N = g.Count(), Total = g.Sum(x => x.Int32) }).ToList()));
        Assert.That(lower.First(), Is.EqualTo(new { Name = "ann", N = 6, Total = lower.First().Total }), "Ann, ann and ANN are one group.");
        Assert.That(upper, Is.EquivalentTo(_stored.GroupBy(x => new { Upper = x.String!.ToUpperInvariant(), x.Bool }).Select(g => new { g.Key.Upper, N = g.Count() })));
    }

    [Test]
    public void A_length_key_is_intercepted_ordered_and_compared_in_having()
    {
        var before = InterceptionCheck.Runs;
        var shortest = 3;

        var byLength = _db.Table<AllTypes>().GroupBy(x => x.String!.Length).Where(g => g.Key >= shortest).OrderByDescending(g => g.Key)
            .Select(g => new { Length = g.Key, N = g.Count() }).ToList();
        var count = _db.Table<AllTypes>().GroupBy(x => x.String!.Length).Count();

        Assert.That(Intercepted, Is.EqualTo(2), Seen);
        Assert.That(InterceptionCheck.Runs - before, Is.EqualTo(2));
        Assert.That(byLength, Is.EqualTo(_stored.GroupBy(x => x.String!.Length).Where(g => g.Key >= shortest).OrderByDescending(g => g.Key).Select(g => new { Length = g.Key, N = g.Count() }).ToList()));
        Assert.That(byLength.Select(r => r.Length), Is.EqualTo(new[] { 5, 4, 3 }));
        Assert.That(count, Is.EqualTo(4));
    }
}
