namespace MicroDb.Tests.Reliability.Models;

/// <summary>An account the stress test moves money between.</summary>
[Table]
public class StressAccount
{
    [PrimaryKey, AutoIncrement]
    public int Id { get; set; }

    [NotNull]
    public string Owner { get; set; } = "";

    public long Balance { get; set; }
}
