using SQLite;

namespace MicroDb.SQLiteNet.Tests.Async;

/// <summary>An account whose balance moves between rows in transactions (the sum never changes).</summary>
public class Purse
{
    [PrimaryKey, AutoIncrement]
    public int Id { get; set; }

    public long Balance { get; set; }
}
