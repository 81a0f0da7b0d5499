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
/// (100 calls a round), measured in the same interleaved rounds as <c>Find&lt;T&gt;(id)</c> of the same rows, so each LINQ
/// side also gets a paired ratio to its own Find; the compiled lookup
/// <c>MicroDbQuery.Compile((MicroDbConnection db, int id) =&gt; db.Table&lt;T&gt;().FirstOrDefault(p =&gt; p.Id == id))</c> of the
/// same keys in the same rounds (with its own ratio to Find: issue 20's target is at most 1.05x Find, with Find's
/// allocations); a filtered, ordered 100-row LINQ read
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

    /// <summary>The same lookup as a compiled query (<see cref="MicroDbQuery.Compile{TArg, TResult}"/>), measured in the lookup's rounds.</summary>
    public const string CompiledLookup = "Compiled lookup by key (per call)";

    /// <summary>
    /// Only the lambda the LINQ lookup passes (<c>x =&gt; x.Id == id</c>): the closure and expression tree the C# compiler
    /// builds before every call, which an interceptor receives and cannot avoid. Measured in the lookup's rounds, so its
    /// ratio to Find is the part of the LINQ lookup's ratio no query engine can remove.
    /// </summary>
    public const string LambdaTree = "LINQ lookup's lambda tree alone (per call)";

    /// <summary>The compiled lookup: compiled once, called with each key on each side's connection.</summary>
    private static readonly Func<MicroDbConnection, int, TextRecord?> CompiledById =
        MicroDbQuery.Compile((MicroDbConnection db, int id) => db.Table<TextRecord>().FirstOrDefault(p => p.Id == id));

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
            // Find runs in the lookup's rounds (one interleaved case), so LINQ ÷ Find is a paired ratio with an interval.
            var finds = new List<Side>
            {
                WriteBatch.Reads("MicroDb generated" + FindSuffix, SideRole.Generated, generated.Handle, Rotating(keyChunks, keys => FindMicroDb(generated, keys))),
            };
            var compiled = new List<Side>
            {
                WriteBatch.Reads("MicroDb generated" + TreeSuffix, SideRole.Generated, generated.Handle, Rotating(keyChunks, LambdaTreeOnly)),
                WriteBatch.Reads("MicroDb generated" + CompiledSuffix, SideRole.Generated, generated.Handle, Rotating(keyChunks, keys => CompiledMicroDb(generated, keys))),
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
                finds.Add(WriteBatch.Reads("MicroDb reflection" + FindSuffix, SideRole.Reflection, c.Handle, Rotating(keyChunks, keys => FindMicroDb(c, keys))));
                compiled.Add(WriteBatch.Reads("MicroDb reflection" + CompiledSuffix, SideRole.Reflection, c.Handle, Rotating(keyChunks, keys => CompiledMicroDb(c, keys))));
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
            finds.Add(WriteBatch.Reads("sqlite-net-pcl" + FindSuffix, SideRole.Peer, net.Handle, Rotating(keyChunks, keys =>
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

            results.AddRange(MeasurePaired(runner, lookup, compiled, finds));
            results.AddRange(runner.Measure(Range, RangeReads, ranges));
            if (failure is not null)
            {
                results.Add(new Measurement { Case = Lookup, Side = failure.Side, Role = failure.Role, Failure = failure.Failure });
                results.Add(new Measurement { Case = FindRecord, Side = failure.Side, Role = failure.Role, Failure = failure.Failure });
                results.Add(new Measurement { Case = CompiledLookup, Side = failure.Side, Role = failure.Role, Failure = failure.Failure });
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

    private const string FindSuffix = " (Find)", CompiledSuffix = " (compiled)", TreeSuffix = " (lambda tree alone)";

    /// <summary>
    /// The LINQ lookup, the compiled lookup and Find of the same rows in one interleaved case, reported as the three
    /// cases: every ratio to hand-written comes from the same rounds, and each lookup side also gets its ratio to the same
    /// side's Find.
    /// </summary>
    private static List<Measurement> MeasurePaired(BenchRunner runner, List<Side> lookup, List<Side> compiled, List<Side> finds)
    {
        var all = runner.Measure(Lookup + " + " + CompiledLookup + " + " + FindRecord, Lookups, [.. lookup, .. compiled, .. finds]).ToList();
        var found = all.Where(m => m.Side.EndsWith(FindSuffix, StringComparison.Ordinal)).ToList();
        var results = new List<Measurement>();
        foreach (var m in all.Except(found))
        {
            var isCompiled = m.Side.EndsWith(CompiledSuffix, StringComparison.Ordinal);
            var isTree = m.Side.EndsWith(TreeSuffix, StringComparison.Ordinal);
            var caseName = isCompiled ? CompiledLookup : isTree ? LambdaTree : Lookup;
            var side = isCompiled ? m.Side[..^CompiledSuffix.Length] : isTree ? m.Side[..^TreeSuffix.Length] : m.Side;
            var find = found.FirstOrDefault(f => f.Role == m.Role);
            (double, double, double)? versus = find is null || m.IsBaseline ? null : BenchRunner.RatioStatistics(m.Times, find.Times);
            if (versus is { } v)
            {
                Console.WriteLine($"  {(isCompiled ? "compiled lookup" : isTree ? "lambda tree alone" : "LINQ lookup") + " ÷ Find",-30} {side,-30} ratio {Format.Ratio(v.Item1)} [{Format.Ratio(v.Item2)}–{Format.Ratio(v.Item3)}] (same rounds)");
            }

            results.Add(Measurement.Refiled(m, caseName, side: side, versusFind: versus));
        }

        foreach (var m in all.Where(m => m.IsBaseline))
        {
            results.Add(Measurement.Refiled(m, CompiledLookup));
            results.Add(Measurement.Refiled(m, LambdaTree));
            results.Add(Measurement.Refiled(m, FindRecord));
        }

        foreach (var m in found)
        {
            results.Add(Measurement.Refiled(m, FindRecord, side: m.Side[..^FindSuffix.Length]));
        }

        return results;
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

    /// <summary>Builds the lookup's lambda for each key and nothing else (what the compiler emits at the call site).</summary>
    private static void LambdaTreeOnly(int[] keys)
    {
        foreach (var id in keys)
        {
            if (Lambda(id).Parameters.Count != 1)
            {
                throw new InvalidOperationException("Unexpected lambda.");
            }
        }

        static System.Linq.Expressions.Expression<Func<TextRecord, bool>> Lambda(int id) => x => x.Id == id;
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

    private static void CompiledMicroDb(MicroDbConnection c, int[] keys)
    {
        foreach (var id in keys)
        {
            if (CompiledById(c, id) is null)
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
