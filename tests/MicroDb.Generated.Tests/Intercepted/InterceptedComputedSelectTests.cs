using MicroDb.Query;

namespace MicroDb.Generated.Tests.Intercepted;

/// <summary>
/// Computed Select elements on one table (issue 22) run intercepted: the run time's column list, the element computed by
/// generated C#, rows equal to the run-time path's (the interception check compares each run) and to LINQ-to-Objects,
/// on both mapping paths and storage formats.
/// </summary>
[TestFixture("generated", "microdb")]
[TestFixture("generated", "sqlite-net")]
[TestFixture("reflection", "microdb")]
[TestFixture("reflection", "sqlite-net")]
public class InterceptedComputedSelectTests : InterceptedTestBase
{
    private List<ComputedGadget> _rows = null!;

    /// <summary>Takes the fixture's arguments.</summary>
    /// <param name="mapping">"generated" or "reflection".</param>
    /// <param name="format">The storage format's name.</param>
    public InterceptedComputedSelectTests(string mapping, string format)
        : base(mapping, format)
    {
    }

    /// <inheritdoc/>
    protected override void Seed()
    {
        _db.CreateTable<ComputedGadget>();
        _rows =
        [
            new ComputedGadget { Name = "bolt", Qty = 3, Divisor = 2, Price = 1.25m, Weight = 0.5, Stock = 10 },
            new ComputedGadget { Name = null, Qty = int.MaxValue, Divisor = 7, Price = 0.1m, Weight = -2.75, Stock = null },
            new ComputedGadget { Name = "nut", Qty = -4, Divisor = 3, Price = 19.99m, Weight = 1e10, Stock = 0 },
        ];
        _db.InsertAll(_rows);
    }

    [Test]
    public void Anonymous_elements_with_arithmetic_concatenation_and_conditionals_match_the_run_time_path_and_objects()
    {
        var before = InterceptionCheck.Runs;

        var rows = _db.Table<ComputedGadget>().OrderBy(g => g.Id)
            .Select(g => new { g.Id, Twice = g.Qty * 2, Label = g.Name + "!", Level = g.Stock == null ? "none" : g.Stock > 5 ? "many" : "few", Half = g.Weight / 2, Total = g.Price * g.Qty })
            .ToList();

        Assert.That(_seen[0].Source, Is.EqualTo(StatementSource.Intercepted), Seen);
        Assert.That(_seen[0].Sql, Is.EqualTo(_db.Table<ComputedGadget>().OrderBy(g => g.Id).Select(g => new { g.Id, g.Qty, g.Price, g.Weight, g.Stock, g.Name }).ToSqlString()));
        Assert.That(InterceptionCheck.Runs - before, Is.EqualTo(1));
        var expected = _rows.Select(g => new { g.Id, Twice = unchecked(g.Qty * 2), Label = g.Name + "!", Level = g.Stock == null ? "none" : g.Stock > 5 ? "many" : "few", Half = g.Weight / 2, Total = g.Price * g.Qty }).ToList();
        Assert.That(rows, Is.EqualTo(expected));
        Assert.That(rows[1].Twice, Is.EqualTo(-2), "int overflow wraps, as unchecked C# and the run time's interpreter do.");
        Assert.That(rows[1].Label, Is.EqualTo("!"), "A null member concatenates as an empty string.");
    }

    [Test]
    public void Record_initializer_value_tuple_and_conversion_results_match_the_run_time_path_and_objects()
    {
        var records = _db.Table<ComputedGadget>().OrderBy(g => g.Id).Select(g => new PersonRecord(g.Id * 10, (g.Name ?? "?").ToUpperInvariant())).ToList();
        var dtos = _db.Table<ComputedGadget>().OrderBy(g => g.Id).Select(g => new PersonDto { Id = -g.Id, Name = string.Concat(g.Name, "/", g.Qty.ToString(System.Globalization.CultureInfo.InvariantCulture)) }).ToArray();
        var tuples = _db.Table<ComputedGadget>().OrderBy(g => g.Id).Select(g => new ValueTuple<int, long>(g.Id, (long)g.Qty * 2)).ToList();
        var doubles = _db.Table<ComputedGadget>().OrderBy(g => g.Id).Select(g => (double)g.Qty + g.Weight).ToList();
        var nullable = _db.Table<ComputedGadget>().OrderBy(g => g.Id).Select(g => g.Stock + 1).ToList();
        var fallback = _db.Table<ComputedGadget>().OrderBy(g => g.Id).Select(g => g.Stock.GetValueOrDefault(-1)).ToList();

        Assert.That(Intercepted, Is.EqualTo(6), Seen);
        var ordered = _rows.OrderBy(g => g.Id).ToList();
        Assert.That(records, Is.EqualTo(ordered.Select(g => new PersonRecord(g.Id * 10, (g.Name ?? "?").ToUpperInvariant()))));
        Assert.That(dtos.Select(d => (d.Id, d.Name)), Is.EqualTo(ordered.Select(g => (-g.Id, string.Concat(g.Name, "/", g.Qty.ToString(System.Globalization.CultureInfo.InvariantCulture))))));
        Assert.That(tuples, Is.EqualTo(ordered.Select(g => (g.Id, (long)g.Qty * 2))));
        Assert.That(doubles, Is.EqualTo(ordered.Select(g => (double)g.Qty + g.Weight)));
        Assert.That(nullable, Is.EqualTo(new int?[] { 11, null, 1 }));
        Assert.That(fallback, Is.EqualTo(new[] { 10, -1, 0 }));
    }

    [Test]
    public void A_method_or_unmapped_member_of_the_row_reads_every_column_as_the_run_time_does()
    {
        var described = _db.Table<ComputedGadget>().OrderBy(g => g.Id).Select(g => g.Describe()).ToList();
        var labels = _db.Table<ComputedGadget>().OrderBy(g => g.Id).Select(g => new { g.Id, g.Label }).ToList();

        Assert.That(Intercepted, Is.EqualTo(2), Seen);
        Assert.That(_seen[0].Sql, Does.Contain("\"Divisor\"").And.Contains("\"Stock\""), "Every column is selected.");
        Assert.That(described, Is.EqualTo(_rows.Select(g => g.Describe())));
        Assert.That(labels, Is.EqualTo(_rows.Select(g => new { g.Id, g.Label })));
    }

    [Test]
    public void Division_by_zero_throws_what_the_run_time_path_throws()
    {
        _db.Insert(new ComputedGadget { Name = "zero", Qty = 1, Divisor = 0 });
        _seen.Clear();

        var intercepted = Assert.Throws<DivideByZeroException>(() => _db.Table<ComputedGadget>().Select(g => g.Qty / g.Divisor).ToList());
        Assert.That(intercepted, Is.Not.Null);
        Assert.That(_seen[0].Source, Is.EqualTo(StatementSource.Intercepted), Seen);

        InterceptionCheck.Enabled = false;
        var query = _db.Table<ComputedGadget>().Select(g => g.Qty / g.Divisor);
        Assert.Throws<DivideByZeroException>(() => query.ToList());
    }

    [Test]
    public void Captured_values_are_read_at_each_run_of_the_same_site()
    {
        var results = new List<List<(int, string)>>();
        foreach (var (bonus, suffix) in new[] { (1, "?"), (100, "!") })
        {
            results.Add(Bonus(bonus, suffix));
        }

        Assert.That(Intercepted, Is.EqualTo(2), Seen);
        Assert.That(_seen.Where(s => s.Source == StatementSource.Intercepted).Select(s => s.Sql).Distinct().Count(), Is.EqualTo(1), "One site, one SQL text.");
        Assert.That(results[0], Is.EqualTo(_rows.Select(g => (unchecked(g.Qty + 1), g.Name + "?"))));
        Assert.That(results[1], Is.EqualTo(_rows.Select(g => (unchecked(g.Qty + 100), g.Name + "!"))));
    }

    [Test]
    public void First_and_single_terminals_compute_the_element()
    {
        var factor = 3m;
        var first = _db.Table<ComputedGadget>().Where(g => g.Qty > 0).OrderBy(g => g.Id).Select(g => new { g.Id, Cost = g.Price * factor }).First();
        var none = _db.Table<ComputedGadget>().Where(g => g.Qty == 12345).Select(g => g.Name + "?").FirstOrDefault();
        var single = _db.Table<ComputedGadget>().Where(g => g.Qty == -4).Select(g => g.Weight * -1).Single();

        Assert.That(Intercepted, Is.EqualTo(3), Seen);
        Assert.That(first, Is.EqualTo(new { Id = 1, Cost = 3.75m }));
        Assert.That(none, Is.Null);
        Assert.That(single, Is.EqualTo(-1e10));
    }

    private List<(int, string)> Bonus(int bonus, string suffix) =>
        _db.Table<ComputedGadget>().OrderBy(g => g.Id).Select(g => new ValueTuple<int, string>(g.Qty + bonus, g.Name + suffix)).ToList();
}
