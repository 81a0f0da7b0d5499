namespace MicroDb.Npgsql.Tests;

/// <summary><see cref="PgGrowV1"/>'s table with another primary key and a column added: refused before anything changes.</summary>
[Table("pg_grow")]
public class PgGrowRekeyed
{
    public int Id { get; set; }
    [PrimaryKey] public string Name { get; set; } = "";
    public int Old { get; set; }
    public string? Added { get; set; }
}
