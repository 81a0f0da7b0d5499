using System.Runtime.CompilerServices;
using System.Text;
using MicroDb.Mapping;

namespace MicroDb.Native;

/// <summary>
/// SQLite's side of <see cref="IColumnValueWriter"/>: binds column <c>i</c> of a map to parameter <c>i + 1</c> of a
/// <see cref="SqliteStatement"/> through the same typed <c>Bind</c> overload the map's emitted binder calls for that
/// column's <see cref="ColumnKind"/> (so MicroDb's storage rules and the statement's storage format apply unchanged).
/// Each <c>typeof(TValue)</c> test is a JIT-time constant for a value type, so a call is one typed bind, with no boxing.
/// Not the CRUD hot path (the maps' own binders stay that); it makes the typed contract one binding path for both
/// providers. An enum stored by name (<see cref="ColumnKind.EnumText"/>) cannot be bound: the contract carries enums as
/// their Int64 value, and Core does not reflect over user types to find the name.
/// </summary>
/// <param name="statement">The prepared statement; its parameters are the map's columns in order.</param>
/// <param name="columns">The map's columns (<see cref="TableMapping.Columns"/>).</param>
internal readonly struct SqliteColumnWriter(SqliteStatement statement, IReadOnlyList<ColumnMapping> columns) : IColumnValueWriter
{
    public void Write<TValue>(int columnIndex, TValue value)
    {
        var column = columns[columnIndex];
        var p = columnIndex + 1;
        switch (column.Kind)
        {
            case ColumnKind.EnumText:
                throw SqliteColumnErrors.EnumText(column);
            case ColumnKind.DateTimeText:
                if (typeof(TValue) == typeof(DateTime)) { statement.BindAsText(p, As<TValue, DateTime>(value)); return; }
                if (typeof(TValue) == typeof(DateTime?)) { statement.BindAsText(p, As<TValue, DateTime?>(value)); return; }
                break;
        }

        if (typeof(TValue) == typeof(bool)) statement.Bind(p, As<TValue, bool>(value));
        else if (typeof(TValue) == typeof(byte)) statement.Bind(p, As<TValue, byte>(value));
        else if (typeof(TValue) == typeof(sbyte)) statement.Bind(p, As<TValue, sbyte>(value));
        else if (typeof(TValue) == typeof(short)) statement.Bind(p, As<TValue, short>(value));
        else if (typeof(TValue) == typeof(ushort)) statement.Bind(p, As<TValue, ushort>(value));
        else if (typeof(TValue) == typeof(int)) statement.Bind(p, As<TValue, int>(value));
        else if (typeof(TValue) == typeof(uint)) statement.Bind(p, As<TValue, uint>(value));
        else if (typeof(TValue) == typeof(long)) statement.Bind(p, As<TValue, long>(value));
        else if (typeof(TValue) == typeof(ulong)) statement.Bind(p, As<TValue, ulong>(value));
        else if (typeof(TValue) == typeof(float)) statement.Bind(p, As<TValue, float>(value));
        else if (typeof(TValue) == typeof(double)) statement.Bind(p, As<TValue, double>(value));
        else if (typeof(TValue) == typeof(decimal)) statement.Bind(p, As<TValue, decimal>(value));
        else if (typeof(TValue) == typeof(char)) statement.Bind(p, As<TValue, char>(value));
        else if (typeof(TValue) == typeof(Guid)) statement.Bind(p, As<TValue, Guid>(value));
        else if (typeof(TValue) == typeof(DateTime)) statement.Bind(p, As<TValue, DateTime>(value));
        else if (typeof(TValue) == typeof(DateTimeOffset)) statement.Bind(p, As<TValue, DateTimeOffset>(value));
        else if (typeof(TValue) == typeof(TimeSpan)) statement.Bind(p, As<TValue, TimeSpan>(value));
        else if (typeof(TValue) == typeof(bool?)) statement.Bind(p, As<TValue, bool?>(value));
        else if (typeof(TValue) == typeof(byte?)) statement.Bind(p, As<TValue, byte?>(value));
        else if (typeof(TValue) == typeof(sbyte?)) statement.Bind(p, As<TValue, sbyte?>(value));
        else if (typeof(TValue) == typeof(short?)) statement.Bind(p, As<TValue, short?>(value));
        else if (typeof(TValue) == typeof(ushort?)) statement.Bind(p, As<TValue, ushort?>(value));
        else if (typeof(TValue) == typeof(int?)) statement.Bind(p, As<TValue, int?>(value));
        else if (typeof(TValue) == typeof(uint?)) statement.Bind(p, As<TValue, uint?>(value));
        else if (typeof(TValue) == typeof(long?)) statement.Bind(p, As<TValue, long?>(value));
        else if (typeof(TValue) == typeof(ulong?)) statement.Bind(p, As<TValue, ulong?>(value));
        else if (typeof(TValue) == typeof(float?)) statement.Bind(p, As<TValue, float?>(value));
        else if (typeof(TValue) == typeof(double?)) statement.Bind(p, As<TValue, double?>(value));
        else if (typeof(TValue) == typeof(decimal?)) statement.Bind(p, As<TValue, decimal?>(value));
        else if (typeof(TValue) == typeof(char?)) statement.Bind(p, As<TValue, char?>(value));
        else if (typeof(TValue) == typeof(Guid?)) statement.Bind(p, As<TValue, Guid?>(value));
        else if (typeof(TValue) == typeof(DateTime?)) statement.Bind(p, As<TValue, DateTime?>(value));
        else if (typeof(TValue) == typeof(DateTimeOffset?)) statement.Bind(p, As<TValue, DateTimeOffset?>(value));
        else if (typeof(TValue) == typeof(TimeSpan?)) statement.Bind(p, As<TValue, TimeSpan?>(value));
#if NET
        else if (typeof(TValue) == typeof(DateOnly)) statement.Bind(p, As<TValue, DateOnly>(value));
        else if (typeof(TValue) == typeof(TimeOnly)) statement.Bind(p, As<TValue, TimeOnly>(value));
        else if (typeof(TValue) == typeof(DateOnly?)) statement.Bind(p, As<TValue, DateOnly?>(value));
        else if (typeof(TValue) == typeof(TimeOnly?)) statement.Bind(p, As<TValue, TimeOnly?>(value));
#endif
        else if (typeof(TValue) == typeof(string)) statement.Bind(p, (string?)(object?)value);
        else if (typeof(TValue) == typeof(byte[])) statement.Bind(p, (byte[]?)(object?)value);
        else if (typeof(TValue) == typeof(Uri)) statement.Bind(p, (Uri?)(object?)value);
        else if (typeof(TValue) == typeof(StringBuilder)) statement.Bind(p, (StringBuilder?)(object?)value);
        else throw SqliteColumnErrors.UnsupportedType(column, typeof(TValue));
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static TTo As<TFrom, TTo>(TFrom value) => Unsafe.As<TFrom, TTo>(ref value);
}
