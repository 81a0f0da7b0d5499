extern alias sqlitenet;

using sqlitenet::SQLite;

namespace MicroDb.Benchmarks.Peers;

/// <summary>The sqlite-net-pcl side of study 001, written as its documentation shows: Insert, Update, Find, Delete by key.</summary>
public static class SqliteNetCrud
{
    /// <summary>Inserts each row (sqlite-net writes the new key back).</summary>
    /// <param name="db">The connection.</param>
    /// <param name="rows">The rows.</param>
    /// <returns>The rows changed, as sqlite-net returns them.</returns>
    public static int Insert(SQLiteConnection db, NetTestRow[] rows)
    {
        var changed = 0;
        foreach (var row in rows)
        {
            changed += db.Insert(row);
        }

        return changed;
    }

    /// <summary>Updates each row.</summary>
    /// <param name="db">The connection.</param>
    /// <param name="rows">The rows.</param>
    /// <returns>The rows changed, as sqlite-net returns them.</returns>
    public static int Update(SQLiteConnection db, NetTestRow[] rows)
    {
        var changed = 0;
        foreach (var row in rows)
        {
            changed += db.Update(row);
        }

        return changed;
    }

    /// <summary>Finds each key.</summary>
    /// <param name="db">The connection.</param>
    /// <param name="keys">The keys.</param>
    /// <returns>How many rows were found.</returns>
    public static int Read(SQLiteConnection db, long[] keys)
    {
        var found = 0;
        foreach (var key in keys)
        {
            found += db.Find<NetTestRow>(key) is not null ? 1 : 0;
        }

        return found;
    }

    /// <summary>Deletes each key.</summary>
    /// <param name="db">The connection.</param>
    /// <param name="keys">The keys.</param>
    /// <returns>The rows deleted, as sqlite-net returns them.</returns>
    public static int Delete(SQLiteConnection db, long[] keys)
    {
        var changed = 0;
        foreach (var key in keys)
        {
            changed += db.Delete<NetTestRow>(key);
        }

        return changed;
    }
}
