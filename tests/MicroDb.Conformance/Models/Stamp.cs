namespace MicroDb.Conformance.Models;

/// <summary>Indexed members of the types whose comparisons MicroDb rewrites into ranges, for EXPLAIN QUERY PLAN tests.</summary>
[Table]
public class Stamp
{
    [PrimaryKey, AutoIncrement]
    public long Id { get; set; }

    [Indexed]
    public ulong Counter { get; set; }

    [Indexed]
    public DateTime At { get; set; }

    [Indexed, StoreAsText]
    public DateTime AtText { get; set; }

    [Indexed]
    public decimal Amount { get; set; }

    [Indexed]
    public double Ratio { get; set; }

    [Indexed]
    public string Name { get; set; } = "";

    public DateTimeOffset Offset { get; set; }
}
