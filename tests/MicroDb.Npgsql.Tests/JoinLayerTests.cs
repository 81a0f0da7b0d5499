using MicroDb.Mapping;
using MicroDb.Runtime.Reflection;

namespace MicroDb.Npgsql.Tests;

/// <summary>
/// What PostgreSQL gets from Core's one join operator layer (issue 24): grouping over a join, RightJoin (from a table,
/// a SQL LEFT JOIN, and after a join, a SQL RIGHT JOIN), three-table joins, self-joins and sub-queries in a join's Where
/// and result, each against LINQ-to-Objects
/// over the same rows (read back with ad-hoc SQL), on both mapping paths, and what is refused.
/// </summary>
[TestFixture(MappingMode.Generated)]
[TestFixture(MappingMode.Reflection)]
public sealed class JoinLayerTests(MappingMode mapping)
{
    private static readonly string?[] Cities = ["Oslo", "oslo", null, "Bern", "Zürich", "Lima"];

    private MicroDbNpgsqlConnection _db = null!;
    private List<PgCustomer> _customers = null!;
    private List<PgOrder> _orders = null!;
    private List<PgCity> _cities = null!;

    [OneTimeSetUp]
    public void EnableReflection() => ReflectionMaps.Enable();

    [SetUp]
    public void Open()
    {
        _db = new MicroDbNpgsqlConnection(PostgresServer.DataSource, mapping);
        _db.Execute("DROP TABLE IF EXISTS pg_join_order");
        _db.Execute("DROP TABLE IF EXISTS pg_join_customer");
        _db.Execute("DROP TABLE IF EXISTS pg_join_city");
        _db.Execute("DROP TABLE IF EXISTS pg_join_nokey");
        _db.CreateTable<PgCustomer>();
        _db.CreateTable<PgOrder>();
        _db.CreateTable<PgCity>();
        _db.CreateTable<PgNoKey>();
        var random = new Random(2424);
        _db.InsertAll(Enumerable.Range(0, 14).Select(i => new PgCustomer
        {
            Name = "c" + random.Next(6),
            City = Cities[random.Next(Cities.Length)],
            Rating = random.Next(-50, 50) / 4.0,
        }).ToList());
        _db.InsertAll(Enumerable.Range(0, 50).Select(i => new PgOrder
        {
            CustomerId = random.Next(7) == 0 ? null : random.Next(1, 18), // some match no customer
            Total = random.Next(0, 100_000) / 100m,
            Weight = random.Next(0, 400) / 8.0,
            Note = random.Next(3) == 0 ? null : "n" + random.Next(4),
        }).ToList());

        // "Lima" has no customer (a kept row no join matches), "oslo" and null have no city.
        _db.InsertAll(new List<PgCity> { new() { Name = "Oslo", Population = 700 }, new() { Name = "Bern", Population = 140 }, new() { Name = "Zürich", Population = 420 }, new() { Name = "Lima", Population = 10_000 }, new() { Name = "Quito", Population = 2_800 } });
        _db.InsertAll(new List<PgNoKey> { new() { CustomerId = 1, Label = "a" } });
        _customers = _db.Query<PgCustomer>("SELECT * FROM pg_join_customer ORDER BY \"Id\"");
        _orders = _db.Query<PgOrder>("SELECT * FROM pg_join_order ORDER BY \"Id\"");
        _cities = _db.Query<PgCity>("SELECT * FROM pg_join_city ORDER BY \"Id\"");
    }

    [TearDown]
    public void Close() => _db.Dispose();

    [Test]
    public void Query_syntax_group_over_a_join_matches_linq_to_objects()
    {
        var expected = (from o in _orders
                        join c in _customers on o.CustomerId equals c.Id
                        group o by c.City into g
                        select new { g.Key, Count = g.Count(), Total = g.Sum(x => x.Total), Last = g.Max(x => x.Id) }).OrderBy(x => x.Key, StringComparer.Ordinal).ToList();
        var actual = (from o in _db.Table<PgOrder>()
                      join c in _db.Table<PgCustomer>() on o.CustomerId equals (int?)c.Id
                      group o by c.City into g
                      select new { g.Key, Count = g.Count(), Total = g.Sum(x => x.Total), Last = g.Max(x => x.Id) }).ToList().OrderBy(x => x.Key, StringComparer.Ordinal).ToList();
        Assert.That(actual, Is.EqualTo(expected));
        Assert.That(expected, Has.Count.GreaterThan(2));
        Assert.That(expected.Any(x => x.Key is null), Is.True, "a null key is a group of its own");
    }

    [Test]
    public void Group_over_a_join_with_having_ordering_and_paging_matches_linq_to_objects()
    {
        var expected = _orders.Join(_customers, o => o.CustomerId, c => c.Id, (o, c) => new { o.Total, c.Name, o.Note })
            .GroupBy(x => new { x.Name, x.Note }).Where(g => g.Count() > 1)
            .Select(g => new { g.Key.Name, g.Key.Note, Count = g.Count(), Low = g.Min(x => x.Total) })
            .OrderByDescending(x => x.Count).ThenBy(x => x.Name, StringComparer.Ordinal).ThenBy(x => x.Note, StringComparer.Ordinal).ToList();
        var query = _db.Table<PgOrder>().Join(_db.Table<PgCustomer>(), o => o.CustomerId, c => (int?)c.Id, (o, c) => new { o.Total, c.Name, o.Note })
            .GroupBy(x => new { x.Name, x.Note }).Where(g => g.Count() > 1)
            .OrderByDescending(g => g.Count()).ThenBy(g => g.Key.Name).ThenBy(g => g.Key.Note)
            .Select(g => new { g.Key.Name, g.Key.Note, Count = g.Count(), Low = g.Min(x => x.Total) });
        Assert.That(query.ToList(), Is.EqualTo(expected));
        Assert.That(query.Skip(1).Take(2).ToList(), Is.EqualTo(expected.Skip(1).Take(2).ToList()));
        Assert.That(expected, Has.Count.GreaterThan(2));
    }

    [Test]
    public async Task Group_over_a_left_join_counts_the_matched_rows_async()
    {
        var expected = _orders.LeftJoin(_customers, o => o.CustomerId, c => (int?)c.Id, (o, c) => new { o, c })
            .GroupBy(x => x.o.Note).Select(g => new { g.Key, Orders = g.Count(), Matched = g.Count(x => x.c != null) })
            .OrderBy(x => x.Key, StringComparer.Ordinal).ToList();
        var query = _db.Table<PgOrder>().LeftJoin(_db.Table<PgCustomer>(), o => o.CustomerId, c => (int?)c.Id, (o, c) => new { o, c })
            .GroupBy(x => x.o.Note);
        var actual = (await query.Select(g => new { g.Key, Orders = g.Count(), Matched = g.Count(x => x.c != null) }).ToListAsync())
            .OrderBy(x => x.Key, StringComparer.Ordinal).ToList();
        Assert.That(actual, Is.EqualTo(expected));
        Assert.That(expected.Any(x => x.Matched < x.Orders), Is.True, "some orders match no customer");
        Assert.That(await query.CountAsync(), Is.EqualTo(expected.Count));
    }

    [Test]
    public void Right_join_from_a_table_keeps_every_row_of_the_joined_table()
    {
        var expected = _orders.RightJoin(_customers, o => o.CustomerId, c => (int?)c.Id, (o, c) => new { Order = o == null ? 0 : o.Id, Customer = c.Id })
            .OrderBy(x => x.Customer).ThenBy(x => x.Order).ToList();
        var actual = _db.Table<PgOrder>().RightJoin(_db.Table<PgCustomer>(), o => o.CustomerId, c => (int?)c.Id, (o, c) => new { Order = o == null ? 0 : o.Id, Customer = c.Id })
            .OrderBy(x => x.Customer).ThenBy(x => x.Order).ToList();
        Assert.That(actual, Is.EqualTo(expected));
        Assert.That(expected.Any(x => x.Order == 0), Is.True, "some customers have no order");
    }

    [Test]
    public void Right_join_after_a_join_is_a_sql_right_join_and_matches_linq_to_objects()
    {
        var expected = _orders.Join(_customers, o => o.CustomerId, c => c.Id, (o, c) => new { o, c })
            .RightJoin(_cities, x => x.c.City, city => city.Name, (x, city) => new { Order = x == null ? 0 : x.o.Id, Customer = x == null ? null : x.c.Name, City = city.Name })
            .OrderBy(x => x.City, StringComparer.Ordinal).ThenBy(x => x.Order).ToList();
        var query = _db.Table<PgOrder>().Join(_db.Table<PgCustomer>(), o => o.CustomerId, c => (int?)c.Id, (o, c) => new { o, c })
            .RightJoin(_db.Table<PgCity>(), x => x.c.City, city => city.Name, (x, city) => new { Order = x == null ? 0 : x.o.Id, Customer = x == null ? null : x.c.Name, City = city.Name })
            .OrderBy(x => x.City).ThenBy(x => x.Order);
        Assert.That(query.ToSqlString(), Does.Contain(" RIGHT JOIN \"pg_join_city\" AS \"t2\" ON "));
        Assert.That(query.ToList(), Is.EqualTo(expected));
        Assert.That(query.Count(), Is.EqualTo(expected.Count));
        Assert.That(expected.Count(x => x.Order == 0), Is.Positive, "Quito has no customer");
    }

    [Test]
    public void Three_table_join_matches_linq_to_objects()
    {
        var expected = (from o in _orders
                        join c in _customers on o.CustomerId equals c.Id
                        join city in _cities on c.City equals city.Name
                        where city.Population > 200
                        select new { o.Id, c.Name, city.Population }).OrderBy(x => x.Id).ToList();
        var actual = (from o in _db.Table<PgOrder>()
                      join c in _db.Table<PgCustomer>() on o.CustomerId equals (int?)c.Id
                      join city in _db.Table<PgCity>() on c.City equals city.Name
                      where city.Population > 200
                      orderby o.Id
                      select new { o.Id, c.Name, city.Population }).ToList();
        Assert.That(actual, Is.EqualTo(expected));
        Assert.That(expected, Is.Not.Empty);
    }

    [Test]
    public void Self_join_gives_each_occurrence_its_own_alias()
    {
        var expected = (from a in _customers
                        join b in _customers on a.City equals b.City
                        where a.Id < b.Id
                        select new { A = a.Id, B = b.Id }).OrderBy(x => x.A).ThenBy(x => x.B).ToList();
        var query = from a in _db.Table<PgCustomer>()
                    join b in _db.Table<PgCustomer>() on a.City equals b.City
                    where a.Id < b.Id
                    orderby a.Id, b.Id
                    select new { A = a.Id, B = b.Id };
        Assert.That(query.ToSqlString(), Does.Contain("\"pg_join_customer\" AS \"t0\" INNER JOIN \"pg_join_customer\" AS \"t1\""));
        Assert.That(query.ToList(), Is.EqualTo(expected));
        Assert.That(expected, Is.Not.Empty);
    }

    [Test]
    public void Sub_queries_in_a_joins_where_and_result_match_linq_to_objects()
    {
        var expected = _orders.Join(_customers, o => o.CustomerId, c => c.Id, (o, c) => new { o, c })
            .Where(x => _orders.Any(o2 => o2.CustomerId == x.c.Id && o2.Total > 600m))
            .Select(x => new { x.o.Id, Orders = _orders.Count(o2 => o2.CustomerId == x.c.Id), Rich = _orders.Any(o2 => o2.CustomerId == x.c.Id && o2.Total > 900m) })
            .OrderBy(x => x.Id).ToList();
        var orders = _db.Table<PgOrder>();
        var actual = _db.Table<PgOrder>().Join(_db.Table<PgCustomer>(), o => o.CustomerId, c => (int?)c.Id, (o, c) => new { o, c })
            .Where(x => orders.Any(o2 => o2.CustomerId == x.c.Id && o2.Total > 600m))
            .Select(x => new { x.o.Id, Orders = orders.Count(o2 => o2.CustomerId == x.c.Id), Rich = orders.Any(o2 => o2.CustomerId == x.c.Id && o2.Total > 900m) })
            .OrderBy(x => x.Id).ToList();
        Assert.That(actual, Is.EqualTo(expected));
        Assert.That(expected.Select(x => x.Rich).Distinct().Count(), Is.EqualTo(2), "both answers occur");
    }

    [Test]
    public void A_table_that_may_be_missing_needs_a_primary_key_on_postgresql()
    {
        var customers = _db.Table<PgCustomer>();
        Assert.That(() => _db.Table<PgNoKey>().RightJoin(customers, n => n.CustomerId, c => c.Id, (n, c) => c.Id),
            Throws.TypeOf<NotSupportedException>().With.Message.Contains("pg_join_nokey").And.Message.Contains("primary key"));
        Assert.That(() => _db.Table<PgNoKey>().Join(customers, n => n.CustomerId, c => c.Id, (n, c) => new { n, c }).RightJoin(_db.Table<PgCity>(), x => x.c.City, city => city.Name, (x, city) => city.Id),
            Throws.TypeOf<NotSupportedException>().With.Message.Contains("pg_join_nokey").And.Message.Contains("primary key"));
        using var other = new MicroDbNpgsqlConnection(PostgresServer.DataSource, mapping);
        Assert.That(() => _db.Table<PgOrder>().RightJoin(other.Table<PgCustomer>(), o => o.CustomerId, c => (int?)c.Id, (o, c) => c.Id),
            Throws.ArgumentException.With.Message.Contains("another connection"));
        Assert.That(() => _db.Table<PgOrder>().Join(customers, o => o.CustomerId, c => (int?)c.Id, (o, c) => new { o, c }).OrderBy(x => x.o.Id).GroupBy(x => x.c.City),
            Throws.TypeOf<NotSupportedException>().With.Message.Contains("GroupBy after OrderBy"));
    }
    [Test]
    public async Task Join_terminals_with_a_condition_match_linq_to_objects()
    {
        var expected = (from o in _orders join c in _customers on o.CustomerId equals c.Id select new { OrderId = o.Id, c.Name, o.Total }).ToList();
        var joined = _db.Table<PgOrder>().Join(_db.Table<PgCustomer>(), o => o.CustomerId, c => (int?)c.Id, (o, c) => new { OrderId = o.Id, c.Name, o.Total });

        Assert.That(joined.Count(x => x.Total > 500m), Is.EqualTo(expected.Count(x => x.Total > 500m)).And.GreaterThan(0));
        Assert.That(joined.LongCount(), Is.EqualTo((long)expected.Count));
        Assert.That(joined.Any(x => x.Total > 1_000_000m), Is.False);
        Assert.That(joined.Any(x => x.Name == "c1"), Is.EqualTo(expected.Any(x => x.Name == "c1")));
        var least = expected.Min(x => x.OrderId);
        Assert.That(joined.First(x => x.OrderId == least), Is.EqualTo(expected.First(x => x.OrderId == least)));
        Assert.That(joined.FirstOrDefault(x => x.OrderId < 0), Is.Null);
        Assert.That(() => joined.First(x => x.OrderId < 0), Throws.InvalidOperationException);
        Assert.That(joined.OrderBy(x => x.OrderId).ToArray(), Is.EqualTo(expected.OrderBy(x => x.OrderId).ToArray()));
        Assert.That(await joined.AnyAsync(), Is.True);
        Assert.That(await joined.OrderBy(x => x.OrderId).FirstAsync(), Is.EqualTo(expected.OrderBy(x => x.OrderId).First()));
        Assert.That(async () => await joined.Where(x => x.OrderId < 0).FirstAsync(), Throws.InvalidOperationException);
    }
}
