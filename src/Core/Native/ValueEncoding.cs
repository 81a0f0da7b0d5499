using System.Globalization;

namespace MicroDb.Native;

/// <summary>
/// The storage encodings MicroDb uses where a CLR value has no one obvious SQLite form.
/// Public so that LINQ translation, generated code and hand-written SQL can encode constants identically.
/// </summary>
internal static class ValueEncoding
{
    private const long TicksMask = 0x3FFF_FFFF_FFFF_FFFF;
    private const int KindShift = 62;

    /// <summary>
    /// Encodes a <see cref="DateTime"/> as one 64-bit integer: the ticks in the low 62 bits and the
    /// <see cref="DateTimeKind"/> in the top two, the same layout .NET uses internally. Values of the
    /// same kind keep their order, so range comparisons in SQL work within a kind.
    /// </summary>
    /// <param name="value">The value.</param>
    public static long EncodeDateTime(DateTime value) => value.Ticks | ((long)value.Kind << KindShift);

    /// <summary>The largest tick count a <see cref="DateTime"/> (and a <see cref="DateTimeOffset"/>'s UtcTicks) can hold.</summary>
    public const long MaxTicks = 3_155_378_975_999_999_999;

    /// <summary>
    /// 10^17 ticks (early in year 318). SQLite reads text as an integer by its leading digits ('2024-05-01' reads as
    /// 2024, '20240501' as 20240501), so a date stored as text and read as an integer lands below this; a stored tick
    /// count at or above it cannot be such a prefix of date text, and readers take it without asking the storage class.
    /// </summary>
    public const long TextPrefixLimit = 100_000_000_000_000_000;

    /// <summary>
    /// Decodes <paramref name="encoded"/> when it is a valid <see cref="EncodeDateTime"/> value whose ticks are at or
    /// above <see cref="TextPrefixLimit"/>; false otherwise (the reader then asks the storage class and decodes exactly).
    /// </summary>
    /// <param name="encoded">The stored integer.</param>
    /// <param name="value">The value read.</param>
    [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.AggressiveInlining)]
    public static bool TryDecodeDateTime(long encoded, out DateTime value)
    {
        var ticks = encoded & TicksMask;
        var kind = (ulong)encoded >> KindShift;
        if (ticks is >= TextPrefixLimit and <= MaxTicks && kind <= 2)
        {
            value = new DateTime(ticks, (DateTimeKind)kind);
            return true;
        }

        value = default;
        return false;
    }

    /// <summary>Decodes a value written by <see cref="EncodeDateTime"/>.</summary>
    /// <param name="encoded">The stored integer.</param>
    /// <exception cref="MicroDbException">The integer is not a valid encoded date and time.</exception>
    public static DateTime DecodeDateTime(long encoded)
    {
        var ticks = encoded & TicksMask;
        var kind = (DateTimeKind)((ulong)encoded >> KindShift);
        if (ticks > DateTime.MaxValue.Ticks || (int)kind > 2)
        {
            throw new MicroDbException($"The stored integer {encoded} is not a valid MicroDb DateTime value.");
        }

        return new DateTime(ticks, kind);
    }

    /// <summary>
    /// Parses DateTime text as sqlite-net reads it: exactly in the format's DateTimeStringFormat (keeping the kind for
    /// the round-trip formats "o" and "r", as sqlite-net does), else as any invariant date and time. sqlite-net's own
    /// fallback uses the current culture and converts a zone to local time; this one is culture- and zone-independent.
    /// </summary>
    /// <param name="text">The stored text.</param>
    /// <param name="format">A sqlite-net format.</param>
    /// <param name="value">The value read.</param>
    public static bool TryParseSqliteNetDateTime(string text, StorageFormat format, out DateTime value)
    {
        var pattern = format.DateTimeStringFormat;
        var styles = IsRoundTripFormat(pattern) ? DateTimeStyles.RoundtripKind : DateTimeStyles.None;
        return DateTime.TryParseExact(text, pattern, CultureInfo.InvariantCulture, styles, out value)
            || DateTime.TryParse(text, CultureInfo.InvariantCulture, DateTimeStyles.RoundtripKind, out value);
    }

    /// <summary>True for the standard formats "o" and "r" (either case), whose text says its own kind.</summary>
    /// <param name="pattern">A DateTime format string.</param>
    public static bool IsRoundTripFormat(string pattern) =>
        pattern.Equals("o", StringComparison.OrdinalIgnoreCase) || pattern.Equals("r", StringComparison.OrdinalIgnoreCase);

    /// <summary>Formats a decimal exactly as MicroDb stores it (invariant text, scale kept).</summary>
    /// <param name="value">The value.</param>
    public static string FormatDecimal(decimal value) => value.ToString(CultureInfo.InvariantCulture);

    /// <summary>Formats a GUID as MicroDb stores it.</summary>
    /// <param name="value">The value.</param>
    public static string FormatGuid(Guid value) => value.ToString("D");

    /// <summary>Formats a <see cref="DateTimeOffset"/> as MicroDb stores it.</summary>
    /// <param name="value">The value.</param>
    public static string FormatDateTimeOffset(DateTimeOffset value) => value.ToString("O", CultureInfo.InvariantCulture);

    /// <summary>Formats a <see cref="DateTime"/> as MicroDb stores it in a <c>[StoreAsText]</c> column.</summary>
    /// <param name="value">The value.</param>
    public static string FormatDateTimeText(DateTime value) => value.ToString("O", CultureInfo.InvariantCulture);

#if NET
    /// <summary>Formats a <see cref="DateOnly"/> as MicroDb stores it.</summary>
    /// <param name="value">The value.</param>
    public static string FormatDateOnly(DateOnly value) => value.ToString("yyyy-MM-dd", CultureInfo.InvariantCulture);
#endif

    /// <summary>The integer an enum value is stored as (its underlying value; unsigned 64-bit by bit pattern).</summary>
    /// <param name="value">The boxed enum value.</param>
    public static long EnumToInt64(Enum value) => value.GetTypeCode() switch
    {
        TypeCode.UInt64 => unchecked((long)Convert.ToUInt64(value, CultureInfo.InvariantCulture)),
        _ => Convert.ToInt64(value, CultureInfo.InvariantCulture),
    };

    /// <summary>
    /// Converts a value to what it is stored as, for comparing in SQL (LINQ constants, query arguments):
    /// the same conversion the typed binders apply. Returns the value itself for types SQLite takes directly.
    /// </summary>
    /// <param name="value">The value.</param>
    /// <param name="asText">True for a <c>[StoreAsText]</c> column (enums by name, DateTime as ISO text).</param>
    public static object? ToStorage(object? value, bool asText = false) => ToStorage(value, asText, StorageFormat.MicroDb);

    /// <summary>
    /// Converts a value to what <paramref name="format"/> stores it as: <see cref="ToStorage(object?, bool)"/> for MicroDb's
    /// format; under sqlite-net's, DateTime as plain ticks or its text, DateTimeOffset as UtcTicks, decimal as a double and
    /// TimeSpan as ticks or "c" text (the typed binders' sqlite-net encodings).
    /// </summary>
    /// <param name="value">The value.</param>
    /// <param name="asText">True for a <c>[StoreAsText]</c> column.</param>
    /// <param name="format">The connection's storage format.</param>
    public static object? ToStorage(object? value, bool asText, StorageFormat format)
    {
        if (format.Kind == StorageFormatKind.SqliteNet)
        {
            switch (value)
            {
                case decimal m: return (double)m;
                case DateTime dt: return format.StoreDateTimeAsTicks ? dt.Ticks : dt.ToString(format.DateTimeStringFormat, CultureInfo.InvariantCulture);
                case DateTimeOffset dto: return dto.UtcTicks;
                case TimeSpan ts: return format.StoreTimeSpanAsTicks ? ts.Ticks : ts.ToString("c", CultureInfo.InvariantCulture);
                case Uri u: return u.ToString();
            }
        }

        return ToMicroDbStorage(value, asText);
    }

    private static object? ToMicroDbStorage(object? value, bool asText) => value switch
    {
        null => null,
        bool b => b ? 1L : 0L,
        decimal m => FormatDecimal(m),
        Guid g => FormatGuid(g),
        DateTime dt => asText ? FormatDateTimeText(dt) : EncodeDateTime(dt),
        DateTimeOffset dto => FormatDateTimeOffset(dto),
        TimeSpan ts => ts.Ticks,
#if NET
        DateOnly d => FormatDateOnly(d),
        TimeOnly t => t.Ticks,
#endif
        char c => (long)c,
        ulong ul => unchecked((long)ul),
        Enum e => asText ? e.ToString() : EnumToInt64(e),
        Uri u => u.OriginalString,
        System.Text.StringBuilder sb => sb.ToString(),
        _ => value,
    };
}
