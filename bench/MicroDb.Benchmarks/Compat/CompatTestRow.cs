namespace MicroDb.Benchmarks.Compat;

// The models a sqlite-net app brings along after switching to MicroDb.SQLiteNet: the compat package's attributes
// (global namespace SQLite; sqlite-net-pcl's own are only reachable through the "sqlitenet" alias in this project).
// Same tables and columns as Models.TestRow / Models.TextRecord and Peers.NetTestRow / Peers.NetTextRecord.

/// <summary>Study 001's row, attributed for MicroDb.SQLiteNet (table "Test").</summary>
[SQLite.Table("Test")]
public sealed class CompatTestRow
{
    /// <summary>The row id.</summary>
    [SQLite.PrimaryKey, SQLite.AutoIncrement]
    public long Id { get; set; }

    /// <summary>The text.</summary>
    [SQLite.MaxLength(500)]
    public string? TextData { get; set; }
}
