using MicroDb.Mapping;
using Npgsql;
using NpgsqlTypes;

namespace MicroDb.Npgsql;

/// <summary>
/// Npgsql parameters outside an entity's columns (an entity's go through <see cref="TypedParameterWriter"/>): ad-hoc
/// arguments, in the encoding of <see cref="PostgresDialect.SqlType"/>, and the parameter type of a column kind.
/// </summary>
internal static class PostgresValues
{
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

    /// <summary>The parameter type of a column of this kind (for NULL values).</summary>
    public static NpgsqlDbType DbType(ColumnKind kind) => kind switch
    {
        ColumnKind.Boolean => NpgsqlDbType.Boolean,
        ColumnKind.Byte or ColumnKind.SByte or ColumnKind.Int16 => NpgsqlDbType.Smallint,
        ColumnKind.UInt16 or ColumnKind.Int32 or ColumnKind.Char => NpgsqlDbType.Integer,
        ColumnKind.UInt32 or ColumnKind.Int64 or ColumnKind.Enum => NpgsqlDbType.Bigint,
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
