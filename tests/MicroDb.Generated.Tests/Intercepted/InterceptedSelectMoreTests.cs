using System.Globalization;
using MicroDb.Query;

namespace MicroDb.Generated.Tests.Intercepted;

/// <summary>
/// Computed Select elements the build-time front end now writes (issue 22): interpolated strings, floating-point values
/// converted to integers, shifts, ulong arithmetic and a nullable bool's &amp; | ^, computed as the run time's
/// interpreter computes them (the interception check compares each run), on both mapping paths and storage formats.
/// </summary>
[TestFixture("generated", "microdb")]
[TestFixture("generated", "sqlite-net")]
[TestFixture("reflection", "microdb")]
[TestFixture("reflection", "sqlite-net")]
public class InterceptedSelectMoreTests : InterceptedTestBase
{
    private List<SelectMoreRow> _rows = null!;

    /// <summary>Takes the fixture's arguments.</summary>
    /// <param name="mapping">"generated" or "reflection".</param>
    /// <param name="format">The storage format's name.</param>
    public InterceptedSelectMoreTests(string mapping, string format)
        : base(mapping, format)
    {
    }

    /// <inheritdoc/>
    protected override void Seed()
    {
        _db.CreateTable<SelectMoreRow>();
        _rows =
        [
            new SelectMoreRow { Name = "bolt", Qty = 3, Divisor = 2, Weight = 2.75, Ratio = -1.5f, Price = 7.9m, Maybe = 3.5, Big = 10, Flag = true, Other = false },
            new SelectMoreRow { Name = null, Qty = -7, Divisor = 3, Weight = 1e10, Ratio = 70000.25f, Price = -2.5m, Maybe = null, Big = ulong.MaxValue, Flag = null, Other = true },
            new SelectMoreRow { Name = "nut", Qty = int.MaxValue, Divisor = -1, Weight = -3.99, Ratio = 0.5f, Price = 19.99m, Maybe = -1e12, Big = 9223372036854775808UL, Flag = false, Other = null },
        ];
        _db.InsertAll(_rows);
        for (var i = 0; i < _rows.Count; i++)
        {
            _rows[i].Id = i + 1;
        }
    }

    [Test]
    public void Interpolated_strings_format_as_the_expression_trees_string_Format()
    {
        var suffix = "!";
        var two = _db.Table<SelectMoreRow>().OrderBy(g => g.Id).Select(g => $"{g.Name} ({g.Qty})").ToList();
        var formatted = _db.Table<SelectMoreRow>().OrderBy(g => g.Id).Select(g => new { g.Id, Text = $"{g.Weight,12:F2}|{{x}}|{g.Price}" }).ToList();
        var four = _db.Table<SelectMoreRow>().OrderBy(g => g.Id).Select(g => $"{g.Id}:{g.Qty:D3}:{g.Name}:{g.Maybe}").ToArray();
        var captured = _db.Table<SelectMoreRow>().OrderBy(g => g.Id).Select(g => $"{g.Name}{suffix}").ToList();

        Assert.That(Intercepted, Is.EqualTo(4), Seen);
        var ordered = _rows.OrderBy(g => g.Id).ToList();
        Assert.That(two, Is.EqualTo(ordered.Select(g => $"{g.Name} ({g.Qty})")));
        Assert.That(formatted, Is.EqualTo(ordered.Select(g => new { g.Id, Text = $"{g.Weight,12:F2}|{{x}}|{g.Price}" })));
        Assert.That(four, Is.EqualTo(ordered.Select(g => $"{g.Id}:{g.Qty:D3}:{g.Name}:{g.Maybe}")));
        Assert.That(captured, Is.EqualTo(ordered.Select(g => $"{g.Name}!")));
    }

    [Test]
    public void Interpolated_strings_use_the_current_culture_on_both_front_ends()
    {
        var before = CultureInfo.CurrentCulture;
        CultureInfo.CurrentCulture = CultureInfo.GetCultureInfo("de-DE");
        try
        {
            var texts = _db.Table<SelectMoreRow>().OrderBy(g => g.Id).Select(g => $"{g.Weight}").ToList();

            Assert.That(Intercepted, Is.EqualTo(1), Seen);
            Assert.That(texts[0], Is.EqualTo("2,75"));
        }
        finally
        {
            CultureInfo.CurrentCulture = before;
        }
    }

    [Test]
    public void Floating_point_values_convert_to_integers_through_a_64_bit_value()
    {
        var rows = _db.Table<SelectMoreRow>().OrderBy(g => g.Id)
            .Select(g => new { Whole = (int)g.Weight, Short = (short)g.Ratio, Wide = (long)g.Weight, Maybe = (int?)g.Maybe, Price = (int)g.Price, Byte = (byte)g.Weight })
            .ToList();

        Assert.That(Intercepted, Is.EqualTo(1), Seen);
        var expected = _rows.Select(g => new
        {
            Whole = unchecked((int)(long)g.Weight),
            Short = unchecked((short)(long)g.Ratio),
            Wide = (long)g.Weight,
            Maybe = unchecked((int?)(long?)g.Maybe),
            Price = (int)g.Price,
            Byte = unchecked((byte)(long)g.Weight),
        });
        Assert.That(rows, Is.EqualTo(expected));
        Assert.That(rows[1].Whole, Is.EqualTo(1410065408), "1e10 wraps through its 64-bit value (a C# cast would saturate).");
        Assert.That(rows[2].Whole, Is.EqualTo(-3), "Truncated toward zero.");
    }

    [Test]
    public void Shifts_are_csharps_and_ulong_arithmetic_is_unsigned()
    {
        var shifts = _db.Table<SelectMoreRow>().OrderBy(g => g.Id).Select(g => new { Left = g.Qty << 33, Right = g.Qty >> 1, Wide = (long)g.Qty << 40, Big = g.Big >> 60 }).ToList();
        var unsigned = _db.Table<SelectMoreRow>().OrderBy(g => g.Id).Select(g => new { Third = g.Big / 3, Rest = g.Big % 7, Large = g.Big > 5, Next = g.Big + 1 }).ToList();

        Assert.That(Intercepted, Is.EqualTo(2), Seen);
        Assert.That(shifts, Is.EqualTo(_rows.Select(g => new { Left = g.Qty << 33, Right = g.Qty >> 1, Wide = (long)g.Qty << 40, Big = g.Big >> 60 })));
        Assert.That(shifts[0].Left, Is.EqualTo(_rows[0].Qty << 1), "C# masks an int's shift count to 5 bits (33 is 1), and so does the interpreter.");
        Assert.That(unsigned, Is.EqualTo(_rows.Select(g => new { Third = g.Big / 3, Rest = g.Big % 7, Large = g.Big > 5, Next = unchecked(g.Big + 1) })));
        Assert.That(unsigned[1].Third, Is.EqualTo(ulong.MaxValue / 3));
        Assert.That(unsigned[2].Large, Is.True);
    }

    [Test]
    public void A_nullable_bools_operators_give_null_when_either_side_is_null()
    {
        var rows = _db.Table<SelectMoreRow>().OrderBy(g => g.Id).Select(g => new { And = g.Flag & g.Other, Or = g.Flag | g.Other, Xor = g.Flag ^ true, Nested = (g.Flag | false) & (g.Other ^ g.Flag) }).ToList();

        Assert.That(Intercepted, Is.EqualTo(1), Seen);
        Assert.That(rows, Is.EqualTo(_rows.Select(g => new { And = Lift(g.Flag, g.Other, (a, b) => a & b), Or = Lift(g.Flag, g.Other, (a, b) => a | b), Xor = Lift(g.Flag, true, (a, b) => a ^ b), Nested = Lift(Lift(g.Flag, false, (a, b) => a | b), Lift(g.Other, g.Flag, (a, b) => a ^ b), (a, b) => a & b) })));
        Assert.That(rows[2].And, Is.Null, "false & null is null to the run time's interpreter (C# would give false).");
    }

    [TestCase(false)]
    [TestCase(true)]
    public void Int_MinValue_divided_by_minus_one_throws_on_both_front_ends(bool remainder)
    {
        _db.Insert(new SelectMoreRow { Name = "min", Qty = int.MinValue, Divisor = -1 });
        _seen.Clear();

        Assert.Throws<OverflowException>(() => _db.Table<SelectMoreRow>().Where(g => g.Qty == int.MinValue).Select(g => remainder ? g.Qty % g.Divisor : g.Qty / g.Divisor).ToList());
        Assert.That(_seen[0].Source, Is.EqualTo(StatementSource.Intercepted), Seen);

        InterceptionCheck.Enabled = false;
        var query = _db.Table<SelectMoreRow>().Where(g => g.Qty == int.MinValue);
        var runtime = query.Select(g => remainder ? g.Qty % g.Divisor : g.Qty / g.Divisor);
        Assert.Throws<OverflowException>(() => runtime.ToList(), "The run-time path's interpreter throws as C# does.");
        var divisor = -1;
        Assert.Throws<OverflowException>(() => _ = int.MinValue / divisor);
    }

    [Test]
    public void The_row_itself_in_the_result_is_read_by_the_map_as_the_run_time_reads_it()
    {
        var whole = _db.Table<SelectMoreRow>().Where(g => g.Qty < 100).OrderBy(g => g.Id).Select(g => g).ToList();
        var paired = _db.Table<SelectMoreRow>().OrderBy(g => g.Id).Select(g => new { g.Id, Row = g, Text = g.Name + "?" }).ToArray();
        var first = _db.Table<SelectMoreRow>().OrderBy(g => g.Id).Select(g => new { Inner = new { Again = g } }).First();

        Assert.That(Intercepted, Is.EqualTo(3), Seen);
        Assert.That(_seen[0].Sql, Does.Contain("\"Divisor\"").And.Contains("\"Other\""), "Every column is selected.");
        Assert.That(whole.Select(Show), Is.EqualTo(_rows.Where(g => g.Qty < 100).Select(Show)));
        Assert.That(paired.Select(p => (p.Id, Show(p.Row), p.Text)), Is.EqualTo(_rows.Select(g => (g.Id, Show(g), g.Name + "?"))));
        Assert.That(Show(first.Inner.Again), Is.EqualTo(Show(_rows[0])));
    }

    [Test]
    public void Count_and_Any_after_Select_count_the_source_rows_intercepted()
    {
        var minimum = 0;
        var count = _db.Table<SelectMoreRow>().Where(g => g.Qty > minimum).Select(g => new { g.Id, g.Name }).Count();
        var unlowered = _db.Table<SelectMoreRow>().Select(g => checked(g.Qty * 2)).Count();
        var any = _db.Table<SelectMoreRow>().Where(g => g.Name == "nut").Select(g => g.Name).Any();
        var none = _db.Table<SelectMoreRow>().Where(g => g.Name == "missing").OrderBy(g => g.Id).Select(g => $"{g.Name}").Any();

        Assert.That(Intercepted, Is.EqualTo(4), Seen);
        Assert.That(_seen[0].Sql, Does.Contain("count(*)"));
        Assert.That(count, Is.EqualTo(_rows.Where(g => g.Qty > minimum).Select(g => new { g.Id, g.Name }).Count()));
        Assert.That(unlowered, Is.EqualTo(3), "The selector is not run (LINQ's checked multiply would throw for int.MaxValue).");
        Assert.That(any, Is.True);
        Assert.That(none, Is.False);
    }

    private static string Show(SelectMoreRow g) =>
        string.Join("|", g.Id, g.Name, g.Qty, g.Divisor, g.Weight, g.Ratio, g.Price, g.Maybe, g.Big, g.Flag, g.Other);

    private static bool? Lift(bool? a, bool? b, Func<bool, bool, bool> op) => a is { } x && b is { } y ? op(x, y) : null;
}
