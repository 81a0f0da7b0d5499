namespace MicroDb.Mapping;

/// <summary>
/// Supplies one row's column values, each typed, to <see cref="ITypedColumns{T}.ReadColumns"/>: the provider-neutral
/// side of reading (a database provider implements it as a struct over its data reader, so no value is boxed).
/// </summary>
/// <remarks>Types are as for <see cref="IColumnValueWriter"/>: the member's type, enums as <c>long</c>/<c>long?</c>.</remarks>
public interface IColumnValueReader
{
    /// <summary>False when the row has no column for <paramref name="columnIndex"/>: the member then keeps the value a new entity has.</summary>
    /// <param name="columnIndex">The column's index in <see cref="TableMapping.Columns"/>.</param>
    /// <returns>True when the row has the column.</returns>
    bool Contains(int columnIndex);

    /// <summary>The value of column <paramref name="columnIndex"/> (for SQL NULL: null, or the type's default where it cannot be null).</summary>
    /// <typeparam name="TValue">The member's type (enums: <c>long</c> or <c>long?</c>).</typeparam>
    /// <param name="columnIndex">The column's index in <see cref="TableMapping.Columns"/>.</param>
    /// <returns>The value.</returns>
    TValue Read<TValue>(int columnIndex);
}
