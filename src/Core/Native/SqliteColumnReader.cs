using System.Runtime.CompilerServices;
using System.Text;
using MicroDb.Mapping;

namespace MicroDb.Native;

/// <summary>
/// SQLite's side of <see cref="IColumnValueReader"/>, the one way a row becomes an entity: a map's
/// <see cref="ITypedColumns{T}.ReadColumns"/> reads column <c>i</c> from the row a <see cref="SqliteStatement"/> is on,
/// at the ordinal resolved for it, through the <c>Get*</c> method of the value's type, so the storage rules, both storage
/// formats and the errors for bad stored values are the statement's own. No value type is boxed; only a
/// <see cref="DateTime"/> column looks at its <see cref="ColumnKind"/>. An enum stored by name
/// (<see cref="ColumnKind.EnumText"/>) is read by the map, which compares the stored UTF-8 bytes with its names here
/// (other readers hand it a string). Made by <see cref="EntityMap{T}"/>.
/// </summary>
public readonly struct SqliteColumnReader : IColumnValueReader
{
    private readonly SqliteStatement _statement;
    private readonly int[] _ordinals;
    private readonly ColumnKind[] _kinds;

    /// <param name="statement">The statement, stepped onto a row.</param>
    /// <param name="ordinals">Per column, its ordinal in the result, or -1 (<see cref="EntityMap{T}.ResolveOrdinals"/>).</param>
    /// <param name="kinds">Per column, its kind.</param>
    internal SqliteColumnReader(SqliteStatement statement, int[] ordinals, ColumnKind[] kinds)
    {
        _statement = statement;
        _ordinals = ordinals;
        _kinds = kinds;
    }

    /// <summary>False when the row has no column for <paramref name="columnIndex"/>.</summary>
    /// <param name="columnIndex">The column's index in <see cref="TableMapping.Columns"/>.</param>
    /// <returns>True when the row has the column.</returns>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public bool Contains(int columnIndex) => _ordinals[columnIndex] >= 0;

    /// <summary>The value of column <paramref name="columnIndex"/>, as <typeparamref name="TValue"/>.</summary>
    /// <typeparam name="TValue">The member's type (enums: <c>long</c>/<c>long?</c>, or <c>string</c> by name).</typeparam>
    /// <param name="columnIndex">The column's index in <see cref="TableMapping.Columns"/>.</param>
    /// <returns>The value.</returns>
    /// <exception cref="MicroDbException">The stored value does not fit the type.</exception>
    /// <exception cref="NotSupportedException">A type SQLite's typed contract does not read.</exception>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public TValue Read<TValue>(int columnIndex)
    {
        var o = _ordinals[columnIndex];
        var statement = _statement;
        if (typeof(TValue) == typeof(DateTime) && _kinds[columnIndex] == ColumnKind.DateTimeText) return From<DateTime, TValue>(statement.GetDateTimeFromText(o));
        if (typeof(TValue) == typeof(DateTime?) && _kinds[columnIndex] == ColumnKind.DateTimeText) return From<DateTime?, TValue>(statement.GetNullableDateTimeFromText(o));
        if (typeof(TValue) == typeof(bool)) return From<bool, TValue>(statement.GetBoolean(o));
        if (typeof(TValue) == typeof(byte)) return From<byte, TValue>(statement.GetByte(o));
        if (typeof(TValue) == typeof(sbyte)) return From<sbyte, TValue>(statement.GetSByte(o));
        if (typeof(TValue) == typeof(short)) return From<short, TValue>(statement.GetInt16(o));
        if (typeof(TValue) == typeof(ushort)) return From<ushort, TValue>(statement.GetUInt16(o));
        if (typeof(TValue) == typeof(int)) return From<int, TValue>(statement.GetInt32(o));
        if (typeof(TValue) == typeof(uint)) return From<uint, TValue>(statement.GetUInt32(o));
        if (typeof(TValue) == typeof(long)) return From<long, TValue>(statement.GetInt64(o));
        if (typeof(TValue) == typeof(ulong)) return From<ulong, TValue>(statement.GetUInt64(o));
        if (typeof(TValue) == typeof(float)) return From<float, TValue>(statement.GetSingle(o));
        if (typeof(TValue) == typeof(double)) return From<double, TValue>(statement.GetDouble(o));
        if (typeof(TValue) == typeof(decimal)) return From<decimal, TValue>(statement.GetDecimal(o));
        if (typeof(TValue) == typeof(char)) return From<char, TValue>(statement.GetChar(o));
        if (typeof(TValue) == typeof(Guid)) return From<Guid, TValue>(statement.GetGuid(o));
        if (typeof(TValue) == typeof(DateTime)) return From<DateTime, TValue>(statement.GetDateTime(o));
        if (typeof(TValue) == typeof(DateTimeOffset)) return From<DateTimeOffset, TValue>(statement.GetDateTimeOffset(o));
        if (typeof(TValue) == typeof(TimeSpan)) return From<TimeSpan, TValue>(statement.GetTimeSpan(o));
        if (typeof(TValue) == typeof(bool?)) return From<bool?, TValue>(statement.GetNullableBoolean(o));
        if (typeof(TValue) == typeof(byte?)) return From<byte?, TValue>(statement.GetNullableByte(o));
        if (typeof(TValue) == typeof(sbyte?)) return From<sbyte?, TValue>(statement.GetNullableSByte(o));
        if (typeof(TValue) == typeof(short?)) return From<short?, TValue>(statement.GetNullableInt16(o));
        if (typeof(TValue) == typeof(ushort?)) return From<ushort?, TValue>(statement.GetNullableUInt16(o));
        if (typeof(TValue) == typeof(int?)) return From<int?, TValue>(statement.GetNullableInt32(o));
        if (typeof(TValue) == typeof(uint?)) return From<uint?, TValue>(statement.GetNullableUInt32(o));
        if (typeof(TValue) == typeof(long?)) return From<long?, TValue>(statement.GetNullableInt64(o));
        if (typeof(TValue) == typeof(ulong?)) return From<ulong?, TValue>(statement.GetNullableUInt64(o));
        if (typeof(TValue) == typeof(float?)) return From<float?, TValue>(statement.GetNullableSingle(o));
        if (typeof(TValue) == typeof(double?)) return From<double?, TValue>(statement.GetNullableDouble(o));
        if (typeof(TValue) == typeof(decimal?)) return From<decimal?, TValue>(statement.GetNullableDecimal(o));
        if (typeof(TValue) == typeof(char?)) return From<char?, TValue>(statement.GetNullableChar(o));
        if (typeof(TValue) == typeof(Guid?)) return From<Guid?, TValue>(statement.GetNullableGuid(o));
        if (typeof(TValue) == typeof(DateTime?)) return From<DateTime?, TValue>(statement.GetNullableDateTime(o));
        if (typeof(TValue) == typeof(DateTimeOffset?)) return From<DateTimeOffset?, TValue>(statement.GetNullableDateTimeOffset(o));
        if (typeof(TValue) == typeof(TimeSpan?)) return From<TimeSpan?, TValue>(statement.GetNullableTimeSpan(o));
#if NET
        if (typeof(TValue) == typeof(DateOnly)) return From<DateOnly, TValue>(statement.GetDateOnly(o));
        if (typeof(TValue) == typeof(TimeOnly)) return From<TimeOnly, TValue>(statement.GetTimeOnly(o));
        if (typeof(TValue) == typeof(DateOnly?)) return From<DateOnly?, TValue>(statement.GetNullableDateOnly(o));
        if (typeof(TValue) == typeof(TimeOnly?)) return From<TimeOnly?, TValue>(statement.GetNullableTimeOnly(o));
#endif
        if (typeof(TValue) == typeof(string)) return (TValue)(object?)statement.GetString(o)!;
        if (typeof(TValue) == typeof(byte[])) return (TValue)(object?)statement.GetBlob(o)!;
        if (typeof(TValue) == typeof(Uri)) return (TValue)(object?)statement.GetUri(o)!;
        if (typeof(TValue) == typeof(StringBuilder)) return (TValue)(object?)statement.GetStringBuilder(o)!;
        throw SqliteColumnErrors.UnsupportedType(columnIndex, typeof(TValue));
    }

    /// <summary>Reads column <paramref name="columnIndex"/> as an enum stored by name, in its UTF-8 bytes (<see cref="SqliteStatement.TryReadEnumText{TEnum}"/>).</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    internal bool TryReadEnumText<TEnum>(int columnIndex, out TEnum value, out bool isNull)
        where TEnum : struct, Enum => _statement.TryReadEnumText(_ordinals[columnIndex], out value, out isNull);

    /// <summary>Whether the statement reads by sqlite-net's storage format (an enum stored by name also reads its number's text there).</summary>
    internal bool SqliteNetFormat => _statement.SqliteNetFormat;

    /// <summary>The text of column <paramref name="columnIndex"/> (for an error).</summary>
    internal string? ReadText(int columnIndex) => _statement.GetString(_ordinals[columnIndex]);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static TTo From<TFrom, TTo>(TFrom value) => Unsafe.As<TFrom, TTo>(ref value);
}
