using MicroDb.Conformance.Models;
using MicroDb.Query;

namespace MicroDb.Generated.Tests.Intercepted;

/// <summary>
/// The differential property test of issue 22 on the build-time front end: random tables (fixed seeds, named in every
/// failure) with null join keys, duplicate and empty string keys and orders without lines, queried by concrete-typed
/// chains the generator lowers (joins, left joins, groupings, correlated sub-queries) and by LINQ-to-Objects over the rows
/// read back. Every query must run intercepted (its statement's source), the interception check compares each run with the
/// run-time path's, and the rows must be LINQ's, on both mapping paths and storage formats.
/// </summary>
[TestFixture("generated", "microdb")]
[TestFixture("generated", "sqlite-net")]
[TestFixture("reflection", "microdb")]
[TestFixture("reflection", "sqlite-net")]
public class InterceptedPropertyTests : InterceptedTestBase
{
    private static readonly int[] Seeds = [1, 7, 42, 2024];
    private static readonly string?[] Regions = [null, "", "north", "North", "south"];
    private static readonly string[] Skus = ["", "a", "A", "b", "b "];

    private List<JoinOrder> _orders = null!;
    private List<JoinCustomer> _customers = null!;
    private List<JoinLine> _lines = null!;

    public InterceptedPropertyTests(string mapping, string format)
        : base(mapping, format)
    {
    }

    protected override void Seed()
    {
        _db.CreateTable<JoinCustomer>();
        _db.CreateTable<JoinOrder>();
        _db.CreateTable<JoinLine>();
    }

    /// <summary>Fills the tables from <paramref name="seed"/> and reads them back; the statements seen start after it.</summary>
    private string Fill(int seed)
    {
        var random = new Random(seed);
        var customers = random.Next(3, 8);
        var orders = random.Next(8, 20);
        _db.InsertAll(Enumerable.Range(0, customers).Select(i => new JoinCustomer { Name = "c" + random.Next(4), Region = Regions[random.Next(Regions.Length)] }));
        _db.InsertAll(Enumerable.Range(0, orders).Select(i => new JoinOrder
        {
            // Null keys, keys of no customer, and customers with several orders.
            CustomerId = random.Next(5) == 0 ? null : random.Next(1, customers + 3),
            Region = Regions[random.Next(Regions.Length)],
            Total = random.Next(0, 9),
        }));
        _db.InsertAll(Enumerable.Range(0, random.Next(0, 25)).Select(i => new JoinLine
        {
            OrderId = random.Next(1, orders + 3),
            Sku = Skus[random.Next(Skus.Length)],
            Quantity = random.Next(-3, 8),
        }));
        _customers = _db.Query<JoinCustomer>("SELECT * FROM join_customers");
        _orders = _db.Query<JoinOrder>("SELECT * FROM join_orders");
        _lines = _db.Query<JoinLine>("SELECT * FROM join_lines");
        _seen.Clear();
        return $"seed {seed}, {_mapping} maps, {_format} storage";
    }

    private void AllIntercepted(int queries, string label) =>
        Assert.That(Intercepted, Is.EqualTo(queries), () => label + ": every query ran intercepted\n" + Seen());

    [Test]
    public void Joins_with_null_and_missing_keys_match_LINQ([ValueSource(nameof(Seeds))] int seed)
    {
        var label = Fill(seed);
        var before = InterceptionCheck.Runs;

        var byId = _db.Table<JoinOrder>().Join(_db.Table<JoinCustomer>(), o => o.CustomerId, c => (int?)c.Id, (o, c) => new { o.Id, c.Name }).ToList();
        var byRegion = _db.Table<JoinOrder>().Join(_db.Table<JoinCustomer>(), o => o.Region, c => c.Region, (o, c) => new { o.Id, Customer = c.Id }).ToList();
        var left = _db.Table<JoinOrder>().LeftJoin(_db.Table<JoinCustomer>(), o => o.CustomerId, c => c.Id, (o, c) => new { o.Id, Name = c == null ? null : c.Name }).ToList();

        Assert.That(byId, Is.EquivalentTo(_orders.Join(_customers, o => o.CustomerId, c => (int?)c.Id, (o, c) => new { o.Id, c.Name })), label + ": join on a nullable key");
        Assert.That(byRegion, Is.EquivalentTo(_orders.Join(_customers, o => o.Region, c => c.Region, (o, c) => new { o.Id, Customer = c.Id })), label + ": join on a nullable string");
        Assert.That(left, Is.EquivalentTo(_orders.LeftJoin(_customers, o => o.CustomerId, c => c.Id, (o, c) => new { o.Id, Name = c == null ? null : c.Name })), label + ": left join");
        AllIntercepted(3, label);
        Assert.That(InterceptionCheck.Runs - before, Is.EqualTo(3), label + ": each run was checked");
    }

    [Test]
    public void Groupings_with_duplicate_empty_and_absent_keys_match_LINQ([ValueSource(nameof(Seeds))] int seed)
    {
        var label = Fill(seed);
        var before = InterceptionCheck.Runs;
        var min = new Random(seed).Next(-2, 10);

        var bySku = _db.Table<JoinLine>().Where(l => l.Quantity >= min).GroupBy(l => l.Sku)
            .Select(g => new { g.Key, Count = g.Count(), Total = g.Sum(l => l.Quantity), Low = g.Min(l => l.Quantity) }).ToList();
        var byPair = _db.Table<JoinLine>().GroupBy(l => new { l.OrderId, l.Sku }).Select(g => new { g.Key.OrderId, g.Key.Sku, Count = g.Count() }).ToList();
        var byRegion = _db.Table<JoinOrder>().GroupBy(o => o.Region).Select(g => new { g.Key, Count = g.Count() }).ToList();

        Assert.That(bySku, Is.EquivalentTo(_lines.Where(l => l.Quantity >= min).GroupBy(l => l.Sku)
            .Select(g => new { g.Key, Count = g.Count(), Total = g.Sum(l => l.Quantity), Low = g.Min(l => l.Quantity) })), $"{label}: groups of quantity >= {min} by sku");
        Assert.That(byPair, Is.EquivalentTo(_lines.GroupBy(l => new { l.OrderId, l.Sku }).Select(g => new { g.Key.OrderId, g.Key.Sku, Count = g.Count() })), label + ": composite key");
        Assert.That(byRegion, Is.EquivalentTo(_orders.GroupBy(o => o.Region).Select(g => new { g.Key, Count = g.Count() })), label + ": nullable string key");
        AllIntercepted(3, label);
        Assert.That(InterceptionCheck.Runs - before, Is.EqualTo(3), label + ": each run was checked");
    }

    [Test]
    public void Correlated_subqueries_match_LINQ([ValueSource(nameof(Seeds))] int seed)
    {
        var label = Fill(seed);
        var before = InterceptionCheck.Runs;
        var min = new Random(seed).Next(-2, 6);

        var withLines = _db.Table<JoinOrder>().Where(o => _db.Table<JoinLine>().Any(l => l.OrderId == o.Id && l.Quantity > min)).ToList();
        var withoutLines = _db.Table<JoinOrder>().Count(o => !_db.Table<JoinLine>().Any(l => l.OrderId == o.Id));
        var ordering = _db.Table<JoinCustomer>().Where(c => _db.Table<JoinOrder>().Any(o => o.CustomerId == c.Id)).ToList();
        var unreferenced = _db.Table<JoinOrder>().Where(o => o.Id > min && _db.Table<JoinLine>().All(l => o.Id != l.OrderId)).ToList();

        Assert.That(withLines.Select(o => o.Id), Is.EquivalentTo(_orders.Where(o => _lines.Any(l => l.OrderId == o.Id && l.Quantity > min)).Select(o => o.Id)), $"{label}: orders with a line above {min}");
        Assert.That(withoutLines, Is.EqualTo(_orders.Count(o => !_lines.Any(l => l.OrderId == o.Id))), label + ": orders without lines");
        Assert.That(ordering.Select(c => c.Id), Is.EquivalentTo(_customers.Where(c => _orders.Any(o => o.CustomerId == c.Id)).Select(c => c.Id)), label + ": customers with orders (nullable key)");
        Assert.That(unreferenced.Select(o => o.Id), Is.EquivalentTo(_orders.Where(o => o.Id > min && _lines.All(l => o.Id != l.OrderId)).Select(o => o.Id)), $"{label}: orders after {min} no line names");
        AllIntercepted(4, label);
        Assert.That(InterceptionCheck.Runs - before, Is.EqualTo(4), label + ": each run was checked");
    }
}
