using System.Globalization;
using System.Runtime.CompilerServices;
using SQLitePCL;

namespace MicroDb.Native;

// The encodings of StorageFormat.SqliteNet (docs/sqlite-net-storage.md), kept out of line so MicroDb's own
// encodings keep their short inlined paths: each typed binder or reader tests _sqliteNet once and calls here.
public sealed partial class SqliteStatement
{
    private const long TimeSpanTextPrefixLimit = 100_000_000;

    [MethodImpl(MethodImplOptions.NoInlining)]
    private void BindSqliteNetDateTime(int index, DateTime value, StorageFormat format)
    {
        if (format.StoreDateTimeAsTicks)
        {
            // Plain ticks: sqlite-net drops the kind and converts nothing.
            Check(raw.sqlite3_bind_int64(Handle, index, value.Ticks));
            return;
        }

        Span<char> buffer = stackalloc char[64];
        if (value.TryFormat(buffer, out var written, format.DateTimeStringFormat, CultureInfo.InvariantCulture))
        {
            Check(raw.sqlite3_bind_text16(Handle, index, buffer[..written]));
        }
        else
        {
            // A custom format longer than the buffer: rare enough to pay for a string.
            BindText(index, value.ToString(format.DateTimeStringFormat, CultureInfo.InvariantCulture));
        }
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    private void BindTimeSpanText(int index, TimeSpan value)
    {
        Span<char> buffer = stackalloc char[32];
        value.TryFormat(buffer, out var written, "c", CultureInfo.InvariantCulture);
        Check(raw.sqlite3_bind_text16(Handle, index, buffer[..written]));
    }

    /// <summary>
    /// Reads a DateTime as sqlite-net does: INTEGER ticks (kind Unspecified), or text parsed with the format's
    /// DateTimeStringFormat and, failing that, as any invariant date. Either storage is accepted under either setting,
    /// so a file written with the other setting still reads.
    /// </summary>
    [MethodImpl(MethodImplOptions.NoInlining)]
    private DateTime ReadSqliteNetDateTime(int ordinal, int storageClass, StorageFormat format)
    {
        if (storageClass == raw.SQLITE_TEXT)
        {
            var text = GetString(ordinal)!;
            if (ValueEncoding.TryParseSqliteNetDateTime(text, format, out var parsed))
            {
                return parsed;
            }

            throw BadValue(ordinal, text, "DateTime");
        }

        var ticks = ReadInteger(ordinal, "DateTime");
        if (ticks < 0 || ticks > DateTime.MaxValue.Ticks)
        {
            throw BadValue(ordinal, null, "DateTime");
        }

        return new DateTime(ticks);
    }

    /// <summary>Reads a DateTimeOffset as sqlite-net does: INTEGER UtcTicks at offset +00:00 (ISO text is accepted too).</summary>
    private DateTimeOffset ReadSqliteNetDateTimeOffset(int ordinal) =>
        TryReadSqliteNetDateTimeOffsetTicks(ordinal, out var value) ? value : ReadSqliteNetDateTimeOffsetSlow(ordinal);

    /// <summary>The one-call path: UtcTicks that cannot be the numeric prefix of text (see <see cref="ValueEncoding.TextPrefixLimit"/>).</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private bool TryReadSqliteNetDateTimeOffsetTicks(int ordinal, out DateTimeOffset value)
    {
        var ticks = raw.sqlite3_column_int64(Handle, ordinal);
        if (ticks is >= ValueEncoding.TextPrefixLimit and <= ValueEncoding.MaxTicks)
        {
            value = new DateTimeOffset(ticks, TimeSpan.Zero);
            return true;
        }

        value = default;
        return false;
    }

    /// <summary>The exact path: the storage class first; ISO text parsed, an integer range-checked.</summary>
    [MethodImpl(MethodImplOptions.NoInlining)]
    private DateTimeOffset ReadSqliteNetDateTimeOffsetSlow(int ordinal)
    {
        if (raw.sqlite3_column_type(Handle, ordinal) == raw.SQLITE_TEXT)
        {
            return ParseDateTimeOffset(ordinal, TextSpan(ordinal, out var chars), chars);
        }

        var ticks = ReadInteger(ordinal, "DateTimeOffset");
        if (ticks < 0 || ticks > DateTimeOffset.MaxValue.UtcTicks)
        {
            throw BadValue(ordinal, null, "DateTimeOffset");
        }

        return new DateTimeOffset(ticks, TimeSpan.Zero);
    }

    /// <summary>Reads a TimeSpan as sqlite-net stores it: INTEGER ticks or "c" text (either, whatever the setting).</summary>
    private TimeSpan ReadSqliteNetTimeSpan(int ordinal) =>
        TryReadSqliteNetTimeSpanTicks(ordinal, out var value) ? value : ReadSqliteNetTimeSpanSlow(ordinal);

    /// <summary>
    /// The one-call path: ticks of 10 s or more either way. The numeric prefix SQLite reads from "c" text is its day or
    /// hour count, below 10^8 in magnitude, so a smaller value asks the storage class.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private bool TryReadSqliteNetTimeSpanTicks(int ordinal, out TimeSpan value)
    {
        var ticks = raw.sqlite3_column_int64(Handle, ordinal);
        if (ticks is >= TimeSpanTextPrefixLimit or <= -TimeSpanTextPrefixLimit)
        {
            value = new TimeSpan(ticks);
            return true;
        }

        value = default;
        return false;
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    private TimeSpan ReadSqliteNetTimeSpanSlow(int ordinal)
    {
        if (raw.sqlite3_column_type(Handle, ordinal) == raw.SQLITE_TEXT)
        {
            return ReadTimeSpanText(ordinal);
        }

        return new(ReadInteger(ordinal, "TimeSpan"));
    }

    /// <summary>Reads a TimeSpan stored as "c" text (sqlite-net with storeTimeSpanAsTicks off).</summary>
    [MethodImpl(MethodImplOptions.NoInlining)]
    private TimeSpan ReadTimeSpanText(int ordinal)
    {
        var span = TextSpan(ordinal, out var chars);
        if (TimeSpan.TryParseExact(span, "c", CultureInfo.InvariantCulture, out var value)
            || TimeSpan.TryParse(span, CultureInfo.InvariantCulture, out value))
        {
            return value;
        }

        throw BadValue(ordinal, chars, "TimeSpan");
    }
}
