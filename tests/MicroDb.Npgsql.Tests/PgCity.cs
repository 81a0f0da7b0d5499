namespace MicroDb.Npgsql.Tests;

/// <summary>A city the join tests reach from a customer's <see cref="PgCustomer.City"/> (a third table).</summary>
[Table("pg_join_city")]
public class PgCity
{
    [PrimaryKey, AutoIncrement] public int Id { get; set; }
    public string Name { get; set; } = "";
    public int Population { get; set; }
}
