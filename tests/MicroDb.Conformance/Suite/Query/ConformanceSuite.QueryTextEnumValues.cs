using MicroDb.Conformance.Models;

namespace MicroDb.Conformance;

// An enum stored by name ([StoreAsText]) compared, through a cast to its number, with a number computed or bound on the
// run-time front end (issue 22): a number known before the query runs is compared as the name it stands for (a value
// with no name matches no stored row, as LINQ-to-Objects finds none), and a number SQL would compute is refused, naming
// the member and its storage (StoredPairRules, QueryReasons). Nothing runs in memory.
public abstract partial class ConformanceSuite
{
    [Test]
    public void Contains_subquery_of_a_number_over_an_enum_stored_by_name_matches_linq([Values] bool sqliteNet)
    {
        // The inner query reads the row, so it runs in SQL: the number is bound as the name it stands for.
        var db = OpenEnumKeyRows(sqliteNet, out var rows);
        var red = 1;
        var expected = rows.Where(a => rows.Where(b => b.Id == a.Id).Select(b => (int)b.ColorText).Contains(red)).Select(a => a.Id).ToList();
        Assert.That(expected, Has.Count.EqualTo(2));
        Assert.That(db.Table<AllTypes>().Where(a => db.Table<AllTypes>().Where(b => b.Id == a.Id).Select(b => (int)b.ColorText).Contains(red)).Select(a => a.Id).ToList(), Is.EquivalentTo(expected));
        Assert.That(db.Table<AllTypes>().Where(a => db.Table<AllTypes>().Where(b => b.Id == a.Id).Select(b => (int)b.ColorText).Contains(2)).Select(a => a.Id).ToList(),
            Is.EquivalentTo(rows.Where(a => a.ColorText == Color.Green).Select(a => a.Id)));
        Assert.That(db.Table<AllTypes>().Where(a => db.Table<AllTypes>().Where(b => b.Id == a.Id).Select(b => (int)b.ColorText).Contains(5)).Count(), Is.Zero, "5 has no name: no row holds it");
    }

    [Test]
    public void Contains_subquery_of_a_computed_number_over_an_enum_stored_by_name_throws_naming_the_member([Values] bool sqliteNet)
    {
        var db = OpenEnumKeyRows(sqliteNet, out _);
        var error = Assert.Throws<NotSupportedException>(() => db.Table<AllTypes>().Where(a => db.Table<AllTypes>().Select(b => (int)b.ColorText).Contains((int)(a.Id % 3))).ToList());
        Assert.That(error!.Message, Does.Contain("'ColorText' is stored as EnumText").And.Contain("(a.Id % 3)"));
        Assert.That(db.Table<AllTypes>().Count(), Is.EqualTo(3), "nothing stored is touched");
    }

    [Test]
    public void Where_casting_an_enum_stored_by_name_to_its_number_matches_linq([Values] bool sqliteNet)
    {
        var db = OpenEnumKeyRows(sqliteNet, out var rows);
        Assert.That(db.Table<AllTypes>().Where(x => (int)x.ColorText == 1).Select(x => x.Id).ToList(), Is.EquivalentTo(rows.Where(x => (int)x.ColorText == 1).Select(x => x.Id)));
        Assert.That(db.Table<AllTypes>().Where(x => (int)x.ColorText != 1).Select(x => x.Id).ToList(), Is.EquivalentTo(rows.Where(x => (int)x.ColorText != 1).Select(x => x.Id)));
        Assert.That(db.Table<AllTypes>().Where(x => (int)x.ColorText == 5).Count(), Is.Zero);
        Assert.That(db.Table<AllTypes>().Where(x => (int)x.ColorText != 5).Count(), Is.EqualTo(3));
    }

    [Test]
    public void Where_comparing_an_enum_stored_by_name_with_a_value_without_a_name_matches_linq([Values] bool sqliteNet)
    {
        var db = OpenEnumKeyRows(sqliteNet, out var rows);
        var unnamed = (Color)5;
        Assert.That(rows.Count(x => x.ColorText == unnamed), Is.Zero);
        Assert.That(db.Table<AllTypes>().Where(x => x.ColorText == unnamed).Count(), Is.Zero);
        Assert.That(db.Table<AllTypes>().Where(x => x.ColorText != unnamed).Count(), Is.EqualTo(3));
        Assert.That(db.Table<AllTypes>().Where(x => x.ColorText == (Color)2).Select(x => x.Id).ToList(), Is.EquivalentTo(rows.Where(x => x.ColorText == Color.Green).Select(x => x.Id)));
    }

    [Test]
    public void Where_comparing_an_enum_stored_by_name_with_a_computed_number_throws_naming_the_member([Values] bool sqliteNet)
    {
        var db = OpenEnumKeyRows(sqliteNet, out _);
        var error = Assert.Throws<NotSupportedException>(() => db.Table<AllTypes>().Where(x => (int)x.ColorText == x.Id % 3).ToList());
        Assert.That(error!.Message, Does.Contain("'ColorText' is stored as EnumText").And.Contain("(x.Id % 3)"));
        error = Assert.Throws<NotSupportedException>(() => db.Table<AllTypes>().Where(x => x.Id + 1 != (long)x.ColorText).ToList());
        Assert.That(error!.Message, Does.Contain("'ColorText' is stored as EnumText").And.Contain("(x.Id + 1)"));
    }
}
