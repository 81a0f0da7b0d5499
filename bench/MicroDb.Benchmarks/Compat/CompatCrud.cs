namespace MicroDb.Benchmarks.Compat;

/// <summary>The MicroDb.SQLiteNet side of study 001: the same sqlite-net calls as <see cref="Peers.SqliteNetCrud"/>, on the compat package.</summary>
public static class CompatCrud
{
    /// <summary>Inserts each row (the new key is written back).</summary>
    /// <param name="db">The connection.</param>
    /// <param name="rows">The rows.</param>
    public static void Insert(SQLite.SQLiteConnection db, CompatTestRow[] rows)
    {
        foreach (var row in rows)
        {
            db.Insert(row);
        }
    }

    /// <summary>Updates each row.</summary>
    /// <param name="db">The connection.</param>
    /// <param name="rows">The rows.</param>
    public static void Update(SQLite.SQLiteConnection db, CompatTestRow[] rows)
    {
        foreach (var row in rows)
        {
            db.Update(row);
        }
    }

    /// <summary>Finds each key.</summary>
    /// <param name="db">The connection.</param>
    /// <param name="keys">The keys.</param>
    /// <returns>How many rows were found.</returns>
    public static int Read(SQLite.SQLiteConnection db, long[] keys)
    {
        var found = 0;
        foreach (var key in keys)
        {
            found += db.Find<CompatTestRow>(key) is not null ? 1 : 0;
        }

        return found;
    }

    /// <summary>Deletes each key.</summary>
    /// <param name="db">The connection.</param>
    /// <param name="keys">The keys.</param>
    public static void Delete(SQLite.SQLiteConnection db, long[] keys)
    {
        foreach (var key in keys)
        {
            db.Delete<CompatTestRow>(key);
        }
    }
}
