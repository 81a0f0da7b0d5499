using MicroDb.Query;

namespace MicroDb.Generated.Tests.Intercepted;

/// <summary>
/// A join's conditional over a missing row choosing a value of the rows present (<c>p == null ? s.Month : p.Target</c>) is
/// intercepted: the projector computes it over the row objects as the run time's interpreter does (the interception
/// check compares every run), and the rows equal LINQ-to-Objects', on both mapping paths and storage formats.
/// </summary>
[TestFixture("generated", "microdb")]
[TestFixture("reflection", "microdb")]
[TestFixture("generated", "sqlite-net")]
[TestFixture("reflection", "sqlite-net")]
public class InterceptedJoinRowResultTests : InterceptedTestBase
{
    private List<PeriodSale> _sales = null!;
    private List<PeriodPlan> _plans = null!;

    public InterceptedJoinRowResultTests(string mapping, string format)
        : base(mapping, format)
    {
    }

    protected override void Seed()
    {
        _db.CreateTable<PeriodSale>();
        _db.CreateTable<PeriodPlan>();
        _db.InsertAll(new[]
        {
            new PeriodSale { Year = 2024, Month = 1, CustomerId = 1 },
            new PeriodSale { Year = 2024, Month = 2, CustomerId = 2 },
            new PeriodSale { Year = 2023, Month = 12, CustomerId = 1 },
            new PeriodSale { Year = 2025, Month = 5, CustomerId = 3 },
        });
        _db.InsertAll(new[]
        {
            new PeriodPlan { Period = 202401, Code = 1, Target = 10 },
            new PeriodPlan { Period = 202401, Code = 2, Target = 20 },
            new PeriodPlan { Period = 202402, Code = 1, Target = 30 },
        });
        _sales = _db.Table<PeriodSale>().ToList();
        _plans = _db.Table<PeriodPlan>().ToList();
    }

    [Test]
    public void A_conditional_over_a_missing_row_with_a_value_of_the_rows_present_is_intercepted()
    {
        var before = InterceptionCheck.Runs;

        var rows = _db.Table<PeriodSale>().LeftJoin(_db.Table<PeriodPlan>(), s => s.Year * 100 + s.Month, p => p.Period,
            (s, p) => new { s.Id, V = p == null ? s.Month : p.Target, W = p != null ? p.Code : s.Year * 10L }).ToList();

        Assert.That(Intercepted, Is.EqualTo(1), Seen);
        Assert.That(InterceptionCheck.Runs - before, Is.EqualTo(1));
        Assert.That(rows, Is.EquivalentTo(_sales.LeftJoin(_plans, s => s.Year * 100 + s.Month, p => p.Period,
            (s, p) => new { s.Id, V = p == null ? s.Month : p.Target, W = p != null ? p.Code : s.Year * 10L })));
        Assert.That(rows.Where(r => r.V == 12), Has.Exactly(1).Items, "the missing row's other value");
    }
}
