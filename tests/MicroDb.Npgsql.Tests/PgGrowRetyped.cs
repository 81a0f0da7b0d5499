namespace MicroDb.Npgsql.Tests;

/// <summary><see cref="PgGrowV1"/>'s table with <c>Name</c> declared as a number and a column added: refused before anything changes.</summary>
[Table("pg_grow")]
public class PgGrowRetyped
{
    [PrimaryKey, AutoIncrement] public int Id { get; set; }
    public long Name { get; set; }
    public int Old { get; set; }
    public string? Added { get; set; }
}
