extern alias sqlitenet;

using Net = sqlitenet::SQLite;

namespace MicroDb.SQLiteNet.Tests.Cross;

/// <summary>A row both libraries map, for the async connection-sharing parity tests.</summary>
[SQLite.Table("shared_rows"), Net.Table("shared_rows")]
public sealed class SharedRow
{
    [SQLite.PrimaryKey, SQLite.AutoIncrement, Net.PrimaryKey, Net.AutoIncrement]
    public int Id { get; set; }

    public string? Text { get; set; }
}
