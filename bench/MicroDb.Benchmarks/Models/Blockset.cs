namespace MicroDb.Benchmarks.Models;

/// <summary>Study 003's blockset: a set of blocks and its length.</summary>
[Table("Blockset")]
public sealed class Blockset
{
    /// <summary>The row id.</summary>
    [PrimaryKey, AutoIncrement]
    public long Id { get; set; }

    /// <summary>How many blocks the set has.</summary>
    public long Length { get; set; }
}
