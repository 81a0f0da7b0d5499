using MicroDb.Conformance.Models;

namespace MicroDb.Conformance;

// Joins and grouping over random tables (fixed seeds): many duplicate keys, null keys, keys that match nothing,
// against LINQ-to-Objects over the rows read back, on both storage formats.
public abstract partial class ConformanceSuite
{
    [Test]
    public void Joins_and_groups_over_random_tables_match_linq([Values(1, 2, 3)] int seed, [Values] bool sqliteNet)
    {
        var random = new Random(seed);
        var db = Open(tweak: o =>
        {
            if (sqliteNet)
            {
                o.Storage = StorageFormat.SqliteNet();
            }
        });
        db.CreateTable<JoinCustomer>();
        db.CreateTable<JoinOrder>();
        string? Region() => random.Next(5) switch { 0 => null, 1 => "north", 2 => "south", 3 => "North", _ => "" };
        for (var i = 0; i < 30; i++)
        {
            db.Insert(new JoinCustomer { Name = "c" + random.Next(10), Region = Region(), Credit = random.Next(4) * 0.5m, Since = JoinDay.AddHours(random.Next(6)) });
        }

        for (var i = 0; i < 80; i++)
        {
            db.Insert(new JoinOrder
            {
                CustomerId = random.Next(8) == 0 ? null : random.Next(1, 40),
                Region = Region(),
                Total = random.Next(4) * 0.50m,
                Placed = DateTime.SpecifyKind(JoinDay.AddHours(random.Next(6)), (DateTimeKind)random.Next(3)),
            });
        }

        var orders = db.Table<JoinOrder>().ToList();
        var customers = db.Table<JoinCustomer>().ToList();
        var limit = random.Next(1, 20);

        Assert.That(
            db.Table<JoinOrder>().Join(db.Table<JoinCustomer>(), o => o.CustomerId, c => c.Id, (o, c) => new { o.Id, C = c.Id, c.Name }).OrderBy(x => x.Id).ThenBy(x => x.C).Take(limit).ToList(),
            Is.EqualTo(orders.Join(customers, o => o.CustomerId, c => c.Id, (o, c) => new { o.Id, C = c.Id, c.Name }).OrderBy(x => x.Id).ThenBy(x => x.C).Take(limit).ToList()));
        Assert.That(
            db.Table<JoinOrder>().Join(db.Table<JoinCustomer>(), o => o.Region, c => c.Region, (o, c) => new { o.Id, C = c.Id }).ToList(),
            Is.EquivalentTo(orders.Join(customers, o => o.Region, c => c.Region, (o, c) => new { o.Id, C = c.Id })));
        Assert.That(
            db.Table<JoinOrder>().Join(db.Table<JoinCustomer>(), o => o.Total, c => c.Credit, (o, c) => new { o.Id, C = c.Id }).Count(),
            Is.EqualTo(orders.Join(customers, o => o.Total, c => c.Credit, (o, c) => new { o.Id, C = c.Id }).Count()));
        Assert.That(
            db.Table<JoinOrder>().Join(db.Table<JoinCustomer>(), o => o.Placed, c => c.Since, (o, c) => new { o.Id, C = c.Id }).ToList(),
            Is.EquivalentTo(orders.Join(customers, o => o.Placed, c => c.Since, (o, c) => new { o.Id, C = c.Id })));
        Assert.That(
            db.Table<JoinOrder>().LeftJoin(db.Table<JoinCustomer>(), o => o.CustomerId, c => c.Id, (o, c) => new { o.Id, C = c == null ? 0 : c.Id }).ToList(),
            Is.EquivalentTo(orders.LeftJoin(customers, o => o.CustomerId, c => c.Id, (o, c) => new { o.Id, C = c == null ? 0 : c.Id })));
        Assert.That(
            db.Table<JoinOrder>().GroupBy(o => new { o.Region, o.Placed }).Select(g => new { g.Key.Region, g.Key.Placed.Ticks, N = g.Count(), Max = g.Max(x => x.CustomerId) }).ToList(),
            Is.EquivalentTo(orders.GroupBy(o => new { o.Region, o.Placed }).Select(g => new { g.Key.Region, g.Key.Placed.Ticks, N = g.Count(), Max = g.Max(x => x.CustomerId) })));
        Assert.That(
            db.Table<JoinOrder>().GroupBy(o => o.Total).Select(g => new { Key = (double)g.Key, N = g.Count() }).ToList(),
            Is.EquivalentTo(orders.GroupBy(o => o.Total).Select(g => new { Key = (double)g.Key, N = g.Count() })));
    }
}
