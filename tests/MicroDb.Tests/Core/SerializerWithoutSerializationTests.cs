using MicroDb.Mapping;
using MicroDb.Runtime.Reflection;

namespace MicroDb.Tests.Core;

/// <summary>
/// A generated map carries Serialize/Deserialize only when its assembly uses MicroDbSerializer (or sets
/// MicroDbSerialization=true). A map without them is refused before any byte is read or written, with an error naming
/// the type and the fix; in Auto mode the serializer uses the reflection map instead when one is available.
/// </summary>
public sealed class SerializerWithoutSerializationTests
{
    [Test]
    public void Serialize_refuses_a_map_without_serialization_and_writes_nothing()
    {
        var map = new NoSerializationMap<Unserialized>(ReflectionMaps.For<Unserialized>());
        using var stream = new MemoryStream();

        var error = Assert.Throws<MicroDbMappingException>(() => MicroDbSerializer.Serialize(stream, [new Unserialized { Id = 1, Name = "a" }], map));

        Assert.That(error!.Message, Does.Contain(typeof(Unserialized).FullName).And.Contain("MicroDbSerialization"));
        Assert.That(stream.Length, Is.Zero);
    }

    [Test]
    public void Deserialize_refuses_a_map_without_serialization_and_reads_nothing()
    {
        using var stream = new MemoryStream();
        MicroDbSerializer.Serialize(stream, [new Unserialized { Id = 1, Name = "a" }], ReflectionMaps.For<Unserialized>());
        stream.Position = 0;
        var map = new NoSerializationMap<Unserialized>(ReflectionMaps.For<Unserialized>());

        Assert.Throws<MicroDbMappingException>(() => MicroDbSerializer.Deserialize(stream, map));
        Assert.That(stream.Position, Is.Zero);
    }

    [Test]
    public void A_map_without_serialization_says_so_and_its_methods_throw_the_same_error()
    {
        var map = new NoSerializationMap<Unserialized>(ReflectionMaps.For<Unserialized>());
        using var writer = new BinaryWriter(new MemoryStream());

        Assert.That(map.CanSerialize, Is.False);
        Assert.That(ReflectionMaps.For<Unserialized>().CanSerialize, Is.True);
        Assert.Throws<MicroDbMappingException>(() => map.Serialize(writer, new Unserialized()));
        Assert.Throws<MicroDbMappingException>(() => map.Deserialize(new BinaryReader(new MemoryStream())));
    }

    [Test]
    public void Auto_mode_serializes_with_the_reflection_map_when_the_generated_one_has_no_serialization()
    {
        var previous = EntityMapRegistry.DefaultReflectionProvider;
        EntityMapRegistry.DefaultReflectionProvider = ReflectionMapProvider.Instance;
        try
        {
            EntityMapRegistry.Register(new NoSerializationMap<AutoFallback>(ReflectionMaps.For<AutoFallback>()));
            var items = new[] { new AutoFallback { Id = 1, Name = "a" }, new AutoFallback { Id = 2, Name = null } };
            using var stream = new MemoryStream();

            MicroDbSerializer.Serialize(stream, items);
            stream.Position = 0;
            var read = MicroDbSerializer.Deserialize<AutoFallback>(stream);

            Assert.That(read.Select(i => (i.Id, i.Name)), Is.EqualTo(items.Select(i => (i.Id, i.Name))));
        }
        finally
        {
            EntityMapRegistry.DefaultReflectionProvider = previous;
        }
    }

    [Table("Unserialized")]
    public sealed class Unserialized
    {
        [PrimaryKey]
        public int Id { get; set; }

        public string? Name { get; set; }
    }

    [Table("AutoFallback")]
    public sealed class AutoFallback
    {
        [PrimaryKey]
        public int Id { get; set; }

        public string? Name { get; set; }
    }

    /// <summary>Stands in for a generated map built without serialization: another map's behaviour, minus Serialize/Deserialize.</summary>
    private sealed class NoSerializationMap<T>(EntityMap<T> inner) : EntityMap<T>(inner.Table, inner.Sql)
    {
        public override bool IsGenerated => true;

        protected override void WriteRow(ref MicroDb.Native.SqliteColumnWriter writer, T entity) => ((ITypedColumns<T>)inner).WriteColumns(entity, ref writer);

        protected override T ReadRow(ref MicroDb.Native.SqliteColumnReader reader) => ((ITypedColumns<T>)inner).ReadColumns(ref reader);

        public override void SetGeneratedKey(T entity, long key) => inner.SetGeneratedKey(entity, key);

        public override object? GetValue(T entity, int columnIndex) => inner.GetValue(entity, columnIndex);
    }
}
