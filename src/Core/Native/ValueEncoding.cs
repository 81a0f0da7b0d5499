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

    /// <summary>Formats a <see cref="DateOnly"/> as MicroDb stores it.</summary>
    /// <param name="value">The value.</param>
    public static string FormatDateOnly(DateOnly value) => value.ToString("yyyy-MM-dd", CultureInfo.InvariantCulture);

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
    public static object? ToStorage(object? value, bool asText = false) => value switch
    {
        null => null,
        bool b => b ? 1L : 0L,
        decimal m => FormatDecimal(m),
        Guid g => FormatGuid(g),
        DateTime dt => asText ? FormatDateTimeText(dt) : EncodeDateTime(dt),
        DateTimeOffset dto => FormatDateTimeOffset(dto),
        TimeSpan ts => ts.Ticks,
        DateOnly d => FormatDateOnly(d),
        TimeOnly t => t.Ticks,
        char c => (long)c,
        ulong ul => unchecked((long)ul),
        Enum e => asText ? e.ToString() : EnumToInt64(e),
        _ => value,
    };
}
