namespace MicroDb.Conformance.Models;

/// <summary>A positional record: no setters, filled through its constructor.</summary>
[Table]
public sealed record Point([property: PrimaryKey] int Id, string Label, double X);
