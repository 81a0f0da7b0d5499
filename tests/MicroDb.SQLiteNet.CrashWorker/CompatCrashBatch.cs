namespace MicroDb.SQLiteNet.CrashWorker;

using SQLite;

/// <summary>The checksum of a mixed transaction's rows: only a whole transaction matches it.</summary>
public class CompatCrashBatch
{
    /// <summary>The batch.</summary>
    [PrimaryKey]
    public long Batch { get; set; }

    /// <summary>How many rows the batch has.</summary>
    public int Count { get; set; }

    /// <summary>The sum of their values.</summary>
    public long Sum { get; set; }

    /// <summary>How many later transactions changed the batch.</summary>
    public int Mutations { get; set; }
}
