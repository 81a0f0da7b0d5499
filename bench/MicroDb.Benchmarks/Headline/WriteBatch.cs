using MicroDb.Benchmarks.Infrastructure;
using SQLitePCL;

namespace MicroDb.Benchmarks.Headline;

/// <summary>
/// Keeps fsync out of timed writes. Before each timed batch (untimed): PRAGMA wal_checkpoint(TRUNCATE), which
/// copies the WAL into the database and syncs; one small write, which restarts the WAL; BEGIN IMMEDIATE. The timed
/// batch runs inside that transaction, and its COMMIT runs untimed after it. Every side does the same through its own
/// connection handle (sqlite-net's and MicroDb's handles are SQLitePCLRaw sqlite3 handles too). Reads likewise run inside
/// one read transaction per round (BEGIN and COMMIT untimed), so a per-call read measures the library, not SQLite's
/// per-statement read-lock acquisition.
/// </summary>
public static class WriteBatch
{
    /// <summary>Creates the one-row table the untimed write touches.</summary>
    /// <param name="db">The connection.</param>
    public static void Setup(sqlite3 db) =>
        RawSqlite.Exec(db, "CREATE TABLE IF NOT EXISTS \"BenchTouch\" (\"N\" INTEGER NOT NULL); INSERT INTO \"BenchTouch\" VALUES (0)");

    /// <summary>Checkpoint, untimed write, BEGIN IMMEDIATE.</summary>
    /// <param name="db">The connection.</param>
    public static void Begin(sqlite3 db)
    {
        Checkpoint(db);
        RawSqlite.Exec(db, "BEGIN IMMEDIATE");
    }

    /// <summary>
    /// Checkpoint and untimed write only, before a timed call that opens and commits its own transaction (InsertAll):
    /// under WAL with synchronous=NORMAL that COMMIT does not sync, and the emptied WAL leaves no checkpoint to it.
    /// </summary>
    /// <param name="db">The connection.</param>
    public static void Checkpoint(sqlite3 db)
    {
        RawSqlite.Exec(db, "PRAGMA wal_checkpoint(TRUNCATE)");
        RawSqlite.Exec(db, "UPDATE \"BenchTouch\" SET \"N\" = \"N\" + 1");
    }

    /// <summary>BEGIN (deferred: the first read takes the read snapshot) before a timed batch of reads.</summary>
    /// <param name="db">The connection.</param>
    public static void BeginRead(sqlite3 db) => RawSqlite.Exec(db, "BEGIN");

    /// <summary>A read side: its timed body runs inside one read transaction per round, BEGIN and COMMIT untimed.</summary>
    /// <param name="name">The side's name.</param>
    /// <param name="role">Its role.</param>
    /// <param name="db">Its connection handle.</param>
    /// <param name="body">The reads.</param>
    public static Side Reads(string name, SideRole role, sqlite3 db, Action body) => new(name, role, body, () => BeginRead(db), () => Commit(db));

    /// <summary>COMMIT (untimed).</summary>
    /// <param name="db">The connection.</param>
    public static void Commit(sqlite3 db) => RawSqlite.Exec(db, "COMMIT");
}
