namespace MicroDb.Conformance.Models;

/// <summary>The left side of the join tests: an order whose customer key may be null or point at no customer.</summary>
[Table("join_orders")]
public class JoinOrder
{
    [PrimaryKey, AutoIncrement]
    public int Id { get; set; }

    public int? CustomerId { get; set; }

    public string? Region { get; set; }

    public decimal Total { get; set; }

    public DateTime Placed { get; set; }
}
