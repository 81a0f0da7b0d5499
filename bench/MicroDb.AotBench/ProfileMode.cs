using System.Runtime.CompilerServices;
using MicroDb.Benchmarks.Crud;
using MicroDb.Benchmarks.Headline;
using MicroDb.Benchmarks.Infrastructure;
using MicroDb.Benchmarks.Models;
using MicroDb.Benchmarks.Serialization;
using MicroDb.Mapping;
using SQLitePCL;

namespace MicroDb.AotBench;

/// <summary>
/// <c>--profile &lt;case&gt; &lt;side&gt; [calls]</c>: runs ONE side of one headline read case in a loop, for
/// <c>valgrind --tool=callgrind --toggle-collect=*ProfileMode*Measured*</c> (instruction counts do not depend on machine
/// load). Cases: <c>find</c> (Find of a 2-column TestRow by long key, as CrudCases), <c>find11</c> (Find of an 11-column
/// TextRecord by int key), <c>range</c> (the 100-row filtered, ordered read), <c>query</c> (1,000 rows), <c>join</c> and
/// <c>group</c> (the relational cases' 1,000-row join and GroupBy over 10,000 rows), <c>joinsql</c> and <c>groupsql</c>
/// (generated side only: the same chains ended by ToSqlString, so their translation's share of a run can be read). Sides:
/// <c>hand</c> (the headline's hand-written SQLitePCLRaw code) or <c>generated</c> (MicroDb, generated map). Both sides run
/// inside one read transaction, like a headline round. The write cases <c>insert</c>, <c>update</c> and <c>serialize</c>
/// (also on the <c>reflection</c> side) are in <see cref="ProfileWrites"/>. Setup and a warm-up run outside the measured method, so only the
/// measured calls are counted: divide the costs by the calls printed (callgrind's call counts include the warm-up's).
/// docs/benchmarks.md, "Where Find and the 100-row read spend their time", has the commands and the results.
/// </summary>
internal static class ProfileMode
{
    /// <summary>Runs the profile mode.</summary>
    /// <param name="args">case, side, optional call count, optional warm-up count (write cases only).</param>
    /// <returns>The exit code.</returns>
    public static int Run(string[] args)
    {
        if (args.Length < 2 || args[1] is not ("hand" or "generated" or "reflection")
            || (args[0] is not ("find" or "find11" or "range" or "query" or "join" or "group" or "joinsql" or "groupsql") && !ProfileWrites.IsCase(args[0]))
            || (args[0].EndsWith("sql", StringComparison.Ordinal) && args[1] == "hand")
            || (args[1] == "reflection" && !ProfileWrites.IsCase(args[0])))
        {
            Console.Error.WriteLine("Usage: MicroDb.AotBench --profile <find|find11|range|query|join|group|joinsql|groupsql|insert|update|serialize> <hand|generated|reflection> [calls] (joinsql, groupsql: generated only; reflection: insert, update, serialize only)");
            return 2;
        }

        var calls = args.Length > 2 && int.TryParse(args[2], System.Globalization.CultureInfo.InvariantCulture, out var n) && n > 0 ? n : 10_000;
        var hand = args[1] == "hand";
        using var dir = new TempDirectory();
        var disposables = new List<IDisposable>();
        try
        {
            if (ProfileWrites.IsCase(args[0]))
            {
                var warm = args.Length > 3 && int.TryParse(args[3], System.Globalization.CultureInfo.InvariantCulture, out var w) && w >= 0 ? w : Math.Min(calls, 1000);
                return RunWrites(dir, args[0], args[1], calls, warm, disposables);
            }

            var (db, body) = args[0] switch
            {
                "find" => FindTestRow(dir, hand, disposables),
                "join" or "group" or "joinsql" or "groupsql" => RelationalCase(dir, args[0], hand, disposables),
                _ => TextRecordCase(dir, args[0], hand, disposables),
            };
            WriteBatch.BeginRead(db);
            Warm(body, Math.Min(calls, 1000));
            var found = Measured(body, calls);
            WriteBatch.Commit(db);
            Console.WriteLine($"profile {args[0]} {args[1]}: {calls} calls, {found} rows");
            return 0;
        }
        finally
        {
            for (var i = disposables.Count - 1; i >= 0; i--)
            {
                disposables[i].Dispose();
            }
        }
    }

    // insert and update run inside one write transaction (checkpoint, untimed write, BEGIN IMMEDIATE), serialize in none.
    // Under the JIT, profiled as the total of a run with N calls minus one with fewer (see docs/benchmarks.md, issue 24's
    // before/after), the optional warm count and the pauses below let tiered compilation finish before the measured calls.
    private static int RunWrites(TempDirectory dir, string name, string side, int calls, int warm, List<IDisposable> disposables)
    {
        var (db, body) = ProfileWrites.Setup(dir, name, side, disposables);
        if (db is not null)
        {
            WriteBatch.Begin(db);
        }

        Warm(body, warm);
        if (RuntimeFeature.IsDynamicCodeCompiled)
        {
            // Tiered compilation moves a method on in steps (tier 0, instrumented tier, tier 1 with PGO), each after calls
            // counted once a delay has passed: warm up again after pauses so the measured calls run the final code.
            for (var round = 0; round < 3; round++)
            {
                Thread.Sleep(1000);
                Warm(body, warm);
            }

            Thread.Sleep(1000);
        }

        var done = Measured(body, calls);
        if (db is not null)
        {
            WriteBatch.Commit(db);
        }

        Console.WriteLine($"profile {name} {side}: {calls} calls, {done} rows");
        return 0;
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    private static long Warm(Func<int, int> body, int calls) => Loop(body, calls) - 1; // a body unlike Measured's, so no folding can merge the two

    [MethodImpl(MethodImplOptions.NoInlining)]
    private static long Measured(Func<int, int> body, int calls) => Loop(body, calls);

    private static long Loop(Func<int, int> body, int calls)
    {
        long rows = 0;
        for (var i = 0; i < calls; i++)
        {
            rows += body(i);
        }

        return rows;
    }

    private static (sqlite3 Db, Func<int, int> Body) FindTestRow(TempDirectory dir, bool hand, List<IDisposable> disposables)
    {
        var data = new CrudData(1000);
        var keys = data.ReadKeys;
        if (hand)
        {
            var rawCrud = new RawCrud(dir.File("raw.db"), Durability.MicroDbDefault, Maps.Generated<TestRow>());
            disposables.Add(rawCrud);
            rawCrud.CreateTable();
            CrudTables.Reset(rawCrud.Db, data.Seed);
            var one = new long[1];
            return (rawCrud.Db, i =>
            {
                one[0] = keys[i % keys.Length];
                return rawCrud.Read(one, false);
            });
        }

        var c = new MicroDbConnection(RawSqlite.Options(dir.File("generated.db"), Durability.MicroDbDefault, MappingMode.Generated));
        disposables.Add(c);
        c.CreateTable<TestRow>();
        CrudTables.Reset(c.Handle, data.Seed);
        return (c.Handle, i => c.Find<TestRow>(keys[i % keys.Length]) is null ? 0 : 1);
    }

    private static (sqlite3 Db, Func<int, int> Body) TextRecordCase(TempDirectory dir, string name, bool hand, List<IDisposable> disposables)
    {
        const int rows = 1000;
        var path = dir.File("read.db");
        var sql = $"SELECT {QueryCases.Columns} FROM \"TextRecord\"";
        var generated = new MicroDbConnection(RawSqlite.Options(path, Durability.MicroDbDefault, MappingMode.Generated));
        disposables.Add(generated);
        generated.CreateTable<TextRecord>();
        generated.InsertAll(TextRecordData.Create(rows));
        if (!hand)
        {
            var c = generated;
            return (c.Handle, name switch
            {
                "find11" => i => c.Find<TextRecord>((i % rows) + 1) is null ? 0 : 1,
                "range" => i =>
                {
                    var lo = (i % 30) * 30;
                    var hi = lo + 100;
                    return c.Table<TextRecord>().Where(x => x.Id > lo && x.Id <= hi).OrderBy(x => x.Title).ToList().Count;
                },
                _ => _ => c.Query<TextRecord>(sql).Count,
            });
        }

        var db = RawSqlite.Open(path, Durability.MicroDbDefault);
        disposables.Add(db);
        var statement = RawSqlite.Prepare(db, name switch
        {
            "find11" => sql + " WHERE \"Id\" = ?",
            "range" => sql + " WHERE \"Id\" > ? AND \"Id\" <= ? ORDER BY \"Title\"",
            _ => sql,
        });
        disposables.Add(statement);
        return (db, name switch
        {
            "find11" => i =>
            {
                raw.sqlite3_bind_int(statement, 1, (i % rows) + 1);
                var row = raw.sqlite3_step(statement) == raw.SQLITE_ROW ? RawSqlite.ReadTextRecord(statement) : null;
                raw.sqlite3_reset(statement);
                return row is null ? 0 : 1;
            },
            "range" => i =>
            {
                var lo = (i % 30) * 30;
                raw.sqlite3_bind_int(statement, 1, lo);
                raw.sqlite3_bind_int(statement, 2, lo + 100);
                return ReadAll(statement).Count;
            },
            _ => _ => ReadAll(statement).Count,
        });
    }

    private static (sqlite3 Db, Func<int, int> Body) RelationalCase(TempDirectory dir, string name, bool hand, List<IDisposable> disposables)
    {
        var path = dir.File("relational.db");
        var c = new MicroDbConnection(RawSqlite.Options(path, Durability.MicroDbDefault, MappingMode.Generated));
        disposables.Add(c);
        RelationalCases.Seed(c);
        var ranges = RelationalCases.Orders / RelationalCases.JoinRows;
        if (!hand)
        {
            return (c.Handle, name switch
            {
                "join" => i => RelationalCases.JoinMicroDb(c, (i % ranges) * RelationalCases.JoinRows).Item1,
                "joinsql" => i => RelationalCases.JoinSqlOnly(c, (i % ranges) * RelationalCases.JoinRows),
                "groupsql" => _ => RelationalCases.GroupSqlOnly(c),
                _ => _ => RelationalCases.GroupMicroDb(c).Item1,
            });
        }

        var h = new RelationalCases.HandWritten(path);
        disposables.Add(h);
        return (h.Db, name switch
        {
            "join" => i => h.Join((i % ranges) * RelationalCases.JoinRows).Item1,
            _ => _ => h.Group().Item1,
        });
    }

    private static List<TextRecord> ReadAll(sqlite3_stmt statement)
    {
        var list = new List<TextRecord>();
        while (raw.sqlite3_step(statement) == raw.SQLITE_ROW)
        {
            list.Add(RawSqlite.ReadTextRecord(statement));
        }

        raw.sqlite3_reset(statement);
        return list;
    }
}
