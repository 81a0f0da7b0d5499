using System.Globalization;
using System.Runtime.CompilerServices;
using SQLitePCL;

namespace MicroDb.Native;

// Typed column reads (0-based ordinals), the inverse of the Bind overloads.
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
        return value is >= int.MinValue and <= int.MaxValue ? (int)value : throw OutOfRange(ordinal, value, "Int32");
    }

    /// <summary>Reads a boolean (any non-zero integer is true).</summary><param name="ordinal">0-based column index.</param>
    public bool GetBoolean(int ordinal) => ReadInteger(ordinal, "Boolean") != 0;

    /// <summary>Reads a byte.</summary><param name="ordinal">0-based column index.</param>
    public byte GetByte(int ordinal)
    {
        var value = ReadInteger(ordinal, "Byte");
        return value is >= byte.MinValue and <= byte.MaxValue ? (byte)value : throw OutOfRange(ordinal, value, "Byte");
    }

    /// <summary>Reads a signed byte.</summary><param name="ordinal">0-based column index.</param>
    public sbyte GetSByte(int ordinal)
    {
        var value = ReadInteger(ordinal, "SByte");
        return value is >= sbyte.MinValue and <= sbyte.MaxValue ? (sbyte)value : throw OutOfRange(ordinal, value, "SByte");
    }

    /// <summary>Reads a 16-bit integer.</summary><param name="ordinal">0-based column index.</param>
    public short GetInt16(int ordinal)
    {
        var value = ReadInteger(ordinal, "Int16");
        return value is >= short.MinValue and <= short.MaxValue ? (short)value : throw OutOfRange(ordinal, value, "Int16");
    }

    /// <summary>Reads an unsigned 16-bit integer.</summary><param name="ordinal">0-based column index.</param>
    public ushort GetUInt16(int ordinal)
    {
        var value = ReadInteger(ordinal, "UInt16");
        return value is >= ushort.MinValue and <= ushort.MaxValue ? (ushort)value : throw OutOfRange(ordinal, value, "UInt16");
    }

    /// <summary>Reads an unsigned 32-bit integer.</summary><param name="ordinal">0-based column index.</param>
    public uint GetUInt32(int ordinal)
    {
        var value = ReadInteger(ordinal, "UInt32");
        return value is >= uint.MinValue and <= uint.MaxValue ? (uint)value : throw OutOfRange(ordinal, value, "UInt32");
    }

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
        return value is >= char.MinValue and <= char.MaxValue ? (char)value : throw OutOfRange(ordinal, value, "Char");
    }

    /// <summary>Reads text, or null for NULL.</summary><param name="ordinal">0-based column index.</param>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public string? GetString(int ordinal)
    {
        var stmt = Handle;
        if (raw.sqlite3_column_type(stmt, ordinal) == raw.SQLITE_NULL)
        {
            return null;
        }

        return raw.sqlite3_column_text(stmt, ordinal).utf8_to_string() ?? string.Empty;
    }

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
    public byte[]? GetBlob(int ordinal)
    {
        var stmt = Handle;
        if (raw.sqlite3_column_type(stmt, ordinal) == raw.SQLITE_NULL)
        {
            return null;
        }

        return raw.sqlite3_column_blob(stmt, ordinal).ToArray();
    }

    /// <summary>Reads a decimal stored as text (integers and reals from hand-written SQL are converted).</summary><param name="ordinal">0-based column index.</param>
    public decimal GetDecimal(int ordinal)
    {
        var stmt = Handle;
        switch (raw.sqlite3_column_type(stmt, ordinal))
        {
            case raw.SQLITE_INTEGER: return raw.sqlite3_column_int64(stmt, ordinal);
            case raw.SQLITE_FLOAT: return RealToDecimal(ordinal, raw.sqlite3_column_double(stmt, ordinal));
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
    public Guid GetGuid(int ordinal)
    {
        if (raw.sqlite3_column_type(Handle, ordinal) == raw.SQLITE_BLOB)
        {
            var blob = raw.sqlite3_column_blob(Handle, ordinal);
            if (blob.Length == 16)
            {
                return new Guid(blob);
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
    public DateTime GetDateTime(int ordinal)
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

        var span = TextSpan(ordinal, out var chars);
        if (DateTime.TryParse(span, CultureInfo.InvariantCulture, DateTimeStyles.RoundtripKind, out var value))
        {
            return value;
        }

        throw BadValue(ordinal, chars, "DateTime");
    }

    /// <summary>Reads a <see cref="DateTimeOffset"/> stored as ISO-8601 text (under the sqlite-net format, INTEGER UtcTicks read at +00:00).</summary><param name="ordinal">0-based column index.</param>
    public DateTimeOffset GetDateTimeOffset(int ordinal)
    {
        if (_sqliteNet is not null && raw.sqlite3_column_type(Handle, ordinal) != raw.SQLITE_TEXT)
        {
            return ReadSqliteNetDateTimeOffset(ordinal);
        }

        var span = TextSpan(ordinal, out var chars);
        if (DateTimeOffset.TryParse(span, CultureInfo.InvariantCulture, DateTimeStyles.RoundtripKind, out var value))
        {
            return value;
        }

        throw BadValue(ordinal, chars, "DateTimeOffset");
    }

    /// <summary>Reads a <see cref="TimeSpan"/> stored as ticks (under the sqlite-net format, "c" text too).</summary><param name="ordinal">0-based column index.</param>
    public TimeSpan GetTimeSpan(int ordinal)
    {
        if (_sqliteNet is not null && raw.sqlite3_column_type(Handle, ordinal) == raw.SQLITE_TEXT)
        {
            return ReadTimeSpanText(ordinal);
        }

        return new(ReadInteger(ordinal, "TimeSpan"));
    }

    /// <summary>Reads a <see cref="DateOnly"/> stored as "yyyy-MM-dd".</summary><param name="ordinal">0-based column index.</param>
    public DateOnly GetDateOnly(int ordinal)
    {
        var span = TextSpan(ordinal, out var chars);
        if (DateOnly.TryParseExact(span, "yyyy-MM-dd", CultureInfo.InvariantCulture, DateTimeStyles.None, out var value))
        {
            return value;
        }

        throw BadValue(ordinal, chars, "DateOnly");
    }

    /// <summary>Reads a <see cref="TimeOnly"/> stored as ticks since midnight.</summary><param name="ordinal">0-based column index.</param>
    public TimeOnly GetTimeOnly(int ordinal)
    {
        var ticks = ReadInteger(ordinal, "TimeOnly");
        if (ticks < 0 || ticks > TimeOnly.MaxValue.Ticks)
        {
            throw BadValue(ordinal, null, "TimeOnly");
        }

        return new TimeOnly(ticks);
    }

    /// <summary>Reads an enum stored by name (<c>[StoreAsText]</c>); integer text is accepted too.</summary>
    /// <typeparam name="TEnum">The enum type.</typeparam>
    /// <param name="ordinal">0-based column index.</param>
    public TEnum GetEnumFromText<TEnum>(int ordinal)
        where TEnum : struct, Enum
    {
        var span = TextSpan(ordinal, out var chars);
        if (Enum.TryParse<TEnum>(span, ignoreCase: false, out var value))
        {
            return value;
        }

        throw BadValue(ordinal, chars, typeof(TEnum).Name);
    }

    /// <summary>Reads a nullable value.</summary><param name="ordinal">0-based column index.</param>
    public bool? GetNullableBoolean(int ordinal) => IsNull(ordinal) ? null : GetBoolean(ordinal);
    /// <summary>Reads a nullable value.</summary><param name="ordinal">0-based column index.</param>
    public byte? GetNullableByte(int ordinal) => IsNull(ordinal) ? null : GetByte(ordinal);
    /// <summary>Reads a nullable value.</summary><param name="ordinal">0-based column index.</param>
    public sbyte? GetNullableSByte(int ordinal) => IsNull(ordinal) ? null : GetSByte(ordinal);
    /// <summary>Reads a nullable value.</summary><param name="ordinal">0-based column index.</param>
    public short? GetNullableInt16(int ordinal) => IsNull(ordinal) ? null : GetInt16(ordinal);
    /// <summary>Reads a nullable value.</summary><param name="ordinal">0-based column index.</param>
    public ushort? GetNullableUInt16(int ordinal) => IsNull(ordinal) ? null : GetUInt16(ordinal);
    /// <summary>Reads a nullable value.</summary><param name="ordinal">0-based column index.</param>
    public int? GetNullableInt32(int ordinal) => IsNull(ordinal) ? null : GetInt32(ordinal);
    /// <summary>Reads a nullable value.</summary><param name="ordinal">0-based column index.</param>
    public uint? GetNullableUInt32(int ordinal) => IsNull(ordinal) ? null : GetUInt32(ordinal);
    /// <summary>Reads a nullable value.</summary><param name="ordinal">0-based column index.</param>
    public long? GetNullableInt64(int ordinal) => IsNull(ordinal) ? null : GetInt64(ordinal);
    /// <summary>Reads a nullable value.</summary><param name="ordinal">0-based column index.</param>
    public ulong? GetNullableUInt64(int ordinal) => IsNull(ordinal) ? null : GetUInt64(ordinal);
    /// <summary>Reads a nullable value.</summary><param name="ordinal">0-based column index.</param>
    public float? GetNullableSingle(int ordinal) => IsNull(ordinal) ? null : GetSingle(ordinal);
    /// <summary>Reads a nullable value.</summary><param name="ordinal">0-based column index.</param>
    public double? GetNullableDouble(int ordinal) => IsNull(ordinal) ? null : GetDouble(ordinal);
    /// <summary>Reads a nullable value.</summary><param name="ordinal">0-based column index.</param>
    public decimal? GetNullableDecimal(int ordinal) => IsNull(ordinal) ? null : GetDecimal(ordinal);
    /// <summary>Reads a nullable value.</summary><param name="ordinal">0-based column index.</param>
    public char? GetNullableChar(int ordinal) => IsNull(ordinal) ? null : GetChar(ordinal);
    /// <summary>Reads a nullable value.</summary><param name="ordinal">0-based column index.</param>
    public Guid? GetNullableGuid(int ordinal) => IsNull(ordinal) ? null : GetGuid(ordinal);
    /// <summary>Reads a nullable value.</summary><param name="ordinal">0-based column index.</param>
    public DateTime? GetNullableDateTime(int ordinal) => IsNull(ordinal) ? null : GetDateTime(ordinal);
    /// <summary>Reads a nullable value.</summary><param name="ordinal">0-based column index.</param>
    public DateTime? GetNullableDateTimeFromText(int ordinal) => IsNull(ordinal) ? null : GetDateTimeFromText(ordinal);
    /// <summary>Reads a nullable value.</summary><param name="ordinal">0-based column index.</param>
    public DateTimeOffset? GetNullableDateTimeOffset(int ordinal) => IsNull(ordinal) ? null : GetDateTimeOffset(ordinal);
    /// <summary>Reads a nullable value.</summary><param name="ordinal">0-based column index.</param>
    public TimeSpan? GetNullableTimeSpan(int ordinal) => IsNull(ordinal) ? null : GetTimeSpan(ordinal);
    /// <summary>Reads a nullable value.</summary><param name="ordinal">0-based column index.</param>
    public DateOnly? GetNullableDateOnly(int ordinal) => IsNull(ordinal) ? null : GetDateOnly(ordinal);
    /// <summary>Reads a nullable value.</summary><param name="ordinal">0-based column index.</param>
    public TimeOnly? GetNullableTimeOnly(int ordinal) => IsNull(ordinal) ? null : GetTimeOnly(ordinal);

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

    /// <summary>A 0 read from an integer or real column is real, NULL, numeric text, or SQLite's silent conversion of a non-number.</summary>
    [MethodImpl(MethodImplOptions.NoInlining)]
    private void CheckZero(int ordinal, string typeName)
    {
        switch (raw.sqlite3_column_type(Handle, ordinal))
        {
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
    }

    private MicroDbException OutOfRange(int ordinal, long value, string typeName) =>
        new($"Column '{GetColumnName(ordinal)}' holds {value.ToString(CultureInfo.InvariantCulture)}, which is outside the range of {typeName} (SQL: {Sql})");

    private MicroDbException BadValue(int ordinal, string? text, string typeName)
    {
        var shown = text ?? raw.sqlite3_column_int64(Handle, ordinal).ToString(CultureInfo.InvariantCulture);
        return new MicroDbException($"Column '{GetColumnName(ordinal)}' holds '{shown}', which is not a valid {typeName} (SQL: {Sql})");
    }
}
