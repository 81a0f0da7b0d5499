namespace MicroDb.Npgsql.Tests;

/// <summary>Rows aggregated by sub-queries per <see cref="PgCustomer"/>: integers, a nullable one, decimal, double and a date.</summary>
[Table("pg_sub_line")]
public class PgSubLine
{
    [PrimaryKey, AutoIncrement] public int Id { get; set; }
    public int CustomerId { get; set; }
    public int Qty { get; set; }
    public int? MaybeQty { get; set; }
    public long Big { get; set; }
    public decimal Price { get; set; }
    public double Weight { get; set; }
    public DateTime Shipped { get; set; }
}
