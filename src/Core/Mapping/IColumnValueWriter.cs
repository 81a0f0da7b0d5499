namespace MicroDb.Mapping;

/// <summary>
/// Receives an entity's column values, each typed, from <see cref="ITypedColumns{T}.WriteColumns"/>: the provider-neutral
/// side of binding (a database provider implements it as a struct over its parameters, so no value is boxed).
/// </summary>
/// <remarks>
/// The value type is the member's type (<c>int</c>, <c>int?</c>, <c>string</c>, <c>byte[]</c> ...), except
/// enums, which arrive as their underlying value in <c>long</c> (or <c>long?</c>), as MicroDb stores them. The column's
/// <see cref="ColumnKind"/> is <c>Table.Columns[columnIndex].Kind</c>.
/// </remarks>
public interface IColumnValueWriter
{
    /// <summary>Takes the value of column <paramref name="columnIndex"/>.</summary>
    /// <typeparam name="TValue">The member's type (enums: <c>long</c> or <c>long?</c>).</typeparam>
    /// <param name="columnIndex">The column's index in <see cref="TableMapping.Columns"/>.</param>
    /// <param name="value">The value.</param>
    void Write<TValue>(int columnIndex, TValue value);
}
