using MicroDb.Conformance;
using MicroDb.Conformance.Models;
using MicroDb.Query;

namespace MicroDb.Generated.Tests.Intercepted;

/// <summary>
/// A grouping's values outside WHERE and HAVING at build time (issue 22): computed integer keys (<c>x.Int32 / 10</c>,
/// <c>% 3</c>, <c>+ 1</c>, unary minus, composite) bind their values in GROUP BY, and <c>g.Count(predicate)</c> comparing
/// with constants and captured values binds them in the SELECT list. Each run is intercepted with the run-time path's SQL,
/// values and rows (the interception check compares every run) and equals LINQ-to-Objects over the stored rows, with
/// negative numbers (C#'s truncating division and remainder) and nulls in the keys, on both mapping paths and formats.
/// </summary>
[TestFixture("generated", "microdb")]
[TestFixture("reflection", "microdb")]
[TestFixture("generated", "sqlite-net")]
[TestFixture("reflection", "sqlite-net")]
public class InterceptedGroupValueTests : InterceptedTestBase
{
    private List<AllTypes> _stored = null!;

    public InterceptedGroupValueTests(string mapping, string format)
        : base(mapping, format)
    {
    }

    protected override void Seed()
    {
        _db.CreateTable<AllTypes>();
        var rows = new List<AllTypes>();
        for (var i = -23; i < 24; i += 2)
        {
            var row = AllTypesSamples.Nulls();
            row.Int32 = i;
            row.Int64 = i * 1_000_000_007L;
            row.NInt32 = i % 5 == 0 ? null : i;
            row.String = i % 3 == 0 ? "a" : null;
            row.Bool = i % 4 == 1;
            rows.Add(row);
        }

        _db.InsertAll(rows);
        _stored = _db.Table<AllTypes>().ToList();
    }

    [Test]
    public void Arithmetic_keys_over_negatives_are_intercepted_and_group_as_linq_does()
    {
        var before = InterceptionCheck.Runs;

        var tens = _db.Table<AllTypes>().GroupBy(x => x.Int32 / 10).Select(g => new { g.Key, N = g.Count(), Total = g.Sum(x => x.Int32) }).ToList();
        var rests = _db.Table<AllTypes>().GroupBy(x => x.Int32 % 3).Select(g => new { g.Key, N = g.Count() }).ToList();
        var shifted = _db.Table<AllTypes>().GroupBy(x => -x.Int64 / 3_000_000_021L + 1).Select(g => new { g.Key, N = g.LongCount() }).ToList();

        Assert.That(Intercepted, Is.EqualTo(3), Seen);
        Assert.That(InterceptionCheck.Runs - before, Is.EqualTo(3), "The check compared each intercepted run with the run-time path.");
        Assert.That(_seen[0].Sql, Does.Contain("GROUP BY (\"Int32\" / ?)"), Seen);
        Assert.That(tens, Is.EquivalentTo(_stored.GroupBy(x => x.Int32 / 10).Select(g => new { g.Key, N = g.Count(), Total = g.Sum(x => x.Int32) })));
        Assert.That(tens.Select(t => t.Key), Does.Contain(0).And.Contains(-2), "-23 / 10 is -2 and -9 / 10 is 0, as in C#.");
        Assert.That(rests, Is.EquivalentTo(_stored.GroupBy(x => x.Int32 % 3).Select(g => new { g.Key, N = g.Count() })));
        Assert.That(rests.Select(r => r.Key), Does.Contain(-2), "The remainder takes the dividend's sign, as in C#.");
        Assert.That(shifted, Is.EquivalentTo(_stored.GroupBy(x => -x.Int64 / 3_000_000_021L + 1).Select(g => new { g.Key, N = g.LongCount() })));
    }

    [Test]
    public void Ordering_by_a_computed_key_binds_its_values_again_and_sorts_as_linq_does()
    {
        var size = 6;

        var ordered = _db.Table<AllTypes>().GroupBy(x => new { Part = x.Int32 / size, x.String }).Where(g => g.Count() > 1)
            .OrderByDescending(g => g.Key.Part).ThenBy(g => g.Key.String).Select(g => new { g.Key.String, N = g.Count(), Low = g.Min(x => x.Int32) }).ToList();
        var first = _db.Table<AllTypes>().GroupBy(x => x.Int32 % 4).OrderBy(g => g.Key).Select(g => new { g.Key, N = g.Count() }).First();

        Assert.That(Intercepted, Is.EqualTo(2), Seen);
        Assert.That(_seen[0].Sql, Does.Contain("ORDER BY (\"Int32\" / ?) DESC"), Seen);
        var expected = _stored.GroupBy(x => new { Part = x.Int32 / size, x.String }).Where(g => g.Count() > 1)
            .OrderByDescending(g => g.Key.Part).ThenBy(g => g.Key.String, StringComparer.Ordinal).Select(g => new { g.Key.String, N = g.Count(), Low = g.Min(x => x.Int32) });
        Assert.That(ordered, Is.EqualTo(expected));
        Assert.That(first, Is.EqualTo(new { Key = -3, N = _stored.Count(x => x.Int32 % 4 == -3) }));
    }

    [Test]
    public void Conditional_keys_choose_their_group_as_linq_does()
    {
        var limit = 5;

        var bands = _db.Table<AllTypes>().GroupBy(x => x.Int32 > 3 && x.String == "a" ? "old" : "young").OrderBy(g => g.Key).Select(g => new { g.Key, N = g.Count() }).ToList();
        var parts = _db.Table<AllTypes>().GroupBy(x => new { Low = x.Int32 < limit ? 1 : 0, Rest = x.Int32 % 2 }).Select(g => new { Total = g.Sum(x => x.Int32), N = g.Count() }).ToList();

        Assert.That(Intercepted, Is.EqualTo(2), Seen);
        Assert.That(_seen[0].Sql, Does.Contain("GROUP BY (CASE WHEN ((\"Int32\" > ?) AND (\"String\" IS ?)) THEN ? ELSE ? END)"), Seen);
        Assert.That(bands, Is.EqualTo(_stored.GroupBy(x => x.Int32 > 3 && x.String == "a" ? "old" : "young").OrderBy(g => g.Key, StringComparer.Ordinal).Select(g => new { g.Key, N = g.Count() })));
        Assert.That(parts, Is.EquivalentTo(_stored.GroupBy(x => new { Low = x.Int32 < limit ? 1 : 0, Rest = x.Int32 % 2 }).Select(g => new { Total = g.Sum(x => x.Int32), N = g.Count() })));
    }

    [Test]
    public void A_nullable_computed_key_keeps_its_null_group()
    {
        var decades = _db.Table<AllTypes>().GroupBy(x => x.NInt32 / 10).Select(g => new { g.Key, N = g.Count() }).ToList();

        Assert.That(Intercepted, Is.EqualTo(1), Seen);
        Assert.That(decades, Is.EquivalentTo(_stored.GroupBy(x => x.NInt32 / 10).Select(g => new { g.Key, N = g.Count() })));
        Assert.That(decades.Single(d => d.Key is null).N, Is.EqualTo(_stored.Count(x => x.NInt32 is null)));
    }

    [Test]
    public void A_composite_key_with_captured_values_binds_every_value_in_slot_order()
    {
        var min = -15;
        var size = 7;
        var above = 0;

        var groups = _db.Table<AllTypes>().Where(x => x.Int32 >= min).GroupBy(x => new { Part = x.Int32 / size, x.String })
            .Where(g => g.Count() > 1)
            .Select(g => new { Positive = g.Count(x => x.Int32 > above && x.String != "b"), Flagged = g.LongCount(x => x.Bool), Low = g.Min(x => x.Int32) }).ToList();
        var count = _db.Table<AllTypes>().GroupBy(x => x.Int32 % size).Count();

        Assert.That(Intercepted, Is.EqualTo(2), Seen);
        Assert.That(_seen[0].Sql.Count(c => c == '?'), Is.EqualTo(5), "Two values in the SELECT list, one in WHERE, one in GROUP BY, one in HAVING.");
        var expected = _stored.Where(x => x.Int32 >= min).GroupBy(x => new { Part = x.Int32 / size, x.String }).Where(g => g.Count() > 1)
            .Select(g => new { Positive = g.Count(x => x.Int32 > above && x.String != "b"), Flagged = g.LongCount(x => x.Bool), Low = g.Min(x => x.Int32) });
        Assert.That(groups, Is.EquivalentTo(expected));
        Assert.That(count, Is.EqualTo(_stored.GroupBy(x => x.Int32 % size).Count()));
    }

    [Test]
    public void Count_with_compared_values_is_intercepted_and_a_new_value_gives_new_counts()
    {
        var min = 1;

        var first = _db.Table<AllTypes>().GroupBy(x => x.Bool).Select(g => new { g.Key, Above = g.Count(x => x.Int32 > min), Named = g.Count(x => x.String == "a") }).ToList();
        min = -100;
        var second = _db.Table<AllTypes>().GroupBy(x => x.Bool).Select(g => new { g.Key, Above = g.Count(x => x.Int32 > min), Named = g.Count(x => x.String == "a") }).First();

        Assert.That(Intercepted, Is.EqualTo(2), Seen);
        min = 1;
        Assert.That(first, Is.EquivalentTo(_stored.GroupBy(x => x.Bool).Select(g => new { g.Key, Above = g.Count(x => x.Int32 > min), Named = g.Count(x => x.String == "a") })));
        Assert.That(second.Above, Is.EqualTo(_stored.Count(x => x.Bool == second.Key)), "Every row of the group is above -100.");
    }

    [Test]
    public void A_captured_key_the_result_does_not_read_is_intercepted_and_one_it_reads_runs_on_the_run_time_path()
    {
        var size = 4;

        var counts = _db.Table<AllTypes>().GroupBy(x => x.Int32 / size).Select(g => g.Count()).ToList();
        var keyed = _db.Table<AllTypes>().GroupBy(x => x.Int32 / size).Select(g => new { g.Key, N = g.Count() }).ToList();

        Assert.That(_seen[0].Source, Is.EqualTo(StatementSource.Intercepted), Seen);
        Assert.That(_seen[1].Source, Is.Not.EqualTo(StatementSource.Intercepted), Seen);
        Assert.That(counts, Is.EquivalentTo(_stored.GroupBy(x => x.Int32 / size).Select(g => g.Count())));
        Assert.That(keyed, Is.EquivalentTo(_stored.GroupBy(x => x.Int32 / size).Select(g => new { g.Key, N = g.Count() })));
    }
}
