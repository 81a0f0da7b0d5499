using SQLite;

namespace MicroDb.SQLiteNet.Tests.Api;

/// <summary>A model without any attribute, as many sqlite-net apps write them.</summary>
public sealed class PlainNote
{
    public int Id { get; set; }

    public string? Text { get; set; }

    // sqlite-net maps only properties with a public getter and setter; these are skipped, not errors.
    public string Display => "#" + Id + " " + Text;

    public int Length { get; private set; }
}

public sealed class MemberRuleTests : CompatTest
{
    [Test]
    public void Model_without_attributes_skips_get_only_and_private_set_properties()
    {
        Db.CreateTable<PlainNote>(CreateFlags.ImplicitPK | CreateFlags.AutoIncPK);

        Assert.That(Db.GetTableInfo("PlainNote").Select(c => c.Name), Is.EqualTo(new[] { "Id", "Text" }));
        Assert.That(Db.GetMapping<PlainNote>().Columns.Select(c => c.PropertyName), Is.EqualTo(new[] { "Id", "Text" }));
    }

    [Test]
    public void Model_without_attributes_round_trips_with_implicit_key()
    {
        Db.CreateTable<PlainNote>(CreateFlags.ImplicitPK | CreateFlags.AutoIncPK);
        var note = new PlainNote { Text = "milk" };

        Db.Insert(note);

        Assert.That(note.Id, Is.EqualTo(1));
        Assert.That(Db.Get<PlainNote>(1).Display, Is.EqualTo("#1 milk"));
        Assert.That(Db.Table<PlainNote>().Where(n => n.Text == "milk").Count(), Is.EqualTo(1));
    }
}
