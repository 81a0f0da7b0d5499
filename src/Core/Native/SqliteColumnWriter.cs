using System.Runtime.CompilerServices;
using System.Text;
using MicroDb.Mapping;

namespace MicroDb.Native;

/// <summary>
/// SQLite's side of <see cref="IColumnValueWriter"/>, the one way an entity's members reach a <see cref="SqliteStatement"/>:
/// a map's <see cref="ITypedColumns{T}.WriteColumns"/> hands each column to <see cref="Write{TValue}"/>, which binds it to
/// the parameter the statement gives that column (INSERT leaves out an auto-incremented key, UPDATE binds the key last)
/// through the typed <c>Bind</c> overload of the value's type, so MicroDb's storage rules and the statement's storage
/// format apply. Each <c>typeof(TValue)</c> test is a constant once the call is specialized, so a column is one typed bind,
/// with no boxing; only a <see cref="DateTime"/> column looks at its <see cref="ColumnKind"/> (ticks or text). An enum
/// arrives as its Int64 value, or as its name (a string) when stored by name (<see cref="ColumnKind.EnumText"/>).
/// Made by <see cref="EntityMap{T}"/> for each bind.
/// </summary>
public readonly struct SqliteColumnWriter : IColumnValueWriter
{
    private readonly SqliteStatement _statement;
    private readonly int[] _parameters;

    /// <param name="statement">The prepared statement.</param>
    /// <param name="parameters">
    /// Per column, its 1-based parameter; 0 for a column the statement does not bind; the parameter negated for a
    /// <see cref="DateTime"/> stored as text (<see cref="ColumnKind.DateTimeText"/>: <see cref="Parameters"/> writes it so).
    /// </param>
    internal SqliteColumnWriter(SqliteStatement statement, int[] parameters)
    {
        _statement = statement;
        _parameters = parameters;
    }

    /// <summary>The parameters array for columns of <paramref name="kinds"/> bound at <paramref name="parameters"/> (0: not bound).</summary>
    /// <param name="parameters">Per column, its 1-based parameter or 0; changed in place.</param>
    /// <param name="kinds">Per column, its kind.</param>
    /// <returns><paramref name="parameters"/>, with DateTimeText columns' parameters negated.</returns>
    internal static int[] Parameters(int[] parameters, ColumnKind[] kinds)
    {
        for (var i = 0; i < parameters.Length; i++)
        {
            if (kinds[i] == ColumnKind.DateTimeText)
            {
                parameters[i] = -parameters[i];
            }
        }

        return parameters;
    }

    /// <summary>Whether the statement binds column <paramref name="columnIndex"/> (a map may skip reading a member it does not).</summary>
    /// <param name="columnIndex">The column's index.</param>
    /// <returns>True when the column has a parameter.</returns>
    internal bool Binds(int columnIndex) => _parameters[columnIndex] != 0;

    /// <summary>Binds the value of column <paramref name="columnIndex"/> to its parameter (nothing when the statement has none for it).</summary>
    /// <typeparam name="TValue">The member's type (enums: <c>long</c>/<c>long?</c>, or <c>string</c> by name).</typeparam>
    /// <param name="columnIndex">The column's index in <see cref="TableMapping.Columns"/>.</param>
    /// <param name="value">The value.</param>
    /// <exception cref="NotSupportedException">A value of a type SQLite's typed contract does not bind.</exception>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void Write<TValue>(int columnIndex, TValue value)
    {
        var p = _parameters[columnIndex];
        if (p == 0)
        {
            return;
        }

        var statement = _statement;
        if (typeof(TValue) == typeof(DateTime) && p < 0) statement.BindAsText(-p, As<TValue, DateTime>(value));
        else if (typeof(TValue) == typeof(DateTime?) && p < 0) statement.BindAsText(-p, As<TValue, DateTime?>(value));
        else if (typeof(TValue) == typeof(bool)) statement.Bind(p, As<TValue, bool>(value));
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
        else throw SqliteColumnErrors.UnsupportedType(columnIndex, typeof(TValue));
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static TTo As<TFrom, TTo>(TFrom value) => Unsafe.As<TFrom, TTo>(ref value);
}
