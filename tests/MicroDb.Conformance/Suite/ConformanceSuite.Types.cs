using MicroDb.Conformance.Models;

namespace MicroDb.Conformance;

public abstract partial class ConformanceSuite
{
    private static IEnumerable<TestCaseData> TypeSamples()
    {
        yield return new TestCaseData("minimums").SetName("{m}(minimums)");
        yield return new TestCaseData("maximums").SetName("{m}(maximums)");
        yield return new TestCaseData("nulls").SetName("{m}(nulls)");
    }

    private static AllTypes Sample(string name) => name switch
    {
        "minimums" => AllTypesSamples.Minimums(),
        "maximums" => AllTypesSamples.Maximums(),
        _ => AllTypesSamples.Nulls(),
    };

    [TestCaseSource(nameof(TypeSamples))]
    public void Every_type_round_trips_through_the_database(string sample)
    {
        var db = OpenWith<AllTypes>();
        var expected = Sample(sample);
        db.Insert(expected);

        AllTypesSamples.AssertSame(expected, db.Get<AllTypes>(expected.Id));
        AllTypesSamples.AssertSame(expected, db.Query<AllTypes>("SELECT * FROM AllTypes").Single());
    }

    [TestCaseSource(nameof(TypeSamples))]
    public void Every_type_round_trips_through_serialization(string sample)
    {
        var db = Open();
        var map = db.GetMap<AllTypes>();
        var expected = Sample(sample);
        using var stream = new MemoryStream();
        using (var writer = new BinaryWriter(stream, System.Text.Encoding.UTF8, leaveOpen: true))
        {
            map.Serialize(writer, expected);
        }

        stream.Position = 0;
        using var reader = new BinaryReader(stream);
        var actual = map.Deserialize(reader);

        AllTypesSamples.AssertSame(expected, actual);
        Assert.That(stream.Position, Is.EqualTo(stream.Length), "every byte written is read back");
    }

    [Test]
    public void Decimal_keeps_every_digit_and_its_scale()
    {
        var db = OpenWith<Order>();
        var values = new[] { 1.10m, 0.1m + 0.2m, 79228162514264337593543950335m, -0.0000000000000000000000000001m, 123456789012345678.9012345678m };
        foreach (var value in values)
        {
            db.Insert(new Order { Total = value });
        }

        var read = db.QueryScalars<decimal>("SELECT Total FROM orders ORDER BY Id");

        Assert.That(read.Select(v => v.ToString(System.Globalization.CultureInfo.InvariantCulture)), Is.EqualTo(values.Select(v => v.ToString(System.Globalization.CultureInfo.InvariantCulture))));
    }

    [Test]
    public void Storage_forms_are_the_documented_ones()
    {
        var db = OpenWith<AllTypes>();
        var value = AllTypesSamples.Maximums();
        value.Color = Color.Blue;
        value.ColorText = Color.Green;
        value.DateOnly = new DateOnly(2024, 2, 29);
        value.Guid = Guid.Parse("01234567-89ab-cdef-0123-456789abcdef");
        db.Insert(value);

        Assert.That(db.ExecuteScalar<string>("SELECT typeof(Color) || typeof(ColorText) || typeof(Decimal) || typeof(Guid) || typeof(DateTime) || typeof(DateTimeText) FROM AllTypes"), Is.EqualTo("integertexttexttextintegertext"));
        Assert.That(db.ExecuteScalar<long>("SELECT Color FROM AllTypes"), Is.EqualTo(3));
        Assert.That(db.ExecuteScalar<string>("SELECT ColorText FROM AllTypes"), Is.EqualTo("Green"));
        Assert.That(db.ExecuteScalar<string>("SELECT DateOnly FROM AllTypes"), Is.EqualTo("2024-02-29"));
        Assert.That(db.ExecuteScalar<string>("SELECT Guid FROM AllTypes"), Is.EqualTo("01234567-89ab-cdef-0123-456789abcdef"));
        Assert.That(db.ExecuteScalar<string>("SELECT DateTimeText FROM AllTypes"), Is.EqualTo("2030-01-02T03:04:05.6780009Z"));
    }

    [Test]
    public void Nan_and_infinities_round_trip()
    {
        var db = OpenWith<AllTypes>();
        db.Insert(new AllTypes { Double = double.PositiveInfinity, NDouble = double.NegativeInfinity, Single = float.NegativeInfinity });
        var read = db.Get<AllTypes>(1L);
        Assert.That((read.Double, read.NDouble, read.Single), Is.EqualTo((double.PositiveInfinity, double.NegativeInfinity, float.NegativeInfinity)));

        // SQLite stores NaN as NULL; reading it back into a non-nullable double gives 0, into a nullable one null.
        db.Insert(new AllTypes { Double = double.NaN, NDouble = double.NaN });
        var nan = db.Get<AllTypes>(2L);
        Assert.That(nan.NDouble, Is.Null);
    }

    [Test]
    public void Large_strings_and_blobs_round_trip()
    {
        var db = OpenWith<AllTypes>();
        var text = new string('x', 3_000_000) + "é";
        var blob = new byte[4_000_000];
        new Random(7).NextBytes(blob);
        db.Insert(new AllTypes { String = text, Blob = blob });

        var read = db.Get<AllTypes>(1L);

        Assert.That(read.String, Is.EqualTo(text));
        Assert.That(read.Blob, Is.EqualTo(blob));
    }

    [Test]
    public void Invalid_enum_name_in_the_database_is_a_clear_error()
    {
        var db = OpenWith<AllTypes>();
        db.Insert(new AllTypes());
        db.Execute("UPDATE AllTypes SET ColorText = 'Purple'");

        var error = Assert.Throws<MicroDbException>(() => db.Get<AllTypes>(1L));

        Assert.That(error!.Message, Does.Contain("ColorText").And.Contain("Purple"));
    }

    [Test]
    public void Undefined_enum_integer_is_read_as_its_value()
    {
        var db = OpenWith<AllTypes>();
        db.Insert(new AllTypes());
        db.Execute("UPDATE AllTypes SET Color = 42");

        Assert.That((int)db.Get<AllTypes>(1L).Color, Is.EqualTo(42));
    }

    [Test]
    public void Wrong_text_in_a_typed_column_is_a_clear_error_naming_the_column()
    {
        var db = OpenWith<AllTypes>();
        db.Insert(new AllTypes());
        db.Execute("UPDATE AllTypes SET Guid = 'not-a-guid', Decimal = '1.0'");

        var error = Assert.Throws<MicroDbException>(() => db.Get<AllTypes>(1L));

        Assert.That(error!.Message, Does.Contain("'Guid'").And.Contain("not-a-guid"));
    }
}
