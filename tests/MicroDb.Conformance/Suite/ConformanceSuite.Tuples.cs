using System.Globalization;
using System.Runtime.CompilerServices;
using MicroDb.Concurrency;
using MicroDb.Conformance.Models;

namespace MicroDb.Conformance;

// Value tuples as results of ad-hoc SQL (columns by position, each element read as a mapped member of its type) and
// record structs as results of Select projections.
public abstract partial class ConformanceSuite
{
    private static IEnumerable<TestCaseData> TupleFormats()
    {
        yield return new TestCaseData("microdb").SetName("{m}(microdb)");
        yield return new TestCaseData("sqlite-net").SetName("{m}(sqlite-net)");
    }

    private MicroDbConnection OpenTupleDb(string format) =>
        Open(tweak: o => o.Storage = format == "sqlite-net" ? StorageFormat.SqliteNet() : o.Storage);

    /// <summary>Each element as text that tells apart what equality does not: DateTime kinds, decimal scales, bytes.</summary>
    private static List<string> Elements(ITuple tuple) =>
        [.. Enumerable.Range(0, tuple.Length).Select(i => tuple[i] switch
        {
            null => "null",
            DateTime d => d.Ticks.ToString(CultureInfo.InvariantCulture) + "/" + d.Kind,
            DateTimeOffset d => d.ToString("o", CultureInfo.InvariantCulture),
            byte[] b => Convert.ToHexString(b),
            IFormattable f => f.GetType().Name + ":" + f.ToString(null, CultureInfo.InvariantCulture),
            var other => other.ToString()!,
        })];

    private static void AssertSameElements<TTuple>(List<TTuple> actual, IEnumerable<TTuple> expected)
        where TTuple : ITuple
    {
        Assert.That(actual.Select(t => Elements(t)), Is.EqualTo(expected.Select(t => Elements(t))));
    }

    private static AllTypes TupleSample() => new()
    {
        Bool = true, Byte = 7, SByte = -7, Int16 = -300, UInt16 = 60000, Int32 = -70000, UInt32 = 4000000000, Int64 = -5000000000,
        UInt64 = 18000000000000000000, Single = 1.5f, Double = -2.25, Decimal = 12.340m, Char = 'é', String = "text", Blob = [1, 2, 3],
        Guid = new Guid("0f8fad5b-d9cb-469f-a165-70867728950e"), DateTime = new DateTime(2024, 3, 5, 6, 7, 8, DateTimeKind.Utc).AddTicks(1234567),
        DateTimeOffset = new DateTimeOffset(2024, 3, 5, 6, 7, 8, TimeSpan.FromHours(2)), TimeSpan = TimeSpan.FromMinutes(90.5),
        DateOnly = new DateOnly(2024, 2, 29), TimeOnly = new TimeOnly(23, 59, 58), Color = Color.Blue, ColorText = Color.Green,
        DateTimeText = new DateTime(2021, 6, 7, 8, 9, 10, DateTimeKind.Utc), NDecimal = 0.5m, NDateTime = new DateTime(2020, 1, 2, 3, 4, 5, DateTimeKind.Local), NDateTimeOffset = DateTimeOffset.UnixEpoch,
        NColor = Color.Green, NInt32 = 42, NGuid = Guid.Empty, NTimeSpan = TimeSpan.Zero,
    };

    [Test]
    public void Query_into_value_tuple_reads_columns_by_position_whatever_their_names()
    {
        var db = OpenWith<Person>();
        db.InsertAll(SetBasedPeople());

        var rows = db.Query<(long Id, string Name, string? Email)>("SELECT Id, Name, Email FROM people WHERE Age > ? ORDER BY Id", 29);
        var swapped = db.Query<(string Name, long Id)>("SELECT Name AS Id, Id AS Name FROM people ORDER BY people.Id");

        var people = db.Table<Person>().OrderBy(p => p.Id).ToList();
        Assert.That(rows, Is.EqualTo(people.Where(p => p.Age > 29).Select(p => ((long)p.Id, p.Name, p.Email))));
        Assert.That(swapped, Is.EqualTo(people.Select(p => (p.Name, (long)p.Id))));
    }

    [TestCaseSource(nameof(TupleFormats))]
    public void Query_into_value_tuple_reads_each_element_as_a_mapped_member_of_its_type(string format)
    {
        var db = OpenTupleDb(format);
        db.CreateTable<AllTypes>();
        // sqlite-net's format stores decimals as REAL, which the extremes do not survive: a typical row there.
        db.InsertAll(format == "sqlite-net"
            ? new[] { TupleSample(), AllTypesSamples.Nulls() }
            : new[] { AllTypesSamples.Minimums(), AllTypesSamples.Maximums(), TupleSample(), AllTypesSamples.Nulls() });
        var mapped = db.Query<AllTypes>("SELECT * FROM AllTypes ORDER BY Id");

        AssertSameElements(
            db.Query<(long, bool, byte, sbyte, short, ushort, int)>("SELECT Id, Bool, Byte, SByte, Int16, UInt16, Int32 FROM AllTypes ORDER BY Id"),
            mapped.Select(x => (x.Id, x.Bool, x.Byte, x.SByte, x.Int16, x.UInt16, x.Int32)));
        AssertSameElements(
            db.Query<(uint, long, ulong, float, double, decimal, char)>("SELECT UInt32, Int64, UInt64, Single, Double, Decimal, Char FROM AllTypes ORDER BY Id"),
            mapped.Select(x => (x.UInt32, x.Int64, x.UInt64, x.Single, x.Double, x.Decimal, x.Char)));
        AssertSameElements(
            db.Query<(string?, byte[]?, Guid, DateTime, DateTimeOffset, TimeSpan, DateOnly)>("SELECT String, Blob, Guid, DateTime, DateTimeOffset, TimeSpan, DateOnly FROM AllTypes ORDER BY Id"),
            mapped.Select(x => (x.String, x.Blob, x.Guid, x.DateTime, x.DateTimeOffset, x.TimeSpan, x.DateOnly)));
        AssertSameElements(
            db.Query<(TimeOnly, Color, Color, Size, Planet, Flags64, DateTime)>("SELECT TimeOnly, Color, ColorText, Size, Planet, Flags, DateTimeText FROM AllTypes ORDER BY Id"),
            mapped.Select(x => (x.TimeOnly, x.Color, x.ColorText, x.Size, x.Planet, x.Flags, x.DateTimeText)));
        AssertSameElements(
            db.Query<(decimal?, DateTime?, DateTimeOffset?, Color?, int?, Guid?, TimeSpan?)>("SELECT NDecimal, NDateTime, NDateTimeOffset, NColor, NInt32, NGuid, NTimeSpan FROM AllTypes ORDER BY Id"),
            mapped.Select(x => (x.NDecimal, x.NDateTime, x.NDateTimeOffset, x.NColor, x.NInt32, x.NGuid, x.NTimeSpan)));
    }

    [Test]
    public async Task Value_tuples_come_from_FindWithQuery_DeferredQuery_and_the_async_connection()
    {
        var db = OpenWith<Person>();
        db.InsertAll(SetBasedPeople());
        const string sql = "SELECT Name, Age FROM people ORDER BY Age";
        var expected = db.Table<Person>().OrderBy(p => p.Age).ToList().Select(p => (p.Name, p.Age)).ToList();

        Assert.That(db.FindWithQuery<(string Name, int Age)>(sql), Is.EqualTo(expected[0]));
        Assert.That(db.FindWithQuery<(string Name, int Age)>(sql + " LIMIT 0"), Is.EqualTo(default((string, int))));
        Assert.That(db.DeferredQuery<(string Name, int Age)>(sql).ToList(), Is.EqualTo(expected));
        db.Dispose();

        await using var pool = new MicroDbAsyncConnection(Configure(new MicroDbOptions(DatabasePath) { Mapping = Mode }));
        Assert.That(await pool.QueryAsync<(string Name, int Age)>(sql), Is.EqualTo(expected));
        var streamed = new List<(string, int)>();
        await foreach (var row in pool.DeferredQueryAsync<(string Name, int Age)>(sql))
        {
            streamed.Add(row);
        }

        Assert.That(streamed, Is.EqualTo(expected));
    }

    [Test]
    public void Query_into_value_tuple_with_another_column_count_names_both_counts()
    {
        var db = OpenWith<Person>();
        db.InsertAll(SetBasedPeople());

        var tooMany = Assert.Throws<MicroDbMappingException>(() => db.Query<(long, string)>("SELECT Id, Name, Age FROM people"));
        Assert.That(tooMany!.Message, Does.Contain("3 column(s)").And.Contain("2 element(s)"));
        var tooFew = Assert.Throws<MicroDbMappingException>(() => db.FindWithQuery<(long, string, int)>("SELECT Id FROM people"));
        Assert.That(tooFew!.Message, Does.Contain("1 column(s)").And.Contain("3 element(s)"));
        Assert.That(db.Table<Person>().Count(), Is.EqualTo(SetBasedPeople().Count));
    }

    [Test]
    public void Query_into_value_tuple_refuses_an_unstored_element_type_and_eight_elements()
    {
        var db = OpenWith<Person>();
        db.Insert(new Person { Name = "Ada", Age = 36 });

        var unstored = Assert.Throws<NotSupportedException>(() => db.Query<(long, List<int>?)>("SELECT Id, NULL FROM people"));
        Assert.That(unstored!.Message, Does.Contain("Item2").And.Contain("List"));
        var eight = Assert.Throws<NotSupportedException>(() => db.Query<(int, int, int, int, int, int, int, int)>("SELECT 1, 2, 3, 4, 5, 6, 7, 8"));
        Assert.That(eight!.Message, Does.Contain("at most 7"));
        Assert.That(db.Table<Person>().Count(), Is.EqualTo(1));
    }

    [Test]
    public void Query_into_value_tuple_refuses_NULL_into_a_non_nullable_element_and_reads_it_into_a_nullable_one()
    {
        var db = OpenWith<Person>();
        db.Insert(new Person { Name = "Ada", Age = 36 });

        var error = Assert.Throws<MicroDbException>(() => db.Query<(string, Guid)>("SELECT Name, Email AS Missing FROM people"));
        Assert.That(error!.Message, Does.Contain("'Missing' is NULL"));
        Assert.That(db.Query<(string, Guid?, string?)>("SELECT Name, Email, Email FROM people"), Is.EqualTo(new[] { ("Ada", (Guid?)null, (string?)null) }));
        Assert.That(db.Table<Person>().Count(), Is.EqualTo(1));

        // The error a mapped member of that type gives for the same NULL.
        db.CreateTable<AllTypes>();
        db.Insert(new AllTypes());
        var mapped = Assert.Throws<MicroDbException>(() => db.Query<AllTypes>("SELECT Id, NULL AS Guid FROM AllTypes"));
        var tuple = Assert.Throws<MicroDbException>(() => db.Query<(long, Guid)>("SELECT Id, NULL AS Guid FROM AllTypes"));
        Assert.That(tuple!.GetType(), Is.EqualTo(mapped!.GetType()));
        Assert.That(tuple.Message, Is.EqualTo(mapped.Message));
    }

    [Test]
    public void Select_into_record_struct_fills_it_through_its_constructor()
    {
        var db = OpenWith<Person>();
        db.InsertAll(SetBasedPeople());

        var rows = db.Table<Person>().Where(p => p.Age > 25).OrderBy(p => p.Name).Select(p => new PersonStruct(p.Id, p.Name, p.Age + 1)).ToList();

        var expected = db.Table<Person>().ToList().Where(p => p.Age > 25).OrderBy(p => p.Name, StringComparer.Ordinal).Select(p => new PersonStruct(p.Id, p.Name, p.Age + 1));
        Assert.That(rows, Is.EqualTo(expected));
    }

    [Test]
    public void Query_into_record_struct_is_refused_as_a_model_naming_the_rule()
    {
        var db = OpenWith<Person>();
        db.Insert(new Person { Name = "Ada", Age = 36 });

        // Mapped types are classes (MDB0007); a struct result of ad-hoc SQL is a value tuple, or a Select projection.
        var error = Assert.Throws<MicroDbMappingException>(() => db.Query<PersonStruct>("SELECT Id, Name, Age FROM people"));
        Assert.That(error!.Message, Does.Contain("MDB0007").And.Contain("struct"));
        Assert.That(db.Query<(int, string, int)>("SELECT Id, Name, Age FROM people"), Is.EqualTo(new[] { (1, "Ada", 36) }));
    }
}
