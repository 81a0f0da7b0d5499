using MicroDb.Benchmarks.Workloads;
using MicroDb.Mapping;
using MicroDb.Npgsql.Benchmarks.Models;
using Npgsql;

namespace MicroDb.Npgsql.Benchmarks.Study003;

/// <summary>Study 003's data (the SQLite bench's <see cref="BlockData"/>, linked: same seeds and shapes) loaded into PostgreSQL.</summary>
public static class PgBlockData
{
    /// <summary>Drops and recreates <c>Block</c> and <c>BlocksetEntry</c> with the N blocks and their blocksets (binary COPY, untimed).</summary>
    /// <param name="data">The blocks.</param>
    /// <param name="source">The server.</param>
    public static void Load(BlockData data, NpgsqlDataSource source)
    {
        using var db = new MicroDbNpgsqlConnection(source, MappingMode.Reflection);
        db.Execute("DROP TABLE IF EXISTS \"Block\"; DROP TABLE IF EXISTS \"BlocksetEntry\"");
        db.CreateTable<PgBlock>();
        db.Execute(PgBlockSql.EntrySchema);
        db.BulkInsert(Enumerable.Range(0, data.Rows).Select(i => new PgBlock { Hash = data.Hashes[i], Size = data.Sizes[i] }));
        var random = new Random(4);
        using (var importer = db.Connection.BeginBinaryImport("COPY \"BlocksetEntry\" (\"BlocksetId\", \"BlockId\") FROM STDIN (FORMAT BINARY)"))
        {
            for (var b = 1L; b <= data.Blocksets; b++)
            {
                for (var e = 0; e < BlockData.EntriesPerBlockset; e++)
                {
                    importer.StartRow();
                    importer.Write(b, NpgsqlTypes.NpgsqlDbType.Bigint);
                    importer.Write((long)random.Next(1, data.Rows + 1), NpgsqlTypes.NpgsqlDbType.Bigint);
                }
            }

            importer.Complete();
        }

        db.Execute("VACUUM ANALYZE \"Block\"");
        db.Execute("VACUUM ANALYZE \"BlocksetEntry\"");
    }
}
