using MicroDb.Conformance.Models;
using MicroDb.Query;

namespace MicroDb.Generated.Tests.Intercepted;

/// <summary>
/// Build-time conditions over date parts (<c>x.At.Year == y</c>, <c>.Month</c> ... <c>.DayOfYear</c>, <c>x.At.Date == day</c>,
/// a nullable member's <c>Value</c>, a DateTimeOffset's parts) and over two date members of the row (<c>x.At &gt; x.DueAt</c>)
/// (issue 22): each run is intercepted where the run-time translator writes the SQL the generator wrote for the
/// connection's storage format (the check compares SQL, values and rows with the run-time path) and gives
/// LINQ-to-Objects' rows; under sqlite-net's DateTime text the parts are read at the text's positions, and what the run
/// time refuses there (Date) runs on its path and throws its error. Edge values: MinValue/MaxValue, the three kinds of the
/// same ticks, Feb 29, the last tick of a year, nulls.
/// </summary>
[TestFixture("generated", "microdb")]
[TestFixture("generated", "sqlite-net")]
[TestFixture("reflection", "microdb")]
[TestFixture("reflection", "sqlite-net")]
[TestFixture("generated", "sqlite-net-text")]
[TestFixture("reflection", "sqlite-net-text")]
public class InterceptedDatePartConditionTests : InterceptedTestBase
{
    private static readonly DateTime Leap = new(2024, 2, 29, 23, 59, 58, DateTimeKind.Utc);

    private List<DatedRow> _rows = null!;

    private int _intercepted;

    public InterceptedDatePartConditionTests(string mapping, string format)
        : base(mapping, format)
    {
    }

    /// <summary>sqlite-net's text format stores DateTime as text to the millisecond (and TimeSpan as "c" text).</summary>
    private bool Text => _format == "sqlite-net-text";

    protected override StorageFormat Storage => Text ? StorageFormat.SqliteNet(storeDateTimeAsTicks: false, storeTimeSpanAsTicks: false) : base.Storage;

    /// <summary>Stored dates: kinds of the same ticks, Feb 29, the last millisecond of a year, the first of the next, the extremes.</summary>
    private static DateTime[] Dates =>
    [
        Leap,
        DateTime.SpecifyKind(Leap, DateTimeKind.Local),
        DateTime.SpecifyKind(Leap, DateTimeKind.Unspecified),
        new(2024, 12, 31, 23, 59, 59, 999, DateTimeKind.Utc),
        new(2025, 1, 1, 0, 0, 0, DateTimeKind.Local),
        new(2025, 3, 14, 12, 30, 15, DateTimeKind.Unspecified),
        new(2023, 3, 1, 7, 5, 3, DateTimeKind.Utc),
        DateTime.MinValue,
        DateTime.MaxValue.AddTicks(-(DateTime.MaxValue.Ticks % TimeSpan.TicksPerMillisecond)),
    ];

    protected override void Seed()
    {
        _intercepted = 0;
        _db.CreateTable<DatedRow>();
        var id = 0;
        foreach (var at in Dates)
        {
            id++;
            _db.Insert(new DatedRow
            {
                At = at,
                DueAt = id % 3 == 0 ? null : id % 3 == 1 ? Dates[(id * 4) % Dates.Length] : DateTime.SpecifyKind(at, DateTimeKind.Local),
                Stamp = Dates[(id * 2) % Dates.Length],
                When = new DateTimeOffset(2024, 2, 29, 22, 0, 0, TimeSpan.Zero).AddHours(id).ToOffset(TimeSpan.FromHours(id % 5 - 2)),
                WhenMaybe = id % 4 == 0 ? null : new DateTimeOffset(2024, 2, 29, 22, 0, 0, TimeSpan.Zero).AddHours(id % 3 * 2),
                Length = TimeSpan.FromMinutes(id % 4),
                Pause = id % 3 == 1 ? null : TimeSpan.FromMinutes(id % 2),
                Bucket = id % 3,
            });
        }

        _rows = _db.Table<DatedRow>().ToList();
    }

    [Test]
    public void Integer_parts_of_a_DateTime_are_intercepted_and_match_linq()
    {
        var before = InterceptionCheck.Runs;
        foreach (var year in new[] { 1, 2024, 2025, 9999 })
        {
            Same(_db.Table<DatedRow>().Where(x => x.At.Year == year).ToList(), _rows.Where(x => x.At.Year == year));
            Same(_db.Table<DatedRow>().Where(x => x.Stamp.Year < year).ToList(), _rows.Where(x => x.Stamp.Year < year));
            Same(_db.Table<DatedRow>().Where(x => year <= x.At.Year).ToList(), _rows.Where(x => year <= x.At.Year));
        }

        var two = 2;
        var fiftyNine = 59;
        var sixty = 60;
        Same(_db.Table<DatedRow>().Where(x => x.At.Month == two && x.At.Day == 29).ToList(), _rows.Where(x => x.At.Month == two && x.At.Day == 29));
        Same(_db.Table<DatedRow>().Where(x => x.At.Month != 12).ToList(), _rows.Where(x => x.At.Month != 12));
        Same(_db.Table<DatedRow>().Where(x => x.Stamp.Day >= 29).ToList(), _rows.Where(x => x.Stamp.Day >= 29));
        Same(_db.Table<DatedRow>().Where(x => x.At.Hour == 23 || x.At.Minute == fiftyNine).ToList(), _rows.Where(x => x.At.Hour == 23 || x.At.Minute == fiftyNine));
        Same(_db.Table<DatedRow>().Where(x => x.Stamp.Second > 58).ToList(), _rows.Where(x => x.Stamp.Second > 58));
        Same(_db.Table<DatedRow>().Where(x => x.At.DayOfYear == sixty || x.At.DayOfYear == 366).ToList(), _rows.Where(x => x.At.DayOfYear == sixty || x.At.DayOfYear == 366));
        Same(_db.Table<DatedRow>().Where(x => x.Stamp.DayOfYear > 59).ToList(), _rows.Where(x => x.Stamp.DayOfYear > 59));

        Assert.That(InterceptionCheck.Runs - before, Is.EqualTo(_intercepted), "The check compared each intercepted run with the run-time path.");
        Assert.That(_rows.Count(x => x.At.Month == 2 && x.At.Day == 29), Is.EqualTo(3), "The three kinds of Feb 29 match.");
        Assert.That(Sql(0), _format == "microdb"
            ? Does.EndWith("WHERE (CAST(strftime('%Y', ((\"At\" & 4611686018427387903) / 864000000000) + 1721425.5) AS INTEGER) = ?)")
            : Text ? Does.EndWith("WHERE (CAST(substr(\"At\", 1, 4) AS INTEGER) = ?)")
            : Does.EndWith("WHERE (CAST(strftime('%Y', ((\"At\" & 4611686018427387903) / 864000000000) + 1721425.5) AS INTEGER) = ?)"));
        if (_format == "microdb")
        {
            Assert.That(Sql(1), Does.EndWith("WHERE (CAST(substr(\"Stamp\", 1, 4) AS INTEGER) < ?)"), "A [StoreAsText] DateTime reads the part at its text's position.");
        }
    }

    [Test]
    public void DayOfWeek_and_a_nullable_members_parts_are_intercepted_and_match_linq()
    {
        foreach (var day in Enum.GetValues<DayOfWeek>())
        {
            Same(_db.Table<DatedRow>().Where(x => x.At.DayOfWeek == day).ToList(), _rows.Where(x => x.At.DayOfWeek == day));
            Same(_db.Table<DatedRow>().Where(x => x.DueAt != null && x.DueAt.Value.DayOfWeek != day).ToList(), _rows.Where(x => x.DueAt != null && x.DueAt.Value.DayOfWeek != day));
        }

        Same(_db.Table<DatedRow>().Where(x => x.At.DayOfWeek == DayOfWeek.Thursday).ToList(), _rows.Where(x => x.At.DayOfWeek == DayOfWeek.Thursday));
        Same(_db.Table<DatedRow>().Where(x => x.DueAt.HasValue && x.DueAt!.Value.Month == 2).ToList(), _rows.Where(x => x.DueAt.HasValue && x.DueAt!.Value.Month == 2), intercepted: false);
        Same(_db.Table<DatedRow>().Where(x => x.DueAt != null && x.DueAt!.Value.Year >= 2024).ToList(), _rows.Where(x => x.DueAt != null && x.DueAt!.Value.Year >= 2024));
        Assert.That(_rows.Count(x => x.At.DayOfWeek == DayOfWeek.Thursday), Is.GreaterThanOrEqualTo(3));
    }

    [Test]
    public void A_DateTime_Date_is_intercepted_under_microdb_and_sqlite_net_ticks_and_refused_under_sqlite_net_text()
    {
        var days = new[] { Leap.Date, DateTime.SpecifyKind(Leap.Date, DateTimeKind.Local), Leap, new DateTime(2025, 1, 1), DateTime.MinValue, DateTime.MaxValue.Date };
        if (Text)
        {
            var day = Leap.Date;
            Assert.Throws<NotSupportedException>(() => _db.Table<DatedRow>().Where(x => x.At.Date == day).ToList());
            Assert.That(Intercepted, Is.Zero, Seen);
            return;
        }

        foreach (var day in days)
        {
            Same(_db.Table<DatedRow>().Where(x => x.At.Date == day).ToList(), _rows.Where(x => x.At.Date == day));
            Same(_db.Table<DatedRow>().Where(x => x.At.Date != day).ToList(), _rows.Where(x => x.At.Date != day));
            Same(_db.Table<DatedRow>().Where(x => x.At.Date < day).ToList(), _rows.Where(x => x.At.Date < day));
            Same(_db.Table<DatedRow>().Where(x => day <= x.Stamp.Date).ToList(), _rows.Where(x => day <= x.Stamp.Date));
            Same(_db.Table<DatedRow>().Where(x => x.Stamp.Date == day).ToList(), _rows.Where(x => x.Stamp.Date == day));
            Same(_db.Table<DatedRow>().Where(x => x.DueAt != null && x.DueAt.Value.Date > day).ToList(), _rows.Where(x => x.DueAt != null && x.DueAt.Value.Date > day));
        }

        Assert.That(_rows.Count(x => x.At.Date == Leap.Date), Is.EqualTo(3), "The three kinds of one day are equal.");
    }

    [Test]
    public void DateTimeOffset_parts_are_intercepted_and_match_linq()
    {
        foreach (var hour in new[] { 0, 1, 22, 23 })
        {
            Same(_db.Table<DatedRow>().Where(x => x.When.Hour == hour).ToList(), _rows.Where(x => x.When.Hour == hour));
            Same(_db.Table<DatedRow>().Where(x => x.When.Day > hour % 3 + 28).ToList(), _rows.Where(x => x.When.Day > hour % 3 + 28), intercepted: false);
        }

        var month = 3;
        Same(_db.Table<DatedRow>().Where(x => x.When.Month == month && x.When.Year == 2024).ToList(), _rows.Where(x => x.When.Month == month && x.When.Year == 2024));
        Same(_db.Table<DatedRow>().Where(x => x.When.DayOfYear == 60).ToList(), _rows.Where(x => x.When.DayOfYear == 60));
        Same(_db.Table<DatedRow>().Where(x => x.When.Millisecond == 0 && x.When.Second == 0).ToList(), _rows.Where(x => x.When.Millisecond == 0 && x.When.Second == 0));
        Same(_db.Table<DatedRow>().Where(x => x.When.DayOfWeek == DayOfWeek.Friday).ToList(), _rows.Where(x => x.When.DayOfWeek == DayOfWeek.Friday));
    }

    [Test]
    public void Two_date_members_compared_are_intercepted_and_match_linq()
    {
        Same(_db.Table<DatedRow>().Where(x => x.At > x.DueAt).ToList(), _rows.Where(x => x.At > x.DueAt));
        Same(_db.Table<DatedRow>().Where(x => x.At <= x.DueAt).ToList(), _rows.Where(x => x.At <= x.DueAt));
        Same(_db.Table<DatedRow>().Where(x => x.At == x.DueAt).ToList(), _rows.Where(x => x.At == x.DueAt));
        Same(_db.Table<DatedRow>().Where(x => x.DueAt != x.At).ToList(), _rows.Where(x => x.DueAt != x.At));
        Same(_db.Table<DatedRow>().Where(x => x.Stamp >= x.Stamp).ToList(), _rows.Where(x => x.Stamp >= x.Stamp));
        Same(_db.Table<DatedRow>().Where(x => x.Length == x.Pause).ToList(), _rows.Where(x => x.Length == x.Pause));
        Same(_db.Table<DatedRow>().Where(x => x.Pause != x.Length).ToList(), _rows.Where(x => x.Pause != x.Length));
        Assert.That(_rows.Count(x => x.At == x.DueAt), Is.GreaterThan(0));
        Assert.That(_rows.Count(x => x.At > x.DueAt), Is.GreaterThan(0));
        if (_format == "microdb")
        {
            Assert.That(Sql(0), Does.EndWith("WHERE (\"At\" IS NOT NULL AND \"DueAt\" IS NOT NULL AND (\"At\" & 4611686018427387903) > (\"DueAt\" & 4611686018427387903))"));
            Assert.Throws<NotSupportedException>(() => _db.Table<DatedRow>().Where(x => x.When < x.WhenMaybe).ToList());
            Assert.That(Intercepted, Is.EqualTo(_intercepted), "Under MicroDb's format the run time refuses DateTimeOffsets: the run takes its path and throws.");
            return;
        }

        Same(_db.Table<DatedRow>().Where(x => x.When < x.WhenMaybe).ToList(), _rows.Where(x => x.When < x.WhenMaybe));
        Same(_db.Table<DatedRow>().Where(x => x.WhenMaybe == x.When).ToList(), _rows.Where(x => x.WhenMaybe == x.When));
    }

    private void Same(List<DatedRow> actual, IEnumerable<DatedRow> expected, bool intercepted = true)
    {
        // One more statement ran through an interceptor (the check's run-time statement is recorded too, as Linq).
        Assert.That(Intercepted, Is.EqualTo(intercepted ? ++_intercepted : _intercepted), Seen);
        Assert.That(actual.Select(x => x.Id), Is.EqualTo(expected.Select(x => x.Id)), Seen);
    }

    private string Sql(int index) => _seen.Where(s => s.Source == StatementSource.Intercepted).ElementAt(index).Sql;
}
