using LinqToDB;
using LinqToDB.Data;
using LinqToDB.DataProvider.SQLite;
using LinqToDB.Mapping;
using MicroDb.Benchmarks.Headline;
using MicroDb.Benchmarks.Models;
using MicroDb.Benchmarks.Workloads;
using Microsoft.EntityFrameworkCore;

namespace MicroDb.Benchmarks.Relational;

/// <summary>
/// The relational cases' peers (JIT bench only: neither is NativeAOT-clean): EF Core 10 and linq2db 6, each over its own
/// Microsoft.Data.Sqlite connection to the same file, opened with the same pragmas as every other side
/// (<see cref="MdsConnections.Open"/>: WAL, synchronous=NORMAL, foreign keys, 5 s busy timeout). Both run the queries
/// through their own LINQ, as an app writes them (EF Core with <c>AsNoTracking</c>, its query cache warm after the first
/// run; linq2db's default query cache), and the update through their set-based APIs (EF Core's
/// <c>ExecuteUpdate</c>, linq2db's <c>Set(...).Update()</c>); EF Core also loads, modifies and saves (<c>SaveChanges</c>)
/// beside MicroDb's load + <c>UpdateAll</c>.
/// </summary>
public static class RelationalPeers
{
    /// <summary>Adds the EF Core and linq2db sides.</summary>
    /// <param name="sides">The cases' sides.</param>
    /// <param name="disposables">Where the connections go, to be closed after the run.</param>
    public static void Add(RelationalSides sides, List<IDisposable> disposables)
    {
        var ef = MdsConnections.Open(sides.Path);
        disposables.Add(ef);
        var context = new RelationalContext(ef);
        disposables.Add(context);
        context.Database.AutoTransactionBehavior = AutoTransactionBehavior.Never;
        context.ChangeTracker.AutoDetectChangesEnabled = false;
        sides.Add(ef.Handle!, "EF Core", SideRole.Peer, lo => JoinEf(context, lo), () => GroupEf(context), () => UpdateEf(context));

        // EF Core's load, modify, SaveChanges beside MicroDb's load + UpdateAll: a tracking context on the same connection
        // (so the same pragmas and the round's transaction), change detection on as an app has it, no transaction of its own.
        var tracking = new RelationalContext(ef);
        disposables.Add(tracking);
        tracking.Database.AutoTransactionBehavior = AutoTransactionBehavior.Never;
        sides.AddUpdate(ef.Handle!, "EF Core" + RelationalCases.LoadSuffix, SideRole.Peer, () => LoadUpdateEf(tracking));

        var l2 = MdsConnections.Open(sides.Path);
        disposables.Add(l2);
        var mapping = new MappingSchema();
        var builder = new FluentMappingBuilder(mapping);
        builder.Entity<RelOrder>().HasTableName("RelOrder").Property(o => o.Id).IsPrimaryKey();
        builder.Entity<RelCustomer>().HasTableName("RelCustomer").Property(c => c.Id).IsPrimaryKey();
        builder.Build();
        var linq2db = new DataConnection(new DataOptions().UseSQLite(SQLiteProvider.Microsoft).UseConnection(l2).UseMappingSchema(mapping));
        disposables.Add(linq2db);
        sides.Add(l2.Handle!, "linq2db", SideRole.Peer, lo => JoinLinq2Db(linq2db, lo), () => GroupLinq2Db(linq2db), () => UpdateLinq2Db(linq2db));
    }

    private static (int, long) JoinEf(RelationalContext db, int lo)
    {
        var hi = lo + RelationalCases.JoinRows;
        var rows = db.Orders.AsNoTracking().Where(o => o.Id > lo && o.Id <= hi)
            .Join(db.Customers.AsNoTracking(), o => o.CustomerId, c => c.Id, (o, c) => new { o.Id, o.Quantity, o.Total, c.Name, c.City })
            .ToList();
        long sum = 0;
        foreach (var r in rows)
        {
            sum += RelationalCases.JoinSum(r.Id, r.Quantity, r.Total, r.Name, r.City);
        }

        return (rows.Count, sum);
    }

    private static (int, long) GroupEf(RelationalContext db)
    {
        var rows = db.Orders.AsNoTracking().GroupBy(o => o.CustomerId).Select(g => new { g.Key, Count = g.Count(), Total = g.Sum(o => o.Quantity) }).ToList();
        long sum = 0;
        foreach (var r in rows)
        {
            sum += RelationalCases.GroupSum(r.Key, r.Count, r.Total);
        }

        return (rows.Count, sum);
    }

    private static int UpdateEf(RelationalContext db) => db.Orders.ExecuteUpdate(s => s.SetProperty(o => o.Quantity, o => o.Quantity + 1));

    /// <summary>Loads every order tracked, adds one to each quantity and saves: the rows SaveChanges wrote (the round checks 10,000).</summary>
    private static int LoadUpdateEf(RelationalContext db)
    {
        var rows = db.Orders.ToList();
        foreach (var r in rows)
        {
            r.Quantity++;
        }

        var saved = db.SaveChanges();

        // Each round loads afresh, as the MicroDb side does.
        db.ChangeTracker.Clear();
        return saved;
    }

    private static (int, long) JoinLinq2Db(DataConnection db, int lo)
    {
        var hi = lo + RelationalCases.JoinRows;
        var rows = db.GetTable<RelOrder>().Where(o => o.Id > lo && o.Id <= hi)
            .Join(db.GetTable<RelCustomer>(), o => o.CustomerId, c => c.Id, (o, c) => new { o.Id, o.Quantity, o.Total, c.Name, c.City })
            .ToList();
        long sum = 0;
        foreach (var r in rows)
        {
            sum += RelationalCases.JoinSum(r.Id, r.Quantity, r.Total, r.Name, r.City);
        }

        return (rows.Count, sum);
    }

    private static (int, long) GroupLinq2Db(DataConnection db)
    {
        var rows = db.GetTable<RelOrder>().GroupBy(o => o.CustomerId).Select(g => new { g.Key, Count = g.Count(), Total = g.Sum(o => o.Quantity) }).ToList();
        long sum = 0;
        foreach (var r in rows)
        {
            sum += RelationalCases.GroupSum(r.Key, r.Count, r.Total);
        }

        return (rows.Count, sum);
    }

    private static int UpdateLinq2Db(DataConnection db) => db.GetTable<RelOrder>().Set(o => o.Quantity, o => o.Quantity + 1).Update();
}
