namespace MicroDb.Conformance.Models;

/// <summary>The third table of the join tests: lines of an order (several per order, or none).</summary>
[Table("join_lines")]
public class JoinLine
{
    [PrimaryKey, AutoIncrement]
    public int Id { get; set; }

    public int OrderId { get; set; }

    public string Sku { get; set; } = "";

    public int Quantity { get; set; }
}
