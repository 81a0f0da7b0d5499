using MicroDb.Mapping;
using Npgsql;
using NpgsqlTypes;

namespace MicroDb.Npgsql;

/// <summary>
/// The Npgsql side of <see cref="IColumnValueWriter"/>: each column's value becomes a typed
/// <see cref="NpgsqlParameter{T}"/> in the encoding of <see cref="PostgresDialect.SqlType"/>, converted by
/// <see cref="StoredValues.Convert{TValue, TSink}"/> without boxing a value type. A slot that already holds a parameter
/// of the same stored type (a <see cref="CrudCommand"/> reused from call to call) gets the new value through
/// <see cref="NpgsqlParameter{T}.TypedValue"/>; otherwise a new parameter is put there and <see cref="Replaced"/> is set,
/// so the command's parameter list (and its preparation) is renewed.
/// </summary>
/// <param name="columns">The map's columns.</param>
/// <param name="values">One slot per column ordinal.</param>
/// <param name="only">When not negative, the one column written (the key of a DELETE); the others are skipped.</param>
/// <param name="skip">When not negative, a column left out (the identity column of an INSERT).</param>
internal struct TypedParameterWriter(IReadOnlyList<ColumnMapping> columns, NpgsqlParameter?[] values, int only = -1, int skip = -1)
    : IColumnValueWriter, IStoredValueSink
{
    /// <summary>True when a slot got a new parameter object (not only a new value).</summary>
    public bool Replaced { get; private set; }

    public void Write<TValue>(int columnIndex, TValue value)
    {
        if (columnIndex == skip || (only >= 0 && columnIndex != only))
        {
            return;
        }

        StoredValues.Convert(columnIndex, columns[columnIndex].Kind, value, ref this);
    }

    public void Set<TStored>(int columnIndex, TStored value, NpgsqlDbType type)
    {
        // Per column the member's type and kind are fixed, so one stored type always comes with the same NpgsqlDbType.
        if (values[columnIndex] is NpgsqlParameter<TStored> reused && reused.NpgsqlDbType == type)
        {
            reused.TypedValue = value;
            return;
        }

        values[columnIndex] = new NpgsqlParameter<TStored> { TypedValue = value, NpgsqlDbType = type };
        Replaced = true;
    }

    public void SetNull(int columnIndex, NpgsqlDbType type)
    {
        if (values[columnIndex] is { } reused && reused.GetType() == typeof(NpgsqlParameter) && reused.NpgsqlDbType == type && reused.Value is DBNull)
        {
            return;
        }

        values[columnIndex] = new NpgsqlParameter { Value = DBNull.Value, NpgsqlDbType = type };
        Replaced = true;
    }
}
