using SQLite;

namespace MicroDb.SQLiteNet.Tests.Async;

/// <summary>A row one caller inserts, updates and deletes.</summary>
public class LoadItem
{
    [PrimaryKey, AutoIncrement]
    public long Id { get; set; }

    [Indexed]
    public int Worker { get; set; }

    public int Version { get; set; }
}
