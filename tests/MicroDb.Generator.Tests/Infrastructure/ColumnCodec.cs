using MicroDb.Mapping;
using MicroDb.Native;

namespace MicroDb.Generator.Tests.Infrastructure;

/// <summary>
/// The "other path" for serialization: writes a boxed member value with BinaryCodec, chosen by the column's kind.
/// Generated Serialize must produce the same bytes as this applied to every column in order.
/// </summary>
internal static class ColumnCodec
{
    public static byte[] SerializeByColumns(IEntityMap map, object entity)
    {
        using var stream = new MemoryStream();
        using (var writer = new BinaryWriter(stream))
        {
            foreach (var column in map.Table.Columns)
            {
                Write(writer, column, map.GetValue(entity, column.Ordinal));
            }
        }

        return stream.ToArray();
    }

    private static void Write(BinaryWriter w, ColumnMapping c, object? v)
    {
        var nullable = c.IsNullable;
        switch (c.Kind)
        {
            case ColumnKind.Boolean: if (nullable) BinaryCodec.Write(w, (bool?)v); else BinaryCodec.Write(w, (bool)v!); break;
            case ColumnKind.Byte: if (nullable) BinaryCodec.Write(w, (byte?)v); else BinaryCodec.Write(w, (byte)v!); break;
            case ColumnKind.SByte: if (nullable) BinaryCodec.Write(w, (sbyte?)v); else BinaryCodec.Write(w, (sbyte)v!); break;
            case ColumnKind.Int16: if (nullable) BinaryCodec.Write(w, (short?)v); else BinaryCodec.Write(w, (short)v!); break;
            case ColumnKind.UInt16: if (nullable) BinaryCodec.Write(w, (ushort?)v); else BinaryCodec.Write(w, (ushort)v!); break;
            case ColumnKind.Int32: if (nullable) BinaryCodec.Write(w, (int?)v); else BinaryCodec.Write(w, (int)v!); break;
            case ColumnKind.UInt32: if (nullable) BinaryCodec.Write(w, (uint?)v); else BinaryCodec.Write(w, (uint)v!); break;
            case ColumnKind.Int64: if (nullable) BinaryCodec.Write(w, (long?)v); else BinaryCodec.Write(w, (long)v!); break;
            case ColumnKind.UInt64: if (nullable) BinaryCodec.Write(w, (ulong?)v); else BinaryCodec.Write(w, (ulong)v!); break;
            case ColumnKind.Single: if (nullable) BinaryCodec.Write(w, (float?)v); else BinaryCodec.Write(w, (float)v!); break;
            case ColumnKind.Double: if (nullable) BinaryCodec.Write(w, (double?)v); else BinaryCodec.Write(w, (double)v!); break;
            case ColumnKind.Decimal: if (nullable) BinaryCodec.Write(w, (decimal?)v); else BinaryCodec.Write(w, (decimal)v!); break;
            case ColumnKind.Char: if (nullable) BinaryCodec.Write(w, (char?)v); else BinaryCodec.Write(w, (char)v!); break;
            case ColumnKind.String: BinaryCodec.Write(w, (string?)v); break;
            case ColumnKind.Blob: BinaryCodec.Write(w, (byte[]?)v); break;
            case ColumnKind.Guid: if (nullable) BinaryCodec.Write(w, (Guid?)v); else BinaryCodec.Write(w, (Guid)v!); break;
            case ColumnKind.DateTime or ColumnKind.DateTimeText: if (nullable) BinaryCodec.Write(w, (DateTime?)v); else BinaryCodec.Write(w, (DateTime)v!); break;
            case ColumnKind.DateTimeOffset: if (nullable) BinaryCodec.Write(w, (DateTimeOffset?)v); else BinaryCodec.Write(w, (DateTimeOffset)v!); break;
            case ColumnKind.TimeSpan: if (nullable) BinaryCodec.Write(w, (TimeSpan?)v); else BinaryCodec.Write(w, (TimeSpan)v!); break;
            case ColumnKind.DateOnly: if (nullable) BinaryCodec.Write(w, (DateOnly?)v); else BinaryCodec.Write(w, (DateOnly)v!); break;
            case ColumnKind.TimeOnly: if (nullable) BinaryCodec.Write(w, (TimeOnly?)v); else BinaryCodec.Write(w, (TimeOnly)v!); break;
            case ColumnKind.Enum or ColumnKind.EnumText:
                // Enums travel as their 64-bit underlying value (bit pattern for ulong), with a presence byte when nullable.
                long? number = v is null ? null : ValueEncoding.EnumToInt64((Enum)v);
                if (nullable) BinaryCodec.Write(w, number); else BinaryCodec.Write(w, number!.Value);
                break;
            default: throw new NotSupportedException(c.Kind.ToString());
        }
    }
}
