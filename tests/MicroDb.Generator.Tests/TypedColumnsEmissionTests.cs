using MicroDb.Conformance;
using MicroDb.Conformance.Models;
using MicroDb.Generator.Tests.Infrastructure;
using MicroDb.Generator.Tests.Models;
using MicroDb.Mapping;

namespace MicroDb.Generator.Tests;

/// <summary>
/// Every generated map implements the provider-neutral <see cref="ITypedColumns{T}"/> (issue 24): one typed
/// <c>writer.Write</c> per column and a reader shaped like <c>Read</c>, whether or not the assembly uses serialization.
/// </summary>
public class TypedColumnsEmissionTests
{
    private const string Model = """
        using MicroDb;
        namespace Shop
        {
            public enum Tint { None, Red = 4 }

            [Table("items")]
            public class Item
            {
                [PrimaryKey, AutoIncrement] public int Id { get; set; }
                public string? Name { get; set; }
                public Tint Tint { get; set; }
                [StoreAsText] public Tint? Label { get; set; }
                public decimal? Price { get; set; }
            }
        }
        """;

    [Test]
    public void Every_map_implements_the_typed_columns_and_SQLite_binds_and_reads_through_them()
    {
        var result = GeneratorHarness.Run(Model);
        var map = result.Sources.Single(s => s.Key.EndsWith("ItemMap.g.cs", StringComparison.Ordinal)).Value;

        Assert.That(result.GeneratedCodeProblems, Is.Empty, () => result.Describe(result.GeneratedCodeProblems));
        Assert.That(map, Does.Contain("ITypedColumns<global::Shop.Item>")
            .And.Contain("protected override void WriteRow(ref SqliteColumnWriter writer, global::Shop.Item entity) => WriteColumns(entity, ref writer);")
            .And.Contain("protected override global::Shop.Item ReadRow(ref SqliteColumnReader reader) => ReadColumns(ref reader);")
            .And.Not.Contain("BindColumn").And.Not.Contain("statement."), "one binding and reading path, the contract");
    }

    [Test]
    public void A_map_without_serialization_implements_the_typed_columns()
    {
        var result = GeneratorHarness.Run(Model);
        Assert.That(result.GeneratedCodeProblems, Is.Empty, () => result.Describe(result.GeneratedCodeProblems));
        var map = result.Sources.Single(s => s.Key.EndsWith("ItemMap.g.cs", StringComparison.Ordinal)).Value;

        Assert.That(map, Does.Contain(": EntityMap<global::Shop.Item>, ITypedColumns<global::Shop.Item>")
            .And.Contain("public void WriteColumns<TWriter>(global::Shop.Item entity, ref TWriter writer) where TWriter : struct, IColumnValueWriter")
            .And.Contain("public global::Shop.Item ReadColumns<TReader>(ref TReader reader) where TReader : struct, IColumnValueReader")
            .And.Not.Contain("BinaryCodec"));
    }

    [Test]
    public void Each_column_is_one_typed_call_and_enums_cross_as_long_or_by_name()
    {
        var result = GeneratorHarness.Run(Model);
        var map = result.Sources.Single(s => s.Key.EndsWith("ItemMap.g.cs", StringComparison.Ordinal)).Value;

        Assert.That(map, Does.Contain("writer.Write(0, entity.Id);")
            .And.Contain("writer.Write(1, entity.Name);")
            .And.Contain("writer.Write(2, unchecked((long)entity.Tint));")
            .And.Contain("writer.Write(3, NullableEnumName(entity.Label, 3));")
            .And.Contain("writer.Write(4, entity.Price);")
            .And.Contain("if (reader.Contains(2)) entity.Tint = unchecked((global::Shop.Tint)reader.Read<long>(2));")
            .And.Contain("if (reader.Contains(3)) entity.Label = ReadNullableEnum<TReader, global::Shop.Tint>(ref reader, 3);")
            .And.Contain("if (reader.Contains(4)) entity.Price = reader.Read<decimal?>(4);"));
    }

    private static IEnumerable<TestCaseData> AllTypesSamplesCases()
    {
        yield return new TestCaseData(AllTypesSamples.Minimums()).SetArgDisplayNames("Minimums");
        yield return new TestCaseData(AllTypesSamples.Maximums()).SetArgDisplayNames("Maximums");
        yield return new TestCaseData(AllTypesSamples.Nulls()).SetArgDisplayNames("Nulls");
    }

    [TestCaseSource(nameof(AllTypesSamplesCases))]
    public void Every_kind_written_is_read_back_the_same(AllTypes sample)
    {
        var map = Typed<AllTypes>();
        var columns = EntityMapRegistry.GetGenerated<AllTypes>()!.Table.Columns;
        var writer = new RecordingWriter(columns.Count);
        map.WriteColumns(sample, ref writer);

        for (var i = 0; i < columns.Count; i++)
        {
            var member = typeof(AllTypes).GetProperty(columns[i].MemberName)!.PropertyType;
            var crossing = columns[i].Kind == ColumnKind.EnumText ? typeof(string)
                : columns[i].Kind == ColumnKind.Enum ? Nullable.GetUnderlyingType(member) is null ? typeof(long) : typeof(long?)
                : member;
            Assert.That(writer.Types[i], Is.EqualTo(crossing), columns[i].Name);
        }

        var reader = new ReplayingReader(writer.Values, null);
        var read = map.ReadColumns(ref reader);
        AllTypesSamples.AssertSame(sample, read);
    }

    [Test]
    public void A_column_the_row_lacks_keeps_the_new_entitys_value()
    {
        var map = Typed<Person>();
        var person = new Person { Name = "Ada", Email = "ada@example.invalid" };
        person.Visit();
        person.Feel(Mood.Grumpy);
        var writer = new RecordingWriter(5);
        map.WriteColumns(person, ref writer);

        var reader = new ReplayingReader(writer.Values, missing: 3);
        var read = map.ReadColumns(ref reader);

        Assert.That(read.Name, Is.EqualTo("Ada"));
        Assert.That(read.Email, Is.EqualTo("ada@example.invalid"), "init-only member");
        Assert.That(read.Mood, Is.EqualTo(Mood.Grumpy), "protected setter");
        Assert.That(read.Visits, Is.Zero, "column 3 (Visits) is not in the row");
    }

    [Test]
    public void Constructor_models_are_built_from_the_typed_reader()
    {
        var point = new Point(3, "three", 1.5);
        var pointMap = Typed<Point>();
        var writer = new RecordingWriter(3);
        pointMap.WriteColumns(point, ref writer);
        var reader = new ReplayingReader(writer.Values, null);
        Assert.That(pointMap.ReadColumns(ref reader), Is.EqualTo(point));

        var tag = new Tag(9, "blue") { Pinned = true };
        var tagMap = Typed<Tag>();
        writer = new RecordingWriter(3);
        tagMap.WriteColumns(tag, ref writer);
        reader = new ReplayingReader(writer.Values, null);
        var readTag = tagMap.ReadColumns(ref reader);
        Assert.That((readTag.Id, readTag.Name, readTag.Pinned), Is.EqualTo((9L, "blue", true)));
    }

    private static ITypedColumns<T> Typed<T>()
    {
        var map = EntityMapRegistry.GetGenerated<T>();
        Assert.That(map, Is.InstanceOf<ITypedColumns<T>>(), typeof(T).Name);
        return (ITypedColumns<T>)map!;
    }

    /// <summary>Keeps each value (boxed: this is a test) and the type it arrived as.</summary>
    private readonly struct RecordingWriter(int count) : IColumnValueWriter
    {
        public object?[] Values { get; } = new object?[count];

        public Type[] Types { get; } = new Type[count];

        public void Write<TValue>(int columnIndex, TValue value)
        {
            Values[columnIndex] = value;
            Types[columnIndex] = typeof(TValue);
        }
    }

    /// <summary>Hands back what <see cref="RecordingWriter"/> kept, as the type asked for; one column can be left out.</summary>
    private readonly struct ReplayingReader(object?[] values, int? missing) : IColumnValueReader
    {
        public bool Contains(int columnIndex) => columnIndex != missing;

        public TValue Read<TValue>(int columnIndex) => (TValue)values[columnIndex]!;
    }
}
