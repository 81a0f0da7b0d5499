namespace MicroDb.Generator.Model;

/// <summary>One <c>[RenamedFrom("Old")]</c> on a mapped property: the column's name now and a former name.</summary>
/// <param name="ColumnName">The column's current name.</param>
/// <param name="OldName">A name the column had before.</param>
internal sealed record ColumnRename(string ColumnName, string OldName);
