namespace MicroDb.Conformance.Models;

/// <summary>The parent of <see cref="Invoice"/>: an auto-incremented key and a unique code other tables may reference.</summary>
[Table("customers")]
public class Customer
{
    [PrimaryKey, AutoIncrement]
    public int Id { get; set; }

    [Unique]
    public string? Code { get; set; }

    public string? Name { get; set; }
}
