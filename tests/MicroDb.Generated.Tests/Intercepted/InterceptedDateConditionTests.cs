using MicroDb.Conformance.Models;
using MicroDb.Query;

namespace MicroDb.Generated.Tests.Intercepted;

/// <summary>
/// Build-time conditions comparing DateTime, DateTimeOffset and TimeSpan members (nullable too) with captured values
/// (issue 22), in one table's Where, a join's Where and a Where before GroupBy: each run is intercepted where the run-time
/// translator writes the SQL the generator wrote for the connection's storage format (the check compares SQL, values and
/// rows with the run-time path) and gives LINQ-to-Objects' rows; a value or format the SQL was not written for runs on the
/// run-time path (or throws its error). Boundaries: equal ticks, one tick apart, the three kinds of the same ticks,
/// offsets of the same instant, nulls, MinValue/MaxValue.
/// </summary>
[TestFixture("generated", "microdb")]
[TestFixture("generated", "sqlite-net")]
[TestFixture("reflection", "microdb")]
[TestFixture("reflection", "sqlite-net")]
[TestFixture("generated", "sqlite-net-text")]
public class InterceptedDateConditionTests : InterceptedTestBase
{
    private static readonly DateTime Noon = new(2025, 3, 14, 12, 0, 0, DateTimeKind.Utc);

    private static readonly DateTimeOffset Instant = new(2025, 3, 14, 12, 0, 0, TimeSpan.Zero);

    private List<DatedRow> _rows = null!;

    private List<JoinLine> _lines = null!;

    private int _intercepted;

    public InterceptedDateConditionTests(string mapping, string format)
        : base(mapping, format)
    {
    }

    /// <summary>sqlite-net's text format stores DateTime as text to the millisecond and TimeSpan as "c" text.</summary>
    private bool Text => _format == "sqlite-net-text";

    protected override StorageFormat Storage => Text ? StorageFormat.SqliteNet(storeDateTimeAsTicks: false, storeTimeSpanAsTicks: false) : base.Storage;

    /// <summary>Probe values: equal ticks in each kind, one tick apart, a millisecond apart, the extremes.</summary>
    private static DateTime[] Probes =>
    [
        Noon,
        DateTime.SpecifyKind(Noon, DateTimeKind.Local),
        DateTime.SpecifyKind(Noon, DateTimeKind.Unspecified),
        Noon.AddTicks(1),
        Noon.AddTicks(-1),
        Noon.AddMilliseconds(1),
        DateTime.MinValue,
        DateTime.MaxValue,
    ];

    protected override void Seed()
    {
        _intercepted = 0;
        _db.CreateTable<DatedRow>();
        _db.CreateTable<JoinLine>();
        var id = 0;
        foreach (var at in Probes)
        {
            id++;
            _db.Insert(new DatedRow
            {
                At = at,
                DueAt = id % 3 == 0 ? null : at,
                Stamp = at,
                When = new DateTimeOffset(Instant.UtcDateTime.AddTicks(id % 2), TimeSpan.Zero).ToOffset(TimeSpan.FromHours(id % 4 - 2)),
                WhenMaybe = id % 3 == 1 ? null : Instant.ToOffset(TimeSpan.FromHours(id % 5)),
                Length = TimeSpan.FromTicks((id - 4) * TimeSpan.TicksPerHour + (id % 2)),
                Pause = id % 4 == 0 ? null : TimeSpan.FromMinutes(id),
                Bucket = id % 3,
            });
        }

        _db.Insert(new DatedRow { At = DateTime.MinValue, Stamp = DateTime.MaxValue, When = DateTimeOffset.MinValue, Length = TimeSpan.MinValue, Bucket = 1 });
        _db.Insert(new DatedRow { At = DateTime.MaxValue, Stamp = DateTime.MinValue, When = DateTimeOffset.MaxValue, Length = TimeSpan.MaxValue, Bucket = 2 });
        for (var order = 1; order <= 10; order++)
        {
            _db.Insert(new JoinLine { OrderId = order, Sku = "s" + order, Quantity = order });
        }

        _rows = _db.Table<DatedRow>().ToList();
        _lines = _db.Table<JoinLine>().ToList();
    }

    /// <summary>Whether a DateTime value keeps the SQL the generator wrote: under sqlite-net's text, only one its text holds exactly.</summary>
    private bool Held(DateTime value) => !Text || value.Ticks % TimeSpan.TicksPerMillisecond == 0;

    /// <summary>Whether an ordering keeps the SQL the generator wrote: not under sqlite-net's text, whose SQL groups the comparison once more.</summary>
    private bool Ordered(DateTime value) => !Text && Held(value);

    [Test]
    public void DateTime_comparisons_are_intercepted_and_match_linq()
    {
        var before = InterceptionCheck.Runs;
        foreach (var v in Probes)
        {
            Same(_db.Table<DatedRow>().Where(x => x.At == v).ToList(), _rows.Where(x => x.At == v), Held(v));
            Same(_db.Table<DatedRow>().Where(x => x.At != v).ToList(), _rows.Where(x => x.At != v), Held(v));
            Same(_db.Table<DatedRow>().Where(x => x.At < v).ToList(), _rows.Where(x => x.At < v), Ordered(v));
            Same(_db.Table<DatedRow>().Where(x => x.At <= v).ToList(), _rows.Where(x => x.At <= v), Ordered(v));
            Same(_db.Table<DatedRow>().Where(x => x.At > v).ToList(), _rows.Where(x => x.At > v), Ordered(v));
            Same(_db.Table<DatedRow>().Where(x => x.At >= v).ToList(), _rows.Where(x => x.At >= v), Ordered(v));

            Same(_db.Table<DatedRow>().Where(x => v <= x.At).ToList(), _rows.Where(x => v <= x.At), Ordered(v));
        }

        Assert.That(InterceptionCheck.Runs - before, Is.EqualTo(_intercepted), "The check compared each intercepted run with the run-time path.");
        if (_format == "microdb")
        {
            Assert.That(Sql(0), Does.EndWith("WHERE (\"At\" IS NOT NULL AND \"At\" IN (?, ?, ?))"));
            Assert.That(Sql(2), Does.EndWith("WHERE (((\"At\" >= ? AND \"At\" < ?) OR (\"At\" >= ? AND \"At\" < ?) OR (\"At\" >= ? AND \"At\" < ?)))"));
        }
        else
        {
            Assert.That(Sql(0), Does.EndWith("WHERE (\"At\" = ?)"));
            Assert.That(Sql(2), Does.EndWith(Text ? "WHERE (\"At\" = ?)" : "WHERE (\"At\" < ?)"), "Under sqlite-net's text only the equalities are intercepted.");
        }
    }

    [Test]
    public void Nullable_DateTime_comparisons_are_intercepted_and_a_null_value_is_not()
    {
        DateTime? none = null;
        foreach (var v in Probes)
        {
            DateTime? maybe = v;
            Same(_db.Table<DatedRow>().Where(x => x.DueAt == v).ToList(), _rows.Where(x => x.DueAt == v), Held(v));
            Same(_db.Table<DatedRow>().Where(x => x.DueAt != maybe).ToList(), _rows.Where(x => x.DueAt != maybe), Held(v));
            Same(_db.Table<DatedRow>().Where(x => x.DueAt > v || x.DueAt == null).ToList(), _rows.Where(x => x.DueAt > v || x.DueAt == null), Ordered(v));
            Same(_db.Table<DatedRow>().Where(x => x.At <= maybe).ToList(), _rows.Where(x => x.At <= maybe), Ordered(v));
        }

        Same(_db.Table<DatedRow>().Where(x => x.DueAt == none).ToList(), _rows.Where(x => x.DueAt == none), intercepted: false);
        Assert.That(_db.Table<DatedRow>().Where(x => x.DueAt < none).ToList(), Is.Empty);
        Assert.That(Intercepted, Is.EqualTo(_intercepted), Seen);
        if (_format == "microdb")
        {
            Assert.That(Sql(2), Does.EndWith("WHERE ((\"DueAt\" IS NOT NULL AND ((\"DueAt\" > ? AND \"DueAt\" <= ?) OR (\"DueAt\" > ? AND \"DueAt\" <= ?) OR (\"DueAt\" > ? AND \"DueAt\" <= ?))) OR (\"DueAt\" IS NULL))"));
        }
    }

    [Test]
    public void A_DateTime_stored_as_text_compares_by_its_prefix_and_matches_linq()
    {
        foreach (var v in Probes)
        {
            Same(_db.Table<DatedRow>().Where(x => x.Stamp == v).ToList(), _rows.Where(x => x.Stamp == v), Held(v));
            Same(_db.Table<DatedRow>().Where(x => x.Stamp != v).ToList(), _rows.Where(x => x.Stamp != v), Held(v));
            Same(_db.Table<DatedRow>().Where(x => x.Stamp < v).ToList(), _rows.Where(x => x.Stamp < v), Ordered(v));
            Same(_db.Table<DatedRow>().Where(x => x.Stamp <= v).ToList(), _rows.Where(x => x.Stamp <= v), Ordered(v));
            Same(_db.Table<DatedRow>().Where(x => x.Stamp > v).ToList(), _rows.Where(x => x.Stamp > v), Ordered(v));
            Same(_db.Table<DatedRow>().Where(x => v > x.Stamp).ToList(), _rows.Where(x => v > x.Stamp), Ordered(v));
        }

        if (_format == "microdb")
        {
            Assert.That(Sql(0), Does.EndWith("WHERE (\"Stamp\" >= ? AND \"Stamp\" <= ?)"));
            Assert.That(Sql(1), Does.EndWith("WHERE (\"Stamp\" IS NULL OR \"Stamp\" < ? OR \"Stamp\" > ?)"));
            Assert.That(Sql(3), Does.EndWith("WHERE (\"Stamp\" <= ?)"));
        }
    }

    [Test]
    public void DateTimeOffset_comparisons_are_intercepted_under_sqlite_net_and_refused_as_the_run_time_refuses_them_under_microdb()
    {
        var offsets = new[] { Instant, Instant.ToOffset(TimeSpan.FromHours(2)), Instant.ToOffset(TimeSpan.FromHours(-5)), Instant.AddTicks(1), Instant.AddTicks(-1), DateTimeOffset.MinValue, DateTimeOffset.MaxValue };
        if (_format == "microdb")
        {
            var v = Instant;
            Assert.Throws<NotSupportedException>(() => _db.Table<DatedRow>().Where(x => x.When == v).ToList());
            Assert.Throws<NotSupportedException>(() => _db.Table<DatedRow>().Where(x => x.WhenMaybe < v).ToList());
            Assert.That(Intercepted, Is.Zero, Seen);
            return;
        }

        foreach (var v in offsets)
        {
            Same(_db.Table<DatedRow>().Where(x => x.When == v).ToList(), _rows.Where(x => x.When == v));
            Same(_db.Table<DatedRow>().Where(x => x.When != v).ToList(), _rows.Where(x => x.When != v));
            Same(_db.Table<DatedRow>().Where(x => x.When < v).ToList(), _rows.Where(x => x.When < v));
            Same(_db.Table<DatedRow>().Where(x => v <= x.When).ToList(), _rows.Where(x => v <= x.When));
            Same(_db.Table<DatedRow>().Where(x => x.WhenMaybe == v).ToList(), _rows.Where(x => x.WhenMaybe == v));
            Same(_db.Table<DatedRow>().Where(x => x.WhenMaybe >= v).ToList(), _rows.Where(x => x.WhenMaybe >= v));
        }

        Assert.That(_rows.Count(x => x.When == Instant), Is.GreaterThan(1), "Offsets of the same instant are equal.");
    }

    [Test]
    public void TimeSpan_comparisons_are_intercepted_and_match_linq()
    {
        var spans = new[] { TimeSpan.Zero, TimeSpan.FromHours(-2), TimeSpan.FromHours(1), TimeSpan.FromTicks(TimeSpan.TicksPerHour + 1), TimeSpan.FromMinutes(2), TimeSpan.MinValue, TimeSpan.MaxValue };
        foreach (var v in spans)
        {
            Same(_db.Table<DatedRow>().Where(x => x.Length == v).ToList(), _rows.Where(x => x.Length == v));
            Same(_db.Table<DatedRow>().Where(x => x.Pause != v).ToList(), _rows.Where(x => x.Pause != v));

            // "c" text does not order: under that sqlite-net format the run time refuses the ordering, and so does the run.
            if (Text)
            {
                Assert.Throws<NotSupportedException>(() => _db.Table<DatedRow>().Where(x => x.Length < v).ToList());
                continue;
            }

            Same(_db.Table<DatedRow>().Where(x => x.Length < v).ToList(), _rows.Where(x => x.Length < v));
            Same(_db.Table<DatedRow>().Where(x => v >= x.Length).ToList(), _rows.Where(x => v >= x.Length));
            Same(_db.Table<DatedRow>().Where(x => x.Pause > v).ToList(), _rows.Where(x => x.Pause > v));
        }

        Assert.That(Sql(0), Does.EndWith("WHERE (\"Length\" = ?)"));
        Assert.That(Sql(1), Does.EndWith("WHERE (\"Pause\" IS NOT ?)"));
    }

    [Test]
    public void Date_conditions_hold_in_a_joins_where_and_before_group_by()
    {
        var before = InterceptionCheck.Runs;
        var since = Noon;
        var span = TimeSpan.Zero;

        var joined = _db.Table<DatedRow>().Join(_db.Table<JoinLine>(), x => x.Id, l => l.OrderId, (x, l) => new { x.Id, x.At, x.DueAt, x.Length, l.Quantity })
            .Where(r => r.At >= since && r.DueAt != since && r.Length != span).ToList();
        var grouped = _db.Table<DatedRow>().Where(x => x.At != since && x.Stamp == since || x.Length == span).GroupBy(x => x.Bucket).Select(g => new { g.Key, N = g.Count() }).ToList();

        Assert.That(Intercepted, Is.EqualTo(Text ? 1 : 2), Seen);
        Assert.That(InterceptionCheck.Runs - before, Is.EqualTo(Text ? 1 : 2), "The check compared each intercepted run with the run-time path.");
        Assert.That(joined, Is.EquivalentTo(_rows.Join(_lines, x => x.Id, l => l.OrderId, (x, l) => new { x.Id, x.At, x.DueAt, x.Length, l.Quantity })
            .Where(r => r.At >= since && r.DueAt != since && r.Length != span)));
        Assert.That(joined, Is.Not.Empty);
        Assert.That(grouped, Is.EquivalentTo(_rows.Where(x => x.At != since && x.Stamp == since || x.Length == span).GroupBy(x => x.Bucket).Select(g => new { g.Key, N = g.Count() })));
        Assert.That(grouped, Is.Not.Empty);
    }

    [Test]
    public void A_sqlite_net_text_value_finer_than_its_format_runs_on_the_run_time_path()
    {
        var fine = Noon.AddTicks(1);
        var whole = Noon;

        Same(_db.Table<DatedRow>().Where(x => x.At == fine).ToList(), _rows.Where(x => x.At == fine), intercepted: !Text);
        Same(_db.Table<DatedRow>().Where(x => x.At == whole).ToList(), _rows.Where(x => x.At == whole));
    }

    [Test]
    public void Every_terminal_and_a_projection_take_the_formats_sql()
    {
        var before = InterceptionCheck.Runs;
        var since = Noon;

        var projected = _db.Table<DatedRow>().Where(x => x.At == since).Select(x => new { x.Id, x.At }).ToList();
        var count = _db.Table<DatedRow>().Count(x => x.Stamp != since);
        var any = _db.Table<DatedRow>().Any(x => x.DueAt == since);
        var first = _db.Table<DatedRow>().Where(x => x.Length == TimeSpan.Zero).First();

        Assert.That(Intercepted, Is.EqualTo(4), Seen);
        Assert.That(InterceptionCheck.Runs - before, Is.EqualTo(4), "The check compared each intercepted run with the run-time path.");
        Assert.That(projected.Select(p => p.Id), Is.EqualTo(_rows.Where(x => x.At == since).Select(x => x.Id)));
        Assert.That(projected, Has.Count.GreaterThanOrEqualTo(3), "The same ticks in each kind are equal (and under sqlite-net's text, a tick later reads back the same).");
        Assert.That(count, Is.EqualTo(_rows.Count(x => x.Stamp != since)));
        Assert.That(any, Is.True);
        Assert.That(first.Id, Is.EqualTo(_rows.First(x => x.Length == TimeSpan.Zero).Id));
    }

    [Test]
    public void A_date_value_form_the_site_does_not_know_is_refused_and_nothing_is_added()
    {
        var site = new InterceptedSite("SELECT 1 WHERE ?").Value(0, "R", "At", typeof(DateTime));

        Assert.Throws<ArgumentNullException>(() => site.DateValue(null!));
        Assert.That(Assert.Throws<ArgumentException>(() => site.DateValue("k3"))!.Message, Does.Contain("'k3' is not a date value form"));
        Assert.That(Assert.Throws<InvalidOperationException>(() => new InterceptedSite("SELECT 1").DateValue("k0"))!.Message, Does.Contain("has no value yet"));
        Assert.That(site.DateValue("k0").ValueCount, Is.EqualTo(1), "A form marks the value added last; it adds none.");
    }

    private void Same(List<DatedRow> actual, IEnumerable<DatedRow> expected, bool intercepted = true)
    {
        // One more statement ran through an interceptor (the check's run-time statement is recorded too, as Linq).
        Assert.That(Intercepted, Is.EqualTo(intercepted ? ++_intercepted : _intercepted), Seen);
        Assert.That(actual.Select(x => x.Id), Is.EqualTo(expected.Select(x => x.Id)), Seen);
    }

    private string Sql(int index) => _seen.Where(s => s.Source == StatementSource.Intercepted).ElementAt(index).Sql;
}
