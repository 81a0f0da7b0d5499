namespace MicroDb.SQLiteNet.CrashWorker;

using SQLite;

/// <summary>A row of an InsertAll batch or of a mixed transaction, mapped with sqlite-net's attributes.</summary>
public class CompatCrashRow
{
    /// <summary>Row id.</summary>
    [PrimaryKey, AutoIncrement]
    public long Id { get; set; }

    /// <summary>The batch (one commit) that wrote the row; negative for work that is always rolled back.</summary>
    [Indexed]
    public long Batch { get; set; }

    /// <summary>Position in the batch.</summary>
    public int Seq { get; set; }

    /// <summary>How many rows an InsertAll batch wrote (0 for mixed transactions, whose count is in <see cref="CompatCrashBatch"/>).</summary>
    public int Expected { get; set; }

    /// <summary>A value: the protocol's row value when inserted, raised by later transactions.</summary>
    public long Value { get; set; }

    /// <summary>Filler so that commits span several pages.</summary>
    public string Payload { get; set; } = "";
}
