namespace MicroDb.Npgsql.Benchmarks.Models;

/// <summary>The LINQ lookup table: a key and an indexed, unique e-mail address to find a row by.</summary>
[Table("pg_lookup")]
public sealed class PgLookupRow
{
    /// <summary>Identity key.</summary>
    [PrimaryKey, AutoIncrement]
    public long Id { get; set; }

    /// <summary>The address (varchar(100), unique index).</summary>
    [MaxLength(100), Unique]
    public string? Email { get; set; }

    /// <summary>A display name (varchar(100)).</summary>
    [MaxLength(100)]
    public string? Name { get; set; }
}
