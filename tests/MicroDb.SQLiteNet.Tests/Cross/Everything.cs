extern alias sqlitenet;

using Net = sqlitenet::SQLite;

namespace MicroDb.SQLiteNet.Tests.Cross;

/// <summary>An enum stored by name, marked for both libraries.</summary>
[SQLite.StoreAsText, Net.StoreAsText]
public enum Shade
{
    /// <summary>First.</summary>
    Light = 1,

    /// <summary>Second.</summary>
    Dark = 2,
}

/// <summary>An enum stored by number.</summary>
public enum Size : byte
{
    /// <summary>First.</summary>
    Small = 1,

    /// <summary>Second.</summary>
    Large = 200,
}

/// <summary>
/// One property of every type sqlite-net stores, with both libraries' attributes: sqlite-net-pcl reads its own
/// (through the alias), MicroDb.SQLiteNet recognises either by name. The same class is written by one and read by the other.
/// </summary>
[SQLite.Table("everything"), Net.Table("everything")]
public sealed class Everything
{
    /// <summary>Key.</summary>
    /// <summary>A stored value.</summary>
    [SQLite.PrimaryKey, SQLite.AutoIncrement, Net.PrimaryKey, Net.AutoIncrement]
    public int Id { get; set; }

    /// <summary>A stored value.</summary>
    public bool Flag { get; set; }
    /// <summary>A stored value.</summary>
    public byte Byte { get; set; }
    /// <summary>A stored value.</summary>
    public sbyte SByte { get; set; }
    /// <summary>A stored value.</summary>
    public short Short { get; set; }
    /// <summary>A stored value.</summary>
    public ushort UShort { get; set; }
    /// <summary>A stored value.</summary>
    public int Int { get; set; }
    /// <summary>A stored value.</summary>
    public uint UInt { get; set; }
    /// <summary>A stored value.</summary>
    public long Long { get; set; }
    /// <summary>A stored value.</summary>
    public ulong ULong { get; set; }
    /// <summary>A stored value.</summary>
    public float Float { get; set; }
    /// <summary>A stored value.</summary>
    public double Double { get; set; }
    /// <summary>A stored value.</summary>
    public decimal Decimal { get; set; }

    /// <summary>A stored value.</summary>
    [SQLite.Indexed, Net.Indexed]
    public string? Text { get; set; }

    /// <summary>A stored value.</summary>
    [SQLite.MaxLength(20), Net.MaxLength(20), SQLite.Column("short_text"), Net.Column("short_text")]
    public string? ShortText { get; set; }

    /// <summary>A stored value.</summary>
    [SQLite.Collation("NOCASE"), Net.Collation("NOCASE"), SQLite.Unique, Net.Unique]
    public string? Code { get; set; }

    /// <summary>A stored value.</summary>
    public byte[]? Bytes { get; set; }
    /// <summary>A stored value.</summary>
    public Guid Guid { get; set; }
    /// <summary>A stored value.</summary>
    public DateTime When { get; set; }
    /// <summary>A stored value.</summary>
    public DateTimeOffset WhenOffset { get; set; }
    /// <summary>A stored value.</summary>
    public TimeSpan Span { get; set; }
    /// <summary>A stored value.</summary>
    public Shade Shade { get; set; }
    /// <summary>A stored value.</summary>
    public Size Size { get; set; }

    /// <summary>A stored value.</summary>
    public bool? NullableFlag { get; set; }
    /// <summary>A stored value.</summary>
    public int? NullableInt { get; set; }
    /// <summary>A stored value.</summary>
    public long? NullableLong { get; set; }
    /// <summary>A stored value.</summary>
    public double? NullableDouble { get; set; }
    /// <summary>A stored value.</summary>
    public decimal? NullableDecimal { get; set; }
    /// <summary>A stored value.</summary>
    public Guid? NullableGuid { get; set; }
    /// <summary>A stored value.</summary>
    public DateTime? NullableWhen { get; set; }
    /// <summary>A stored value.</summary>
    public DateTimeOffset? NullableWhenOffset { get; set; }
    /// <summary>A stored value.</summary>
    public TimeSpan? NullableSpan { get; set; }
    /// <summary>A stored value.</summary>
    public Shade? NullableShade { get; set; }
    /// <summary>A stored value.</summary>
    public Size? NullableSize { get; set; }

    [SQLite.Ignore, Net.Ignore]
    public string Ignored { get; set; } = "not stored";
}
