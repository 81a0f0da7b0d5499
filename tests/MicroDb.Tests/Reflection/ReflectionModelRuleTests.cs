using MicroDb.Runtime.Reflection;

namespace MicroDb.Tests.Reflection;

public sealed class ReflectionModelRuleTests
{
    [Test]
    public void Several_primary_keys_name_both_members()
    {
        var error = Assert.Throws<MicroDbMappingException>(() => ReflectionMaps.For<TwoKeys>());
        Assert.That(error!.Message, Does.Contain("'A'").And.Contain("'B'").And.Contain("PrimaryKey"));
    }

    [Test]
    public void Composite_key_members_with_the_same_order_are_refused_with_the_generator_message()
    {
        var error = Assert.Throws<MicroDbMappingException>(() => ReflectionMaps.For<CompositeKeySameOrder>());
        Assert.That(error!.Message, Is.EqualTo(
            $"Type '{typeof(CompositeKeySameOrder).FullName}' has several [PrimaryKey] members ('A' and 'B') with the same Order (1); a composite primary key orders its columns by [PrimaryKey(Order = n)] (0 when not given), so give each key member a distinct Order (MDB0002)."));
    }

    [Test]
    public void AutoIncrement_on_a_composite_key_is_refused()
    {
        var error = Assert.Throws<MicroDbMappingException>(() => ReflectionMaps.For<CompositeKeyAutoIncrement>());
        Assert.That(error!.Message, Does.Contain("'A'").And.Contain("composite primary key").And.Contain("MDB0003"));
    }

    [Test]
    public void References_to_a_parent_without_a_key_is_refused_with_the_generator_message()
    {
        var error = Assert.Throws<MicroDbMappingException>(() => ReflectionMaps.For<ReferencesKeylessParent>());
        Assert.That(error!.Message, Is.EqualTo(
            $"Member 'ParentId' of '{typeof(ReferencesKeylessParent).FullName}' references '{typeof(NoKeyParent).FullName}', but it has no [PrimaryKey]; name the referenced column with [References(typeof(...), Column = \"...\")] (MDB0015)."));
    }

    [Test]
    public void References_to_a_parent_with_a_composite_key_is_refused()
    {
        var error = Assert.Throws<MicroDbMappingException>(() => ReflectionMaps.For<ReferencesCompositeParent>());
        Assert.That(error!.Message, Does.Contain("'ParentId'").And.Contain("several columns").And.Contain("MDB0015"));
    }

    [Test]
    public void References_to_a_column_the_parent_does_not_have_is_refused()
    {
        var error = Assert.Throws<MicroDbMappingException>(() => ReflectionMaps.For<ReferencesUnknownColumn>());
        Assert.That(error!.Message, Does.Contain("no column 'Missing'").And.Contain("MDB0015"));
    }

    [Test]
    public void AutoIncrement_on_a_non_integer_key_is_refused()
    {
        var error = Assert.Throws<MicroDbMappingException>(() => ReflectionMaps.For<AutoIncrementText>());
        Assert.That(error!.Message, Does.Contain("'Id'").And.Contain("not an integer"));
    }

    [Test]
    public void AutoIncrement_on_a_member_that_is_not_the_key_is_refused()
    {
        var error = Assert.Throws<MicroDbMappingException>(() => ReflectionMaps.For<AutoIncrementNotKey>());
        Assert.That(error!.Message, Does.Contain("'Counter'"));
    }

    [Test]
    public void Unsupported_member_type_names_member_and_type()
    {
        var error = Assert.Throws<MicroDbMappingException>(() => ReflectionMaps.For<UnsupportedMember>());
        Assert.That(error!.Message, Does.Contain("'Numbers'").And.Contain("List`1").And.Contain("[Ignore]"));
    }

    [Test]
    public void Duplicate_column_names_are_refused()
    {
        var error = Assert.Throws<MicroDbMappingException>(() => ReflectionMaps.For<DuplicateColumns>());
        Assert.That(error!.Message, Does.Contain("'First'").And.Contain("'Second'"));
    }

    [Test]
    public void A_type_without_a_usable_constructor_is_refused()
    {
        var error = Assert.Throws<MicroDbMappingException>(() => ReflectionMaps.For<NoUsableConstructor>());
        Assert.That(error!.Message, Does.Contain("constructor"));
    }

    [Test]
    public void Structs_are_refused()
    {
        Assert.Throws<MicroDbMappingException>(() => ReflectionMaps.For<StructModel>());
    }

    [Test]
    public void A_type_with_no_mapped_members_is_refused()
    {
        var error = Assert.Throws<MicroDbMappingException>(() => ReflectionMaps.For<NoColumns>());
        Assert.That(error!.Message, Does.Contain("no mapped members"));
    }

    [Test]
    public void The_error_repeats_on_every_use_and_is_not_a_TypeInitializationException()
    {
        Assert.Throws<MicroDbMappingException>(() => ReflectionMaps.For<TwoKeys>());
        Assert.Throws<MicroDbMappingException>(() => ReflectionMaps.For<TwoKeys>());
    }

    [Test]
    public void A_bad_model_does_not_touch_the_database()
    {
        var path = Path.Combine(Path.GetTempPath(), "microdb-tests", Guid.NewGuid().ToString("N") + ".db");
        Directory.CreateDirectory(Path.GetDirectoryName(path)!);
        using var db = new MicroDbConnection(new MicroDbOptions(path).UseReflection());
        db.Execute("CREATE TABLE TwoKeys (A INTEGER)");
        db.Execute("INSERT INTO TwoKeys VALUES (1)");

        Assert.Throws<MicroDbMappingException>(() => db.CreateTable<TwoKeys>());

        Assert.That(db.ExecuteScalar<int>("SELECT count(*) FROM TwoKeys"), Is.EqualTo(1));
    }
}
