using MicroDb.Mapping;
using MicroDb.Npgsql.Benchmarks.Models;
using Npgsql;

namespace MicroDb.Npgsql.Benchmarks.Study003;

/// <summary>
/// Study 003's data, built as bench/MicroDb.Benchmarks' BlockData builds it (same seeds and shapes): N blocks with
/// base64 hashes of 32 random bytes, blocksets of 16 entries, fresh blocks for the write workloads.
/// </summary>
public sealed class PgBlockData
{
    /// <summary>Blocks per blockset.</summary>
    public const int EntriesPerBlockset = 16;

    /// <summary>Builds the data (fixed seeds).</summary>
    /// <param name="rows">Existing blocks.</param>
    /// <param name="operations">Operations per measured invocation.</param>
    public PgBlockData(int rows, int operations)
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

    /// <summary>Drops and recreates <c>Block</c> and <c>BlocksetEntry</c> with the N blocks and their blocksets (binary COPY, untimed).</summary>
    /// <param name="source">The server.</param>
    public void Load(NpgsqlDataSource source)
    {
        using var db = new MicroDbNpgsqlConnection(source, MappingMode.Reflection);
        db.Execute("DROP TABLE IF EXISTS \"Block\"; DROP TABLE IF EXISTS \"BlocksetEntry\"");
        db.CreateTable<PgBlock>();
        db.Execute(PgBlockSql.EntrySchema);
        db.BulkInsert(Enumerable.Range(0, Rows).Select(i => new PgBlock { Hash = Hashes[i], Size = Sizes[i] }));
        var random = new Random(4);
        using (var importer = db.Connection.BeginBinaryImport("COPY \"BlocksetEntry\" (\"BlocksetId\", \"BlockId\") FROM STDIN (FORMAT BINARY)"))
        {
            for (var b = 1L; b <= Blocksets; b++)
            {
                for (var e = 0; e < EntriesPerBlockset; e++)
                {
                    importer.StartRow();
                    importer.Write(b, NpgsqlTypes.NpgsqlDbType.Bigint);
                    importer.Write((long)random.Next(1, Rows + 1), NpgsqlTypes.NpgsqlDbType.Bigint);
                }
            }

            importer.Complete();
        }

        db.Execute("VACUUM ANALYZE \"Block\"");
        db.Execute("VACUUM ANALYZE \"BlocksetEntry\"");
    }
}
