namespace MicroDb.Benchmarks.Models;

/// <summary>The relational cases' customer: the right side of the Order ⋈ Customer join (100 rows).</summary>
[Table("RelCustomer")]
public sealed class RelCustomer
{
    /// <summary>The key.</summary>
    [PrimaryKey]
    public int Id { get; set; }

    /// <summary>The customer's name.</summary>
    public string? Name { get; set; }

    /// <summary>The customer's city.</summary>
    public string? City { get; set; }
}
