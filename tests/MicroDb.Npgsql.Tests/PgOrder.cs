namespace MicroDb.Npgsql.Tests;

/// <summary>The joining table: a nullable foreign key (a null key matches nothing), a decimal and a NaN-capable double.</summary>
[Table("pg_join_order")]
public class PgOrder
{
    [PrimaryKey, AutoIncrement] public int Id { get; set; }
    public int? CustomerId { get; set; }
    public decimal Total { get; set; }
    public double Weight { get; set; }
    public string? Note { get; set; }
}
