using MicroDb.Conformance.Models;

namespace MicroDb.Tests.Reliability;

/// <summary>
/// sqlite-net reads an enum stored by name (<c>[StoreAsText]</c>) with <c>Enum.Parse</c>, which also takes the enum's
/// number as text: under its storage format MicroDb reads such a text as that value (rows written by other code). Under
/// MicroDb's format a number stays refused (<see cref="BadInputTests"/>). This is the reflection mapping path; the
/// generated one is in MicroDb.Generated.Tests (SqliteNetEnumNumberTextGeneratedTests).
/// </summary>
[TestFixture]
public sealed class SqliteNetEnumNumberTextTests : ReliabilityFixture
{
    [Test]
    public void Enum_number_text_in_a_StoreAsText_column_reads_as_the_value_under_sqlite_net_format()
    {
        var db = OpenWith<AllTypes>(tweak: o => o.Storage = StorageFormat.SqliteNet());
        db.Insert(new AllTypes());
        db.Insert(new AllTypes { ColorText = Color.Blue, NColorText = Color.Red });
        db.Execute("UPDATE AllTypes SET ColorText = '2', NColorText = '42' WHERE Id = 1");

        var rows = db.Table<AllTypes>().OrderBy(x => x.Id).ToList();

        Assert.That((rows[0].ColorText, rows[0].NColorText), Is.EqualTo((Color.Green, (Color?)(Color)42)));
        Assert.That((rows[1].ColorText, rows[1].NColorText), Is.EqualTo((Color.Blue, (Color?)Color.Red)), "names read as before");
        Assert.That(db.Get<AllTypes>(1L).ColorText, Is.EqualTo(Color.Green));
    }

    [Test]
    public void Other_text_in_a_StoreAsText_column_is_still_refused_under_sqlite_net_format()
    {
        var db = OpenWith<AllTypes>(tweak: o => o.Storage = StorageFormat.SqliteNet());
        db.Insert(new AllTypes());
        db.Execute("UPDATE AllTypes SET ColorText = 'green'");

        var error = Assert.Throws<MicroDbException>(() => db.Get<AllTypes>(1L));

        Assert.That(error!.Message, Does.Contain("'ColorText'").And.Contain("not a valid Color"));
    }

    [Test]
    public void Enum_number_text_is_still_refused_under_MicroDb_format()
    {
        var db = OpenWith<AllTypes>();
        db.Insert(new AllTypes());
        db.Execute("UPDATE AllTypes SET ColorText = '2'");

        var error = Assert.Throws<MicroDbException>(() => db.Get<AllTypes>(1L));

        Assert.That(error!.Message, Does.Contain("'ColorText'").And.Contain("not a valid Color"));
    }
}
