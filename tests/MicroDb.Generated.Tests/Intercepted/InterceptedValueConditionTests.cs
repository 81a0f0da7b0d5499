using MicroDb.Conformance;
using MicroDb.Conformance.Models;
using MicroDb.Query;

namespace MicroDb.Generated.Tests.Intercepted;

/// <summary>
/// Build-time conditions over values (issue 22): decimal members ordered against values (exact, beyond double's precision),
/// ulong ordering above long.MaxValue, a float member against a double value and a double member against a nullable value,
/// two members of the row compared, and integer and double arithmetic, in one table's Where, a join's Where and a Where
/// before GroupBy. Each intercepted run is compared with the run-time path (SQL, values, rows) and gives LINQ-to-Objects'
/// rows, on both mapping paths and storage formats.
/// </summary>
[TestFixture("generated", "microdb")]
[TestFixture("generated", "sqlite-net")]
[TestFixture("reflection", "microdb")]
[TestFixture("reflection", "sqlite-net")]
public class InterceptedValueConditionTests : InterceptedTestBase
{
    private List<AllTypes> _rows = null!;

    private List<JoinLine> _lines = null!;

    private int _intercepted;

    public InterceptedValueConditionTests(string mapping, string format)
        : base(mapping, format)
    {
    }

    /// <summary>Decimal comparisons are intercepted under MicroDb's format; sqlite-net's (REAL, 15 digits) takes the run-time path.</summary>
    private bool Exact => _format == "microdb";

    protected override void Seed()
    {
        _intercepted = 0;
        _db.CreateTable<AllTypes>();
        _db.CreateTable<JoinLine>();
        // sqlite-net's format stores a decimal as REAL, which cannot read decimal.MaxValue back.
        var largest = Exact ? decimal.MaxValue : 1e20m;
        _db.InsertAll(new[]
        {
            Row(1, null, -7, 0.3m, null, 0, null, 1.5, null, 1.5f, null, "a"),
            Row(-7, 2, -7, largest, 1.00m, ulong.MaxValue, 9223372036854775808UL, -2.5, -2.5, 2f, "a", "a"),
            Row(5, 5, 10, -1.0m, 1.0m, 5, long.MaxValue, 0, 3, -1f, "b", "b"),
            Row(-3, -4, 0, 0.30000000000000001m, -0.5m, long.MaxValue, 0, 7, 7, 7f, null, "c"),
            Row(8, null, 8, 0.29999999999999999m, null, 18446744073709551000UL, null, double.NaN, null, 0f, "d", "e"),
        });
        _db.InsertAll(new[]
        {
            new JoinLine { OrderId = 1, Sku = "a", Quantity = 1 },
            new JoinLine { OrderId = -7, Sku = "b", Quantity = 2 },
            new JoinLine { OrderId = 5, Sku = "c", Quantity = 3 },
            new JoinLine { OrderId = -3, Sku = "d", Quantity = 4 },
            new JoinLine { OrderId = 8, Sku = "e", Quantity = 5 },
        });
        _rows = _db.Table<AllTypes>().ToList();
        _lines = _db.Table<JoinLine>().ToList();
    }

    [Test]
    public void Decimal_members_ordered_against_values_are_exact_and_match_linq()
    {
        var before = InterceptionCheck.Runs;
        var sum = 0.1m + 0.2m;
        var count = 0;
        var scaled = 1.00m;

        Same(_db.Table<AllTypes>().Where(x => x.Decimal > 0.3m).ToList(), _rows.Where(x => x.Decimal > 0.3m), Exact);
        Same(_db.Table<AllTypes>().Where(x => x.Decimal >= sum).ToList(), _rows.Where(x => x.Decimal >= sum), Exact);
        Same(_db.Table<AllTypes>().Where(x => sum > x.Decimal).ToList(), _rows.Where(x => sum > x.Decimal), Exact);
        Same(_db.Table<AllTypes>().Where(x => x.Decimal >= 79228162514264337593543950335m).ToList(), _rows.Where(x => x.Decimal >= 79228162514264337593543950335m), Exact);
        Same(_db.Table<AllTypes>().Where(x => x.Decimal < count).ToList(), _rows.Where(x => x.Decimal < count), Exact);
        Same(_db.Table<AllTypes>().Where(x => x.Decimal <= 0).ToList(), _rows.Where(x => x.Decimal <= 0), Exact);
        Same(_db.Table<AllTypes>().Where(x => x.NDecimal >= scaled).ToList(), _rows.Where(x => x.NDecimal >= scaled), Exact);
        Same(_db.Table<AllTypes>().Where(x => 1.0m > x.NDecimal || x.NDecimal == null).ToList(), _rows.Where(x => 1.0m > x.NDecimal || x.NDecimal == null), Exact);

        Assert.That(_rows.Count(x => x.Decimal >= sum), Is.EqualTo(Exact ? 3 : 4), "0.29999999999999999m is below 0.3m; REAL storage rounds it to 0.3.");
        Assert.That(InterceptionCheck.Runs - before, Is.EqualTo(Intercepted), "The check compared each intercepted run with the run-time path.");
        if (Exact)
        {
            Assert.That(Sql(0), Does.EndWith(" > ?)"));
            Assert.That(Sql(6), Does.Contain("WHERE (CAST(\"NDecimal\" AS REAL) IS NOT NULL AND (CASE WHEN substr(\"NDecimal\", 1, 1) = '-'"));
        }
    }

    [Test]
    public void Decimal_equality_is_intercepted_under_microdbs_format()
    {
        var value = 1.0m;

        Same(_db.Table<AllTypes>().Where(x => x.NDecimal == value).ToList(), _rows.Where(x => x.NDecimal == value), intercepted: Exact);
    }

    [Test]
    public void Ulong_members_ordered_against_values_above_long_max_value_match_linq()
    {
        var before = InterceptionCheck.Runs;
        var five = 5UL;
        var limit = long.MaxValue + 1UL;

        Same(_db.Table<AllTypes>().Where(x => x.UInt64 > five).ToList(), _rows.Where(x => x.UInt64 > five));
        Same(_db.Table<AllTypes>().Where(x => x.UInt64 >= 9223372036854775808UL).ToList(), _rows.Where(x => x.UInt64 >= 9223372036854775808UL));
        Same(_db.Table<AllTypes>().Where(x => x.UInt64 < 18446744073709551000UL).ToList(), _rows.Where(x => x.UInt64 < 18446744073709551000UL));
        Same(_db.Table<AllTypes>().Where(x => five >= x.NUInt64).ToList(), _rows.Where(x => five >= x.NUInt64));
        Same(_db.Table<AllTypes>().Where(x => x.NUInt64 > 9223372036854775807UL).ToList(), _rows.Where(x => x.NUInt64 > 9223372036854775807UL));

        // Written for a captured value up to long.MaxValue: one above it takes the run-time path.
        Same(_db.Table<AllTypes>().Where(x => x.UInt64 > limit).ToList(), _rows.Where(x => x.UInt64 > limit), intercepted: false);
        Assert.That(InterceptionCheck.Runs - before, Is.EqualTo(5), "The check compared each intercepted run with the run-time path.");
        Assert.That(Sql(0), Does.EndWith("WHERE ((\"UInt64\" > ? OR \"UInt64\" < 0))"));
    }

    [Test]
    public void Float_and_double_members_against_values_of_another_type_or_nullability_match_linq()
    {
        double? maybe = 1.0;
        double? zero = 0;
        double? exact = 1.5;

        Same(_db.Table<AllTypes>().Where(x => x.Single > 1.5).ToList(), _rows.Where(x => x.Single > 1.5));
        Same(_db.Table<AllTypes>().Where(x => x.Single == 2.0).ToList(), _rows.Where(x => x.Single == 2.0));
        Same(_db.Table<AllTypes>().Where(x => x.Double > maybe).ToList(), _rows.Where(x => x.Double > maybe));
        Same(_db.Table<AllTypes>().Where(x => x.Double == exact).ToList(), _rows.Where(x => x.Double == exact));

        // Written for a value where 0 == value is false (a stored NULL reads back as 0): 0 takes the run-time path.
        Same(_db.Table<AllTypes>().Where(x => x.Double == zero).ToList(), _rows.Where(x => x.Double == zero), intercepted: false);
        Same(_db.Table<AllTypes>().Where(x => x.NSingle < 1.5).ToList(), _rows.Where(x => x.NSingle < 1.5));
        Assert.That(Sql(2), Does.EndWith("WHERE ((\"Double\" IS NOT NULL AND \"Double\" > ?))"));
    }

    [Test]
    public void Two_members_of_the_row_compared_match_linq()
    {
        var before = InterceptionCheck.Runs;

        Same(_db.Table<AllTypes>().Where(x => x.Int32 < x.Int64).ToList(), _rows.Where(x => x.Int32 < x.Int64));
        Same(_db.Table<AllTypes>().Where(x => x.Int32 == x.NInt32).ToList(), _rows.Where(x => x.Int32 == x.NInt32));
        Same(_db.Table<AllTypes>().Where(x => x.NInt32 != x.Int32).ToList(), _rows.Where(x => x.NInt32 != x.Int32));
        Same(_db.Table<AllTypes>().Where(x => x.NInt32 >= x.Int32).ToList(), _rows.Where(x => x.NInt32 >= x.Int32));
        Same(_db.Table<AllTypes>().Where(x => x.String == x.Text).ToList(), _rows.Where(x => x.String == x.Text));
        Same(_db.Table<AllTypes>().Where(x => x.Text != x.String).ToList(), _rows.Where(x => x.Text != x.String));
        Same(_db.Table<AllTypes>().Where(x => x.Double > x.NDouble || x.NDouble == x.Int64).ToList(), _rows.Where(x => x.Double > x.NDouble || x.NDouble == x.Int64));
        Same(_db.Table<AllTypes>().Where(x => x.Int32 <= x.Double).ToList(), _rows.Where(x => x.Int32 <= x.Double));

        Assert.That(InterceptionCheck.Runs - before, Is.EqualTo(8), "The check compared each intercepted run with the run-time path.");
        Assert.That(Sql(0), Does.EndWith("WHERE (\"Int32\" < \"Int64\")"));
        Assert.That(Sql(1), Does.EndWith("WHERE (\"Int32\" IS \"NInt32\")"));
    }

    [Test]
    public void Arithmetic_in_conditions_matches_linq_with_negative_division_and_remainder()
    {
        var before = InterceptionCheck.Runs;
        var min = 2;
        var factor = 2.0;
        var threshold = 3.0;

        Same(_db.Table<AllTypes>().Where(x => x.Int32 + 1 >= min).ToList(), _rows.Where(x => x.Int32 + 1 >= min));
        Same(_db.Table<AllTypes>().Where(x => x.Int64 % 2 == -1).ToList(), _rows.Where(x => x.Int64 % 2 == -1));
        Same(_db.Table<AllTypes>().Where(x => x.Int32 / 2 == -3).ToList(), _rows.Where(x => x.Int32 / 2 == -3));
        Same(_db.Table<AllTypes>().Where(x => -x.Int32 > 2).ToList(), _rows.Where(x => -x.Int32 > 2));
        Same(_db.Table<AllTypes>().Where(x => x.Int32 * x.Double > threshold).ToList(), _rows.Where(x => x.Int32 * x.Double > threshold));
        Same(_db.Table<AllTypes>().Where(x => x.Double * factor <= threshold).ToList(), _rows.Where(x => x.Double * factor <= threshold));
        Same(_db.Table<AllTypes>().Where(x => x.NInt32 + 1 > 3).ToList(), _rows.Where(x => x.NInt32 + 1 > 3));
        Same(_db.Table<AllTypes>().Where(x => x.Int32 % x.NInt32 == -1).ToList(), _rows.Where(x => x.Int32 % x.NInt32 == -1));
        Same(_db.Table<AllTypes>().Where(x => 10 < x.Int64 * 2).ToList(), _rows.Where(x => 10 < x.Int64 * 2));

        Assert.That(InterceptionCheck.Runs - before, Is.EqualTo(9), "The check compared each intercepted run with the run-time path.");
        Assert.That(Sql(0), Does.EndWith("WHERE ((\"Int32\" + ?) >= ?)"));
        Assert.That(_rows.Where(x => x.Int64 % 2 == -1), Is.Not.Empty);
        Assert.That(_rows.Where(x => x.Int32 / 2 == -3), Is.Not.Empty);
    }

    [Test]
    public void A_nan_compared_with_computed_doubles_runs_on_the_run_time_path()
    {
        var nan = double.NaN;

        Same(_db.Table<AllTypes>().Where(x => x.Double * 2 > nan).ToList(), _rows.Where(x => x.Double * 2 > nan), intercepted: false);
        Same(_db.Table<AllTypes>().Where(x => x.Double + 1 != nan).ToList(), _rows.Where(x => x.Double + 1 != nan), intercepted: false);
    }

    [Test]
    public void Value_conditions_hold_in_a_joins_where_and_before_group_by()
    {
        var before = InterceptionCheck.Runs;
        var low = 0.3m;

        var joined = _db.Table<AllTypes>().Join(_db.Table<JoinLine>(), x => x.Int32, l => l.OrderId, (x, l) => new { x.Id, x.Int64, x.UInt64, l.Quantity })
            .Where(r => r.Quantity < r.Int64 + 3 && r.Quantity % 2 == 1 && r.UInt64 > 5UL).ToList();
        var grouped = _db.Table<AllTypes>().Where(x => x.Int32 % 2 != 0 && x.Int32 <= x.Int64 * 2).GroupBy(x => x.Text).Select(g => new { g.Key, N = g.Count() }).ToList();
        var decimals = _db.Table<AllTypes>().Join(_db.Table<JoinLine>(), x => x.Int32, l => l.OrderId, (x, l) => new { x.Id, x.Decimal, l.Quantity })
            .Where(r => r.Decimal >= low).ToList();
        var groupedDecimals = _db.Table<AllTypes>().Where(x => x.Decimal > low).GroupBy(x => x.Text).Select(g => new { g.Key, N = g.Count() }).ToList();

        Assert.That(Intercepted, Is.EqualTo(Exact ? 4 : 2), Seen);
        Assert.That(InterceptionCheck.Runs - before, Is.EqualTo(Intercepted), "The check compared each intercepted run with the run-time path.");
        Assert.That(joined, Is.EquivalentTo(_rows.Join(_lines, x => x.Int32, l => l.OrderId, (x, l) => new { x.Id, x.Int64, x.UInt64, l.Quantity })
            .Where(r => r.Quantity < r.Int64 + 3 && r.Quantity % 2 == 1 && r.UInt64 > 5UL)));
        Assert.That(joined, Is.Not.Empty);
        Assert.That(grouped, Is.EquivalentTo(_rows.Where(x => x.Int32 % 2 != 0 && x.Int32 <= x.Int64 * 2).GroupBy(x => x.Text).Select(g => new { g.Key, N = g.Count() })));
        Assert.That(grouped, Is.Not.Empty);
        Assert.That(decimals, Is.EquivalentTo(_rows.Join(_lines, x => x.Int32, l => l.OrderId, (x, l) => new { x.Id, x.Decimal, l.Quantity }).Where(r => r.Decimal >= low)));
        Assert.That(decimals, Is.Not.Empty);
        Assert.That(groupedDecimals, Is.EquivalentTo(_rows.Where(x => x.Decimal > low).GroupBy(x => x.Text).Select(g => new { g.Key, N = g.Count() })));
        Assert.That(groupedDecimals, Is.Not.Empty);
    }

    private void Same(List<AllTypes> actual, IEnumerable<AllTypes> expected, bool intercepted = true)
    {
        // One more statement ran through an interceptor (the check's run-time statement is recorded too, as Linq).
        Assert.That(Intercepted, Is.EqualTo(intercepted ? ++_intercepted : _intercepted), Seen);
        Assert.That(actual.Select(x => x.Id), Is.EqualTo(expected.Select(x => x.Id)), Seen);
    }

    private string Sql(int index) => _seen.Where(s => s.Source == StatementSource.Intercepted).ElementAt(index).Sql;

    private static AllTypes Row(int number, int? maybe, long wide, decimal exact, decimal? maybeExact, ulong big, ulong? maybeBig, double real, double? maybeReal, float single, string? text, string name)
    {
        var row = AllTypesSamples.Nulls();
        row.Int32 = number;
        row.NInt32 = maybe;
        row.Int64 = wide;
        row.Decimal = exact;
        row.NDecimal = maybeExact;
        row.UInt64 = big;
        row.NUInt64 = maybeBig;
        row.Double = real;
        row.NDouble = maybeReal;
        row.Single = single;
        row.NSingle = maybeReal is { } r ? (float)r : null;
        row.String = text;
        row.Text = name;
        return row;
    }
}
