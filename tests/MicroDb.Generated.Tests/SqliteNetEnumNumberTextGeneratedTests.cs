using MicroDb.Conformance.Models;
using MicroDb.Generated.Tests.Intercepted;

namespace MicroDb.Generated.Tests;

/// <summary>
/// sqlite-net reads an enum stored by name with <c>Enum.Parse</c>, which takes the number as text too: under its storage
/// format a <c>[StoreAsText]</c> column holding "2" reads as the value 2, on both mapping paths (MicroDb.Tests has the
/// reflection path's own test); under MicroDb's format it is still refused.
/// </summary>
[TestFixture("generated")]
[TestFixture("reflection")]
public class SqliteNetEnumNumberTextGeneratedTests
{
    private readonly string _mapping;

    public SqliteNetEnumNumberTextGeneratedTests(string mapping) => _mapping = mapping;

    [Test]
    public void Enum_number_text_reads_as_the_value_under_sqlite_net_format()
    {
        using var db = InterceptedFixture.Open(_mapping, "sqlite-net", _ => { });
        db.CreateTable<AllTypes>();
        db.Insert(new AllTypes());
        db.Execute("UPDATE AllTypes SET ColorText = '3', NColorText = '-1'");

        var read = db.Table<AllTypes>().First();

        Assert.That((read.ColorText, read.NColorText), Is.EqualTo((Color.Blue, (Color?)(Color)(-1))));
        Assert.That(db.Query<AllTypes>("SELECT * FROM AllTypes").Single().ColorText, Is.EqualTo(Color.Blue));
    }

    [Test]
    public void Enum_number_text_is_still_refused_under_MicroDb_format()
    {
        using var db = InterceptedFixture.Open(_mapping, "microdb", _ => { });
        db.CreateTable<AllTypes>();
        db.Insert(new AllTypes());
        db.Execute("UPDATE AllTypes SET ColorText = '3'");

        var error = Assert.Throws<MicroDbException>(() => db.Table<AllTypes>().First());

        Assert.That(error!.Message, Does.Contain("'ColorText'").And.Contain("not a valid Color"));
    }
}
