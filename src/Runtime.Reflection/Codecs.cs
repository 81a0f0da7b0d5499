using MicroDb.Mapping;
using MicroDb.Native;

namespace MicroDb.Runtime.Reflection;

// One codec per stored CLR type. Each is a closed struct known at compile time, so the reflection path
// instantiates ValueAccessor<TEntity, TValue, TCodec> without MakeGenericType and binds without boxing.

internal readonly struct BooleanCodec : IValueCodec<bool>
{
    public static void Bind(SqliteStatement s, int i, bool v) => s.Bind(i, v);
    public static bool Read(SqliteStatement s, int o) => s.GetBoolean(o);
    public static void Write(BinaryWriter w, bool v) => BinaryCodec.Write(w, v);
    public static bool ReadBinary(BinaryReader r) => BinaryCodec.ReadBoolean(r);
}

internal readonly struct NullableBooleanCodec : IValueCodec<bool?>
{
    public static void Bind(SqliteStatement s, int i, bool? v) => s.Bind(i, v);
    public static bool? Read(SqliteStatement s, int o) => s.GetNullableBoolean(o);
    public static void Write(BinaryWriter w, bool? v) => BinaryCodec.Write(w, v);
    public static bool? ReadBinary(BinaryReader r) => BinaryCodec.ReadNullableBoolean(r);
}

internal readonly struct ByteCodec : IValueCodec<byte>
{
    public static void Bind(SqliteStatement s, int i, byte v) => s.Bind(i, v);
    public static byte Read(SqliteStatement s, int o) => s.GetByte(o);
    public static void Write(BinaryWriter w, byte v) => BinaryCodec.Write(w, v);
    public static byte ReadBinary(BinaryReader r) => BinaryCodec.ReadByte(r);
    public static byte FromRowId(long k) => unchecked((byte)k);
}

internal readonly struct NullableByteCodec : IValueCodec<byte?>
{
    public static void Bind(SqliteStatement s, int i, byte? v) => s.Bind(i, v);
    public static byte? Read(SqliteStatement s, int o) => s.GetNullableByte(o);
    public static void Write(BinaryWriter w, byte? v) => BinaryCodec.Write(w, v);
    public static byte? ReadBinary(BinaryReader r) => BinaryCodec.ReadNullableByte(r);
    public static byte? FromRowId(long k) => unchecked((byte)k);
}

internal readonly struct SByteCodec : IValueCodec<sbyte>
{
    public static void Bind(SqliteStatement s, int i, sbyte v) => s.Bind(i, v);
    public static sbyte Read(SqliteStatement s, int o) => s.GetSByte(o);
    public static void Write(BinaryWriter w, sbyte v) => BinaryCodec.Write(w, v);
    public static sbyte ReadBinary(BinaryReader r) => BinaryCodec.ReadSByte(r);
    public static sbyte FromRowId(long k) => unchecked((sbyte)k);
}

internal readonly struct NullableSByteCodec : IValueCodec<sbyte?>
{
    public static void Bind(SqliteStatement s, int i, sbyte? v) => s.Bind(i, v);
    public static sbyte? Read(SqliteStatement s, int o) => s.GetNullableSByte(o);
    public static void Write(BinaryWriter w, sbyte? v) => BinaryCodec.Write(w, v);
    public static sbyte? ReadBinary(BinaryReader r) => BinaryCodec.ReadNullableSByte(r);
    public static sbyte? FromRowId(long k) => unchecked((sbyte)k);
}

internal readonly struct Int16Codec : IValueCodec<short>
{
    public static void Bind(SqliteStatement s, int i, short v) => s.Bind(i, v);
    public static short Read(SqliteStatement s, int o) => s.GetInt16(o);
    public static void Write(BinaryWriter w, short v) => BinaryCodec.Write(w, v);
    public static short ReadBinary(BinaryReader r) => BinaryCodec.ReadInt16(r);
    public static short FromRowId(long k) => unchecked((short)k);
}

internal readonly struct NullableInt16Codec : IValueCodec<short?>
{
    public static void Bind(SqliteStatement s, int i, short? v) => s.Bind(i, v);
    public static short? Read(SqliteStatement s, int o) => s.GetNullableInt16(o);
    public static void Write(BinaryWriter w, short? v) => BinaryCodec.Write(w, v);
    public static short? ReadBinary(BinaryReader r) => BinaryCodec.ReadNullableInt16(r);
    public static short? FromRowId(long k) => unchecked((short)k);
}

internal readonly struct UInt16Codec : IValueCodec<ushort>
{
    public static void Bind(SqliteStatement s, int i, ushort v) => s.Bind(i, v);
    public static ushort Read(SqliteStatement s, int o) => s.GetUInt16(o);
    public static void Write(BinaryWriter w, ushort v) => BinaryCodec.Write(w, v);
    public static ushort ReadBinary(BinaryReader r) => BinaryCodec.ReadUInt16(r);
    public static ushort FromRowId(long k) => unchecked((ushort)k);
}

internal readonly struct NullableUInt16Codec : IValueCodec<ushort?>
{
    public static void Bind(SqliteStatement s, int i, ushort? v) => s.Bind(i, v);
    public static ushort? Read(SqliteStatement s, int o) => s.GetNullableUInt16(o);
    public static void Write(BinaryWriter w, ushort? v) => BinaryCodec.Write(w, v);
    public static ushort? ReadBinary(BinaryReader r) => BinaryCodec.ReadNullableUInt16(r);
    public static ushort? FromRowId(long k) => unchecked((ushort)k);
}

internal readonly struct Int32Codec : IValueCodec<int>
{
    public static void Bind(SqliteStatement s, int i, int v) => s.Bind(i, v);
    public static int Read(SqliteStatement s, int o) => s.GetInt32(o);
    public static void Write(BinaryWriter w, int v) => BinaryCodec.Write(w, v);
    public static int ReadBinary(BinaryReader r) => BinaryCodec.ReadInt32(r);
    public static int FromRowId(long k) => unchecked((int)k);
}

internal readonly struct NullableInt32Codec : IValueCodec<int?>
{
    public static void Bind(SqliteStatement s, int i, int? v) => s.Bind(i, v);
    public static int? Read(SqliteStatement s, int o) => s.GetNullableInt32(o);
    public static void Write(BinaryWriter w, int? v) => BinaryCodec.Write(w, v);
    public static int? ReadBinary(BinaryReader r) => BinaryCodec.ReadNullableInt32(r);
    public static int? FromRowId(long k) => unchecked((int)k);
}

internal readonly struct UInt32Codec : IValueCodec<uint>
{
    public static void Bind(SqliteStatement s, int i, uint v) => s.Bind(i, v);
    public static uint Read(SqliteStatement s, int o) => s.GetUInt32(o);
    public static void Write(BinaryWriter w, uint v) => BinaryCodec.Write(w, v);
    public static uint ReadBinary(BinaryReader r) => BinaryCodec.ReadUInt32(r);
    public static uint FromRowId(long k) => unchecked((uint)k);
}

internal readonly struct NullableUInt32Codec : IValueCodec<uint?>
{
    public static void Bind(SqliteStatement s, int i, uint? v) => s.Bind(i, v);
    public static uint? Read(SqliteStatement s, int o) => s.GetNullableUInt32(o);
    public static void Write(BinaryWriter w, uint? v) => BinaryCodec.Write(w, v);
    public static uint? ReadBinary(BinaryReader r) => BinaryCodec.ReadNullableUInt32(r);
    public static uint? FromRowId(long k) => unchecked((uint)k);
}

internal readonly struct Int64Codec : IValueCodec<long>
{
    public static void Bind(SqliteStatement s, int i, long v) => s.Bind(i, v);
    public static long Read(SqliteStatement s, int o) => s.GetInt64(o);
    public static void Write(BinaryWriter w, long v) => BinaryCodec.Write(w, v);
    public static long ReadBinary(BinaryReader r) => BinaryCodec.ReadInt64(r);
    public static long FromRowId(long k) => k;
}

internal readonly struct NullableInt64Codec : IValueCodec<long?>
{
    public static void Bind(SqliteStatement s, int i, long? v) => s.Bind(i, v);
    public static long? Read(SqliteStatement s, int o) => s.GetNullableInt64(o);
    public static void Write(BinaryWriter w, long? v) => BinaryCodec.Write(w, v);
    public static long? ReadBinary(BinaryReader r) => BinaryCodec.ReadNullableInt64(r);
    public static long? FromRowId(long k) => k;
}

internal readonly struct UInt64Codec : IValueCodec<ulong>
{
    public static void Bind(SqliteStatement s, int i, ulong v) => s.Bind(i, v);
    public static ulong Read(SqliteStatement s, int o) => s.GetUInt64(o);
    public static void Write(BinaryWriter w, ulong v) => BinaryCodec.Write(w, v);
    public static ulong ReadBinary(BinaryReader r) => BinaryCodec.ReadUInt64(r);
    public static ulong FromRowId(long k) => unchecked((ulong)k);
}

internal readonly struct NullableUInt64Codec : IValueCodec<ulong?>
{
    public static void Bind(SqliteStatement s, int i, ulong? v) => s.Bind(i, v);
    public static ulong? Read(SqliteStatement s, int o) => s.GetNullableUInt64(o);
    public static void Write(BinaryWriter w, ulong? v) => BinaryCodec.Write(w, v);
    public static ulong? ReadBinary(BinaryReader r) => BinaryCodec.ReadNullableUInt64(r);
    public static ulong? FromRowId(long k) => unchecked((ulong)k);
}

internal readonly struct SingleCodec : IValueCodec<float>
{
    public static void Bind(SqliteStatement s, int i, float v) => s.Bind(i, v);
    public static float Read(SqliteStatement s, int o) => s.GetSingle(o);
    public static void Write(BinaryWriter w, float v) => BinaryCodec.Write(w, v);
    public static float ReadBinary(BinaryReader r) => BinaryCodec.ReadSingle(r);
}

internal readonly struct NullableSingleCodec : IValueCodec<float?>
{
    public static void Bind(SqliteStatement s, int i, float? v) => s.Bind(i, v);
    public static float? Read(SqliteStatement s, int o) => s.GetNullableSingle(o);
    public static void Write(BinaryWriter w, float? v) => BinaryCodec.Write(w, v);
    public static float? ReadBinary(BinaryReader r) => BinaryCodec.ReadNullableSingle(r);
}

internal readonly struct DoubleCodec : IValueCodec<double>
{
    public static void Bind(SqliteStatement s, int i, double v) => s.Bind(i, v);
    public static double Read(SqliteStatement s, int o) => s.GetDouble(o);
    public static void Write(BinaryWriter w, double v) => BinaryCodec.Write(w, v);
    public static double ReadBinary(BinaryReader r) => BinaryCodec.ReadDouble(r);
}

internal readonly struct NullableDoubleCodec : IValueCodec<double?>
{
    public static void Bind(SqliteStatement s, int i, double? v) => s.Bind(i, v);
    public static double? Read(SqliteStatement s, int o) => s.GetNullableDouble(o);
    public static void Write(BinaryWriter w, double? v) => BinaryCodec.Write(w, v);
    public static double? ReadBinary(BinaryReader r) => BinaryCodec.ReadNullableDouble(r);
}

internal readonly struct DecimalCodec : IValueCodec<decimal>
{
    public static void Bind(SqliteStatement s, int i, decimal v) => s.Bind(i, v);
    public static decimal Read(SqliteStatement s, int o) => s.GetDecimal(o);
    public static void Write(BinaryWriter w, decimal v) => BinaryCodec.Write(w, v);
    public static decimal ReadBinary(BinaryReader r) => BinaryCodec.ReadDecimal(r);
}

internal readonly struct NullableDecimalCodec : IValueCodec<decimal?>
{
    public static void Bind(SqliteStatement s, int i, decimal? v) => s.Bind(i, v);
    public static decimal? Read(SqliteStatement s, int o) => s.GetNullableDecimal(o);
    public static void Write(BinaryWriter w, decimal? v) => BinaryCodec.Write(w, v);
    public static decimal? ReadBinary(BinaryReader r) => BinaryCodec.ReadNullableDecimal(r);
}

internal readonly struct CharCodec : IValueCodec<char>
{
    public static void Bind(SqliteStatement s, int i, char v) => s.Bind(i, v);
    public static char Read(SqliteStatement s, int o) => s.GetChar(o);
    public static void Write(BinaryWriter w, char v) => BinaryCodec.Write(w, v);
    public static char ReadBinary(BinaryReader r) => BinaryCodec.ReadChar(r);
}

internal readonly struct NullableCharCodec : IValueCodec<char?>
{
    public static void Bind(SqliteStatement s, int i, char? v) => s.Bind(i, v);
    public static char? Read(SqliteStatement s, int o) => s.GetNullableChar(o);
    public static void Write(BinaryWriter w, char? v) => BinaryCodec.Write(w, v);
    public static char? ReadBinary(BinaryReader r) => BinaryCodec.ReadNullableChar(r);
}

internal readonly struct GuidCodec : IValueCodec<Guid>
{
    public static void Bind(SqliteStatement s, int i, Guid v) => s.Bind(i, v);
    public static Guid Read(SqliteStatement s, int o) => s.GetGuid(o);
    public static void Write(BinaryWriter w, Guid v) => BinaryCodec.Write(w, v);
    public static Guid ReadBinary(BinaryReader r) => BinaryCodec.ReadGuid(r);
}

internal readonly struct NullableGuidCodec : IValueCodec<Guid?>
{
    public static void Bind(SqliteStatement s, int i, Guid? v) => s.Bind(i, v);
    public static Guid? Read(SqliteStatement s, int o) => s.GetNullableGuid(o);
    public static void Write(BinaryWriter w, Guid? v) => BinaryCodec.Write(w, v);
    public static Guid? ReadBinary(BinaryReader r) => BinaryCodec.ReadNullableGuid(r);
}

internal readonly struct DateTimeCodec : IValueCodec<DateTime>
{
    public static void Bind(SqliteStatement s, int i, DateTime v) => s.Bind(i, v);
    public static DateTime Read(SqliteStatement s, int o) => s.GetDateTime(o);
    public static void Write(BinaryWriter w, DateTime v) => BinaryCodec.Write(w, v);
    public static DateTime ReadBinary(BinaryReader r) => BinaryCodec.ReadDateTime(r);
}

internal readonly struct NullableDateTimeCodec : IValueCodec<DateTime?>
{
    public static void Bind(SqliteStatement s, int i, DateTime? v) => s.Bind(i, v);
    public static DateTime? Read(SqliteStatement s, int o) => s.GetNullableDateTime(o);
    public static void Write(BinaryWriter w, DateTime? v) => BinaryCodec.Write(w, v);
    public static DateTime? ReadBinary(BinaryReader r) => BinaryCodec.ReadNullableDateTime(r);
}

internal readonly struct DateTimeOffsetCodec : IValueCodec<DateTimeOffset>
{
    public static void Bind(SqliteStatement s, int i, DateTimeOffset v) => s.Bind(i, v);
    public static DateTimeOffset Read(SqliteStatement s, int o) => s.GetDateTimeOffset(o);
    public static void Write(BinaryWriter w, DateTimeOffset v) => BinaryCodec.Write(w, v);
    public static DateTimeOffset ReadBinary(BinaryReader r) => BinaryCodec.ReadDateTimeOffset(r);
}

internal readonly struct NullableDateTimeOffsetCodec : IValueCodec<DateTimeOffset?>
{
    public static void Bind(SqliteStatement s, int i, DateTimeOffset? v) => s.Bind(i, v);
    public static DateTimeOffset? Read(SqliteStatement s, int o) => s.GetNullableDateTimeOffset(o);
    public static void Write(BinaryWriter w, DateTimeOffset? v) => BinaryCodec.Write(w, v);
    public static DateTimeOffset? ReadBinary(BinaryReader r) => BinaryCodec.ReadNullableDateTimeOffset(r);
}

internal readonly struct TimeSpanCodec : IValueCodec<TimeSpan>
{
    public static void Bind(SqliteStatement s, int i, TimeSpan v) => s.Bind(i, v);
    public static TimeSpan Read(SqliteStatement s, int o) => s.GetTimeSpan(o);
    public static void Write(BinaryWriter w, TimeSpan v) => BinaryCodec.Write(w, v);
    public static TimeSpan ReadBinary(BinaryReader r) => BinaryCodec.ReadTimeSpan(r);
}

internal readonly struct NullableTimeSpanCodec : IValueCodec<TimeSpan?>
{
    public static void Bind(SqliteStatement s, int i, TimeSpan? v) => s.Bind(i, v);
    public static TimeSpan? Read(SqliteStatement s, int o) => s.GetNullableTimeSpan(o);
    public static void Write(BinaryWriter w, TimeSpan? v) => BinaryCodec.Write(w, v);
    public static TimeSpan? ReadBinary(BinaryReader r) => BinaryCodec.ReadNullableTimeSpan(r);
}

internal readonly struct DateOnlyCodec : IValueCodec<DateOnly>
{
    public static void Bind(SqliteStatement s, int i, DateOnly v) => s.Bind(i, v);
    public static DateOnly Read(SqliteStatement s, int o) => s.GetDateOnly(o);
    public static void Write(BinaryWriter w, DateOnly v) => BinaryCodec.Write(w, v);
    public static DateOnly ReadBinary(BinaryReader r) => BinaryCodec.ReadDateOnly(r);
}

internal readonly struct NullableDateOnlyCodec : IValueCodec<DateOnly?>
{
    public static void Bind(SqliteStatement s, int i, DateOnly? v) => s.Bind(i, v);
    public static DateOnly? Read(SqliteStatement s, int o) => s.GetNullableDateOnly(o);
    public static void Write(BinaryWriter w, DateOnly? v) => BinaryCodec.Write(w, v);
    public static DateOnly? ReadBinary(BinaryReader r) => BinaryCodec.ReadNullableDateOnly(r);
}

internal readonly struct TimeOnlyCodec : IValueCodec<TimeOnly>
{
    public static void Bind(SqliteStatement s, int i, TimeOnly v) => s.Bind(i, v);
    public static TimeOnly Read(SqliteStatement s, int o) => s.GetTimeOnly(o);
    public static void Write(BinaryWriter w, TimeOnly v) => BinaryCodec.Write(w, v);
    public static TimeOnly ReadBinary(BinaryReader r) => BinaryCodec.ReadTimeOnly(r);
}

internal readonly struct NullableTimeOnlyCodec : IValueCodec<TimeOnly?>
{
    public static void Bind(SqliteStatement s, int i, TimeOnly? v) => s.Bind(i, v);
    public static TimeOnly? Read(SqliteStatement s, int o) => s.GetNullableTimeOnly(o);
    public static void Write(BinaryWriter w, TimeOnly? v) => BinaryCodec.Write(w, v);
    public static TimeOnly? ReadBinary(BinaryReader r) => BinaryCodec.ReadNullableTimeOnly(r);
}

internal readonly struct StringCodec : IValueCodec<string?>
{
    public static void Bind(SqliteStatement s, int i, string? v) => s.Bind(i, v);
    public static string? Read(SqliteStatement s, int o) => s.GetString(o);
    public static void Write(BinaryWriter w, string? v) => BinaryCodec.Write(w, v);
    public static string? ReadBinary(BinaryReader r) => BinaryCodec.ReadString(r);
}

internal readonly struct UriCodec : IValueCodec<Uri?>
{
    public static void Bind(SqliteStatement s, int i, Uri? v) => s.Bind(i, v);
    public static Uri? Read(SqliteStatement s, int o) => s.GetUri(o);
    public static void Write(BinaryWriter w, Uri? v) => BinaryCodec.Write(w, v);
    public static Uri? ReadBinary(BinaryReader r) => BinaryCodec.ReadUri(r);
}

internal readonly struct StringBuilderCodec : IValueCodec<System.Text.StringBuilder?>
{
    public static void Bind(SqliteStatement s, int i, System.Text.StringBuilder? v) => s.Bind(i, v);
    public static System.Text.StringBuilder? Read(SqliteStatement s, int o) => s.GetStringBuilder(o);
    public static void Write(BinaryWriter w, System.Text.StringBuilder? v) => BinaryCodec.Write(w, v);
    public static System.Text.StringBuilder? ReadBinary(BinaryReader r) => BinaryCodec.ReadStringBuilder(r);
}

internal readonly struct BlobCodec : IValueCodec<byte[]?>
{
    public static void Bind(SqliteStatement s, int i, byte[]? v) => s.Bind(i, v);
    public static byte[]? Read(SqliteStatement s, int o) => s.GetBlob(o);
    public static void Write(BinaryWriter w, byte[]? v) => BinaryCodec.Write(w, v);
    public static byte[]? ReadBinary(BinaryReader r) => BinaryCodec.ReadBlob(r);
}

internal readonly struct DateTimeTextCodec : IValueCodec<DateTime>
{
    public static void Bind(SqliteStatement s, int i, DateTime v) => s.BindAsText(i, v);
    public static DateTime Read(SqliteStatement s, int o) => s.GetDateTimeFromText(o);
    public static void Write(BinaryWriter w, DateTime v) => BinaryCodec.Write(w, v);
    public static DateTime ReadBinary(BinaryReader r) => BinaryCodec.ReadDateTime(r);
}

internal readonly struct NullableDateTimeTextCodec : IValueCodec<DateTime?>
{
    public static void Bind(SqliteStatement s, int i, DateTime? v) => s.BindAsText(i, v);
    public static DateTime? Read(SqliteStatement s, int o) => s.GetNullableDateTimeFromText(o);
    public static void Write(BinaryWriter w, DateTime? v) => BinaryCodec.Write(w, v);
    public static DateTime? ReadBinary(BinaryReader r) => BinaryCodec.ReadNullableDateTime(r);
}
