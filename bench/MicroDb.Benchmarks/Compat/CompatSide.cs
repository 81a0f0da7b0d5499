using MicroDb.Benchmarks.Infrastructure;

namespace MicroDb.Benchmarks.Compat;

/// <summary>Opens MicroDb.SQLiteNet connections for the comparison: sqlite-net's calls, MicroDb's pragmas set explicitly.</summary>
public static class CompatSide
{
    /// <summary>The flags the app passes (sqlite-net's defaults, as the sqlite-net-pcl side uses them).</summary>
    /// <remarks>
    /// The compat package reads only ReadOnly/ReadWrite/Create from them: the MicroDbConnection underneath always opens
    /// with ReadWrite | Create | NoMutex | Uri and serializes calls with its own lock.
    /// </remarks>
    public const SQLite.SQLiteOpenFlags Flags = SQLite.SQLiteOpenFlags.ReadWrite | SQLite.SQLiteOpenFlags.Create | SQLite.SQLiteOpenFlags.FullMutex;

    /// <summary>
    /// Opens <paramref name="path"/> as a migrated app would, then sets the pragmas every other side has: the compat
    /// connection starts with sqlite-net's (SQLite's) defaults, MicroDbPreset.Untuned (rollback journal, synchronous FULL).
    /// </summary>
    /// <param name="path">The database file.</param>
    /// <param name="durability">The durability settings of the comparison.</param>
    public static SQLite.SQLiteConnection Open(string path, Durability durability)
    {
        var db = new SQLite.SQLiteConnection(new SQLite.SQLiteConnectionString(path, Flags, storeDateTimeAsTicks: true));
        db.BusyTimeout = TimeSpan.FromSeconds(5);
        foreach (var pragma in RawSqlite.Pragmas(durability))
        {
            RawSqlite.Exec(db.Handle, pragma);
        }

        return db;
    }

    /// <summary>Which MicroDb map the compat connection uses for <paramref name="type"/>, for the report.</summary>
    /// <param name="db">The connection.</param>
    /// <param name="type">The model type.</param>
    public static string MapKind(SQLite.SQLiteConnection db, Type type) =>
        db.MicroDbConnection.GetMap(type).IsGenerated ? "generated map" : "reflection map";
}
