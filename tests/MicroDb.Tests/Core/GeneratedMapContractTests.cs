using MicroDb.Mapping;
using MicroDb.Native;
using MicroDb.Runtime.Reflection;

namespace MicroDb.Tests.Core;

/// <summary>
/// What the <see cref="EntityMap{T}"/> base class does for generated maps: the table's columns from one line of text
/// each (<c>ColumnDeclaration</c>, written by the generator), and the errors of a line it cannot read or of a key that is
/// not there. (The binders' parameter order over <c>WriteRow</c> is pinned end to end by the conformance suite.)
/// </summary>
public sealed class GeneratedMapContractTests
{
    [Test]
    public void Columns_reads_every_facet_of_a_declaration()
    {
        var column = DeclaredMap.Read("Price Decimal Decimal? nullable primaryKey autoIncrement notNull maxLength=12 column=\"unit \\\"price\\\"\" collation=NOCASE renamedFrom=\"old\\\\price\"")[0];

        Assert.That(column.MemberName, Is.EqualTo("Price"));
        Assert.That(column.Kind, Is.EqualTo(ColumnKind.Decimal));
        Assert.That(column.ClrTypeName, Is.EqualTo("Decimal?"));
        Assert.That(column.IsNullable && column.IsPrimaryKey && column.IsAutoIncrement && column.IsNotNull, Is.True);
        Assert.That(column.MaxLength, Is.EqualTo(12));
        Assert.That(column.Name, Is.EqualTo("unit \"price\""));
        Assert.That(column.Collation, Is.EqualTo("NOCASE"));
        Assert.That(column.RenamedFrom, Is.EqualTo("old\\price"));
    }

    [Test]
    public void Columns_without_facets_are_named_as_the_member_and_declare_nothing()
    {
        var column = DeclaredMap.Read("Count Int32 Int32")[0];

        Assert.That((column.Name, column.MemberName, column.Kind, column.ClrTypeName), Is.EqualTo(("Count", "Count", ColumnKind.Int32, "Int32")));
        Assert.That(column.IsNullable || column.IsPrimaryKey || column.IsAutoIncrement || column.IsNotNull, Is.False);
        Assert.That((column.MaxLength, column.Collation, column.RenamedFrom), Is.EqualTo(((int?)null, (string?)null, (string?)null)));
    }

    [Test]
    public void A_generated_line_reads_back_as_the_column_it_was_written_from()
    {
        var names = new[] { "plain", "with space", "quote\"d", "back\\slash", "" };
        foreach (var name in names)
        {
            var facts = new ColumnFacts(name, "Member", ColumnKind.String, "String", false, false, true, 40, name, name);
            var column = DeclaredMap.Read(ColumnDeclaration.Write(facts, nullable: true))[0];

            Assert.That((column.Name, column.Collation, column.RenamedFrom, column.IsNullable, column.IsNotNull, column.MaxLength),
                Is.EqualTo((name, (string?)name, (string?)name, true, true, (int?)40)), $"name '{name}'");
        }
    }

    [TestCase("Price Decimal", "needs a member name, a column kind and a type name")]
    [TestCase("Price Money Decimal", "'Money' is not a column kind")]
    [TestCase("Price 3 Decimal", "'3' is not a column kind")]
    [TestCase("Price Int32,String Decimal", "is not a column kind")]
    [TestCase("Price Decimal Decimal unique", "'unique' is not a column facet")]
    [TestCase("Price Decimal Decimal maxLength=ten", "'maxLength=ten' is not a column facet")]
    [TestCase("Price Decimal Decimal column=\"open", "a quoted name is not closed")]
    [TestCase("Price Decimal Decimal column=\"a\"b", "a quoted name must end its part")]
    public void Columns_refuses_a_line_it_cannot_read_and_says_why(string line, string why)
    {
        var error = Assert.Throws<MicroDbMappingException>(() => DeclaredMap.Read(line));

        Assert.That(error!.Message, Does.Contain(line).And.Contain(why));
    }

    [Test]
    public void Key_binders_of_a_type_without_primary_key_throw_a_mapping_error_naming_it()
    {
        var map = new DeclaredMap("Text String String nullable");

        var update = Assert.Throws<MicroDbMappingException>(() => map.BindUpdate(null!, new Row()));
        var key = Assert.Throws<MicroDbMappingException>(() => map.BindKey(null!, 1, new Row()));

        Assert.That(update!.Message, Does.Contain(typeof(Row).FullName).And.Contain("no [PrimaryKey]"));
        Assert.That(key!.Message, Is.EqualTo(update.Message));
    }

    [Test]
    public void Generated_maps_say_so_and_reflection_maps_do_not()
    {
        Assert.That(new DeclaredMap("Id Int64 Int64 primaryKey").IsGenerated, Is.True);
        Assert.That(ReflectionMaps.For<Row>().IsGenerated, Is.False);
    }

    [Test]
    public void A_column_index_out_of_range_names_the_type_and_its_column_count()
    {
        var error = new DeclaredMap("Id Int64 Int64 primaryKey", "Text String String nullable").OutOfRange(5);

        Assert.That(error.ActualValue, Is.EqualTo(5));
        Assert.That(error.Message, Does.Contain(typeof(Row).FullName).And.Contain("2 columns"));
    }

    public sealed class Row
    {
        public long Id { get; set; }

        public string? Text { get; set; }
    }

    /// <summary>A map made as generated maps are.</summary>
    private sealed class DeclaredMap(params string[] columns) : EntityMap<Row>(new TableMapping(typeof(Row).FullName!, "rows", Columns(columns)), generated: true)
    {
        public static IReadOnlyList<ColumnMapping> Read(params string[] lines) => Columns(lines);

        public ArgumentOutOfRangeException OutOfRange(int index) => NoColumn(index);

        protected override void WriteRow(ref SqliteColumnWriter writer, Row entity)
        {
            writer.Write(0, entity.Id);
            writer.Write(1, entity.Text);
        }

        protected override Row ReadRow(ref SqliteColumnReader reader) => new();

        public override object? GetValue(Row entity, int columnIndex) => null;
    }
}
