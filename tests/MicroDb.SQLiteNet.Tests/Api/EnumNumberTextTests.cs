using SQLite;

namespace MicroDb.SQLiteNet.Tests.Api;

/// <summary>A shade stored by name, for <see cref="EnumNumberTextTests"/>.</summary>
[StoreAsText]
public enum Shade
{
    /// <summary>1.</summary>
    Light = 1,

    /// <summary>2.</summary>
    Dark = 2,
}

/// <summary>A row with an enum stored by name, nullable too.</summary>
public class Painted
{
    /// <summary>The key.</summary>
    [PrimaryKey, AutoIncrement]
    public int Id { get; set; }

    /// <summary>Stored by name.</summary>
    public Shade Shade { get; set; }

    /// <summary>Stored by name, nullable.</summary>
    public Shade? Other { get; set; }
}

/// <summary>
/// sqlite-net reads an enum stored by name with <c>Enum.Parse</c>, which takes the number as text too ("2"): the compat
/// package reads such a row (written by other code) as that value, as sqlite-net does; another text is still refused.
/// </summary>
public class EnumNumberTextTests : CompatTest
{
    [Test]
    public void StoreAsText_enum_column_holding_the_number_as_text_reads_as_the_value()
    {
        Db.CreateTable<Painted>();
        Db.Insert(new Painted { Shade = Shade.Light, Other = Shade.Light });
        Db.Execute("UPDATE Painted SET Shade = '2', Other = '1'");

        var read = Db.Table<Painted>().Single();

        Assert.That((read.Shade, read.Other), Is.EqualTo((Shade.Dark, (Shade?)Shade.Light)));
        Assert.That(Db.Query<Painted>("SELECT * FROM Painted").Single().Shade, Is.EqualTo(Shade.Dark));
        Assert.That(Db.ExecuteScalar<string>("SELECT Shade FROM Painted"), Is.EqualTo("2"), "reading changes nothing stored");
    }

    [Test]
    public void StoreAsText_enum_column_holding_another_text_is_still_refused()
    {
        Db.CreateTable<Painted>();
        Db.Insert(new Painted { Shade = Shade.Light });
        Db.Execute("UPDATE Painted SET Shade = 'Darkish'");

        Assert.That(() => Db.Table<Painted>().Single(), Throws.InstanceOf<Exception>().With.Message.Contains("Darkish"));
    }
}
