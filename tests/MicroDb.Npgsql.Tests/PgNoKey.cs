namespace MicroDb.Npgsql.Tests;

/// <summary>A table without a primary key: it cannot be left-joined on PostgreSQL (no rowid tells a missing row).</summary>
[Table("pg_join_nokey")]
public class PgNoKey
{
    public int CustomerId { get; set; }
    public string? Label { get; set; }
}
