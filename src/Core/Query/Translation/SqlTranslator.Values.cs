using System.Globalization;
using MicroDb.Mapping;
using MicroDb.Native;
using MicroDb.Query.Model;

namespace MicroDb.Query;

// Values: every constant or captured value becomes a parameter slot (written '?'), encoded the way the column
// it is compared with stores it (enums as numbers or names, decimals as numbers, bools as 0/1).
internal sealed partial class SqlTranslator
{
    /// <summary>A slot for a closed value, encoded as <paramref name="column"/> stores it (linked to its site for the cache).</summary>
    private SqlParameter Value(object? value, ColumnMapping? column, Type? memberType)
    {
        var site = _recording?.SiteOf(value) ?? -1;
        return AddSlot(new ParameterSlot(Encode(value, column, memberType, _format), site, column, memberType), column?.Kind);
    }

    /// <summary>A slot for a value computed by the translator (a key, a pattern, a range bound): already in stored form.</summary>
    private SqlParameter Parameter(object? stored) => AddSlot(new ParameterSlot(stored, -1, null, null), null);

    private SqlParameter AddSlot(ParameterSlot slot, ColumnKind? kind)
    {
        _slots.Add(slot);
        return new SqlParameter(_slots.Count - 1, kind);
    }

    /// <summary>
    /// One parameter slot: the value bound, and for a value read from the tree the site it came from (and for an element
    /// of a sequence site, its index) and the inputs of its encoding (so the cache can read and encode it again on a hit).
    /// </summary>
    internal readonly record struct ParameterSlot(object? Value, int Site, ColumnMapping? Column, Type? MemberType, int Element = -1);

    /// <summary>An enum value as a column storing names holds it (C# compares an enum member as its underlying integer: turned back into the name).</summary>
    private static string? EnumName(object value, Type? memberType)
    {
        if (value is Enum named)
        {
            return named.ToString();
        }

        var type = memberType is null ? null : Underlying(memberType);
        return type is { IsEnum: true } ? Enum.ToObject(type, ToInt64(value)).ToString() : value.ToString();
    }

    /// <summary>Encodes a value as the column it is compared with stores it (<see cref="ValueEncoding.ToStorage(object?, bool, StorageFormat)"/>).</summary>
    internal static object? Encode(object? value, ColumnMapping? column, Type? memberType, StorageFormat format)
    {
        if (value is null)
        {
            return null;
        }

        if (format.Dialect.NativeStorage)
        {
            // Each kind is stored in its own type: the value is bound as it is (the adapter converts it at its edge),
            // except an enum stored by name, which is text there too (issue 24: names cross the typed contract).
            return column?.Kind == ColumnKind.EnumText ? EnumName(value, memberType) : value;
        }

        if (column is not null)
        {
            var type = memberType is null ? null : Underlying(memberType);
            switch (column.Kind)
            {
                case ColumnKind.Enum:
                    return value is Enum e ? ValueEncoding.EnumToInt64(e) : ToInt64(value);
                case ColumnKind.EnumText:
                    return EnumName(value, memberType);
                case ColumnKind.Decimal:
                    return Convert.ToDouble(value, CultureInfo.InvariantCulture);
                case ColumnKind.Boolean:
                    return value is bool b ? (b ? 1L : 0L) : value;
            }

            var stored = ValueEncoding.ToStorage(value, column.StoreAsText, format);
            return stored is string || value is not decimal ? stored : Convert.ToDouble(value, CultureInfo.InvariantCulture);
        }

        // Outside a column comparison decimals take part in arithmetic, where SQLite needs a number.
        return value is decimal m ? (double)m : ValueEncoding.ToStorage(value, false, format);
    }

    private static long ToInt64(object value) => value switch
    {
        ulong ul => unchecked((long)ul),
        Enum e => ValueEncoding.EnumToInt64(e),
        _ => Convert.ToInt64(value, CultureInfo.InvariantCulture),
    };
}
