namespace MicroDb.CrashWorker;

/// <summary>The checksum row of a mixed transaction: how many rows of the batch exist and what their values add up to.</summary>
[Table]
public class CrashBatch
{
    /// <summary>The batch.</summary>
    [PrimaryKey]
    public long Batch { get; set; }

    /// <summary>Rows of the batch that exist.</summary>
    public int Count { get; set; }

    /// <summary>Sum of <see cref="CrashRow.Value"/> over the batch's rows.</summary>
    public long Sum { get; set; }

    /// <summary>How many later transactions changed this batch.</summary>
    public int Mutations { get; set; }
}
