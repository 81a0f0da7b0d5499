extern alias sqlitenet;

using MicroDb.Benchmarks.Crud;
using MicroDb.Benchmarks.Headline;
using MicroDb.Benchmarks.Infrastructure;
using MicroDb.Benchmarks.Models;
using MicroDb.Benchmarks.Peers;
using MicroDb.Benchmarks.Serialization;
using MicroDb.Mapping;
using SQLitePCL;

namespace MicroDb.Benchmarks.Compat;

/// <summary>
/// Issue 14's comparison: the same calls through MicroDb's own API (generated maps), MicroDb.SQLiteNet (sqlite-net's API
/// on MicroDb) and sqlite-net-pcl 1.11.285, interleaved by <see cref="BenchRunner"/>. Every side has the same pragmas
/// (WAL, synchronous=NORMAL, foreign_keys=ON, 5 s busy timeout), the same schema (MicroDb's CREATE TABLE text) and
/// reuses prepared statements (each library's own cache). Per-call CRUD on study 001's table (250 calls a round, each
/// side on its own 1,000-row file, writes inside one untimed BEGIN IMMEDIATE/COMMIT after a checkpoint, reads inside
/// one read transaction); InsertAll of 1,000 rows in its own transaction (checkpoint before, untimed); reads of
/// study 002's 1,000 records from one shared file, each side on its own connection.
/// </summary>
public static class CompatCases
{
    private const int Rows = 1000;
    private const int Calls = 250;
    private const int Lookups = 100;
    private const int RangeReads = 3;

    /// <summary>Rows the per-call Insert and the InsertAll add; removed untimed after each round.</summary>
    private const string DeleteAdded = "DELETE FROM \"Test\" WHERE \"Id\" > 1000";

    /// <summary>Case names.</summary>
    public const string Find = "Find by key (per call)", Insert = "Insert (per call)", Update = "Update (per call)", Delete = "Delete by key (per call)",
        InsertAll = "InsertAll 1,000 rows", Query = "Query 1,000 rows", Lookup = "LINQ lookup by key (per call)", Range = "LINQ 100 rows, filtered, ordered";

    /// <summary>Side names.</summary>
    public const string MicroDbName = "MicroDb generated", CompatName = "MicroDb.SQLiteNet", NetName = "sqlite-net-pcl";

    /// <summary>Runs every case on the three sides.</summary>
    /// <param name="runner">The runner.</param>
    /// <param name="dir">Where the database files go.</param>
    /// <param name="results">Where measurements go.</param>
    /// <param name="notes">Facts for the report (which maps the compat side uses).</param>
    public static void Run(BenchRunner runner, TempDirectory dir, List<Measurement> results, List<string> notes)
    {
        var disposables = new List<IDisposable>();
        try
        {
            RunWrites(runner, dir, results, notes, disposables);
            RunReads(runner, dir, results, notes, disposables);
        }
        finally
        {
            for (var i = disposables.Count - 1; i >= 0; i--)
            {
                disposables[i].Dispose();
            }
        }
    }

    private static void RunWrites(BenchRunner runner, TempDirectory dir, List<Measurement> results, List<string> notes, List<IDisposable> disposables)
    {
        var data = new CrudData(Rows);
        var keyChunks = data.ReadKeys.Chunk(Calls).ToArray();
        var updateChunks = data.Updates.Chunk(Calls).ToArray();
        var inserts = data.Inserts.Take(Calls).Select(r => r.TextData!).ToArray();
        var bulk = data.Seed;
        var cases = new[] { Find, Insert, Update, Delete, InsertAll };
        var sides = cases.ToDictionary(c => c, _ => new List<Side>());
        var schema = RawSqlite.Schema(Maps.Generated<TestRow>());

        {
            var c = new MicroDbConnection(RawSqlite.Options(dir.File("microdb.db"), Durability.MicroDbDefault, MappingMode.Generated));
            disposables.Add(c);
            c.CreateTable<TestRow>();
            var rows = inserts.Select(t => new TestRow { TextData = t }).ToArray();
            var updates = updateChunks.Select(chunk => chunk.Select(r => new TestRow { Id = r.Id, TextData = r.TextData }).ToArray()).ToArray();
            var bulkRows = bulk.Select(t => new TestRow { TextData = t }).ToArray();
            AddWriteSides(sides, MicroDbName, SideRole.Generated, c.Handle, data.Seed, keyChunks,
                keys => MicroDbCrud.Read(c, keys, false),
                () => MicroDbCrud.Insert(c, rows, false),
                () => rows.Select(r => r.Id).ToArray(),
                i => MicroDbCrud.Update(c, updates[i % updates.Length], false),
                ids => MicroDbCrud.Delete(c, ids, false),
                () => c.InsertAll(bulkRows));
        }

        {
            var c = CompatSide.Open(dir.File("compat.db"), Durability.MicroDbDefault);
            disposables.Add(c);
            RawSqlite.Exec(c.Handle, schema);
            notes.Add($"{CompatName} maps {nameof(CompatTestRow)} with its {CompatSide.MapKind(c, typeof(CompatTestRow))}.");
            var rows = inserts.Select(t => new CompatTestRow { TextData = t }).ToArray();
            var updates = updateChunks.Select(chunk => chunk.Select(r => new CompatTestRow { Id = r.Id, TextData = r.TextData }).ToArray()).ToArray();
            var bulkRows = bulk.Select(t => new CompatTestRow { TextData = t }).ToArray();
            AddWriteSides(sides, CompatName, SideRole.Compat, c.Handle, data.Seed, keyChunks,
                keys => CompatCrud.Read(c, keys),
                () => CompatCrud.Insert(c, rows),
                () => rows.Select(r => r.Id).ToArray(),
                i => CompatCrud.Update(c, updates[i % updates.Length]),
                ids => CompatCrud.Delete(c, ids),
                () => c.InsertAll(bulkRows));
        }

        {
            var c = SqliteNet.Open(dir.File("sqlite-net.db"), Durability.MicroDbDefault);
            disposables.Add(c);
            RawSqlite.Exec(c.Handle, schema);
            var rows = inserts.Select(t => new NetTestRow { TextData = t }).ToArray();
            var updates = updateChunks.Select(chunk => chunk.Select(r => new NetTestRow { Id = r.Id, TextData = r.TextData }).ToArray()).ToArray();
            var bulkRows = bulk.Select(t => new NetTestRow { TextData = t }).ToArray();
            AddWriteSides(sides, NetName, SideRole.Peer, c.Handle, data.Seed, keyChunks,
                keys => SqliteNetCrud.Read(c, keys),
                () => SqliteNetCrud.Insert(c, rows),
                () => rows.Select(r => r.Id).ToArray(),
                i => SqliteNetCrud.Update(c, updates[i % updates.Length]),
                ids => SqliteNetCrud.Delete(c, ids),
                () => c.InsertAll(bulkRows));
        }

        foreach (var name in cases)
        {
            results.AddRange(runner.Measure(name, name == InsertAll ? 1 : Calls, sides[name]));
        }
    }

    /// <summary>The five write-file cases of one side, from its library calls.</summary>
    private static void AddWriteSides(
        Dictionary<string, List<Side>> sides, string name, SideRole role, sqlite3 db, string[] seed, long[][] keyChunks,
        Func<long[], int> find, Action insert, Func<long[]> insertedIds, Action<int> update, Action<long[]> delete, Action insertAll)
    {
        CrudTables.Reset(db, seed);
        WriteBatch.Setup(db);
        var (f, u) = (0, 0);
        var ids = Array.Empty<long>();
        sides[Find].Add(WriteBatch.Reads(name, role, db, () => Expect(find(keyChunks[f++ % keyChunks.Length]), Calls)));
        sides[Insert].Add(new(name, role, insert, () => WriteBatch.Begin(db), () => { RawSqlite.Exec(db, DeleteAdded); WriteBatch.Commit(db); }));
        sides[Update].Add(new(name, role, () => update(u++), () => WriteBatch.Begin(db), () => WriteBatch.Commit(db)));
        sides[Delete].Add(new(name, role, () => delete(ids), () => { WriteBatch.Begin(db); insert(); ids = insertedIds(); }, () => WriteBatch.Commit(db)));
        sides[InsertAll].Add(new(name, role, insertAll, () => WriteBatch.Checkpoint(db), () => RawSqlite.Exec(db, DeleteAdded)));
    }

    private static void RunReads(BenchRunner runner, TempDirectory dir, List<Measurement> results, List<string> notes, List<IDisposable> disposables)
    {
        var path = dir.File("read.db");
        var sql = $"SELECT {QueryCases.Columns} FROM \"TextRecord\"";
        var keyChunks = Enumerable.Range(0, Rows).Select(i => ((i * 7919) % Rows) + 1).Chunk(Lookups).ToArray();
        var startChunks = Enumerable.Range(0, 30).Select(i => i * 30).Chunk(RangeReads).ToArray();

        var micro = new MicroDbConnection(RawSqlite.Options(path, Durability.MicroDbDefault, MappingMode.Generated));
        disposables.Add(micro);
        micro.CreateTable<TextRecord>();
        micro.InsertAll(TextRecordData.Create(Rows));
        var compat = CompatSide.Open(path, Durability.MicroDbDefault);
        disposables.Add(compat);
        notes.Add($"{CompatName} maps {nameof(CompatTextRecord)} with its {CompatSide.MapKind(compat, typeof(CompatTextRecord))}.");
        var net = SqliteNet.Open(path, Durability.MicroDbDefault);
        disposables.Add(net);

        var query = new List<Side>
        {
            WriteBatch.Reads(MicroDbName, SideRole.Generated, micro.Handle, () => Expect(micro.Query<TextRecord>(sql).Count, Rows)),
            WriteBatch.Reads(CompatName, SideRole.Compat, compat.Handle, () => Expect(compat.Query<CompatTextRecord>(sql).Count, Rows)),
            WriteBatch.Reads(NetName, SideRole.Peer, net.Handle, () => Expect(net.Query<NetTextRecord>(sql).Count, Rows)),
        };
        var lookup = new List<Side>
        {
            WriteBatch.Reads(MicroDbName, SideRole.Generated, micro.Handle, Rotating(keyChunks, keys =>
            {
                foreach (var id in keys)
                {
                    Found(micro.Table<TextRecord>().Where(x => x.Id == id).FirstOrDefault(), id);
                }
            })),
            WriteBatch.Reads(CompatName, SideRole.Compat, compat.Handle, Rotating(keyChunks, keys =>
            {
                foreach (var id in keys)
                {
                    Found(compat.Table<CompatTextRecord>().Where(x => x.Id == id).FirstOrDefault(), id);
                }
            })),
            WriteBatch.Reads(NetName, SideRole.Peer, net.Handle, Rotating(keyChunks, keys =>
            {
                foreach (var id in keys)
                {
                    Found(net.Table<NetTextRecord>().Where(x => x.Id == id).FirstOrDefault(), id);
                }
            })),
        };
        var range = new List<Side>
        {
            WriteBatch.Reads(MicroDbName, SideRole.Generated, micro.Handle, Rotating(startChunks, starts =>
            {
                foreach (var lo in starts)
                {
                    var hi = lo + 100;
                    Expect(micro.Table<TextRecord>().Where(x => x.Id > lo && x.Id <= hi).OrderBy(x => x.Title).ToList().Count, 100);
                }
            })),
            WriteBatch.Reads(CompatName, SideRole.Compat, compat.Handle, Rotating(startChunks, starts =>
            {
                foreach (var lo in starts)
                {
                    var hi = lo + 100;
                    Expect(compat.Table<CompatTextRecord>().Where(x => x.Id > lo && x.Id <= hi).OrderBy(x => x.Title).ToList().Count, 100);
                }
            })),
            WriteBatch.Reads(NetName, SideRole.Peer, net.Handle, Rotating(startChunks, starts =>
            {
                foreach (var lo in starts)
                {
                    var hi = lo + 100;
                    Expect(net.Table<NetTextRecord>().Where(x => x.Id > lo && x.Id <= hi).OrderBy(x => x.Title).ToList().Count, 100);
                }
            })),
        };

        results.AddRange(runner.Measure(Query, 1, query));
        results.AddRange(runner.Measure(Lookup, Lookups, lookup));
        results.AddRange(runner.Measure(Range, RangeReads, range));
    }

    /// <summary>A body that works on the next chunk each call (each side has its own rotation, so all sides see the same chunk in a round).</summary>
    private static Action Rotating<T>(T[][] chunks, Action<T[]> body)
    {
        var i = 0;
        return () => body(chunks[i++ % chunks.Length]);
    }

    private static void Found(object? row, int id)
    {
        if (row is null)
        {
            throw new InvalidOperationException($"Row {id} not found.");
        }
    }

    private static void Expect(int count, int expected)
    {
        if (count != expected)
        {
            throw new InvalidOperationException($"Got {count} of {expected} rows: the table is not in the expected state.");
        }
    }
}
