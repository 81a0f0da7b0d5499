using System.ComponentModel;
using System.Runtime.CompilerServices;
using System.Text;

namespace MicroDb.Native;

// Binders named by column kind, for generated maps. Each forwards to the Bind overload of its type (inlined, so a
// generated map runs exactly the code it ran when it called Bind), but a call names one method instead of choosing
// among Bind's overloads: overload resolution over them, at each of a map's binds, was most of what compiling
// generated maps cost an app's build (docs/benchmarks.md, "Build cost of generated code"). GeneratedCodeNames.BindMethod
// gives the name per kind; a test checks every name it gives exists here.
public sealed partial class SqliteStatement
{
    /// <summary>Binds a Boolean value as <see cref="Bind(int, bool)"/> does (for generated maps).</summary>
    /// <param name="index">1-based parameter index.</param>
    /// <param name="value">The value.</param>
    [EditorBrowsable(EditorBrowsableState.Never)]
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void BindBoolean(int index, bool value) => Bind(index, value);

    /// <summary>Binds a nullable Boolean value as <see cref="Bind(int, bool?)"/> does (for generated maps).</summary>
    /// <param name="index">1-based parameter index.</param>
    /// <param name="value">The value.</param>
    [EditorBrowsable(EditorBrowsableState.Never)]
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void BindNullableBoolean(int index, bool? value) => Bind(index, value);

    /// <summary>Binds a Byte value as <see cref="Bind(int, byte)"/> does (for generated maps).</summary>
    /// <param name="index">1-based parameter index.</param>
    /// <param name="value">The value.</param>
    [EditorBrowsable(EditorBrowsableState.Never)]
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void BindByte(int index, byte value) => Bind(index, value);

    /// <summary>Binds a nullable Byte value as <see cref="Bind(int, byte?)"/> does (for generated maps).</summary>
    /// <param name="index">1-based parameter index.</param>
    /// <param name="value">The value.</param>
    [EditorBrowsable(EditorBrowsableState.Never)]
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void BindNullableByte(int index, byte? value) => Bind(index, value);

    /// <summary>Binds a SByte value as <see cref="Bind(int, sbyte)"/> does (for generated maps).</summary>
    /// <param name="index">1-based parameter index.</param>
    /// <param name="value">The value.</param>
    [EditorBrowsable(EditorBrowsableState.Never)]
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void BindSByte(int index, sbyte value) => Bind(index, value);

    /// <summary>Binds a nullable SByte value as <see cref="Bind(int, sbyte?)"/> does (for generated maps).</summary>
    /// <param name="index">1-based parameter index.</param>
    /// <param name="value">The value.</param>
    [EditorBrowsable(EditorBrowsableState.Never)]
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void BindNullableSByte(int index, sbyte? value) => Bind(index, value);

    /// <summary>Binds a Int16 value as <see cref="Bind(int, short)"/> does (for generated maps).</summary>
    /// <param name="index">1-based parameter index.</param>
    /// <param name="value">The value.</param>
    [EditorBrowsable(EditorBrowsableState.Never)]
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void BindInt16(int index, short value) => Bind(index, value);

    /// <summary>Binds a nullable Int16 value as <see cref="Bind(int, short?)"/> does (for generated maps).</summary>
    /// <param name="index">1-based parameter index.</param>
    /// <param name="value">The value.</param>
    [EditorBrowsable(EditorBrowsableState.Never)]
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void BindNullableInt16(int index, short? value) => Bind(index, value);

    /// <summary>Binds a UInt16 value as <see cref="Bind(int, ushort)"/> does (for generated maps).</summary>
    /// <param name="index">1-based parameter index.</param>
    /// <param name="value">The value.</param>
    [EditorBrowsable(EditorBrowsableState.Never)]
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void BindUInt16(int index, ushort value) => Bind(index, value);

    /// <summary>Binds a nullable UInt16 value as <see cref="Bind(int, ushort?)"/> does (for generated maps).</summary>
    /// <param name="index">1-based parameter index.</param>
    /// <param name="value">The value.</param>
    [EditorBrowsable(EditorBrowsableState.Never)]
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void BindNullableUInt16(int index, ushort? value) => Bind(index, value);

    /// <summary>Binds a Int32 value as <see cref="Bind(int, int)"/> does (for generated maps).</summary>
    /// <param name="index">1-based parameter index.</param>
    /// <param name="value">The value.</param>
    [EditorBrowsable(EditorBrowsableState.Never)]
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void BindInt32(int index, int value) => Bind(index, value);

    /// <summary>Binds a nullable Int32 value as <see cref="Bind(int, int?)"/> does (for generated maps).</summary>
    /// <param name="index">1-based parameter index.</param>
    /// <param name="value">The value.</param>
    [EditorBrowsable(EditorBrowsableState.Never)]
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void BindNullableInt32(int index, int? value) => Bind(index, value);

    /// <summary>Binds a UInt32 value as <see cref="Bind(int, uint)"/> does (for generated maps).</summary>
    /// <param name="index">1-based parameter index.</param>
    /// <param name="value">The value.</param>
    [EditorBrowsable(EditorBrowsableState.Never)]
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void BindUInt32(int index, uint value) => Bind(index, value);

    /// <summary>Binds a nullable UInt32 value as <see cref="Bind(int, uint?)"/> does (for generated maps).</summary>
    /// <param name="index">1-based parameter index.</param>
    /// <param name="value">The value.</param>
    [EditorBrowsable(EditorBrowsableState.Never)]
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void BindNullableUInt32(int index, uint? value) => Bind(index, value);

    /// <summary>Binds a Int64 value as <see cref="Bind(int, long)"/> does (for generated maps).</summary>
    /// <param name="index">1-based parameter index.</param>
    /// <param name="value">The value.</param>
    [EditorBrowsable(EditorBrowsableState.Never)]
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void BindInt64(int index, long value) => Bind(index, value);

    /// <summary>Binds a nullable Int64 value as <see cref="Bind(int, long?)"/> does (for generated maps).</summary>
    /// <param name="index">1-based parameter index.</param>
    /// <param name="value">The value.</param>
    [EditorBrowsable(EditorBrowsableState.Never)]
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void BindNullableInt64(int index, long? value) => Bind(index, value);

    /// <summary>Binds a UInt64 value as <see cref="Bind(int, ulong)"/> does (for generated maps).</summary>
    /// <param name="index">1-based parameter index.</param>
    /// <param name="value">The value.</param>
    [EditorBrowsable(EditorBrowsableState.Never)]
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void BindUInt64(int index, ulong value) => Bind(index, value);

    /// <summary>Binds a nullable UInt64 value as <see cref="Bind(int, ulong?)"/> does (for generated maps).</summary>
    /// <param name="index">1-based parameter index.</param>
    /// <param name="value">The value.</param>
    [EditorBrowsable(EditorBrowsableState.Never)]
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void BindNullableUInt64(int index, ulong? value) => Bind(index, value);

    /// <summary>Binds a Single value as <see cref="Bind(int, float)"/> does (for generated maps).</summary>
    /// <param name="index">1-based parameter index.</param>
    /// <param name="value">The value.</param>
    [EditorBrowsable(EditorBrowsableState.Never)]
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void BindSingle(int index, float value) => Bind(index, value);

    /// <summary>Binds a nullable Single value as <see cref="Bind(int, float?)"/> does (for generated maps).</summary>
    /// <param name="index">1-based parameter index.</param>
    /// <param name="value">The value.</param>
    [EditorBrowsable(EditorBrowsableState.Never)]
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void BindNullableSingle(int index, float? value) => Bind(index, value);

    /// <summary>Binds a Double value as <see cref="Bind(int, double)"/> does (for generated maps).</summary>
    /// <param name="index">1-based parameter index.</param>
    /// <param name="value">The value.</param>
    [EditorBrowsable(EditorBrowsableState.Never)]
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void BindDouble(int index, double value) => Bind(index, value);

    /// <summary>Binds a nullable Double value as <see cref="Bind(int, double?)"/> does (for generated maps).</summary>
    /// <param name="index">1-based parameter index.</param>
    /// <param name="value">The value.</param>
    [EditorBrowsable(EditorBrowsableState.Never)]
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void BindNullableDouble(int index, double? value) => Bind(index, value);

    /// <summary>Binds a Decimal value as <see cref="Bind(int, decimal)"/> does (for generated maps).</summary>
    /// <param name="index">1-based parameter index.</param>
    /// <param name="value">The value.</param>
    [EditorBrowsable(EditorBrowsableState.Never)]
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void BindDecimal(int index, decimal value) => Bind(index, value);

    /// <summary>Binds a nullable Decimal value as <see cref="Bind(int, decimal?)"/> does (for generated maps).</summary>
    /// <param name="index">1-based parameter index.</param>
    /// <param name="value">The value.</param>
    [EditorBrowsable(EditorBrowsableState.Never)]
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void BindNullableDecimal(int index, decimal? value) => Bind(index, value);

    /// <summary>Binds a Char value as <see cref="Bind(int, char)"/> does (for generated maps).</summary>
    /// <param name="index">1-based parameter index.</param>
    /// <param name="value">The value.</param>
    [EditorBrowsable(EditorBrowsableState.Never)]
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void BindChar(int index, char value) => Bind(index, value);

    /// <summary>Binds a nullable Char value as <see cref="Bind(int, char?)"/> does (for generated maps).</summary>
    /// <param name="index">1-based parameter index.</param>
    /// <param name="value">The value.</param>
    [EditorBrowsable(EditorBrowsableState.Never)]
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void BindNullableChar(int index, char? value) => Bind(index, value);

    /// <summary>Binds a Guid value as <see cref="Bind(int, Guid)"/> does (for generated maps).</summary>
    /// <param name="index">1-based parameter index.</param>
    /// <param name="value">The value.</param>
    [EditorBrowsable(EditorBrowsableState.Never)]
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void BindGuid(int index, Guid value) => Bind(index, value);

    /// <summary>Binds a nullable Guid value as <see cref="Bind(int, Guid?)"/> does (for generated maps).</summary>
    /// <param name="index">1-based parameter index.</param>
    /// <param name="value">The value.</param>
    [EditorBrowsable(EditorBrowsableState.Never)]
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void BindNullableGuid(int index, Guid? value) => Bind(index, value);

    /// <summary>Binds a DateTime value as <see cref="Bind(int, DateTime)"/> does (for generated maps).</summary>
    /// <param name="index">1-based parameter index.</param>
    /// <param name="value">The value.</param>
    [EditorBrowsable(EditorBrowsableState.Never)]
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void BindDateTime(int index, DateTime value) => Bind(index, value);

    /// <summary>Binds a nullable DateTime value as <see cref="Bind(int, DateTime?)"/> does (for generated maps).</summary>
    /// <param name="index">1-based parameter index.</param>
    /// <param name="value">The value.</param>
    [EditorBrowsable(EditorBrowsableState.Never)]
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void BindNullableDateTime(int index, DateTime? value) => Bind(index, value);

    /// <summary>Binds a DateTimeOffset value as <see cref="Bind(int, DateTimeOffset)"/> does (for generated maps).</summary>
    /// <param name="index">1-based parameter index.</param>
    /// <param name="value">The value.</param>
    [EditorBrowsable(EditorBrowsableState.Never)]
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void BindDateTimeOffset(int index, DateTimeOffset value) => Bind(index, value);

    /// <summary>Binds a nullable DateTimeOffset value as <see cref="Bind(int, DateTimeOffset?)"/> does (for generated maps).</summary>
    /// <param name="index">1-based parameter index.</param>
    /// <param name="value">The value.</param>
    [EditorBrowsable(EditorBrowsableState.Never)]
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void BindNullableDateTimeOffset(int index, DateTimeOffset? value) => Bind(index, value);

    /// <summary>Binds a TimeSpan value as <see cref="Bind(int, TimeSpan)"/> does (for generated maps).</summary>
    /// <param name="index">1-based parameter index.</param>
    /// <param name="value">The value.</param>
    [EditorBrowsable(EditorBrowsableState.Never)]
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void BindTimeSpan(int index, TimeSpan value) => Bind(index, value);

    /// <summary>Binds a nullable TimeSpan value as <see cref="Bind(int, TimeSpan?)"/> does (for generated maps).</summary>
    /// <param name="index">1-based parameter index.</param>
    /// <param name="value">The value.</param>
    [EditorBrowsable(EditorBrowsableState.Never)]
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void BindNullableTimeSpan(int index, TimeSpan? value) => Bind(index, value);

#if NET
    /// <summary>Binds a DateOnly value as <see cref="Bind(int, DateOnly)"/> does (for generated maps).</summary>
    /// <param name="index">1-based parameter index.</param>
    /// <param name="value">The value.</param>
    [EditorBrowsable(EditorBrowsableState.Never)]
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void BindDateOnly(int index, DateOnly value) => Bind(index, value);

    /// <summary>Binds a nullable DateOnly value as <see cref="Bind(int, DateOnly?)"/> does (for generated maps).</summary>
    /// <param name="index">1-based parameter index.</param>
    /// <param name="value">The value.</param>
    [EditorBrowsable(EditorBrowsableState.Never)]
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void BindNullableDateOnly(int index, DateOnly? value) => Bind(index, value);

    /// <summary>Binds a TimeOnly value as <see cref="Bind(int, TimeOnly)"/> does (for generated maps).</summary>
    /// <param name="index">1-based parameter index.</param>
    /// <param name="value">The value.</param>
    [EditorBrowsable(EditorBrowsableState.Never)]
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void BindTimeOnly(int index, TimeOnly value) => Bind(index, value);

    /// <summary>Binds a nullable TimeOnly value as <see cref="Bind(int, TimeOnly?)"/> does (for generated maps).</summary>
    /// <param name="index">1-based parameter index.</param>
    /// <param name="value">The value.</param>
    [EditorBrowsable(EditorBrowsableState.Never)]
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void BindNullableTimeOnly(int index, TimeOnly? value) => Bind(index, value);
#endif

    /// <summary>Binds a String value as <see cref="Bind(int, string)"/> does (for generated maps).</summary>
    /// <param name="index">1-based parameter index.</param>
    /// <param name="value">The value.</param>
    [EditorBrowsable(EditorBrowsableState.Never)]
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void BindString(int index, string? value) => Bind(index, value);

    /// <summary>Binds a Blob value as <see cref="Bind(int, byte[])"/> does (for generated maps).</summary>
    /// <param name="index">1-based parameter index.</param>
    /// <param name="value">The value.</param>
    [EditorBrowsable(EditorBrowsableState.Never)]
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void BindBlob(int index, byte[]? value) => Bind(index, value);

    /// <summary>Binds a Uri value as <see cref="Bind(int, Uri)"/> does (for generated maps).</summary>
    /// <param name="index">1-based parameter index.</param>
    /// <param name="value">The value.</param>
    [EditorBrowsable(EditorBrowsableState.Never)]
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void BindUri(int index, Uri? value) => Bind(index, value);

    /// <summary>Binds a StringBuilder value as <see cref="Bind(int, StringBuilder)"/> does (for generated maps).</summary>
    /// <param name="index">1-based parameter index.</param>
    /// <param name="value">The value.</param>
    [EditorBrowsable(EditorBrowsableState.Never)]
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void BindStringBuilder(int index, StringBuilder? value) => Bind(index, value);

}
