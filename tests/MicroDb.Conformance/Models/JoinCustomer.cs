namespace MicroDb.Conformance.Models;

/// <summary>The right side of the join tests: a customer, with a region shared by several (duplicate keys) or none.</summary>
[Table("join_customers")]
public class JoinCustomer
{
    [PrimaryKey, AutoIncrement]
    public int Id { get; set; }

    public string Name { get; set; } = "";

    public string? Region { get; set; }

    public decimal Credit { get; set; }

    public DateTime Since { get; set; }
}
