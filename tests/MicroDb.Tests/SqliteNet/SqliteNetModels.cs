using SQLite;
using IgnoreAttribute = SQLite.IgnoreAttribute; // the test project imports NUnit.Framework, which has one too

// Models written as a sqlite-net app writes them, with the look-alike SQLite.* attributes (SqliteNetLookAlikeAttributes.cs),
// and MicroDb twins with the same shape; both mapping paths must read the two identically.
// Outside namespace MicroDb on purpose: inside it, [Table] would bind to MicroDb.TableAttribute before any using.
namespace SqliteNetApp;

public enum Mood
{
    Calm,
    Cross,
}

[StoreAsText]
public enum Colour
{
    Red,
    Green,
}

[Table("sn_items")]
public class SqliteNetItem
{
    [PrimaryKey, AutoIncrement]
    public int Id { get; set; }

    [Column("item_name"), MaxLength(40), NotNull, Collation("NOCASE"), Indexed]
    public string Name { get; set; } = "";

    [Unique]
    public string? Code { get; set; }

    [Indexed("ix_pair", 2)]
    public int Second { get; set; }

    [Indexed(Name = "ix_pair", Order = 1, Unique = true)]
    public int First { get; set; }

    [StoreAsText]
    public Mood Mood { get; set; }

    public Colour Colour { get; set; }

    [StoreAsText]
    public DateTime When { get; set; }

    [Ignore]
    public string Scratch { get; set; } = "";

    // sqlite-net maps only properties with a public getter and a public setter: these are left out, not an error.
    public string Shout => Name.ToUpperInvariant();

    public int ReadOnlyCount { get; } = 3;

    public int PrivateSet { get; private set; }
}

[MicroDb.Table("sn_items")]
public class MicroDbItem
{
    [MicroDb.PrimaryKey, MicroDb.AutoIncrement]
    public int Id { get; set; }

    [MicroDb.Column("item_name"), MicroDb.MaxLength(40), MicroDb.NotNull, MicroDb.Collation("NOCASE"), MicroDb.Indexed]
    public string Name { get; set; } = "";

    [MicroDb.Unique]
    public string? Code { get; set; }

    [MicroDb.Indexed("ix_pair", 2)]
    public int Second { get; set; }

    [MicroDb.Indexed(Name = "ix_pair", Order = 1, Unique = true)]
    public int First { get; set; }

    [MicroDb.StoreAsText]
    public Mood Mood { get; set; }

    public Colour Colour { get; set; }

    [MicroDb.StoreAsText]
    public DateTime When { get; set; }

    [MicroDb.Ignore]
    public string Scratch { get; set; } = "";

    [MicroDb.Ignore]
    public string Shout => Name.ToUpperInvariant();

    [MicroDb.Ignore]
    public int ReadOnlyCount { get; } = 3;

    [MicroDb.Ignore]
    public int PrivateSet { get; private set; }
}

// No primary key and no [Table]: sqlite-net accepts it (the table is named after the class).
public class SqliteNetNoKey
{
    [MaxLength(10)]
    public string? Label { get; set; }

    public int Count { get; set; }
}

[Table("sn_without_rowid", WithoutRowId = true)]
public class SqliteNetWithoutRowId
{
    [PrimaryKey]
    public string Key { get; set; } = "";

    public int Value { get; set; }
}

// Attributes on a virtual property are inherited by its override, as with MicroDb's attributes.
public class SqliteNetBase
{
    [PrimaryKey]
    public virtual int Id { get; set; }
}

[Table("sn_derived")]
public class SqliteNetDerived : SqliteNetBase
{
    public override int Id { get; set; }

    public string? Text { get; set; }
}

// sqlite-net's [Table] is inherited: the concrete class takes the abstract base's table name.
[Table("sn_animals")]
public abstract class SqliteNetAnimal
{
    [PrimaryKey, AutoIncrement]
    public int Id { get; set; }
}

public class SqliteNetDog : SqliteNetAnimal
{
    public string? Name { get; set; }
}
