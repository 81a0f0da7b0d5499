using MicroDb.Mapping;
using MicroDb.Runtime.Reflection;
using MicroDb.Conformance;
using MicroDb.Conformance.Models;

namespace MicroDb.Generated.Tests;

/// <summary>
/// <see cref="MicroDbSerializer"/> on both mapping paths: identical bytes, round trips across paths, and a typed error
/// for each way a stream can be wrong.
/// </summary>
public class SerializerTests
{
    private static readonly EntityMap<AllTypes> GeneratedAllTypes = EntityMapRegistry.GetGenerated<AllTypes>()!;
    private static readonly EntityMap<AllTypes> ReflectedAllTypes = ReflectionMapProvider.Instance.GetMap<AllTypes>();

    private static AllTypes[] Samples() => [AllTypesSamples.Minimums(), AllTypesSamples.Maximums(), AllTypesSamples.Nulls()];

    private static SerialItem[] Items(int count) =>
        Enumerable.Range(1, count).Select(i => new SerialItem { Id = i, Name = "item " + i, Note = i % 3 == 0 ? null : "note " + i }).ToArray();

    [Test]
    public void Both_paths_write_identical_bytes_and_read_each_other()
    {
        var samples = Samples();
        var generated = Write(s => MicroDbSerializer.Serialize(s, samples, GeneratedAllTypes));
        var reflected = Write(s => MicroDbSerializer.Serialize(s, samples, ReflectedAllTypes));

        Assert.That(generated, Is.EqualTo(reflected));
        foreach (var map in new[] { GeneratedAllTypes, ReflectedAllTypes })
        {
            var read = MicroDbSerializer.Deserialize(new MemoryStream(generated), map);
            Assert.That(read, Has.Count.EqualTo(samples.Length));
            for (var i = 0; i < samples.Length; i++)
            {
                AllTypesSamples.AssertSame(samples[i], read[i]);
            }
        }
    }

    [Test]
    public void Constructor_and_init_models_round_trip_across_paths()
    {
        Point[] points = [new(1, "one", 1.5), new(2, "", -0.0), new(3, "日本", double.MaxValue)];
        Setting[] settings = [new() { Key = "a", Value = "x" }, new() { Key = "b", Value = null }];

        var generatedPoints = Write(s => MicroDbSerializer.Serialize(s, points, EntityMapRegistry.GetGenerated<Point>()!));
        var generatedSettings = Write(s => MicroDbSerializer.Serialize(s, settings, EntityMapRegistry.GetGenerated<Setting>()!));

        Assert.That(generatedPoints, Is.EqualTo(Write(s => MicroDbSerializer.Serialize(s, points, ReflectionMapProvider.Instance.GetMap<Point>()))));
        Assert.That(generatedSettings, Is.EqualTo(Write(s => MicroDbSerializer.Serialize(s, settings, ReflectionMapProvider.Instance.GetMap<Setting>()))));
        Assert.That(MicroDbSerializer.Deserialize(new MemoryStream(generatedPoints), ReflectionMapProvider.Instance.GetMap<Point>()), Is.EqualTo(points));
        Assert.That(
            MicroDbSerializer.Deserialize(new MemoryStream(generatedSettings), ReflectionMapProvider.Instance.GetMap<Setting>()).Select(s => (s.Key, s.Value)),
            Is.EqualTo(settings.Select(s => (s.Key, s.Value))));
    }

    [Test]
    public void Map_resolution_follows_the_options_like_a_connection()
    {
        var samples = Samples();
        var explicitMap = Write(s => MicroDbSerializer.Serialize(s, samples, GeneratedAllTypes));

        // No options: Auto, and this type has a generated map.
        Assert.That(Write(s => MicroDbSerializer.Serialize(s, samples)), Is.EqualTo(explicitMap));
        Assert.That(Write(s => MicroDbSerializer.Serialize(s, samples, new MicroDbOptions(":memory:") { Mapping = MappingMode.Generated })), Is.EqualTo(explicitMap));
        Assert.That(Write(s => MicroDbSerializer.Serialize(s, samples, new MicroDbOptions(":memory:") { Mapping = MappingMode.Reflection }.UseReflection())), Is.EqualTo(explicitMap));

        var viaReflection = MicroDbSerializer.Deserialize<AllTypes>(new MemoryStream(explicitMap), new MicroDbOptions(":memory:") { Mapping = MappingMode.Reflection }.UseReflection());
        var viaDefault = MicroDbSerializer.Deserialize<AllTypes>(new MemoryStream(explicitMap));
        for (var i = 0; i < samples.Length; i++)
        {
            AllTypesSamples.AssertSame(samples[i], viaReflection[i]);
            AllTypesSamples.AssertSame(samples[i], viaDefault[i]);
        }
    }

    [Test]
    public void Entities_are_written_exactly_as_the_maps_per_entity_Serialize_writes_them()
    {
        var items = Items(5);
        var whole = Write(s => MicroDbSerializer.Serialize(s, items, EntityMapRegistry.GetGenerated<SerialItem>()!));
        var header = Write(s => MicroDbSerializer.Serialize(s, Array.Empty<SerialItem>(), EntityMapRegistry.GetGenerated<SerialItem>()!));
        var perEntity = Write(s =>
        {
            using var writer = new BinaryWriter(s, System.Text.Encoding.UTF8, leaveOpen: true);
            foreach (var item in items)
            {
                EntityMapRegistry.GetGenerated<SerialItem>()!.Serialize(writer, item);
            }
        });

        Assert.That(whole[..4], Is.EqualTo("MDBS"u8.ToArray()));
        Assert.That(BitConverter.ToUInt16(whole, 4), Is.EqualTo(MicroDbSerializer.FormatVersion));
        Assert.That(BitConverter.ToInt32(header, header.Length - 4), Is.Zero);
        Assert.That(BitConverter.ToInt32(whole, header.Length - 4), Is.EqualTo(5));
        Assert.That(whole[header.Length..], Is.EqualTo(perEntity));
    }

    [Test]
    public void Empty_sequence_round_trips_on_both_paths()
    {
        var generated = Write(s => MicroDbSerializer.Serialize(s, Array.Empty<AllTypes>(), GeneratedAllTypes));

        Assert.That(generated, Is.EqualTo(Write(s => MicroDbSerializer.Serialize(s, new List<AllTypes>(), ReflectedAllTypes))));
        Assert.That(MicroDbSerializer.Deserialize(new MemoryStream(generated), GeneratedAllTypes), Is.Empty);
        Assert.That(MicroDbSerializer.Deserialize(new MemoryStream(generated), ReflectedAllTypes), Is.Empty);
    }

    [Test]
    public void A_lazy_sequence_is_counted_before_it_is_written()
    {
        static IEnumerable<SerialItem> Lazy()
        {
            foreach (var item in Items(4))
            {
                yield return item;
            }
        }

        var bytes = Write(s => MicroDbSerializer.Serialize(s, Lazy()));

        Assert.That(bytes, Is.EqualTo(Write(s => MicroDbSerializer.Serialize(s, Items(4)))));
        Assert.That(MicroDbSerializer.Deserialize<SerialItem>(new MemoryStream(bytes)).Select(i => i.Name), Is.EqualTo(Items(4).Select(i => i.Name)));
    }

    [Test]
    public void A_null_entity_is_refused()
    {
        var error = Assert.Throws<ArgumentException>(() => MicroDbSerializer.Serialize(new MemoryStream(), new SerialItem[] { new(), null! }));

        Assert.That(error!.Message, Does.Contain("index 1"));
    }

    [Test]
    public void Reads_and_writes_only_its_own_bytes_in_a_shared_stream([Values] bool seekable)
    {
        var items = Items(7);
        var samples = Samples();
        var buffer = new MemoryStream();
        buffer.Write("prefix"u8);
        MicroDbSerializer.Serialize(buffer, items);
        var between = buffer.Position;
        MicroDbSerializer.Serialize(buffer, samples, ReflectedAllTypes);
        var end = buffer.Position;
        buffer.Write("suffix"u8);

        Stream stream = new MemoryStream(buffer.ToArray());
        if (!seekable)
        {
            stream = new ForwardOnlyStream(stream);
        }

        var prefix = new byte[6];
        stream.ReadExactly(prefix);
        var readItems = MicroDbSerializer.Deserialize<SerialItem>(stream);
        var afterItems = stream.Position;
        var readSamples = MicroDbSerializer.Deserialize(stream, GeneratedAllTypes);
        var afterSamples = stream.Position;
        var suffix = new byte[6];
        stream.ReadExactly(suffix);

        Assert.That(prefix, Is.EqualTo("prefix"u8.ToArray()));
        Assert.That(afterItems, Is.EqualTo(between));
        Assert.That(afterSamples, Is.EqualTo(end));
        Assert.That(suffix, Is.EqualTo("suffix"u8.ToArray()));
        Assert.That(stream.ReadByte(), Is.EqualTo(-1));
        Assert.That(readItems.Select(i => (i.Id, i.Name, i.Note)), Is.EqualTo(items.Select(i => (i.Id, i.Name, i.Note))));
        for (var i = 0; i < samples.Length; i++)
        {
            AllTypesSamples.AssertSame(samples[i], readSamples[i]);
        }
    }

    [TestCase("")]
    [TestCase("PK\u0003\u0004 a zip file")]
    [TestCase("{\"json\":true}")]
    [TestCase("MD")]
    [TestCase("X")]
    public void A_foreign_or_empty_stream_is_refused(string content)
    {
        var bytes = System.Text.Encoding.ASCII.GetBytes(content);
        var expected = bytes.Length < 4 && "MDBS"u8.StartsWith(bytes) ? MicroDbSerializationError.Truncated : MicroDbSerializationError.ForeignStream;

        foreach (var map in new[] { EntityMapRegistry.GetGenerated<SerialItem>()!, ReflectionMapProvider.Instance.GetMap<SerialItem>() })
        {
            var error = Assert.Throws<MicroDbSerializationException>(() => MicroDbSerializer.Deserialize(new MemoryStream(bytes), map));

            Assert.That(error!.Error, Is.EqualTo(expected), error.Message);
            Assert.That(error.EntityType, Is.EqualTo(typeof(SerialItem)));
            Assert.That(error.EntitiesExpected, Is.Null);
            Assert.That(error.Message, Does.Contain(typeof(SerialItem).FullName));
            Assert.That(error, Is.InstanceOf<MicroDbException>());
        }
    }

    [Test]
    public void Another_format_version_is_refused()
    {
        var bytes = Write(s => MicroDbSerializer.Serialize(s, Items(2)));
        BitConverter.TryWriteBytes(bytes.AsSpan(4, 2), (ushort)(MicroDbSerializer.FormatVersion + 1));

        var error = Assert.Throws<MicroDbSerializationException>(() => MicroDbSerializer.Deserialize<SerialItem>(new MemoryStream(bytes)));

        Assert.That(error!.Error, Is.EqualTo(MicroDbSerializationError.UnsupportedVersion));
        Assert.That(error.Message, Does.Contain($"version {MicroDbSerializer.FormatVersion + 1}").And.Contain($"reads version {MicroDbSerializer.FormatVersion}"));
    }

    [Test]
    public void A_stream_for_another_shape_is_refused_naming_what_differs()
    {
        var items = Write(s => MicroDbSerializer.Serialize(s, Items(3)));

        var wider = Assert.Throws<MicroDbSerializationException>(() => MicroDbSerializer.Deserialize<SerialItemWiderId>(new MemoryStream(items)));
        var renamed = Assert.Throws<MicroDbSerializationException>(() => MicroDbSerializer.Deserialize(new MemoryStream(items), ReflectionMapProvider.Instance.GetMap<SerialItemOtherTable>()));
        var fewer = Assert.Throws<MicroDbSerializationException>(() => MicroDbSerializer.Deserialize<SerialItem>(new MemoryStream(Write(s => MicroDbSerializer.Serialize(s, new[] { new SerialItemShort { Id = 1 } })))));

        Assert.That(wider!.Error, Is.EqualTo(MicroDbSerializationError.ShapeMismatch));
        Assert.That(wider.Message, Does.Contain(typeof(SerialItemWiderId).FullName).And.Contain("column 0 is 'Id' Int32 in the stream, 'Id' Int64 in the type"));
        Assert.That(renamed!.Error, Is.EqualTo(MicroDbSerializationError.ShapeMismatch));
        Assert.That(renamed.Message, Does.Contain("the stream's table is 'serial_items', the type's 'serial_items_v2'"));
        Assert.That(fewer!.Error, Is.EqualTo(MicroDbSerializationError.ShapeMismatch));
        Assert.That(fewer.Message, Does.Contain("column 1 is 'Name' String? in the type and absent from the stream"));
    }

    [Test]
    public void Store_as_text_does_not_change_the_shape_because_it_does_not_change_the_bytes()
    {
        var stored = new[] { new SerialStamp { Id = 1, When = new DateTime(2024, 1, 2, 3, 4, 5, DateTimeKind.Utc), Color = Color.Green } };
        var bytes = Write(s => MicroDbSerializer.Serialize(s, stored));

        var read = MicroDbSerializer.Deserialize<SerialStampAsText>(new MemoryStream(bytes)).Single();

        Assert.That((read.When, read.When.Kind, read.Color), Is.EqualTo((stored[0].When, DateTimeKind.Utc, Color.Green)));
    }

    [Test]
    public void A_truncated_stream_says_how_many_entities_were_read_of_how_many_and_returns_nothing()
    {
        var items = Items(10);
        var full = Write(s => MicroDbSerializer.Serialize(s, items));
        var headerLength = Write(s => MicroDbSerializer.Serialize(s, Array.Empty<SerialItem>())).Length;
        var firstSix = Write(s => MicroDbSerializer.Serialize(s, items.Take(6)));

        foreach (var (cut, entitiesRead) in new[] { (full.Length - 1, 9), (firstSix.Length + 3, 6), (firstSix.Length, 6), (headerLength, 0) })
        {
            foreach (var map in new[] { EntityMapRegistry.GetGenerated<SerialItem>()!, ReflectionMapProvider.Instance.GetMap<SerialItem>() })
            {
                var error = Assert.Throws<MicroDbSerializationException>(() => MicroDbSerializer.Deserialize(new MemoryStream(full[..cut]), map));

                Assert.That(error!.Error, Is.EqualTo(MicroDbSerializationError.Truncated));
                Assert.That(error.EntitiesRead, Is.EqualTo(entitiesRead));
                Assert.That(error.EntitiesExpected, Is.EqualTo(10));
                Assert.That(error.InnerException, Is.InstanceOf<EndOfStreamException>());
                Assert.That(error.Message, Does.Contain($"{entitiesRead} of the 10 entities").And.Contain(typeof(SerialItem).FullName));
            }
        }
    }

    [Test]
    public void A_stream_cut_inside_the_header_is_truncated()
    {
        var full = Write(s => MicroDbSerializer.Serialize(s, Items(2)));

        foreach (var cut in new[] { 4, 5, 6, 12 })
        {
            var error = Assert.Throws<MicroDbSerializationException>(() => MicroDbSerializer.Deserialize<SerialItem>(new MemoryStream(full[..cut])));

            Assert.That(error!.Error, Is.EqualTo(MicroDbSerializationError.Truncated), $"cut at {cut}");
            Assert.That(error.EntitiesExpected, Is.Null);
            Assert.That(error.Message, Does.Contain("header"));
        }
    }

    [Test]
    public void A_negative_count_or_a_bad_value_is_corrupt()
    {
        var headerLength = Write(s => MicroDbSerializer.Serialize(s, Array.Empty<SerialItem>())).Length;
        var negative = Write(s => MicroDbSerializer.Serialize(s, Items(1)));
        BitConverter.TryWriteBytes(negative.AsSpan(headerLength - 4, 4), -5);

        // A blob whose length prefix is negative.
        var blob = Write(s => MicroDbSerializer.Serialize(s, new[] { new SerialBlob { Id = 1, Data = [1, 2, 3] } }));
        var blobHeader = Write(s => MicroDbSerializer.Serialize(s, Array.Empty<SerialBlob>())).Length;
        BitConverter.TryWriteBytes(blob.AsSpan(blobHeader + 4 + 1, 4), -1);

        var count = Assert.Throws<MicroDbSerializationException>(() => MicroDbSerializer.Deserialize<SerialItem>(new MemoryStream(negative)));
        var value = Assert.Throws<MicroDbSerializationException>(() => MicroDbSerializer.Deserialize<SerialBlob>(new MemoryStream(blob)));

        Assert.That(count!.Error, Is.EqualTo(MicroDbSerializationError.Corrupt));
        Assert.That(value!.Error, Is.EqualTo(MicroDbSerializationError.Corrupt));
        Assert.That((value.EntitiesRead, value.EntitiesExpected), Is.EqualTo((0, (int?)1)));
        Assert.That(value.InnerException, Is.InstanceOf<InvalidDataException>());
    }

    private static byte[] Write(Action<Stream> write)
    {
        using var stream = new MemoryStream();
        write(stream);
        return stream.ToArray();
    }

    /// <summary>A stream that cannot seek or report its length, and counts its position: proves no read-ahead.</summary>
    private sealed class ForwardOnlyStream(Stream inner) : Stream
    {
        private long _position;

        public override bool CanRead => true;

        public override bool CanSeek => false;

        public override bool CanWrite => false;

        public override long Length => throw new NotSupportedException();

        public override long Position
        {
            get => _position;
            set => throw new NotSupportedException();
        }

        public override int Read(byte[] buffer, int offset, int count)
        {
            var read = inner.Read(buffer, offset, count);
            _position += read;
            return read;
        }

        public override void Flush()
        {
        }

        public override long Seek(long offset, SeekOrigin origin) => throw new NotSupportedException();

        public override void SetLength(long value) => throw new NotSupportedException();

        public override void Write(byte[] buffer, int offset, int count) => throw new NotSupportedException();
    }
}

[Table("serial_items")]
public sealed class SerialItem
{
    [PrimaryKey]
    public int Id { get; set; }

    public string? Name { get; set; }

    public string? Note { get; set; }
}

[Table("serial_items")]
public sealed class SerialItemWiderId
{
    [PrimaryKey]
    public long Id { get; set; }

    public string? Name { get; set; }

    public string? Note { get; set; }
}

[Table("serial_items_v2")]
public sealed class SerialItemOtherTable
{
    [PrimaryKey]
    public int Id { get; set; }

    public string? Name { get; set; }

    public string? Note { get; set; }
}

[Table("serial_items")]
public sealed class SerialItemShort
{
    [PrimaryKey]
    public int Id { get; set; }
}

[Table("serial_stamps")]
public sealed class SerialStamp
{
    [PrimaryKey]
    public int Id { get; set; }

    public DateTime When { get; set; }

    public Color Color { get; set; }
}

[Table("serial_stamps")]
public sealed class SerialStampAsText
{
    [PrimaryKey]
    public int Id { get; set; }

    [StoreAsText]
    public DateTime When { get; set; }

    [StoreAsText]
    public Color Color { get; set; }
}

[Table("serial_blobs")]
public sealed class SerialBlob
{
    [PrimaryKey]
    public int Id { get; set; }

    public byte[]? Data { get; set; }
}
