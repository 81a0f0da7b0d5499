namespace MicroDb.Mapping;

/// <summary>One <c>[Indexed]</c>/<c>[Unique]</c> attribute found on a member, before indexes are grouped by name.</summary>
/// <param name="ColumnName">The column the attribute is on.</param>
/// <param name="IndexName">The declared index name, or null for the default.</param>
/// <param name="Order">The column's position within a composite index.</param>
/// <param name="IsUnique">True for a unique index.</param>
public readonly record struct IndexDeclaration(string ColumnName, string? IndexName, int Order, bool IsUnique);
