namespace MicroDb.Benchmarks.Models;

/// <summary>Study 001's table: an integer key and one text column of at most 500 characters.</summary>
[Table("Test")]
public sealed class TestRow
{
    /// <summary>The row id.</summary>
    [PrimaryKey, AutoIncrement]
    public long Id { get; set; }

    /// <summary>The text (a GUID string in the testbench).</summary>
    [MaxLength(500)]
    public string? TextData { get; set; }
}
