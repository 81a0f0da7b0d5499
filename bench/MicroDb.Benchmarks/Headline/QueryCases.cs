using MicroDb.Benchmarks.Infrastructure;
using MicroDb.Benchmarks.Models;
using MicroDb.Benchmarks.Serialization;
using MicroDb.Mapping;
using SQLitePCL;
#if HEADLINE_PEERS
using MicroDb.Benchmarks.Peers;
#endif

namespace MicroDb.Benchmarks.Headline;

/// <summary>
/// Reads from one file of 1,000 study-002 records (11 columns, mostly text), each side through its own connection:
/// Query 1,000 rows (same SQL text); the LINQ lookup <c>Table&lt;T&gt;().Where(x =&gt; x.Id == id).FirstOrDefault()</c>
/// (100 calls a round); a filtered, ordered 100-row LINQ read
/// <c>Table&lt;T&gt;().Where(x =&gt; x.Id &gt; lo &amp;&amp; x.Id &lt;= hi).OrderBy(x =&gt; x.Title).ToList()</c> (hi = lo + 100; sqlite-net cannot translate the addition) (3 calls a round).
/// The hand-written side runs the SQL those expressions mean through reused prepared statements. Each side's reads of a
/// round run inside one read transaction (BEGIN/COMMIT untimed, <see cref="WriteBatch.Reads"/>).
/// </summary>
public static class QueryCases
{
    private const int Rows = 1000;
    private const int Lookups = 100;
    private const int RangeReads = 3;
    /// <summary>The 11 columns every side reads, in the same SQL text.</summary>
    internal const string Columns = "\"Id\", \"Title\", \"Author\", \"Email\", \"Street\", \"City\", \"Country\", \"Summary\", \"Notes\", \"Rating\", \"Price\"";

    /// <summary>Case names.</summary>
    public const string Query = "Query 1,000 rows", Lookup = "LINQ lookup by key (per call)", Range = "LINQ 100 rows, filtered, ordered";

    /// <summary>Find of the same 11-column rows as the LINQ lookup: the yardstick issue 13's lookup target is set against.</summary>
    public const string FindRecord = "Find 11-column row by key (per call)";

    /// <summary>Runs the cases on every side.</summary>
    /// <param name="runner">The runner.</param>
    /// <param name="dir">Where the database file goes.</param>
    /// <param name="results">Where measurements go.</param>
    public static void Run(BenchRunner runner, TempDirectory dir, List<Measurement> results)
    {
        var path = dir.File("read.db");
        var sql = $"SELECT {Columns} FROM \"TextRecord\"";
        // Short timed bodies (see BenchRunner): 100 lookups or 3 range reads a round, rotating through the table.
        var keyChunks = Enumerable.Range(0, Rows).Select(i => ((i * 7919) % Rows) + 1).Chunk(Lookups).ToArray();
        var startChunks = Enumerable.Range(0, 30).Select(i => i * 30).Chunk(RangeReads).ToArray();
        var disposables = new List<IDisposable>();
        try
        {
            var generated = new MicroDbConnection(RawSqlite.Options(path, Durability.MicroDbDefault, MappingMode.Generated));
            disposables.Add(generated);
            generated.CreateTable<TextRecord>();
            generated.InsertAll(TextRecordData.Create(Rows));
            var db = RawSqlite.Open(path, Durability.MicroDbDefault);
            disposables.Add(db);
            var select = RawSqlite.Prepare(db, sql);
            var byKey = RawSqlite.Prepare(db, sql + " WHERE \"Id\" = ?");
            var range = RawSqlite.Prepare(db, sql + " WHERE \"Id\" > ? AND \"Id\" <= ? ORDER BY \"Title\"");
            disposables.AddRange([select, byKey, range]);

            var query = new List<Side>
            {
                WriteBatch.Reads("hand-written SQLitePCLRaw", SideRole.HandWritten, db, () => Expect(ReadRaw(select), Rows)),
                WriteBatch.Reads("MicroDb generated", SideRole.Generated, generated.Handle, () => Expect(generated.Query<TextRecord>(sql), Rows)),
            };
            var lookup = new List<Side>
            {
                WriteBatch.Reads("hand-written SQLitePCLRaw", SideRole.HandWritten, db, Rotating(keyChunks, keys =>
                {
                    foreach (var k in keys)
                    {
                        raw.sqlite3_bind_int(byKey, 1, k);
                        _ = ReadOne(byKey) ?? throw new InvalidOperationException($"Row {k} not found.");
                    }
                })),
                WriteBatch.Reads("MicroDb generated", SideRole.Generated, generated.Handle, Rotating(keyChunks, keys => LookupMicroDb(generated, keys))),
            };
            var finds = new List<Side>
            {
                WriteBatch.Reads("hand-written SQLitePCLRaw", SideRole.HandWritten, db, Rotating(keyChunks, keys =>
                {
                    foreach (var k in keys)
                    {
                        raw.sqlite3_bind_int(byKey, 1, k);
                        _ = ReadOne(byKey) ?? throw new InvalidOperationException($"Row {k} not found.");
                    }
                })),
                WriteBatch.Reads("MicroDb generated", SideRole.Generated, generated.Handle, Rotating(keyChunks, keys => FindMicroDb(generated, keys))),
            };
            var ranges = new List<Side>
            {
                WriteBatch.Reads("hand-written SQLitePCLRaw", SideRole.HandWritten, db, Rotating(startChunks, starts =>
                {
                    foreach (var lo in starts)
                    {
                        raw.sqlite3_bind_int(range, 1, lo);
                        raw.sqlite3_bind_int(range, 2, lo + 100);
                        Expect(ReadRaw(range), 100);
                    }
                })),
                WriteBatch.Reads("MicroDb generated", SideRole.Generated, generated.Handle, Rotating(startChunks, starts => RangeMicroDb(generated, starts))),
            };

            MicroDbConnection? reflection = null;
            var ok = BenchRunner.TrySetup(Query, "MicroDb reflection", SideRole.Reflection, () =>
            {
                reflection = new MicroDbConnection(RawSqlite.Options(path, Durability.MicroDbDefault, MappingMode.Reflection));
                disposables.Add(reflection);
                Expect(reflection.Query<TextRecord>(sql), Rows);
            }, out var failure);
            if (ok)
            {
                var c = reflection!;
                query.Add(WriteBatch.Reads("MicroDb reflection", SideRole.Reflection, c.Handle, () => Expect(c.Query<TextRecord>(sql), Rows)));
                lookup.Add(WriteBatch.Reads("MicroDb reflection", SideRole.Reflection, c.Handle, Rotating(keyChunks, keys => LookupMicroDb(c, keys))));
                finds.Add(WriteBatch.Reads("MicroDb reflection", SideRole.Reflection, c.Handle, Rotating(keyChunks, keys => FindMicroDb(c, keys))));
                ranges.Add(WriteBatch.Reads("MicroDb reflection", SideRole.Reflection, c.Handle, Rotating(startChunks, starts => RangeMicroDb(c, starts))));
            }

#if HEADLINE_PEERS
            var net = SqliteNet.Open(path, Durability.MicroDbDefault);
            disposables.Add(net);
            query.Add(WriteBatch.Reads("sqlite-net-pcl", SideRole.Peer, net.Handle, () => Expect(net.Query<NetTextRecord>(sql), Rows)));
            lookup.Add(WriteBatch.Reads("sqlite-net-pcl", SideRole.Peer, net.Handle, Rotating(keyChunks, keys =>
            {
                foreach (var id in keys)
                {
                    if (net.Table<NetTextRecord>().Where(x => x.Id == id).FirstOrDefault() is null)
                    {
                        throw new InvalidOperationException($"Row {id} not found.");
                    }
                }
            })));
            finds.Add(WriteBatch.Reads("sqlite-net-pcl", SideRole.Peer, net.Handle, Rotating(keyChunks, keys =>
            {
                foreach (var id in keys)
                {
                    if (net.Find<NetTextRecord>(id) is null)
                    {
                        throw new InvalidOperationException($"Row {id} not found.");
                    }
                }
            })));
            ranges.Add(WriteBatch.Reads("sqlite-net-pcl", SideRole.Peer, net.Handle, Rotating(startChunks, starts =>
            {
                foreach (var lo in starts)
                {
                    var hi = lo + 100;
                    Expect(net.Table<NetTextRecord>().Where(x => x.Id > lo && x.Id <= hi).OrderBy(x => x.Title).ToList(), 100);
                }
            })));
#endif

            results.AddRange(runner.Measure(Query, 1, query));
            if (failure is not null)
            {
                results.Add(failure);
            }

            results.AddRange(runner.Measure(Lookup, Lookups, lookup));
            results.AddRange(runner.Measure(FindRecord, Lookups, finds));
            results.AddRange(runner.Measure(Range, RangeReads, ranges));
            if (failure is not null)
            {
                results.Add(new Measurement { Case = Lookup, Side = failure.Side, Role = failure.Role, Failure = failure.Failure });
                results.Add(new Measurement { Case = FindRecord, Side = failure.Side, Role = failure.Role, Failure = failure.Failure });
                results.Add(new Measurement { Case = Range, Side = failure.Side, Role = failure.Role, Failure = failure.Failure });
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

    /// <summary>A body that works on the next chunk each call (each side has its own rotation, so all sides see the same chunk in a round).</summary>
    private static Action Rotating<T>(T[][] chunks, Action<T[]> body)
    {
        var i = 0;
        return () => body(chunks[i++ % chunks.Length]);
    }

    private static void LookupMicroDb(MicroDbConnection c, int[] keys)
    {
        foreach (var id in keys)
        {
            if (c.Table<TextRecord>().Where(x => x.Id == id).FirstOrDefault() is null)
            {
                throw new InvalidOperationException($"Row {id} not found.");
            }
        }
    }

    private static void FindMicroDb(MicroDbConnection c, int[] keys)
    {
        foreach (var id in keys)
        {
            if (c.Find<TextRecord>(id) is null)
            {
                throw new InvalidOperationException($"Row {id} not found.");
            }
        }
    }

    private static void RangeMicroDb(MicroDbConnection c, int[] starts)
    {
        foreach (var lo in starts)
        {
            var hi = lo + 100;
            Expect(c.Table<TextRecord>().Where(x => x.Id > lo && x.Id <= hi).OrderBy(x => x.Title).ToList(), 100);
        }
    }

    /// <summary>Step once, read the row (if any), reset.</summary>
    private static TextRecord? ReadOne(sqlite3_stmt stmt)
    {
        var row = raw.sqlite3_step(stmt) == raw.SQLITE_ROW ? RawSqlite.ReadTextRecord(stmt) : null;
        raw.sqlite3_reset(stmt);
        return row;
    }

    /// <summary>Step, read each column by ordinal into a new object, reset.</summary>
    private static List<TextRecord> ReadRaw(sqlite3_stmt stmt)
    {
        var list = new List<TextRecord>();
        while (raw.sqlite3_step(stmt) == raw.SQLITE_ROW)
        {
            list.Add(RawSqlite.ReadTextRecord(stmt));
        }

        raw.sqlite3_reset(stmt);
        return list;
    }

    private static void Expect<T>(List<T> rows, int count)
    {
        if (rows.Count != count)
        {
            throw new InvalidOperationException($"Read {rows.Count} of {count} rows.");
        }
    }
}
