using System.Globalization;
using MicroDb.Mapping;
using MicroDb.Native;

namespace MicroDb.Query;

// Values: every constant or captured value is appended to the arguments and written as '?', encoded the way the column
// it is compared with stores it (enums as numbers or names, decimals as numbers, bools as 0/1).
internal sealed partial class SqlTranslator
{
    private void WriteValue(object? value, ColumnMapping? column, Type? memberType)
    {
        _sql.Append('?');
        _recording?.LinkArgument(_args.Count, value, column, memberType);
        _args.Add(Encode(value, column, memberType, _format));
    }

    /// <summary>Encodes a value as the column it is compared with stores it (<see cref="ValueEncoding.ToStorage(object?, bool, StorageFormat)"/>).</summary>
    private static object? Encode(object? value, ColumnMapping? column, Type? memberType, StorageFormat format)
    {
        if (value is null)
        {
            return null;
        }

        if (column is not null)
        {
            var type = memberType is null ? null : Underlying(memberType);
            switch (column.Kind)
            {
                case ColumnKind.Enum:
                    return value is Enum e ? ValueEncoding.EnumToInt64(e) : ToInt64(value);
                case ColumnKind.EnumText:
                    if (value is Enum named)
                    {
                        return named.ToString();
                    }

                    // C# compares an enum member as its underlying integer; turn that back into the stored name.
                    return type is { IsEnum: true } ? Enum.ToObject(type, ToInt64(value)).ToString() : value.ToString();
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
