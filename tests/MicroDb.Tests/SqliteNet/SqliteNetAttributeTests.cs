using MicroDb.Mapping;
using MicroDb.Runtime.Reflection;
using MicroDb.Tests.Reflection;
using SqliteNetApp;

namespace MicroDb.Tests.SqliteNet;

/// <summary>The reflection path reads sqlite-net's attributes (matched by full name) exactly as MicroDb's own.</summary>
public sealed class SqliteNetAttributeTests
{
    [Test]
    public void SQLite_attributes_give_the_same_mapping_as_MicroDb_attributes()
    {
        var sqliteNet = ReflectionMaps.For<SqliteNetItem>();
        var microDb = ReflectionMaps.For<MicroDbItem>();

        Assert.That(Describe(sqliteNet.Table), Is.EqualTo(Describe(microDb.Table)));
        Assert.That(sqliteNet.Sql.CreateTable, Is.EqualTo(microDb.Sql.CreateTable));
        Assert.That(sqliteNet.Sql.Insert, Is.EqualTo(microDb.Sql.Insert));
        Assert.That(sqliteNet.Sql.Update, Is.EqualTo(microDb.Sql.Update));
    }

    [Test]
    public void SQLite_attributes_set_table_column_key_and_constraints()
    {
        var table = ReflectionMaps.For<SqliteNetItem>().Table;
        Assert.That(table.TableName, Is.EqualTo("sn_items"));
        Assert.That(table.PrimaryKey?.MemberName, Is.EqualTo("Id"));
        Assert.That(table.AutoIncrementColumn?.MemberName, Is.EqualTo("Id"));

        var name = table.FindColumnByMember("Name")!;
        Assert.That(name.Name, Is.EqualTo("item_name"));
        Assert.That(name.MaxLength, Is.EqualTo(40));
        Assert.That(name.IsNotNull, Is.True);
        Assert.That(name.Collation, Is.EqualTo("NOCASE"));
        Assert.That(table.FindColumnByMember("Mood")!.Kind, Is.EqualTo(ColumnKind.EnumText));
        Assert.That(table.FindColumnByMember("Colour")!.Kind, Is.EqualTo(ColumnKind.EnumText), "[StoreAsText] on the enum type");
        Assert.That(table.FindColumnByMember("When")!.Kind, Is.EqualTo(ColumnKind.DateTimeText));
    }

    [Test]
    public void Attribute_classes_deriving_from_SQLite_attributes_are_honoured()
    {
        var table = ReflectionMaps.For<SqliteNetDerivedAttributes>().Table;
        AssertDerivedAttributesHonoured(table);
    }

    /// <summary>What <see cref="SqliteNetDerivedAttributes"/>' derived attributes declare (shared with the generated-path test).</summary>
    internal static void AssertDerivedAttributesHonoured(MicroDb.Mapping.TableMapping table)
    {
        Assert.That(table.Columns.Select(c => c.Name), Is.EqualTo(new[] { "Id", "Label", "Other" }), "[NotStored] : [Ignore] leaves Scratch out");
        Assert.That(table.PrimaryKey?.MemberName, Is.EqualTo("Id"), "[Key] : [PrimaryKey] is not a key, as in sqlite-net");
        Assert.That(table.FindColumn("Other")!.IsNotNull, Is.False, "[Required] : [NotNull] is not honoured, as in sqlite-net");
        Assert.That(table.FindColumn("Label")!.MaxLength, Is.EqualTo(12), "[ShortText(12)] : [MaxLength]");
        Assert.That(table.Indexes.Single().Name, Is.EqualTo("ix_label"), "[Lookup] : [Indexed]");
    }

    [Test]
    public void SQLite_Indexed_and_Unique_declare_indexes()
    {
        var indexes = ReflectionMaps.For<SqliteNetItem>().Table.Indexes;
        var pair = indexes.Single(i => i.Name == "ix_pair");
        Assert.That(pair.Columns, Is.EqualTo(new[] { "First", "Second" }));
        Assert.That(pair.IsUnique, Is.True, "Unique = true on one member makes the composite index unique");
        Assert.That(indexes.Single(i => i.Columns.SequenceEqual(new[] { "Code" })).IsUnique, Is.True, "[Unique]");
        Assert.That(indexes.Single(i => i.Columns.SequenceEqual(new[] { "item_name" })).IsUnique, Is.False, "[Indexed]");
    }

    [Test]
    public void SQLite_model_leaves_out_ignored_and_read_only_members()
    {
        var members = ReflectionMaps.For<SqliteNetItem>().Table.Columns.Select(c => c.MemberName);
        Assert.That(members, Is.EqualTo(new[] { "Id", "Name", "Code", "Second", "First", "Mood", "Colour", "When" }));
    }

    [Test]
    public void MicroDb_model_with_a_get_only_member_is_still_refused()
    {
        var error = Assert.Throws<MicroDbMappingException>(() => ReflectionMaps.For<MicroDbComputed>());
        Assert.That(error!.Message, Does.Contain("'ReadOnlyCount'").And.Contain(ModelRules.Ids.NoUsableConstructor));
    }

    [Test]
    public void Model_without_Table_or_key_is_named_after_its_class()
    {
        var table = ReflectionMaps.For<SqliteNetNoKey>().Table;
        Assert.That(table.TableName, Is.EqualTo(nameof(SqliteNetNoKey)));
        Assert.That(table.PrimaryKey, Is.Null);
        Assert.That(table.FindColumnByMember("Label")!.MaxLength, Is.EqualTo(10));
    }

    [Test]
    public void SQLite_Table_WithoutRowId_is_read()
    {
        var table = ReflectionMaps.For<SqliteNetWithoutRowId>().Table;
        Assert.That(table.WithoutRowId, Is.True);
        Assert.That(ReflectionMaps.For<SqliteNetWithoutRowId>().Sql.CreateTable, Does.Contain("WITHOUT ROWID"));
    }

    [Test]
    public void SQLite_attribute_on_a_virtual_property_applies_to_its_override()
    {
        var table = ReflectionMaps.For<SqliteNetDerived>().Table;
        Assert.That(table.TableName, Is.EqualTo("sn_derived"));
        Assert.That(table.PrimaryKey?.MemberName, Is.EqualTo("Id"));
    }

    [Test]
    public void SQLite_Table_of_an_abstract_base_class_names_the_concrete_class_table()
    {
        var table = ReflectionMaps.For<SqliteNetDog>().Table;
        Assert.That(table.TableName, Is.EqualTo("sn_animals"));
        Assert.That(table.Columns.Select(c => c.MemberName), Is.EqualTo(new[] { "Id", "Name" }));
    }

    [Test]
    public void SQLite_model_round_trips_through_a_connection()
    {
        using var db = new MicroDbConnection(new MicroDbOptions(":memory:").UseReflection());
        db.CreateTable<SqliteNetItem>();
        var item = new SqliteNetItem { Name = "Ada", Code = "A1", First = 1, Second = 2, Mood = Mood.Cross, Colour = Colour.Green, When = new DateTime(2020, 1, 2, 3, 4, 5, DateTimeKind.Utc) };
        db.Insert(item);
        Assert.That(item.Id, Is.GreaterThan(0), "the [AutoIncrement] key is written back");

        var back = db.Get<SqliteNetItem>(item.Id);
        Assert.That((back.Name, back.Code, back.First, back.Second, back.Mood, back.Colour, back.When), Is.EqualTo((item.Name, item.Code, item.First, item.Second, item.Mood, item.Colour, item.When)));
        Assert.That(db.ExecuteScalar<string>("SELECT Mood FROM sn_items"), Is.EqualTo("Cross"));
        Assert.Throws<MicroDbConstraintException>(() => db.Insert(new SqliteNetItem { Name = "Bob", Code = "A1", First = 9 }), "[Unique] Code");
    }

    private static string Describe(TableMapping table) =>
        table.TableName + " " + table.WithoutRowId + "\n"
        + string.Join("\n", table.Columns.Select(c => $"{c.Name} {c.MemberName} {c.Kind} {c.IsNullable} {c.IsPrimaryKey} {c.IsAutoIncrement} {c.IsNotNull} {c.MaxLength} {c.Collation} {c.ClrTypeName}"))
        + "\n" + string.Join("\n", table.Indexes.Select(i => $"{i.Name} {i.IsUnique} {string.Join(",", i.Columns)}"));
}
