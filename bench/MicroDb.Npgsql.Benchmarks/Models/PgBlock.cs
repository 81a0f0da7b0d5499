namespace MicroDb.Npgsql.Benchmarks.Models;

/// <summary>Study 003's <c>Block</c> table (bench/MicroDb.Benchmarks' Block) on PostgreSQL.</summary>
[Table("Block")]
public sealed class PgBlock
{
    /// <summary>Identity key.</summary>
    [PrimaryKey, AutoIncrement]
    public long Id { get; set; }

    /// <summary>The block's hash (base64 of 32 bytes).</summary>
    [NotNull, Indexed("Block_HashSize", 1, Unique = true)]
    public string Hash { get; set; } = "";

    /// <summary>The block's size.</summary>
    [Indexed("Block_HashSize", 2, Unique = true)]
    public long Size { get; set; }
}
