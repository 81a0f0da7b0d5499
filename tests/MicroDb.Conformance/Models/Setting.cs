namespace MicroDb.Conformance.Models;

/// <summary>Init-only and required members, a string key and WITHOUT ROWID.</summary>
[Table(WithoutRowId = true)]
public class Setting
{
    [PrimaryKey]
    public required string Key { get; init; }

    public string? Value { get; init; }
}
