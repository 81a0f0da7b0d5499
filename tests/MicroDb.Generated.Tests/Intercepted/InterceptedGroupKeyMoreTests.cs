using MicroDb.Conformance;
using MicroDb.Conformance.Models;
using MicroDb.Query;

namespace MicroDb.Generated.Tests.Intercepted;

/// <summary>
/// More group keys lowered at build time (issue 22): string calls (Substring, Trim, Replace), floating-point arithmetic,
/// a conditional choosing a member, more date parts, ordering by bool, enum and Guid key parts, and nullable short and
/// byte Min/Max. Each run is intercepted, gives the run-time path's SQL, values and rows (the interception check) and
/// LINQ-to-Objects' groups over the stored rows, on both mapping paths and storage formats.
/// </summary>
[TestFixture("generated", "microdb")]
[TestFixture("reflection", "microdb")]
[TestFixture("generated", "sqlite-net")]
[TestFixture("reflection", "sqlite-net")]
public class InterceptedGroupKeyMoreTests : InterceptedTestBase
{
    private List<AllTypes> _stored = null!;

    public InterceptedGroupKeyMoreTests(string mapping, string format)
        : base(mapping, format)
    {
    }

    protected override void Seed()
    {
        _db.CreateTable<AllTypes>();
        string[] names = ["Ärger", "Ärmel", " ann ", "ann", "日本語", "日本", "bob", "Bobby"];
        var rows = new List<AllTypes>();
        for (var i = 0; i < names.Length * 2; i++)
        {
            var row = AllTypesSamples.Nulls();
            row.String = names[i % names.Length];
            row.Text = i % 3 == 0 ? "x" : "y";
            row.Int32 = i - 5;
            row.Double = (i - 5) * 0.75;
            row.NDouble = i % 4 == 0 ? null : i * 0.5;
            row.Bool = i % 3 == 0;
            row.Color = (Color)(i % 3 + 1);
            row.ColorText = (Color)(i % 2 + 1);
            row.Guid = new Guid(i % 4 + 1, 0, 0, new byte[8]);
            row.NInt16 = i % 5 == 0 ? null : (short)(i * 3 - 20);
            row.NByte = i % 4 == 1 ? null : (byte)(i * 7);
            row.DateTime = new DateTime(2024, 1 + i % 12, 1 + i, i % 24, i, 0, DateTimeKind.Utc);
            row.DateTimeText = new DateTime(2023 + i % 2, 1 + i % 3, 1 + i, 0, 0, 0, DateTimeKind.Utc);
            rows.Add(row);
        }

        // A double stored as NULL (NaN is written as NULL), which a non-nullable member reads back as 0.
        var nan = AllTypesSamples.Nulls();
        nan.String = "nan";
        nan.Double = double.NaN;
        rows.Add(nan);
        _db.InsertAll(rows);
        _stored = _db.Table<AllTypes>().ToList();
    }

    [Test]
    public void Substring_keys_are_intercepted_and_group_as_linq_does()
    {
        var before = InterceptionCheck.Runs;

        var prefix = _db.Table<AllTypes>().GroupBy(x => x.String!.Substring(0, 2)).OrderBy(g => g.Key).Select(g => new { g.Key, N = g.Count() }).ToList();
        var rest = _db.Table<AllTypes>().GroupBy(x => new { Rest = x.String!.Substring(1), x.Bool }).Select(g => new { g.Key.Rest, g.Key.Bool, N = g.Count() }).ToList();

        Assert.That(Intercepted, Is.EqualTo(2), Seen);
        Assert.That(InterceptionCheck.Runs - before, Is.EqualTo(2));
        Assert.That(prefix, Is.EqualTo(_stored.GroupBy(x => x.String!.Substring(0, 2)).OrderBy(g => g.Key, StringComparer.Ordinal).Select(g => new { g.Key, N = g.Count() }).ToList()));
        Assert.That(rest, Is.EquivalentTo(_stored.GroupBy(x => new { Rest = x.String!.Substring(1), x.Bool }).Select(g => new { g.Key.Rest, g.Key.Bool, N = g.Count() })));
    }

    [Test]
    public void Trim_and_replace_keys_are_intercepted_and_group_as_linq_does()
    {
        var before = InterceptionCheck.Runs;

        var trimmed = _db.Table<AllTypes>().GroupBy(x => x.String!.Trim()).Select(g => new { g.Key, N = g.Count() }).ToList();
        var replaced = _db.Table<AllTypes>().GroupBy(x => x.String!.Replace("b", "B").TrimStart('B')).Select(g => new { g.Key, N = g.Count() }).ToList();

        Assert.That(Intercepted, Is.EqualTo(2), Seen);
        Assert.That(InterceptionCheck.Runs - before, Is.EqualTo(2));
        Assert.That(trimmed, Is.EquivalentTo(_stored.GroupBy(x => x.String!.Trim()).Select(g => new { g.Key, N = g.Count() })));
        Assert.That(replaced, Is.EquivalentTo(_stored.GroupBy(x => x.String!.Replace("b", "B").TrimStart('B')).Select(g => new { g.Key, N = g.Count() })));
    }

    [Test]
    public void Floating_point_arithmetic_keys_are_intercepted()
    {
        var before = InterceptionCheck.Runs;

        var doubled = _db.Table<AllTypes>().GroupBy(x => x.Double * 2).OrderBy(g => g.Key).Select(g => new { g.Key, N = g.Count() }).ToList();
        var nullable = _db.Table<AllTypes>().GroupBy(x => x.NDouble + 1).Select(g => new { g.Key, N = g.Count() }).ToList();
        var either = _db.Table<AllTypes>().GroupBy(x => x.NDouble ?? x.Double).Count();
        var truncated = _db.Table<AllTypes>().GroupBy(x => new { Whole = (int)x.Double, Half = x.Int32 * 0.5 }).Select(g => new { g.Key.Whole, g.Key.Half, N = g.Count() }).ToList();

        Assert.That(Intercepted, Is.EqualTo(4), Seen);
        Assert.That(InterceptionCheck.Runs - before, Is.EqualTo(4));
        Assert.That(either, Is.EqualTo(_stored.GroupBy(x => x.NDouble ?? x.Double).Count()));
        Assert.That(truncated, Is.EquivalentTo(_stored.GroupBy(x => new { Whole = (int)x.Double, Half = x.Int32 * 0.5 }).Select(g => new { g.Key.Whole, g.Key.Half, N = g.Count() })));
        Assert.That(doubled, Is.EqualTo(_stored.GroupBy(x => x.Double * 2).OrderBy(g => g.Key).Select(g => new { g.Key, N = g.Count() }).ToList()));
        Assert.That(nullable, Is.EquivalentTo(_stored.GroupBy(x => x.NDouble + 1).Select(g => new { g.Key, N = g.Count() })));
    }

    [Test]
    public void A_conditional_choosing_a_member_is_intercepted()
    {
        var before = InterceptionCheck.Runs;

        var chosen = _db.Table<AllTypes>().GroupBy(x => x.Int32 > 3 ? x.String : x.Text).Select(g => new { g.Key, N = g.Count() }).ToList();

        Assert.That(Intercepted, Is.EqualTo(1), Seen);
        Assert.That(InterceptionCheck.Runs - before, Is.EqualTo(1));
        Assert.That(chosen, Is.EquivalentTo(_stored.GroupBy(x => x.Int32 > 3 ? x.String : x.Text).Select(g => new { g.Key, N = g.Count() })));
    }

    [Test]
    public void A_conditional_over_a_double_comparison_puts_stored_nulls_where_linq_does()
    {
        var before = InterceptionCheck.Runs;
        var low = -1.0;

        var sides = _db.Table<AllTypes>().GroupBy(x => x.Double > 1.0 ? "up" : "down").Select(g => new { g.Key, N = g.Count() }).ToList();
        var maybe = _db.Table<AllTypes>().GroupBy(x => x.NDouble >= 2 ? x.NDouble : x.Int32 * 0.5).OrderBy(g => g.Key).Select(g => new { g.Key, N = g.Count() }).ToList();

        // 0 > -1 holds, so the stored NULL (read back as 0) is "up"; the result reads a key with a captured value, so this runs on the run-time path.
        var zeroHolds = _db.Table<AllTypes>().GroupBy(x => x.Double > low ? "up" : "down").Select(g => new { g.Key, N = g.Count() }).ToList();

        Assert.That(Intercepted, Is.EqualTo(2), Seen);
        Assert.That(InterceptionCheck.Runs - before, Is.EqualTo(2));
        Assert.That(sides, Is.EquivalentTo(_stored.GroupBy(x => x.Double > 1.0 ? "up" : "down").Select(g => new { g.Key, N = g.Count() })));
        Assert.That(maybe, Is.EqualTo(_stored.GroupBy(x => x.NDouble >= 2 ? x.NDouble : x.Int32 * 0.5).OrderBy(g => g.Key).Select(g => new { g.Key, N = g.Count() }).ToList()));
        Assert.That(zeroHolds, Is.EquivalentTo(_stored.GroupBy(x => x.Double > low ? "up" : "down").Select(g => new { g.Key, N = g.Count() })));
        Assert.That(_seen.Last().Source, Is.EqualTo(StatementSource.Linq));
    }

    [Test]
    public void Day_of_year_keys_are_intercepted()
    {
        var before = InterceptionCheck.Runs;

        var days = _db.Table<AllTypes>().GroupBy(x => x.DateTime.DayOfYear).OrderBy(g => g.Key).Select(g => new { g.Key, N = g.Count() }).ToList();
        var texts = _db.Table<AllTypes>().GroupBy(x => new { x.DateTimeText.DayOfYear, x.Bool }).Select(g => new { g.Key.DayOfYear, g.Key.Bool, N = g.Count() }).ToList();

        Assert.That(Intercepted, Is.EqualTo(2), Seen);
        Assert.That(InterceptionCheck.Runs - before, Is.EqualTo(2));
        Assert.That(days, Is.EqualTo(_stored.GroupBy(x => x.DateTime.DayOfYear).OrderBy(g => g.Key).Select(g => new { g.Key, N = g.Count() }).ToList()));
        Assert.That(texts, Is.EquivalentTo(_stored.GroupBy(x => new { x.DateTimeText.DayOfYear, x.Bool }).Select(g => new { g.Key.DayOfYear, g.Key.Bool, N = g.Count() })));
    }

    [Test]
    public void Keys_the_run_time_refuses_throw_naming_the_member()
    {
        var time = Assert.Throws<NotSupportedException>(() => _db.Table<AllTypes>().GroupBy(x => x.DateTime.TimeOfDay).Select(g => new { g.Key, N = g.Count() }).ToList());
        var named = Assert.Throws<NotSupportedException>(() => _db.Table<AllTypes>().GroupBy(x => x.ColorText).Select(g => new { g.Key, N = g.Count() }).ToList());

        Assert.That(time!.Message, Does.Contain("TimeOfDay"));
        Assert.That(named!.Message, Does.Contain("ColorText"));
        Assert.That(Intercepted, Is.EqualTo(0), Seen);
        Assert.That(_db.Table<AllTypes>().Count(), Is.EqualTo(_stored.Count), "Nothing stored is lost.");
    }

    [Test]
    public void Computed_keys_over_an_empty_table_give_no_groups()
    {
        _db.DeleteAll<AllTypes>();
        var before = InterceptionCheck.Runs;

        var prefix = _db.Table<AllTypes>().GroupBy(x => x.String!.Substring(0, 2)).Select(g => new { g.Key, N = g.Count() }).ToList();
        var count = _db.Table<AllTypes>().GroupBy(x => x.Double * 2).Count();

        Assert.That(Intercepted, Is.EqualTo(2), Seen);
        Assert.That(InterceptionCheck.Runs - before, Is.EqualTo(2));
        Assert.That(prefix, Is.Empty);
        Assert.That(count, Is.EqualTo(0));
    }

    [Test]
    public void A_computed_key_with_captured_values_is_read_by_the_result()
    {
        var before = InterceptionCheck.Runs;
        var size = 4;
        var start = 1;
        var fallback = "none";

        var buckets = _db.Table<AllTypes>().GroupBy(x => x.Int32 / size).OrderBy(g => g.Key).Select(g => new { g.Key, N = g.Count() }).ToList();
        var parts = _db.Table<AllTypes>().GroupBy(x => new { Rest = x.String!.Substring(start), Side = x.Int32 > size ? x.Text : fallback }).Select(g => g.Key).ToList();
        var first = _db.Table<AllTypes>().GroupBy(x => x.Int32 % size).OrderByDescending(g => g.Key).Select(g => new { g.Key, N = g.Count() }).First();

        Assert.That(Intercepted, Is.EqualTo(3), Seen);
        Assert.That(InterceptionCheck.Runs - before, Is.EqualTo(3));
        Assert.That(buckets, Is.EqualTo(_stored.GroupBy(x => x.Int32 / size).OrderBy(g => g.Key).Select(g => new { g.Key, N = g.Count() }).ToList()));
        Assert.That(buckets.First().Key, Is.EqualTo(-1), "-5 / 4 truncates toward zero, as in C#.");
        Assert.That(parts, Is.EquivalentTo(_stored.GroupBy(x => new { Rest = x.String!.Substring(start), Side = x.Int32 > size ? x.Text : fallback }).Select(g => g.Key)));
        Assert.That(first, Is.EqualTo(_stored.GroupBy(x => x.Int32 % size).OrderByDescending(g => g.Key).Select(g => new { g.Key, N = g.Count() }).First()));
    }

    [Test]
    public void Ordering_by_bool_enum_and_guid_key_parts_is_intercepted()
    {
        var before = InterceptionCheck.Runs;

        var ordered = _db.Table<AllTypes>().GroupBy(x => new { x.Bool, x.Color, x.Guid }).OrderBy(g => g.Key.Bool).ThenByDescending(g => g.Key.Color).ThenBy(g => g.Key.Guid)
            .Select(g => new { g.Key.Bool, g.Key.Color, g.Key.Guid, N = g.Count() }).ToList();

        Assert.That(Intercepted, Is.EqualTo(1), Seen);
        Assert.That(InterceptionCheck.Runs - before, Is.EqualTo(1));
        Assert.That(ordered, Is.EqualTo(_stored.GroupBy(x => new { x.Bool, x.Color, x.Guid }).OrderBy(g => g.Key.Bool).ThenByDescending(g => g.Key.Color).ThenBy(g => g.Key.Guid)
            .Select(g => new { g.Key.Bool, g.Key.Color, g.Key.Guid, N = g.Count() }).ToList()));
    }

    [Test]
    public void Nullable_short_and_byte_min_and_max_are_intercepted()
    {
        var before = InterceptionCheck.Runs;

        var extremes = _db.Table<AllTypes>().GroupBy(x => x.Bool).Select(g => new { g.Key, Low = g.Min(x => x.NInt16), High = g.Max(x => x.NByte) }).ToList();
        var ordered = _db.Table<AllTypes>().GroupBy(x => x.Int32 % 4).OrderBy(g => g.Min(x => x.NInt16)).ThenByDescending(g => g.Max(x => x.NByte))
            .Select(g => new { g.Key, Low = g.Min(x => x.NInt16), High = g.Max(x => x.NByte) }).ToList();

        Assert.That(Intercepted, Is.EqualTo(2), Seen);
        Assert.That(InterceptionCheck.Runs - before, Is.EqualTo(2));
        Assert.That(extremes, Is.EquivalentTo(_stored.GroupBy(x => x.Bool).Select(g => new { g.Key, Low = g.Min(x => x.NInt16), High = g.Max(x => x.NByte) })));
        Assert.That(ordered, Is.EqualTo(_stored.GroupBy(x => x.Int32 % 4).OrderBy(g => g.Min(x => x.NInt16)).ThenByDescending(g => g.Max(x => x.NByte))
            .Select(g => new { g.Key, Low = g.Min(x => x.NInt16), High = g.Max(x => x.NByte) }).ToList()));
    }
}
