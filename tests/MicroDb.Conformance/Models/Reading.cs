namespace MicroDb.Conformance.Models;

/// <summary>A <see cref="long"/> auto-incremented key, for typed-key lookups and the key write-back of a 64-bit key.</summary>
[Table("readings")]
public class Reading
{
    [PrimaryKey, AutoIncrement]
    public long Id { get; set; }

    public double Value { get; set; }
}
