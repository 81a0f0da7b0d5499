using System.Globalization;
using MicroDb.Mapping;
using MicroDb.Native;

namespace MicroDb.Migrations;

/// <summary>
/// Re-encodes a stored value from one column kind to another: read with the old kind's typed reader, converted as a
/// .NET value (numbers checked for range and fractions, text parsed invariantly, dates between their types), and
/// encoded as the connection's storage format stores the new kind. A value that does not convert throws.
/// </summary>
internal static class KindConversion
{
    /// <summary>The value as <paramref name="to"/> stores it under <paramref name="format"/>.</summary>
    /// <exception cref="FormatException">Text that does not parse as the new kind.</exception>
    /// <exception cref="OverflowException">A number outside the new kind's range, or with a fraction for an integer kind.</exception>
    /// <exception cref="InvalidCastException">No conversion between the two kinds.</exception>
    public static object? Store(object value, ColumnKind to, StorageFormat format) =>
        ValueEncoding.ToStorage(Convert(value, ClrType(to)), to is ColumnKind.DateTimeText or ColumnKind.EnumText, format);

    private static object Convert(object value, Type target)
    {
        var invariant = CultureInfo.InvariantCulture;
        if (value.GetType() == target)
        {
            return value;
        }

        if (target == typeof(string))
        {
            return value switch
            {
                DateTime dt => ValueEncoding.FormatDateTimeText(dt),
                DateTimeOffset dto => ValueEncoding.FormatDateTimeOffset(dto),
                Guid g => ValueEncoding.FormatGuid(g),
#if NET
                DateOnly d => ValueEncoding.FormatDateOnly(d),
                TimeOnly t => t.ToString("HH:mm:ss.fffffff", invariant),
#endif
                TimeSpan ts => ts.ToString("c", invariant),
                Uri uri => uri.OriginalString,
                bool b => b ? bool.TrueString : bool.FalseString,
                char c => c.ToString(),
                double d => d.ToString("R", invariant),
                float f => f.ToString("R", invariant),
                IFormattable formattable => formattable.ToString(null, invariant),
                _ => throw new InvalidCastException($"a {value.GetType().Name} has no text form"),
            };
        }

        if (value is string text)
        {
            return target switch
            {
                _ when target == typeof(Guid) => Guid.Parse(text),
                _ when target == typeof(DateTime) => DateTime.Parse(text, invariant, DateTimeStyles.RoundtripKind),
                _ when target == typeof(DateTimeOffset) => DateTimeOffset.Parse(text, invariant, DateTimeStyles.RoundtripKind),
#if NET
                _ when target == typeof(DateOnly) => DateOnly.Parse(text, invariant),
                _ when target == typeof(TimeOnly) => TimeOnly.Parse(text, invariant),
#endif
                _ when target == typeof(TimeSpan) => TimeSpan.Parse(text, invariant),
                _ when target == typeof(Uri) => Uri.TryCreate(text, UriKind.RelativeOrAbsolute, out var uri) ? uri : throw new FormatException($"'{text}' is not a URI"),
                _ when target == typeof(byte[]) => throw new InvalidCastException("text is not converted to a blob"),
                _ => Number(text.Trim(), target),
            };
        }

        return (value, target) switch
        {
            (DateTime dt, _) when target == typeof(DateTimeOffset) => dt.Kind == DateTimeKind.Unspecified ? new DateTimeOffset(dt, TimeSpan.Zero) : new DateTimeOffset(dt),
#if NET
            (DateTime dt, _) when target == typeof(DateOnly) => DateOnly.FromDateTime(dt),
#endif
            (DateTimeOffset dto, _) when target == typeof(DateTime) => dto.UtcDateTime,
#if NET
            (DateOnly d, _) when target == typeof(DateTime) => d.ToDateTime(TimeOnly.MinValue),
            (TimeSpan ts, _) when target == typeof(TimeOnly) => TimeOnly.FromTimeSpan(ts),
            (TimeOnly t, _) when target == typeof(TimeSpan) => t.ToTimeSpan(),
#endif
            (Guid g, _) when target == typeof(byte[]) => g.ToByteArray(),
            (byte[] { Length: 16 } b, _) when target == typeof(Guid) => new Guid(b),
            (float or double or decimal, _) when IsInteger(target) && System.Convert.ToDecimal(value, invariant) % 1 != 0 =>
                throw new OverflowException($"{System.Convert.ToString(value, invariant)} has a fraction"),
            (IConvertible, _) when target.IsPrimitive || target == typeof(decimal) => System.Convert.ChangeType(value, target, invariant),
            _ => throw new InvalidCastException($"a {value.GetType().Name} does not convert to {target.Name}"),
        };
    }

    private static object Number(string text, Type target)
    {
        if (target == typeof(bool))
        {
            return text.Equals("true", StringComparison.OrdinalIgnoreCase) || (!text.Equals("false", StringComparison.OrdinalIgnoreCase)
                && decimal.Parse(text, NumberStyles.Float, CultureInfo.InvariantCulture) != 0);
        }

        if (target == typeof(char))
        {
            return text.Length == 1 ? text[0] : throw new FormatException($"'{text}' is not one character");
        }

        return target == typeof(double) || target == typeof(float)
            ? System.Convert.ChangeType(double.Parse(text, NumberStyles.Float, CultureInfo.InvariantCulture), target, CultureInfo.InvariantCulture)
            : Convert(decimal.Parse(text, NumberStyles.Float, CultureInfo.InvariantCulture), target);
    }

    private static bool IsInteger(Type type) =>
        type == typeof(byte) || type == typeof(sbyte) || type == typeof(short) || type == typeof(ushort) || type == typeof(int)
        || type == typeof(uint) || type == typeof(long) || type == typeof(ulong) || type == typeof(char);

    // The .NET value a kind's stored form converts through: an integer enum as its number, text kinds as text.
    private static Type ClrType(ColumnKind kind) => kind switch
    {
        ColumnKind.Enum => typeof(long),
        ColumnKind.EnumText or ColumnKind.StringBuilder => typeof(string),
        _ => ColumnKindTypes.MemberType(kind) is var type && type != typeof(object) ? type : typeof(string),
    };
}
