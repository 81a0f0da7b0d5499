using MicroDb.Mapping;
using MicroDb.Runtime.Reflection;
using MicroDb.Tests.Reflection;
using SqliteNetApp;

namespace MicroDb.Tests.SqliteNet;

/// <summary>
/// The reflection provider for sqlite-net's API (<see cref="ReflectionMapProvider.SqliteNetMembers"/>) maps a model
/// without attributes with sqlite-net's member rule; the default provider keeps MicroDb's.
/// </summary>
public sealed class SqliteNetMemberRuleTests
{
    [Test]
    public void Attribute_less_model_maps_only_public_get_set_properties_under_sqlite_net_rule()
    {
        var table = ReflectionMapProvider.SqliteNetMembers.GetMap<SqliteNetPlain>().Table;

        Assert.That(table.Columns.Select(c => c.MemberName), Is.EqualTo(new[] { "Id", "Text" }));
    }

    [Test]
    public void Attribute_less_model_maps_the_same_through_the_untyped_GetMap()
    {
        var typed = ReflectionMapProvider.SqliteNetMembers.GetMap<SqliteNetPlain>();
        var untyped = ReflectionMapProvider.SqliteNetMembers.GetMap(typeof(SqliteNetPlain));

        Assert.That(untyped, Is.SameAs(typed));
    }

    [Test]
    public void Attribute_less_model_with_get_only_property_is_refused_under_MicroDb_rule()
    {
        var error = Assert.Throws<MicroDbMappingException>(() => ReflectionMapProvider.Instance.GetMap<SqliteNetPlain>());

        Assert.That(error!.Message, Does.Contain("'Display'").And.Contain(ModelRules.Ids.NoUsableConstructor));
    }

    [Test]
    public void Model_with_MicroDb_attributes_is_refused_under_sqlite_net_rule_too()
    {
        var error = Assert.Throws<MicroDbMappingException>(() => ReflectionMapProvider.SqliteNetMembers.GetMap<MicroDbComputed>());

        Assert.That(error!.Message, Does.Contain("'ReadOnlyCount'").And.Contain(ModelRules.Ids.NoUsableConstructor));
    }

    [Test]
    public void Model_with_sqlite_net_attributes_maps_alike_under_both_rules()
    {
        var sqliteNet = ReflectionMapProvider.SqliteNetMembers.GetMap<SqliteNetItem>();
        var microDb = ReflectionMapProvider.Instance.GetMap<SqliteNetItem>();

        Assert.That(sqliteNet.Sql.CreateTable, Is.EqualTo(microDb.Sql.CreateTable));
        Assert.That(sqliteNet.Table.Columns.Select(c => c.MemberName), Is.EqualTo(microDb.Table.Columns.Select(c => c.MemberName)));
    }

    [Test]
    public void UseReflection_with_sqlite_net_member_rule_picks_its_provider()
    {
        Assert.That(new MicroDbOptions(":memory:").UseReflection(sqliteNetMemberRule: true).ReflectionProvider, Is.SameAs(ReflectionMapProvider.SqliteNetMembers));
        Assert.That(new MicroDbOptions(":memory:").UseReflection(sqliteNetMemberRule: false).ReflectionProvider, Is.SameAs(ReflectionMapProvider.Instance));
    }

    [Test]
    public void Attribute_less_model_round_trips_with_sqlite_net_member_rule()
    {
        using var db = new MicroDbConnection(new MicroDbOptions(":memory:").UseReflection(sqliteNetMemberRule: true));
        db.CreateTable<SqliteNetPlain>();
        db.Insert(new SqliteNetPlain { Id = 1, Text = "ada" });

        var back = db.Table<SqliteNetPlain>().Single();
        Assert.That((back.Id, back.Text, back.Display, back.Stamp), Is.EqualTo((1, "ada", "ADA", 7)));
        Assert.That(db.ExecuteScalar<long>("SELECT COUNT(*) FROM pragma_table_info('SqliteNetPlain')"), Is.EqualTo(2));
    }
}
