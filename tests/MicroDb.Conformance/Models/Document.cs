namespace MicroDb.Conformance.Models;

/// <summary>A non-integer key, a collation and a column name that needs quoting.</summary>
[Table("doc \"table\"")]
public class Document
{
    [PrimaryKey]
    public Guid Id { get; set; }

    [Column("title text"), Collation("NOCASE")]
    public string? Title { get; set; }

    [NotNull]
    public string Body { get; set; } = "";
}
