namespace MicroDb.SQLiteNet.CrashWorker;

using SQLite;

/// <summary>A row written by a single InsertAsync, with a hash of its payload.</summary>
public class CompatCrashSingle
{
    /// <summary>The batch number.</summary>
    [PrimaryKey]
    public long Id { get; set; }

    /// <summary>Random text.</summary>
    public string Payload { get; set; } = "";

    /// <summary>The protocol's hash of <see cref="Payload"/>.</summary>
    public long Hash { get; set; }
}
