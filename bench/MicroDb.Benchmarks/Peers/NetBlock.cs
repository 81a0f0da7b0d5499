extern alias sqlitenet;

namespace MicroDb.Benchmarks.Peers;

/// <summary>Study 003's block for sqlite-net-pcl (table "Block", the schema of <see cref="Models.Block"/>).</summary>
[sqlitenet::SQLite.Table("Block")]
public sealed class NetBlock
{
    /// <summary>The row id.</summary>
    [sqlitenet::SQLite.PrimaryKey, sqlitenet::SQLite.AutoIncrement]
    public long Id { get; set; }

    /// <summary>The block hash.</summary>
    public string Hash { get; set; } = "";

    /// <summary>The block size in bytes.</summary>
    public long Size { get; set; }
}
