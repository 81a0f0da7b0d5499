namespace MicroDb.Conformance.Models;

/// <summary>First version of a table that <see cref="ItemV2"/> migrates.</summary>
[Table("items")]
public class ItemV1
{
    [PrimaryKey, AutoIncrement]
    public int Id { get; set; }

    public string? Name { get; set; }
}
