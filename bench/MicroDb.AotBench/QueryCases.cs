using MicroDb.Benchmarks.Infrastructure;
using MicroDb.Benchmarks.Models;
using MicroDb.Benchmarks.Serialization;
using MicroDb.Mapping;
using SQLitePCL;

namespace MicroDb.AotBench;

/// <summary>Reading 1,000 rows into objects: a hand-written loop over a reused prepared statement vs MicroDb's Query&lt;T&gt;; same file, same SQL.</summary>
internal static class QueryCases
{
    private const int Rows = 1000;
    private const string Query = "Query 1,000 rows";

    /// <summary>Runs the case on every side.</summary>
    /// <param name="runner">The runner.</param>
    /// <param name="dir">Where the database file goes.</param>
    /// <param name="results">Where measurements go.</param>
    public static void Run(BenchRunner runner, TempDirectory dir, List<Measurement> results)
    {
        var path = dir.File("read.db");
        var sql = Maps.Generated<TextRecord>().Sql.SelectAll;
        using var generated = new MicroDbConnection(RawSqlite.Options(path, Durability.MicroDbDefault, MappingMode.Generated));
        generated.CreateTable<TextRecord>();
        generated.InsertAll(TextRecordData.Create(Rows));
        using var db = RawSqlite.Open(path, Durability.MicroDbDefault);
        using var select = RawSqlite.Prepare(db, sql);
        var sides = new List<Side>
        {
            new("raw SQLitePCLRaw (baseline)", true, () => Expect(ReadRaw(select))),
            new("generated", false, () => Expect(generated.Query<TextRecord>(sql))),
        };

        MicroDbConnection? reflection = null;
        try
        {
            var ok = BenchRunner.TrySetup(Query, "reflection", () =>
            {
                reflection = new MicroDbConnection(RawSqlite.Options(path, Durability.MicroDbDefault, MappingMode.Reflection));
                Expect(reflection.Query<TextRecord>(sql));
            }, out var failure);
            if (ok)
            {
                var c = reflection!;
                sides.Add(new("reflection", false, () => Expect(c.Query<TextRecord>(sql))));
            }

            results.AddRange(runner.Measure(Query, 1, sides));
            if (failure is not null)
            {
                results.Add(failure);
            }
        }
        finally
        {
            reflection?.Dispose();
        }
    }

    /// <summary>Step, read each column by ordinal into a new object.</summary>
    private static List<TextRecord> ReadRaw(sqlite3_stmt stmt)
    {
        var list = new List<TextRecord>();
        while (raw.sqlite3_step(stmt) == raw.SQLITE_ROW)
        {
            list.Add(new TextRecord
            {
                Id = raw.sqlite3_column_int(stmt, 0),
                Title = Text(stmt, 1),
                Author = Text(stmt, 2),
                Email = Text(stmt, 3),
                Street = Text(stmt, 4),
                City = Text(stmt, 5),
                Country = Text(stmt, 6),
                Summary = Text(stmt, 7),
                Notes = Text(stmt, 8),
                Rating = raw.sqlite3_column_int(stmt, 9),
                Price = raw.sqlite3_column_double(stmt, 10),
            });
        }

        raw.sqlite3_reset(stmt);
        return list;
    }

    private static string? Text(sqlite3_stmt stmt, int i) =>
        raw.sqlite3_column_type(stmt, i) == raw.SQLITE_NULL ? null : raw.sqlite3_column_text(stmt, i).utf8_to_string();

    private static void Expect(List<TextRecord> rows)
    {
        if (rows.Count != Rows)
        {
            throw new InvalidOperationException($"Read {rows.Count} of {Rows} rows.");
        }
    }
}
