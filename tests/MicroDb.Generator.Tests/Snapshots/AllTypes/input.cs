using System;
using MicroDb;

namespace Kitchen;

public enum Color { Red, Green, Blue }

[StoreAsText]
public enum Size : byte { Small, Large }

public enum Huge : ulong { Zero = 0, Max = ulong.MaxValue }

[Table]
public class Sink
{
    [PrimaryKey]
    public Guid Id { get; set; }
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
    public string Text { get; set; } = "";
    public string? MaybeText { get; set; }
    public byte[] Blob { get; set; } = [];
    public byte[]? MaybeBlob { get; set; }
    public DateTime When { get; set; }
    [StoreAsText]
    public DateTime WhenText { get; set; }
    public DateTimeOffset Offset { get; set; }
    public TimeSpan Span { get; set; }
    public DateOnly Day { get; set; }
    public TimeOnly Time { get; set; }
    public Color Color { get; set; }
    [StoreAsText]
    public Color ColorText { get; set; }
    public Size Size { get; set; }
    public Huge Huge { get; set; }
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
    public DateTime? NWhen { get; set; }
    [StoreAsText]
    public DateTime? NWhenText { get; set; }
    public DateTimeOffset? NOffset { get; set; }
    public TimeSpan? NSpan { get; set; }
    public DateOnly? NDay { get; set; }
    public TimeOnly? NTime { get; set; }
    public Color? NColor { get; set; }
    public Size? NSize { get; set; }
}
