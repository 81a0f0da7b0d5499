using MicroDb.Conformance;
using MicroDb.Conformance.Models;
using MicroDb.Mapping;
using MicroDb.Runtime.Reflection;

namespace MicroDb.Generated.Tests;

/// <summary>
/// Enums stored by name (<c>[StoreAsText]</c>) cross SQLite's typed column contract as their name: the map hands the
/// name to <c>SqliteColumnWriter</c> and parses what <c>SqliteColumnReader</c> reads, on both mapping paths (issue 24).
/// </summary>
[TestFixture(MappingMode.Generated)]
[TestFixture(MappingMode.Reflection)]
public sealed class EnumTextContractTests(MappingMode mapping)
{
    private MicroDbConnection _db = null!;

    [SetUp]
    public void Open()
    {
        ReflectionMaps.Enable();
        _db = new MicroDbConnection(new MicroDbOptions(":memory:") { Mapping = mapping });
        _db.CreateTable<AllTypes>();
    }

    [TearDown]
    public void Close() => _db.Dispose();

    [Test]
    public void Insert_and_update_store_an_enum_by_name_and_Get_reads_it_back()
    {
        var row = AllTypesSamples.Minimums();
        row.ColorText = Color.Green;
        row.NColorText = null;
        _db.Insert(row);
        Assert.That(_db.ExecuteScalar<string>("SELECT typeof(ColorText) || ':' || ColorText || ':' || typeof(NColorText) FROM AllTypes"), Is.EqualTo("text:Green:null"));

        row.ColorText = Color.Red;
        row.NColorText = Color.Green;
        _db.Update(row);
        Assert.That(_db.ExecuteScalar<string>("SELECT ColorText || ':' || NColorText FROM AllTypes"), Is.EqualTo("Red:Green"));

        var back = _db.Get<AllTypes>(row.Id);
        Assert.That((back.ColorText, back.NColorText), Is.EqualTo((Color.Red, (Color?)Color.Green)));
        Assert.That(_db.Table<AllTypes>().Where(x => x.ColorText == Color.Red).Count(), Is.EqualTo(1));
    }

    [Test]
    public void A_stored_name_that_is_no_member_is_refused_naming_the_column_and_the_text_and_the_row_is_kept()
    {
        var row = AllTypesSamples.Minimums();
        _db.Insert(row);
        _db.Execute("UPDATE AllTypes SET NColorText = 'Mauve'");

        var error = Assert.Throws<MicroDbException>(() => _db.Get<AllTypes>(row.Id));
        Assert.That(error!.Message, Does.Contain("NColorText").And.Contain("'Mauve'").And.Contain(nameof(Color)));
        Assert.That(_db.ExecuteScalar<string>("SELECT NColorText FROM AllTypes"), Is.EqualTo("Mauve"), "nothing stored is lost");
    }
}
