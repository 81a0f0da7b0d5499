using MicroDb.Benchmarks.Headline;
using MicroDb.Mapping;
using MicroDb.Npgsql.Benchmarks.Models;
using Npgsql;
using NpgsqlTypes;

namespace MicroDb.Npgsql.Benchmarks.Bulk;

/// <summary>
/// Loading <see cref="Rows"/> rows into an empty table, interleaved (the headline's <see cref="BenchRunner"/>):
/// hand-written binary COPY (<c>NpgsqlBinaryImporter</c>, typed writes: the baseline), MicroDb.Npgsql's
/// <c>BulkInsert</c> (binary COPY through the map) and <c>InsertAll</c> (<c>NpgsqlBatch</c>es of 500 INSERT ... RETURNING,
/// identity keys read back), each with generated and reflection maps. The table is emptied (TRUNCATE, untimed) after
/// each side's load; one operation is one whole load.
/// </summary>
public static class BulkCases
{
    /// <summary>Rows per load.</summary>
    public const int Rows = 10_000;

    /// <summary>The case's name.</summary>
    public const string Name = "Load 10,000 rows";

    /// <summary>Runs the case.</summary>
    /// <param name="runner">The runner.</param>
    /// <param name="source">The server.</param>
    /// <param name="results">Where measurements go.</param>
    public static void Run(BenchRunner runner, NpgsqlDataSource source, List<Measurement> results)
    {
        using var raw = source.OpenConnection();
        using var generated = new MicroDbNpgsqlConnection(source, MappingMode.Generated);
        using var reflection = new MicroDbNpgsqlConnection(source, MappingMode.Reflection);
        generated.Execute("DROP TABLE IF EXISTS pg_bulk_row");
        generated.CreateTable<PgBulkRow>();

        var random = new Random(11);
        var template = Enumerable.Range(0, Rows).Select(_ => PgBulkRow.Random(random)).ToArray();
        void Truncate() => generated.Execute("TRUNCATE pg_bulk_row RESTART IDENTITY");
        void Check(long loaded)
        {
            if (loaded != Rows)
            {
                throw new InvalidOperationException($"A load stored {loaded} rows instead of {Rows}.");
            }
        }

        Side Load(string name, SideRole role, Func<PgBulkRow[], long> load)
        {
            var rows = template.Select(r => new PgBulkRow { Number = r.Number, Text = r.Text, Value = r.Value }).ToArray();
            return new Side(name, role, () => Check(load(rows)),
                Before: () =>
                {
                    foreach (var row in rows)
                    {
                        row.Id = 0;
                    }
                },
                After: Truncate);
        }

        var sides = new List<Side>
        {
            Load("hand-written binary COPY", SideRole.HandWritten, rows => RawCopy(raw, rows)),
            Load("BulkInsert (COPY) generated", SideRole.Generated, rows => generated.BulkInsert(rows)),
            Load("BulkInsert (COPY) reflection", SideRole.Reflection, rows => reflection.BulkInsert(rows)),
            Load("InsertAll (NpgsqlBatch) generated", SideRole.Generated, rows => generated.InsertAll(rows)),
            Load("InsertAll (NpgsqlBatch) reflection", SideRole.Reflection, rows => reflection.InsertAll(rows)),
        };
        Console.WriteLine(Name);
        results.AddRange(runner.Measure(Name, 1, sides));
    }

    private static long RawCopy(NpgsqlConnection connection, PgBulkRow[] rows)
    {
        using var transaction = connection.BeginTransaction();
        ulong copied;
        using (var importer = connection.BeginBinaryImport("COPY \"pg_bulk_row\" (\"Number\", \"Text\", \"Value\") FROM STDIN (FORMAT BINARY)"))
        {
            foreach (var row in rows)
            {
                importer.StartRow();
                importer.Write(row.Number, NpgsqlDbType.Bigint);
                importer.Write(row.Text, NpgsqlDbType.Text);
                importer.Write(row.Value, NpgsqlDbType.Double);
            }

            copied = importer.Complete();
        }

        transaction.Commit();
        return (long)copied;
    }
}
