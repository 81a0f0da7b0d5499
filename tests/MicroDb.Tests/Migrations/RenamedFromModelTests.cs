using MicroDb.Runtime.Reflection;

namespace MicroDb.Tests.Migrations;

/// <summary>A blank [RenamedFrom] name on a property.</summary>
public class BlankRenamedColumn
{
    [PrimaryKey]
    public int Id { get; set; }

    [RenamedFrom(" ")]
    public string? Name { get; set; }
}

/// <summary>An empty [RenamedFrom] name on the class.</summary>
[Table("blank"), RenamedFrom("")]
public class BlankRenamedTable
{
    [PrimaryKey]
    public int Id { get; set; }
}

[TestFixture]
public sealed class RenamedFromModelTests
{
    [Test]
    public void Blank_RenamedFrom_on_a_property_is_a_model_error()
    {
        var error = Assert.Throws<MicroDbMappingException>(() => ReflectionMaps.For<BlankRenamedColumn>());
        Assert.That(error!.Message, Does.Contain("member 'Name' has an empty [RenamedFrom] name").And.Contain("MDB0009"));
    }

    [Test]
    public void Empty_RenamedFrom_on_a_class_is_a_model_error()
    {
        var error = Assert.Throws<MicroDbMappingException>(() => ReflectionMaps.For<BlankRenamedTable>());
        Assert.That(error!.Message, Does.Contain("empty [RenamedFrom] name").And.Contain("MDB0009"));
    }
}
