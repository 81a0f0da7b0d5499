extern alias sqlitenet;

using Net = sqlitenet::SQLite;

namespace MicroDb.SQLiteNet.Tests.Async.Shared;

/// <summary>The MAUI template's model marked for both libraries, so one file is written by one and read by the other.</summary>
public class TodoItem
{
    [SQLite.PrimaryKey, SQLite.AutoIncrement, Net.PrimaryKey, Net.AutoIncrement]
    public int ID { get; set; }

    public string Name { get; set; } = "";

    public string Notes { get; set; } = "";

    public bool Done { get; set; }
}
