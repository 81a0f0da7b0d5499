using MicroDb.Conformance;
using MicroDb.Conformance.Models;
using MicroDb.Query;

namespace MicroDb.Generated.Tests.Intercepted;

/// <summary>
/// The richer condition forms inside a sub-query's Where (issue 22): string methods, a captured collection's Contains,
/// decimal and ulong orderings, a float member against a double value, two operands of the sub-query's row and arithmetic,
/// in a Where's sub-query, a nested one and a projection's. Each intercepted run is compared with the run-time path (SQL,
/// values, rows) and gives LINQ-to-Objects' rows, on both mapping paths and storage formats.
/// </summary>
[TestFixture("generated", "microdb")]
[TestFixture("generated", "sqlite-net")]
[TestFixture("reflection", "microdb")]
[TestFixture("reflection", "sqlite-net")]
public class InterceptedSubqueryConditionTests : InterceptedTestBase
{
    private List<AllTypes> _rows = null!;

    private List<JoinLine> _lines = null!;

    public InterceptedSubqueryConditionTests(string mapping, string format)
        : base(mapping, format)
    {
    }

    /// <summary>Decimal orderings are intercepted under MicroDb's format; sqlite-net's (REAL) takes the run-time path.</summary>
    private bool Exact => _format == "microdb";

    protected override void Seed()
    {
        _intercepted = 0;
        _db.CreateTable<AllTypes>();
        _db.CreateTable<JoinLine>();
        _db.InsertAll(new[]
        {
            Row(1, 3, 0.3m, 0, 1.5f, 1.5, "  Apple ", "apple"),
            Row(2, -7, 1.00m, ulong.MaxValue, 2f, -2.5, "banana", "Banana"),
            Row(3, 10, -1.0m, 5, -1f, 0, null, "cherry"),
            Row(4, 0, 0.29999999999999999m, long.MaxValue, 7f, 7, "", "date"),
            Row(5, 8, 2.5m, 18446744073709551000UL, 0f, 3, "Elder", "%e_"),
        });
        _db.InsertAll(new[]
        {
            new JoinLine { OrderId = 1, Sku = "ap", Quantity = 1 },
            new JoinLine { OrderId = 2, Sku = "ba", Quantity = 2 },
            new JoinLine { OrderId = 3, Sku = "ch", Quantity = 3 },
            new JoinLine { OrderId = 4, Sku = "da", Quantity = 4 },
            new JoinLine { OrderId = 5, Sku = "el", Quantity = 5 },
            new JoinLine { OrderId = 6, Sku = "fi", Quantity = 6 },
        });
        _rows = _db.Table<AllTypes>().ToList();
        _lines = _db.Table<JoinLine>().ToList();
    }

    [Test]
    public void String_conditions_inside_a_sub_query_are_intercepted_and_match_linq()
    {
        var before = InterceptionCheck.Runs;
        var prefix = "Ban";
        var part = "E";
        var trimmed = "Apple";
        var upper = "CHERRY";
        var pattern = "E_";
        var length = 4;
        var names = new List<string> { "date", "cherry" };
        var ids = new[] { 1, 4, 5 };

        Same(_db.Table<JoinLine>().Where(l => _db.Table<AllTypes>().Any(x => x.Int32 == l.OrderId && x.Text.StartsWith(prefix))).ToList(),
            _lines.Where(l => _rows.Any(x => x.Int32 == l.OrderId && x.Text.StartsWith(prefix))), 1);
        Same(_db.Table<JoinLine>().Where(l => _db.Table<AllTypes>().Any(x => x.Int32 == l.OrderId && x.Text.Contains(part, StringComparison.OrdinalIgnoreCase))).ToList(),
            _lines.Where(l => _rows.Any(x => x.Int32 == l.OrderId && x.Text.Contains(part, StringComparison.OrdinalIgnoreCase))), 4);
        Same(_db.Table<JoinLine>().Where(l => _db.Table<AllTypes>().Any(x => x.Int32 == l.OrderId && x.Text.EndsWith(pattern, StringComparison.OrdinalIgnoreCase))).ToList(),
            _lines.Where(l => _rows.Any(x => x.Int32 == l.OrderId && x.Text.EndsWith(pattern, StringComparison.OrdinalIgnoreCase))), 1);
        Same(_db.Table<JoinLine>().Where(l => _db.Table<AllTypes>().Any(x => x.Int32 == l.OrderId && x.String!.Trim() == trimmed)).ToList(),
            _lines.Where(l => _rows.Any(x => x.Int32 == l.OrderId && x.String?.Trim() == trimmed)), 1);
        Same(_db.Table<JoinLine>().Where(l => _db.Table<AllTypes>().Any(x => x.Int32 == l.OrderId && x.Text.ToUpper() == upper)).ToList(),
            _lines.Where(l => _rows.Any(x => x.Int32 == l.OrderId && x.Text.ToUpper() == upper)), 1);
        Same(_db.Table<JoinLine>().Where(l => _db.Table<AllTypes>().Any(x => x.Int32 == l.OrderId && x.Text.Length <= length)).ToList(),
            _lines.Where(l => _rows.Any(x => x.Int32 == l.OrderId && x.Text.Length <= length)), 2);
        Same(_db.Table<JoinLine>().Where(l => !_db.Table<AllTypes>().Any(x => x.Int32 == l.OrderId && string.IsNullOrEmpty(x.String))).ToList(),
            _lines.Where(l => !_rows.Any(x => x.Int32 == l.OrderId && string.IsNullOrEmpty(x.String))), 4);
        Same(_db.Table<JoinLine>().Where(l => _db.Table<AllTypes>().Any(x => x.Int32 == l.OrderId && x.Text.Equals(upper, StringComparison.OrdinalIgnoreCase))).ToList(),
            _lines.Where(l => _rows.Any(x => x.Int32 == l.OrderId && x.Text.Equals(upper, StringComparison.OrdinalIgnoreCase))), 1);
        Same(_db.Table<JoinLine>().Where(l => _db.Table<AllTypes>().Any(x => x.Int32 == l.OrderId && string.CompareOrdinal(x.Text, "b") > 0)).ToList(),
            _lines.Where(l => _rows.Any(x => x.Int32 == l.OrderId && string.CompareOrdinal(x.Text, "b") > 0)), 2);
        Same(_db.Table<JoinLine>().Where(l => _db.Table<AllTypes>().Any(x => x.Int32 == l.OrderId && names.Contains(x.Text))).ToList(),
            _lines.Where(l => _rows.Any(x => x.Int32 == l.OrderId && names.Contains(x.Text))), 2);
        Same(_db.Table<JoinLine>().Where(l => l.Quantity > 0 && _db.Table<AllTypes>().Count(x => x.Int32 == l.OrderId && ids.Contains(x.Int32) && x.Text.StartsWith("a")) >= 1).ToList(),
            _lines.Where(l => l.Quantity > 0 && _rows.Count(x => x.Int32 == l.OrderId && ids.Contains(x.Int32) && x.Text.StartsWith("a")) >= 1), 1);

        Assert.That(InterceptionCheck.Runs - before, Is.EqualTo(11), "The check compared each intercepted run with the run-time path.");
        Assert.That(Sql(0), Does.EndWith("WHERE EXISTS (SELECT 1 FROM \"AllTypes\" AS \"s0\" WHERE ((\"s0\".\"Int32\" = \"join_lines\".\"OrderId\") AND (substr(\"s0\".\"Text\", 1, length(?)) = ?)))"));
    }

    [Test]
    public void Value_conditions_inside_a_sub_query_are_intercepted_and_match_linq()
    {
        var before = InterceptionCheck.Runs;
        var low = 0.3m;
        var five = 5UL;
        var half = 1.5;
        var min = 3;
        var factor = 2.0;

        Same(_db.Table<JoinLine>().Where(l => _db.Table<AllTypes>().Any(x => x.Int32 == l.OrderId && x.Decimal >= low)).ToList(),
            _lines.Where(l => _rows.Any(x => x.Int32 == l.OrderId && x.Decimal >= low)), Exact ? 3 : 4, intercepted: Exact);
        Same(_db.Table<JoinLine>().Where(l => _db.Table<AllTypes>().Any(x => x.Int32 == l.OrderId && x.UInt64 > five)).ToList(),
            _lines.Where(l => _rows.Any(x => x.Int32 == l.OrderId && x.UInt64 > five)), 3);
        Same(_db.Table<JoinLine>().Where(l => _db.Table<AllTypes>().Any(x => x.Int32 == l.OrderId && x.Single > half)).ToList(),
            _lines.Where(l => _rows.Any(x => x.Int32 == l.OrderId && x.Single > half)), 2);
        Same(_db.Table<JoinLine>().Where(l => _db.Table<AllTypes>().Any(x => x.Int32 == l.OrderId && x.Int32 < x.Int64)).ToList(),
            _lines.Where(l => _rows.Any(x => x.Int32 == l.OrderId && x.Int32 < x.Int64)), 3);
        Same(_db.Table<JoinLine>().Where(l => _db.Table<AllTypes>().Any(x => x.Int32 == l.OrderId && x.Int64 % 2 == 0 && x.Int32 * 2 >= min)).ToList(),
            _lines.Where(l => _rows.Any(x => x.Int32 == l.OrderId && x.Int64 % 2 == 0 && x.Int32 * 2 >= min)), 3);
        Same(_db.Table<JoinLine>().Where(l => _db.Table<AllTypes>().Any(x => x.Int32 == l.OrderId && x.Double * factor > min)).ToList(),
            _lines.Where(l => _rows.Any(x => x.Int32 == l.OrderId && x.Double * factor > min)), 2);

        Assert.That(InterceptionCheck.Runs - before, Is.EqualTo(Exact ? 6 : 5), "The check compared each intercepted run with the run-time path.");
    }

    [Test]
    public void Conditions_in_a_nested_sub_query_and_a_projections_sub_query_are_intercepted_and_match_linq()
    {
        var before = InterceptionCheck.Runs;
        var prefix = "a";
        var texts = new[] { "date", "apple", "zz" };
        var five = 5UL;

        Same(_db.Table<JoinLine>().Where(l => _db.Table<AllTypes>().Any(x => x.Int32 == l.OrderId && _db.Table<JoinLine>().Any(m => m.Quantity == x.Int32 && m.Sku.StartsWith(prefix)))).ToList(),
            _lines.Where(l => _rows.Any(x => x.Int32 == l.OrderId && _lines.Any(m => m.Quantity == x.Int32 && m.Sku.StartsWith(prefix)))), 1);
        var lifted = _db.Table<JoinLine>().Select(l => new { l.Id, N = _db.Table<AllTypes>().Count(x => x.Int32 == l.OrderId && x.Text.Contains(prefix) && x.UInt64 >= five) }).ToList();
        var listed = _db.Table<JoinLine>().Select(l => _db.Table<AllTypes>().Any(x => x.Int32 == l.OrderId && (texts.Contains(x.Text) || x.Int32 + x.Int64 > 10))).ToList();

        Assert.That(Intercepted, Is.EqualTo(3), Seen);
        Assert.That(lifted, Is.EqualTo(_lines.Select(l => new { l.Id, N = _rows.Count(x => x.Int32 == l.OrderId && x.Text.Contains(prefix) && x.UInt64 >= five) })));
        Assert.That(lifted.Sum(x => x.N), Is.EqualTo(2));
        Assert.That(listed, Is.EqualTo(_lines.Select(l => _rows.Any(x => x.Int32 == l.OrderId && (texts.Contains(x.Text) || x.Int32 + x.Int64 > 10)))));
        Assert.That(listed, Is.EqualTo(new[] { true, false, true, true, true, false }));
        Assert.That(InterceptionCheck.Runs - before, Is.EqualTo(3), "The check compared each intercepted run with the run-time path.");
    }

    [Test]
    public void A_correlation_with_or_and_not_and_arithmetic_over_a_projected_sub_query_are_intercepted_and_match_linq()
    {
        var before = InterceptionCheck.Runs;
        var big = 6;

        Same(_db.Table<JoinLine>().Where(l => _db.Table<AllTypes>().Any(x => x.Int32 == l.OrderId && x.Int64 > 5 || !(x.Int32 != l.Quantity) && x.Text.StartsWith("d") || x.Int64 == big)).ToList(),
            _lines.Where(l => _rows.Any(x => x.Int32 == l.OrderId && x.Int64 > 5 || !(x.Int32 != l.Quantity) && x.Text.StartsWith("d") || x.Int64 == big)), 3);
        var computed = _db.Table<JoinLine>().Select(l => new
        {
            l.Id,
            Half = (double)_db.Table<AllTypes>().Count(x => x.Int32 <= l.OrderId) / 2,
            Less = l.Quantity - _db.Table<AllTypes>().Where(x => x.Int32 == l.OrderId).Sum(x => x.Int32) * 2,
        }).ToList();

        Assert.That(Intercepted, Is.EqualTo(2), Seen);
        Assert.That(InterceptionCheck.Runs - before, Is.EqualTo(2), "The check compared each intercepted run with the run-time path.");
        Assert.That(computed, Is.EqualTo(_lines.Select(l => new
        {
            l.Id,
            Half = (double)_rows.Count(x => x.Int32 <= l.OrderId) / 2,
            Less = l.Quantity - _rows.Where(x => x.Int32 == l.OrderId).Sum(x => x.Int32) * 2,
        })));
        Assert.That(computed[0], Is.EqualTo(new { Id = 1, Half = 0.5, Less = -1 }));
    }

    private int _intercepted;

    private void Same(List<JoinLine> actual, IEnumerable<JoinLine> expected, int count, bool intercepted = true)
    {
        Assert.That(Intercepted, Is.EqualTo(intercepted ? ++_intercepted : _intercepted), Seen);
        Assert.That(actual.Select(x => x.Id), Is.EqualTo(expected.Select(x => x.Id)), Seen);
        Assert.That(actual, Has.Count.EqualTo(count));
    }

    private string Sql(int index) => _seen.Where(s => s.Source == StatementSource.Intercepted).ElementAt(index).Sql;

    private static AllTypes Row(int number, long wide, decimal exact, ulong big, float single, double real, string? text, string name)
    {
        var row = AllTypesSamples.Nulls();
        row.Int32 = number;
        row.Int64 = wide;
        row.Decimal = exact;
        row.UInt64 = big;
        row.Single = single;
        row.Double = real;
        row.String = text;
        row.Text = name;
        return row;
    }
}
