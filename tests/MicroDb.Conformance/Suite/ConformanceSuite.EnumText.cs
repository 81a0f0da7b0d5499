using MicroDb.Conformance.Models;

namespace MicroDb.Conformance;

// Enums stored by name ([StoreAsText]) read and write by one rule on both mapping paths (issue 24's follow-up): NULL
// reads as the default as in a column stored as a number (and as in sqlite-net), a stored text must be one of the
// names (a [Flags] enum: exactly the list of names the writer writes), and a value with no name is refused on write.
public abstract partial class ConformanceSuite
{
    [Test]
    public void A_NULL_in_an_enum_column_reads_as_the_default_whether_stored_by_name_or_as_a_number()
    {
        var db = OpenWith<Swatch>();
        var row = new Swatch { Named = Color.Green, NamedOrNull = Color.Blue, Number = Color.Green, Hues = Hues.Red, HuesOrNull = Hues.Blue };
        db.Insert(row);
        db.Execute("UPDATE swatches SET Named = NULL, NamedOrNull = NULL, Number = NULL, Hues = NULL, HuesOrNull = NULL");

        var expected = (default(Color), (Color?)null, default(Color), Hues.None, (Hues?)null);
        var back = db.Get<Swatch>(row.Id);
        Assert.That((back.Named, back.NamedOrNull, back.Number, back.Hues, back.HuesOrNull), Is.EqualTo(expected), "Get");
        var queried = db.Query<Swatch>("SELECT * FROM swatches").Single();
        Assert.That((queried.Named, queried.NamedOrNull, queried.Number, queried.Hues, queried.HuesOrNull), Is.EqualTo(expected), "Query");
        var listed = db.Table<Swatch>().ToList().Single();
        Assert.That((listed.Named, listed.NamedOrNull, listed.Number, listed.Hues, listed.HuesOrNull), Is.EqualTo(expected), "Table");
    }

    [TestCase("5")]
    [TestCase("-1")]
    [TestCase("Red, Blue")]
    [TestCase("red")]
    [TestCase(" Red")]
    [TestCase("Red ")]
    [TestCase("")]
    public void A_stored_text_that_is_not_one_of_the_names_is_refused_naming_the_column_the_table_and_the_text(string text)
    {
        var db = OpenWith<Swatch>();
        var row = new Swatch();
        db.Insert(row);
        db.Execute("UPDATE swatches SET Named = ?", text);

        var error = Assert.Throws<MicroDbException>(() => db.Get<Swatch>(row.Id));
        Assert.That(error!.Message, Does.Contain("'Named'").And.Contain("'swatches'").And.Contain("'" + text + "'").And.Contain(nameof(Color)));
        Assert.Throws<MicroDbException>(() => db.Table<Swatch>().ToList());
        Assert.That(db.ExecuteScalar<string>("SELECT Named FROM swatches"), Is.EqualTo(text), "nothing stored is lost");
    }

    [Test]
    public void A_number_stored_in_an_enum_column_by_name_is_refused()
    {
        var db = OpenWith<Swatch>();
        var row = new Swatch();
        db.Insert(row);
        db.Execute("UPDATE swatches SET NamedOrNull = 2");

        var error = Assert.Throws<MicroDbException>(() => db.Get<Swatch>(row.Id));
        Assert.That(error!.Message, Does.Contain("'NamedOrNull'").And.Contain("'swatches'").And.Contain("'2'"));
        Assert.That(db.ExecuteScalar<long>("SELECT NamedOrNull FROM swatches"), Is.EqualTo(2));
    }

    [TestCase(Hues.None, "None")]
    [TestCase(Hues.Red, "Red")]
    [TestCase(Hues.Red | Hues.Blue, "Red, Blue")]
    [TestCase(Hues.Green | Hues.Blue, "Cyan")]
    [TestCase(Hues.Red | Hues.Green | Hues.Blue, "Red, Cyan")]
    public void A_Flags_enum_by_name_stores_the_names_Enum_ToString_gives_and_reads_them_back(Hues hues, string stored)
    {
        var db = OpenWith<Swatch>();
        var row = new Swatch { Hues = hues, HuesOrNull = hues };
        db.Insert(row);

        Assert.That(db.ExecuteScalar<string>("SELECT Hues || '|' || HuesOrNull FROM swatches"), Is.EqualTo(stored + "|" + stored));
        var back = db.Get<Swatch>(row.Id);
        Assert.That((back.Hues, back.HuesOrNull), Is.EqualTo((hues, (Hues?)hues)));
        Assert.That(db.Table<Swatch>().Where(x => x.Hues == hues).Count(), Is.EqualTo(1));
    }

    [TestCase("Blue, Red")]
    [TestCase("Red,Blue")]
    [TestCase("Red, Blue, Red")]
    [TestCase("Green, Blue")]
    [TestCase("Red, Purple")]
    [TestCase("5")]
    [TestCase("0")]
    public void A_Flags_text_the_writer_does_not_write_is_refused(string text)
    {
        var db = OpenWith<Swatch>();
        var row = new Swatch();
        db.Insert(row);
        db.Execute("UPDATE swatches SET HuesOrNull = ?", text);

        var error = Assert.Throws<MicroDbException>(() => db.Get<Swatch>(row.Id));
        Assert.That(error!.Message, Does.Contain("'HuesOrNull'").And.Contain("'swatches'").And.Contain("'" + text + "'").And.Contain(nameof(Hues)));
        Assert.That(db.ExecuteScalar<string>("SELECT HuesOrNull FROM swatches"), Is.EqualTo(text));
    }

    [Test]
    public void An_enum_value_with_no_name_is_refused_on_write_and_nothing_is_stored()
    {
        var db = OpenWith<Swatch>();
        var kept = new Swatch { Named = Color.Blue };
        db.Insert(kept);
        var before = RawRows(db, "swatches");

        var insert = Assert.Throws<MicroDbException>(() => db.Insert(new Swatch { Named = (Color)5 }));
        Assert.That(insert!.Message, Does.Contain("'Named'").And.Contain("'swatches'").And.Contain("5").And.Contain(nameof(Color)));
        Assert.Throws<MicroDbException>(() => db.Insert(new Swatch { Named = default }), "0 has no member in Color");
        Assert.Throws<MicroDbException>(() => db.Insert(new Swatch { NamedOrNull = (Color)7 }));
        var flags = Assert.Throws<MicroDbException>(() => db.Insert(new Swatch { Hues = (Hues)8 }));
        Assert.That(flags!.Message, Does.Contain("'Hues'").And.Contain("8"));
        Assert.Throws<MicroDbException>(() => db.Update(new Swatch { Id = kept.Id, Named = (Color)9 }));
        Assert.Throws<MicroDbException>(() => db.InsertAll(new[] { new Swatch(), new Swatch { HuesOrNull = Hues.Red | (Hues)16 } }));

        Assert.That(RawRows(db, "swatches"), Is.EqualTo(before), "nothing stored changed");
        db.Insert(new Swatch { Named = Color.Green });
        Assert.That(db.Table<Swatch>().Count(), Is.EqualTo(2), "the statement is usable after the refusal");
    }

    [Test]
    public void ExecuteUpdate_of_an_enum_value_with_no_name_is_refused_and_changes_nothing()
    {
        var db = OpenWith<Swatch>();
        db.Insert(new Swatch { Named = Color.Blue });
        var before = RawRows(db, "swatches");
        var unnamed = (Color)5;

        var error = Assert.Throws<MicroDbException>(() => db.Table<Swatch>().ExecuteUpdate(s => s.Set(x => x.Named, unnamed)));
        Assert.That(error!.Message, Does.Contain("'Named'").And.Contain("'swatches'").And.Contain("5").And.Contain(nameof(Color)));
        Assert.Throws<MicroDbException>(() => db.Table<Swatch>().ExecuteUpdate(s => s.Set(x => x.HuesOrNull, (Hues?)(Hues)8)));
        Assert.That(RawRows(db, "swatches"), Is.EqualTo(before), "nothing stored changed");

        db.Table<Swatch>().ExecuteUpdate(s => s.Set(x => x.Hues, Hues.Red | Hues.Blue));
        Assert.That(db.ExecuteScalar<string>("SELECT Hues FROM swatches"), Is.EqualTo("Red, Blue"));
        Assert.That(db.Table<Swatch>().Single().Hues, Is.EqualTo(Hues.Red | Hues.Blue));
    }
}
