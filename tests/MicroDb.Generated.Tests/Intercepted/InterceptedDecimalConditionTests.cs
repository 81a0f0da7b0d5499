using MicroDb.Conformance;
using MicroDb.Conformance.Models;
using MicroDb.Query;

namespace MicroDb.Generated.Tests.Intercepted;

/// <summary>
/// A decimal member compared for equality with a value (issue 22): lowered at build time as the run time writes it, IN the
/// value's text at every scale (one marker the site repeats per spelling), under MicroDb's format; sqlite-net's format
/// (REAL) takes the run-time path. Edge values: decimal.MaxValue/MinValue, 28 digits of scale, trailing zeros, negative
/// zero. A float member against a double member. Each intercepted run is compared with the run-time path (SQL, values,
/// rows) and gives LINQ-to-Objects' rows, on both mapping paths and storage formats, sync and async.
/// </summary>
[TestFixture("generated", "microdb")]
[TestFixture("generated", "sqlite-net")]
[TestFixture("reflection", "microdb")]
[TestFixture("reflection", "sqlite-net")]
public class InterceptedDecimalConditionTests : InterceptedTestBase
{
    private static readonly decimal NegativeZero = new(0, 0, 0, isNegative: true, scale: 1);

    private List<AllTypes> _rows = null!;

    private int _intercepted;

    private string _directory = null!;

    public InterceptedDecimalConditionTests(string mapping, string format)
        : base(mapping, format)
    {
    }

    /// <summary>Decimal equality is intercepted under MicroDb's format; sqlite-net's (REAL) takes the run-time path.</summary>
    private bool Exact => _format == "microdb";

    protected override void Seed()
    {
        _intercepted = 0;
        _db.CreateTable<AllTypes>();
        _db.InsertAll(Rows(Exact));
        _rows = _db.Table<AllTypes>().ToList();
    }

    private static AllTypes[] Rows(bool exact) =>
    [
        Row(1m, null, 1.5, 1.5f, null),
        Row(1.0m, 1.00m, 2, 2f, 2),
        Row(1.00m, 9.99m, 0, 0f, 0.5),
        // sqlite-net's format stores a decimal as REAL, which cannot read decimal.MaxValue back.
        Row(exact ? decimal.MaxValue : 1e20m, exact ? decimal.MinValue : -1e20m, -1, -1f, -1),
        Row(0.0000000000000000000000000001m, 0.0000000000000000000000000001m, 3, 2.5f, 2.5),
        Row(NegativeZero, 0m, double.NaN, float.NaN, null),
        Row(9.990m, null, 7, 7f, 7),
        Row(-9.99m, -9.99m, 4, 4.25f, 4.25),
    ];

    [SetUp]
    public void CreateDirectory() => _directory = Directory.CreateTempSubdirectory("microdb-decimal-").FullName;

    [TearDown]
    public void DeleteDirectory() => Directory.Delete(_directory, recursive: true);

    [Test]
    public void Decimal_equality_with_values_matches_linq_at_every_scale()
    {
        var before = InterceptionCheck.Runs;
        var one = 1.00000m;
        var price = 9.99m;
        decimal? maybe = 9.990m;
        var count = 1;
        var largest = _rows[3].Decimal;
        var smallest = _rows[3].NDecimal;

        Same(_db.Table<AllTypes>().Where(x => x.Decimal == 1m).ToList(), _rows.Where(x => x.Decimal == 1m));
        Same(_db.Table<AllTypes>().Where(x => x.Decimal == one).ToList(), _rows.Where(x => x.Decimal == one));
        Same(_db.Table<AllTypes>().Where(x => price != x.Decimal).ToList(), _rows.Where(x => price != x.Decimal));
        Same(_db.Table<AllTypes>().Where(x => x.NDecimal == maybe).ToList(), _rows.Where(x => x.NDecimal == maybe));
        Same(_db.Table<AllTypes>().Where(x => x.NDecimal != maybe).ToList(), _rows.Where(x => x.NDecimal != maybe));
        Same(_db.Table<AllTypes>().Where(x => x.Decimal == count).ToList(), _rows.Where(x => x.Decimal == count));
        Same(_db.Table<AllTypes>().Where(x => x.Decimal == largest).ToList(), _rows.Where(x => x.Decimal == largest));
        Same(_db.Table<AllTypes>().Where(x => x.NDecimal == smallest).ToList(), _rows.Where(x => x.NDecimal == smallest));
        Same(_db.Table<AllTypes>().Where(x => x.Decimal == 0.0000000000000000000000000001m).ToList(), _rows.Where(x => x.Decimal == 0.0000000000000000000000000001m));
        Same(_db.Table<AllTypes>().Where(x => x.Decimal == 0m || x.NDecimal == -9.99m).ToList(), _rows.Where(x => x.Decimal == 0m || x.NDecimal == -9.99m));
        Same(_db.Table<AllTypes>().Where(x => x.Decimal == NegativeZero).ToList(), _rows.Where(x => x.Decimal == NegativeZero));

        Assert.That(InterceptionCheck.Runs - before, Is.EqualTo(Intercepted), "The check compared each intercepted run with the run-time path.");
        Assert.That(_rows.Count(x => x.Decimal == 1m), Is.EqualTo(3), "1m, 1.0m and 1.00m are equal.");
        if (Exact)
        {
            Assert.That(Sql(0), Does.EndWith("WHERE (\"Decimal\" IS NOT NULL AND \"Decimal\" IN (" + string.Join(", ", Enumerable.Repeat("?", 29)) + "))"));
            Assert.That(Sql(6), Does.EndWith("WHERE (\"Decimal\" IS NOT NULL AND \"Decimal\" IN (?))"), "decimal.MaxValue has one spelling.");
        }
    }

    [Test]
    public void A_null_decimal_value_runs_on_the_run_time_path()
    {
        decimal? none = null;

        Same(_db.Table<AllTypes>().Where(x => x.NDecimal == none).ToList(), _rows.Where(x => x.NDecimal == none), intercepted: false);
    }

    [Test]
    public void Decimal_equality_holds_in_a_joins_where_and_before_group_by()
    {
        var one = 1m;

        var joined = _db.Table<AllTypes>().Join(_db.Table<AllTypes>(), x => x.Id, y => y.Id, (x, y) => new { x.Id, x.Decimal, y.NDecimal })
            .Where(r => r.Decimal == one && r.NDecimal != 9.99m).ToList();
        var grouped = _db.Table<AllTypes>().Where(x => x.Decimal == one).GroupBy(x => x.Int32).Select(g => new { g.Key, N = g.Count() }).ToList();

        Assert.That(Intercepted, Is.EqualTo(Exact ? 2 : 0), Seen);
        Assert.That(joined.Select(r => r.Id), Is.EquivalentTo(_rows.Where(x => x.Decimal == one && x.NDecimal != 9.99m).Select(x => x.Id)));
        Assert.That(grouped.Single().N, Is.EqualTo(3));
    }

    [Test]
    public void A_float_member_against_a_double_member_matches_linq()
    {
        var before = InterceptionCheck.Runs;

        Same(_db.Table<AllTypes>().Where(x => x.Single > x.Double).ToList(), _rows.Where(x => x.Single > x.Double), intercepted: true);
        Same(_db.Table<AllTypes>().Where(x => x.Single == x.Double).ToList(), _rows.Where(x => x.Single == x.Double), intercepted: true);
        Same(_db.Table<AllTypes>().Where(x => x.Double <= x.NSingle).ToList(), _rows.Where(x => x.Double <= x.NSingle), intercepted: true);
        Same(_db.Table<AllTypes>().Where(x => x.NSingle != x.NDouble).ToList(), _rows.Where(x => x.NSingle != x.NDouble), intercepted: true);

        Assert.That(InterceptionCheck.Runs - before, Is.EqualTo(4), "The check compared each intercepted run with the run-time path.");
        Assert.That(Sql(0), Does.EndWith("WHERE (ifnull(\"Single\", 0) > ifnull(\"Double\", 0))"));
    }

    [Test]
    public void Float_arithmetic_in_conditions_matches_linq()
    {
        var before = InterceptionCheck.Runs;
        var factor = 2f;

        Same(_db.Table<AllTypes>().Where(x => x.Single * 2f > 3f).ToList(), _rows.Where(x => x.Single * 2f > 3f), intercepted: true);
        Same(_db.Table<AllTypes>().Where(x => x.Single - factor <= x.Double).ToList(), _rows.Where(x => x.Single - factor <= x.Double), intercepted: true);
        Same(_db.Table<AllTypes>().Where(x => -x.Single >= -2.5f).ToList(), _rows.Where(x => -x.Single >= -2.5f), intercepted: true);
        Same(_db.Table<AllTypes>().Where(x => x.NSingle * factor == 5f).ToList(), _rows.Where(x => x.NSingle * factor == 5f), intercepted: true);

        Assert.That(InterceptionCheck.Runs - before, Is.EqualTo(4), "The check compared each intercepted run with the run-time path.");
        Assert.That(_rows.Where(x => x.Single * 2f > 3f), Is.Not.Empty);
    }

    [Test]
    public async Task Async_decimal_equality_matches_linq()
    {
        var seen = new List<ExecutedStatement>();
        await using var db = InterceptedFixture.OpenAsync(Path.Combine(_directory, "decimal.db"), _mapping, _format, seen);
        await db.CreateTableAsync<AllTypes>();
        await db.InsertAllAsync(Rows(Exact));
        var rows = await db.Table<AllTypes>().ToListAsync();
        var one = 1m;
        lock (seen)
        {
            seen.Clear();
        }

        var list = await db.Table<AllTypes>().Where(x => x.Decimal == one).ToListAsync();
        var count = await db.Table<AllTypes>().CountAsync(x => x.NDecimal != 9.99m);
        var first = await db.Table<AllTypes>().Where(x => x.Decimal == 9.99m).OrderBy(x => x.Id).FirstOrDefaultAsync();

        Assert.That(list.Select(x => x.Id), Is.EqualTo(rows.Where(x => x.Decimal == one).Select(x => x.Id)));
        Assert.That(count, Is.EqualTo(rows.Count(x => x.NDecimal != 9.99m)));
        Assert.That(first?.Id, Is.EqualTo(rows.FirstOrDefault(x => x.Decimal == 9.99m)?.Id));
        lock (seen)
        {
            Assert.That(seen.Count(s => s.Source == StatementSource.Intercepted), Is.EqualTo(Exact ? 3 : 0), () => string.Join("\n", seen.Select(s => s.Source + ": " + s.Sql)));
        }
    }

    private void Same(List<AllTypes> actual, IEnumerable<AllTypes> expected, bool? intercepted = null)
    {
        // One more statement ran through an interceptor (the check's run-time statement is recorded too, as Linq).
        Assert.That(Intercepted, Is.EqualTo(intercepted ?? Exact ? ++_intercepted : _intercepted), Seen);
        Assert.That(actual.Select(x => x.Id), Is.EqualTo(expected.Select(x => x.Id)), Seen);
    }

    private string Sql(int index) => _seen.Where(s => s.Source == StatementSource.Intercepted).ElementAt(index).Sql;

    private static AllTypes Row(decimal exact, decimal? maybeExact, double real, float single, double? maybeReal)
    {
        var row = AllTypesSamples.Nulls();
        row.Decimal = exact;
        row.NDecimal = maybeExact;
        row.Double = real;
        row.Single = single;
        row.NDouble = maybeReal;
        row.NSingle = maybeReal is { } r ? (float)r : null;
        return row;
    }
}
