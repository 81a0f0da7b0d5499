using MicroDb.Mapping;
using Npgsql;
using NpgsqlTypes;

namespace MicroDb.Npgsql;

/// <summary>
/// The Npgsql side of <see cref="IColumnValueWriter"/>: each column's value becomes a typed
/// <see cref="NpgsqlParameter{T}"/> in the encoding of <see cref="PostgresDialect.SqlType"/>, converted by
/// <see cref="StoredValues.Convert{TValue, TSink}"/> without boxing a value type.
/// </summary>
internal struct TypedParameterWriter(IReadOnlyList<ColumnMapping> columns, NpgsqlParameter[] values) : IColumnValueWriter, IStoredValueSink
{
    public void Write<TValue>(int columnIndex, TValue value) => StoredValues.Convert(columnIndex, columns[columnIndex].Kind, value, ref this);

    public readonly void Set<TStored>(int columnIndex, TStored value, NpgsqlDbType type) =>
        values[columnIndex] = new NpgsqlParameter<TStored> { TypedValue = value, NpgsqlDbType = type };

    public readonly void SetNull(int columnIndex, NpgsqlDbType type) =>
        values[columnIndex] = new NpgsqlParameter { Value = DBNull.Value, NpgsqlDbType = type };
}
