using System.ComponentModel;
using System.Runtime.CompilerServices;
using System.Text;

namespace MicroDb.Mapping;

// Writers named by column kind, for generated maps' Serialize: each forwards to the Write overload of its type
// (inlined), so a call names one method instead of choosing among Write's overloads, which costs the app's build
// (as SqliteStatement's BindInt32 ... do for binding). GeneratedCodeNames.CodecWriteMethod gives the name per kind.
public static partial class BinaryCodec
{
    /// <summary>Writes a Boolean value as <see cref="Write(BinaryWriter, bool)"/> does (for generated maps).</summary>
    /// <param name="w">The writer.</param>
    /// <param name="value">The value.</param>
    [EditorBrowsable(EditorBrowsableState.Never)]
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void WriteBoolean(BinaryWriter w, bool value) => Write(w, value);

    /// <summary>Writes a nullable Boolean value as <see cref="Write(BinaryWriter, bool?)"/> does (for generated maps).</summary>
    /// <param name="w">The writer.</param>
    /// <param name="value">The value.</param>
    [EditorBrowsable(EditorBrowsableState.Never)]
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void WriteNullableBoolean(BinaryWriter w, bool? value) => Write(w, value);

    /// <summary>Writes a Byte value as <see cref="Write(BinaryWriter, byte)"/> does (for generated maps).</summary>
    /// <param name="w">The writer.</param>
    /// <param name="value">The value.</param>
    [EditorBrowsable(EditorBrowsableState.Never)]
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void WriteByte(BinaryWriter w, byte value) => Write(w, value);

    /// <summary>Writes a nullable Byte value as <see cref="Write(BinaryWriter, byte?)"/> does (for generated maps).</summary>
    /// <param name="w">The writer.</param>
    /// <param name="value">The value.</param>
    [EditorBrowsable(EditorBrowsableState.Never)]
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void WriteNullableByte(BinaryWriter w, byte? value) => Write(w, value);

    /// <summary>Writes a SByte value as <see cref="Write(BinaryWriter, sbyte)"/> does (for generated maps).</summary>
    /// <param name="w">The writer.</param>
    /// <param name="value">The value.</param>
    [EditorBrowsable(EditorBrowsableState.Never)]
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void WriteSByte(BinaryWriter w, sbyte value) => Write(w, value);

    /// <summary>Writes a nullable SByte value as <see cref="Write(BinaryWriter, sbyte?)"/> does (for generated maps).</summary>
    /// <param name="w">The writer.</param>
    /// <param name="value">The value.</param>
    [EditorBrowsable(EditorBrowsableState.Never)]
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void WriteNullableSByte(BinaryWriter w, sbyte? value) => Write(w, value);

    /// <summary>Writes a Int16 value as <see cref="Write(BinaryWriter, short)"/> does (for generated maps).</summary>
    /// <param name="w">The writer.</param>
    /// <param name="value">The value.</param>
    [EditorBrowsable(EditorBrowsableState.Never)]
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void WriteInt16(BinaryWriter w, short value) => Write(w, value);

    /// <summary>Writes a nullable Int16 value as <see cref="Write(BinaryWriter, short?)"/> does (for generated maps).</summary>
    /// <param name="w">The writer.</param>
    /// <param name="value">The value.</param>
    [EditorBrowsable(EditorBrowsableState.Never)]
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void WriteNullableInt16(BinaryWriter w, short? value) => Write(w, value);

    /// <summary>Writes a UInt16 value as <see cref="Write(BinaryWriter, ushort)"/> does (for generated maps).</summary>
    /// <param name="w">The writer.</param>
    /// <param name="value">The value.</param>
    [EditorBrowsable(EditorBrowsableState.Never)]
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void WriteUInt16(BinaryWriter w, ushort value) => Write(w, value);

    /// <summary>Writes a nullable UInt16 value as <see cref="Write(BinaryWriter, ushort?)"/> does (for generated maps).</summary>
    /// <param name="w">The writer.</param>
    /// <param name="value">The value.</param>
    [EditorBrowsable(EditorBrowsableState.Never)]
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void WriteNullableUInt16(BinaryWriter w, ushort? value) => Write(w, value);

    /// <summary>Writes a Int32 value as <see cref="Write(BinaryWriter, int)"/> does (for generated maps).</summary>
    /// <param name="w">The writer.</param>
    /// <param name="value">The value.</param>
    [EditorBrowsable(EditorBrowsableState.Never)]
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void WriteInt32(BinaryWriter w, int value) => Write(w, value);

    /// <summary>Writes a nullable Int32 value as <see cref="Write(BinaryWriter, int?)"/> does (for generated maps).</summary>
    /// <param name="w">The writer.</param>
    /// <param name="value">The value.</param>
    [EditorBrowsable(EditorBrowsableState.Never)]
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void WriteNullableInt32(BinaryWriter w, int? value) => Write(w, value);

    /// <summary>Writes a UInt32 value as <see cref="Write(BinaryWriter, uint)"/> does (for generated maps).</summary>
    /// <param name="w">The writer.</param>
    /// <param name="value">The value.</param>
    [EditorBrowsable(EditorBrowsableState.Never)]
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void WriteUInt32(BinaryWriter w, uint value) => Write(w, value);

    /// <summary>Writes a nullable UInt32 value as <see cref="Write(BinaryWriter, uint?)"/> does (for generated maps).</summary>
    /// <param name="w">The writer.</param>
    /// <param name="value">The value.</param>
    [EditorBrowsable(EditorBrowsableState.Never)]
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void WriteNullableUInt32(BinaryWriter w, uint? value) => Write(w, value);

    /// <summary>Writes a Int64 value as <see cref="Write(BinaryWriter, long)"/> does (for generated maps).</summary>
    /// <param name="w">The writer.</param>
    /// <param name="value">The value.</param>
    [EditorBrowsable(EditorBrowsableState.Never)]
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void WriteInt64(BinaryWriter w, long value) => Write(w, value);

    /// <summary>Writes a nullable Int64 value as <see cref="Write(BinaryWriter, long?)"/> does (for generated maps).</summary>
    /// <param name="w">The writer.</param>
    /// <param name="value">The value.</param>
    [EditorBrowsable(EditorBrowsableState.Never)]
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void WriteNullableInt64(BinaryWriter w, long? value) => Write(w, value);

    /// <summary>Writes a UInt64 value as <see cref="Write(BinaryWriter, ulong)"/> does (for generated maps).</summary>
    /// <param name="w">The writer.</param>
    /// <param name="value">The value.</param>
    [EditorBrowsable(EditorBrowsableState.Never)]
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void WriteUInt64(BinaryWriter w, ulong value) => Write(w, value);

    /// <summary>Writes a nullable UInt64 value as <see cref="Write(BinaryWriter, ulong?)"/> does (for generated maps).</summary>
    /// <param name="w">The writer.</param>
    /// <param name="value">The value.</param>
    [EditorBrowsable(EditorBrowsableState.Never)]
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void WriteNullableUInt64(BinaryWriter w, ulong? value) => Write(w, value);

    /// <summary>Writes a Single value as <see cref="Write(BinaryWriter, float)"/> does (for generated maps).</summary>
    /// <param name="w">The writer.</param>
    /// <param name="value">The value.</param>
    [EditorBrowsable(EditorBrowsableState.Never)]
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void WriteSingle(BinaryWriter w, float value) => Write(w, value);

    /// <summary>Writes a nullable Single value as <see cref="Write(BinaryWriter, float?)"/> does (for generated maps).</summary>
    /// <param name="w">The writer.</param>
    /// <param name="value">The value.</param>
    [EditorBrowsable(EditorBrowsableState.Never)]
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void WriteNullableSingle(BinaryWriter w, float? value) => Write(w, value);

    /// <summary>Writes a Double value as <see cref="Write(BinaryWriter, double)"/> does (for generated maps).</summary>
    /// <param name="w">The writer.</param>
    /// <param name="value">The value.</param>
    [EditorBrowsable(EditorBrowsableState.Never)]
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void WriteDouble(BinaryWriter w, double value) => Write(w, value);

    /// <summary>Writes a nullable Double value as <see cref="Write(BinaryWriter, double?)"/> does (for generated maps).</summary>
    /// <param name="w">The writer.</param>
    /// <param name="value">The value.</param>
    [EditorBrowsable(EditorBrowsableState.Never)]
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void WriteNullableDouble(BinaryWriter w, double? value) => Write(w, value);

    /// <summary>Writes a Decimal value as <see cref="Write(BinaryWriter, decimal)"/> does (for generated maps).</summary>
    /// <param name="w">The writer.</param>
    /// <param name="value">The value.</param>
    [EditorBrowsable(EditorBrowsableState.Never)]
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void WriteDecimal(BinaryWriter w, decimal value) => Write(w, value);

    /// <summary>Writes a nullable Decimal value as <see cref="Write(BinaryWriter, decimal?)"/> does (for generated maps).</summary>
    /// <param name="w">The writer.</param>
    /// <param name="value">The value.</param>
    [EditorBrowsable(EditorBrowsableState.Never)]
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void WriteNullableDecimal(BinaryWriter w, decimal? value) => Write(w, value);

    /// <summary>Writes a Char value as <see cref="Write(BinaryWriter, char)"/> does (for generated maps).</summary>
    /// <param name="w">The writer.</param>
    /// <param name="value">The value.</param>
    [EditorBrowsable(EditorBrowsableState.Never)]
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void WriteChar(BinaryWriter w, char value) => Write(w, value);

    /// <summary>Writes a nullable Char value as <see cref="Write(BinaryWriter, char?)"/> does (for generated maps).</summary>
    /// <param name="w">The writer.</param>
    /// <param name="value">The value.</param>
    [EditorBrowsable(EditorBrowsableState.Never)]
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void WriteNullableChar(BinaryWriter w, char? value) => Write(w, value);

    /// <summary>Writes a Guid value as <see cref="Write(BinaryWriter, Guid)"/> does (for generated maps).</summary>
    /// <param name="w">The writer.</param>
    /// <param name="value">The value.</param>
    [EditorBrowsable(EditorBrowsableState.Never)]
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void WriteGuid(BinaryWriter w, Guid value) => Write(w, value);

    /// <summary>Writes a nullable Guid value as <see cref="Write(BinaryWriter, Guid?)"/> does (for generated maps).</summary>
    /// <param name="w">The writer.</param>
    /// <param name="value">The value.</param>
    [EditorBrowsable(EditorBrowsableState.Never)]
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void WriteNullableGuid(BinaryWriter w, Guid? value) => Write(w, value);

    /// <summary>Writes a DateTime value as <see cref="Write(BinaryWriter, DateTime)"/> does (for generated maps).</summary>
    /// <param name="w">The writer.</param>
    /// <param name="value">The value.</param>
    [EditorBrowsable(EditorBrowsableState.Never)]
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void WriteDateTime(BinaryWriter w, DateTime value) => Write(w, value);

    /// <summary>Writes a nullable DateTime value as <see cref="Write(BinaryWriter, DateTime?)"/> does (for generated maps).</summary>
    /// <param name="w">The writer.</param>
    /// <param name="value">The value.</param>
    [EditorBrowsable(EditorBrowsableState.Never)]
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void WriteNullableDateTime(BinaryWriter w, DateTime? value) => Write(w, value);

    /// <summary>Writes a DateTimeOffset value as <see cref="Write(BinaryWriter, DateTimeOffset)"/> does (for generated maps).</summary>
    /// <param name="w">The writer.</param>
    /// <param name="value">The value.</param>
    [EditorBrowsable(EditorBrowsableState.Never)]
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void WriteDateTimeOffset(BinaryWriter w, DateTimeOffset value) => Write(w, value);

    /// <summary>Writes a nullable DateTimeOffset value as <see cref="Write(BinaryWriter, DateTimeOffset?)"/> does (for generated maps).</summary>
    /// <param name="w">The writer.</param>
    /// <param name="value">The value.</param>
    [EditorBrowsable(EditorBrowsableState.Never)]
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void WriteNullableDateTimeOffset(BinaryWriter w, DateTimeOffset? value) => Write(w, value);

    /// <summary>Writes a TimeSpan value as <see cref="Write(BinaryWriter, TimeSpan)"/> does (for generated maps).</summary>
    /// <param name="w">The writer.</param>
    /// <param name="value">The value.</param>
    [EditorBrowsable(EditorBrowsableState.Never)]
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void WriteTimeSpan(BinaryWriter w, TimeSpan value) => Write(w, value);

    /// <summary>Writes a nullable TimeSpan value as <see cref="Write(BinaryWriter, TimeSpan?)"/> does (for generated maps).</summary>
    /// <param name="w">The writer.</param>
    /// <param name="value">The value.</param>
    [EditorBrowsable(EditorBrowsableState.Never)]
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void WriteNullableTimeSpan(BinaryWriter w, TimeSpan? value) => Write(w, value);

#if NET
    /// <summary>Writes a DateOnly value as <see cref="Write(BinaryWriter, DateOnly)"/> does (for generated maps).</summary>
    /// <param name="w">The writer.</param>
    /// <param name="value">The value.</param>
    [EditorBrowsable(EditorBrowsableState.Never)]
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void WriteDateOnly(BinaryWriter w, DateOnly value) => Write(w, value);

    /// <summary>Writes a nullable DateOnly value as <see cref="Write(BinaryWriter, DateOnly?)"/> does (for generated maps).</summary>
    /// <param name="w">The writer.</param>
    /// <param name="value">The value.</param>
    [EditorBrowsable(EditorBrowsableState.Never)]
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void WriteNullableDateOnly(BinaryWriter w, DateOnly? value) => Write(w, value);

    /// <summary>Writes a TimeOnly value as <see cref="Write(BinaryWriter, TimeOnly)"/> does (for generated maps).</summary>
    /// <param name="w">The writer.</param>
    /// <param name="value">The value.</param>
    [EditorBrowsable(EditorBrowsableState.Never)]
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void WriteTimeOnly(BinaryWriter w, TimeOnly value) => Write(w, value);

    /// <summary>Writes a nullable TimeOnly value as <see cref="Write(BinaryWriter, TimeOnly?)"/> does (for generated maps).</summary>
    /// <param name="w">The writer.</param>
    /// <param name="value">The value.</param>
    [EditorBrowsable(EditorBrowsableState.Never)]
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void WriteNullableTimeOnly(BinaryWriter w, TimeOnly? value) => Write(w, value);
#endif

    /// <summary>Writes a String value as <see cref="Write(BinaryWriter, string)"/> does (for generated maps).</summary>
    /// <param name="w">The writer.</param>
    /// <param name="value">The value.</param>
    [EditorBrowsable(EditorBrowsableState.Never)]
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void WriteString(BinaryWriter w, string? value) => Write(w, value);

    /// <summary>Writes a Blob value as <see cref="Write(BinaryWriter, byte[])"/> does (for generated maps).</summary>
    /// <param name="w">The writer.</param>
    /// <param name="value">The value.</param>
    [EditorBrowsable(EditorBrowsableState.Never)]
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void WriteBlob(BinaryWriter w, byte[]? value) => Write(w, value);

    /// <summary>Writes a Uri value as <see cref="Write(BinaryWriter, Uri)"/> does (for generated maps).</summary>
    /// <param name="w">The writer.</param>
    /// <param name="value">The value.</param>
    [EditorBrowsable(EditorBrowsableState.Never)]
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void WriteUri(BinaryWriter w, Uri? value) => Write(w, value);

    /// <summary>Writes a StringBuilder value as <see cref="Write(BinaryWriter, StringBuilder)"/> does (for generated maps).</summary>
    /// <param name="w">The writer.</param>
    /// <param name="value">The value.</param>
    [EditorBrowsable(EditorBrowsableState.Never)]
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void WriteStringBuilder(BinaryWriter w, StringBuilder? value) => Write(w, value);

}
