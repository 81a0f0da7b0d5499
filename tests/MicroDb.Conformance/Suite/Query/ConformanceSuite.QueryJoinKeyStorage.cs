using MicroDb.Conformance.Models;

namespace MicroDb.Conformance;

// Join keys whose two columns store equal values differently (issue 22, run-time front end): an enum stored by number
// against one stored by name, or against another enum's names. LINQ-to-Objects matches the equal numbers; SQL's '='
// would match nothing, so every join kind and a sub-query's correlation refuse the pair, naming both keys and their
// storage (StoredPairRules, QueryReasons.StoredDifferently), on both storage formats. Nothing runs in memory.
public abstract partial class ConformanceSuite
{
    private MicroDbConnection OpenEnumKeyRows(bool sqliteNet, out List<AllTypes> rows)
    {
        var db = Open(tweak: o =>
        {
            if (sqliteNet)
            {
                o.Storage = StorageFormat.SqliteNet();
            }
        });
        db.CreateTable<AllTypes>();
        db.InsertAll(new[]
        {
            new AllTypes { Color = Color.Red, ColorText = Color.Red, Planet = Planet.Earth },
            new AllTypes { Color = Color.Green, ColorText = Color.Red, Planet = Planet.Mercury },
            new AllTypes { Color = Color.Blue, ColorText = Color.Green, Planet = Planet.Earth },
        });
        rows = db.Table<AllTypes>().ToList();
        return db;
    }

    private static void AssertStoredDifferently(NotSupportedException? error, string left, string right)
    {
        Assert.That(error, Is.Not.Null);
        Assert.That(error!.Message, Does.Contain("stored differently").And.Contain(left).And.Contain(right).And.Contain("EnumText"));
    }

    [Test]
    public void Join_on_enum_by_number_and_enum_by_name_throws_naming_both_keys([Values] bool sqliteNet)
    {
        var db = OpenEnumKeyRows(sqliteNet, out var rows);
        var inMemory = rows.Join(rows, a => a.Color, b => b.ColorText, (a, b) => new { A = a.Id, B = b.Id }).ToList();
        Assert.That(inMemory, Has.Count.EqualTo(3), "LINQ-to-Objects matches the equal enum values");

        AssertStoredDifferently(Assert.Throws<NotSupportedException>(() => db.Table<AllTypes>().Join(db.Table<AllTypes>(), a => a.Color, b => b.ColorText, (a, b) => new { A = a.Id, B = b.Id }).ToList()), ".Color'", ".ColorText'");
        Assert.That(db.Table<AllTypes>().Count(), Is.EqualTo(3), "nothing stored is touched");
    }

    [Test]
    public void LeftJoin_on_enum_by_name_and_enum_by_number_throws_naming_both_keys([Values] bool sqliteNet)
    {
        var db = OpenEnumKeyRows(sqliteNet, out _);
        AssertStoredDifferently(Assert.Throws<NotSupportedException>(() => db.Table<AllTypes>().LeftJoin(db.Table<AllTypes>(), a => a.ColorText, b => b.Color, (a, b) => new { A = a.Id, B = b == null ? (long?)null : b.Id }).ToList()), ".ColorText'", ".Color'");
    }

    [Test]
    public void RightJoin_and_GroupJoin_on_differently_stored_enum_keys_throw([Values] bool sqliteNet)
    {
        var db = OpenEnumKeyRows(sqliteNet, out _);
        AssertStoredDifferently(Assert.Throws<NotSupportedException>(() => db.Table<AllTypes>().RightJoin(db.Table<AllTypes>(), a => a.Color, b => b.ColorText, (a, b) => new { A = a == null ? (long?)null : a.Id, B = b.Id }).ToList()), ".Color", ".ColorText");
        AssertStoredDifferently(Assert.Throws<NotSupportedException>(() => db.Table<AllTypes>().GroupJoin(db.Table<AllTypes>(), a => a.NColor, b => b.NColorText, (a, g) => new { a.Id, g })
            .SelectMany(x => x.g.DefaultIfEmpty(), (x, b) => new { A = x.Id, B = b == null ? (long?)null : b.Id }).ToList()), ".NColor", ".NColorText");
    }

    [Test]
    public void Composite_join_key_with_an_enum_part_stored_differently_throws([Values] bool sqliteNet)
    {
        var db = OpenEnumKeyRows(sqliteNet, out _);
        AssertStoredDifferently(Assert.Throws<NotSupportedException>(() => db.Table<AllTypes>().Join(db.Table<AllTypes>(), a => new { a.Id, C = a.Color }, b => new { b.Id, C = b.ColorText }, (a, b) => a.Id).ToList()), ".Color'", ".ColorText'");
    }

    [Test]
    public void Join_on_two_enums_stored_by_name_of_different_types_throws([Values] bool sqliteNet)
    {
        // Equal numbers, different names (Color.Red and Planet.Earth are both 1): the numbers meet, the stored names never do.
        var db = OpenEnumKeyRows(sqliteNet, out _);
        AssertStoredDifferently(Assert.Throws<NotSupportedException>(() => db.Table<AllTypes>().Join(db.Table<AllTypes>(), a => (int)a.ColorText, b => (int)b.Planet, (a, b) => a.Id).ToList()), ".ColorText", ".Planet");
    }

    [Test]
    public void Subquery_correlating_enum_by_number_with_enum_by_name_throws([Values] bool sqliteNet)
    {
        var db = OpenEnumKeyRows(sqliteNet, out _);
        AssertStoredDifferently(Assert.Throws<NotSupportedException>(() => db.Table<AllTypes>().Where(a => db.Table<AllTypes>().Any(b => b.ColorText == a.Color)).ToList()), ".ColorText", ".Color");
    }

    [Test]
    public void Contains_over_enum_keys_stored_differently_throws([Values] bool sqliteNet)
    {
        var db = OpenEnumKeyRows(sqliteNet, out _);
        AssertStoredDifferently(Assert.Throws<NotSupportedException>(() => db.Table<AllTypes>().Where(a => db.Table<AllTypes>().Select(b => b.Color).Contains(a.ColorText)).ToList()), ".Color", ".ColorText");
        AssertStoredDifferently(Assert.Throws<NotSupportedException>(() => db.Table<AllTypes>().Where(a => db.Table<AllTypes>().Select(b => (int)b.ColorText).Contains((int)a.Color)).ToList()), ".ColorText", ".Color");
    }

    [Test]
    public void Join_on_enum_keys_stored_alike_matches_linq([Values] bool sqliteNet)
    {
        var db = OpenEnumKeyRows(sqliteNet, out var rows);
        var byName = db.Table<AllTypes>().Join(db.Table<AllTypes>(), a => a.ColorText, b => b.ColorText, (a, b) => new { A = a.Id, B = b.Id }).ToList();
        var byNumber = db.Table<AllTypes>().Join(db.Table<AllTypes>(), a => a.Color, b => b.Color, (a, b) => new { A = a.Id, B = b.Id }).ToList();
        Assert.That(byName.OrderBy(x => x.A).ThenBy(x => x.B), Is.EqualTo(rows.Join(rows, a => a.ColorText, b => b.ColorText, (a, b) => new { A = a.Id, B = b.Id }).OrderBy(x => x.A).ThenBy(x => x.B)));
        Assert.That(byNumber.OrderBy(x => x.A).ThenBy(x => x.B), Is.EqualTo(rows.Join(rows, a => a.Color, b => b.Color, (a, b) => new { A = a.Id, B = b.Id }).OrderBy(x => x.A).ThenBy(x => x.B)));
        Assert.That(byName, Has.Count.EqualTo(5));
    }

    [Test]
    public void Join_on_DateTime_as_ticks_and_as_text_throws_under_MicroDbs_format()
    {
        var db = OpenEnumKeyRows(sqliteNet: false, out _);
        var error = Assert.Throws<NotSupportedException>(() => db.Table<AllTypes>().Join(db.Table<AllTypes>(), a => a.DateTime, b => b.DateTimeText, (a, b) => a.Id).ToList());
        Assert.That(error!.Message, Does.Contain("'a.DateTime' and 'b.DateTimeText' are stored differently (DateTime and DateTimeText)"));
    }
}
