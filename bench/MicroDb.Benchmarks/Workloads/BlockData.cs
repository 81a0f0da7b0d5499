using MicroDb.Benchmarks.Infrastructure;
using SQLitePCL;

namespace MicroDb.Benchmarks.Workloads;

/// <summary>Study 003's data: N existing blocks (base64 SHA-256-sized hashes), blocksets of 16 entries, and fresh blocks for the write workloads.</summary>
public sealed class BlockData
{
    /// <summary>Blocks per blockset.</summary>
    public const int EntriesPerBlockset = 16;

    /// <summary>Builds the data (fixed seed).</summary>
    /// <param name="rows">Existing blocks.</param>
    /// <param name="operations">Operations per measured invocation.</param>
    public BlockData(int rows, int operations)
    {
        var random = new Random(3);
        Rows = rows;
        Hashes = new string[rows];
        Sizes = new long[rows];
        var bytes = new byte[32];
        for (var i = 0; i < rows; i++)
        {
            random.NextBytes(bytes);
            Hashes[i] = Convert.ToBase64String(bytes);
            Sizes[i] = random.Next(1, 102_400);
        }

        Blocksets = Math.Max(1, rows / EntriesPerBlockset);
        ExistingPicks = Enumerable.Range(0, operations).Select(_ => random.Next(rows)).ToArray();
        NewHashes = new string[operations];
        NewSizes = new long[operations];
        for (var i = 0; i < operations; i++)
        {
            random.NextBytes(bytes);
            NewHashes[i] = Convert.ToBase64String(bytes);
            NewSizes[i] = random.Next(1, 102_400);
        }

        BlocksetPicks = Enumerable.Range(0, operations).Select(_ => (long)random.Next(1, Blocksets + 1)).ToArray();
    }

    /// <summary>Existing block count.</summary>
    public int Rows { get; }

    /// <summary>Existing hashes; block i+1 has Hashes[i].</summary>
    public string[] Hashes { get; }

    /// <summary>Existing sizes.</summary>
    public long[] Sizes { get; }

    /// <summary>Existing blockset count.</summary>
    public int Blocksets { get; }

    /// <summary>Random indexes of existing blocks.</summary>
    public int[] ExistingPicks { get; }

    /// <summary>Hashes not in the table.</summary>
    public string[] NewHashes { get; }

    /// <summary>Sizes for <see cref="NewHashes"/>.</summary>
    public long[] NewSizes { get; }

    /// <summary>Random existing blockset ids.</summary>
    public long[] BlocksetPicks { get; }

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
