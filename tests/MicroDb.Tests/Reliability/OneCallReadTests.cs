using MicroDb.Conformance.Models;

namespace MicroDb.Tests.Reliability;

/// <summary>
/// The readers take one native call per column where the value tells NULL and the expected storage apart, and fall
/// back to asking the storage class only for surprising values. These cases are the surprising ones: each must still
/// read exactly what is stored (the errors for wrong stored values are in <see cref="BadInputTests"/>).
/// </summary>
[TestFixture]
public sealed class OneCallReadTests : ReliabilityFixture
{
    [Test]
    public void Empty_text_and_empty_blob_are_not_NULL()
    {
        var db = OpenWith<AllTypes>();
        db.Insert(new AllTypes { String = "", Blob = [] });
        db.Insert(new AllTypes { String = null, Blob = null });

        var rows = db.Query<AllTypes>("SELECT * FROM AllTypes ORDER BY Id");

        Assert.That((rows[0].String, rows[0].Blob?.Length), Is.EqualTo(("", (int?)0)));
        Assert.That((rows[1].String, rows[1].Blob), Is.EqualTo(((string?)null, (byte[]?)null)));
        Assert.That(db.Query<AllTypes>("SELECT 1 AS Id, x'' AS String, '' AS Blob").Single().String, Is.EqualTo(""));
    }

    [Test]
    public void Nullable_members_tell_NULL_from_zero_for_every_kind()
    {
        var db = OpenWith<AllTypes>();
        // Color has no member for 0, and an enum stored by name stores only names: NColorText holds its first name.
        var zeros = new AllTypes
        {
            NBool = false, NByte = 0, NSByte = 0, NInt16 = 0, NUInt16 = 0, NInt32 = 0, NUInt32 = 0, NInt64 = 0, NUInt64 = 0,
            NSingle = 0, NDouble = 0, NDecimal = 0, NChar = '\0', NGuid = Guid.Empty, NDateTime = DateTime.MinValue,
            NDateTimeText = DateTime.MinValue, NDateTimeOffset = DateTimeOffset.MinValue, NTimeSpan = TimeSpan.Zero,
            NDateOnly = DateOnly.MinValue, NTimeOnly = TimeOnly.MinValue, NColor = 0, NColorText = Color.Red,
        };
        var nulls = new AllTypes();
        db.InsertAll(new[] { zeros, nulls, Conformance.AllTypesSamples.Maximums() });

        var rows = db.Query<AllTypes>("SELECT * FROM AllTypes ORDER BY Id");

        Conformance.AllTypesSamples.AssertSame(zeros, rows[0]);
        Conformance.AllTypesSamples.AssertSame(nulls, rows[1]);
        Conformance.AllTypesSamples.AssertSame(Conformance.AllTypesSamples.Maximums(), rows[2]);
    }

    [Test]
    public void Date_text_in_an_integer_DateTime_column_reads_as_the_date_not_its_numeric_prefix()
    {
        // SQLite reads '2024-05-01' as the integer 2024: a value that small asks the storage class and parses the text.
        var db = OpenWith<AllTypes>();
        db.Insert(new AllTypes());
        db.Execute("UPDATE AllTypes SET DateTime = '2024-05-01T10:30:00.0000000Z', NDateTime = '20240501'");
        db.Execute("UPDATE AllTypes SET NDateTime = '2024-05-01'");

        var read = db.Get<AllTypes>(1L);

        Assert.That(read.DateTime, Is.EqualTo(new DateTime(2024, 5, 1, 10, 30, 0, DateTimeKind.Utc)));
        Assert.That(read.DateTime.Kind, Is.EqualTo(DateTimeKind.Utc));
        Assert.That(read.NDateTime, Is.EqualTo(new DateTime(2024, 5, 1)));
    }

    [Test]
    public void Dates_before_the_text_prefix_limit_round_trip_on_the_exact_path()
    {
        var early = new DateTime(317, 12, 31, 23, 59, 59, DateTimeKind.Utc);
        var first = new DateTime(1, DateTimeKind.Local);
        foreach (var format in new[] { StorageFormat.MicroDb, StorageFormat.SqliteNet() })
        {
            var db = OpenWith<AllTypes>(Path.Combine(Folder, format.Kind + ".db"), o => o.Storage = format);
            db.Insert(new AllTypes { DateTime = early, NDateTime = first, TimeSpan = TimeSpan.FromTicks(5), NTimeSpan = TimeSpan.FromTicks(-99_999_999), DateTimeOffset = new DateTimeOffset(early) });

            var read = db.Get<AllTypes>(1L);

            var kept = format.Kind == StorageFormatKind.MicroDb;
            Assert.That(read.DateTime, Is.EqualTo(early), format.ToString());
            Assert.That(read.DateTime.Kind, Is.EqualTo(kept ? DateTimeKind.Utc : DateTimeKind.Unspecified), format.ToString());
            Assert.That(read.NDateTime!.Value.Ticks, Is.EqualTo(1), format.ToString());
            Assert.That((read.TimeSpan.Ticks, read.NTimeSpan!.Value.Ticks), Is.EqualTo((5L, -99_999_999L)), format.ToString());
            Assert.That(read.DateTimeOffset.UtcTicks, Is.EqualTo(early.Ticks), format.ToString());
        }
    }

    [Test]
    public void Text_in_sqlite_net_tick_columns_reads_as_text_not_its_numeric_prefix()
    {
        var db = OpenWith<AllTypes>(tweak: o => o.Storage = StorageFormat.SqliteNet());
        db.Insert(new AllTypes());
        db.Execute("UPDATE AllTypes SET DateTime = '2024-05-01 10:30:00', NDateTimeOffset = '2024-05-01T10:30:00+02:00', TimeSpan = '1.02:03:04', NTimeSpan = '00:00:05'");

        var read = db.Get<AllTypes>(1L);

        Assert.That(read.DateTime, Is.EqualTo(new DateTime(2024, 5, 1, 10, 30, 0)));
        Assert.That(read.NDateTimeOffset, Is.EqualTo(new DateTimeOffset(2024, 5, 1, 10, 30, 0, TimeSpan.FromHours(2))));
        Assert.That((read.TimeSpan, read.NTimeSpan), Is.EqualTo((new TimeSpan(1, 2, 3, 4), (TimeSpan?)TimeSpan.FromSeconds(5))));
    }

    [Test]
    public void Guids_stored_other_ways_than_MicroDb_text_still_read()
    {
        var guid = Guid.Parse("01234567-89ab-cdef-0123-456789abcdef");
        var db = OpenWith<AllTypes>();
        db.Insert(new AllTypes());
        db.Execute("UPDATE AllTypes SET Guid = ?, NGuid = '{01234567-89AB-CDEF-0123-456789ABCDEF}'", guid.ToByteArray());

        var read = db.Get<AllTypes>(1L);

        Assert.That((read.Guid, read.NGuid), Is.EqualTo((guid, (Guid?)guid)));
    }

    [Test]
    public void A_sixteen_character_text_in_a_Guid_column_is_an_error_not_a_blob()
    {
        var db = OpenWith<AllTypes>();
        db.Insert(new AllTypes());
        db.Execute("UPDATE AllTypes SET Guid = 'abcdefghijklmnop'");

        var error = Assert.Throws<MicroDbException>(() => db.Get<AllTypes>(1L));

        Assert.That(error!.Message, Does.Contain("'Guid'").And.Contain("abcdefghijklmnop").And.Contain("not a valid Guid"));
    }
}
