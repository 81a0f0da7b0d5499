namespace MicroDb.Npgsql.Tests;

/// <summary>An identity key and a unique name: the upsert on a unique index.</summary>
[Table("pg_tag")]
public class Tag
{
    [PrimaryKey, AutoIncrement] public int Id { get; set; }
    [Unique] public string? Name { get; set; }
    public int Uses { get; set; }
}
