using MicroDb.Conformance;
using MicroDb.Conformance.Models;
using MicroDb.Query;

namespace MicroDb.Generated.Tests.Intercepted;

/// <summary>
/// The review's findings on the intercepted front end (issue 22, eighth round): a join's result with several nullable-bool
/// <c>&amp;</c>, <c>|</c>, <c>^</c> elements compiles and computes each as the run time's interpreter does; a grouping key
/// whose <c>?:</c> chooses the constant null binds it as the run time does (a null slot) and is intercepted; a decimal
/// equality (IN the value's spellings) or a collection's Contains beside a DateTime condition, whose SQL differs per
/// storage format, is intercepted under MicroDb's format. The interception check compares each run with the run-time path.
/// </summary>
[TestFixture("generated", "microdb")]
[TestFixture("generated", "sqlite-net")]
[TestFixture("reflection", "microdb")]
[TestFixture("reflection", "sqlite-net")]
public class InterceptedReviewFix8aTests : InterceptedTestBase
{
    private static readonly DateTime Day = new(2024, 3, 1, 8, 0, 0, DateTimeKind.Utc);

    private List<SelectMoreRow> _flags = null!;
    private List<AllTypes> _stored = null!;
    private List<ReviewRow> _rows = null!;

    public InterceptedReviewFix8aTests(string mapping, string format)
        : base(mapping, format)
    {
    }

    protected override void Seed()
    {
        _db.CreateTable<SelectMoreRow>();
        _flags =
        [
            new SelectMoreRow { Name = "a", Flag = true, Other = false },
            new SelectMoreRow { Name = "b", Flag = null, Other = true },
            new SelectMoreRow { Name = "c", Flag = false, Other = null },
            new SelectMoreRow { Name = "d", Flag = true, Other = true },
            new SelectMoreRow { Name = "e", Flag = false, Other = false },
        ];
        _db.InsertAll(_flags);
        for (var i = 0; i < _flags.Count; i++)
        {
            _flags[i].Id = i + 1;
        }

        _db.CreateTable<AllTypes>();
        var rows = new List<AllTypes>();
        for (var i = 0; i < 9; i++)
        {
            var row = AllTypesSamples.Nulls();
            row.Bool = i % 3 != 0;
            row.Double = (i % 4) * 1.25;
            rows.Add(row);
        }

        _db.InsertAll(rows);
        _stored = _db.Table<AllTypes>().ToList();

        _db.CreateTable<ReviewRow>();
        _db.InsertAll(new[]
        {
            new ReviewRow { Placed = Day, Length = TimeSpan.FromMinutes(5), Cost = null, Score = 1, Big = 1 },
            new ReviewRow { Placed = Day.AddDays(1), Length = TimeSpan.FromMinutes(30), Cost = 1.5m, Score = 2, Big = 2 },
            new ReviewRow { Placed = Day.AddDays(2), Length = TimeSpan.FromHours(2), Cost = 1.50m, Score = 3, Big = 3 },
            new ReviewRow { Placed = Day.AddDays(3), Length = TimeSpan.FromSeconds(10), Cost = -3m, Score = 4, Big = 4 },
            new ReviewRow { Placed = Day.AddDays(4), Length = TimeSpan.FromHours(1), Cost = 1.5m, Score = 5, Big = 5 },
        });
        _rows = _db.Table<ReviewRow>().ToList();
    }

    // The interpreter lifts a nullable bool's & | ^ as arithmetic: null when either side is null.
    private static bool? Lift(bool? left, bool? right, Func<bool, bool, bool> op) => left is { } l && right is { } r ? op(l, r) : null;

    [Test]
    public void A_joins_result_with_two_nullable_bool_operators_computes_each()
    {
        var rows = _db.Table<SelectMoreRow>().Join(_db.Table<SelectMoreRow>(), a => a.Id, b => b.Id, (a, b) => new { a.Id, X = a.Flag & b.Other, Y = a.Flag | b.Other, Z = a.Flag ^ b.Other })
            .ToList();

        Assert.That(Intercepted, Is.EqualTo(1), Seen);
        var expected = _flags.Select(a => new { a.Id, X = Lift(a.Flag, a.Other, (l, r) => l & r), Y = Lift(a.Flag, a.Other, (l, r) => l | r), Z = Lift(a.Flag, a.Other, (l, r) => l ^ r) });
        Assert.That(rows.OrderBy(r => r.Id), Is.EqualTo(expected));
        Assert.That(rows.Single(r => r.Id == 2).Y, Is.Null, "true | null is null in the interpreter (C# has true).");
    }

    [Test]
    public void A_grouping_key_choosing_the_constant_null_is_intercepted()
    {
        var before = InterceptionCheck.Runs;

        var keys = _db.Table<AllTypes>().GroupBy(x => x.Bool ? x.Double : (double?)null).Select(g => new { g.Key, N = g.Count() }).ToList();

        Assert.That(Intercepted, Is.EqualTo(1), Seen);
        Assert.That(InterceptionCheck.Runs - before, Is.EqualTo(1));
        Assert.That(keys, Is.EquivalentTo(_stored.GroupBy(x => x.Bool ? x.Double : (double?)null).Select(g => new { g.Key, N = g.Count() })));
        Assert.That(keys.Single(k => k.Key is null).N, Is.EqualTo(3));
    }

    [Test]
    public void A_grouping_key_choosing_a_captured_null_runs_on_the_run_time_path()
    {
        double? none = null;

        var keys = _db.Table<AllTypes>().GroupBy(x => x.Bool ? x.Double : none).Select(g => new { g.Key, N = g.Count() }).ToList();

        // Only a constant null is known to be bound as null: a captured value that is null takes the run-time path.
        Assert.That(Intercepted, Is.EqualTo(0), Seen);
        Assert.That(keys, Is.EquivalentTo(_stored.GroupBy(x => x.Bool ? x.Double : none).Select(g => new { g.Key, N = g.Count() })));
    }

    [Test]
    public void A_decimal_equality_beside_a_date_condition_is_intercepted_under_MicroDbs_format()
    {
        var price = 1.5m;
        var since = Day;

        var rows = _db.Table<ReviewRow>().Where(x => x.Cost == price && x.Placed > since).ToList();

        // The spellings' IN list is MicroDb's format's only; sqlite-net's REAL storage takes the run-time path.
        Assert.That(Intercepted, Is.EqualTo(_format == "microdb" ? 1 : 0), Seen);
        Assert.That(rows.Select(r => r.Id), Is.EqualTo(_rows.Where(x => x.Cost == price && x.Placed > since).Select(x => x.Id)));
        Assert.That(rows.Select(r => r.Id), Is.EqualTo(new[] { 2, 3, 5 }));

        // Another value (other spellings, another list length) on the next run.
        _seen.Clear();
        price = -3m;
        rows = _db.Table<ReviewRow>().Where(x => x.Cost == price && x.Placed > since).ToList();
        Assert.That(Intercepted, Is.EqualTo(_format == "microdb" ? 1 : 0), Seen);
        Assert.That(rows.Select(r => r.Id), Is.EqualTo(new[] { 4 }));
    }

    [Test]
    public void A_collections_Contains_beside_a_date_condition_is_intercepted_under_MicroDbs_format()
    {
        var ids = new List<int> { 1, 2, 4, 5 };
        var since = Day.AddDays(1);

        var rows = _db.Table<ReviewRow>().Where(x => ids.Contains(x.Id) && x.Placed >= since).ToList();

        // sqlite-net's format has a text of its own here, whose list the site does not expand: the run-time path.
        Assert.That(Intercepted, Is.EqualTo(_format == "microdb" ? 1 : 0), Seen);
        if (_format == "microdb")
        {
            Assert.That(_seen.Single(s => s.Source == StatementSource.Intercepted).Sql, Does.Contain("IN (?, ?, ?, ?)"), Seen);
        }

        Assert.That(rows.Select(r => r.Id), Is.EqualTo(_rows.Where(x => ids.Contains(x.Id) && x.Placed >= since).Select(x => x.Id)));
        Assert.That(rows.Select(r => r.Id), Is.EqualTo(new[] { 2, 4, 5 }));
    }
}
