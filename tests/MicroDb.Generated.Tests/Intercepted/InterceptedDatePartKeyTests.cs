using MicroDb.Conformance;
using MicroDb.Conformance.Models;
using MicroDb.Query;

namespace MicroDb.Generated.Tests.Intercepted;

/// <summary>
/// Group keys that are date parts of a DateTime (issue 22): Year, Month, Day, Hour, Minute and Second, alone, composite
/// and as ordering keys. The generator writes the run time's date-part SQL (src/Shared/Query/SqlDateParts.cs) for MicroDb's
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
    public void A_day_of_week_key_runs_on_the_run_time_path()
    {
        var byDay = _db.Table<AllTypes>().GroupBy(x => x.DateTime.DayOfWeek).Select(g => new { g.Key, N = g.Count() }).ToList();

        Assert.That(Intercepted, Is.Zero, Seen);
        Assert.That(byDay, Is.EquivalentTo(_stored.GroupBy(x => x.DateTime.DayOfWeek).Select(g => new { g.Key, N = g.Count() })));
    }
}
