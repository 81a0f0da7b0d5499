using System.Text;

namespace MicroDb.Npgsql.Tests;

/// <summary>An enum stored by value.</summary>
public enum Shade
{
    /// <summary>None.</summary>
    None,
    /// <summary>Red.</summary>
    Red = 7,
    /// <summary>Blue.</summary>
    Blue = -3,
}

/// <summary>One member of every column kind, with an identity key, and nullable members.</summary>
[Table("pg_every_kind")]
public class EveryKind
{
    [PrimaryKey, AutoIncrement] public int Id { get; set; }
    public bool Flag { get; set; }
    public byte Byte { get; set; }
    public sbyte SByte { get; set; }
    public short Int16 { get; set; }
    public ushort UInt16 { get; set; }
    public int Int32 { get; set; }
    public uint UInt32 { get; set; }
    public long Int64 { get; set; }
    public ulong UInt64 { get; set; }
    public float Single { get; set; }
    public double Double { get; set; }
    public decimal Decimal { get; set; }
    public char Char { get; set; }
    public string? Text { get; set; }
    public byte[]? Blob { get; set; }
    public Guid Guid { get; set; }
    public DateTime When { get; set; }
    [StoreAsText] public DateTime WhenText { get; set; }
    public DateTimeOffset At { get; set; }
    public TimeSpan Span { get; set; }
    public DateOnly Day { get; set; }
    public TimeOnly Time { get; set; }
    public Shade Shade { get; set; }
    [StoreAsText] public Shade ShadeText { get; set; }
    public Uri? Link { get; set; }
    public StringBuilder? Notes { get; set; }
    public int? MaybeInt { get; set; }
    public Guid? MaybeGuid { get; set; }
    public DateTime? MaybeWhen { get; set; }
    public ulong? MaybeUInt64 { get; set; }
}

/// <summary>A user-chosen key, a NOT NULL column and a unique index.</summary>
[Table("pg_account")]
public class Account
{
    [PrimaryKey] public Guid Id { get; set; }
    [NotNull, MaxLength(40)] public string? Name { get; set; }
    [Unique] public string? Email { get; set; }
    public decimal Balance { get; set; }
}

/// <summary>A model PostgreSQL cannot declare as asked: SQLite's NOCASE collation.</summary>
[Table("pg_nocase")]
public class NoCaseName
{
    [PrimaryKey] public int Id { get; set; }
    [Collation("NOCASE")] public string? Name { get; set; }
}

/// <summary>An auto-incremented ulong key: PostgreSQL has no identity of numeric(20,0).</summary>
[Table("pg_ulong_identity")]
public class ULongIdentity
{
    [PrimaryKey, AutoIncrement] public ulong Id { get; set; }
    public string? Name { get; set; }
}

/// <summary>A table without a key.</summary>
[Table("pg_log")]
public class LogLine
{
    public string? Text { get; set; }
    public DateTime At { get; set; }
}
