using MicroDb.Benchmarks.Infrastructure;
using MicroDb.Benchmarks.Models;
using MicroDb.Mapping;
using SQLitePCL;
#if HEADLINE_PEERS
using MicroDb.Benchmarks.Relational;
#endif

namespace MicroDb.Benchmarks.Headline;

/// <summary>
/// Issue 22's relational cases, on one file of 100 customers and 10,000 orders that every side opens with the same
/// pragmas: a join returning 1,000 rows (<c>Order ⋈ Customer</c> filtered on a rotating key range, an anonymous
/// projection of five members), a <c>GroupBy</c> of the 10,000 orders by customer (key, <c>Count()</c>,
/// <c>Sum(Quantity)</c>: 100 groups), and a set-based update of the 10,000 orders (<c>ExecuteUpdate</c>) measured in the
/// same rounds as loading them, changing each and writing them back (<c>UpdateAll</c>). The hand-written side runs the
/// exact SQL MicroDb writes (checked at setup) through one prepared statement per case, with typed binds and one native
/// call per column. EF Core and linq2db run the same queries through their LINQ (JIT bench only). Each side's result is
/// checked at setup against the hand-written side's (rows and a checksum), and its row count in every round.
/// </summary>
public static class RelationalCases
{
    /// <summary>The orders (the GroupBy and the update cover all of them).</summary>
    public const int Orders = 10_000;

    /// <summary>The customers (so 100 groups).</summary>
    public const int Customers = 100;

    /// <summary>The rows one join returns.</summary>
    public const int JoinRows = 1000;

    /// <summary>Case names.</summary>
    public const string Join = "Join 1,000 rows (Order, Customer)", Group = "GroupBy 10,000 rows (Count, Sum)",
        Update = "ExecuteUpdate 10,000 rows", LoadUpdate = "Load + modify + UpdateAll 10,000 rows";

    /// <summary>The names of this group's cases (the headline's short table leaves them to <see cref="Summary"/>).</summary>
    public static readonly string[] CaseNames = [Join, Group, Update, LoadUpdate];

    /// <summary>The join's SQL as MicroDb writes it (setup fails if MicroDb writes anything else).</summary>
    public const string JoinSql = "SELECT \"t0\".\"Id\", \"t0\".\"Quantity\", \"t0\".\"Total\", \"t1\".\"Name\", \"t1\".\"City\" FROM \"RelOrder\" AS \"t0\" INNER JOIN \"RelCustomer\" AS \"t1\" ON (\"t0\".\"CustomerId\" = \"t1\".\"Id\") WHERE ((\"t0\".\"Id\" > ?) AND (\"t0\".\"Id\" <= ?))";

    /// <summary>The grouped query's SQL as MicroDb writes it.</summary>
    public const string GroupSql = "SELECT \"CustomerId\", count(*), coalesce(sum(\"Quantity\"), 0) FROM \"RelOrder\" GROUP BY \"CustomerId\"";

    /// <summary>The set-based update's SQL as MicroDb writes it.</summary>
    public const string UpdateSql = "UPDATE \"RelOrder\" SET \"Quantity\" = (\"Quantity\" + ?)";

    /// <summary>The suffix of a side's load + modify + write-back form (its UpdateAll, or a peer's SaveChanges), measured in the update rounds.</summary>
    internal const string LoadSuffix = " (load + UpdateAll)";

    /// <summary>Runs the cases on every side.</summary>
    /// <param name="runner">The runner.</param>
    /// <param name="dir">Where the database file goes.</param>
    /// <param name="results">Where measurements go.</param>
    public static void Run(BenchRunner runner, TempDirectory dir, List<Measurement> results)
    {
        var path = dir.File("relational.db");
        var sides = new RelationalSides(path);
        var failures = new List<Measurement>();
        var disposables = new List<IDisposable>();
        try
        {
            var generated = new MicroDbConnection(RawSqlite.Options(path, Durability.MicroDbDefault, MappingMode.Generated));
            disposables.Add(generated);
            Seed(generated);
            WriteBatch.Setup(generated.Handle);
            CheckSql(generated);

            var hand = new HandWritten(path);
            disposables.Add(hand);
            sides.Add(hand.Db, "hand-written SQLitePCLRaw", SideRole.HandWritten, hand.Join, hand.Group, hand.Update);

            AddMicroDb(sides, generated, "MicroDb generated", SideRole.Generated);
            MicroDbConnection? reflection = null;
            if (BenchRunner.TrySetup(Join, "MicroDb reflection", SideRole.Reflection, () =>
            {
                reflection = new MicroDbConnection(RawSqlite.Options(path, Durability.MicroDbDefault, MappingMode.Reflection));
                disposables.Add(reflection);
                _ = reflection.Table<RelOrder>().Count();
                _ = reflection.Table<RelCustomer>().Count();
            }, out var failure))
            {
                AddMicroDb(sides, reflection!, "MicroDb reflection", SideRole.Reflection);
            }
            else
            {
                failures.AddRange(CaseNames.Select(c => new Measurement { Case = c, Side = failure!.Side, Role = failure.Role, Failure = failure.Failure }));
            }

#if HEADLINE_PEERS
            RelationalPeers.Add(sides, disposables);
#endif

            results.AddRange(runner.Measure(Join, 1, sides.Join));
            results.AddRange(failures.Where(f => f.Case == Join));
            results.AddRange(runner.Measure(Group, 1, sides.Group));
            results.AddRange(failures.Where(f => f.Case == Group));

            // ExecuteUpdate and load + UpdateAll in the same rounds, each against the hand-written UPDATE.
            foreach (var m in runner.Measure(Update + " + " + LoadUpdate, 1, sides.Update))
            {
                var isLoad = m.Side.EndsWith(LoadSuffix, StringComparison.Ordinal);
                results.Add(Measurement.Refiled(m, isLoad ? LoadUpdate : Update, side: isLoad ? m.Side[..^LoadSuffix.Length] : m.Side));
                if (m.IsBaseline)
                {
                    results.Add(Measurement.Refiled(m, LoadUpdate));
                }
            }

            results.AddRange(failures.Where(f => f.Case is Update or LoadUpdate));
        }
        finally
        {
            for (var i = disposables.Count - 1; i >= 0; i--)
            {
                disposables[i].Dispose();
            }
        }
    }

    /// <summary>The short table of this group: one column per side, and each side's ratio to hand-written.</summary>
    /// <param name="results">All measurements (other cases are skipped).</param>
    public static string Summary(List<Measurement> results)
    {
        var rows = results.Where(m => CaseNames.Contains(m.Case)).ToList();
        if (rows.Count == 0)
        {
            return string.Empty;
        }

        var sideNames = rows.Select(m => m.Side).Distinct().ToList();
        var sb = new System.Text.StringBuilder();
        sb.AppendLine("## Relational (issue 22)");
        sb.AppendLine();
        sb.AppendLine("| Operation | " + string.Join(" | ", sideNames) + " |");
        sb.AppendLine("|---|" + string.Concat(sideNames.Select(_ => "---:|")));
        foreach (var name in CaseNames)
        {
            var cells = sideNames.Select(side => rows.FirstOrDefault(m => m.Case == name && m.Side == side) switch
            {
                null => "—",
                { Failure: not null } => "fails",
                { IsBaseline: true } m => Format.Time(m.MedianNs),
                var m => $"{Format.Time(m.MedianNs)} ({Format.Ratio(m.Ratio)} [{Format.Ratio(m.RatioLow)}–{Format.Ratio(m.RatioHigh)}])",
            });
            sb.AppendLine($"| {name} | {string.Join(" | ", cells)} |");
        }

        sb.AppendLine();
        sb.AppendLine("Median time per query (per 10,000-row update), and in parentheses the ratio to hand-written SQLitePCLRaw with its 95% interval (paired rounds). "
            + "Load + modify + UpdateAll is measured in the ExecuteUpdate rounds, against the same hand-written UPDATE.");
        return sb.ToString();
    }

    /// <summary>Fails the run when a side's result differs from the hand-written side's.</summary>
    /// <param name="side">The side.</param>
    /// <param name="what">The case.</param>
    /// <param name="expected">The hand-written side's (rows, checksum).</param>
    /// <param name="actual">This side's.</param>
    public static void Same(string side, string what, (int Rows, long Sum) expected, (int Rows, long Sum) actual)
    {
        if (expected != actual)
        {
            throw new InvalidOperationException($"{side}: {what} returned {actual.Rows} rows (checksum {actual.Sum}); hand-written SQLitePCLRaw returned {expected.Rows} (checksum {expected.Sum}).");
        }
    }

    /// <summary>Fails the run when a round returned another number of rows.</summary>
    /// <param name="what">The case.</param>
    /// <param name="rows">Rows returned or changed.</param>
    /// <param name="expected">Rows expected.</param>
    public static void Expect(string what, int rows, int expected)
    {
        if (rows != expected)
        {
            throw new InvalidOperationException($"{what}: {rows} rows where {expected} were expected.");
        }
    }

    /// <summary>The checksum of a join row (every member read).</summary>
    /// <param name="id">Order key.</param>
    /// <param name="quantity">Quantity.</param>
    /// <param name="total">Total.</param>
    /// <param name="name">Customer name.</param>
    /// <param name="city">Customer city.</param>
    public static long JoinSum(int id, int quantity, double total, string? name, string? city) =>
        id + (31L * quantity) + (long)(total * 2) + (7L * (name?.Length ?? -1)) + (name is null ? 0 : name[^1]) + (city?.Length ?? -1);

    /// <summary>The checksum of a group row.</summary>
    /// <param name="key">The customer key.</param>
    /// <param name="count">The group's size.</param>
    /// <param name="total">Its sum of quantities.</param>
    public static long GroupSum(int key, int count, int total) => (key * 1_000_003L) + (count * 1009L) + total;

    /// <summary>Creates and fills the two tables.</summary>
    /// <param name="db">The connection.</param>
    internal static void Seed(MicroDbConnection db)
    {
        db.CreateTable<RelCustomer>();
        db.CreateTable<RelOrder>();
        db.InsertAll(Enumerable.Range(1, Customers).Select(i => new RelCustomer { Id = i, Name = "Customer " + i, City = "City " + (i % 17) }));
        db.InsertAll(Enumerable.Range(1, Orders).Select(i => new RelOrder { Id = i, CustomerId = ((i * 37) % Customers) + 1, Quantity = i % 13, Total = i * 1.25, Note = "note " + i }));
    }

    /// <summary>The SQL the hand-written side runs must be MicroDb's, to the character.</summary>
    private static void CheckSql(MicroDbConnection db)
    {
        int lo = 0, hi = JoinRows;
        var join = db.Table<RelOrder>().Where(o => o.Id > lo && o.Id <= hi)
            .Join(db.Table<RelCustomer>(), o => o.CustomerId, c => c.Id, (o, c) => new { o.Id, o.Quantity, o.Total, c.Name, c.City }).ToSqlString();
        var group = db.Table<RelOrder>().GroupBy(o => o.CustomerId).Select(g => new { g.Key, Count = g.Count(), Total = g.Sum(o => o.Quantity) }).ToSqlString();
        string? update = null;
        using (var probe = new MicroDbConnection(new MicroDbOptions(db.DatabasePath) { Mapping = MappingMode.Generated, OnStatement = s => update ??= s.Sql.StartsWith("UPDATE", StringComparison.Ordinal) ? s.Sql : null }))
        {
            RawSqlite.Exec(probe.Handle, "BEGIN");
            _ = probe.Table<RelOrder>().ExecuteUpdate(s => s.Set(o => o.Quantity, o => o.Quantity + 1));
            RawSqlite.Exec(probe.Handle, "ROLLBACK");
        }

        foreach (var (what, expected, actual) in new[] { ("join", JoinSql, join), ("GroupBy", GroupSql, group), ("ExecuteUpdate", UpdateSql, update) })
        {
            if (expected != actual)
            {
                throw new InvalidOperationException($"MicroDb writes other SQL for the {what} than the hand-written side runs:\n  MicroDb:      {actual}\n  hand-written: {expected}");
            }
        }
    }

    private static void AddMicroDb(RelationalSides sides, MicroDbConnection c, string name, SideRole role)
    {
        sides.Add(c.Handle, name, role, lo => JoinMicroDb(c, lo), () => GroupMicroDb(c), () => UpdateMicroDb(c));
        sides.AddUpdate(c.Handle, name + LoadSuffix, role, () => LoadUpdateMicroDb(c));
    }

    /// <summary>The join, as every MicroDb side runs it: rows and checksum.</summary>
    /// <param name="db">The connection.</param>
    /// <param name="lo">The lower bound of the orders' keys.</param>
    internal static (int, long) JoinMicroDb(MicroDbConnection db, int lo)
    {
        var hi = lo + JoinRows;
        var rows = db.Table<RelOrder>().Where(o => o.Id > lo && o.Id <= hi)
            .Join(db.Table<RelCustomer>(), o => o.CustomerId, c => c.Id, (o, c) => new { o.Id, o.Quantity, o.Total, c.Name, c.City })
            .ToList();
        long sum = 0;
        foreach (var r in rows)
        {
            sum += JoinSum(r.Id, r.Quantity, r.Total, r.Name, r.City);
        }

        return (rows.Count, sum);
    }

    /// <summary>The grouped query, as every MicroDb side runs it: rows and checksum.</summary>
    /// <param name="db">The connection.</param>
    internal static (int, long) GroupMicroDb(MicroDbConnection db)
    {
        var rows = db.Table<RelOrder>().GroupBy(o => o.CustomerId).Select(g => new { g.Key, Count = g.Count(), Total = g.Sum(o => o.Quantity) }).ToList();
        long sum = 0;
        foreach (var r in rows)
        {
            sum += GroupSum(r.Key, r.Count, r.Total);
        }

        return (rows.Count, sum);
    }

    /// <summary>The join's chain and SQL without running it (what a translation cache could save; the profile mode's <c>joinsql</c>).</summary>
    /// <param name="db">The connection.</param>
    /// <param name="lo">The lower bound of the orders' keys.</param>
    internal static int JoinSqlOnly(MicroDbConnection db, int lo)
    {
        var hi = lo + JoinRows;
        return db.Table<RelOrder>().Where(o => o.Id > lo && o.Id <= hi)
            .Join(db.Table<RelCustomer>(), o => o.CustomerId, c => c.Id, (o, c) => new { o.Id, o.Quantity, o.Total, c.Name, c.City })
            .ToSqlString().Length;
    }

    /// <summary>The grouped query's chain and SQL without running it (the profile mode's <c>groupsql</c>).</summary>
    /// <param name="db">The connection.</param>
    internal static int GroupSqlOnly(MicroDbConnection db) =>
        db.Table<RelOrder>().GroupBy(o => o.CustomerId).Select(g => new { g.Key, Count = g.Count(), Total = g.Sum(o => o.Quantity) }).ToSqlString().Length;

    private static int UpdateMicroDb(MicroDbConnection db) => db.Table<RelOrder>().ExecuteUpdate(s => s.Set(o => o.Quantity, o => o.Quantity + 1));

    private static int LoadUpdateMicroDb(MicroDbConnection db)
    {
        var rows = db.Table<RelOrder>().ToList();
        foreach (var r in rows)
        {
            r.Quantity++;
        }

        return db.UpdateAll(rows, runInTransaction: false);
    }

    /// <summary>The hand-written side: one connection, one prepared statement per case, reused; typed binds and reads.</summary>
    internal sealed class HandWritten : IDisposable
    {
        private readonly sqlite3_stmt _join;
        private readonly sqlite3_stmt _group;
        private readonly sqlite3_stmt _update;

        public HandWritten(string path)
        {
            Db = RawSqlite.Open(path, Durability.MicroDbDefault);
            _join = RawSqlite.Prepare(Db, JoinSql);
            _group = RawSqlite.Prepare(Db, GroupSql);
            _update = RawSqlite.Prepare(Db, UpdateSql);
        }

        public sqlite3 Db { get; }

        public (int, long) Join(int lo)
        {
            raw.sqlite3_bind_int(_join, 1, lo);
            raw.sqlite3_bind_int(_join, 2, lo + JoinRows);
            var rows = new List<JoinRow>();
            while (raw.sqlite3_step(_join) == raw.SQLITE_ROW)
            {
                rows.Add(new JoinRow(
                    raw.sqlite3_column_int(_join, 0),
                    raw.sqlite3_column_int(_join, 1),
                    raw.sqlite3_column_double(_join, 2),
                    raw.sqlite3_column_text(_join, 3).utf8_to_string(),
                    raw.sqlite3_column_text(_join, 4).utf8_to_string()));
            }

            raw.sqlite3_reset(_join);
            long sum = 0;
            foreach (var r in rows)
            {
                sum += JoinSum(r.Id, r.Quantity, r.Total, r.Name, r.City);
            }

            return (rows.Count, sum);
        }

        public (int, long) Group()
        {
            var rows = new List<GroupRow>();
            while (raw.sqlite3_step(_group) == raw.SQLITE_ROW)
            {
                rows.Add(new GroupRow(raw.sqlite3_column_int(_group, 0), checked((int)raw.sqlite3_column_int64(_group, 1)), checked((int)raw.sqlite3_column_int64(_group, 2))));
            }

            raw.sqlite3_reset(_group);
            long sum = 0;
            foreach (var r in rows)
            {
                sum += GroupSum(r.Key, r.Count, r.Total);
            }

            return (rows.Count, sum);
        }

        public int Update()
        {
            raw.sqlite3_bind_int(_update, 1, 1);
            RawSqlite.StepDone(Db, _update);
            return raw.sqlite3_changes(Db);
        }

        public void Dispose()
        {
            _join.Dispose();
            _group.Dispose();
            _update.Dispose();
            Db.Dispose();
        }
    }

    private sealed record JoinRow(int Id, int Quantity, double Total, string? Name, string? City);

    private readonly record struct GroupRow(int Key, int Count, int Total);
}
