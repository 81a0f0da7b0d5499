namespace MicroDb.Conformance.Models;

/// <summary>A composite index and a member that is in two indexes.</summary>
[Table("orders")]
public class Order
{
    [PrimaryKey, AutoIncrement]
    public int Id { get; set; }

    [Indexed("IX_orders_customer_day", 1)]
    [Indexed]
    public int CustomerId { get; set; }

    [Indexed("IX_orders_customer_day", 2)]
    public DateOnly Day { get; set; }

    public decimal Total { get; set; }
}
