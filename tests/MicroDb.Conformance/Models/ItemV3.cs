namespace MicroDb.Conformance.Models;

/// <summary>Third version of "items": <see cref="ItemV1"/>'s Name column renamed to Title with [RenamedFrom].</summary>
[Table("items")]
public class ItemV3
{
    [PrimaryKey, AutoIncrement]
    public int Id { get; set; }

    [RenamedFrom("Name"), Indexed]
    public string? Title { get; set; }
}
