namespace MicroDb.CrashWorker;

/// <summary>A row of an InsertAll batch or of a mixed transaction. <see cref="Expected"/> lets a reader tell a whole batch from part of one.</summary>
[Table]
public class CrashRow
{
    /// <summary>Row id.</summary>
    [PrimaryKey, AutoIncrement]
    public long Id { get; set; }

    /// <summary>The batch (one commit) that wrote the row; negative for work that is always rolled back.</summary>
    [Indexed]
    public long Batch { get; set; }

    /// <summary>Position in the batch.</summary>
    public int Seq { get; set; }

    /// <summary>How many rows an InsertAll batch wrote (0 for mixed transactions, whose count lives in <see cref="CrashBatch"/>).</summary>
    public int Expected { get; set; }

    /// <summary>A value: <see cref="CrashProtocol.RowValue"/> when inserted, raised by later transactions.</summary>
    public long Value { get; set; }

    /// <summary>Filler so that commits span several pages.</summary>
    public string Payload { get; set; } = "";
}
