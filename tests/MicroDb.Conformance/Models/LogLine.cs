namespace MicroDb.Conformance.Models;

/// <summary>No primary key: insert and query work, update and delete by key do not.</summary>
[Table]
public class LogLine
{
    public string? Message { get; set; }

    public int Level { get; set; }
}
