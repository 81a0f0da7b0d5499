using System.Runtime.CompilerServices;
using MicroDb.Mapping;
using Npgsql;
using NpgsqlTypes;

namespace MicroDb.Npgsql;

/// <summary>
/// The Npgsql side of <see cref="IColumnValueWriter"/>: each column's value becomes a typed
/// <see cref="NpgsqlParameter{T}"/> in the encoding of <see cref="PostgresDialect.SqlType"/>. The type tests below are on
/// the value type only, so for a value type the JIT (and NativeAOT) keeps the one branch that applies and
/// <see cref="Unsafe.As{TFrom, TTo}(ref TFrom)"/> reinterprets without boxing.
/// </summary>
internal struct TypedParameterWriter(IReadOnlyList<ColumnMapping> columns, NpgsqlParameter[] values) : IColumnValueWriter
{
    public readonly void Write<TValue>(int columnIndex, TValue value) => values[columnIndex] = Parameter(columns[columnIndex], value);

    private static NpgsqlParameter Parameter<TValue>(ColumnMapping column, TValue value)
    {
        if (value is null)
        {
            return new NpgsqlParameter { Value = DBNull.Value, NpgsqlDbType = PostgresValues.DbType(column.Kind) };
        }

        // Widened and converted encodings (docs/postgresql.md, "Column types"); nullable members arrive as T? and are unwrapped.
        if (typeof(TValue) == typeof(byte)) return Typed((short)As<TValue, byte>(value), NpgsqlDbType.Smallint);
        if (typeof(TValue) == typeof(byte?)) return Typed((short)As<TValue, byte?>(value)!.Value, NpgsqlDbType.Smallint);
        if (typeof(TValue) == typeof(sbyte)) return Typed((short)As<TValue, sbyte>(value), NpgsqlDbType.Smallint);
        if (typeof(TValue) == typeof(sbyte?)) return Typed((short)As<TValue, sbyte?>(value)!.Value, NpgsqlDbType.Smallint);
        if (typeof(TValue) == typeof(ushort)) return Typed((int)As<TValue, ushort>(value), NpgsqlDbType.Integer);
        if (typeof(TValue) == typeof(ushort?)) return Typed((int)As<TValue, ushort?>(value)!.Value, NpgsqlDbType.Integer);
        if (typeof(TValue) == typeof(uint)) return Typed((long)As<TValue, uint>(value), NpgsqlDbType.Bigint);
        if (typeof(TValue) == typeof(uint?)) return Typed((long)As<TValue, uint?>(value)!.Value, NpgsqlDbType.Bigint);
        if (typeof(TValue) == typeof(ulong)) return Typed((decimal)As<TValue, ulong>(value), NpgsqlDbType.Numeric);
        if (typeof(TValue) == typeof(ulong?)) return Typed((decimal)As<TValue, ulong?>(value)!.Value, NpgsqlDbType.Numeric);
        if (typeof(TValue) == typeof(char)) return Typed((int)As<TValue, char>(value), NpgsqlDbType.Integer);
        if (typeof(TValue) == typeof(char?)) return Typed((int)As<TValue, char?>(value)!.Value, NpgsqlDbType.Integer);
        if (typeof(TValue) == typeof(DateTime)) return Typed(DateTime.SpecifyKind(As<TValue, DateTime>(value), DateTimeKind.Unspecified), NpgsqlDbType.Timestamp);
        if (typeof(TValue) == typeof(DateTime?)) return Typed(DateTime.SpecifyKind(As<TValue, DateTime?>(value)!.Value, DateTimeKind.Unspecified), NpgsqlDbType.Timestamp);
        if (typeof(TValue) == typeof(DateTimeOffset)) return Typed(As<TValue, DateTimeOffset>(value).ToUniversalTime(), NpgsqlDbType.TimestampTz);
        if (typeof(TValue) == typeof(DateTimeOffset?)) return Typed(As<TValue, DateTimeOffset?>(value)!.Value.ToUniversalTime(), NpgsqlDbType.TimestampTz);
        if (value is Uri uri) return Typed(uri.OriginalString, NpgsqlDbType.Text);
        if (value is System.Text.StringBuilder text) return Typed(text.ToString(), NpgsqlDbType.Text);

        // Stored as they are: bool, short, int, long, float, double, decimal, Guid, TimeSpan, DateOnly, TimeOnly, string, byte[]
        // (and their nullable forms, unwrapped so Npgsql sees the plain type).
        if (typeof(TValue) == typeof(bool?)) return Typed(As<TValue, bool?>(value)!.Value, NpgsqlDbType.Boolean);
        if (typeof(TValue) == typeof(short?)) return Typed(As<TValue, short?>(value)!.Value, NpgsqlDbType.Smallint);
        if (typeof(TValue) == typeof(int?)) return Typed(As<TValue, int?>(value)!.Value, NpgsqlDbType.Integer);
        if (typeof(TValue) == typeof(long?)) return Typed(As<TValue, long?>(value)!.Value, NpgsqlDbType.Bigint);
        if (typeof(TValue) == typeof(float?)) return Typed(As<TValue, float?>(value)!.Value, NpgsqlDbType.Real);
        if (typeof(TValue) == typeof(double?)) return Typed(As<TValue, double?>(value)!.Value, NpgsqlDbType.Double);
        if (typeof(TValue) == typeof(decimal?)) return Typed(As<TValue, decimal?>(value)!.Value, NpgsqlDbType.Numeric);
        if (typeof(TValue) == typeof(Guid?)) return Typed(As<TValue, Guid?>(value)!.Value, NpgsqlDbType.Uuid);
        if (typeof(TValue) == typeof(TimeSpan?)) return Typed(As<TValue, TimeSpan?>(value)!.Value, NpgsqlDbType.Interval);
        if (typeof(TValue) == typeof(DateOnly?)) return Typed(As<TValue, DateOnly?>(value)!.Value, NpgsqlDbType.Date);
        if (typeof(TValue) == typeof(TimeOnly?)) return Typed(As<TValue, TimeOnly?>(value)!.Value, NpgsqlDbType.Time);
        return Typed(value, PostgresValues.DbType(column.Kind));
    }

    private static TTo As<TFrom, TTo>(TFrom value) => Unsafe.As<TFrom, TTo>(ref value);

    private static NpgsqlParameter<TStored> Typed<TStored>(TStored value, NpgsqlDbType type) => new() { TypedValue = value, NpgsqlDbType = type };
}
