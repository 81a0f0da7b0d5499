using MicroDb.Conformance;
using MicroDb.Conformance.Models;
using MicroDb.Query;

namespace MicroDb.Generated.Tests.Intercepted;

/// <summary>
/// The one build-time condition lowering on nullable members and comparisons with null (issue 22): IS NULL / IS NOT
/// NULL, lifted equality as IS / IS NOT and lifted ordering guarded by IS NOT NULL, in one table's Where, a join's Where
/// and a Where before GroupBy. Each run is intercepted (the check compares it with the run-time path's SQL, values and
/// rows) and gives LINQ-to-Objects' rows, on both mapping paths and storage formats.
/// </summary>
[TestFixture("generated", "microdb")]
[TestFixture("generated", "sqlite-net")]
[TestFixture("reflection", "microdb")]
[TestFixture("reflection", "sqlite-net")]
public class InterceptedConditionTests : InterceptedTestBase
{
    private static readonly Guid One = Guid.Parse("0b9c1a3e-8f5d-4e1b-9a7c-2d4e6f8a0b1c");

    private List<AllTypes> _rows = null!;

    private List<JoinLine> _lines = null!;

    private int _intercepted;

    public InterceptedConditionTests(string mapping, string format)
        : base(mapping, format)
    {
    }

    protected override void Seed()
    {
        _intercepted = 0;
        _db.CreateTable<AllTypes>();
        _db.CreateTable<JoinLine>();
        _db.InsertAll(new[]
        {
            Row(1, null, null, null, null, null, 0, null, 0f, null),
            Row(2, 0, true, Color.Red, One, "a", double.NaN, double.NaN, float.NaN, 0f),
            Row(3, 5, false, Color.Green, null, null, 1.5, 1.5, 1.5f, 1.5f),
            Row(4, -3, null, Color.Blue, One, "b", -2.25, -2.25, -2.25f, float.NaN),
            Row(5, int.MaxValue, true, null, Guid.Empty, "", double.MaxValue, 0, float.MaxValue, -1f),
            Row(5, 5, false, Color.Red, null, "c", 0.1 + 0.2, double.Epsilon, 2f, null),
        });
        _db.InsertAll(new[]
        {
            new JoinLine { OrderId = 2, Sku = "a", Quantity = 1 },
            new JoinLine { OrderId = 3, Sku = "b", Quantity = 2 },
            new JoinLine { OrderId = 4, Sku = "c", Quantity = 3 },
            new JoinLine { OrderId = 5, Sku = "d", Quantity = 4 },
        });
        _rows = _db.Table<AllTypes>().ToList();
        _lines = _db.Table<JoinLine>().ToList();
    }

    [Test]
    public void Comparisons_with_null_are_intercepted_as_is_null()
    {
        var before = InterceptionCheck.Runs;

        Same(_db.Table<AllTypes>().Where(x => x.NInt32 == null).ToList(), _rows.Where(x => x.NInt32 == null));
        Same(_db.Table<AllTypes>().Where(x => null != x.NGuid).ToList(), _rows.Where(x => null != x.NGuid));
        Same(_db.Table<AllTypes>().Where(x => x.String == null || x.NColor != null).ToList(), _rows.Where(x => x.String == null || x.NColor != null));
        Same(_db.Table<AllTypes>().Where(x => x.NDateTime == null && x.NDecimal == null && x.NDouble == null).ToList(), _rows.Where(x => x.NDateTime == null && x.NDecimal == null && x.NDouble == null));
        Assert.That(_db.Table<AllTypes>().Count(x => x.NBool != null), Is.EqualTo(_rows.Count(x => x.NBool != null)));

        Assert.That(Intercepted, Is.EqualTo(5), Seen);
        Assert.That(Sql(0), Does.EndWith("WHERE (\"NInt32\" IS NULL)"));
        Assert.That(Sql(1), Does.EndWith("WHERE (\"NGuid\" IS NOT NULL)"));
        Assert.That(InterceptionCheck.Runs - before, Is.EqualTo(5), "The check compared each intercepted run with the run-time path.");
    }

    [Test]
    public void Lifted_comparisons_of_nullable_members_are_intercepted_and_match_linq()
    {
        var five = 5;
        int? maybe = 5;
        var low = -3;
        var red = Color.Red;
        var one = One;

        Same(_db.Table<AllTypes>().Where(x => x.NInt32 == five).ToList(), _rows.Where(x => x.NInt32 == five));
        Same(_db.Table<AllTypes>().Where(x => x.NInt32 != five).ToList(), _rows.Where(x => x.NInt32 != five));
        Same(_db.Table<AllTypes>().Where(x => x.NInt32 > low).ToList(), _rows.Where(x => x.NInt32 > low));
        Same(_db.Table<AllTypes>().Where(x => 0 >= x.NInt32).ToList(), _rows.Where(x => 0 >= x.NInt32));
        Same(_db.Table<AllTypes>().Where(x => x.NInt32 <= int.MaxValue).ToList(), _rows.Where(x => x.NInt32 <= int.MaxValue));
        Same(_db.Table<AllTypes>().Where(x => x.Int32 == maybe).ToList(), _rows.Where(x => x.Int32 == maybe));
        Same(_db.Table<AllTypes>().Where(x => x.Int32 < maybe).ToList(), _rows.Where(x => x.Int32 < maybe));
        Same(_db.Table<AllTypes>().Where(x => x.NBool == true || x.NColor != red).ToList(), _rows.Where(x => x.NBool == true || x.NColor != red));
        Same(_db.Table<AllTypes>().Where(x => x.NBool != false && !(x.NGuid == one)).ToList(), _rows.Where(x => x.NBool != false && !(x.NGuid == one)));

        Assert.That(Intercepted, Is.EqualTo(9), Seen);
        Assert.That(Sql(2), Does.EndWith("WHERE (\"NInt32\" IS NOT NULL AND \"NInt32\" > ?)"));
        Assert.That(Sql(1), Does.EndWith("WHERE (\"NInt32\" IS NOT ?)"));
    }

    [Test]
    public void A_null_captured_value_runs_on_the_run_time_path()
    {
        int? none = null;

        var equal = _db.Table<AllTypes>().Where(x => x.NInt32 == none).ToList();
        var order = _db.Table<AllTypes>().Where(x => x.NInt32 > none).ToList();

        Assert.That(Intercepted, Is.EqualTo(0), Seen);
        Same(equal, _rows.Where(x => x.NInt32 == none), intercepted: false);
        Assert.That(order, Is.Empty);
    }

    [Test]
    public void Nullable_conditions_hold_in_a_joins_where_and_before_group_by()
    {
        var before = InterceptionCheck.Runs;
        var low = 0;
        var red = Color.Red;

        var joined = _db.Table<AllTypes>().Join(_db.Table<JoinLine>(), x => x.Int32, l => l.OrderId, (x, l) => new { x.Id, x.NInt32, x.NColor, l.Quantity })
            .Where(r => r.NInt32 != null && r.NInt32 >= low && r.NColor != red).ToList();
        var grouped = _db.Table<AllTypes>().Where(x => x.NInt32 != null && x.NBool != true).GroupBy(x => x.Int32).Select(g => new { g.Key, N = g.Count() }).ToList();

        Assert.That(Intercepted, Is.EqualTo(2), Seen);
        Assert.That(InterceptionCheck.Runs - before, Is.EqualTo(2), "The check compared each intercepted run with the run-time path.");
        Assert.That(joined, Is.EquivalentTo(_rows.Join(_lines, x => x.Int32, l => l.OrderId, (x, l) => new { x.Id, x.NInt32, x.NColor, l.Quantity })
            .Where(r => r.NInt32 != null && r.NInt32 >= low && r.NColor != red)));
        Assert.That(joined, Is.Not.Empty);
        Assert.That(grouped, Is.EquivalentTo(_rows.Where(x => x.NInt32 != null && x.NBool != true).GroupBy(x => x.Int32).Select(g => new { g.Key, N = g.Count() })));
        Assert.That(grouped, Is.Not.Empty);
    }

    [Test]
    public void Double_and_float_members_are_intercepted_and_match_linq()
    {
        var low = 0.5;
        var high = 1.5;
        var single = 1.5f;

        Same(_db.Table<AllTypes>().Where(x => x.Double > low).ToList(), _rows.Where(x => x.Double > low));
        Same(_db.Table<AllTypes>().Where(x => high >= x.Double).ToList(), _rows.Where(x => high >= x.Double));
        Same(_db.Table<AllTypes>().Where(x => x.Double >= -1).ToList(), _rows.Where(x => x.Double >= -1));
        Same(_db.Table<AllTypes>().Where(x => x.Double == 0).ToList(), _rows.Where(x => x.Double == 0));
        Same(_db.Table<AllTypes>().Where(x => x.Double != 0.1 + 0.2).ToList(), _rows.Where(x => x.Double != 0.1 + 0.2));
        Same(_db.Table<AllTypes>().Where(x => x.Single == single || x.Single < -2f).ToList(), _rows.Where(x => x.Single == single || x.Single < -2f));
        Same(_db.Table<AllTypes>().Where(x => x.NDouble < high).ToList(), _rows.Where(x => x.NDouble < high));
        Same(_db.Table<AllTypes>().Where(x => x.NDouble == 0 || x.NDouble != x.NDouble).ToList(), _rows.Where(x => x.NDouble == 0 || x.NDouble != x.NDouble));
        Same(_db.Table<AllTypes>().Where(x => 0f <= x.NSingle).ToList(), _rows.Where(x => 0f <= x.NSingle));
        Same(_db.Table<AllTypes>().Where(x => x.NSingle != single).ToList(), _rows.Where(x => x.NSingle != single));
        Same(_db.Table<AllTypes>().Where(x => x.Double >= double.MaxValue).ToList(), _rows.Where(x => x.Double >= double.MaxValue));
        Assert.That(Sql(0), Does.EndWith("WHERE ((\"Double\" IS NOT NULL AND \"Double\" > ?))"));
    }

    [Test]
    public void A_double_value_the_sql_was_not_written_for_runs_on_the_run_time_path()
    {
        // x.Double > low was written for values where 0 > low is false: a negative value includes the stored NULLs (read as 0).
        var low = -1.0;
        var nan = double.NaN;

        Same(_db.Table<AllTypes>().Where(x => x.Double > low).ToList(), _rows.Where(x => x.Double > low), intercepted: false);
        Same(_db.Table<AllTypes>().Where(x => x.Double == nan).ToList(), _rows.Where(x => x.Double == nan), intercepted: false);
        Same(_db.Table<AllTypes>().Where(x => x.NDouble != nan).ToList(), _rows.Where(x => x.NDouble != nan), intercepted: false);
        Assert.That(_rows.Where(x => x.Double > low).Any(x => x.Double == 0), Is.True, "A stored NULL reads back as 0, which is above the value.");
    }

    [Test]
    public void Double_conditions_hold_in_a_joins_where_and_before_group_by()
    {
        var before = InterceptionCheck.Runs;
        var low = -1.0;
        var high = 1.0;

        var joined = _db.Table<AllTypes>().Join(_db.Table<JoinLine>(), x => x.Int32, l => l.OrderId, (x, l) => new { x.Id, x.Double, x.NDouble, l.Quantity })
            .Where(r => r.Double < high && r.NDouble != null).ToList();
        var grouped = _db.Table<AllTypes>().Where(x => x.Double >= -1 && x.NSingle < 1f).GroupBy(x => x.Int32).Select(g => new { g.Key, N = g.Count() }).ToList();
        var fallback = _db.Table<AllTypes>().Where(x => x.Double > low).GroupBy(x => x.Int32).Select(g => new { g.Key, N = g.Count() }).ToList();

        Assert.That(Intercepted, Is.EqualTo(2), Seen);
        Assert.That(InterceptionCheck.Runs - before, Is.EqualTo(2), "The check compared each intercepted run with the run-time path.");
        Assert.That(joined, Is.EquivalentTo(_rows.Join(_lines, x => x.Int32, l => l.OrderId, (x, l) => new { x.Id, x.Double, x.NDouble, l.Quantity })
            .Where(r => r.Double < high && r.NDouble != null)));
        Assert.That(joined, Is.Not.Empty);
        Assert.That(grouped, Is.EquivalentTo(_rows.Where(x => x.Double >= -1 && x.NSingle < 1f).GroupBy(x => x.Int32).Select(g => new { g.Key, N = g.Count() })));
        Assert.That(grouped, Is.Not.Empty);
        Assert.That(fallback, Is.EquivalentTo(_rows.Where(x => x.Double > low).GroupBy(x => x.Int32).Select(g => new { g.Key, N = g.Count() })));
    }

    [Test]
    public void Nullable_and_double_conditions_hold_in_a_sub_querys_where()
    {
        var before = InterceptionCheck.Runs;
        var low = 0.5;

        var lines = _db.Table<JoinLine>().Where(l => _db.Table<AllTypes>().Any(x => x.Int32 == l.OrderId && x.Double > low && x.NInt32 != null && x.NDecimal == null)).ToList();

        Assert.That(Intercepted, Is.EqualTo(1), Seen);
        Assert.That(InterceptionCheck.Runs - before, Is.EqualTo(1), "The check compared the intercepted run with the run-time path.");
        Assert.That(lines.Select(l => l.Id), Is.EqualTo(_lines.Where(l => _rows.Any(x => x.Int32 == l.OrderId && x.Double > low && x.NInt32 != null && x.NDecimal == null)).Select(l => l.Id)));
        Assert.That(lines, Is.Not.Empty);
    }

    [Test]
    public void Ulong_equality_is_intercepted_at_the_bit_pattern_boundaries()
    {
        var rows = new[] { 0UL, 1UL, (ulong)long.MaxValue, 1UL << 63, ulong.MaxValue, ulong.MaxValue };
        foreach (var value in rows)
        {
            var row = AllTypesSamples.Nulls();
            row.UInt64 = value;
            row.NUInt64 = value == 1 ? null : value;
            _db.Insert(row);
        }

        _rows = _db.Table<AllTypes>().ToList();
        _seen.Clear();
        _intercepted = 0;
        foreach (var value in rows.Append(2UL))
        {
            Same(_db.Table<AllTypes>().Where(x => x.UInt64 == value).ToList(), _rows.Where(x => x.UInt64 == value));
            Same(_db.Table<AllTypes>().Where(x => x.NUInt64 != value).ToList(), _rows.Where(x => x.NUInt64 != value));
        }

        Same(_db.Table<AllTypes>().Where(x => x.UInt64 == ulong.MaxValue).ToList(), _rows.Where(x => x.UInt64 == ulong.MaxValue));
        Assert.That(_rows.Count(x => x.UInt64 == ulong.MaxValue), Is.EqualTo(2));
    }

    private void Same(List<AllTypes> actual, IEnumerable<AllTypes> expected, bool intercepted = true)
    {
        // One more statement ran through an interceptor (the check's run-time statement is recorded too, as Linq).
        Assert.That(Intercepted, Is.EqualTo(intercepted ? ++_intercepted : _intercepted), Seen);
        Assert.That(actual.Select(x => x.Id), Is.EqualTo(expected.Select(x => x.Id)), Seen);
    }

    private string Sql(int index) => _seen.Where(s => s.Source == StatementSource.Intercepted).ElementAt(index).Sql;

    private static AllTypes Row(int number, int? maybe, bool? flag, Color? color, Guid? guid, string? text, double real, double? nReal, float single, float? nSingle)
    {
        var row = AllTypesSamples.Nulls();
        row.Int32 = number;
        row.NInt32 = maybe;
        row.NBool = flag;
        row.NColor = color;
        row.NGuid = guid;
        row.String = text;
        row.Double = real;
        row.NDouble = nReal;
        row.Single = single;
        row.NSingle = nSingle;
        return row;
    }
}
