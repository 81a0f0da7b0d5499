namespace MicroDb;

/// <summary>
/// Says that a column (on a property) or a table (on a class) had another name before. When
/// <see cref="MicroDbConnection.CreateTable{T}"/> (or <see cref="MicroDbConnection.Migrate{T}"/>) finds the old name
/// and not the new one, it renames the column or table, keeping its data, instead of adding a new empty one. When the
/// old name is not there (already renamed, or never existed), nothing happens.
/// </summary>
[AttributeUsage(AttributeTargets.Class | AttributeTargets.Property, AllowMultiple = false, Inherited = false)]
public sealed class RenamedFromAttribute : Attribute
{
    /// <summary>Declares the previous name.</summary>
    /// <param name="oldName">The column's or table's previous name.</param>
    public RenamedFromAttribute(string oldName) => OldName = oldName;

    /// <summary>The column's or table's previous name.</summary>
    public string OldName { get; }
}
