using MicroDb.Mapping;
using MicroDb.Npgsql.Benchmarks.Models;
using Npgsql;

namespace MicroDb.Npgsql.Benchmarks;

/// <summary>Creates and fills the bench tables through MicroDb.Npgsql (untimed set-up).</summary>
public static class BenchTables
{
    /// <summary>Makes <c>pg_bench_row</c> hold exactly keys 1..<paramref name="rows"/> (reused across processes when it already does).</summary>
    /// <param name="source">The server.</param>
    /// <param name="rows">Rows wanted.</param>
    public static void EnsureBenchRows(NpgsqlDataSource source, int rows)
    {
        using var db = new MicroDbNpgsqlConnection(source, MappingMode.Reflection);
        db.CreateTable<PgBenchRow>();
        using (var count = new NpgsqlCommand("SELECT COUNT(*), COALESCE(MAX(\"Id\"), 0) FROM pg_bench_row", db.Connection))
        using (var reader = count.ExecuteReader())
        {
            reader.Read();
            if (reader.GetInt64(0) == rows && reader.GetInt64(1) == rows)
            {
                return;
            }
        }

        db.Execute("TRUNCATE pg_bench_row RESTART IDENTITY");
        var random = new Random(7);
        db.BulkInsert(Enumerable.Range(0, rows).Select(_ => PgBenchRow.Random(random)));
        db.Execute("VACUUM ANALYZE pg_bench_row");
    }
}
