namespace MicroDb.Benchmarks.Models;

/// <summary>Study 003's block: a hash (44-character base64 text) and a size, indexed together.</summary>
[Table("Block")]
public sealed class Block
{
    /// <summary>The row id.</summary>
    [PrimaryKey, AutoIncrement]
    public long Id { get; set; }

    /// <summary>The block hash.</summary>
    [NotNull, Indexed("Block_HashSize", 1, Unique = true)]
    public string Hash { get; set; } = "";

    /// <summary>The block size in bytes.</summary>
    [Indexed("Block_HashSize", 2, Unique = true)]
    public long Size { get; set; }
}
