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

// A sqlite-net app's plain class: no attributes at all, a computed and a privately set property. Used through
// sqlite-net's API it maps only Id and Text (sqlite-net's member rule), on both paths.
public class SqliteNetPlain
{
    public int Id { get; set; }

    public string Text { get; set; } = "";

    public string Display => Text.ToUpperInvariant();

    public int Stamp { get; private set; } = 7;
}

// An app's own attribute classes deriving from sqlite-net's. sqlite-net 1.11 matches [Table], [Ignore], [Indexed]
// ([Unique]) and [MaxLength] with inheritance and the others by exact type (measured in the compat package's
// BehaviourParityTests); both mapping paths follow it (AttributeNames.Recognise).
[AttributeUsage(AttributeTargets.Property)]
public sealed class NotStoredAttribute : IgnoreAttribute
{
}

[AttributeUsage(AttributeTargets.Property)]
public sealed class ShortTextAttribute : MaxLengthAttribute
{
    public ShortTextAttribute(int length)
        : base(length)
    {
    }
}

[AttributeUsage(AttributeTargets.Property, AllowMultiple = true)]
public sealed class LookupAttribute : IndexedAttribute
{
}

// Not honoured by sqlite-net (matched by exact type), so not by MicroDb either.
[AttributeUsage(AttributeTargets.Property)]
public sealed class KeyAttribute : PrimaryKeyAttribute
{
}

[AttributeUsage(AttributeTargets.Property)]
public sealed class RequiredAttribute : NotNullAttribute
{
}

[Table("sn_derived_attributes")]
public class SqliteNetDerivedAttributes
{
    [PrimaryKey, AutoIncrement]
    public int Id { get; set; }

    [ShortText(12), Lookup(Name = "ix_label", Order = 1)]
    public string Label { get; set; } = "";

    [NotStored]
    public string Scratch { get; set; } = "";

    [Key, Required]
    public int Other { get; set; }
}
