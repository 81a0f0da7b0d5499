using MicroDb.Generator.Tests.Infrastructure;

namespace MicroDb.Generator.Tests;

/// <summary>
/// Maps carry Serialize/Deserialize only where the assembly uses them: code that names MicroDbSerializer or calls a
/// map's Serialize/Deserialize, or MicroDbSerialization=true; MicroDbSerialization=false leaves them out regardless.
/// </summary>
public class SerializationEmissionTests
{
    private const string Model = """
        using MicroDb;
        namespace Shop
        {
            [Table("items")]
            public class Item
            {
                [PrimaryKey, AutoIncrement] public int Id { get; set; }
                public string? Name { get; set; }
            }
        }
        """;

    [Test]
    public void A_map_has_no_serialization_when_nothing_uses_it()
    {
        var map = MapOf(GeneratorHarness.Run(Model));

        Assert.That(map, Does.Not.Contain("Serialize").And.Not.Contain("BinaryCodec"));
    }

    [Test]
    public void Naming_MicroDbSerializer_gives_every_map_serialization()
    {
        const string use = """
            namespace App
            {
                public static class Backup
                {
                    public static void Save(System.IO.Stream s, Shop.Item[] items) => MicroDb.MicroDbSerializer.Serialize(s, items);
                }
            }
            """;

        var map = MapOf(GeneratorHarness.Run(Model, use));

        Assert.That(map, Does.Contain("public override bool CanSerialize => true;")
            .And.Contain("public override void Serialize(")
            .And.Contain("public override global::Shop.Item Deserialize("));
    }

    [Test]
    public void Calling_a_maps_Deserialize_gives_serialization()
    {
        const string use = """
            namespace App
            {
                public static class Restore
                {
                    public static Shop.Item Load(MicroDb.Mapping.EntityMap<Shop.Item> map, System.IO.BinaryReader r) => map.Deserialize(r);
                }
            }
            """;

        Assert.That(MapOf(GeneratorHarness.Run(Model, use)), Does.Contain("public override void Serialize("));
    }

    [Test]
    public void Another_types_Serialize_method_does_not_count()
    {
        const string other = """
            namespace App
            {
                public static class Json
                {
                    public static string Serialize(object value) => value.ToString() ?? "";
                    public static string Use() => Serialize(1) + Json.Serialize(2);
                }
            }
            """;

        Assert.That(MapOf(GeneratorHarness.Run(Model, other)), Does.Not.Contain("Serialize"));
    }

    [TestCase("true", true)]
    [TestCase("TRUE", true)]
    [TestCase("auto", false)]
    [TestCase("", false)]
    public void MicroDbSerialization_true_forces_serialization(string value, bool expected)
    {
        var result = GeneratorHarness.RunWithProperties(new Dictionary<string, string> { ["MicroDbSerialization"] = value }, Model);

        Assert.That(MapOf(result).Contains("public override void Serialize(", StringComparison.Ordinal), Is.EqualTo(expected));
    }

    [Test]
    public void MicroDbSerialization_false_leaves_serialization_out_even_when_used()
    {
        const string use = "namespace App { public static class B { public static int V => MicroDb.MicroDbSerializer.FormatVersion; } }";

        var result = GeneratorHarness.RunWithProperties(new Dictionary<string, string> { ["MicroDbSerialization"] = "false" }, Model, use);

        Assert.That(MapOf(result), Does.Not.Contain("Serialize"));
    }

    private static string MapOf(GenerationResult result)
    {
        Assert.That(result.GeneratedCodeProblems, Is.Empty, () => result.Describe(result.GeneratedCodeProblems));
        Assert.That(result.Errors, Is.Empty, () => result.Describe(result.Errors));
        return result.Sources.Single(s => s.Key.EndsWith("ItemMap.g.cs", StringComparison.Ordinal)).Value;
    }
}
