namespace MicroDb.Npgsql.Tests;

/// <summary>The first version of the table the additive CreateTable tests grow.</summary>
[Table("pg_grow")]
public class PgGrowV1
{
    [PrimaryKey, AutoIncrement] public int Id { get; set; }
    public string? Name { get; set; }
    public int Old { get; set; }
}
