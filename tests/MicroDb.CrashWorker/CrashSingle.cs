namespace MicroDb.CrashWorker;

/// <summary>A single-row commit (plain Insert, autocommit).</summary>
[Table]
public class CrashSingle
{
    /// <summary>The batch.</summary>
    [PrimaryKey]
    public long Id { get; set; }

    /// <summary>Random text.</summary>
    public string Payload { get; set; } = "";

    /// <summary><see cref="CrashProtocol.Hash"/> of <see cref="Payload"/>.</summary>
    public long Hash { get; set; }
}
