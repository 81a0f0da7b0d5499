namespace MicroDb.Conformance.Models;

/// <summary>The table "items" of <see cref="ItemV1"/> renamed to "products" with [RenamedFrom] on the class, and its Name column to Label.</summary>
[Table("products"), RenamedFrom("items")]
public class Product
{
    [PrimaryKey, AutoIncrement]
    public int Id { get; set; }

    [RenamedFrom("Name")]
    public string? Label { get; set; }
}
