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
        var ids = new long[Rows];

        void CaptureIds()
        {
            for (var i = 0; i < Rows; i++)
            {
                ids[i] = data.Inserts[i].Id;
            }
        }

        using (var rawCrud = new RawCrud(dir.File("raw.db"), Durability.MicroDbDefault, Maps.Generated<TestRow>()))
        {
            rawCrud.CreateTable();
            CrudTables.Reset(rawCrud.Db, data.Seed);
            RawSqlite.Exec(rawCrud.Db, "BEGIN IMMEDIATE");
            const string side = "raw SQLitePCLRaw (baseline)";
            results.Add(runner.Measure(Insert, side, true, Rows, () => rawCrud.Insert(data.Inserts, false), after: () => { CaptureIds(); rawCrud.Delete(ids, false); }));
            results.Add(runner.Measure(Update, side, true, Rows, () => rawCrud.Update(data.Updates, false)));
            results.Add(runner.Measure(Find, side, true, Rows, () => Expect(rawCrud.Read(data.ReadKeys, false))));
            results.Add(runner.Measure(Delete, side, true, Rows, () => rawCrud.Delete(ids, false), before: () => { rawCrud.Insert(data.Inserts, false); CaptureIds(); }));
            RawSqlite.Exec(rawCrud.Db, "COMMIT");
        }

        foreach (var mode in new[] { MappingMode.Generated, MappingMode.Reflection })
        {
            var side = mode == MappingMode.Generated ? "generated" : "reflection";
            MicroDbConnection? db = null;
            try
            {
                var setupFailure = BenchRunner.Guard(Insert, side, () =>
                {
                    db = new MicroDbConnection(RawSqlite.Options(dir.File(side + ".db"), Durability.MicroDbDefault, mode));
                    db.CreateTable<TestRow>();
                    return new Measurement { Case = Insert, Side = side };
                });
                if (setupFailure.Failure is not null)
                {
                    // The map could not be built (reflection under NativeAOT): every cell of this side fails the same way.
                    foreach (var name in new[] { Insert, Update, Find, Delete })
                    {
                        results.Add(new Measurement { Case = name, Side = side, Failure = setupFailure.Failure });
                    }

                    continue;
                }

                var c = db!;
                CrudTables.Reset(c.Handle, data.Seed);
                c.BeginTransaction();
                results.Add(runner.Measure(Insert, side, false, Rows, () => MicroDbCrud.Insert(c, data.Inserts, false), after: () => { CaptureIds(); MicroDbCrud.Delete(c, ids, false); }));
                results.Add(runner.Measure(Update, side, false, Rows, () => MicroDbCrud.Update(c, data.Updates, false)));
                results.Add(runner.Measure(Find, side, false, Rows, () => Expect(MicroDbCrud.Read(c, data.ReadKeys, false))));
                results.Add(runner.Measure(Delete, side, false, Rows, () => MicroDbCrud.Delete(c, ids, false), before: () => { MicroDbCrud.Insert(c, data.Inserts, false); CaptureIds(); }));
                c.Commit();
            }
            finally
            {
                db?.Dispose();
            }
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
