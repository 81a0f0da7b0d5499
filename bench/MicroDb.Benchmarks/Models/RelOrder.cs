namespace MicroDb.Benchmarks.Models;

/// <summary>The relational cases' order: joined to its customer, grouped by it, and updated set-based (10,000 rows).</summary>
[Table("RelOrder")]
public sealed class RelOrder
{
    /// <summary>The key.</summary>
    [PrimaryKey]
    public int Id { get; set; }

    /// <summary>The customer's key (an index backs the join).</summary>
    [Indexed]
    public int CustomerId { get; set; }

    /// <summary>The number of items.</summary>
    public int Quantity { get; set; }

    /// <summary>The order's total.</summary>
    public double Total { get; set; }

    /// <summary>A short text column that the queries do not read.</summary>
    public string? Note { get; set; }
}
