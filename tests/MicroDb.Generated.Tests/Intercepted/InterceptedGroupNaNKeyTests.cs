using MicroDb.Conformance;
using MicroDb.Conformance.Models;
using MicroDb.Query;

namespace MicroDb.Generated.Tests.Intercepted;

/// <summary>
/// A conditional group key of a nullable type with a non-nullable <c>double</c> branch: the branch's column may store
/// NULL (a NaN is written as NULL), which the member reads back as 0, so LINQ-to-Objects over the stored rows groups
/// those rows under 0, with the rows storing 0, and never under null. The GROUP BY term keys such a branch as the run
/// time keys a non-nullable double (<c>ifnull(v, 0)</c>), on both front ends, both mapping paths and both storage formats.
/// </summary>
[TestFixture("generated", "microdb")]
[TestFixture("reflection", "microdb")]
[TestFixture("generated", "sqlite-net")]
[TestFixture("reflection", "sqlite-net")]
public class InterceptedGroupNaNKeyTests : InterceptedTestBase
{
    private List<AllTypes> _stored = null!;

    public InterceptedGroupNaNKeyTests(string mapping, string format)
        : base(mapping, format)
    {
    }

    protected override void Seed()
    {
        _db.CreateTable<AllTypes>();
        var rows = new List<AllTypes>();
        for (var i = 0; i < 8; i++)
        {
            var row = AllTypesSamples.Nulls();
            row.String = "r" + i;
            row.Int32 = i;
            row.Bool = i % 2 == 0;
            row.NDouble = i % 3 == 0 ? 3.5 : null;

            // NaN is stored as NULL and read back as 0; 0 is stored as 0.
            row.Double = i < 4 ? double.NaN : i < 6 ? 0 : i * 0.5;
            rows.Add(row);
        }

        _db.InsertAll(rows);
        _stored = _db.Table<AllTypes>().ToList();
    }

    [Test]
    public void A_nullable_conditional_key_with_a_double_branch_groups_a_stored_null_under_0()
    {
        var before = InterceptionCheck.Runs;

        var chosen = _db.Table<AllTypes>().GroupBy(x => x.NDouble >= 2 ? x.NDouble : x.Double).OrderBy(g => g.Key).Select(g => new { g.Key, N = g.Count() }).ToList();
        var sql = _seen.First().Sql;

        // The other branch's constant null is bound as a null slot, as the run time binds it: intercepted too.
        var maybe = _db.Table<AllTypes>().GroupBy(x => x.Bool ? x.Double : (double?)null).OrderBy(g => g.Key).Select(g => new { g.Key, N = g.Count() }).ToList();

        Assert.That(Intercepted, Is.EqualTo(2), Seen);
        Assert.That(InterceptionCheck.Runs - before, Is.EqualTo(2));
        Assert.That(sql, Does.Contain("ELSE ifnull(\"Double\", 0) END"));
        Assert.That(_seen.Last().Sql, Does.Contain("THEN ifnull(\"Double\", 0) ELSE"));
        Assert.That(chosen, Is.EqualTo(_stored.GroupBy(x => x.NDouble >= 2 ? x.NDouble : x.Double).OrderBy(g => g.Key).Select(g => new { g.Key, N = g.Count() }).ToList()));
        Assert.That(maybe, Is.EqualTo(_stored.GroupBy(x => x.Bool ? x.Double : (double?)null).OrderBy(g => g.Key).Select(g => new { g.Key, N = g.Count() }).ToList()));
    }

    [Test]
    public void A_nullable_conditional_key_with_a_double_branch_groups_as_linq_does_on_the_run_time_path()
    {
        InterceptionCheck.Enabled = false;
        var query = _db.Table<AllTypes>().GroupBy(x => x.NDouble >= 2 ? x.NDouble : x.Double).OrderBy(g => g.Key).Select(g => new { g.Key, N = g.Count() });

        Assert.That(query.ToList(), Is.EqualTo(_stored.GroupBy(x => x.NDouble >= 2 ? x.NDouble : x.Double).OrderBy(g => g.Key).Select(g => new { g.Key, N = g.Count() }).ToList()));
        Assert.That(query.ToSqlString(), Does.Contain("ELSE ifnull(\"Double\", 0) END"));
    }
}
