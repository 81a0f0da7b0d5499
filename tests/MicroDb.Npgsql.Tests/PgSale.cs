namespace MicroDb.Npgsql.Tests;

/// <summary>The grouped table of GroupByTests: text and integer keys, and a value of every kind an aggregate reads.</summary>
[Table("pg_group_sale")]
public class PgSale
{
    [PrimaryKey, AutoIncrement] public int Id { get; set; }
    public string? Region { get; set; }
    public int Shop { get; set; }
    public int Qty { get; set; }
    public int? Returned { get; set; }
    public long Big { get; set; }
    public decimal Price { get; set; }
    public double Ratio { get; set; }
    public float Weight { get; set; }
    public ulong Huge { get; set; }
    public DateTime Sold { get; set; }
    public DayOfWeek Day { get; set; }
    public string? Note { get; set; }
}
