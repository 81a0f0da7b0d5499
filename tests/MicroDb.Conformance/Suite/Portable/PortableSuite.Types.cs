using MicroDb.Conformance.Models;

namespace MicroDb.Conformance.Portable;

public abstract partial class PortableSuite
{
    private static AllTypes Sample(string name) => name switch
    {
        nameof(AllTypesSamples.Minimums) => AllTypesSamples.Minimums(),
        nameof(AllTypesSamples.Maximums) => AllTypesSamples.Maximums(),
        nameof(AllTypesSamples.Nulls) => AllTypesSamples.Nulls(),
        _ => throw new ArgumentOutOfRangeException(nameof(name), name, null),
    };

    [TestCase(nameof(AllTypesSamples.Minimums))]
    [TestCase(nameof(AllTypesSamples.Maximums))]
    [TestCase(nameof(AllTypesSamples.Nulls))]
    public void Portable_every_type_round_trips(string sample)
    {
        var db = OpenWith<AllTypes>();
        var written = Sample(sample);
        db.Insert(written);

        AllTypesSamples.AssertSame(Stored(Sample(sample)), db.Get<AllTypes>(written.Id));
        AllTypesSamples.AssertSame(Stored(Sample(sample)), db.Table<AllTypes>().Single());
    }

    [Test]
    public void Portable_every_type_survives_Update()
    {
        var db = OpenWith<AllTypes>();
        var row = AllTypesSamples.Nulls();
        db.Insert(row);
        var maximums = AllTypesSamples.Maximums();
        maximums.Id = row.Id;

        Assert.That(db.Update(maximums), Is.EqualTo(1));

        AllTypesSamples.AssertSame(Stored(AllTypesSamples.Maximums()), db.Get<AllTypes>(row.Id));
    }

    [Test]
    public void Portable_decimal_keeps_every_digit_and_its_scale()
    {
        var db = OpenWith<AllTypes>();
        decimal[] values = [1.10m, 0.0000000000000000000000000001m, -79228162514264337593543950335m, 123456789012345678.90123456789m, 0m, 1.000m];
        foreach (var value in values)
        {
            db.Insert(new AllTypes { Decimal = value, NDecimal = value });
        }

        var read = db.Table<AllTypes>().OrderBy(x => x.Id).ToList();

        Assert.That(read.Select(x => x.Decimal.ToString(System.Globalization.CultureInfo.InvariantCulture)),
            Is.EqualTo(values.Select(v => v.ToString(System.Globalization.CultureInfo.InvariantCulture))));
        Assert.That(read.Select(x => x.NDecimal), Is.EqualTo(values.Select(v => (decimal?)v)));
    }

    [Test]
    public void Portable_infinities_round_trip()
    {
        var db = OpenWith<AllTypes>();
        var row = new AllTypes { Double = double.PositiveInfinity, NDouble = double.NegativeInfinity, Single = float.NegativeInfinity, NSingle = float.PositiveInfinity };
        db.Insert(row);

        var read = db.Get<AllTypes>(row.Id);

        Assert.That((read.Double, read.NDouble, read.Single, read.NSingle),
            Is.EqualTo((double.PositiveInfinity, (double?)double.NegativeInfinity, float.NegativeInfinity, (float?)float.PositiveInfinity)));
    }

    [Test]
    public void Portable_large_strings_and_blobs_round_trip()
    {
        var db = OpenWith<AllTypes>();
        var text = string.Concat(Enumerable.Range(0, 200_000).Select(i => (char)('a' + i % 26)));
        var blob = Enumerable.Range(0, 1_000_000).Select(i => (byte)(i * 7)).ToArray();
        var row = new AllTypes { String = text, Blob = blob };
        db.Insert(row);

        var read = db.Get<AllTypes>(row.Id);

        Assert.That(read.String, Is.EqualTo(text));
        Assert.That(read.Blob, Is.EqualTo(blob));
    }

    [Test]
    public void Portable_values_that_look_like_sql_are_stored_literally()
    {
        var db = OpenWith<Person>();
        const string name = "Robert'); DROP TABLE people;-- $1 ? \"x\"";
        db.Insert(new Person { Name = name });

        Assert.That(db.Get<Person>(1).Name, Is.EqualTo(name));
        Assert.That(db.Table<Person>().Where(p => p.Name == name).Count(), Is.EqualTo(1));
    }
}
