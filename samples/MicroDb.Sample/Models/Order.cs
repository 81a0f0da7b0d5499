namespace MicroDb.Sample.Models;

[Table("orders")]
public class Order
{
    [PrimaryKey, AutoIncrement]
    public long Id { get; set; }

    [Indexed("IX_orders_customer_placed", 1)]
    public int CustomerId { get; set; }

    [Indexed("IX_orders_customer_placed", 2)]
    public DateTimeOffset PlacedAt { get; set; }

    public OrderStatus Status { get; set; }

    public decimal Total { get; set; }

    public string? Note { get; set; }
}
