using MicroDb.Benchmarks.Crud;
using MicroDb.Benchmarks.Infrastructure;
using MicroDb.Benchmarks.Models;
using MicroDb.Mapping;

namespace MicroDb.AotBench;

/// <summary>
/// Study 001 per operation, without commit or checkpoint noise: each side works inside one open transaction on
/// its own file seeded with 1,000 rows (WAL, synchronous NORMAL). Hand-written SQLitePCLRaw with reused prepared
/// statements (the BenchmarkDotNet suite's RawCrud) against MicroDb's Insert/Update/Find/Delete (MicroDbCrud).
/// One iteration is 1,000 calls; times are per call.
/// </summary>
internal static class CrudCases
{
    private const int Rows = 1000;
    private const string Insert = "Insert (per call)";
    private const string Update = "Update (per call)";
    private const string Find = "Find by key (per call)";
    private const string Delete = "Delete by key (per call)";

    /// <summary>Runs the four cases on every side.</summary>
    /// <param name="runner">The runner.</param>
    /// <param name="dir">Where the database files go.</param>
    /// <param name="results">Where measurements go.</param>
    public static void Run(BenchRunner runner, TempDirectory dir, List<Measurement> results)
    {
        var data = new CrudData(Rows);
        var cases = new[] { Insert, Update, Find, Delete };
        var sides = cases.ToDictionary(c => c, _ => new List<Side>());
        var failures = new List<Measurement>();
        var connections = new List<MicroDbConnection>();
        var inTransaction = new List<MicroDbConnection>();

        using var rawCrud = new RawCrud(dir.File("raw.db"), Durability.MicroDbDefault, Maps.Generated<TestRow>());
        rawCrud.CreateTable();
        CrudTables.Reset(rawCrud.Db, data.Seed);
        RawSqlite.Exec(rawCrud.Db, "BEGIN IMMEDIATE");
        {
            // Each side inserts its own copies of the rows (the insert writes the new key back into the object).
            var rows = Copy(data.Inserts);
            var ids = new long[Rows];
            const string name = "raw SQLitePCLRaw (baseline)";
            sides[Insert].Add(new(name, true, () => rawCrud.Insert(rows, false), After: () => { CaptureIds(rows, ids); rawCrud.Delete(ids, false); }));
            sides[Update].Add(new(name, true, () => rawCrud.Update(data.Updates, false)));
            sides[Find].Add(new(name, true, () => Expect(rawCrud.Read(data.ReadKeys, false))));
            sides[Delete].Add(new(name, true, () => rawCrud.Delete(ids, false), Before: () => { rawCrud.Insert(rows, false); CaptureIds(rows, ids); }));
        }

        try
        {
            foreach (var mode in new[] { MappingMode.Generated, MappingMode.Reflection })
            {
                var name = mode == MappingMode.Generated ? "generated" : "reflection";
                MicroDbConnection? db = null;
                var ok = BenchRunner.TrySetup(Insert, name, () =>
                {
                    db = new MicroDbConnection(RawSqlite.Options(dir.File(name + ".db"), Durability.MicroDbDefault, mode));
                    connections.Add(db);
                    db.CreateTable<TestRow>();
                }, out var failure);
                if (!ok)
                {
                    // The map could not be built (reflection under NativeAOT): every cell of this side fails the same way.
                    failures.AddRange(cases.Select(c => new Measurement { Case = c, Side = name, Failure = failure!.Failure }));
                    continue;
                }

                var c = db!;
                CrudTables.Reset(c.Handle, data.Seed);
                c.BeginTransaction();
                inTransaction.Add(c);
                var rows = Copy(data.Inserts);
                var ids = new long[Rows];
                sides[Insert].Add(new(name, false, () => MicroDbCrud.Insert(c, rows, false), After: () => { CaptureIds(rows, ids); MicroDbCrud.Delete(c, ids, false); }));
                sides[Update].Add(new(name, false, () => MicroDbCrud.Update(c, data.Updates, false)));
                sides[Find].Add(new(name, false, () => Expect(MicroDbCrud.Read(c, data.ReadKeys, false))));
                sides[Delete].Add(new(name, false, () => MicroDbCrud.Delete(c, ids, false), Before: () => { MicroDbCrud.Insert(c, rows, false); CaptureIds(rows, ids); }));
            }

            foreach (var name in cases)
            {
                results.AddRange(runner.Measure(name, Rows, sides[name]));
                results.AddRange(failures.Where(f => f.Case == name));
            }

            RawSqlite.Exec(rawCrud.Db, "COMMIT");
            foreach (var c in inTransaction)
            {
                c.Commit();
            }
        }
        finally
        {
            foreach (var c in connections)
            {
                c.Dispose();
            }
        }
    }

    private static TestRow[] Copy(TestRow[] rows) => rows.Select(r => new TestRow { TextData = r.TextData }).ToArray();

    private static void CaptureIds(TestRow[] rows, long[] ids)
    {
        for (var i = 0; i < rows.Length; i++)
        {
            ids[i] = rows[i].Id;
        }
    }

    private static void Expect(int found)
    {
        if (found != Rows)
        {
            throw new InvalidOperationException($"Found {found} of {Rows} rows: the table is not in the expected state.");
        }
    }
}
