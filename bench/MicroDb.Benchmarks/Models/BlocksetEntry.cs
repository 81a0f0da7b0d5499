namespace MicroDb.Benchmarks.Models;

/// <summary>Study 003's link between a blockset and a block.</summary>
[Table("BlocksetEntry")]
public sealed class BlocksetEntry
{
    /// <summary>The blockset.</summary>
    [Indexed]
    public long BlocksetId { get; set; }

    /// <summary>The block.</summary>
    public long BlockId { get; set; }
}
