using System.Data.Common;
using System.Data.SQLite;

namespace MicroDb.Benchmarks.Workloads;

/// <summary>
/// System.Data.SQLite (System.Data.SQLite.Core 1.0.119) with one prepared command per statement, parameters reused.
/// It brings its own native library (SQLite.Interop, its own SQLite build), not the e_sqlite3 every other side loads.
/// </summary>
/// <param name="path">The database file, opened with the same pragmas as the other providers.</param>
public sealed class SdsBlockStore(string path) : AdoBlockStore(Open(path))
{
    /// <inheritdoc />
    protected override void Describe(DbCommand command, string sql, int parameters)
    {
        command.CommandText = sql; // plain "?" placeholders: System.Data.SQLite binds unnamed parameters by position
        for (var i = 0; i < parameters; i++)
        {
            command.Parameters.Add(new SQLiteParameter());
        }
    }

    private static SQLiteConnection Open(string path)
    {
        var db = new SQLiteConnection($"Data Source={path};Pooling=False");
        db.Open();
        using var pragmas = db.CreateCommand();
        pragmas.CommandText = "PRAGMA journal_mode=WAL; PRAGMA synchronous=1; PRAGMA foreign_keys=ON; PRAGMA busy_timeout=5000;";
        pragmas.ExecuteNonQuery();
        return db;
    }
}
