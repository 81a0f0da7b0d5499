using System.Buffers.Text;
using System.Globalization;
using System.Runtime.CompilerServices;
using MicroDb.Mapping;
using SQLitePCL;

namespace MicroDb.Native;

// Typed column reads (0-based ordinals), the inverse of the Bind overloads.
//
// One native call per column where the value itself tells NULL and the expected storage apart (each call through
// SQLitePCLRaw also pays the handle's AddRef/Release): text is a null pointer only for NULL (an empty text or blob
// reads as ""), integers and reals ask the storage class only when they read 0, DateTime and the other kinds stored as
// an integer ask only when the value could be SQLite's conversion of text (ValueEncoding.TextPrefixLimit), GUIDs parse
// the stored bytes and ask only when they are not a GUID's text. Every surprising value then takes the exact slow
// path (storage class first), so the errors for wrong stored values are the ones docs/reliability.md lists.
public sealed partial class SqliteStatement
{
    /// <summary>True when column <paramref name="ordinal"/> of the current row is NULL.</summary>
    /// <param name="ordinal">0-based column index.</param>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public bool IsNull(int ordinal) => raw.sqlite3_column_type(Handle, ordinal) == raw.SQLITE_NULL;

    /// <summary>SQLite's storage class of the column in the current row (1 integer, 2 float, 3 text, 4 blob, 5 null).</summary>
    /// <param name="ordinal">0-based column index.</param>
    public int GetColumnType(int ordinal) => raw.sqlite3_column_type(Handle, ordinal);

    // Integer and real readers: SQLite converts text it cannot parse (and blobs) to 0 without an error. A value
    // of 0 is therefore checked against the column's storage class, which costs a second native call only for
    // zeros; values outside the member's range are refused instead of being cut to their low bits.

    /// <summary>Reads a 64-bit integer.</summary><param name="ordinal">0-based column index.</param>
    /// <exception cref="MicroDbException">The column holds text that is not a number, or a blob.</exception>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public long GetInt64(int ordinal) => ReadInteger(ordinal, "Int64");

    /// <summary>Reads a 32-bit integer.</summary><param name="ordinal">0-based column index.</param>
    /// <exception cref="MicroDbException">The column holds a non-number or a value outside the range of <see cref="int"/>.</exception>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public int GetInt32(int ordinal)
    {
        var value = ReadInteger(ordinal, "Int32");
        return ToInt32(ordinal, value);
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private int ToInt32(int ordinal, long value) =>
        value is >= int.MinValue and <= int.MaxValue ? (int)value : throw OutOfRange(ordinal, value, "Int32");

    /// <summary>Reads a boolean (any non-zero integer is true).</summary><param name="ordinal">0-based column index.</param>
    public bool GetBoolean(int ordinal) => ReadInteger(ordinal, "Boolean") != 0;

    /// <summary>Reads a byte.</summary><param name="ordinal">0-based column index.</param>
    public byte GetByte(int ordinal)
    {
        var value = ReadInteger(ordinal, "Byte");
        return ToByte(ordinal, value);
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private byte ToByte(int ordinal, long value) =>
        value is >= byte.MinValue and <= byte.MaxValue ? (byte)value : throw OutOfRange(ordinal, value, "Byte");

    /// <summary>Reads a signed byte.</summary><param name="ordinal">0-based column index.</param>
    public sbyte GetSByte(int ordinal)
    {
        var value = ReadInteger(ordinal, "SByte");
        return ToSByte(ordinal, value);
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private sbyte ToSByte(int ordinal, long value) =>
        value is >= sbyte.MinValue and <= sbyte.MaxValue ? (sbyte)value : throw OutOfRange(ordinal, value, "SByte");

    /// <summary>Reads a 16-bit integer.</summary><param name="ordinal">0-based column index.</param>
    public short GetInt16(int ordinal)
    {
        var value = ReadInteger(ordinal, "Int16");
        return ToInt16(ordinal, value);
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private short ToInt16(int ordinal, long value) =>
        value is >= short.MinValue and <= short.MaxValue ? (short)value : throw OutOfRange(ordinal, value, "Int16");

    /// <summary>Reads an unsigned 16-bit integer.</summary><param name="ordinal">0-based column index.</param>
    public ushort GetUInt16(int ordinal)
    {
        var value = ReadInteger(ordinal, "UInt16");
        return ToUInt16(ordinal, value);
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private ushort ToUInt16(int ordinal, long value) =>
        value is >= ushort.MinValue and <= ushort.MaxValue ? (ushort)value : throw OutOfRange(ordinal, value, "UInt16");

    /// <summary>Reads an unsigned 32-bit integer.</summary><param name="ordinal">0-based column index.</param>
    public uint GetUInt32(int ordinal)
    {
        var value = ReadInteger(ordinal, "UInt32");
        return ToUInt32(ordinal, value);
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private uint ToUInt32(int ordinal, long value) =>
        value is >= uint.MinValue and <= uint.MaxValue ? (uint)value : throw OutOfRange(ordinal, value, "UInt32");

    /// <summary>Reads an unsigned 64-bit integer stored by bit pattern.</summary><param name="ordinal">0-based column index.</param>
    public ulong GetUInt64(int ordinal) => unchecked((ulong)ReadInteger(ordinal, "UInt64"));

    /// <summary>Reads a double.</summary><param name="ordinal">0-based column index.</param>
    /// <exception cref="MicroDbException">The column holds text that is not a number, or a blob.</exception>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public double GetDouble(int ordinal)
    {
        var value = raw.sqlite3_column_double(Handle, ordinal);
        if (value == 0)
        {
            CheckZero(ordinal, "Double");
        }

        return value;
    }

    /// <summary>Reads a float.</summary><param name="ordinal">0-based column index.</param>
    public float GetSingle(int ordinal) => (float)GetDouble(ordinal);

    /// <summary>Reads a char stored as its code unit.</summary><param name="ordinal">0-based column index.</param>
    public char GetChar(int ordinal)
    {
        var value = ReadInteger(ordinal, "Char");
        return ToChar(ordinal, value);
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private char ToChar(int ordinal, long value) =>
        value is >= char.MinValue and <= char.MaxValue ? (char)value : throw OutOfRange(ordinal, value, "Char");

    /// <summary>Reads text, or null for NULL.</summary><param name="ordinal">0-based column index.</param>
    /// <remarks>One native call: SQLite returns a null pointer only for NULL (an empty text, and an empty blob read as
    /// text, come back as a pointer to a terminating zero).</remarks>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public string? GetString(int ordinal) => raw.sqlite3_column_text(Handle, ordinal).utf8_to_string();

    /// <summary>Reads a <see cref="Uri"/> (absolute or relative) from TEXT, or null for NULL.</summary><param name="ordinal">0-based column index.</param>
    /// <exception cref="MicroDbException">The text is not a URI; the message names the column.</exception>
    public Uri? GetUri(int ordinal)
    {
        var text = GetString(ordinal);
        if (text is null)
        {
            return null;
        }

        return Uri.TryCreate(text, UriKind.RelativeOrAbsolute, out var uri)
            ? uri
            : throw new MicroDbException($"Column '{GetColumnName(ordinal)}' holds '{text}', which is not a URI (SQL: {Sql})");
    }

    /// <summary>Reads TEXT into a new <see cref="System.Text.StringBuilder"/>, or null for NULL.</summary><param name="ordinal">0-based column index.</param>
    public System.Text.StringBuilder? GetStringBuilder(int ordinal) => GetString(ordinal) is { } text ? new System.Text.StringBuilder(text) : null;

    /// <summary>Reads a BLOB into a new array, or null for NULL.</summary><param name="ordinal">0-based column index.</param>
    /// <remarks>One native call, plus one for an empty result: SQLite returns no pointer for NULL and for an empty blob alike.</remarks>
    public byte[]? GetBlob(int ordinal)
    {
        var blob = raw.sqlite3_column_blob(Handle, ordinal);
        if (blob.IsEmpty)
        {
            return raw.sqlite3_column_type(Handle, ordinal) == raw.SQLITE_NULL ? null : [];
        }

        return blob.ToArray();
    }

    /// <summary>Reads a decimal stored as text (integers and reals from hand-written SQL are converted).</summary><param name="ordinal">0-based column index.</param>
    /// <remarks>
    /// Two native calls (the storage class, then the value): the same text can be a stored decimal ("0.30000000000000004",
    /// kept exactly) or SQLite's rendering of a REAL (converted as <c>(decimal)double</c>, 0.3), so the value alone cannot tell.
    /// </remarks>
    public decimal GetDecimal(int ordinal) => ReadDecimal(ordinal, raw.sqlite3_column_type(Handle, ordinal));

    private decimal ReadDecimal(int ordinal, int storageClass)
    {
        switch (storageClass)
        {
            case raw.SQLITE_INTEGER: return raw.sqlite3_column_int64(Handle, ordinal);
            case raw.SQLITE_FLOAT: return RealToDecimal(ordinal, raw.sqlite3_column_double(Handle, ordinal));
        }

        var span = TextSpan(ordinal, out var chars);
        if (decimal.TryParse(span, NumberStyles.Float, CultureInfo.InvariantCulture, out var value))
        {
            return value;
        }

        throw BadValue(ordinal, chars, "decimal");
    }

    private decimal RealToDecimal(int ordinal, double value)
    {
        // A REAL beyond decimal's range (sqlite-net stores decimal.MaxValue as 7.9228162514264338e+28, which rounds up).
        try
        {
            return (decimal)value;
        }
        catch (OverflowException e)
        {
            throw new MicroDbException($"Column '{GetColumnName(ordinal)}' holds {value.ToString("R", CultureInfo.InvariantCulture)}, which is outside the range of decimal (SQL: {Sql})", e);
        }
    }

    /// <summary>Reads a GUID stored as text (or as a 16-byte BLOB).</summary><param name="ordinal">0-based column index.</param>
    /// <remarks>One native call for a GUID stored as MicroDb stores it: the stored bytes (read without conversion) are
    /// parsed as the 36-character text; anything else asks the storage class.</remarks>
    public Guid GetGuid(int ordinal) => TryReadGuidText(ordinal, out var value) ? value : ReadGuidSlow(ordinal);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private bool TryReadGuidText(int ordinal, out Guid value)
    {
        // sqlite3_column_blob returns a TEXT value's bytes as stored and leaves its storage class as it is.
        var bytes = raw.sqlite3_column_blob(Handle, ordinal);
        value = default;
        return bytes.Length == 36 && Utf8Parser.TryParse(bytes, out value, out var consumed, 'D') && consumed == 36;
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    private Guid ReadGuidSlow(int ordinal)
    {
        if (raw.sqlite3_column_type(Handle, ordinal) == raw.SQLITE_BLOB)
        {
            var blob = raw.sqlite3_column_blob(Handle, ordinal);
            if (blob.Length == 16)
            {
#if NET
                return new Guid(blob);
#else
                return new Guid(blob.ToArray());
#endif
            }
        }

        var span = TextSpan(ordinal, out var chars);
        if (Guid.TryParse(span, out var value))
        {
            return value;
        }

        throw BadValue(ordinal, chars, "Guid");
    }

    /// <summary>Reads a <see cref="DateTime"/> stored by <see cref="Bind(int, DateTime)"/>.</summary><param name="ordinal">0-based column index.</param>
    /// <remarks>One native call for a stored integer of year 318 or later; earlier values, text and invalid integers ask the storage class.</remarks>
    public DateTime GetDateTime(int ordinal) => TryReadDateTimeInteger(ordinal, out var value) ? value : ReadDateTimeSlow(ordinal);

    /// <summary>The one-call path of <see cref="GetDateTime"/>: an integer that cannot be text's numeric prefix, valid in the connection's format.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private bool TryReadDateTimeInteger(int ordinal, out DateTime value)
    {
        if (_sqliteNet is null)
        {
            return ValueEncoding.TryDecodeDateTime(raw.sqlite3_column_int64(Handle, ordinal), out value);
        }

        if (_sqliteNet.StoreDateTimeAsTicks)
        {
            var ticks = raw.sqlite3_column_int64(Handle, ordinal);
            if (ticks is >= ValueEncoding.TextPrefixLimit and <= ValueEncoding.MaxTicks)
            {
                value = new DateTime(ticks);
                return true;
            }
        }

        value = default;
        return false;
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    private DateTime ReadDateTimeSlow(int ordinal)
    {
        var storageClass = raw.sqlite3_column_type(Handle, ordinal);
        if (_sqliteNet is not null)
        {
            return ReadSqliteNetDateTime(ordinal, storageClass, _sqliteNet);
        }

        if (storageClass == raw.SQLITE_TEXT)
        {
            // Hand-written SQL may store ISO text in an INTEGER column; accept it rather than misread it.
            return GetDateTimeFromText(ordinal);
        }

        var encoded = ReadInteger(ordinal, "DateTime");
        try
        {
            return ValueEncoding.DecodeDateTime(encoded);
        }
        catch (MicroDbException)
        {
            throw BadValue(ordinal, null, "DateTime");
        }
    }

    /// <summary>Reads a <see cref="DateTime"/> stored as ISO-8601 text (under the sqlite-net format, as <see cref="GetDateTime"/> reads).</summary><param name="ordinal">0-based column index.</param>
    public DateTime GetDateTimeFromText(int ordinal)
    {
        if (_sqliteNet is not null)
        {
            return ReadSqliteNetDateTime(ordinal, raw.sqlite3_column_type(Handle, ordinal), _sqliteNet);
        }

        return ParseDateTimeText(ordinal, TextSpan(ordinal, out var chars), chars);
    }

    private DateTime ParseDateTimeText(int ordinal, ReadOnlySpan<char> span, string? chars)
    {
        if (DateTime.TryParse(span, CultureInfo.InvariantCulture, DateTimeStyles.RoundtripKind, out var value))
        {
            return value;
        }

        throw BadValue(ordinal, chars, "DateTime");
    }

    /// <summary>Reads a <see cref="DateTimeOffset"/> stored as ISO-8601 text (under the sqlite-net format, INTEGER UtcTicks read at +00:00).</summary><param name="ordinal">0-based column index.</param>
    public DateTimeOffset GetDateTimeOffset(int ordinal)
    {
        if (_sqliteNet is not null)
        {
            return ReadSqliteNetDateTimeOffset(ordinal);
        }

        return ParseDateTimeOffset(ordinal, TextSpan(ordinal, out var chars), chars);
    }

    private DateTimeOffset ParseDateTimeOffset(int ordinal, ReadOnlySpan<char> span, string? chars)
    {
        if (DateTimeOffset.TryParse(span, CultureInfo.InvariantCulture, DateTimeStyles.RoundtripKind, out var value))
        {
            return value;
        }

        throw BadValue(ordinal, chars, "DateTimeOffset");
    }

    /// <summary>Reads a <see cref="TimeSpan"/> stored as ticks (under the sqlite-net format, "c" text too).</summary><param name="ordinal">0-based column index.</param>
    public TimeSpan GetTimeSpan(int ordinal)
    {
        if (_sqliteNet is not null)
        {
            return ReadSqliteNetTimeSpan(ordinal);
        }

        return new(ReadInteger(ordinal, "TimeSpan"));
    }

#if NET
    /// <summary>Reads a <see cref="DateOnly"/> stored as "yyyy-MM-dd".</summary><param name="ordinal">0-based column index.</param>
    public DateOnly GetDateOnly(int ordinal) => ParseDateOnly(ordinal, TextSpan(ordinal, out var chars), chars);

    private DateOnly ParseDateOnly(int ordinal, ReadOnlySpan<char> span, string? chars)
    {
        if (DateOnly.TryParseExact(span, "yyyy-MM-dd", CultureInfo.InvariantCulture, DateTimeStyles.None, out var value))
        {
            return value;
        }

        throw BadValue(ordinal, chars, "DateOnly");
    }

    /// <summary>Reads a <see cref="TimeOnly"/> stored as ticks since midnight.</summary><param name="ordinal">0-based column index.</param>
    public TimeOnly GetTimeOnly(int ordinal) => ToTimeOnly(ordinal, ReadInteger(ordinal, "TimeOnly"));

    private TimeOnly ToTimeOnly(int ordinal, long ticks)
    {
        if (ticks < 0 || ticks > TimeOnly.MaxValue.Ticks)
        {
            throw BadValue(ordinal, null, "TimeOnly");
        }

        return new TimeOnly(ticks);
    }
#endif

    /// <summary>Reads an enum stored by name (<c>[StoreAsText]</c>): one of its names, compared in the stored UTF-8 bytes
    /// without allocating (NULL reads as the default, as a NULL in an enum stored as a number does).</summary>
    /// <typeparam name="TEnum">The enum type.</typeparam>
    /// <param name="ordinal">0-based column index.</param>
    /// <exception cref="MicroDbException">The text is not one of the enum's names (see <c>EnumTextRule</c>); the message names the column and the text.</exception>
    public TEnum GetEnumFromText<TEnum>(int ordinal)
        where TEnum : struct, Enum => TryReadEnumText<TEnum>(ordinal, out var value, out _) ? value : throw BadEnumText<TEnum>(ordinal);

    /// <summary>Reads a nullable enum stored by name (<c>[StoreAsText]</c>), null for NULL.</summary>
    /// <typeparam name="TEnum">The enum type.</typeparam>
    /// <param name="ordinal">0-based column index.</param>
    /// <exception cref="MicroDbException">The text is not one of the enum's names; the message names the column and the text.</exception>
    public TEnum? GetNullableEnumFromText<TEnum>(int ordinal)
        where TEnum : struct, Enum => TryReadEnumText<TEnum>(ordinal, out var value, out var isNull) ? (isNull ? null : value) : throw BadEnumText<TEnum>(ordinal);

    /// <summary>
    /// Reads an enum stored by name: true with the value (or with <paramref name="isNull"/> and the default for NULL),
    /// false when the stored text is not a name. One native call for a name (the stored bytes, as <see cref="GetGuid"/>
    /// reads them); the text is made only for an empty value, a list of names, or a text that matched no name.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    internal bool TryReadEnumText<TEnum>(int ordinal, out TEnum value, out bool isNull)
        where TEnum : struct, Enum
    {
        isNull = false;
        var bytes = raw.sqlite3_column_blob(Handle, ordinal);
        return (!bytes.IsEmpty && EnumText<TEnum>.Instance.TryRead(bytes, out value)) || TryReadEnumTextSlow(ordinal, out value, out isNull);
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    private bool TryReadEnumTextSlow<TEnum>(int ordinal, out TEnum value, out bool isNull)
        where TEnum : struct, Enum
    {
        var text = GetString(ordinal);
        isNull = text is null;
        if (text is null)
        {
            value = default;
            return true;
        }

        // sqlite-net reads an enum stored by name with Enum.Parse, which also takes the enum's number as text ("2"):
        // under its storage format such a text reads as that value (compatibility: rows written by other code).
        return EnumText<TEnum>.Instance.TryRead(text, out value)
            || (_sqliteNet is not null && EnumText<TEnum>.Instance.TryReadSqliteNetNumber(text, out value));
    }

    /// <summary>Whether this statement reads and binds by sqlite-net's storage format.</summary>
    internal bool SqliteNetFormat => _sqliteNet is not null;

    private MicroDbException BadEnumText<TEnum>(int ordinal)
        where TEnum : struct, Enum => BadValue(ordinal, GetString(ordinal) ?? "", typeof(TEnum).Name);

    // Nullable readers: one native call for a non-NULL value, as the non-nullable readers; NULL is told apart from
    // the value 0 (or a null text) by the storage class the zero check asks for anyway.

    /// <summary>Reads a nullable value.</summary><param name="ordinal">0-based column index.</param>
    public bool? GetNullableBoolean(int ordinal) => TryReadInteger(ordinal, "Boolean", out var value) ? value != 0 : null;

    /// <summary>Reads a nullable value.</summary><param name="ordinal">0-based column index.</param>
    public byte? GetNullableByte(int ordinal) => TryReadInteger(ordinal, "Byte", out var value) ? ToByte(ordinal, value) : null;

    /// <summary>Reads a nullable value.</summary><param name="ordinal">0-based column index.</param>
    public sbyte? GetNullableSByte(int ordinal) => TryReadInteger(ordinal, "SByte", out var value) ? ToSByte(ordinal, value) : null;

    /// <summary>Reads a nullable value.</summary><param name="ordinal">0-based column index.</param>
    public short? GetNullableInt16(int ordinal) => TryReadInteger(ordinal, "Int16", out var value) ? ToInt16(ordinal, value) : null;

    /// <summary>Reads a nullable value.</summary><param name="ordinal">0-based column index.</param>
    public ushort? GetNullableUInt16(int ordinal) => TryReadInteger(ordinal, "UInt16", out var value) ? ToUInt16(ordinal, value) : null;

    /// <summary>Reads a nullable value.</summary><param name="ordinal">0-based column index.</param>
    public int? GetNullableInt32(int ordinal) => TryReadInteger(ordinal, "Int32", out var value) ? ToInt32(ordinal, value) : null;

    /// <summary>Reads a nullable value.</summary><param name="ordinal">0-based column index.</param>
    public uint? GetNullableUInt32(int ordinal) => TryReadInteger(ordinal, "UInt32", out var value) ? ToUInt32(ordinal, value) : null;

    /// <summary>Reads a nullable value.</summary><param name="ordinal">0-based column index.</param>
    public long? GetNullableInt64(int ordinal) => TryReadInteger(ordinal, "Int64", out var value) ? value : null;

    /// <summary>Reads a nullable value.</summary><param name="ordinal">0-based column index.</param>
    public ulong? GetNullableUInt64(int ordinal) => TryReadInteger(ordinal, "UInt64", out var value) ? unchecked((ulong)value) : null;

    /// <summary>Reads a nullable value.</summary><param name="ordinal">0-based column index.</param>
    public float? GetNullableSingle(int ordinal) => TryReadDouble(ordinal, out var value) ? (float)value : null;

    /// <summary>Reads a nullable value.</summary><param name="ordinal">0-based column index.</param>
    public double? GetNullableDouble(int ordinal) => TryReadDouble(ordinal, out var value) ? value : null;

    /// <summary>Reads a nullable value.</summary><param name="ordinal">0-based column index.</param>
    public decimal? GetNullableDecimal(int ordinal)
    {
        var storageClass = raw.sqlite3_column_type(Handle, ordinal);
        return storageClass == raw.SQLITE_NULL ? null : ReadDecimal(ordinal, storageClass);
    }

    /// <summary>Reads a nullable value.</summary><param name="ordinal">0-based column index.</param>
    public char? GetNullableChar(int ordinal) => TryReadInteger(ordinal, "Char", out var value) ? ToChar(ordinal, value) : null;

    /// <summary>Reads a nullable value.</summary><param name="ordinal">0-based column index.</param>
    public Guid? GetNullableGuid(int ordinal) =>
        TryReadGuidText(ordinal, out var value) ? value : IsNull(ordinal) ? null : ReadGuidSlow(ordinal);

    /// <summary>Reads a nullable value.</summary><param name="ordinal">0-based column index.</param>
    public DateTime? GetNullableDateTime(int ordinal) =>
        TryReadDateTimeInteger(ordinal, out var value) ? value : IsNull(ordinal) ? null : ReadDateTimeSlow(ordinal);

    /// <summary>Reads a nullable value.</summary><param name="ordinal">0-based column index.</param>
    public DateTime? GetNullableDateTimeFromText(int ordinal)
    {
        if (_sqliteNet is not null)
        {
            return IsNull(ordinal) ? null : GetDateTimeFromText(ordinal);
        }

        var text = GetString(ordinal);
        return text is null ? null : ParseDateTimeText(ordinal, text, text);
    }

    /// <summary>Reads a nullable value.</summary><param name="ordinal">0-based column index.</param>
    public DateTimeOffset? GetNullableDateTimeOffset(int ordinal)
    {
        if (_sqliteNet is not null)
        {
            return TryReadSqliteNetDateTimeOffsetTicks(ordinal, out var ticks) ? ticks : IsNull(ordinal) ? null : ReadSqliteNetDateTimeOffsetSlow(ordinal);
        }

        var text = GetString(ordinal);
        return text is null ? null : ParseDateTimeOffset(ordinal, text, text);
    }

    /// <summary>Reads a nullable value.</summary><param name="ordinal">0-based column index.</param>
    public TimeSpan? GetNullableTimeSpan(int ordinal)
    {
        if (_sqliteNet is not null)
        {
            return TryReadSqliteNetTimeSpanTicks(ordinal, out var ticks) ? ticks : IsNull(ordinal) ? null : ReadSqliteNetTimeSpanSlow(ordinal);
        }

        return TryReadInteger(ordinal, "TimeSpan", out var value) ? new TimeSpan(value) : null;
    }

#if NET
    /// <summary>Reads a nullable value.</summary><param name="ordinal">0-based column index.</param>
    public DateOnly? GetNullableDateOnly(int ordinal)
    {
        var text = GetString(ordinal);
        return text is null ? null : ParseDateOnly(ordinal, text, text);
    }

    /// <summary>Reads a nullable value.</summary><param name="ordinal">0-based column index.</param>
    public TimeOnly? GetNullableTimeOnly(int ordinal) => TryReadInteger(ordinal, "TimeOnly", out var value) ? ToTimeOnly(ordinal, value) : null;
#endif

    /// <summary>
    /// Reads a column as the CLR object SQLite's storage class maps to most directly (long, double, string,
    /// byte[] or null). Used for scalar results of unknown type; boxes by nature.
    /// </summary>
    /// <param name="ordinal">0-based column index.</param>
    public object? GetValue(int ordinal) => raw.sqlite3_column_type(Handle, ordinal) switch
    {
        raw.SQLITE_INTEGER => raw.sqlite3_column_int64(Handle, ordinal),
        raw.SQLITE_FLOAT => raw.sqlite3_column_double(Handle, ordinal),
        raw.SQLITE_TEXT => GetString(ordinal),
        raw.SQLITE_BLOB => GetBlob(ordinal),
        _ => null,
    };

    /// <summary>
    /// Reads a non-NULL column with the typed reader of <paramref name="kind"/>, boxed: for values whose kind is known
    /// only at run time (a migration's value checks and conversions, the compatibility package's value-tuple items).
    /// Enum kinds read their stored number, text kinds without a reader of their own their text.
    /// </summary>
    /// <param name="ordinal">0-based column index.</param>
    /// <param name="kind">The kind to read it as.</param>
    internal object GetValue(int ordinal, MicroDb.Mapping.ColumnKind kind) => kind switch
    {
        MicroDb.Mapping.ColumnKind.Boolean => GetBoolean(ordinal),
        MicroDb.Mapping.ColumnKind.Byte => GetByte(ordinal),
        MicroDb.Mapping.ColumnKind.SByte => GetSByte(ordinal),
        MicroDb.Mapping.ColumnKind.Int16 => GetInt16(ordinal),
        MicroDb.Mapping.ColumnKind.UInt16 => GetUInt16(ordinal),
        MicroDb.Mapping.ColumnKind.Int32 => GetInt32(ordinal),
        MicroDb.Mapping.ColumnKind.UInt32 => GetUInt32(ordinal),
        MicroDb.Mapping.ColumnKind.Int64 or MicroDb.Mapping.ColumnKind.Enum => GetInt64(ordinal),
        MicroDb.Mapping.ColumnKind.UInt64 => GetUInt64(ordinal),
        MicroDb.Mapping.ColumnKind.Single => GetSingle(ordinal),
        MicroDb.Mapping.ColumnKind.Double => GetDouble(ordinal),
        MicroDb.Mapping.ColumnKind.Decimal => GetDecimal(ordinal),
        MicroDb.Mapping.ColumnKind.Char => GetChar(ordinal),
        MicroDb.Mapping.ColumnKind.Blob => GetBlob(ordinal)!,
        MicroDb.Mapping.ColumnKind.Guid => GetGuid(ordinal),
        MicroDb.Mapping.ColumnKind.DateTime => GetDateTime(ordinal),
        MicroDb.Mapping.ColumnKind.DateTimeText => GetDateTimeFromText(ordinal),
        MicroDb.Mapping.ColumnKind.DateTimeOffset => GetDateTimeOffset(ordinal),
        MicroDb.Mapping.ColumnKind.TimeSpan => GetTimeSpan(ordinal),
#if NET
        MicroDb.Mapping.ColumnKind.DateOnly => GetDateOnly(ordinal),
        MicroDb.Mapping.ColumnKind.TimeOnly => GetTimeOnly(ordinal),
#endif
        MicroDb.Mapping.ColumnKind.Uri => GetUri(ordinal)!,
        _ => GetString(ordinal)!,
    };

    private ReadOnlySpan<char> TextSpan(int ordinal, out string? text)
    {
        text = GetString(ordinal);
        if (text is null)
        {
            throw new MicroDbException($"Column '{GetColumnName(ordinal)}' is NULL but the member it maps to cannot hold null (SQL: {Sql})");
        }

        return text.AsSpan();
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private long ReadInteger(int ordinal, string typeName)
    {
        var value = raw.sqlite3_column_int64(Handle, ordinal);
        if (value == 0)
        {
            CheckZero(ordinal, typeName);
        }

        return value;
    }

    /// <summary>Reads an integer for a nullable member: false for NULL (told apart from 0 by the zero check's one extra call).</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private bool TryReadInteger(int ordinal, string typeName, out long value)
    {
        value = raw.sqlite3_column_int64(Handle, ordinal);
        return value != 0 || !CheckZero(ordinal, typeName);
    }

    /// <summary>Reads a real for a nullable member: false for NULL.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private bool TryReadDouble(int ordinal, out double value)
    {
        value = raw.sqlite3_column_double(Handle, ordinal);
        return value != 0 || !CheckZero(ordinal, "Double");
    }

    /// <summary>
    /// A 0 read from an integer or real column is real, NULL, numeric text, or SQLite's silent conversion of a
    /// non-number (which throws). Returns true when it is NULL.
    /// </summary>
    [MethodImpl(MethodImplOptions.NoInlining)]
    private bool CheckZero(int ordinal, string typeName)
    {
        switch (raw.sqlite3_column_type(Handle, ordinal))
        {
            case raw.SQLITE_NULL:
                return true;
            case raw.SQLITE_TEXT:
                var text = GetString(ordinal)!;
                if (!double.TryParse(text, NumberStyles.Float, CultureInfo.InvariantCulture, out _))
                {
                    throw BadValue(ordinal, text, typeName);
                }

                break;
            case raw.SQLITE_BLOB:
                throw new MicroDbException($"Column '{GetColumnName(ordinal)}' holds a BLOB of {raw.sqlite3_column_bytes(Handle, ordinal)} bytes, which is not a valid {typeName} (SQL: {Sql})");
        }

        return false;
    }

    private MicroDbException OutOfRange(int ordinal, long value, string typeName) =>
        new($"Column '{GetColumnName(ordinal)}' holds {value.ToString(CultureInfo.InvariantCulture)}, which is outside the range of {typeName} (SQL: {Sql})");

    private MicroDbException BadValue(int ordinal, string? text, string typeName)
    {
        var shown = text ?? raw.sqlite3_column_int64(Handle, ordinal).ToString(CultureInfo.InvariantCulture);
        return new MicroDbException($"Column '{GetColumnName(ordinal)}' holds '{shown}', which is not a valid {typeName} (SQL: {Sql})");
    }
}
