using System.Runtime.CompilerServices;
using MicroDb.Mapping;
using Npgsql;

namespace MicroDb.Npgsql;

/// <summary>
/// The Npgsql side of <see cref="IColumnValueReader"/>: each column read with
/// <see cref="NpgsqlDataReader.GetFieldValue{T}"/> in its stored type and converted back to the member's type (the
/// reverse of <see cref="TypedParameterWriter"/>), without boxing a value type.
/// </summary>
internal readonly struct TypedRowReader(NpgsqlDataReader reader, int[] ordinals) : IColumnValueReader
{
    public bool Contains(int columnIndex) => ordinals[columnIndex] >= 0;

    public TValue Read<TValue>(int columnIndex)
    {
        var o = ordinals[columnIndex];
        if (o < 0 || reader.IsDBNull(o))
        {
            return default!;
        }

        if (typeof(TValue) == typeof(byte)) return Cast<TValue>.From(checked((byte)reader.GetFieldValue<short>(o)));
        if (typeof(TValue) == typeof(byte?)) return Cast<TValue>.From((byte?)checked((byte)reader.GetFieldValue<short>(o)));
        if (typeof(TValue) == typeof(sbyte)) return Cast<TValue>.From(checked((sbyte)reader.GetFieldValue<short>(o)));
        if (typeof(TValue) == typeof(sbyte?)) return Cast<TValue>.From((sbyte?)checked((sbyte)reader.GetFieldValue<short>(o)));
        if (typeof(TValue) == typeof(ushort)) return Cast<TValue>.From(checked((ushort)reader.GetFieldValue<int>(o)));
        if (typeof(TValue) == typeof(ushort?)) return Cast<TValue>.From((ushort?)checked((ushort)reader.GetFieldValue<int>(o)));
        if (typeof(TValue) == typeof(uint)) return Cast<TValue>.From(checked((uint)reader.GetFieldValue<long>(o)));
        if (typeof(TValue) == typeof(uint?)) return Cast<TValue>.From((uint?)checked((uint)reader.GetFieldValue<long>(o)));
        if (typeof(TValue) == typeof(ulong)) return Cast<TValue>.From(checked((ulong)reader.GetFieldValue<decimal>(o)));
        if (typeof(TValue) == typeof(ulong?)) return Cast<TValue>.From((ulong?)checked((ulong)reader.GetFieldValue<decimal>(o)));
        if (typeof(TValue) == typeof(char)) return Cast<TValue>.From(checked((char)reader.GetFieldValue<int>(o)));
        if (typeof(TValue) == typeof(char?)) return Cast<TValue>.From((char?)checked((char)reader.GetFieldValue<int>(o)));
        if (typeof(TValue) == typeof(bool?)) return Cast<TValue>.From((bool?)reader.GetFieldValue<bool>(o));
        if (typeof(TValue) == typeof(short?)) return Cast<TValue>.From((short?)reader.GetFieldValue<short>(o));
        if (typeof(TValue) == typeof(int?)) return Cast<TValue>.From((int?)reader.GetFieldValue<int>(o));
        if (typeof(TValue) == typeof(long?)) return Cast<TValue>.From((long?)reader.GetFieldValue<long>(o));
        if (typeof(TValue) == typeof(float?)) return Cast<TValue>.From((float?)reader.GetFieldValue<float>(o));
        if (typeof(TValue) == typeof(double?)) return Cast<TValue>.From((double?)reader.GetFieldValue<double>(o));
        if (typeof(TValue) == typeof(decimal?)) return Cast<TValue>.From((decimal?)reader.GetFieldValue<decimal>(o));
        if (typeof(TValue) == typeof(Guid?)) return Cast<TValue>.From((Guid?)reader.GetFieldValue<Guid>(o));
        if (typeof(TValue) == typeof(DateTime?)) return Cast<TValue>.From((DateTime?)reader.GetFieldValue<DateTime>(o));
        if (typeof(TValue) == typeof(DateTimeOffset?)) return Cast<TValue>.From((DateTimeOffset?)reader.GetFieldValue<DateTimeOffset>(o));
        if (typeof(TValue) == typeof(TimeSpan?)) return Cast<TValue>.From((TimeSpan?)reader.GetFieldValue<TimeSpan>(o));
        if (typeof(TValue) == typeof(DateOnly?)) return Cast<TValue>.From((DateOnly?)reader.GetFieldValue<DateOnly>(o));
        if (typeof(TValue) == typeof(TimeOnly?)) return Cast<TValue>.From((TimeOnly?)reader.GetFieldValue<TimeOnly>(o));
        if (typeof(TValue) == typeof(Uri)) return (TValue)(object)new Uri(reader.GetFieldValue<string>(o), UriKind.RelativeOrAbsolute);
        if (typeof(TValue) == typeof(System.Text.StringBuilder)) return (TValue)(object)new System.Text.StringBuilder(reader.GetFieldValue<string>(o));

        // Stored as they are: bool, short, int, long, float, double, decimal, Guid, DateTime, DateTimeOffset, TimeSpan,
        // DateOnly, TimeOnly, string, byte[].
        return reader.GetFieldValue<TValue>(o);
    }

    private static class Cast<TValue>
    {
        public static TValue From<TStored>(TStored value) => Unsafe.As<TStored, TValue>(ref value);
    }
}
