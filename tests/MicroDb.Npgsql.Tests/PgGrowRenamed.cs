namespace MicroDb.Npgsql.Tests;

/// <summary><see cref="PgGrowV1"/>'s table under a new name (<c>[RenamedFrom]</c> on the class), with one column added.</summary>
[Table("pg_grown"), RenamedFrom("pg_grow")]
public class PgGrowRenamed
{
    [PrimaryKey, AutoIncrement] public int Id { get; set; }
    public string? Name { get; set; }
    public int Old { get; set; }
    [Indexed] public string? Added { get; set; }
}
