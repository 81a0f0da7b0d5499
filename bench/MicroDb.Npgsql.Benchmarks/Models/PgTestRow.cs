namespace MicroDb.Npgsql.Benchmarks.Models;

/// <summary>Study 001's <c>Test</c> table (the SQLite headline's CRUD row) on PostgreSQL.</summary>
[Table("pg_test")]
public sealed class PgTestRow
{
    /// <summary>Identity key.</summary>
    [PrimaryKey, AutoIncrement]
    public long Id { get; set; }

    /// <summary>The text (varchar(500)).</summary>
    [MaxLength(500)]
    public string? TextData { get; set; }
}
