namespace MicroDb.Conformance.Models;

/// <summary>Second version of "items": a NOT NULL column and an indexed column added.</summary>
[Table("items")]
public class ItemV2
{
    [PrimaryKey, AutoIncrement]
    public int Id { get; set; }

    public string? Name { get; set; }

    [NotNull]
    public int Score { get; set; }

    [Indexed]
    public string? City { get; set; }
}
