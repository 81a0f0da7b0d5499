using Dapper;
using MicroDb.Benchmarks.Headline;
using MicroDb.Mapping;
using MicroDb.Npgsql.Benchmarks.Models;
using Npgsql;

namespace MicroDb.Npgsql.Benchmarks.Crud;

/// <summary>
/// Study 001's per-call CRUD on PostgreSQL, interleaved (the headline's <see cref="BenchRunner"/>): Insert, Find by
/// key, Update, Delete by key on <c>pg_test</c> seeded with 1,000 rows, every call its own autocommitted statement.
/// Sides: hand-written Npgsql (<see cref="RawNpgsqlCrud"/>, the baseline), MicroDb.Npgsql with generated and with
/// reflection maps, Dapper (its usual per-call code: an open connection, SQL text and a parameter object). All sides
/// share the table and the server; one round is <see cref="Calls"/> calls per side, and every call must hit a row.
/// </summary>
public static class CrudCases
{
    /// <summary>Rows in the table before the run.</summary>
    public const int Seed = 1000;

    /// <summary>Calls per side per round (short timed bodies, see <see cref="BenchRunner"/>).</summary>
    public const int Calls = 50;

    /// <summary>Case names.</summary>
    public const string Insert = "Insert (per call)", Find = "Find by key (per call)", Update = "Update (per call)", Delete = "Delete by key (per call)";

    /// <summary>Runs the four cases.</summary>
    /// <param name="runner">The runner.</param>
    /// <param name="source">The server.</param>
    /// <param name="results">Where measurements go.</param>
    public static void Run(BenchRunner runner, NpgsqlDataSource source, List<Measurement> results)
    {
        using (var setup = new MicroDbNpgsqlConnection(source, MappingMode.Reflection))
        {
            setup.Execute("DROP TABLE IF EXISTS pg_test");
            setup.CreateTable<PgTestRow>();
            setup.BulkInsert(Enumerable.Range(0, Seed).Select(i => new PgTestRow { TextData = Text(i) }));
            setup.Execute("VACUUM ANALYZE pg_test");
        }

        using var raw = new RawNpgsqlCrud(source);
        using var generated = new MicroDbNpgsqlConnection(source, MappingMode.Generated);
        using var reflection = new MicroDbNpgsqlConnection(source, MappingMode.Reflection);
        using var dapper = source.OpenConnection();
        using var helper = new RawNpgsqlCrud(source); // untimed inserts and deletes around the timed bodies

        var sides = new Dictionary<string, List<Side>> { [Find] = [], [Insert] = [], [Update] = [], [Delete] = [] };
        AddSides(sides, "hand-written Npgsql (prepared, typed)", SideRole.HandWritten, helper,
            raw.Insert, raw.Find, raw.Update, raw.Delete);
        AddSides(sides, "MicroDb.Npgsql generated", SideRole.Generated, helper,
            r => generated.Insert(r), id => generated.Find<PgTestRow>(id), r => generated.Update(r), r => generated.Delete(r));
        AddSides(sides, "MicroDb.Npgsql reflection", SideRole.Reflection, helper,
            r => reflection.Insert(r), id => reflection.Find<PgTestRow>(id), r => reflection.Update(r), r => reflection.Delete(r));
        AddSides(sides, "Dapper", SideRole.Peer, helper,
            r =>
            {
                r.Id = dapper.ExecuteScalar<long>("INSERT INTO pg_test (\"TextData\") VALUES (@TextData) RETURNING \"Id\"", r);
                return 1;
            },
            id => dapper.QuerySingleOrDefault<PgTestRow>("SELECT \"Id\", \"TextData\" FROM pg_test WHERE \"Id\" = @id", new { id }),
            r => dapper.Execute("UPDATE pg_test SET \"TextData\" = @TextData WHERE \"Id\" = @Id", r),
            r => dapper.Execute("DELETE FROM pg_test WHERE \"Id\" = @Id", r));

        foreach (var (name, caseSides) in sides)
        {
            Console.WriteLine(name);
            results.AddRange(runner.Measure(name, Calls, caseSides));
        }

        // Issue 24's LINQ lookups, in the same group and harness.
        LookupCases.Run(runner, source, results);
    }

    private static string Text(int i) => "row " + i.ToString(System.Globalization.CultureInfo.InvariantCulture) + " of the CRUD table, some text to store";

    private static void AddSides(
        Dictionary<string, List<Side>> sides,
        string name,
        SideRole role,
        RawNpgsqlCrud helper,
        Func<PgTestRow, int> insert,
        Func<long, PgTestRow?> find,
        Func<PgTestRow, int> update,
        Func<PgTestRow, int> delete)
    {
        var rows = Enumerable.Range(0, Calls).Select(_ => new PgTestRow()).ToArray();
        var (f, u) = (0, 0);
        sides[Find].Add(new Side(name, role, () =>
        {
            for (var i = 0; i < Calls; i++)
            {
                Expect(find((f++ % Seed) + 1) is not null ? 1 : 0, "Find");
            }
        }));
        sides[Insert].Add(new Side(name, role,
            () =>
            {
                foreach (var row in rows)
                {
                    Expect(insert(row), "Insert");
                }
            },
            Before: () =>
            {
                for (var i = 0; i < rows.Length; i++)
                {
                    rows[i].Id = 0;
                    rows[i].TextData = Text(i);
                }
            },
            After: () =>
            {
                // Untimed: the inserted rows go again, so the table keeps its size.
                foreach (var row in rows)
                {
                    Expect(helper.Delete(row), "Insert (clean-up)");
                }
            }));
        var updates = Enumerable.Range(1, Seed).Select(id => new PgTestRow { Id = id }).ToArray();
        sides[Update].Add(new Side(name, role, () =>
        {
            for (var i = 0; i < Calls; i++)
            {
                var row = updates[u++ % Seed];
                row.TextData = Text(u);
                Expect(update(row), "Update");
            }
        }));
        var doomed = Enumerable.Range(0, Calls).Select(_ => new PgTestRow()).ToArray();
        sides[Delete].Add(new Side(name, role,
            () =>
            {
                foreach (var row in doomed)
                {
                    Expect(delete(row), "Delete");
                }
            },
            Before: () =>
            {
                // Untimed: the rows this round deletes.
                for (var i = 0; i < doomed.Length; i++)
                {
                    doomed[i].Id = 0;
                    doomed[i].TextData = Text(i);
                    helper.Insert(doomed[i]);
                }
            }));
    }

    private static void Expect(int changed, string what)
    {
        if (changed != 1)
        {
            throw new InvalidOperationException($"{what} touched {changed} rows instead of 1: the sides would not be doing the same work.");
        }
    }
}
