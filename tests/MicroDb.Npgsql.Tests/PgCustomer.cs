namespace MicroDb.Npgsql.Tests;

/// <summary>A joined table with an identity key (the left join's presence column) and text to order by.</summary>
[Table("pg_join_customer")]
public class PgCustomer
{
    [PrimaryKey, AutoIncrement] public int Id { get; set; }
    public string? Name { get; set; }
    public string? City { get; set; }
    public double Rating { get; set; }
}
