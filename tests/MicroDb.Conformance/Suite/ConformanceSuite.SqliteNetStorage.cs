using System.Globalization;
using MicroDb.Concurrency;
using MicroDb.Mapping;
using MicroDb.Conformance.Models;

namespace MicroDb.Conformance;

// StorageFormat.SqliteNet: what each member stores, checked against the literals sqlite-net-pcl 1.11.285 was measured
// to store (docs/sqlite-net-storage.md, "Every case"), and what comes back. The spec project cannot be referenced here
// (it binds sqlite-net's own SQLite namespace), so its expected values are written out.
public abstract partial class ConformanceSuite
{
    private static readonly DateTime SpecUtc = new DateTime(2024, 3, 5, 6, 7, 8, DateTimeKind.Utc).AddTicks(1234567);
    private static readonly DateTime SpecLocal = new DateTime(2024, 3, 5, 6, 7, 8, DateTimeKind.Local).AddTicks(1234567);
    private static readonly DateTime SpecUnspecified = new DateTime(2024, 3, 5, 6, 7, 8, DateTimeKind.Unspecified).AddTicks(1234567);
    private static readonly DateTimeOffset SpecPlus2 = new DateTimeOffset(2024, 3, 5, 6, 7, 8, TimeSpan.FromHours(2)).AddTicks(1234567);
    private static readonly TimeSpan SpecSpan = new TimeSpan(1, 2, 3, 4).Add(TimeSpan.FromTicks(5678901));

    /// <summary>The spec's settings (Storage/StorageSetting.cs in the spec project) as MicroDb formats.</summary>
    protected static StorageFormat SqliteNetSetting(string setting) => setting switch
    {
        "default" => StorageFormat.SqliteNet(),
        "dtText" => StorageFormat.SqliteNet(storeDateTimeAsTicks: false),
        "dtCustom" => StorageFormat.SqliteNet(storeDateTimeAsTicks: false, dateTimeStringFormat: "yyyy-MM-dd HH:mm:ss"),
        "dtRoundTrip" => StorageFormat.SqliteNet(storeDateTimeAsTicks: false, dateTimeStringFormat: "o"),
        "tsText" => StorageFormat.SqliteNet(storeTimeSpanAsTicks: false),
        _ => throw new ArgumentOutOfRangeException(nameof(setting), setting, null),
    };

    private static TestCaseData Stored(string setting, string member, object? value, string storageClass, string quote, object? readBack) =>
        new TestCaseData(setting, member, value, storageClass, quote, readBack).SetName($"{{m}}({setting},{member},{quote})");

    /// <summary>Spec cases: setting, AllTypes member, value written, typeof, quote(), value read back.</summary>
    private static IEnumerable<TestCaseData> SqliteNetStoredCases()
    {
        var unspecified = DateTime.SpecifyKind(SpecUtc, DateTimeKind.Unspecified);
        var millis = new DateTime(2024, 3, 5, 6, 7, 8, 123, DateTimeKind.Unspecified);
        var seconds = new DateTime(2024, 3, 5, 6, 7, 8, DateTimeKind.Unspecified);
        foreach (var member in new[] { nameof(AllTypes.DateTime), nameof(AllTypes.DateTimeText), nameof(AllTypes.NDateTime), nameof(AllTypes.NDateTimeText) })
        {
            // [StoreAsText] has no meaning under sqlite-net's format: the connection's setting decides for every DateTime.
            yield return Stored("default", member, SpecUtc, "integer", "638452156281234567", unspecified);
            yield return Stored("default", member, SpecLocal, "integer", "638452156281234567", unspecified);
            yield return Stored("default", member, SpecUnspecified, "integer", "638452156281234567", unspecified);
            yield return Stored("default", member, DateTime.MinValue, "integer", "0", DateTime.MinValue);
            yield return Stored("default", member, DateTime.MaxValue, "integer", "3155378975999999999", DateTime.MaxValue);
            yield return Stored("tsText", member, SpecUtc, "integer", "638452156281234567", unspecified);
            yield return Stored("dtText", member, SpecUtc, "text", "'2024-03-05T06:07:08.123'", millis);
            yield return Stored("dtText", member, SpecLocal, "text", "'2024-03-05T06:07:08.123'", millis);
            yield return Stored("dtText", member, DateTime.MinValue, "text", "'0001-01-01T00:00:00.000'", DateTime.MinValue);
            yield return Stored("dtText", member, DateTime.MaxValue, "text", "'9999-12-31T23:59:59.999'", new DateTime(9999, 12, 31, 23, 59, 59, 999));
            yield return Stored("dtCustom", member, SpecUtc, "text", "'2024-03-05 06:07:08'", seconds);
            yield return Stored("dtCustom", member, SpecLocal, "text", "'2024-03-05 06:07:08'", seconds);
            yield return Stored("dtCustom", member, DateTime.MinValue, "text", "'0001-01-01 00:00:00'", DateTime.MinValue);
            yield return Stored("dtCustom", member, DateTime.MaxValue, "text", "'9999-12-31 23:59:59'", new DateTime(9999, 12, 31, 23, 59, 59));
            yield return Stored("dtRoundTrip", member, SpecUtc, "text", "'2024-03-05T06:07:08.1234567Z'", SpecUtc);
            yield return Stored("dtRoundTrip", member, SpecUnspecified, "text", "'2024-03-05T06:07:08.1234567'", SpecUnspecified);
        }

        foreach (var member in new[] { nameof(AllTypes.DateTimeOffset), nameof(AllTypes.NDateTimeOffset) })
        {
            var utc = new DateTimeOffset(2024, 3, 5, 4, 7, 8, TimeSpan.Zero).AddTicks(1234567);
            yield return Stored("default", member, SpecPlus2, "integer", "638452084281234567", utc);
            yield return Stored("default", member, new DateTimeOffset(SpecUnspecified, TimeSpan.Zero), "integer", "638452156281234567", new DateTimeOffset(SpecUnspecified, TimeSpan.Zero));
            yield return Stored("default", member, DateTimeOffset.MinValue, "integer", "0", DateTimeOffset.MinValue);
            yield return Stored("default", member, DateTimeOffset.MaxValue, "integer", "3155378975999999999", DateTimeOffset.MaxValue);
            yield return Stored("dtText", member, SpecPlus2, "integer", "638452084281234567", utc);
        }

        foreach (var member in new[] { nameof(AllTypes.TimeSpan), nameof(AllTypes.NTimeSpan) })
        {
            yield return Stored("default", member, SpecSpan, "integer", "937845678901", SpecSpan);
            yield return Stored("default", member, -TimeSpan.FromMinutes(90), "integer", "-54000000000", -TimeSpan.FromMinutes(90));
            yield return Stored("default", member, TimeSpan.MinValue, "integer", "-9223372036854775808", TimeSpan.MinValue);
            yield return Stored("default", member, TimeSpan.MaxValue, "integer", "9223372036854775807", TimeSpan.MaxValue);
            yield return Stored("tsText", member, SpecSpan, "text", "'1.02:03:04.5678901'", SpecSpan);
            yield return Stored("tsText", member, -TimeSpan.FromMinutes(90), "text", "'-01:30:00'", -TimeSpan.FromMinutes(90));
            yield return Stored("tsText", member, TimeSpan.Zero, "text", "'00:00:00'", TimeSpan.Zero);
            yield return Stored("tsText", member, TimeSpan.MinValue, "text", "'-10675199.02:48:05.4775808'", TimeSpan.MinValue);
            yield return Stored("tsText", member, TimeSpan.MaxValue, "text", "'10675199.02:48:05.4775807'", TimeSpan.MaxValue);
        }

        foreach (var member in new[] { nameof(AllTypes.Decimal), nameof(AllTypes.NDecimal) })
        {
            yield return Stored("default", member, 0m, "real", "0.0", 0m);
            yield return Stored("default", member, 1.10m, "real", "1.1", 1.1m);
            yield return Stored("default", member, 0.1m, "real", "0.1", 0.1m);
            yield return Stored("default", member, 1234567890.123456789m, "real", "1234567890.1234567", 1234567890.12346m);
        }

        // Types whose encoding sqlite-net shares with MicroDb: unchanged under its format.
        yield return Stored("default", nameof(AllTypes.Bool), true, "integer", "1", true);
        yield return Stored("default", nameof(AllTypes.Int32), int.MinValue, "integer", "-2147483648", int.MinValue);
        yield return Stored("default", nameof(AllTypes.Int64), long.MaxValue, "integer", "9223372036854775807", long.MaxValue);
        yield return Stored("default", nameof(AllTypes.UInt32), uint.MaxValue, "integer", "4294967295", uint.MaxValue);
        yield return Stored("default", nameof(AllTypes.Byte), byte.MaxValue, "integer", "255", byte.MaxValue);
        yield return Stored("default", nameof(AllTypes.Single), 0.1f, "real", "0.10000000149011612", 0.1f);
        yield return Stored("default", nameof(AllTypes.Double), double.NaN, "null", "NULL", 0d);
        yield return Stored("default", nameof(AllTypes.Double), double.PositiveInfinity, "real", "9.0e+999", double.PositiveInfinity);
        yield return Stored("default", nameof(AllTypes.String), "Grüße, 日本語 🎉", "text", "'Grüße, 日本語 🎉'", "Grüße, 日本語 🎉");
        yield return Stored("default", nameof(AllTypes.Blob), new byte[] { 0, 1, 255 }, "blob", "X'0001FF'", new byte[] { 0, 1, 255 });
        yield return Stored("default", nameof(AllTypes.Blob), Array.Empty<byte>(), "blob", "X''", Array.Empty<byte>());
        yield return Stored("default", nameof(AllTypes.Guid), new Guid("0f8fad5b-d9cb-469f-a165-70867728950e"), "text", "'0f8fad5b-d9cb-469f-a165-70867728950e'", new Guid("0f8fad5b-d9cb-469f-a165-70867728950e"));
        yield return Stored("default", nameof(AllTypes.Color), Color.Green, "integer", "2", Color.Green);
        yield return Stored("default", nameof(AllTypes.Color), (Color)42, "integer", "42", (Color)42);
        yield return Stored("default", nameof(AllTypes.ColorText), Color.Green, "text", "'Green'", Color.Green);
        yield return Stored("default", nameof(AllTypes.NColorText), Color.Green, "text", "'Green'", Color.Green);
        yield return Stored("default", nameof(AllTypes.NInt32), null, "null", "NULL", null);
        yield return Stored("default", nameof(AllTypes.NDateTime), null, "null", "NULL", null);
        yield return Stored("dtText", nameof(AllTypes.NDateTime), null, "null", "NULL", null);
        yield return Stored("default", nameof(AllTypes.NDateTimeOffset), null, "null", "NULL", null);
        yield return Stored("tsText", nameof(AllTypes.NTimeSpan), null, "null", "NULL", null);
        yield return Stored("default", nameof(AllTypes.NDecimal), null, "null", "NULL", null);
    }

    [TestCaseSource(nameof(SqliteNetStoredCases))]
    public void SqliteNet_format_stores_what_sqlite_net_stores(string setting, string member, object? value, string storageClass, string quote, object? readBack)
    {
        var db = Open(tweak: o => o.Storage = SqliteNetSetting(setting));
        db.CreateTable<AllTypes>();
        var row = new AllTypes();
        typeof(AllTypes).GetProperty(member)!.SetValue(row, value);
        db.Insert(row);

        var column = SqlBuilder.Quote(member);
        AssertStored(db, column, " FROM AllTypes", [], storageClass, quote, "stored");
        AssertReadBack(readBack, typeof(AllTypes).GetProperty(member)!.GetValue(db.Get<AllTypes>(row.Id)), "read by the map");
        AssertReadBack(readBack, typeof(AllTypes).GetProperty(member)!.GetValue(db.Query<AllTypes>("SELECT * FROM AllTypes").Single()), "read by Query");

        if (member is nameof(AllTypes.ColorText) or nameof(AllTypes.NColorText))
        {
            // [StoreAsText] on a member says nothing about a bare enum argument, which binds as its number.
            return;
        }

        // Ad-hoc parameters encode like stored values (the spec's "As parameter" column equals the stored form).
        AssertStored(db, "?1", "", [value], storageClass, quote, "as a parameter");
        Assert.That(db.ExecuteScalar<string>("SELECT typeof(@v) || ' ' || quote(@v)", new Dictionary<string, object?> { ["v"] = value }),
            Is.EqualTo(db.ExecuteScalar<string>("SELECT typeof(?1) || ' ' || quote(?1)", value)), "as a named parameter");
    }

    /// <summary>
    /// Compares a storage class and quote() with the spec's. A REAL is compared by value: quote()'s spelling of a double
    /// differs between SQLite versions (the spec's build writes 1234567890.1234567, others 1.234567890123456717e+09).
    /// </summary>
    private static void AssertStored(MicroDbConnection db, string expression, string from, object?[] args, string storageClass, string quote, string what)
    {
        Assert.That(db.ExecuteScalar<string>($"SELECT typeof({expression}){from}", args), Is.EqualTo(storageClass), what);
        if (storageClass == "real")
        {
            Assert.That(db.ExecuteScalar<double>($"SELECT {expression}{from}", args), Is.EqualTo(double.Parse(quote, CultureInfo.InvariantCulture)), what);
        }
        else
        {
            Assert.That(db.ExecuteScalar<string>($"SELECT quote({expression}){from}", args), Is.EqualTo(quote), what);
        }
    }

    private static void AssertReadBack(object? expected, object? actual, string what)
    {
        switch (expected)
        {
            case DateTime de:
                Assert.That(actual, Is.TypeOf<DateTime>(), what);
                Assert.That(((DateTime)actual!, ((DateTime)actual!).Kind), Is.EqualTo((de, de.Kind)), what);
                break;
            case DateTimeOffset oe:
                Assert.That(actual, Is.TypeOf<DateTimeOffset>(), what);
                Assert.That(((DateTimeOffset)actual!, ((DateTimeOffset)actual!).Offset), Is.EqualTo((oe, oe.Offset)), what);
                break;
            case decimal me:
                Assert.That(((decimal)actual!).ToString(CultureInfo.InvariantCulture), Is.EqualTo(me.ToString(CultureInfo.InvariantCulture)), what);
                break;
            default:
                Assert.That(actual, Is.EqualTo(expected), what);
                break;
        }
    }

    [TestCase("default")]
    [TestCase("dtText")]
    [TestCase("dtCustom")]
    [TestCase("dtRoundTrip")]
    [TestCase("tsText")]
    public void Every_type_round_trips_under_the_sqlite_net_format(string setting)
    {
        var format = SqliteNetSetting(setting);
        var db = Open(tweak: o => o.Storage = format);
        db.CreateTable<AllTypes>();
        var samples = new[] { AllTypesSamples.Minimums(), AllTypesSamples.Maximums(), AllTypesSamples.Nulls() };

        // decimal.MaxValue/MinValue become a double that no decimal holds (sqlite-net fails to read them too).
        samples[0].Decimal = -1234.5m;
        samples[0].NDecimal = -1234.5m;
        samples[1].Decimal = 79228162514264m;
        foreach (var sample in samples)
        {
            db.Insert(sample);
            var expected = AsSqliteNetReadsBack(sample, format);
            AllTypesSamples.AssertSame(expected, db.Get<AllTypes>(sample.Id));
            AllTypesSamples.AssertSame(expected, db.Query<AllTypes>("SELECT * FROM AllTypes WHERE Id = ?", sample.Id).Single());
        }
    }

    /// <summary>What sqlite-net's format gives back for a value: the losses the spec measured, computed independently of MicroDb.</summary>
    private static AllTypes AsSqliteNetReadsBack(AllTypes written, StorageFormat format)
    {
        var back = (AllTypes)typeof(AllTypes).GetMethod("MemberwiseClone", System.Reflection.BindingFlags.Instance | System.Reflection.BindingFlags.NonPublic)!.Invoke(written, null)!;
        DateTime Dt(DateTime v)
        {
            if (format.StoreDateTimeAsTicks)
            {
                return new DateTime(v.Ticks);
            }

            var text = v.ToString(format.DateTimeStringFormat, CultureInfo.InvariantCulture);
            var roundTrip = format.DateTimeStringFormat is "o" or "O";
            return DateTime.ParseExact(text, format.DateTimeStringFormat, CultureInfo.InvariantCulture, roundTrip ? DateTimeStyles.RoundtripKind : DateTimeStyles.None);
        }

        back.DateTime = Dt(written.DateTime);
        back.DateTimeText = Dt(written.DateTimeText);
        back.NDateTime = written.NDateTime is { } a ? Dt(a) : null;
        back.NDateTimeText = written.NDateTimeText is { } b ? Dt(b) : null;
        back.DateTimeOffset = new DateTimeOffset(written.DateTimeOffset.UtcTicks, TimeSpan.Zero);
        back.NDateTimeOffset = written.NDateTimeOffset is { } c ? new DateTimeOffset(c.UtcTicks, TimeSpan.Zero) : null;
        back.Decimal = (decimal)(double)written.Decimal;
        back.NDecimal = written.NDecimal is { } d ? (decimal)(double)d : null;
        return back;
    }

    [Test]
    public void SqliteNet_format_keeps_MicroDb_encodings_for_types_sqlite_net_refuses()
    {
        var db = Open(tweak: o => o.Storage = StorageFormat.SqliteNet());
        db.CreateTable<AllTypes>();
        var row = new AllTypes { Char = 'Ω', UInt64 = ulong.MaxValue, DateOnly = new DateOnly(2024, 2, 29), TimeOnly = new TimeOnly(6, 7, 8), Size = Size.Huge };
        db.Insert(row);

        Assert.That(
            db.ExecuteScalar<string>("SELECT quote(Char) || '|' || quote(UInt64) || '|' || quote(DateOnly) || '|' || quote(TimeOnly) || '|' || quote(Size) FROM AllTypes"),
            Is.EqualTo("937|-1|'2024-02-29'|220280000000|9223372036854775807"));
        var back = db.Get<AllTypes>(row.Id);
        Assert.That((back.Char, back.UInt64, back.DateOnly, back.TimeOnly, back.Size), Is.EqualTo((row.Char, row.UInt64, row.DateOnly, row.TimeOnly, row.Size)));
    }

    [Test]
    public void SqliteNet_format_reads_DateTime_text_and_ticks_under_either_setting()
    {
        // A file may hold both forms (a setting changed over an app's life); sqlite-net reads text with its format.
        var db = Open(tweak: o => o.Storage = StorageFormat.SqliteNet());
        db.CreateTable<AllTypes>();
        var id = db.Insert(new AllTypes()) > 0 ? db.Table<AllTypes>().First().Id : 0;
        db.Execute("UPDATE AllTypes SET DateTime = '2024-03-05T06:07:08.123', DateTimeText = 638452156281234567, TimeSpan = '-01:30:00', DateTimeOffset = '2024-03-05T06:07:08+02:00' WHERE Id = ?", id);
        var back = db.Table<AllTypes>().First();
        Assert.That((back.DateTime, back.DateTime.Kind), Is.EqualTo((new DateTime(2024, 3, 5, 6, 7, 8, 123), DateTimeKind.Unspecified)));
        Assert.That(back.DateTimeText, Is.EqualTo(DateTime.SpecifyKind(SpecUtc, DateTimeKind.Unspecified)));
        Assert.That(back.TimeSpan, Is.EqualTo(-TimeSpan.FromMinutes(90)));
        Assert.That(back.DateTimeOffset, Is.EqualTo(new DateTimeOffset(2024, 3, 5, 6, 7, 8, TimeSpan.FromHours(2))));

        var text = Open(Path.Combine(Path.GetDirectoryName(DatabasePath)!, "text.db"), o => o.Storage = StorageFormat.SqliteNet(storeDateTimeAsTicks: false, dateTimeStringFormat: "yyyy-MM-dd HH:mm:ss"));
        text.CreateTable<AllTypes>();
        text.Insert(new AllTypes());
        text.Execute("UPDATE AllTypes SET DateTime = 638452156281234567");
        Assert.That(text.Table<AllTypes>().First().DateTime, Is.EqualTo(DateTime.SpecifyKind(SpecUtc, DateTimeKind.Unspecified)));
    }

    [TestCase("'not a date'", nameof(AllTypes.DateTime))]
    [TestCase("-5", nameof(AllTypes.DateTime))]
    [TestCase("3155378976000000000", nameof(AllTypes.DateTimeText))]
    [TestCase("-1", nameof(AllTypes.DateTimeOffset))]
    [TestCase("'soon'", nameof(AllTypes.TimeSpan))]
    [TestCase("7.9228162514264338e+28", nameof(AllTypes.Decimal))]
    public void SqliteNet_format_refuses_a_stored_value_out_of_range_naming_the_column(string literal, string member)
    {
        var db = Open(tweak: o => o.Storage = StorageFormat.SqliteNet());
        db.CreateTable<AllTypes>();
        db.Insert(new AllTypes());
        db.Execute($"UPDATE AllTypes SET {SqlBuilder.Quote(member)} = {literal}");
        var error = Assert.Throws<MicroDbException>(() => db.Table<AllTypes>().First());
        Assert.That(error!.Message, Does.Contain(member));
    }

    [Test]
    public void Two_connections_with_different_formats_each_keep_their_own()
    {
        var value = SpecUtc;
        var sqliteNet = Open(Path.Combine(Path.GetDirectoryName(DatabasePath)!, "sqlite-net.db"), o => o.Storage = StorageFormat.SqliteNet(storeDateTimeAsTicks: false));
        var microDb = Open();
        foreach (var db in new[] { sqliteNet, microDb })
        {
            db.CreateTable<AllTypes>();
            db.Insert(new AllTypes { DateTime = value, Decimal = 1.10m, DateTimeOffset = SpecPlus2 });
        }

        Assert.That(sqliteNet.ExecuteScalar<string>("SELECT quote(DateTime) || '|' || quote(Decimal) || '|' || quote(DateTimeOffset) FROM AllTypes"),
            Is.EqualTo("'2024-03-05T06:07:08.123'|1.1|638452084281234567"));
        Assert.That(microDb.ExecuteScalar<string>("SELECT quote(DateTime) || '|' || quote(Decimal) || '|' || quote(DateTimeOffset) FROM AllTypes"),
            Is.EqualTo("5250138174708622471|'1.10'|'2024-03-05T06:07:08.1234567+02:00'"));
        Assert.That(microDb.Table<AllTypes>().First().DateTime.Kind, Is.EqualTo(DateTimeKind.Utc));
        Assert.That(sqliteNet.Table<AllTypes>().First().DateTime.Kind, Is.EqualTo(DateTimeKind.Unspecified));
    }

    [Test]
    public void Connection_captures_the_format_it_opened_with()
    {
        var options = Configure(new MicroDbOptions(DatabasePath) { Mapping = Mode, Storage = StorageFormat.SqliteNet() });
        using var db = new MicroDbConnection(options);
        options.Storage = StorageFormat.MicroDb;
        db.CreateTable<AllTypes>();
        db.Insert(new AllTypes { Decimal = 1.5m });
        Assert.That(db.Storage, Is.EqualTo(StorageFormat.SqliteNet()));
        Assert.That(db.ExecuteScalar<string>("SELECT typeof(Decimal) FROM AllTypes"), Is.EqualTo("real"));
    }

    [Test]
    public void Null_storage_format_is_refused_when_the_connection_opens()
    {
        var options = Configure(new MicroDbOptions(DatabasePath) { Mapping = Mode, Storage = null! });
        var error = Assert.Throws<ArgumentException>(() => new MicroDbConnection(options).Dispose());
        Assert.That(error!.Message, Does.Contain("Storage"));
    }

    [Test]
    public void Primary_key_of_a_format_sensitive_type_binds_in_the_connection_format()
    {
        var db = Open(tweak: o => o.Storage = StorageFormat.SqliteNet(storeDateTimeAsTicks: false, dateTimeStringFormat: "yyyy-MM-dd HH:mm:ss"));
        db.CreateTable<Appointment>();
        var when = new DateTime(2024, 3, 5, 6, 7, 8);
        db.Insert(new Appointment { At = when, Label = "x" });
        Assert.That(db.ExecuteScalar<string>("SELECT quote(At) FROM Appointment"), Is.EqualTo("'2024-03-05 06:07:08'"));
        Assert.That(db.Find<Appointment>(when)?.Label, Is.EqualTo("x"));
        Assert.That(db.Get<Appointment>((object)when).Label, Is.EqualTo("x"));
        Assert.That(db.Delete<Appointment>(when), Is.EqualTo(1));
    }

    [Test]
    public async Task Pool_and_async_connections_open_every_connection_with_the_format()
    {
        var options = Configure(new MicroDbOptions(DatabasePath) { Mapping = Mode, Storage = StorageFormat.SqliteNet(storeTimeSpanAsTicks: false) });
        using (var pool = new MicroDbPool(new MicroDbPoolOptions(options) { ReaderCount = 2 }))
        {
            pool.Write(c => c.CreateTable<AllTypes>());
            pool.Write(c => c.Insert(new AllTypes { TimeSpan = TimeSpan.FromMinutes(-90), Decimal = 2.5m }));

            // Readers open on demand: ask two at once so both exist, each must read sqlite-net's text back.
            var reads = await Task.WhenAll(Enumerable.Range(0, 2).Select(_ => Task.Run(() => pool.Read(c => (c.Storage, c.Table<AllTypes>().First().TimeSpan)))));
            Assert.That(reads.Select(r => r.TimeSpan), Is.All.EqualTo(TimeSpan.FromMinutes(-90)));
            Assert.That(reads.Select(r => r.Storage), Is.All.EqualTo(StorageFormat.SqliteNet(storeTimeSpanAsTicks: false)));
            Assert.That(pool.Read(c => c.ExecuteScalar<string>("SELECT quote(TimeSpan) || '|' || typeof(Decimal) FROM AllTypes")), Is.EqualTo("'-01:30:00'|real"));
        }

        await using var db = new MicroDbAsyncConnection(options);
        await db.InsertAsync(new AllTypes { TimeSpan = TimeSpan.FromHours(25) });
        var rows = await db.QueryAsync<AllTypes>("SELECT * FROM AllTypes WHERE TimeSpan = ?", TimeSpan.FromHours(25));
        Assert.That(rows.Single().TimeSpan, Is.EqualTo(TimeSpan.FromHours(25)));
        Assert.That((await db.QueryAsync<AllTypes>("SELECT * FROM AllTypes WHERE TimeSpan = '1.01:00:00'")).Count, Is.EqualTo(1));
    }

    [Test]
    public void Added_not_null_columns_default_to_zero_in_the_sqlite_net_encoding()
    {
        var db = Open(tweak: o => o.Storage = StorageFormat.SqliteNet(storeDateTimeAsTicks: false, storeTimeSpanAsTicks: false));
        db.Execute("CREATE TABLE Ledger (Id INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL)");
        db.Execute("INSERT INTO Ledger DEFAULT VALUES");
        db.CreateTable<Ledger>();

        Assert.That(db.ExecuteScalar<string>("SELECT quote(Amount) || '|' || quote(At) || '|' || quote(\"When\") || '|' || quote(Span) FROM Ledger"),
            Is.EqualTo("0.0|'0001-01-01T00:00:00.000'|0|'00:00:00'"));
        Assert.That(db.GetTableInfo("Ledger").Select(c => c.Type), Is.EqualTo(new[] { "INTEGER", "float", "datetime", "bigint", "time" }));
        var row = db.Table<Ledger>().Single();
        Assert.That((row.Amount, row.At, row.When, row.Span), Is.EqualTo((0m, DateTime.MinValue, DateTimeOffset.MinValue, TimeSpan.Zero)));
    }

    [Test]
    public void Scalar_reads_and_arguments_follow_the_sqlite_net_format()
    {
        var db = Open(tweak: o => o.Storage = StorageFormat.SqliteNet(storeDateTimeAsTicks: false, dateTimeStringFormat: "yyyy-MM-dd HH:mm:ss", storeTimeSpanAsTicks: false));
        Assert.That(db.ExecuteScalar<DateTime>("SELECT '2024-03-05 06:07:08'"), Is.EqualTo(new DateTime(2024, 3, 5, 6, 7, 8)));
        Assert.That(db.ExecuteScalar<DateTime?>("SELECT ?", SpecUtc), Is.EqualTo(new DateTime(2024, 3, 5, 6, 7, 8)));
        Assert.That(db.ExecuteScalar<DateTimeOffset>("SELECT 638452084281234567"), Is.EqualTo(new DateTimeOffset(2024, 3, 5, 4, 7, 8, TimeSpan.Zero).AddTicks(1234567)));
        Assert.That(db.ExecuteScalar<decimal>("SELECT ?", 1.10m).ToString(CultureInfo.InvariantCulture), Is.EqualTo("1.1"));
        Assert.That(db.ExecuteScalar<TimeSpan>("SELECT ?", SpecSpan), Is.EqualTo(SpecSpan));
        Assert.That(db.QueryScalars<string>("SELECT typeof(?) || typeof(?) || typeof(?)", SpecPlus2, 2.5m, SpecSpan), Is.EqualTo(new[] { "integerrealtext" }));
        Assert.That(db.ExecuteScalar<string>("SELECT ?", SpecUtc), Is.EqualTo("2024-03-05 06:07:08"));
    }
}
