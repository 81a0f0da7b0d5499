using MicroDb.Mapping;
using Npgsql;
using NpgsqlTypes;

namespace MicroDb.Npgsql;

/// <summary>
/// Moves one column's value between MicroDb's binary format (what a map's <c>Serialize</c> writes and <c>Deserialize</c>
/// reads, <see cref="BinaryCodec"/>) and Npgsql: a typed <see cref="NpgsqlParameter{T}"/> on the way in, a typed
/// <see cref="NpgsqlDataReader.GetFieldValue{T}"/> on the way out, each in the encoding of
/// <see cref="PostgresDialect.SqlType"/>. No value is boxed; the entity is reached only through its map.
/// </summary>
internal static class PostgresValues
{
    /// <summary>True when the binary format writes a presence byte before this column's value.</summary>
    public static bool HasPresence(ColumnMapping column) => column.IsNullable
        || column.Kind is ColumnKind.String or ColumnKind.Blob or ColumnKind.Uri or ColumnKind.StringBuilder;

    /// <summary>Reads the next serialized member of <paramref name="column"/> and returns it as a typed parameter.</summary>
    public static NpgsqlParameter ReadParameter(BinaryReader r, ColumnMapping column)
    {
        var kind = column.Kind;
        if (HasPresence(column) && !r.ReadBoolean())
        {
            return new NpgsqlParameter { Value = DBNull.Value, NpgsqlDbType = DbType(kind) };
        }

        return kind switch
        {
            ColumnKind.Boolean => Typed(r.ReadBoolean(), NpgsqlDbType.Boolean),
            ColumnKind.Byte => Typed((short)r.ReadByte(), NpgsqlDbType.Smallint),
            ColumnKind.SByte => Typed((short)r.ReadSByte(), NpgsqlDbType.Smallint),
            ColumnKind.Int16 => Typed(r.ReadInt16(), NpgsqlDbType.Smallint),
            ColumnKind.UInt16 => Typed((int)r.ReadUInt16(), NpgsqlDbType.Integer),
            ColumnKind.Int32 => Typed(r.ReadInt32(), NpgsqlDbType.Integer),
            ColumnKind.UInt32 => Typed((long)r.ReadUInt32(), NpgsqlDbType.Bigint),
            ColumnKind.Int64 or ColumnKind.Enum or ColumnKind.EnumText => Typed(r.ReadInt64(), NpgsqlDbType.Bigint),
            ColumnKind.UInt64 => Typed((decimal)r.ReadUInt64(), NpgsqlDbType.Numeric),
            ColumnKind.Single => Typed(r.ReadSingle(), NpgsqlDbType.Real),
            ColumnKind.Double => Typed(r.ReadDouble(), NpgsqlDbType.Double),
            ColumnKind.Decimal => Typed(r.ReadDecimal(), NpgsqlDbType.Numeric),
            ColumnKind.Char => Typed((int)BinaryCodec.ReadChar(r), NpgsqlDbType.Integer),
            ColumnKind.String or ColumnKind.Uri or ColumnKind.StringBuilder => Typed(r.ReadString(), NpgsqlDbType.Text),
            ColumnKind.Blob => Typed(ReadBlobBody(r), NpgsqlDbType.Bytea),
            ColumnKind.Guid => Typed(BinaryCodec.ReadGuid(r), NpgsqlDbType.Uuid),
            ColumnKind.DateTime or ColumnKind.DateTimeText =>
                Typed(DateTime.SpecifyKind(BinaryCodec.ReadDateTime(r), DateTimeKind.Unspecified), NpgsqlDbType.Timestamp),
            ColumnKind.DateTimeOffset => Typed(BinaryCodec.ReadDateTimeOffset(r).ToUniversalTime(), NpgsqlDbType.TimestampTz),
            ColumnKind.TimeSpan => Typed(BinaryCodec.ReadTimeSpan(r), NpgsqlDbType.Interval),
            ColumnKind.DateOnly => Typed(BinaryCodec.ReadDateOnly(r), NpgsqlDbType.Date),
            ColumnKind.TimeOnly => Typed(BinaryCodec.ReadTimeOnly(r), NpgsqlDbType.Time),
            _ => throw new MicroDbMappingException($"Column '{column.Name}' has kind {kind}, which MicroDb.Npgsql cannot bind."),
        };
    }

    /// <summary>
    /// Reads column <paramref name="ordinal"/> of the current row (or, for -1, nothing: the member's default) and writes
    /// it in the binary format of <paramref name="column"/>. NULL in a member that cannot hold it writes the type's default.
    /// </summary>
    public static void WriteValue(BinaryWriter w, NpgsqlDataReader reader, int ordinal, ColumnMapping column)
    {
        var isNull = ordinal < 0 || reader.IsDBNull(ordinal);
        if (HasPresence(column))
        {
            w.Write(!isNull);
            if (isNull)
            {
                return;
            }
        }

        switch (column.Kind)
        {
            case ColumnKind.Boolean: w.Write(!isNull && reader.GetFieldValue<bool>(ordinal)); break;
            case ColumnKind.Byte: w.Write(isNull ? (byte)0 : checked((byte)reader.GetFieldValue<short>(ordinal))); break;
            case ColumnKind.SByte: w.Write(isNull ? (sbyte)0 : checked((sbyte)reader.GetFieldValue<short>(ordinal))); break;
            case ColumnKind.Int16: w.Write(isNull ? (short)0 : reader.GetFieldValue<short>(ordinal)); break;
            case ColumnKind.UInt16: w.Write(isNull ? (ushort)0 : checked((ushort)reader.GetFieldValue<int>(ordinal))); break;
            case ColumnKind.Int32: w.Write(isNull ? 0 : reader.GetFieldValue<int>(ordinal)); break;
            case ColumnKind.UInt32: w.Write(isNull ? 0u : checked((uint)reader.GetFieldValue<long>(ordinal))); break;
            case ColumnKind.Int64 or ColumnKind.Enum or ColumnKind.EnumText: w.Write(isNull ? 0L : reader.GetFieldValue<long>(ordinal)); break;
            case ColumnKind.UInt64: w.Write(isNull ? 0UL : checked((ulong)reader.GetFieldValue<decimal>(ordinal))); break;
            case ColumnKind.Single: w.Write(isNull ? 0f : reader.GetFieldValue<float>(ordinal)); break;
            case ColumnKind.Double: w.Write(isNull ? 0d : reader.GetFieldValue<double>(ordinal)); break;
            case ColumnKind.Decimal: w.Write(isNull ? 0m : reader.GetFieldValue<decimal>(ordinal)); break;
            case ColumnKind.Char: BinaryCodec.Write(w, isNull ? '\0' : checked((char)reader.GetFieldValue<int>(ordinal))); break;
            case ColumnKind.String or ColumnKind.Uri or ColumnKind.StringBuilder: w.Write(reader.GetFieldValue<string>(ordinal)); break;
            case ColumnKind.Blob:
                var bytes = reader.GetFieldValue<byte[]>(ordinal);
                w.Write(bytes.Length);
                w.Write(bytes);
                break;
            case ColumnKind.Guid: BinaryCodec.Write(w, isNull ? Guid.Empty : reader.GetFieldValue<Guid>(ordinal)); break;
            case ColumnKind.DateTime or ColumnKind.DateTimeText: BinaryCodec.Write(w, isNull ? default : reader.GetFieldValue<DateTime>(ordinal)); break;
            case ColumnKind.DateTimeOffset: BinaryCodec.Write(w, isNull ? default : reader.GetFieldValue<DateTimeOffset>(ordinal)); break;
            case ColumnKind.TimeSpan: BinaryCodec.Write(w, isNull ? default : reader.GetFieldValue<TimeSpan>(ordinal)); break;
            case ColumnKind.DateOnly: BinaryCodec.Write(w, isNull ? default : reader.GetFieldValue<DateOnly>(ordinal)); break;
            case ColumnKind.TimeOnly: BinaryCodec.Write(w, isNull ? default : reader.GetFieldValue<TimeOnly>(ordinal)); break;
            default: throw new MicroDbMappingException($"Column '{column.Name}' has kind {column.Kind}, which MicroDb.Npgsql cannot read.");
        }
    }

    /// <summary>
    /// An ad-hoc argument (<c>Query</c>, <c>Execute</c>, a key for <c>Find</c>) as a parameter, converted to the encoding
    /// a column of its type has (unsigned integers widened, <see cref="char"/> as its code unit, enums as their value,
    /// <see cref="DateTime"/> as a wall-clock timestamp, <see cref="DateTimeOffset"/> in UTC).
    /// </summary>
    public static NpgsqlParameter Argument(object? value) => value switch
    {
        null => new NpgsqlParameter { Value = DBNull.Value },
        byte v => Typed((short)v, NpgsqlDbType.Smallint),
        sbyte v => Typed((short)v, NpgsqlDbType.Smallint),
        ushort v => Typed((int)v, NpgsqlDbType.Integer),
        uint v => Typed((long)v, NpgsqlDbType.Bigint),
        ulong v => Typed((decimal)v, NpgsqlDbType.Numeric),
        char v => Typed((int)v, NpgsqlDbType.Integer),
        Enum v => Typed(Convert.ToInt64(v, System.Globalization.CultureInfo.InvariantCulture), NpgsqlDbType.Bigint),
        DateTime v => Typed(DateTime.SpecifyKind(v, DateTimeKind.Unspecified), NpgsqlDbType.Timestamp),
        DateTimeOffset v => Typed(v.ToUniversalTime(), NpgsqlDbType.TimestampTz),
        Uri v => Typed(v.OriginalString, NpgsqlDbType.Text),
        System.Text.StringBuilder v => Typed(v.ToString(), NpgsqlDbType.Text),
        _ => new NpgsqlParameter { Value = value },
    };

    private static NpgsqlParameter<TValue> Typed<TValue>(TValue value, NpgsqlDbType type) => new() { TypedValue = value, NpgsqlDbType = type };

    private static byte[] ReadBlobBody(BinaryReader r)
    {
        var length = r.ReadInt32();
        return r.ReadBytes(length);
    }

    /// <summary>The parameter type of a column of this kind (for NULL values).</summary>
    public static NpgsqlDbType DbType(ColumnKind kind) => kind switch
    {
        ColumnKind.Boolean => NpgsqlDbType.Boolean,
        ColumnKind.Byte or ColumnKind.SByte or ColumnKind.Int16 => NpgsqlDbType.Smallint,
        ColumnKind.UInt16 or ColumnKind.Int32 or ColumnKind.Char => NpgsqlDbType.Integer,
        ColumnKind.UInt32 or ColumnKind.Int64 or ColumnKind.Enum or ColumnKind.EnumText => NpgsqlDbType.Bigint,
        ColumnKind.UInt64 or ColumnKind.Decimal => NpgsqlDbType.Numeric,
        ColumnKind.Single => NpgsqlDbType.Real,
        ColumnKind.Double => NpgsqlDbType.Double,
        ColumnKind.Blob => NpgsqlDbType.Bytea,
        ColumnKind.Guid => NpgsqlDbType.Uuid,
        ColumnKind.DateTime or ColumnKind.DateTimeText => NpgsqlDbType.Timestamp,
        ColumnKind.DateTimeOffset => NpgsqlDbType.TimestampTz,
        ColumnKind.TimeSpan => NpgsqlDbType.Interval,
        ColumnKind.DateOnly => NpgsqlDbType.Date,
        ColumnKind.TimeOnly => NpgsqlDbType.Time,
        _ => NpgsqlDbType.Text,
    };
}
