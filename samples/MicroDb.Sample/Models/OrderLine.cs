namespace MicroDb.Sample.Models;

[Table("order_lines")]
public class OrderLine
{
    [PrimaryKey, AutoIncrement]
    public long Id { get; set; }

    [Indexed]
    public long OrderId { get; set; }

    [NotNull]
    public string Sku { get; set; } = "";

    public int Quantity { get; set; }

    public decimal UnitPrice { get; set; }

    public TimeSpan? DeliveryWindow { get; set; }
}
