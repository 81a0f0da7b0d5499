using MicroDb.Runtime.Reflection;
using MicroDb.Tests.Concurrency;

namespace MicroDb.Tests.Backup;

/// <summary>MicroDbSchema.ExportSnapshot on the reflection path: the JSON the build's schema snapshot holds.</summary>
[TestFixture]
public sealed class SchemaExportTests
{
    [Test]
    public void ExportSnapshot_writes_reflection_maps_in_the_snapshot_format()
    {
        using var db = new MicroDbConnection(new MicroDbOptions(":memory:").UseReflection());

        var json = MicroDbSchema.ExportSnapshot(db, typeof(ConcItem), typeof(ConcAccount));

        Assert.That(json, Is.EqualTo(
            "{\"version\":1,\"tables\":[\n"
            + "{\"model\":\"MicroDb.Tests.Concurrency.ConcAccount\",\"table\":\"conc_account\",\"columns\":[{\"name\":\"Id\",\"type\":\"INTEGER\",\"notNull\":true,\"pk\":true},{\"name\":\"Owner\",\"type\":\"TEXT\",\"notNull\":false,\"pk\":false},{\"name\":\"Balance\",\"type\":\"INTEGER\",\"notNull\":false,\"pk\":false}],\"indexes\":[]},\n"
            + "{\"model\":\"MicroDb.Tests.Concurrency.ConcItem\",\"table\":\"conc_item\",\"columns\":[{\"name\":\"Id\",\"type\":\"INTEGER\",\"notNull\":true,\"pk\":true},{\"name\":\"Worker\",\"type\":\"INTEGER\",\"notNull\":false,\"pk\":false},{\"name\":\"Tag\",\"type\":\"TEXT\",\"notNull\":false,\"pk\":false},{\"name\":\"Version\",\"type\":\"INTEGER\",\"notNull\":false,\"pk\":false}],\"indexes\":[{\"name\":\"conc_item_Worker\",\"unique\":false,\"columns\":[\"Worker\"]}]}\n"
            + "]}\n"));
    }

    [Test]
    public void ExportSnapshot_records_a_composite_keys_order()
    {
        using var db = new MicroDbConnection(new MicroDbOptions(":memory:").UseReflection());

        var json = MicroDbSchema.ExportSnapshot(db, typeof(MicroDb.Conformance.Models.Membership));

        // Membership declares GroupName before UserId, and keys UserId first.
        Assert.That(json, Does.Contain("{\"name\":\"GroupName\",\"type\":\"TEXT\",\"notNull\":true,\"pk\":true,\"keyOrder\":2}"));
        Assert.That(json, Does.Contain("\"name\":\"UserId\",").And.Contain("\"pk\":true,\"keyOrder\":1}"));
        Assert.That(json, Does.Contain("{\"name\":\"Role\",\"type\":\"TEXT\",\"notNull\":false,\"pk\":false}"));
    }

    [Test]
    public void ExportSnapshot_of_no_tables_is_an_empty_list_and_null_arguments_throw()
    {
        using var db = new MicroDbConnection(new MicroDbOptions(":memory:").UseReflection());

        Assert.That(MicroDbSchema.ExportSnapshot(db), Is.EqualTo("{\"version\":1,\"tables\":[]}\n"));
        Assert.Throws<ArgumentNullException>(() => MicroDbSchema.ExportSnapshot(null!, typeof(ConcItem)));
        Assert.Throws<ArgumentNullException>(() => MicroDbSchema.ExportSnapshot(db, null!));
        Assert.Throws<ArgumentNullException>(() => MicroDbSchema.ExportSnapshot((IEnumerable<MicroDb.Mapping.TableMapping>)null!));
    }
}
