// This folder is the one model with a member of every stored type, shared by every test project that needs one
// (see ../../AllTypes.props). MicroDb.Generator.Tests also compiles these files as the input of its AllTypes snapshot
// case, so they must compile on their own: explicit usings, nothing outside this folder but MicroDb itself.
using System;

namespace MicroDb.Conformance.Models;

/// <summary>One member of every supported type, and its nullable form.</summary>
[Table]
public class AllTypes
{
    [PrimaryKey, AutoIncrement]
    public long Id { get; set; }

    public bool Bool { get; set; }
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
    public string? String { get; set; }
    public byte[]? Blob { get; set; }
    public Guid Guid { get; set; }
    public DateTime DateTime { get; set; }
    [StoreAsText]
    public DateTime DateTimeText { get; set; }
    public DateTimeOffset DateTimeOffset { get; set; }
    public TimeSpan TimeSpan { get; set; }
    public DateOnly DateOnly { get; set; }
    public TimeOnly TimeOnly { get; set; }
    public Color Color { get; set; }
    // Color has no member for 0, and an enum stored by name stores only names: a new row starts at a named value.
    [StoreAsText]
    public Color ColorText { get; set; } = Color.Red;
    public Size Size { get; set; }

    public bool? NBool { get; set; }
    public byte? NByte { get; set; }
    public sbyte? NSByte { get; set; }
    public short? NInt16 { get; set; }
    public ushort? NUInt16 { get; set; }
    public int? NInt32 { get; set; }
    public uint? NUInt32 { get; set; }
    public long? NInt64 { get; set; }
    public ulong? NUInt64 { get; set; }
    public float? NSingle { get; set; }
    public double? NDouble { get; set; }
    public decimal? NDecimal { get; set; }
    public char? NChar { get; set; }
    public Guid? NGuid { get; set; }
    public DateTime? NDateTime { get; set; }
    [StoreAsText]
    public DateTime? NDateTimeText { get; set; }
    public DateTimeOffset? NDateTimeOffset { get; set; }
    public TimeSpan? NTimeSpan { get; set; }
    public DateOnly? NDateOnly { get; set; }
    public TimeOnly? NTimeOnly { get; set; }
    public Color? NColor { get; set; }
    [StoreAsText]
    public Color? NColorText { get; set; }

    // After the nullable block so the documented column order above stays as it was: non-nullable reference types
    // (the generator reads them differently from nullable ones), an indexed length-limited column, an enum stored by
    // name through [StoreAsText] on the enum type, a ulong enum with its top bit set, and the remaining nullable enums.
    [MaxLength(50), Indexed]
    public string Text { get; set; } = "";
    public byte[] Bytes { get; set; } = [];
    public Planet Planet { get; set; }
    public Flags64 Flags { get; set; }
    public Size? NSize { get; set; }
    public Planet? NPlanet { get; set; }
    public Flags64? NFlags { get; set; }
}
