using MicroDb.Benchmarks.Infrastructure;
using SQLitePCL;

namespace MicroDb.Benchmarks.Crud;

/// <summary>Puts the testbench table into a known state between iterations (not measured).</summary>
public static class CrudTables
{
    /// <summary>Empties the table and restarts its key sequence; with <paramref name="seed"/>, refills rows 1..N.</summary>
    /// <param name="db">Any connection's handle (MicroDbConnection.Handle for MicroDb's side).</param>
    /// <param name="seed">Texts for rows 1..N, or null to leave the table empty.</param>
    public static void Reset(sqlite3 db, string[]? seed)
    {
        RawSqlite.Exec(db, "BEGIN IMMEDIATE; DELETE FROM \"Test\"; DELETE FROM sqlite_sequence WHERE name = 'Test';");
        if (seed is not null)
        {
            var stmt = RawSqlite.Prepare(db, "INSERT INTO \"Test\" (\"Id\", \"TextData\") VALUES (?, ?)");
            for (var i = 0; i < seed.Length; i++)
            {
                raw.sqlite3_bind_int64(stmt, 1, i + 1);
                raw.sqlite3_bind_text16(stmt, 2, seed[i].AsSpan());
                RawSqlite.StepDone(db, stmt);
            }

            stmt.Dispose();
        }

        RawSqlite.Exec(db, "COMMIT");
    }
}
