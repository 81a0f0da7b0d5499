using MicroDb.Mapping;
using Npgsql;
using NpgsqlTypes;

namespace MicroDb.Npgsql;

/// <summary>
/// The binary COPY side of <see cref="IColumnValueWriter"/>: each column's value, converted to its stored type by the
/// same rule as the typed parameters (<see cref="StoredValues"/>), goes into that column's <see cref="CopyValue{TStored}"/>
/// without boxing; the bulk load then writes the row's values to the importer in column order.
/// </summary>
internal readonly struct CopyRowWriter(IReadOnlyList<ColumnMapping> columns, CopyValue?[] values) : IColumnValueWriter, IStoredValueSink
{
    public void Write<TValue>(int columnIndex, TValue value)
    {
        var self = this;
        StoredValues.Convert(columnIndex, columns[columnIndex].Kind, value, ref self);
    }

    public void Set<TStored>(int columnIndex, TStored value, NpgsqlDbType type)
    {
        if (values[columnIndex] is not CopyValue<TStored> slot)
        {
            values[columnIndex] = slot = new CopyValue<TStored>();
        }

        slot.Value = value;
        slot.Type = type;
        slot.IsNull = false;
    }

    public void SetNull(int columnIndex, NpgsqlDbType type) => (values[columnIndex] ??= new CopyValue<DBNull>()).IsNull = true;

    /// <summary>
    /// Takes column <paramref name="columnIndex"/> from a typed parameter made from a map's binary format (maps without
    /// <see cref="ITypedColumns{T}"/>): the parameter is <see cref="NpgsqlParameter{T}"/> of a stored type, or NULL.
    /// </summary>
    public void SetFrom(int columnIndex, NpgsqlParameter parameter)
    {
        switch (parameter)
        {
            case NpgsqlParameter<bool> p: Set(columnIndex, p.TypedValue, p.NpgsqlDbType); break;
            case NpgsqlParameter<short> p: Set(columnIndex, p.TypedValue, p.NpgsqlDbType); break;
            case NpgsqlParameter<int> p: Set(columnIndex, p.TypedValue, p.NpgsqlDbType); break;
            case NpgsqlParameter<long> p: Set(columnIndex, p.TypedValue, p.NpgsqlDbType); break;
            case NpgsqlParameter<float> p: Set(columnIndex, p.TypedValue, p.NpgsqlDbType); break;
            case NpgsqlParameter<double> p: Set(columnIndex, p.TypedValue, p.NpgsqlDbType); break;
            case NpgsqlParameter<decimal> p: Set(columnIndex, p.TypedValue, p.NpgsqlDbType); break;
            case NpgsqlParameter<string> p: Set(columnIndex, p.TypedValue, p.NpgsqlDbType); break;
            case NpgsqlParameter<byte[]> p: Set(columnIndex, p.TypedValue, p.NpgsqlDbType); break;
            case NpgsqlParameter<Guid> p: Set(columnIndex, p.TypedValue, p.NpgsqlDbType); break;
            case NpgsqlParameter<DateTime> p: Set(columnIndex, p.TypedValue, p.NpgsqlDbType); break;
            case NpgsqlParameter<DateTimeOffset> p: Set(columnIndex, p.TypedValue, p.NpgsqlDbType); break;
            case NpgsqlParameter<TimeSpan> p: Set(columnIndex, p.TypedValue, p.NpgsqlDbType); break;
            case NpgsqlParameter<DateOnly> p: Set(columnIndex, p.TypedValue, p.NpgsqlDbType); break;
            case NpgsqlParameter<TimeOnly> p: Set(columnIndex, p.TypedValue, p.NpgsqlDbType); break;
            case { Value: null or DBNull }: SetNull(columnIndex, parameter.NpgsqlDbType); break;
            default:
                throw new MicroDbMappingException(
                    $"Column '{columns[columnIndex].Name}' has kind {columns[columnIndex].Kind}, which MicroDb.Npgsql cannot copy.");
        }
    }
}
