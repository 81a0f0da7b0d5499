namespace MicroDb.Tests.Reliability.Models;

/// <summary>One row per acknowledged stress-test write.</summary>
[Table]
public class StressAudit
{
    [PrimaryKey, AutoIncrement]
    public long Id { get; set; }

    public int From { get; set; }

    public int To { get; set; }

    public int Amount { get; set; }

    public string? Note { get; set; }
}
