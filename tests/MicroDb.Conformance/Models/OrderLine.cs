namespace MicroDb.Conformance.Models;

/// <summary>A composite primary key of two integers, in declaration order.</summary>
[Table("order_lines")]
public class OrderLine
{
    [PrimaryKey(Order = 1)]
    public int OrderId { get; set; }

    [PrimaryKey(Order = 2)]
    public int LineNo { get; set; }

    public string? Product { get; set; }

    public int Quantity { get; set; }
}
