using System.Runtime.CompilerServices;
using MicroDb.Native;

namespace MicroDb;

/// <summary>
/// Converts a column to a scalar type chosen by a generic argument, without reflection: each
/// <c>typeof(T) == typeof(X)</c> test is a constant for the JIT and for NativeAOT, so only one branch remains.
/// </summary>
internal static class ScalarReader
{
    public static T Read<T>(SqliteStatement s, int o)
    {
        if (typeof(T) == typeof(long)) return As<long, T>(s.GetInt64(o));
        if (typeof(T) == typeof(int)) return As<int, T>(s.GetInt32(o));
        if (typeof(T) == typeof(string)) return (T)(object)s.GetString(o)!;
        if (typeof(T) == typeof(double)) return As<double, T>(s.GetDouble(o));
        if (typeof(T) == typeof(bool)) return As<bool, T>(s.GetBoolean(o));
        if (typeof(T) == typeof(short)) return As<short, T>(s.GetInt16(o));
        if (typeof(T) == typeof(byte)) return As<byte, T>(s.GetByte(o));
        if (typeof(T) == typeof(sbyte)) return As<sbyte, T>(s.GetSByte(o));
        if (typeof(T) == typeof(ushort)) return As<ushort, T>(s.GetUInt16(o));
        if (typeof(T) == typeof(uint)) return As<uint, T>(s.GetUInt32(o));
        if (typeof(T) == typeof(ulong)) return As<ulong, T>(s.GetUInt64(o));
        if (typeof(T) == typeof(float)) return As<float, T>(s.GetSingle(o));
        if (typeof(T) == typeof(decimal)) return As<decimal, T>(s.GetDecimal(o));
        if (typeof(T) == typeof(char)) return As<char, T>(s.GetChar(o));
        if (typeof(T) == typeof(byte[])) return (T)(object)s.GetBlob(o)!;
        if (typeof(T) == typeof(Guid)) return As<Guid, T>(s.GetGuid(o));
        if (typeof(T) == typeof(DateTime)) return As<DateTime, T>(s.GetDateTime(o));
        if (typeof(T) == typeof(DateTimeOffset)) return As<DateTimeOffset, T>(s.GetDateTimeOffset(o));
        if (typeof(T) == typeof(TimeSpan)) return As<TimeSpan, T>(s.GetTimeSpan(o));
#if NET
        if (typeof(T) == typeof(DateOnly)) return As<DateOnly, T>(s.GetDateOnly(o));
        if (typeof(T) == typeof(TimeOnly)) return As<TimeOnly, T>(s.GetTimeOnly(o));
#endif
        if (typeof(T) == typeof(object)) return (T)s.GetValue(o)!;

        // Nullable value types: one native call, NULL told apart by the readers themselves.
        if (typeof(T) == typeof(long?)) return As<long?, T>(s.GetNullableInt64(o));
        if (typeof(T) == typeof(int?)) return As<int?, T>(s.GetNullableInt32(o));
        if (typeof(T) == typeof(double?)) return As<double?, T>(s.GetNullableDouble(o));
        if (typeof(T) == typeof(bool?)) return As<bool?, T>(s.GetNullableBoolean(o));
        if (typeof(T) == typeof(short?)) return As<short?, T>(s.GetNullableInt16(o));
        if (typeof(T) == typeof(byte?)) return As<byte?, T>(s.GetNullableByte(o));
        if (typeof(T) == typeof(float?)) return As<float?, T>(s.GetNullableSingle(o));
        if (typeof(T) == typeof(decimal?)) return As<decimal?, T>(s.GetNullableDecimal(o));
        if (typeof(T) == typeof(Guid?)) return As<Guid?, T>(s.GetNullableGuid(o));
        if (typeof(T) == typeof(DateTime?)) return As<DateTime?, T>(s.GetNullableDateTime(o));
        if (typeof(T) == typeof(DateTimeOffset?)) return As<DateTimeOffset?, T>(s.GetNullableDateTimeOffset(o));
        if (typeof(T) == typeof(TimeSpan?)) return As<TimeSpan?, T>(s.GetNullableTimeSpan(o));
#if NET
        if (typeof(T) == typeof(DateOnly?)) return As<DateOnly?, T>(s.GetNullableDateOnly(o));
        if (typeof(T) == typeof(TimeOnly?)) return As<TimeOnly?, T>(s.GetNullableTimeOnly(o));
#endif

        if (s.IsNull(o))
        {
            if (default(T) is null)
            {
                return default!;
            }

            throw new MicroDbException($"Column '{s.GetColumnName(o)}' is NULL but {typeof(T).Name} cannot hold null (SQL: {s.Sql})");
        }

        var target = Nullable.GetUnderlyingType(typeof(T)) ?? typeof(T);
        if (target.IsEnum)
        {
            return s.GetColumnType(o) == SQLitePCL.raw.SQLITE_TEXT
                ? (T)Enum.Parse(target, s.GetString(o)!)
                : (T)Enum.ToObject(target, s.GetInt64(o));
        }

        throw new NotSupportedException($"Cannot read column '{s.GetColumnName(o)}' as {typeof(T).FullName}: not a scalar type MicroDb stores.");
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static TTo As<TFrom, TTo>(TFrom value) => Unsafe.As<TFrom, TTo>(ref value);
}
