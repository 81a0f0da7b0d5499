using MicroDb.Benchmarks.Infrastructure;
using SQLitePCL;

namespace MicroDb.Benchmarks.Workloads;

/// <summary>Study 003's data written to a SQLite file (a template copied for each run).</summary>
public sealed partial class BlockData
{
    /// <summary>Copies the N-row database to <paramref name="path"/>, building the shared template under the temp folder on first use.</summary>
    /// <param name="path">The destination file.</param>
    public void CopyTemplate(string path)
    {
        var template = Path.Combine(Path.GetTempPath(), $"microdb-bench-blocks-v1-{Rows}.db");
        if (!File.Exists(template))
        {
            var building = template + ".tmp";
            File.Delete(building);
            WriteTemplate(building);
            File.Move(building, template, overwrite: true);
        }

        File.Copy(template, path);
    }

    /// <summary>Writes the N-row database once to <paramref name="path"/> (raw, one transaction).</summary>
    /// <param name="path">The file.</param>
    public void WriteTemplate(string path)
    {
        using var db = RawSqlite.Open(path, Durability.MicroDbDefault);
        RawSqlite.Exec(db, BlockSql.Schema);
        RawSqlite.Exec(db, "BEGIN IMMEDIATE");
        var insert = RawSqlite.Prepare(db, BlockSql.Insert);
        for (var i = 0; i < Rows; i++)
        {
            raw.sqlite3_bind_text16(insert, 1, Hashes[i].AsSpan());
            raw.sqlite3_bind_int64(insert, 2, Sizes[i]);
            RawSqlite.StepDone(db, insert);
        }

        insert.Dispose();
        var blockset = RawSqlite.Prepare(db, "INSERT INTO \"Blockset\" (\"Length\") VALUES (?)");
        var entry = RawSqlite.Prepare(db, BlockSql.AddEntry);
        var random = new Random(4);
        for (var b = 1; b <= Blocksets; b++)
        {
            raw.sqlite3_bind_int64(blockset, 1, EntriesPerBlockset);
            RawSqlite.StepDone(db, blockset);
            for (var e = 0; e < EntriesPerBlockset; e++)
            {
                raw.sqlite3_bind_int64(entry, 1, b);
                raw.sqlite3_bind_int64(entry, 2, random.Next(1, Rows + 1));
                RawSqlite.StepDone(db, entry);
            }
        }

        blockset.Dispose();
        entry.Dispose();
        RawSqlite.Exec(db, "COMMIT; PRAGMA wal_checkpoint(TRUNCATE);");
    }
}
