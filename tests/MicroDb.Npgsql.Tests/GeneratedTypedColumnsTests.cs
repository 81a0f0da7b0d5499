using System.Text;
using MicroDb.Mapping;
using MicroDb.Runtime.Reflection;

namespace MicroDb.Npgsql.Tests;

/// <summary>
/// Generated maps on the typed provider contract (issue 24): this project has no <c>MicroDbSerialization</c>, so its
/// generated maps reach PostgreSQL only through <see cref="ITypedColumns{T}"/>, and they must hand Npgsql exactly what
/// reflection maps hand it.
/// </summary>
public sealed class GeneratedTypedColumnsTests
{
    [OneTimeSetUp]
    public void EnableReflection() => ReflectionMaps.Enable();

    private static EveryKind Sample() => new()
    {
        Id = 12,
        Flag = true,
        Byte = 254,
        SByte = -127,
        Int16 = -2,
        UInt16 = 65534,
        Int32 = 123456,
        UInt32 = 4000000000,
        Int64 = -9000000000,
        UInt64 = 18000000000000000000,
        Single = -0.25f,
        Double = 1e300,
        Decimal = 0.0001m,
        Char = 'Ω',
        Text = "text",
        Blob = [9, 8],
        Guid = Guid.Parse("0f8fad5b-d9cb-469f-a165-70867728950e"),
        When = new DateTime(2001, 2, 3, 4, 5, 6, 7),
        WhenText = new DateTime(1970, 1, 1, 0, 0, 1),
        At = new DateTimeOffset(2022, 5, 6, 7, 8, 9, TimeSpan.FromHours(2)),
        Span = TimeSpan.FromTicks(-10),
        Day = new DateOnly(2020, 2, 29),
        Time = new TimeOnly(1, 2, 3),
        Shade = Shade.Red,
        ShadeText = Shade.Blue,
        Link = new Uri("relative/path", UriKind.Relative),
        Notes = new StringBuilder("sb"),
        MaybeInt = -1,
        MaybeGuid = Guid.Parse("7c9e6679-7425-40de-944b-e07fc1f90ae7"),
        MaybeWhen = null,
        MaybeUInt64 = 0,
    };

    [Test]
    public void Generated_maps_implement_the_typed_columns_without_serialization()
    {
        var map = EntityMapRegistry.GetGenerated<EveryKind>();

        Assert.That(map, Is.Not.Null);
        Assert.That(map, Is.InstanceOf<ITypedColumns<EveryKind>>());
        Assert.That(map!.CanSerialize, Is.False, "this project does not ask for serialization, so the Npgsql path cannot be using it");
    }

    [Test]
    public void Generated_and_reflection_maps_write_identical_values()
    {
        var generated = (ITypedColumns<EveryKind>)EntityMapRegistry.GetGenerated<EveryKind>()!;
        var reflection = (ITypedColumns<EveryKind>)ReflectionMaps.For<EveryKind>();
        foreach (var entity in new[] { Sample(), new EveryKind() })
        {
            var fromGenerated = new RecordingWriter(31);
            var fromReflection = new RecordingWriter(31);
            generated.WriteColumns(entity, ref fromGenerated);
            reflection.WriteColumns(entity, ref fromReflection);

            Assert.That(fromGenerated.Types, Is.EqualTo(fromReflection.Types), "the type each value crosses as");
            Assert.That(fromGenerated.Values, Is.EqualTo(fromReflection.Values), "the values");
            Assert.That(fromGenerated.Types, Does.Not.Contain(null), "every column written once");
        }
    }

    [Test]
    public void Generated_map_writes_every_value_type_column_without_allocating()
    {
        var map = EntityMapRegistry.GetGenerated<TypedColumnsTests.Numbers>();
        Assert.That(map, Is.InstanceOf<ITypedColumns<TypedColumnsTests.Numbers>>());
        var typed = (ITypedColumns<TypedColumnsTests.Numbers>)map!;
        var entity = new TypedColumnsTests.Numbers { Id = 1, Big = 2, Ratio = 3, Money = 4, Key = Guid.NewGuid(), When = DateTime.Now, Maybe = 5 };
        var writer = new CountingWriter();
        typed.WriteColumns(entity, ref writer);
        Assert.That((writer.Count, writer.NonDefault), Is.EqualTo((7, 7)));

        var before = GC.GetAllocatedBytesForCurrentThread();
        for (var i = 0; i < 1000; i++)
        {
            typed.WriteColumns(entity, ref writer);
        }

        Assert.That(GC.GetAllocatedBytesForCurrentThread() - before, Is.Zero);
        Assert.That(writer.Count, Is.EqualTo(7 * 1001));
    }

    [Test]
    public void Rows_written_by_one_mapping_path_read_the_same_through_the_other()
    {
        using var generated = new MicroDbNpgsqlConnection(PostgresServer.DataSource, MappingMode.Generated);
        using var reflection = new MicroDbNpgsqlConnection(PostgresServer.DataSource, MappingMode.Reflection);
        generated.Execute("DROP TABLE IF EXISTS pg_every_kind");
        generated.CreateTable<EveryKind>();

        var first = Sample();
        var second = Sample();
        generated.Insert(first);
        reflection.Insert(second);

        foreach (var id in new[] { first.Id, second.Id })
        {
            var a = new RecordingWriter(31);
            var b = new RecordingWriter(31);
            ((ITypedColumns<EveryKind>)EntityMapRegistry.GetGenerated<EveryKind>()!).WriteColumns(generated.Get<EveryKind>(id), ref a);
            ((ITypedColumns<EveryKind>)ReflectionMaps.For<EveryKind>()).WriteColumns(reflection.Get<EveryKind>(id), ref b);
            a.Values[0] = b.Values[0] = null; // the identity key differs between the two rows
            Assert.That(a.Values, Is.EqualTo(b.Values), $"row {id}");
        }

        var read = generated.Get<EveryKind>(second.Id);
        second.Id = read.Id;
        var expected = new RecordingWriter(31);
        var actual = new RecordingWriter(31);
        ((ITypedColumns<EveryKind>)ReflectionMaps.For<EveryKind>()).WriteColumns(second, ref expected);
        ((ITypedColumns<EveryKind>)ReflectionMaps.For<EveryKind>()).WriteColumns(read, ref actual);
        Assert.That(actual.Values, Is.EqualTo(expected.Values), "what reflection stored, generated reads as it was");
    }

    /// <summary>Keeps each value (boxed, for comparing; StringBuilder as its text) and the type it arrived as.</summary>
    private readonly struct RecordingWriter(int count) : IColumnValueWriter
    {
        public object?[] Values { get; } = new object?[count];

        public Type?[] Types { get; } = new Type?[count];

        public void Write<TValue>(int columnIndex, TValue value)
        {
            Values[columnIndex] = value is StringBuilder text ? text.ToString() : value;
            Types[columnIndex] = typeof(TValue);
        }
    }

    private struct CountingWriter : IColumnValueWriter
    {
        public int Count;
        public int NonDefault;

        public void Write<TValue>(int columnIndex, TValue value)
        {
            Count++;
            if (!EqualityComparer<TValue>.Default.Equals(value, default!))
            {
                NonDefault++;
            }
        }
    }
}
