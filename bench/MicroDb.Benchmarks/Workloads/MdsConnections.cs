using Microsoft.Data.Sqlite;

namespace MicroDb.Benchmarks.Workloads;

/// <summary>Opens Microsoft.Data.Sqlite connections with MicroDb's default durability (WAL, synchronous=NORMAL, foreign keys).</summary>
public static class MdsConnections
{
    /// <summary>Opens <paramref name="path"/>.</summary>
    /// <param name="path">The database file.</param>
    public static SqliteConnection Open(string path)
    {
        var db = new SqliteConnection(new SqliteConnectionStringBuilder { DataSource = path, Pooling = false }.ToString());
        db.Open();
        using var command = db.CreateCommand();
        command.CommandText = "PRAGMA journal_mode=WAL; PRAGMA synchronous=1; PRAGMA foreign_keys=ON; PRAGMA busy_timeout=5000;";
        command.ExecuteNonQuery();
        return db;
    }
}
