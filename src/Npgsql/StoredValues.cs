using System.Runtime.CompilerServices;
using MicroDb.Mapping;
using NpgsqlTypes;

namespace MicroDb.Npgsql;

/// <summary>Receives one column's value in its stored type (what <see cref="StoredValues.Convert{TValue, TSink}"/> made of the member's value).</summary>
internal interface IStoredValueSink
{
    /// <summary>Takes the value of column <paramref name="columnIndex"/> in the type PostgreSQL stores it as.</summary>
    void Set<TStored>(int columnIndex, TStored value, NpgsqlDbType type);

    /// <summary>Takes NULL for column <paramref name="columnIndex"/>.</summary>
    void SetNull(int columnIndex, NpgsqlDbType type);
}

/// <summary>
/// The one rule from a member's value to the value PostgreSQL stores (docs/postgresql.md, "Column types"), shared by
/// the typed parameters (<see cref="TypedParameterWriter"/>) and binary COPY (<see cref="CopyRowWriter"/>). The type
/// tests are on the value type only, so for a value type the JIT (and NativeAOT) keeps the one branch that applies and
/// <see cref="Unsafe.As{TFrom, TTo}(ref TFrom)"/> reinterprets without boxing.
/// </summary>
internal static class StoredValues
{
    public static void Convert<TValue, TSink>(int index, ColumnKind kind, TValue value, ref TSink sink)
        where TSink : struct, IStoredValueSink
    {
        if (value is null)
        {
            sink.SetNull(index, PostgresValues.DbType(kind));
            return;
        }

        // Widened and converted encodings; nullable members arrive as T? and are unwrapped.
        if (typeof(TValue) == typeof(byte)) { sink.Set(index, (short)As<TValue, byte>(value), NpgsqlDbType.Smallint); return; }
        if (typeof(TValue) == typeof(byte?)) { sink.Set(index, (short)As<TValue, byte?>(value)!.Value, NpgsqlDbType.Smallint); return; }
        if (typeof(TValue) == typeof(sbyte)) { sink.Set(index, (short)As<TValue, sbyte>(value), NpgsqlDbType.Smallint); return; }
        if (typeof(TValue) == typeof(sbyte?)) { sink.Set(index, (short)As<TValue, sbyte?>(value)!.Value, NpgsqlDbType.Smallint); return; }
        if (typeof(TValue) == typeof(ushort)) { sink.Set(index, (int)As<TValue, ushort>(value), NpgsqlDbType.Integer); return; }
        if (typeof(TValue) == typeof(ushort?)) { sink.Set(index, (int)As<TValue, ushort?>(value)!.Value, NpgsqlDbType.Integer); return; }
        if (typeof(TValue) == typeof(uint)) { sink.Set(index, (long)As<TValue, uint>(value), NpgsqlDbType.Bigint); return; }
        if (typeof(TValue) == typeof(uint?)) { sink.Set(index, (long)As<TValue, uint?>(value)!.Value, NpgsqlDbType.Bigint); return; }
        if (typeof(TValue) == typeof(ulong)) { sink.Set(index, (decimal)As<TValue, ulong>(value), NpgsqlDbType.Numeric); return; }
        if (typeof(TValue) == typeof(ulong?)) { sink.Set(index, (decimal)As<TValue, ulong?>(value)!.Value, NpgsqlDbType.Numeric); return; }
        if (typeof(TValue) == typeof(char)) { sink.Set(index, (int)As<TValue, char>(value), NpgsqlDbType.Integer); return; }
        if (typeof(TValue) == typeof(char?)) { sink.Set(index, (int)As<TValue, char?>(value)!.Value, NpgsqlDbType.Integer); return; }
        if (typeof(TValue) == typeof(DateTime)) { sink.Set(index, DateTime.SpecifyKind(As<TValue, DateTime>(value), DateTimeKind.Unspecified), NpgsqlDbType.Timestamp); return; }
        if (typeof(TValue) == typeof(DateTime?)) { sink.Set(index, DateTime.SpecifyKind(As<TValue, DateTime?>(value)!.Value, DateTimeKind.Unspecified), NpgsqlDbType.Timestamp); return; }
        if (typeof(TValue) == typeof(DateTimeOffset)) { sink.Set(index, As<TValue, DateTimeOffset>(value).ToUniversalTime(), NpgsqlDbType.TimestampTz); return; }
        if (typeof(TValue) == typeof(DateTimeOffset?)) { sink.Set(index, As<TValue, DateTimeOffset?>(value)!.Value.ToUniversalTime(), NpgsqlDbType.TimestampTz); return; }
        if (value is Uri uri) { sink.Set(index, uri.OriginalString, NpgsqlDbType.Text); return; }
        if (value is System.Text.StringBuilder text) { sink.Set(index, text.ToString(), NpgsqlDbType.Text); return; }

        // Stored as they are: bool, short, int, long, float, double, decimal, Guid, TimeSpan, DateOnly, TimeOnly, string, byte[]
        // (and their nullable forms, unwrapped so Npgsql sees the plain type).
        if (typeof(TValue) == typeof(bool?)) { sink.Set(index, As<TValue, bool?>(value)!.Value, NpgsqlDbType.Boolean); return; }
        if (typeof(TValue) == typeof(short?)) { sink.Set(index, As<TValue, short?>(value)!.Value, NpgsqlDbType.Smallint); return; }
        if (typeof(TValue) == typeof(int?)) { sink.Set(index, As<TValue, int?>(value)!.Value, NpgsqlDbType.Integer); return; }
        if (typeof(TValue) == typeof(long?)) { sink.Set(index, As<TValue, long?>(value)!.Value, NpgsqlDbType.Bigint); return; }
        if (typeof(TValue) == typeof(float?)) { sink.Set(index, As<TValue, float?>(value)!.Value, NpgsqlDbType.Real); return; }
        if (typeof(TValue) == typeof(double?)) { sink.Set(index, As<TValue, double?>(value)!.Value, NpgsqlDbType.Double); return; }
        if (typeof(TValue) == typeof(decimal?)) { sink.Set(index, As<TValue, decimal?>(value)!.Value, NpgsqlDbType.Numeric); return; }
        if (typeof(TValue) == typeof(Guid?)) { sink.Set(index, As<TValue, Guid?>(value)!.Value, NpgsqlDbType.Uuid); return; }
        if (typeof(TValue) == typeof(TimeSpan?)) { sink.Set(index, As<TValue, TimeSpan?>(value)!.Value, NpgsqlDbType.Interval); return; }
        if (typeof(TValue) == typeof(DateOnly?)) { sink.Set(index, As<TValue, DateOnly?>(value)!.Value, NpgsqlDbType.Date); return; }
        if (typeof(TValue) == typeof(TimeOnly?)) { sink.Set(index, As<TValue, TimeOnly?>(value)!.Value, NpgsqlDbType.Time); return; }
        sink.Set(index, value, PostgresValues.DbType(kind));
    }

    private static TTo As<TFrom, TTo>(TFrom value) => Unsafe.As<TFrom, TTo>(ref value);
}
