using MicroDb.Conformance;
using MicroDb.Conformance.Models;
using MicroDb.Query;

namespace MicroDb.Generated.Tests.Intercepted;

/// <summary>
/// Group keys that are date parts of a DateTime (issue 22): Year, Month, Day, Hour, Minute, Second, DayOfWeek and Date,
/// alone, composite, as ordering keys and compared in HAVING. The generator writes the run time's date-part SQL (src/Shared/Query/SqlDateParts.cs) for MicroDb's
/// ticks and text, sqlite-net's ticks and sqlite-net's text, and the site picks the connection's; each run gives the
/// run-time path's SQL, values and rows (the interception check compares every run) and LINQ-to-Objects' groups over the
/// stored rows. A sqlite-net text layout without the parts at fixed positions takes the run-time path and its error.
/// </summary>
[TestFixture("generated", "microdb")]
[TestFixture("reflection", "microdb")]
[TestFixture("generated", "sqlite-net")]
[TestFixture("reflection", "sqlite-net")]
[TestFixture("generated", "sqlite-net-text")]
[TestFixture("reflection", "sqlite-net-text")]
[TestFixture("generated", "sqlite-net-date-only")]
public class InterceptedDatePartKeyTests : InterceptedTestBase
{
    private static readonly DateTime Start = new(2023, 11, 30, 22, 15, 40, DateTimeKind.Utc);
    private List<AllTypes> _stored = null!;

    public InterceptedDatePartKeyTests(string mapping, string format)
        : base(mapping, format)
    {
    }

    /// <summary>sqlite-net's text "yyyy-MM-dd": the date at the start, no time after it.</summary>
    private bool DateOnlyText => _format == "sqlite-net-date-only";

    protected override StorageFormat Storage => _format switch
    {
        "microdb" => StorageFormat.MicroDb,
        "sqlite-net" => StorageFormat.SqliteNet(),
        "sqlite-net-text" => StorageFormat.SqliteNet(storeDateTimeAsTicks: false),
        _ => StorageFormat.SqliteNet(storeDateTimeAsTicks: false, dateTimeStringFormat: "yyyy-MM-dd"),
    };

    protected override void Seed()
    {
        _db.CreateTable<AllTypes>();
        var rows = new List<AllTypes>();
        for (var i = 0; i < 12; i++)
        {
            // Across a year's end, months, days and hours; kinds alternate (the parts ignore the kind).
            var when = Start.AddDays(i * 3).AddHours(i * 7).AddMinutes(i * 13).AddSeconds(i * 29);
            var row = AllTypesSamples.Nulls();
            row.DateTime = i % 2 == 0 ? when : DateTime.SpecifyKind(when, DateTimeKind.Unspecified);
            row.DateTimeText = when.AddDays(i * 11);
            row.Int32 = i;
            rows.Add(row);
        }

        _db.InsertAll(rows);
        _stored = _db.Table<AllTypes>().ToList();
    }

    [Test]
    public void Year_month_and_day_keys_are_intercepted_and_group_as_linq_does()
    {
        var before = InterceptionCheck.Runs;

        var byYear = _db.Table<AllTypes>().GroupBy(x => x.DateTime.Year).OrderByDescending(g => g.Key).Select(g => new { Year = g.Key, N = g.Count() }).ToList();
        var byMonth = _db.Table<AllTypes>().GroupBy(x => new { x.DateTimeText.Year, x.DateTimeText.Month })
            .Select(g => new { g.Key.Year, g.Key.Month, Total = g.Sum(x => x.Int32) }).ToList();
        var days = _db.Table<AllTypes>().GroupBy(x => x.DateTime.Day).Count();

        Assert.That(Intercepted, Is.EqualTo(3), Seen);
        Assert.That(InterceptionCheck.Runs - before, Is.EqualTo(3), "The check compared each intercepted run with the run-time path.");
        Assert.That(byYear, Is.EqualTo(_stored.GroupBy(x => x.DateTime.Year).OrderByDescending(g => g.Key).Select(g => new { Year = g.Key, N = g.Count() }).ToList()));
        Assert.That(byYear, Has.Count.EqualTo(2));
        Assert.That(byMonth, Is.EquivalentTo(_stored.GroupBy(x => new { x.DateTimeText.Year, x.DateTimeText.Month }).Select(g => new { g.Key.Year, g.Key.Month, Total = g.Sum(x => x.Int32) })));
        Assert.That(byMonth, Has.Count.GreaterThan(2));
        Assert.That(days, Is.EqualTo(_stored.GroupBy(x => x.DateTime.Day).Count()));
    }

    [Test]
    public void Time_part_keys_are_intercepted_where_the_stored_form_has_the_time()
    {
        if (DateOnlyText)
        {
            // The text has no time: the site sends the run to the run-time path, which throws its error.
            var error = Assert.Throws<NotSupportedException>(() => _db.Table<AllTypes>().GroupBy(x => x.DateTime.Hour).Select(g => new { g.Key, N = g.Count() }).ToList());
            Assert.That(error!.Message, Does.Contain("DateTime.Hour is not translated for DateTime stored as text in the format \"yyyy-MM-dd\""));
            Assert.That(Intercepted, Is.Zero, Seen);
            return;
        }

        var byHour = _db.Table<AllTypes>().GroupBy(x => x.DateTime.Hour).OrderBy(g => g.Key).Select(g => new { Hour = g.Key, First = g.Min(x => x.Int32) }).ToList();
        var byMinute = _db.Table<AllTypes>().GroupBy(x => new { x.DateTime.Minute, x.DateTime.Second }).Select(g => new { g.Key, N = g.Count() }).ToList();

        Assert.That(Intercepted, Is.EqualTo(2), Seen);
        Assert.That(byHour, Is.EqualTo(_stored.GroupBy(x => x.DateTime.Hour).OrderBy(g => g.Key).Select(g => new { Hour = g.Key, First = g.Min(x => x.Int32) }).ToList()));
        Assert.That(byHour, Has.Count.GreaterThan(3));
        Assert.That(byMinute, Is.EquivalentTo(_stored.GroupBy(x => new { x.DateTime.Minute, x.DateTime.Second }).Select(g => new { g.Key, N = g.Count() })));
    }

    [Test]
    public void A_day_of_week_key_is_intercepted_and_groups_as_linq_does()
    {
        var before = InterceptionCheck.Runs;

        var byDay = _db.Table<AllTypes>().GroupBy(x => x.DateTime.DayOfWeek).OrderBy(g => g.Key).Select(g => new { g.Key, N = g.Count() }).ToList();
        var byTextDay = _db.Table<AllTypes>().GroupBy(x => new { x.DateTimeText.DayOfWeek, x.DateTimeText.Year }).Select(g => new { g.Key, Total = g.Sum(x => x.Int32) }).ToList();

        Assert.That(Intercepted, Is.EqualTo(2), Seen);
        Assert.That(InterceptionCheck.Runs - before, Is.EqualTo(2), "The check compared each intercepted run with the run-time path.");
        Assert.That(byDay, Is.EqualTo(_stored.GroupBy(x => x.DateTime.DayOfWeek).OrderBy(g => g.Key).Select(g => new { g.Key, N = g.Count() }).ToList()));
        Assert.That(byDay, Has.Count.GreaterThan(3));
        Assert.That(byTextDay, Is.EquivalentTo(_stored.GroupBy(x => new { x.DateTimeText.DayOfWeek, x.DateTimeText.Year }).Select(g => new { g.Key, Total = g.Sum(x => x.Int32) })));
    }

    [Test]
    public void A_date_key_is_intercepted_where_the_run_time_translates_it()
    {
        // Two rows a few hours apart on one day, with different kinds: one group, as DateTime.Date's equality has it.
        var late = AllTypesSamples.Nulls();
        late.DateTime = DateTime.SpecifyKind(_stored[0].DateTime.Date.AddHours(1), DateTimeKind.Local);
        late.DateTimeText = _stored[0].DateTimeText.Date.AddMinutes(3);
        late.Int32 = 100;
        _db.Insert(late);
        _stored = _db.Table<AllTypes>().ToList();
        _seen.Clear();

        if (_format is "sqlite-net-text" or "sqlite-net-date-only")
        {
            // Date would have to rebuild the text in the format: the site sends the run to the run-time path and its error.
            var error = Assert.Throws<NotSupportedException>(() => _db.Table<AllTypes>().GroupBy(x => x.DateTime.Date).Select(g => new { g.Key, N = g.Count() }).ToList());
            Assert.That(error!.Message, Does.Contain("DateTime.Date is not translated for DateTime stored as text"));
            Assert.That(Intercepted, Is.Zero, Seen);
            return;
        }

        var before = InterceptionCheck.Runs;
        var byDate = _db.Table<AllTypes>().GroupBy(x => x.DateTime.Date).OrderByDescending(g => g.Key).Select(g => new { Day = g.Key, N = g.Count(), Low = g.Min(x => x.Int32) }).ToList();
        var byTextDate = _db.Table<AllTypes>().GroupBy(x => new { x.DateTimeText.Date }).Select(g => new { g.Key.Date, N = g.Count() }).ToList();

        Assert.That(Intercepted, Is.EqualTo(2), Seen);
        Assert.That(InterceptionCheck.Runs - before, Is.EqualTo(2));
        var expected = _stored.GroupBy(x => x.DateTime.Date).OrderByDescending(g => g.Key).Select(g => new { Day = g.Key, N = g.Count(), Low = g.Min(x => x.Int32) }).ToList();
        Assert.That(byDate.Select(r => (r.Day.Ticks, r.N, r.Low)), Is.EqualTo(expected.Select(r => (r.Day.Ticks, r.N, r.Low))));
        Assert.That(byDate.Single(r => r.Low == 0).N, Is.EqualTo(2), "The two rows of one day are one group.");
        Assert.That(byTextDate.Select(r => (r.Date.Ticks, r.N)), Is.EquivalentTo(_stored.GroupBy(x => x.DateTimeText.Date).Select(g => (g.Key.Ticks, g.Count()))));
    }

    [Test]
    public void Having_on_a_key_date_part_is_intercepted_and_filters_as_linq_does()
    {
        var before = InterceptionCheck.Runs;
        var year = 2023;

        var late = _db.Table<AllTypes>().GroupBy(x => x.DateTime.Month).Where(g => g.Key >= 6).Select(g => new { Month = g.Key, N = g.Count() }).ToList();
        var weekdays = _db.Table<AllTypes>().GroupBy(x => new { x.DateTimeText.Year, x.DateTimeText.DayOfWeek })
            .Where(g => g.Key.Year > year && g.Key.DayOfWeek != DayOfWeek.Sunday && g.Count() > 0).Select(g => new { g.Key, N = g.Count() }).ToList();
        var count = _db.Table<AllTypes>().GroupBy(x => x.DateTime.DayOfWeek).Where(g => g.Key == DayOfWeek.Friday || g.Key < DayOfWeek.Tuesday).Count();

        Assert.That(Intercepted, Is.EqualTo(3), Seen);
        Assert.That(InterceptionCheck.Runs - before, Is.EqualTo(3));
        Assert.That(late, Is.EquivalentTo(_stored.GroupBy(x => x.DateTime.Month).Where(g => g.Key >= 6).Select(g => new { Month = g.Key, N = g.Count() })));
        Assert.That(late, Is.Not.Empty);
        var expected = _stored.GroupBy(x => new { x.DateTimeText.Year, x.DateTimeText.DayOfWeek })
            .Where(g => g.Key.Year > year && g.Key.DayOfWeek != DayOfWeek.Sunday).Select(g => new { g.Key, N = g.Count() }).ToList();
        Assert.That(weekdays, Is.EquivalentTo(expected));
        Assert.That(weekdays, Is.Not.Empty);
        Assert.That(count, Is.EqualTo(_stored.GroupBy(x => x.DateTime.DayOfWeek).Count(g => g.Key == DayOfWeek.Friday || g.Key < DayOfWeek.Tuesday)));
    }
}
