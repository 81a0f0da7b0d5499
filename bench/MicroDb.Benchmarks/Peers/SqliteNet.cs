extern alias sqlitenet;

using MicroDb.Benchmarks.Infrastructure;
using sqlitenet::SQLite;

namespace MicroDb.Benchmarks.Peers;

/// <summary>Opens sqlite-net-pcl connections the way the comparisons need them: its default open flags, MicroDb's pragmas set explicitly.</summary>
public static class SqliteNet
{
    /// <summary>
    /// sqlite-net-pcl's default open flags: ReadWrite | Create | FullMutex (SQLite's serialized threading mode: every
    /// call takes the connection's mutex). MicroDb and the hand-written side open with ReadWrite | Create | NoMutex | Uri.
    /// </summary>
    public const SQLiteOpenFlags Flags = SQLiteOpenFlags.ReadWrite | SQLiteOpenFlags.Create | SQLiteOpenFlags.FullMutex;

    /// <summary>Opens <paramref name="path"/> with sqlite-net's defaults and sets the same pragmas as every other side (and MicroDb's 5 s busy timeout).</summary>
    /// <param name="path">The database file.</param>
    /// <param name="durability">The durability settings.</param>
    public static SQLiteConnection Open(string path, Durability durability)
    {
        RawSqlite.Init();
        var db = new SQLiteConnection(new SQLiteConnectionString(path, Flags, storeDateTimeAsTicks: true));
        db.BusyTimeout = TimeSpan.FromSeconds(5);
        foreach (var pragma in RawSqlite.Pragmas(durability))
        {
            RawSqlite.Exec(db.Handle, pragma);
        }

        return db;
    }
}
