using MicroDb.Query;

namespace MicroDb.Generated.Tests.Intercepted;

/// <summary>
/// The review's findings on the intercepted front end (issue 22): a projection with a sub-query runs its storage format's
/// SQL; the Where's value checks (<c>.Real</c>, <c>.Compared</c>) name the site's index after the projection's lifted
/// values; an IN list beside a date value of one format only is expanded at its marker under the run's format. Each run
/// is intercepted (the interception check compares it with the run-time path) and its rows equal LINQ-to-Objects'.
/// </summary>
[TestFixture("generated", "microdb")]
[TestFixture("generated", "sqlite-net")]
[TestFixture("reflection", "microdb")]
[TestFixture("reflection", "sqlite-net")]
public class InterceptedReviewFixTests : InterceptedTestBase
{
    private static readonly DateTime Day = new(2024, 3, 1, 8, 0, 0, DateTimeKind.Utc);

    private List<ReviewRow> _rows = null!;
    private List<ReviewLine> _lines = null!;

    public InterceptedReviewFixTests(string mapping, string format)
        : base(mapping, format)
    {
    }

    protected override void Seed()
    {
        _db.CreateTable<ReviewRow>();
        _db.CreateTable<ReviewLine>();
        _db.InsertAll(new[]
        {
            new ReviewRow { Placed = Day, Length = TimeSpan.FromMinutes(5), Cost = null, Score = -5.5, Big = 1 },
            new ReviewRow { Placed = Day.AddDays(1), Length = TimeSpan.FromMinutes(30), Cost = 1.5m, Score = -1, Big = (ulong)long.MaxValue + 5 },
            new ReviewRow { Placed = Day.AddDays(2), Length = TimeSpan.FromHours(2), Cost = 10.25m, Score = 0, Big = ulong.MaxValue },
            new ReviewRow { Placed = Day.AddDays(3), Length = TimeSpan.FromSeconds(10), Cost = -3m, Score = 2.5, Big = 0 },
            new ReviewRow { Placed = Day.AddDays(4), Length = TimeSpan.FromHours(1), Cost = 100m, Score = -0.25, Big = long.MaxValue },
        });
        _db.InsertAll(new[]
        {
            new ReviewLine { RowId = 1, Quantity = 1 },
            new ReviewLine { RowId = 2, Quantity = 4 },
            new ReviewLine { RowId = 2, Quantity = 9 },
            new ReviewLine { RowId = 3, Quantity = 7 },
            new ReviewLine { RowId = 4, Quantity = 2 },
            new ReviewLine { RowId = 5, Quantity = 8 },
            new ReviewLine { RowId = 5, Quantity = 3 },
        });
        _rows = _db.Table<ReviewRow>().ToList();
        _lines = _db.Table<ReviewLine>().ToList();
    }

    [Test]
    public void A_projection_with_a_sub_query_and_a_date_where_runs_its_formats_sql()
    {
        var since = Day.AddDays(1);

        var rows = _db.Table<ReviewRow>().Where(o => o.Placed > since).Select(o => new { o.Id, N = _db.Table<ReviewLine>().Count(l => l.RowId == o.Id) }).ToList();

        Assert.That(Intercepted, Is.EqualTo(1), Seen);
        var expected = _rows.Where(o => o.Placed > since).Select(o => new { o.Id, N = _lines.Count(l => l.RowId == o.Id) });
        Assert.That(rows, Is.EqualTo(expected));
        Assert.That(rows.Select(r => r.Id), Is.EqualTo(new[] { 3, 4, 5 }));
    }

    [Test]
    public void First_of_a_projection_with_a_sub_query_and_a_date_where_runs_its_formats_sql()
    {
        var since = Day.AddDays(2);

        var row = _db.Table<ReviewRow>().Where(o => o.Placed >= since).Select(o => new { o.Id, N = _db.Table<ReviewLine>().Count(l => l.RowId == o.Id) }).First();

        Assert.That(Intercepted, Is.EqualTo(1), Seen);
        Assert.That(row, Is.EqualTo(new { Id = 3, N = 1 }));
    }

    [Test]
    public void A_decimal_and_a_double_after_a_projections_lifted_value_are_bound_as_the_run_time_binds_them()
    {
        decimal? limit = 1m;
        var light = 0.5;
        var min = 2;

        var rows = _db.Table<ReviewRow>().Where(x => x.Cost > limit && x.Score < light)
            .Select(x => new { x.Id, N = _db.Table<ReviewLine>().Count(l => l.RowId == x.Id && l.Quantity > min) }).ToList();

        // A decimal is ordered by its sort key under MicroDb's format; sqlite-net's REAL storage takes the run-time path.
        Assert.That(Intercepted, Is.EqualTo(_format == "microdb" ? 1 : 0), Seen);
        var expected = _rows.Where(x => x.Cost > limit && x.Score < light).Select(x => new { x.Id, N = _lines.Count(l => l.RowId == x.Id && l.Quantity > min) });
        Assert.That(rows, Is.EqualTo(expected));
        Assert.That(rows, Is.EqualTo(new[] { new { Id = 2, N = 2 }, new { Id = 3, N = 1 }, new { Id = 5, N = 2 } }));
    }

    [Test]
    public void A_double_after_a_projections_lifted_value_is_checked_at_its_own_index()
    {
        var low = -1.0;
        var heavy = -2.0;
        var min = 2;

        var above = _db.Table<ReviewRow>().Where(x => x.Score > low)
            .Select(x => new { x.Id, N = _db.Table<ReviewLine>().Count(l => l.RowId == x.Id && l.Quantity > min) }).ToList();
        Assert.That(above, Is.EqualTo(_rows.Where(x => x.Score > low).Select(x => new { x.Id, N = _lines.Count(l => l.RowId == x.Id && l.Quantity > min) })));

        // 0 > heavy holds for a negative value, which the SQL was not written for (Real): the run takes the run-time path.
        _seen.Clear();
        var rows = _db.Table<ReviewRow>().Where(x => x.Score > heavy)
            .Select(x => new { x.Id, N = _db.Table<ReviewLine>().Count(l => l.RowId == x.Id && l.Quantity > min) }).ToList();
        Assert.That(Intercepted, Is.EqualTo(0), Seen);
        Assert.That(rows, Is.EqualTo(_rows.Where(x => x.Score > heavy).Select(x => new { x.Id, N = _lines.Count(l => l.RowId == x.Id && l.Quantity > min) })));
        Assert.That(rows.Select(r => r.Id), Is.EqualTo(new[] { 2, 3, 4, 5 }));
    }

    [Test]
    public void A_ulong_after_a_projections_lifted_value_is_checked_at_its_own_index()
    {
        var small = 1UL;
        var big = (ulong)long.MaxValue + 1;
        var min = 0;

        var rows = _db.Table<ReviewRow>().Where(x => x.Big >= small)
            .Select(x => new { x.Id, N = _db.Table<ReviewLine>().Count(l => l.RowId == x.Id && l.Quantity > min) }).ToList();
        Assert.That(Intercepted, Is.EqualTo(1), Seen);
        Assert.That(rows, Is.EqualTo(_rows.Where(x => x.Big >= small).Select(x => new { x.Id, N = _lines.Count(l => l.RowId == x.Id && l.Quantity > min) })));

        // Above long.MaxValue the run time writes other SQL: the run takes the run-time path.
        _seen.Clear();
        rows = _db.Table<ReviewRow>().Where(x => x.Big >= big)
            .Select(x => new { x.Id, N = _db.Table<ReviewLine>().Count(l => l.RowId == x.Id && l.Quantity > min) }).ToList();
        Assert.That(Intercepted, Is.EqualTo(0), Seen);
        Assert.That(rows, Is.EqualTo(_rows.Where(x => x.Big >= big).Select(x => new { x.Id, N = _lines.Count(l => l.RowId == x.Id && l.Quantity > min) })));
        Assert.That(rows.Select(r => r.Id), Is.EqualTo(new[] { 2, 3 }));
    }

    [Test]
    public void A_collections_Contains_beside_a_time_span_ordering_binds_every_element()
    {
        var span = TimeSpan.FromMinutes(1);
        var ids = new List<int> { 1, 3, 4, 5 };

        var rows = _db.Table<ReviewRow>().Where(x => x.Length > span && ids.Contains(x.Id)).ToList();

        Assert.That(Intercepted, Is.EqualTo(1), Seen);
        Assert.That(_seen.Single(s => s.Source == StatementSource.Intercepted).Sql, Does.Contain("IN (?, ?, ?, ?)"), Seen);
        Assert.That(rows.Select(r => r.Id), Is.EqualTo(_rows.Where(x => x.Length > span && ids.Contains(x.Id)).Select(x => x.Id)));
        Assert.That(rows.Select(r => r.Id), Is.EqualTo(new[] { 1, 3, 5 }));

        // Another length on the next run: the list is written as long as it is bound.
        ids = [2, 3];
        rows = _db.Table<ReviewRow>().Where(x => x.Length > span && ids.Contains(x.Id)).ToList();
        Assert.That(rows.Select(r => r.Id), Is.EqualTo(new[] { 2, 3 }));
    }
}
