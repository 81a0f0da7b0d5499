using System.Linq.Expressions;
using MicroDb.Conformance.Models;

namespace MicroDb.Conformance;

// DateTimeOffset parts, DayOfYear and Millisecond (DateTime, DateTimeOffset, DateOnly, TimeOnly) on SQLite, in MicroDb's
// storage format and in sqlite-net's (ticks and text), each compared with LINQ-to-Objects over the rows as they read back.
public abstract partial class ConformanceSuite
{
    /// <summary>Offsets on both sides of UTC (so the offset's clock and UTC's fall on another day, month or year), leap days, the ends.</summary>
    private static readonly DateTimeOffset[] OffsetPartSamples =
    [
        new(2024, 2, 29, 23, 30, 15, 500, TimeSpan.FromHours(-5)),
        new(2023, 12, 31, 22, 0, 0, 1, TimeSpan.FromHours(-3)),
        new(2024, 1, 1, 1, 59, 59, 999, TimeSpan.FromHours(14)),
        new(2024, 12, 31, 23, 59, 59, 998, TimeSpan.FromHours(-12)),
        new(2000, 2, 29, 0, 15, 0, 250, new TimeSpan(5, 45, 0)),
        new(2021, 3, 1, 0, 0, 0, TimeSpan.FromMinutes(-150)),
        new(1999, 12, 31, 23, 59, 58, TimeSpan.Zero),
        new DateTimeOffset(2024, 7, 4, 12, 0, 0, TimeSpan.FromHours(2)).AddTicks(9_999),
        new(9999, 12, 31, 22, 0, 0, 123, TimeSpan.FromHours(1)),
        DateTimeOffset.MinValue,
        DateTimeOffset.MaxValue,
    ];

    /// <summary>Leap days, year ends, sub-millisecond ticks, each kind, the ends.</summary>
    private static readonly DateTime[] FinePartSamples =
    [
        new(2024, 2, 29, 23, 59, 58, 999),
        new DateTime(2024, 12, 31, 0, 0, 0, 7, DateTimeKind.Utc).AddTicks(9_999),
        new(2023, 12, 31, 12, 30, 45, 500, DateTimeKind.Local),
        new(2023, 1, 1, 0, 0, 0, 1),
        new(2000, 12, 31, 6, 7, 8, 90),
        new(1900, 3, 1),
        DateTime.MinValue,
        DateTime.MaxValue,
    ];

    private List<AllTypes> InsertDatePartRows(MicroDbConnection db)
    {
        db.CreateTable<AllTypes>();
        var count = Math.Max(OffsetPartSamples.Length, FinePartSamples.Length) * 2;
        for (var i = 0; i < count; i++)
        {
            var moment = FinePartSamples[i % FinePartSamples.Length];
            db.Insert(new AllTypes
            {
                DateTime = moment,
                DateTimeText = FinePartSamples[(i * 3) % FinePartSamples.Length],
                NDateTime = i % 4 == 0 ? null : FinePartSamples[(i * 5) % FinePartSamples.Length],
                DateTimeOffset = OffsetPartSamples[i % OffsetPartSamples.Length],
                NDateTimeOffset = i % 3 == 0 ? null : OffsetPartSamples[(i * 7) % OffsetPartSamples.Length],
                DateOnly = DateOnly.FromDateTime(FinePartSamples[(i * 7) % FinePartSamples.Length]),
                TimeOnly = TimeOnly.FromDateTime(moment),
            });
        }

        return db.Table<AllTypes>().ToList();
    }

    /// <summary>The parts of each DateTime and DateTimeOffset member, each equal to the pivot row's and ordered against it.</summary>
    private static IEnumerable<ExpressionCase> FineDateCases(AllTypes p, bool dateOnlyAndTimeOnly, bool dateTimeMilliseconds)
    {
        var o = p.DateTimeOffset;
        var d = p.DateTime;
        var t = p.DateTimeText;
        yield return Case("DateTimeOffset.Year", x => x.DateTimeOffset.Year == o.Year, x => x.DateTimeOffset.Year == o.Year);
        yield return Case("DateTimeOffset.Year <", x => x.DateTimeOffset.Year < o.Year, x => x.DateTimeOffset.Year < o.Year);
        yield return Case("DateTimeOffset.Month", x => x.DateTimeOffset.Month == o.Month, x => x.DateTimeOffset.Month == o.Month);
        yield return Case("DateTimeOffset.Day", x => x.DateTimeOffset.Day == o.Day, x => x.DateTimeOffset.Day == o.Day);
        yield return Case("DateTimeOffset.Hour", x => x.DateTimeOffset.Hour == o.Hour, x => x.DateTimeOffset.Hour == o.Hour);
        yield return Case("DateTimeOffset.Minute", x => x.DateTimeOffset.Minute >= o.Minute, x => x.DateTimeOffset.Minute >= o.Minute);
        yield return Case("DateTimeOffset.Second", x => x.DateTimeOffset.Second == o.Second, x => x.DateTimeOffset.Second == o.Second);
        yield return Case("DateTimeOffset.Millisecond", x => x.DateTimeOffset.Millisecond == o.Millisecond, x => x.DateTimeOffset.Millisecond == o.Millisecond);
        yield return Case("DateTimeOffset.DayOfWeek", x => x.DateTimeOffset.DayOfWeek == o.DayOfWeek, x => x.DateTimeOffset.DayOfWeek == o.DayOfWeek);
        yield return Case("DateTimeOffset.DayOfYear", x => x.DateTimeOffset.DayOfYear == o.DayOfYear, x => x.DateTimeOffset.DayOfYear == o.DayOfYear);
        yield return Case("DateTimeOffset.DayOfYear >", x => x.DateTimeOffset.DayOfYear > o.DayOfYear, x => x.DateTimeOffset.DayOfYear > o.DayOfYear);
        yield return Case("NDateTimeOffset.Value.Hour", x => x.NDateTimeOffset.HasValue && x.NDateTimeOffset.Value.Hour == o.Hour, x => x.NDateTimeOffset.HasValue && x.NDateTimeOffset.Value.Hour == o.Hour);
        yield return Case("NDateTimeOffset.Value.DayOfYear", x => x.NDateTimeOffset!.Value.DayOfYear < o.DayOfYear, x => x.NDateTimeOffset.HasValue && x.NDateTimeOffset.Value.DayOfYear < o.DayOfYear);
        yield return Case("DateTime.DayOfYear", x => x.DateTime.DayOfYear == d.DayOfYear, x => x.DateTime.DayOfYear == d.DayOfYear);
        yield return Case("DateTime.DayOfYear <=", x => x.DateTime.DayOfYear <= d.DayOfYear, x => x.DateTime.DayOfYear <= d.DayOfYear);
        yield return Case("NDateTime.Value.DayOfYear", x => x.NDateTime.HasValue && x.NDateTime.Value.DayOfYear == d.DayOfYear, x => x.NDateTime.HasValue && x.NDateTime.Value.DayOfYear == d.DayOfYear);
        yield return Case("DateTimeText.DayOfYear", x => x.DateTimeText.DayOfYear == t.DayOfYear, x => x.DateTimeText.DayOfYear == t.DayOfYear);
        if (dateTimeMilliseconds)
        {
            yield return Case("DateTime.Millisecond", x => x.DateTime.Millisecond == d.Millisecond, x => x.DateTime.Millisecond == d.Millisecond);
            yield return Case("DateTime.Millisecond >", x => x.DateTime.Millisecond > d.Millisecond, x => x.DateTime.Millisecond > d.Millisecond);
            yield return Case("DateTimeText.Millisecond", x => x.DateTimeText.Millisecond == t.Millisecond, x => x.DateTimeText.Millisecond == t.Millisecond);
        }

        if (dateOnlyAndTimeOnly)
        {
            var day = p.DateOnly;
            var time = p.TimeOnly;
            yield return Case("DateOnly.DayOfYear", x => x.DateOnly.DayOfYear == day.DayOfYear, x => x.DateOnly.DayOfYear == day.DayOfYear);
            yield return Case("TimeOnly.Millisecond", x => x.TimeOnly.Millisecond == time.Millisecond, x => x.TimeOnly.Millisecond == time.Millisecond);
        }
    }

    private static List<string> CompareDateCases(MicroDbConnection db, List<AllTypes> rows, bool dateOnlyAndTimeOnly, bool dateTimeMilliseconds, out int checks)
    {
        var failures = new List<string>();
        checks = 0;
        foreach (var pivot in rows)
        {
            foreach (var c in FineDateCases(pivot, dateOnlyAndTimeOnly, dateTimeMilliseconds))
            {
                checks++;
                var expected = rows.Where(c.Linq).Select(r => r.Id).ToList();
                var actual = db.Table<AllTypes>().Where(c.Sql).Select(r => r.Id).ToList().Order().ToList();
                if (!actual.SequenceEqual(expected))
                {
                    failures.Add($"{c.Name} (pivot row {pivot.Id}): expected [{string.Join(",", expected)}], got [{string.Join(",", actual)}]; {db.Table<AllTypes>().Where(c.Sql).ToSqlString()}");
                }
            }
        }

        return failures.Distinct().ToList();
    }

    [Test]
    public void DateTimeOffset_parts_DayOfYear_and_Millisecond_match_linq_to_objects()
    {
        var db = Open();
        var rows = InsertDatePartRows(db);
        var failures = CompareDateCases(db, rows, dateOnlyAndTimeOnly: true, dateTimeMilliseconds: true, out var checks);
        Assert.That(failures, Is.Empty, $"{checks} checks");
        var ordered = db.Table<AllTypes>().OrderBy(x => x.DateTimeOffset.Hour).ThenByDescending(x => x.DateTime.Millisecond).ThenBy(x => x.DateTimeText.DayOfYear).ThenBy(x => x.Id).Select(x => x.Id).ToList();
        Assert.That(ordered, Is.EqualTo(rows.OrderBy(x => x.DateTimeOffset.Hour).ThenByDescending(x => x.DateTime.Millisecond).ThenBy(x => x.DateTimeText.DayOfYear).ThenBy(x => x.Id).Select(x => x.Id).ToList()));
        var byYear = db.Table<AllTypes>().GroupBy(x => x.DateTimeOffset.Year).Select(g => new { Year = g.Key, Count = g.Count() }).ToList();
        Assert.That(byYear, Is.EquivalentTo(rows.GroupBy(x => x.DateTimeOffset.Year).Select(g => new { Year = g.Key, Count = g.Count() })));

        // The parts are the offset's own clock: 2024-02-29 23:30 at -05:00 is 2024-03-01 04:30 UTC.
        Assert.That(db.Table<AllTypes>().Count(x => x.DateTimeOffset.Year == 2024 && x.DateTimeOffset.Month == 2 && x.DateTimeOffset.Day == 29 && x.DateTimeOffset.Hour == 23 && x.DateTimeOffset.DayOfYear == 60),
            Is.EqualTo(rows.Count(x => x.DateTimeOffset == OffsetPartSamples[0])).And.GreaterThan(0));
    }

    [TestCase("default")]
    [TestCase("dtText")]
    public void DateTimeOffset_parts_DayOfYear_and_Millisecond_match_linq_to_objects_under_the_sqlite_net_format(string setting)
    {
        var db = Open(tweak: o => o.Storage = SqliteNetSetting(setting));
        var rows = InsertDatePartRows(db);

        // sqlite-net keeps a DateTimeOffset's UtcTicks only: it reads back at offset 0, and its parts are the UTC clock's.
        Assert.That(rows.Select(x => x.DateTimeOffset.Offset).Distinct(), Is.EqualTo(new[] { TimeSpan.Zero }));
        var failures = CompareDateCases(db, rows, dateOnlyAndTimeOnly: false, dateTimeMilliseconds: true, out var checks);
        Assert.That(failures, Is.Empty, $"{checks} checks");
        Assert.That(db.Table<AllTypes>().Count(x => x.DateTimeOffset.Year == 2024 && x.DateTimeOffset.Month == 3 && x.DateTimeOffset.Day == 1 && x.DateTimeOffset.Hour == 4 && x.DateTimeOffset.Minute == 30),
            Is.EqualTo(rows.Count(x => x.DateTimeOffset == OffsetPartSamples[0])).And.GreaterThan(0));
    }

    [Test]
    public void Millisecond_of_sqlite_net_text_without_milliseconds_throws_naming_it_and_loses_nothing()
    {
        var db = Open(tweak: o => o.Storage = SqliteNetSetting("dtCustom"));
        var rows = InsertDatePartRows(db);

        // "yyyy-MM-dd HH:mm:ss" has no fraction: Millisecond is at no position of the text. DayOfYear is.
        var error = Assert.Throws<NotSupportedException>(() => db.Table<AllTypes>().Count(x => x.DateTime.Millisecond == 0));
        Assert.That(error!.Message, Does.Contain("DateTime.Millisecond").And.Contains("yyyy-MM-dd HH:mm:ss"));
        Assert.Throws<NotSupportedException>(() => db.Table<AllTypes>().Where(x => x.DateTimeText.Millisecond > 1).ExecuteDelete());
        Assert.That(db.Table<AllTypes>().Count(), Is.EqualTo(rows.Count));
        var failures = CompareDateCases(db, rows, dateOnlyAndTimeOnly: false, dateTimeMilliseconds: false, out var checks);
        Assert.That(failures, Is.Empty, $"{checks} checks");
    }

    [Test]
    public void DateTimeOffset_Date_and_TimeOfDay_throw_naming_them()
    {
        var db = Open();
        db.CreateTable<AllTypes>();
        var day = new DateTime(2024, 2, 29);
        var date = Assert.Throws<NotSupportedException>(() => db.Table<AllTypes>().Count(x => x.DateTimeOffset.Date == day));
        Assert.That(date!.Message, Does.Contain("DateTimeOffset.Date"));
        var time = Assert.Throws<NotSupportedException>(() => db.Table<AllTypes>().Count(x => x.DateTimeOffset.TimeOfDay == TimeSpan.Zero));
        Assert.That(time!.Message, Does.Contain("TimeOfDay"));
        var dateTimeTime = Assert.Throws<NotSupportedException>(() => db.Table<AllTypes>().Count(x => x.DateTime.TimeOfDay == TimeSpan.Zero));
        Assert.That(dateTimeTime!.Message, Does.Contain("TimeOfDay"));
    }

    [Test]
    public void The_sql_of_the_new_parts_reads_the_stored_form()
    {
        var db = Open();
        db.CreateTable<AllTypes>();
        Assert.That(db.Table<AllTypes>().Where(x => x.DateTimeOffset.Hour == 1).ToSqlString(), Does.Contain("CAST(substr(\"DateTimeOffset\", 12, 2) AS INTEGER)"));
        Assert.That(db.Table<AllTypes>().Where(x => x.DateTimeOffset.Millisecond == 1).ToSqlString(), Does.Contain("CAST(substr(\"DateTimeOffset\", 21, 3) AS INTEGER)"));
        Assert.That(db.Table<AllTypes>().Where(x => x.DateTime.DayOfYear == 1).ToSqlString(), Does.Contain("strftime('%j'"));
        Assert.That(db.Table<AllTypes>().Where(x => x.DateTime.Millisecond == 1).ToSqlString(), Does.Contain("(\"DateTime\" & 4611686018427387903) / 10000 % 1000)"));
    }
}
