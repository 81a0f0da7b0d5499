using MicroDb.Conformance.Models;

namespace MicroDb.Conformance;

// LINQ under StorageFormat.SqliteNet beyond the seeded comparison property test (ConformanceSuite.QuerySemantics.cs):
// date parts from each encoding, the refusals, and the translation cache keeping formats apart.
public abstract partial class ConformanceSuite
{
    private static readonly DateTime[] PartSamples =
    [
        new DateTime(2024, 2, 29, 23, 59, 58, 999).AddTicks(9999),
        new DateTime(1, 1, 1),
        new DateTime(9999, 12, 31, 23, 59, 59),
        new DateTime(1999, 12, 31, 0, 0, 1, DateTimeKind.Utc),
        new DateTime(2030, 7, 14, 12, 30, 45, DateTimeKind.Local),
    ];

    [TestCase("default")]
    [TestCase("dtText")]
    [TestCase("dtCustom")]
    public void Date_parts_are_computed_from_the_sqlite_net_encoding(string setting)
    {
        var db = Open(tweak: o => o.Storage = SqliteNetSetting(setting));
        db.CreateTable<AllTypes>();
        foreach (var value in PartSamples)
        {
            db.Insert(new AllTypes { DateTime = value, NDateTime = value, DateTimeText = value });
        }

        var rows = db.Table<AllTypes>().ToList();
        foreach (var row in rows)
        {
            var v = row.DateTime;
            var id = row.Id;
            Assert.That(db.Table<AllTypes>().Count(x => x.Id == id && x.DateTime.Year == v.Year && x.DateTime.Month == v.Month && x.DateTime.Day == v.Day), Is.EqualTo(1), $"date of {v:O}");
            Assert.That(db.Table<AllTypes>().Count(x => x.Id == id && x.DateTimeText.Hour == v.Hour && x.DateTimeText.Minute == v.Minute && x.DateTimeText.Second == v.Second), Is.EqualTo(1), $"time of {v:O}");
            Assert.That(db.Table<AllTypes>().Count(x => x.Id == id && x.NDateTime!.Value.DayOfWeek == v.DayOfWeek), Is.EqualTo(1), $"day of week of {v:O}");
        }

        var year = 2024;
        Assert.That(db.Table<AllTypes>().Where(x => x.DateTime.Year >= year).Select(x => x.Id).ToList(), Is.EquivalentTo(rows.Where(x => x.DateTime.Year >= year).Select(x => x.Id)));
        if (setting == "default")
        {
            var day = new DateTime(2024, 2, 29);
            Assert.That(db.Table<AllTypes>().Count(x => x.DateTime.Date == day), Is.EqualTo(1), "Date of plain ticks");
        }
        else
        {
            var day = new DateTime(2024, 2, 29);
            var error = Assert.Throws<NotSupportedException>(() => db.Table<AllTypes>().Count(x => x.DateTime.Date == day));
            Assert.That(error!.Message, Does.Contain("DateTime.Date"));
        }
    }

    [Test]
    public void Refusals_under_the_sqlite_net_format_name_the_type_and_why()
    {
        var roundTrip = Open(tweak: o => o.Storage = SqliteNetSetting("dtRoundTrip"));
        roundTrip.CreateTable<AllTypes>();
        var when = new DateTime(2024, 3, 5);
        var zoned = Assert.Throws<NotSupportedException>(() => roundTrip.Table<AllTypes>().Where(x => x.DateTime == when).ToList());
        Assert.That(zoned!.Message, Does.Contain("DateTime").And.Contain("zone"));
        Assert.Throws<NotSupportedException>(() => roundTrip.Table<AllTypes>().OrderBy(x => x.DateTime).ToList());
        Assert.Throws<NotSupportedException>(() => roundTrip.Table<AllTypes>().Where(x => x.DateTime.Year == 2024).ToList());

        var unsortable = Open(Path.Combine(Path.GetDirectoryName(DatabasePath)!, "us.db"), o => o.Storage = StorageFormat.SqliteNet(storeDateTimeAsTicks: false, dateTimeStringFormat: "MM/dd/yyyy HH:mm"));
        unsortable.CreateTable<AllTypes>();
        unsortable.Insert(new AllTypes { DateTime = new DateTime(2024, 3, 5, 6, 7, 0) });
        unsortable.Insert(new AllTypes { DateTime = new DateTime(2023, 12, 5, 6, 7, 0) });
        var order = Assert.Throws<NotSupportedException>(() => unsortable.Table<AllTypes>().Where(x => x.DateTime < when).ToList());
        Assert.That(order!.Message, Does.Contain("MM/dd/yyyy HH:mm").And.Contain("does not sort"));
        Assert.That(unsortable.Table<AllTypes>().Count(x => x.DateTime == new DateTime(2024, 3, 5, 6, 7, 0)), Is.EqualTo(1), "equality needs no order");
        Assert.That(unsortable.Table<AllTypes>().Count(x => x.DateTime == new DateTime(2024, 3, 5, 6, 7, 30)), Is.EqualTo(0), "a value the format cannot hold equals no row");

        var spans = Open(Path.Combine(Path.GetDirectoryName(DatabasePath)!, "ts.db"), o => o.Storage = SqliteNetSetting("tsText"));
        spans.CreateTable<AllTypes>();
        spans.Insert(new AllTypes { TimeSpan = TimeSpan.FromDays(2) });
        spans.Insert(new AllTypes { TimeSpan = TimeSpan.FromHours(-3) });
        var span = TimeSpan.FromHours(5);
        var timeSpan = Assert.Throws<NotSupportedException>(() => spans.Table<AllTypes>().Where(x => x.TimeSpan > span).ToList());
        Assert.That(timeSpan!.Message, Does.Contain("TimeSpan").And.Contain("\"c\" text"));
        Assert.Throws<NotSupportedException>(() => spans.Table<AllTypes>().OrderBy(x => x.TimeSpan).ToList());
        Assert.That(spans.Table<AllTypes>().Count(x => x.TimeSpan == TimeSpan.FromHours(-3)), Is.EqualTo(1));
        var wanted = new[] { TimeSpan.FromDays(2), TimeSpan.Zero };
        Assert.That(spans.Table<AllTypes>().Count(x => wanted.Contains(x.TimeSpan)), Is.EqualTo(1));
        var arithmetic = Assert.Throws<NotSupportedException>(() => spans.Table<AllTypes>().Count(x => x.TimeSpan + span == span));
        Assert.That(arithmetic!.Message, Does.Contain("TimeSpan is stored as text"));

        var amount = 3m;
        var real = Assert.Throws<NotSupportedException>(() => spans.Table<AllTypes>().Count(x => x.Decimal * 2 < amount));
        Assert.That(real!.Message, Does.Contain("decimal arithmetic"));
    }

    [Test]
    public void One_lambda_shape_translates_for_each_format_it_runs_under()
    {
        var microDb = Open();
        var sqliteNet = Open(Path.Combine(Path.GetDirectoryName(DatabasePath)!, "sn.db"), o => o.Storage = StorageFormat.SqliteNet(storeDateTimeAsTicks: false));
        var written = new[]
        {
            new AllTypes { DateTime = new DateTime(2024, 1, 1, 0, 0, 0, DateTimeKind.Utc), Decimal = 1.10m, DateTimeOffset = new DateTimeOffset(2024, 1, 1, 1, 0, 0, TimeSpan.FromHours(2)) },
            new AllTypes { DateTime = new DateTime(2025, 1, 1, 0, 0, 0, DateTimeKind.Local), Decimal = 2.5m, DateTimeOffset = new DateTimeOffset(2024, 1, 1, 0, 30, 0, TimeSpan.Zero) },
            new AllTypes { DateTime = new DateTime(2023, 6, 1, 12, 0, 0), Decimal = -3m, DateTimeOffset = new DateTimeOffset(2023, 1, 1, 0, 0, 0, TimeSpan.FromHours(-5)) },
        };
        foreach (var db in new[] { microDb, sqliteNet })
        {
            db.CreateTable<AllTypes>();
            db.InsertAll(written.Select(w => new AllTypes { DateTime = w.DateTime, Decimal = w.Decimal, DateTimeOffset = w.DateTimeOffset }));
        }

        for (var i = 0; i < 8; i++)
        {
            var db = i % 2 == 0 ? microDb : sqliteNet;
            var cutoff = new DateTime(2024, 1, 1).AddDays(i - 4);
            var amount = 1.1m + i % 3;
            var rows = db.Table<AllTypes>().Where(x => x.DateTime >= cutoff && x.Decimal < amount).OrderBy(x => x.Decimal).Select(x => x.Decimal).ToList();
            var expected = db.Table<AllTypes>().ToList().Where(x => x.DateTime >= cutoff && x.Decimal < amount).OrderBy(x => x.Decimal).Select(x => x.Decimal).ToList();
            Assert.That(rows, Is.EqualTo(expected), $"{db.Storage} cutoff {cutoff:O}, amount {amount}");
        }

        // DateTimeOffset orders by instant under sqlite-net's UtcTicks; MicroDb's own text refuses.
        var instant = new DateTimeOffset(2024, 1, 1, 0, 0, 0, TimeSpan.Zero);
        Assert.That(sqliteNet.Table<AllTypes>().Where(x => x.DateTimeOffset > instant).Select(x => x.Decimal).ToList(), Is.EqualTo(new[] { 2.5m }));
        Assert.Throws<NotSupportedException>(() => microDb.Table<AllTypes>().Where(x => x.DateTimeOffset > instant).ToList());
        var two = 2m;
        Assert.That(
            sqliteNet.Table<AllTypes>().Where(x => x.Decimal < two).ToSqlString(),
            Is.Not.EqualTo(microDb.Table<AllTypes>().Where(x => x.Decimal < two).ToSqlString()), "decimal compares as REAL under one, as exact text under the other");
    }
}
