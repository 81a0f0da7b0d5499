namespace MicroDb.Generator.Model;

/// <summary>One <c>[Indexed]</c>/<c>[Unique]</c> attribute, before Core groups them by name.</summary>
internal sealed record IndexModel(string ColumnName, string? IndexName, int Order, bool IsUnique);
