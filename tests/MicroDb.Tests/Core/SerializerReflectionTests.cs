using MicroDb.Mapping;
using MicroDb.Runtime.Reflection;
using MicroDb.Conformance;
using MicroDb.Conformance.Models;

namespace MicroDb.Tests.Core;

/// <summary>
/// <see cref="MicroDbSerializer"/> on the reflection path alone (this project has no generated maps); the generated
/// path and the byte comparison between both are in MicroDb.Generated.Tests.
/// </summary>
public sealed class SerializerReflectionTests
{
    private static MicroDbOptions Reflection() => new MicroDbOptions(":memory:") { Mapping = MappingMode.Reflection }.UseReflection();

    [Test]
    public void Entities_round_trip_through_the_reflection_map()
    {
        AllTypes[] samples = [AllTypesSamples.Minimums(), AllTypesSamples.Maximums(), AllTypesSamples.Nulls()];
        Person[] people = [new() { Id = 1, Name = "Ada", Age = 36, Email = null, Created = new DateTime(1815, 12, 10, 0, 0, 0, DateTimeKind.Utc) }];
        using var stream = new MemoryStream();

        MicroDbSerializer.Serialize(stream, samples, Reflection());
        MicroDbSerializer.Serialize(stream, people, ReflectionMaps.For<Person>());
        stream.Position = 0;
        var readSamples = MicroDbSerializer.Deserialize<AllTypes>(stream, Reflection());
        var readPeople = MicroDbSerializer.Deserialize(stream, ReflectionMaps.For<Person>());

        Assert.That(stream.Position, Is.EqualTo(stream.Length));
        Assert.That(readSamples, Has.Count.EqualTo(3));
        for (var i = 0; i < samples.Length; i++)
        {
            AllTypesSamples.AssertSame(samples[i], readSamples[i]);
        }

        Assert.That(readPeople.Select(p => (p.Id, p.Name, p.Age, p.Email, p.Created, p.Created.Kind)), Is.EqualTo(people.Select(p => (p.Id, p.Name, p.Age, p.Email, p.Created, p.Created.Kind))));
    }

    [Test]
    public void The_stream_is_the_same_through_options_and_through_an_explicit_map()
    {
        var points = new[] { new Point(1, "a", 0.5), new Point(2, "b", -2) };
        using var viaOptions = new MemoryStream();
        using var viaMap = new MemoryStream();
        using var db = new MicroDbConnection(Reflection());

        MicroDbSerializer.Serialize(viaOptions, points, Reflection());
        MicroDbSerializer.Serialize(viaMap, points, db.GetMap<Point>());

        Assert.That(viaOptions.ToArray(), Is.EqualTo(viaMap.ToArray()));
        Assert.That(MicroDbSerializer.Deserialize<Point>(new MemoryStream(viaMap.ToArray()), Reflection()), Is.EqualTo(points));
    }

    [Test]
    public void A_truncated_stream_is_refused_on_the_reflection_path()
    {
        var people = Enumerable.Range(1, 5).Select(i => new Person { Id = i, Name = "p" + i }).ToArray();
        using var stream = new MemoryStream();
        MicroDbSerializer.Serialize(stream, people, Reflection());
        var bytes = stream.ToArray()[..^2];

        var error = Assert.Throws<MicroDbSerializationException>(() => MicroDbSerializer.Deserialize<Person>(new MemoryStream(bytes), Reflection()));

        Assert.That(error!.Error, Is.EqualTo(MicroDbSerializationError.Truncated));
        Assert.That((error.EntitiesRead, error.EntitiesExpected), Is.EqualTo((4, (int?)5)));
        Assert.That(error.Message, Does.Contain("4 of the 5 entities").And.Contain(typeof(Person).FullName));
    }

    [Test]
    public void Generated_mode_without_a_generated_map_is_a_mapping_error_naming_the_type()
    {
        var options = new MicroDbOptions(":memory:") { Mapping = MappingMode.Generated };

        var write = Assert.Throws<MicroDbMappingException>(() => MicroDbSerializer.Serialize(new MemoryStream(), new[] { new Person() }, options));
        var read = Assert.Throws<MicroDbMappingException>(() => MicroDbSerializer.Deserialize<Person>(new MemoryStream(), options));

        Assert.That(write!.Message, Does.Contain(typeof(Person).FullName).And.Contain("no generated map"));
        Assert.That(read!.Message, Does.Contain(typeof(Person).FullName).And.Contain("no generated map"));
    }
}
