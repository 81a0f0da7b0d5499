using MicroDb.Mapping;
using MicroDb.Runtime.Reflection;
using MicroDb.Conformance;
using MicroDb.Conformance.Models;

namespace MicroDb.Generated.Tests;

/// <summary>The generated map and the reflection-built map of each conformance model agree on metadata, SQL and serialized bytes.</summary>
public class GeneratedVsReflectionTests
{
    private static readonly Type[] ModelTypes =
    [
        typeof(Account), typeof(AllTypes), typeof(Document), typeof(ItemV1), typeof(ItemV2),
        typeof(LogLine), typeof(Order), typeof(Person), typeof(Point), typeof(Setting), typeof(Bookmark),

        // sqlite-net's attributes (look-alikes, matched by name), their MicroDb twin, and a model without [Table]
        // and one inheriting an abstract base's [Table], found where SqliteNetDiscoveryTests passes them to the connection.
        typeof(global::SqliteNetApp.SqliteNetItem), typeof(global::SqliteNetApp.MicroDbItem), typeof(global::SqliteNetApp.SqliteNetWithoutRowId),
        typeof(global::SqliteNetApp.SqliteNetDerived), typeof(global::SqliteNetApp.SqliteNetNoKey), typeof(global::SqliteNetApp.SqliteNetDog),
        typeof(global::SqliteNetApp.SqliteNetDerivedAttributes),

        // No attributes, a get-only member, used through the look-alike SQLite.SQLiteConnection: sqlite-net's member rule.
        typeof(global::SqliteNetApp.SqliteNetPlain),
    ];

    /// <summary>The reflection provider the model's users get: sqlite-net's member rule for the one used through sqlite-net's API.</summary>
    private static ReflectionMapProvider ReflectionFor(Type type) =>
        type == typeof(global::SqliteNetApp.SqliteNetPlain) ? ReflectionMapProvider.SqliteNetMembers : ReflectionMapProvider.Instance;

    private static IEnumerable<Type> Models() => ModelTypes;

    [TestCaseSource(nameof(Models))]
    public void Table_mapping_is_the_same_on_both_paths(Type type)
    {
        var generated = EntityMapRegistry.GetGenerated(type)!;
        var reflected = ReflectionFor(type).GetMap(type);

        Assert.That(generated.IsGenerated, Is.True);
        Assert.That(reflected.IsGenerated, Is.False);
        Assert.That(Describe(generated.Table), Is.EqualTo(Describe(reflected.Table)));
    }

    [TestCaseSource(nameof(Models))]
    public void Sql_is_the_same_on_both_paths(Type type)
    {
        var generated = EntityMapRegistry.GetGenerated(type)!.Sql;
        var reflected = ReflectionFor(type).GetMap(type).Sql;

        Assert.That(
            new[] { generated.CreateTable, generated.Insert, generated.InsertOrReplace, generated.Update, generated.Delete, generated.SelectByKey, generated.SelectAll },
            Is.EqualTo(new[] { reflected.CreateTable, reflected.Insert, reflected.InsertOrReplace, reflected.Update, reflected.Delete, reflected.SelectByKey, reflected.SelectAll }));
    }

    [Test]
    public void Serialized_bytes_are_the_same_on_both_paths_and_read_back_across_paths()
    {
        var generated = EntityMapRegistry.GetGenerated<AllTypes>()!;
        var reflected = ReflectionMapProvider.Instance.GetMap<AllTypes>();
        foreach (var sample in new[] { AllTypesSamples.Minimums(), AllTypesSamples.Maximums(), AllTypesSamples.Nulls() })
        {
            var bytes = Serialize(generated, sample);

            Assert.That(bytes, Is.EqualTo(Serialize(reflected, sample)));
            AllTypesSamples.AssertSame(sample, Deserialize(reflected, bytes));
            AllTypesSamples.AssertSame(sample, Deserialize(generated, bytes));
        }
    }

    [Test]
    public void Serialized_bytes_match_for_constructor_and_init_models()
    {
        var point = new Point(3, "three", -1.25);
        var setting = new Setting { Key = "k", Value = null };

        Assert.That(Serialize(EntityMapRegistry.GetGenerated<Point>()!, point), Is.EqualTo(Serialize(ReflectionMapProvider.Instance.GetMap<Point>(), point)));
        Assert.That(Serialize(EntityMapRegistry.GetGenerated<Setting>()!, setting), Is.EqualTo(Serialize(ReflectionMapProvider.Instance.GetMap<Setting>(), setting)));
        Assert.That(Deserialize(ReflectionMapProvider.Instance.GetMap<Point>(), Serialize(EntityMapRegistry.GetGenerated<Point>()!, point)), Is.EqualTo(point));
    }

    private static byte[] Serialize<T>(EntityMap<T> map, T entity)
    {
        using var stream = new MemoryStream();
        using (var writer = new BinaryWriter(stream))
        {
            map.Serialize(writer, entity);
        }

        return stream.ToArray();
    }

    private static T Deserialize<T>(EntityMap<T> map, byte[] bytes)
    {
        using var reader = new BinaryReader(new MemoryStream(bytes));
        return map.Deserialize(reader);
    }

    private static List<string> Describe(TableMapping table)
    {
        var lines = new List<string> { $"type={table.EntityTypeName} table={table.TableName} withoutRowId={table.WithoutRowId}" };
        lines.AddRange(table.Columns.Select(c =>
            $"{c.Ordinal}:{c.Name} member={c.MemberName} kind={c.Kind} nullable={c.IsNullable} pk={c.IsPrimaryKey} auto={c.IsAutoIncrement} notnull={c.IsNotNull} max={c.MaxLength} collate={c.Collation} clr={c.ClrTypeName}"));
        lines.AddRange(table.Indexes.Select(i => $"index {i.Name} unique={i.IsUnique} ({string.Join(",", i.Columns)})"));
        return lines;
    }
}
