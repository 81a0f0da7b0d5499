using MicroDb.Mapping;
using MicroDb.Native;

namespace MicroDb.Runtime.Reflection;

// One codec per stored CLR type. Each is a closed struct known at compile time, so the reflection path
// instantiates ValueAccessor<TEntity, TValue, TCodec> without MakeGenericType and binds without boxing; its members are
// called on default(TCodec), which the JIT and AOT compilers specialize per struct into direct calls.

internal readonly struct BooleanCodec : IValueCodec<bool>
{
    public void WriteTo(ref SqliteColumnWriter w, int i, bool v) => w.Write(i, v);
    public bool ReadFrom(ref SqliteColumnReader r, int i) => r.Read<bool>(i);
    public void Write(BinaryWriter w, bool v) => BinaryCodec.Write(w, v);
    public bool ReadBinary(BinaryReader r) => BinaryCodec.ReadBoolean(r);
    public bool FromRowId(long k) => throw RowIds.Refused<bool>();
}

internal readonly struct NullableBooleanCodec : IValueCodec<bool?>
{
    public void WriteTo(ref SqliteColumnWriter w, int i, bool? v) => w.Write(i, v);
    public bool? ReadFrom(ref SqliteColumnReader r, int i) => r.Read<bool?>(i);
    public void Write(BinaryWriter w, bool? v) => BinaryCodec.Write(w, v);
    public bool? ReadBinary(BinaryReader r) => BinaryCodec.ReadNullableBoolean(r);
    public bool? FromRowId(long k) => throw RowIds.Refused<bool?>();
}

internal readonly struct ByteCodec : IValueCodec<byte>
{
    public void WriteTo(ref SqliteColumnWriter w, int i, byte v) => w.Write(i, v);
    public byte ReadFrom(ref SqliteColumnReader r, int i) => r.Read<byte>(i);
    public void Write(BinaryWriter w, byte v) => BinaryCodec.Write(w, v);
    public byte ReadBinary(BinaryReader r) => BinaryCodec.ReadByte(r);
    public byte FromRowId(long k) => unchecked((byte)k);
}

internal readonly struct NullableByteCodec : IValueCodec<byte?>
{
    public void WriteTo(ref SqliteColumnWriter w, int i, byte? v) => w.Write(i, v);
    public byte? ReadFrom(ref SqliteColumnReader r, int i) => r.Read<byte?>(i);
    public void Write(BinaryWriter w, byte? v) => BinaryCodec.Write(w, v);
    public byte? ReadBinary(BinaryReader r) => BinaryCodec.ReadNullableByte(r);
    public byte? FromRowId(long k) => unchecked((byte)k);
}

internal readonly struct SByteCodec : IValueCodec<sbyte>
{
    public void WriteTo(ref SqliteColumnWriter w, int i, sbyte v) => w.Write(i, v);
    public sbyte ReadFrom(ref SqliteColumnReader r, int i) => r.Read<sbyte>(i);
    public void Write(BinaryWriter w, sbyte v) => BinaryCodec.Write(w, v);
    public sbyte ReadBinary(BinaryReader r) => BinaryCodec.ReadSByte(r);
    public sbyte FromRowId(long k) => unchecked((sbyte)k);
}

internal readonly struct NullableSByteCodec : IValueCodec<sbyte?>
{
    public void WriteTo(ref SqliteColumnWriter w, int i, sbyte? v) => w.Write(i, v);
    public sbyte? ReadFrom(ref SqliteColumnReader r, int i) => r.Read<sbyte?>(i);
    public void Write(BinaryWriter w, sbyte? v) => BinaryCodec.Write(w, v);
    public sbyte? ReadBinary(BinaryReader r) => BinaryCodec.ReadNullableSByte(r);
    public sbyte? FromRowId(long k) => unchecked((sbyte)k);
}

internal readonly struct Int16Codec : IValueCodec<short>
{
    public void WriteTo(ref SqliteColumnWriter w, int i, short v) => w.Write(i, v);
    public short ReadFrom(ref SqliteColumnReader r, int i) => r.Read<short>(i);
    public void Write(BinaryWriter w, short v) => BinaryCodec.Write(w, v);
    public short ReadBinary(BinaryReader r) => BinaryCodec.ReadInt16(r);
    public short FromRowId(long k) => unchecked((short)k);
}

internal readonly struct NullableInt16Codec : IValueCodec<short?>
{
    public void WriteTo(ref SqliteColumnWriter w, int i, short? v) => w.Write(i, v);
    public short? ReadFrom(ref SqliteColumnReader r, int i) => r.Read<short?>(i);
    public void Write(BinaryWriter w, short? v) => BinaryCodec.Write(w, v);
    public short? ReadBinary(BinaryReader r) => BinaryCodec.ReadNullableInt16(r);
    public short? FromRowId(long k) => unchecked((short)k);
}

internal readonly struct UInt16Codec : IValueCodec<ushort>
{
    public void WriteTo(ref SqliteColumnWriter w, int i, ushort v) => w.Write(i, v);
    public ushort ReadFrom(ref SqliteColumnReader r, int i) => r.Read<ushort>(i);
    public void Write(BinaryWriter w, ushort v) => BinaryCodec.Write(w, v);
    public ushort ReadBinary(BinaryReader r) => BinaryCodec.ReadUInt16(r);
    public ushort FromRowId(long k) => unchecked((ushort)k);
}

internal readonly struct NullableUInt16Codec : IValueCodec<ushort?>
{
    public void WriteTo(ref SqliteColumnWriter w, int i, ushort? v) => w.Write(i, v);
    public ushort? ReadFrom(ref SqliteColumnReader r, int i) => r.Read<ushort?>(i);
    public void Write(BinaryWriter w, ushort? v) => BinaryCodec.Write(w, v);
    public ushort? ReadBinary(BinaryReader r) => BinaryCodec.ReadNullableUInt16(r);
    public ushort? FromRowId(long k) => unchecked((ushort)k);
}

internal readonly struct Int32Codec : IValueCodec<int>
{
    public void WriteTo(ref SqliteColumnWriter w, int i, int v) => w.Write(i, v);
    public int ReadFrom(ref SqliteColumnReader r, int i) => r.Read<int>(i);
    public void Write(BinaryWriter w, int v) => BinaryCodec.Write(w, v);
    public int ReadBinary(BinaryReader r) => BinaryCodec.ReadInt32(r);
    public int FromRowId(long k) => unchecked((int)k);
}

internal readonly struct NullableInt32Codec : IValueCodec<int?>
{
    public void WriteTo(ref SqliteColumnWriter w, int i, int? v) => w.Write(i, v);
    public int? ReadFrom(ref SqliteColumnReader r, int i) => r.Read<int?>(i);
    public void Write(BinaryWriter w, int? v) => BinaryCodec.Write(w, v);
    public int? ReadBinary(BinaryReader r) => BinaryCodec.ReadNullableInt32(r);
    public int? FromRowId(long k) => unchecked((int)k);
}

internal readonly struct UInt32Codec : IValueCodec<uint>
{
    public void WriteTo(ref SqliteColumnWriter w, int i, uint v) => w.Write(i, v);
    public uint ReadFrom(ref SqliteColumnReader r, int i) => r.Read<uint>(i);
    public void Write(BinaryWriter w, uint v) => BinaryCodec.Write(w, v);
    public uint ReadBinary(BinaryReader r) => BinaryCodec.ReadUInt32(r);
    public uint FromRowId(long k) => unchecked((uint)k);
}

internal readonly struct NullableUInt32Codec : IValueCodec<uint?>
{
    public void WriteTo(ref SqliteColumnWriter w, int i, uint? v) => w.Write(i, v);
    public uint? ReadFrom(ref SqliteColumnReader r, int i) => r.Read<uint?>(i);
    public void Write(BinaryWriter w, uint? v) => BinaryCodec.Write(w, v);
    public uint? ReadBinary(BinaryReader r) => BinaryCodec.ReadNullableUInt32(r);
    public uint? FromRowId(long k) => unchecked((uint)k);
}

internal readonly struct Int64Codec : IValueCodec<long>
{
    public void WriteTo(ref SqliteColumnWriter w, int i, long v) => w.Write(i, v);
    public long ReadFrom(ref SqliteColumnReader r, int i) => r.Read<long>(i);
    public void Write(BinaryWriter w, long v) => BinaryCodec.Write(w, v);
    public long ReadBinary(BinaryReader r) => BinaryCodec.ReadInt64(r);
    public long FromRowId(long k) => k;
}

internal readonly struct NullableInt64Codec : IValueCodec<long?>
{
    public void WriteTo(ref SqliteColumnWriter w, int i, long? v) => w.Write(i, v);
    public long? ReadFrom(ref SqliteColumnReader r, int i) => r.Read<long?>(i);
    public void Write(BinaryWriter w, long? v) => BinaryCodec.Write(w, v);
    public long? ReadBinary(BinaryReader r) => BinaryCodec.ReadNullableInt64(r);
    public long? FromRowId(long k) => k;
}

internal readonly struct UInt64Codec : IValueCodec<ulong>
{
    public void WriteTo(ref SqliteColumnWriter w, int i, ulong v) => w.Write(i, v);
    public ulong ReadFrom(ref SqliteColumnReader r, int i) => r.Read<ulong>(i);
    public void Write(BinaryWriter w, ulong v) => BinaryCodec.Write(w, v);
    public ulong ReadBinary(BinaryReader r) => BinaryCodec.ReadUInt64(r);
    public ulong FromRowId(long k) => unchecked((ulong)k);
}

internal readonly struct NullableUInt64Codec : IValueCodec<ulong?>
{
    public void WriteTo(ref SqliteColumnWriter w, int i, ulong? v) => w.Write(i, v);
    public ulong? ReadFrom(ref SqliteColumnReader r, int i) => r.Read<ulong?>(i);
    public void Write(BinaryWriter w, ulong? v) => BinaryCodec.Write(w, v);
    public ulong? ReadBinary(BinaryReader r) => BinaryCodec.ReadNullableUInt64(r);
    public ulong? FromRowId(long k) => unchecked((ulong)k);
}

internal readonly struct SingleCodec : IValueCodec<float>
{
    public void WriteTo(ref SqliteColumnWriter w, int i, float v) => w.Write(i, v);
    public float ReadFrom(ref SqliteColumnReader r, int i) => r.Read<float>(i);
    public void Write(BinaryWriter w, float v) => BinaryCodec.Write(w, v);
    public float ReadBinary(BinaryReader r) => BinaryCodec.ReadSingle(r);
    public float FromRowId(long k) => throw RowIds.Refused<float>();
}

internal readonly struct NullableSingleCodec : IValueCodec<float?>
{
    public void WriteTo(ref SqliteColumnWriter w, int i, float? v) => w.Write(i, v);
    public float? ReadFrom(ref SqliteColumnReader r, int i) => r.Read<float?>(i);
    public void Write(BinaryWriter w, float? v) => BinaryCodec.Write(w, v);
    public float? ReadBinary(BinaryReader r) => BinaryCodec.ReadNullableSingle(r);
    public float? FromRowId(long k) => throw RowIds.Refused<float?>();
}

internal readonly struct DoubleCodec : IValueCodec<double>
{
    public void WriteTo(ref SqliteColumnWriter w, int i, double v) => w.Write(i, v);
    public double ReadFrom(ref SqliteColumnReader r, int i) => r.Read<double>(i);
    public void Write(BinaryWriter w, double v) => BinaryCodec.Write(w, v);
    public double ReadBinary(BinaryReader r) => BinaryCodec.ReadDouble(r);
    public double FromRowId(long k) => throw RowIds.Refused<double>();
}

internal readonly struct NullableDoubleCodec : IValueCodec<double?>
{
    public void WriteTo(ref SqliteColumnWriter w, int i, double? v) => w.Write(i, v);
    public double? ReadFrom(ref SqliteColumnReader r, int i) => r.Read<double?>(i);
    public void Write(BinaryWriter w, double? v) => BinaryCodec.Write(w, v);
    public double? ReadBinary(BinaryReader r) => BinaryCodec.ReadNullableDouble(r);
    public double? FromRowId(long k) => throw RowIds.Refused<double?>();
}

internal readonly struct DecimalCodec : IValueCodec<decimal>
{
    public void WriteTo(ref SqliteColumnWriter w, int i, decimal v) => w.Write(i, v);
    public decimal ReadFrom(ref SqliteColumnReader r, int i) => r.Read<decimal>(i);
    public void Write(BinaryWriter w, decimal v) => BinaryCodec.Write(w, v);
    public decimal ReadBinary(BinaryReader r) => BinaryCodec.ReadDecimal(r);
    public decimal FromRowId(long k) => throw RowIds.Refused<decimal>();
}

internal readonly struct NullableDecimalCodec : IValueCodec<decimal?>
{
    public void WriteTo(ref SqliteColumnWriter w, int i, decimal? v) => w.Write(i, v);
    public decimal? ReadFrom(ref SqliteColumnReader r, int i) => r.Read<decimal?>(i);
    public void Write(BinaryWriter w, decimal? v) => BinaryCodec.Write(w, v);
    public decimal? ReadBinary(BinaryReader r) => BinaryCodec.ReadNullableDecimal(r);
    public decimal? FromRowId(long k) => throw RowIds.Refused<decimal?>();
}

internal readonly struct CharCodec : IValueCodec<char>
{
    public void WriteTo(ref SqliteColumnWriter w, int i, char v) => w.Write(i, v);
    public char ReadFrom(ref SqliteColumnReader r, int i) => r.Read<char>(i);
    public void Write(BinaryWriter w, char v) => BinaryCodec.Write(w, v);
    public char ReadBinary(BinaryReader r) => BinaryCodec.ReadChar(r);
    public char FromRowId(long k) => throw RowIds.Refused<char>();
}

internal readonly struct NullableCharCodec : IValueCodec<char?>
{
    public void WriteTo(ref SqliteColumnWriter w, int i, char? v) => w.Write(i, v);
    public char? ReadFrom(ref SqliteColumnReader r, int i) => r.Read<char?>(i);
    public void Write(BinaryWriter w, char? v) => BinaryCodec.Write(w, v);
    public char? ReadBinary(BinaryReader r) => BinaryCodec.ReadNullableChar(r);
    public char? FromRowId(long k) => throw RowIds.Refused<char?>();
}

internal readonly struct GuidCodec : IValueCodec<Guid>
{
    public void WriteTo(ref SqliteColumnWriter w, int i, Guid v) => w.Write(i, v);
    public Guid ReadFrom(ref SqliteColumnReader r, int i) => r.Read<Guid>(i);
    public void Write(BinaryWriter w, Guid v) => BinaryCodec.Write(w, v);
    public Guid ReadBinary(BinaryReader r) => BinaryCodec.ReadGuid(r);
    public Guid FromRowId(long k) => throw RowIds.Refused<Guid>();
}

internal readonly struct NullableGuidCodec : IValueCodec<Guid?>
{
    public void WriteTo(ref SqliteColumnWriter w, int i, Guid? v) => w.Write(i, v);
    public Guid? ReadFrom(ref SqliteColumnReader r, int i) => r.Read<Guid?>(i);
    public void Write(BinaryWriter w, Guid? v) => BinaryCodec.Write(w, v);
    public Guid? ReadBinary(BinaryReader r) => BinaryCodec.ReadNullableGuid(r);
    public Guid? FromRowId(long k) => throw RowIds.Refused<Guid?>();
}

internal readonly struct DateTimeCodec : IValueCodec<DateTime>
{
    public void WriteTo(ref SqliteColumnWriter w, int i, DateTime v) => w.Write(i, v);
    public DateTime ReadFrom(ref SqliteColumnReader r, int i) => r.Read<DateTime>(i);
    public void Write(BinaryWriter w, DateTime v) => BinaryCodec.Write(w, v);
    public DateTime ReadBinary(BinaryReader r) => BinaryCodec.ReadDateTime(r);
    public DateTime FromRowId(long k) => throw RowIds.Refused<DateTime>();
}

internal readonly struct NullableDateTimeCodec : IValueCodec<DateTime?>
{
    public void WriteTo(ref SqliteColumnWriter w, int i, DateTime? v) => w.Write(i, v);
    public DateTime? ReadFrom(ref SqliteColumnReader r, int i) => r.Read<DateTime?>(i);
    public void Write(BinaryWriter w, DateTime? v) => BinaryCodec.Write(w, v);
    public DateTime? ReadBinary(BinaryReader r) => BinaryCodec.ReadNullableDateTime(r);
    public DateTime? FromRowId(long k) => throw RowIds.Refused<DateTime?>();
}

internal readonly struct DateTimeOffsetCodec : IValueCodec<DateTimeOffset>
{
    public void WriteTo(ref SqliteColumnWriter w, int i, DateTimeOffset v) => w.Write(i, v);
    public DateTimeOffset ReadFrom(ref SqliteColumnReader r, int i) => r.Read<DateTimeOffset>(i);
    public void Write(BinaryWriter w, DateTimeOffset v) => BinaryCodec.Write(w, v);
    public DateTimeOffset ReadBinary(BinaryReader r) => BinaryCodec.ReadDateTimeOffset(r);
    public DateTimeOffset FromRowId(long k) => throw RowIds.Refused<DateTimeOffset>();
}

internal readonly struct NullableDateTimeOffsetCodec : IValueCodec<DateTimeOffset?>
{
    public void WriteTo(ref SqliteColumnWriter w, int i, DateTimeOffset? v) => w.Write(i, v);
    public DateTimeOffset? ReadFrom(ref SqliteColumnReader r, int i) => r.Read<DateTimeOffset?>(i);
    public void Write(BinaryWriter w, DateTimeOffset? v) => BinaryCodec.Write(w, v);
    public DateTimeOffset? ReadBinary(BinaryReader r) => BinaryCodec.ReadNullableDateTimeOffset(r);
    public DateTimeOffset? FromRowId(long k) => throw RowIds.Refused<DateTimeOffset?>();
}

internal readonly struct TimeSpanCodec : IValueCodec<TimeSpan>
{
    public void WriteTo(ref SqliteColumnWriter w, int i, TimeSpan v) => w.Write(i, v);
    public TimeSpan ReadFrom(ref SqliteColumnReader r, int i) => r.Read<TimeSpan>(i);
    public void Write(BinaryWriter w, TimeSpan v) => BinaryCodec.Write(w, v);
    public TimeSpan ReadBinary(BinaryReader r) => BinaryCodec.ReadTimeSpan(r);
    public TimeSpan FromRowId(long k) => throw RowIds.Refused<TimeSpan>();
}

internal readonly struct NullableTimeSpanCodec : IValueCodec<TimeSpan?>
{
    public void WriteTo(ref SqliteColumnWriter w, int i, TimeSpan? v) => w.Write(i, v);
    public TimeSpan? ReadFrom(ref SqliteColumnReader r, int i) => r.Read<TimeSpan?>(i);
    public void Write(BinaryWriter w, TimeSpan? v) => BinaryCodec.Write(w, v);
    public TimeSpan? ReadBinary(BinaryReader r) => BinaryCodec.ReadNullableTimeSpan(r);
    public TimeSpan? FromRowId(long k) => throw RowIds.Refused<TimeSpan?>();
}

#if NET
internal readonly struct DateOnlyCodec : IValueCodec<DateOnly>
{
    public void WriteTo(ref SqliteColumnWriter w, int i, DateOnly v) => w.Write(i, v);
    public DateOnly ReadFrom(ref SqliteColumnReader r, int i) => r.Read<DateOnly>(i);
    public void Write(BinaryWriter w, DateOnly v) => BinaryCodec.Write(w, v);
    public DateOnly ReadBinary(BinaryReader r) => BinaryCodec.ReadDateOnly(r);
    public DateOnly FromRowId(long k) => throw RowIds.Refused<DateOnly>();
}
#endif

#if NET
internal readonly struct NullableDateOnlyCodec : IValueCodec<DateOnly?>
{
    public void WriteTo(ref SqliteColumnWriter w, int i, DateOnly? v) => w.Write(i, v);
    public DateOnly? ReadFrom(ref SqliteColumnReader r, int i) => r.Read<DateOnly?>(i);
    public void Write(BinaryWriter w, DateOnly? v) => BinaryCodec.Write(w, v);
    public DateOnly? ReadBinary(BinaryReader r) => BinaryCodec.ReadNullableDateOnly(r);
    public DateOnly? FromRowId(long k) => throw RowIds.Refused<DateOnly?>();
}
#endif

#if NET
internal readonly struct TimeOnlyCodec : IValueCodec<TimeOnly>
{
    public void WriteTo(ref SqliteColumnWriter w, int i, TimeOnly v) => w.Write(i, v);
    public TimeOnly ReadFrom(ref SqliteColumnReader r, int i) => r.Read<TimeOnly>(i);
    public void Write(BinaryWriter w, TimeOnly v) => BinaryCodec.Write(w, v);
    public TimeOnly ReadBinary(BinaryReader r) => BinaryCodec.ReadTimeOnly(r);
    public TimeOnly FromRowId(long k) => throw RowIds.Refused<TimeOnly>();
}
#endif

#if NET
internal readonly struct NullableTimeOnlyCodec : IValueCodec<TimeOnly?>
{
    public void WriteTo(ref SqliteColumnWriter w, int i, TimeOnly? v) => w.Write(i, v);
    public TimeOnly? ReadFrom(ref SqliteColumnReader r, int i) => r.Read<TimeOnly?>(i);
    public void Write(BinaryWriter w, TimeOnly? v) => BinaryCodec.Write(w, v);
    public TimeOnly? ReadBinary(BinaryReader r) => BinaryCodec.ReadNullableTimeOnly(r);
    public TimeOnly? FromRowId(long k) => throw RowIds.Refused<TimeOnly?>();
}
#endif

internal readonly struct StringCodec : IValueCodec<string?>
{
    public void WriteTo(ref SqliteColumnWriter w, int i, string? v) => w.Write(i, v);
    public string? ReadFrom(ref SqliteColumnReader r, int i) => r.Read<string?>(i);
    public void Write(BinaryWriter w, string? v) => BinaryCodec.Write(w, v);
    public string? ReadBinary(BinaryReader r) => BinaryCodec.ReadString(r);
    public string? FromRowId(long k) => throw RowIds.Refused<string?>();
}

internal readonly struct UriCodec : IValueCodec<Uri?>
{
    public void WriteTo(ref SqliteColumnWriter w, int i, Uri? v) => w.Write(i, v);
    public Uri? ReadFrom(ref SqliteColumnReader r, int i) => r.Read<Uri?>(i);
    public void Write(BinaryWriter w, Uri? v) => BinaryCodec.Write(w, v);
    public Uri? ReadBinary(BinaryReader r) => BinaryCodec.ReadUri(r);
    public Uri? FromRowId(long k) => throw RowIds.Refused<Uri?>();
}

internal readonly struct StringBuilderCodec : IValueCodec<System.Text.StringBuilder?>
{
    public void WriteTo(ref SqliteColumnWriter w, int i, System.Text.StringBuilder? v) => w.Write(i, v);
    public System.Text.StringBuilder? ReadFrom(ref SqliteColumnReader r, int i) => r.Read<System.Text.StringBuilder?>(i);
    public void Write(BinaryWriter w, System.Text.StringBuilder? v) => BinaryCodec.Write(w, v);
    public System.Text.StringBuilder? ReadBinary(BinaryReader r) => BinaryCodec.ReadStringBuilder(r);
    public System.Text.StringBuilder? FromRowId(long k) => throw RowIds.Refused<System.Text.StringBuilder?>();
}

internal readonly struct BlobCodec : IValueCodec<byte[]?>
{
    public void WriteTo(ref SqliteColumnWriter w, int i, byte[]? v) => w.Write(i, v);
    public byte[]? ReadFrom(ref SqliteColumnReader r, int i) => r.Read<byte[]?>(i);
    public void Write(BinaryWriter w, byte[]? v) => BinaryCodec.Write(w, v);
    public byte[]? ReadBinary(BinaryReader r) => BinaryCodec.ReadBlob(r);
    public byte[]? FromRowId(long k) => throw RowIds.Refused<byte[]?>();
}

internal readonly struct DateTimeTextCodec : IValueCodec<DateTime>
{
    public void WriteTo(ref SqliteColumnWriter w, int i, DateTime v) => w.Write(i, v);
    public DateTime ReadFrom(ref SqliteColumnReader r, int i) => r.Read<DateTime>(i);
    public void Write(BinaryWriter w, DateTime v) => BinaryCodec.Write(w, v);
    public DateTime ReadBinary(BinaryReader r) => BinaryCodec.ReadDateTime(r);
    public DateTime FromRowId(long k) => throw RowIds.Refused<DateTime>();
}

internal readonly struct NullableDateTimeTextCodec : IValueCodec<DateTime?>
{
    public void WriteTo(ref SqliteColumnWriter w, int i, DateTime? v) => w.Write(i, v);
    public DateTime? ReadFrom(ref SqliteColumnReader r, int i) => r.Read<DateTime?>(i);
    public void Write(BinaryWriter w, DateTime? v) => BinaryCodec.Write(w, v);
    public DateTime? ReadBinary(BinaryReader r) => BinaryCodec.ReadNullableDateTime(r);
    public DateTime? FromRowId(long k) => throw RowIds.Refused<DateTime?>();
}
