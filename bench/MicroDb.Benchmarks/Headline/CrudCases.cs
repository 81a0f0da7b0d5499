using MicroDb.Benchmarks.Crud;
using MicroDb.Benchmarks.Infrastructure;
using MicroDb.Benchmarks.Models;
using MicroDb.Mapping;
#if HEADLINE_PEERS
using MicroDb.Benchmarks.Peers;
#endif

namespace MicroDb.Benchmarks.Headline;

/// <summary>
/// Study 001 per call: each side on its own file seeded with 1,000 rows (WAL, synchronous NORMAL, foreign keys on).
/// Hand-written SQLitePCLRaw with reused prepared statements (RawCrud), MicroDb's Insert/Update/Find/Delete
/// (MicroDbCrud, generated and reflection maps), and sqlite-net-pcl's (SqliteNetCrud; JIT headline only).
/// One round is 250 calls per side (reads and updates rotate through the 1,000 rows); times are per call. Every side's
/// writes return the rows changed (the hand-written side reads sqlite3_changes, as MicroDb and sqlite-net do), and each
/// round checks that all 250 calls hit a row. Writes run inside a <see cref="WriteBatch"/> (checkpoint and
/// an untimed write before, COMMIT after, all untimed); reads in one read transaction per round (BEGIN/COMMIT untimed).
/// </summary>
public static class CrudCases
{
    private const int Rows = 1000;

    /// <summary>Calls per side per round: short timed bodies (see <see cref="BenchRunner"/>); reads and updates rotate through the 1,000 rows.</summary>
    private const int Calls = 250;

    /// <summary>Case names.</summary>
    public const string Insert = "Insert (per call)", Update = "Update (per call)", Find = "Find by key (per call)", Delete = "Delete by key (per call)";

    /// <summary>Runs the four cases on every side.</summary>
    /// <param name="runner">The runner.</param>
    /// <param name="dir">Where the database files go.</param>
    /// <param name="results">Where measurements go.</param>
    public static void Run(BenchRunner runner, TempDirectory dir, List<Measurement> results)
    {
        var data = new CrudData(Rows);
        var keyChunks = data.ReadKeys.Chunk(Calls).ToArray();
        var updateChunks = data.Updates.Chunk(Calls).ToArray();
        var inserts = data.Inserts.Take(Calls).ToArray();
        var cases = new[] { Find, Insert, Update, Delete };
        var sides = cases.ToDictionary(c => c, _ => new List<Side>());
        var failures = new List<Measurement>();
        var disposables = new List<IDisposable>();

        try
        {
            var rawCrud = new RawCrud(dir.File("raw.db"), Durability.MicroDbDefault, Maps.Generated<TestRow>());
            disposables.Add(rawCrud);
            rawCrud.CreateTable();
            CrudTables.Reset(rawCrud.Db, data.Seed);
            WriteBatch.Setup(rawCrud.Db);
            {
                // Each side inserts its own copies of the rows (the insert writes the new key back into the object).
                var db = rawCrud.Db;
                var rows = Copy(inserts);
                var ids = new long[Calls];
                const string name = "hand-written SQLitePCLRaw";
                const SideRole role = SideRole.HandWritten;
                var (f, u) = (0, 0);
                sides[Find].Add(WriteBatch.Reads(name, role, db, () => Expect(rawCrud.Read(keyChunks[f++ % keyChunks.Length], false))));
                sides[Insert].Add(new(name, role, () => Expect(rawCrud.Insert(rows, false)), () => WriteBatch.Begin(db), () => { CaptureIds(rows, ids); rawCrud.Delete(ids, false); WriteBatch.Commit(db); }));
                sides[Update].Add(new(name, role, () => Expect(rawCrud.Update(updateChunks[u++ % updateChunks.Length], false)), () => WriteBatch.Begin(db), () => WriteBatch.Commit(db)));
                sides[Delete].Add(new(name, role, () => Expect(rawCrud.Delete(ids, false)), () => { WriteBatch.Begin(db); rawCrud.Insert(rows, false); CaptureIds(rows, ids); }, () => WriteBatch.Commit(db)));
            }

            foreach (var mode in new[] { MappingMode.Generated, MappingMode.Reflection })
            {
                var name = mode == MappingMode.Generated ? "MicroDb generated" : "MicroDb reflection";
                var role = mode == MappingMode.Generated ? SideRole.Generated : SideRole.Reflection;
                MicroDbConnection? connection = null;
                var ok = BenchRunner.TrySetup(Insert, name, role, () =>
                {
                    connection = new MicroDbConnection(RawSqlite.Options(dir.File(mode + ".db"), Durability.MicroDbDefault, mode));
                    disposables.Add(connection);
                    connection.CreateTable<TestRow>();
                }, out var failure);
                if (!ok)
                {
                    // The map could not be built (reflection under NativeAOT): every cell of this side fails the same way.
                    failures.AddRange(cases.Select(c => new Measurement { Case = c, Side = name, Role = role, Failure = failure!.Failure }));
                    continue;
                }

                var c = connection!;
                var db = c.Handle;
                CrudTables.Reset(db, data.Seed);
                WriteBatch.Setup(db);
                var rows = Copy(inserts);
                var ids = new long[Calls];
                var (f, u) = (0, 0);
                sides[Find].Add(WriteBatch.Reads(name, role, db, () => Expect(MicroDbCrud.Read(c, keyChunks[f++ % keyChunks.Length], false))));
                sides[Insert].Add(new(name, role, () => Expect(MicroDbCrud.Insert(c, rows, false)), () => WriteBatch.Begin(db), () => { CaptureIds(rows, ids); MicroDbCrud.Delete(c, ids, false); WriteBatch.Commit(db); }));
                sides[Update].Add(new(name, role, () => Expect(MicroDbCrud.Update(c, updateChunks[u++ % updateChunks.Length], false)), () => WriteBatch.Begin(db), () => WriteBatch.Commit(db)));
                sides[Delete].Add(new(name, role, () => Expect(MicroDbCrud.Delete(c, ids, false)), () => { WriteBatch.Begin(db); MicroDbCrud.Insert(c, rows, false); CaptureIds(rows, ids); }, () => WriteBatch.Commit(db)));
            }

#if HEADLINE_PEERS
            {
                const string name = "sqlite-net-pcl";
                const SideRole role = SideRole.Peer;
                var net = SqliteNet.Open(dir.File("sqlite-net.db"), Durability.MicroDbDefault);
                disposables.Add(net);
                var db = net.Handle;
                RawSqlite.Exec(db, RawSqlite.Schema(Maps.Generated<TestRow>()));
                CrudTables.Reset(db, data.Seed);
                WriteBatch.Setup(db);
                var rows = inserts.Select(r => new NetTestRow { TextData = r.TextData }).ToArray();
                var updates = updateChunks.Select(chunk => chunk.Select(r => new NetTestRow { Id = r.Id, TextData = r.TextData }).ToArray()).ToArray();
                var (f, u) = (0, 0);
                var ids = new long[Calls];
                void Capture()
                {
                    for (var i = 0; i < rows.Length; i++)
                    {
                        ids[i] = rows[i].Id;
                    }
                }

                sides[Find].Add(WriteBatch.Reads(name, role, db, () => Expect(SqliteNetCrud.Read(net, keyChunks[f++ % keyChunks.Length]))));
                sides[Insert].Add(new(name, role, () => Expect(SqliteNetCrud.Insert(net, rows)), () => WriteBatch.Begin(db), () => { Capture(); SqliteNetCrud.Delete(net, ids); WriteBatch.Commit(db); }));
                sides[Update].Add(new(name, role, () => Expect(SqliteNetCrud.Update(net, updates[u++ % updates.Length])), () => WriteBatch.Begin(db), () => WriteBatch.Commit(db)));
                sides[Delete].Add(new(name, role, () => Expect(SqliteNetCrud.Delete(net, ids)), () => { WriteBatch.Begin(db); SqliteNetCrud.Insert(net, rows); Capture(); }, () => WriteBatch.Commit(db)));
            }
#endif

            foreach (var name in cases)
            {
                results.AddRange(runner.Measure(name, Calls, sides[name]));
                results.AddRange(failures.Where(f => f.Case == name));
            }
        }
        finally
        {
            for (var i = disposables.Count - 1; i >= 0; i--)
            {
                disposables[i].Dispose();
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

    // Every side returns how many of its calls found, added, changed or deleted a row; all of them must have.
    private static void Expect(int rows)
    {
        if (rows != Calls)
        {
            throw new InvalidOperationException($"{rows} of {Calls} calls found or changed a row: the table is not in the expected state.");
        }
    }
}
