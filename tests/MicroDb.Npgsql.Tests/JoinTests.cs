using MicroDb.Mapping;
using MicroDb.Runtime.Reflection;

namespace MicroDb.Npgsql.Tests;

/// <summary>
/// Joins on PostgreSQL through Core's one translator and join pipeline, against LINQ-to-Objects over the same rows (read
/// back with ad-hoc SQL), on both mapping paths: inner and left joins, method and query syntax, Where/OrderBy over the
/// joined row, projections, paging, Count/Any, and what is refused.
/// </summary>
[TestFixture(MappingMode.Generated)]
[TestFixture(MappingMode.Reflection)]
public sealed class JoinTests(MappingMode mapping)
{
    private static readonly string?[] Names = ["Anna", "anna", "Bob", "Zoe", "Ölaf", null, "B", "émile"];
    private static readonly string?[] Cities = ["Oslo", "oslo", null, "Bern", "Zürich"];

    private MicroDbNpgsqlConnection _db = null!;
    private List<PgCustomer> _customers = null!;
    private List<PgOrder> _orders = null!;

    [OneTimeSetUp]
    public void EnableReflection() => ReflectionMaps.Enable();

    [SetUp]
    public void Open()
    {
        _db = new MicroDbNpgsqlConnection(PostgresServer.DataSource, mapping);
        _db.Execute("DROP TABLE IF EXISTS pg_join_order");
        _db.Execute("DROP TABLE IF EXISTS pg_join_customer");
        _db.CreateTable<PgCustomer>();
        _db.CreateTable<PgOrder>();
        var random = new Random(2626);
        _db.InsertAll(Enumerable.Range(0, 12).Select(i => new PgCustomer
        {
            Name = Names[random.Next(Names.Length)],
            City = Cities[random.Next(Cities.Length)],
            Rating = i % 5 == 0 ? double.NaN : random.Next(-50, 50) / 4.0,
        }).ToList());
        _db.InsertAll(Enumerable.Range(0, 40).Select(i => new PgOrder
        {
            CustomerId = random.Next(6) == 0 ? null : random.Next(1, 16), // some match no customer
            Total = random.Next(0, 100_000) / 100m,
            Weight = i % 7 == 0 ? double.NaN : random.Next(0, 400) / 8.0,
            Note = random.Next(3) == 0 ? null : "n" + random.Next(20),
        }).ToList());
        _customers = _db.Query<PgCustomer>("SELECT * FROM pg_join_customer ORDER BY \"Id\"");
        _orders = _db.Query<PgOrder>("SELECT * FROM pg_join_order ORDER BY \"Id\"");
    }

    [TearDown]
    public void Close() => _db.Dispose();

    [Test]
    public void Join_matches_linq_to_objects()
    {
        var expected = _orders.Join(_customers, o => o.CustomerId, c => c.Id, (o, c) => (o.Id, c.Id, c.Name)).OrderBy(x => x.Item1).ToList();
        var actual = _db.Table<PgOrder>().Join(_db.Table<PgCustomer>(), o => o.CustomerId, c => (int?)c.Id, (o, c) => new { OrderId = o.Id, CustomerId = c.Id, c.Name })
            .ToList().Select(x => (x.OrderId, x.CustomerId, x.Name)).OrderBy(x => x.OrderId).ToList();
        Assert.That(actual, Is.EqualTo(expected));
        Assert.That(expected, Is.Not.Empty);
    }

    [Test]
    public void Query_syntax_join_with_where_and_orderby_matches_linq_to_objects()
    {
        // Text sorts ordinally (LINQ-to-Objects' default comparer is culture-sensitive, so the expected side names Ordinal).
        var expected = (from o in _orders
                        join c in _customers on o.CustomerId equals c.Id
                        where o.Total > 200m && c.City != null
                        select new { o.Id, c.City, o.Total }).OrderBy(x => x.City, StringComparer.Ordinal).ThenByDescending(x => x.Id).ToList();
        var actual = (from o in _db.Table<PgOrder>()
                      join c in _db.Table<PgCustomer>() on o.CustomerId equals (int?)c.Id
                      where o.Total > 200m && c.City != null
                      orderby c.City, o.Id descending
                      select new { o.Id, c.City, o.Total }).ToList();
        Assert.That(actual, Is.EqualTo(expected));
        Assert.That(expected, Is.Not.Empty);
    }

    [Test]
    public void Left_join_keeps_unmatched_rows_with_a_null_row()
    {
        var expected = _orders.LeftJoin(_customers, o => o.CustomerId, c => (int?)c.Id, (o, c) => new { o.Id, Name = c == null ? "(none)" : c.Name })
            .OrderBy(x => x.Id).ToList();
        var actual = _db.Table<PgOrder>().LeftJoin(_db.Table<PgCustomer>(), o => o.CustomerId, c => (int?)c.Id, (o, c) => new { o.Id, Name = c == null ? "(none)" : c.Name })
            .OrderBy(x => x.Id).ToList();
        Assert.That(actual, Is.EqualTo(expected));
        Assert.That(expected.Count(x => x.Name == "(none)"), Is.Positive, "some orders match no customer");
    }

    [Test]
    public void Query_syntax_left_join_through_group_join_matches_linq_to_objects()
    {
        var expected = (from o in _orders
                        join c in _customers on o.CustomerId equals c.Id into g
                        from c in g.DefaultIfEmpty()
                        where o.Total > 100m
                        select new { o.Id, Name = c == null ? "(none)" : c.Name }).OrderBy(x => x.Id).ToList();
        var actual = (from o in _db.Table<PgOrder>()
                      join c in _db.Table<PgCustomer>() on o.CustomerId equals (int?)c.Id into g
                      from c in g.DefaultIfEmpty()
                      where o.Total > 100m
                      select new { o.Id, Name = c == null ? "(none)" : c.Name }).ToList().OrderBy(x => x.Id).ToList();
        Assert.That(actual, Is.EqualTo(expected));
        Assert.That(expected.Count(x => x.Name == "(none)"), Is.Positive);
    }

    [Test]
    public void Group_join_over_the_group_is_an_inner_join_and_the_group_itself_is_refused()
    {
        var expected = _orders.GroupJoin(_customers, o => o.CustomerId, c => (int?)c.Id, (o, g) => new { o, g }).SelectMany(x => x.g, (x, c) => x.o.Id).Order().ToList();
        var actual = _db.Table<PgOrder>().GroupJoin(_db.Table<PgCustomer>(), o => o.CustomerId, c => (int?)c.Id, (o, g) => new { o, g })
            .SelectMany(x => x.g, (x, c) => x.o.Id).ToList().Order().ToList();
        Assert.That(actual, Is.EqualTo(expected));
        Assert.That(() => _db.Table<PgOrder>().GroupJoin(_db.Table<PgCustomer>(), o => o.CustomerId, c => (int?)c.Id, (o, g) => new { o, g })
            .SelectMany(x => x.g.Where(c => c.Id > 2), (x, c) => x.o.Id), Throws.TypeOf<NotSupportedException>().With.Message.Contains("GroupJoin"));
    }

    [Test]
    public void Left_join_where_on_the_missing_row_matches_linq_to_objects()
    {
        var expected = _orders.LeftJoin(_customers, o => o.CustomerId, c => (int?)c.Id, (o, c) => new { o, c }).Where(x => x.c == null).Select(x => x.o.Id).Order().ToList();
        var query = _db.Table<PgOrder>().LeftJoin(_db.Table<PgCustomer>(), o => o.CustomerId, c => (int?)c.Id, (o, c) => new { o, c }).Where(x => x.c == null);
        Assert.That(query.Select(x => x.o.Id).ToList().Order().ToList(), Is.EqualTo(expected));
        Assert.That(query.Count(), Is.EqualTo(expected.Count));
    }

    [Test]
    public void Join_orders_text_ordinally_and_floats_with_nan_first()
    {
        var expected = _orders.Join(_customers, o => o.CustomerId, c => c.Id, (o, c) => new { o.Id, c.Name, c.Rating })
            .OrderBy(x => x.Name, StringComparer.Ordinal).ThenBy(x => x.Rating).ThenBy(x => x.Id).Select(x => x.Id).ToList();
        var actual = _db.Table<PgOrder>().Join(_db.Table<PgCustomer>(), o => o.CustomerId, c => (int?)c.Id, (o, c) => new { o.Id, c.Name, c.Rating })
            .OrderBy(x => x.Name).ThenBy(x => x.Rating).ThenBy(x => x.Id).ToList().Select(x => x.Id).ToList();
        Assert.That(actual, Is.EqualTo(expected));
    }

    [Test]
    public void Join_compares_floats_as_dotnet_does()
    {
        var expected = _orders.Join(_customers, o => o.CustomerId, c => c.Id, (o, c) => new { o.Id, o.Weight, c.Rating })
            .Where(x => x.Weight > x.Rating || x.Rating >= 5).Select(x => x.Id).Order().ToList();
        var actual = _db.Table<PgOrder>().Join(_db.Table<PgCustomer>(), o => o.CustomerId, c => (int?)c.Id, (o, c) => new { o.Id, o.Weight, c.Rating })
            .Where(x => x.Weight > x.Rating || x.Rating >= 5).ToList().Select(x => x.Id).Order().ToList();
        Assert.That(actual, Is.EqualTo(expected));
    }

    [Test]
    public void Join_pages_counts_and_tests_for_rows()
    {
        var all = _orders.Join(_customers, o => o.CustomerId, c => c.Id, (o, c) => new { o.Id, c.Name }).OrderBy(x => x.Id).ToList();
        var query = _db.Table<PgOrder>().Join(_db.Table<PgCustomer>(), o => o.CustomerId, c => (int?)c.Id, (o, c) => new { o.Id, c.Name }).OrderBy(x => x.Id);
        Assert.That(query.Skip(2).Take(3).ToList(), Is.EqualTo(all.Skip(2).Take(3).ToList()));
        Assert.That(query.Count(), Is.EqualTo(all.Count));
        Assert.That(query.Skip(2).Take(3).Count(), Is.EqualTo(3));
        Assert.That(query.First(), Is.EqualTo(all[0]));
        Assert.That(query.Any(), Is.True);
        var none = query.Where(x => x.Id < 0);
        Assert.That(none.Any(), Is.False);
        Assert.That(none.FirstOrDefault(), Is.Null);
        Assert.That(() => none.First(), Throws.InvalidOperationException.With.Message.Contains("no row"));
    }

    [Test]
    public async Task Join_runs_async()
    {
        var expected = _orders.Join(_customers, o => o.CustomerId, c => c.Id, (o, c) => o.Id).Order().ToList();
        var query = _db.Table<PgOrder>().Join(_db.Table<PgCustomer>(), o => o.CustomerId, c => (int?)c.Id, (o, c) => o.Id);
        Assert.That((await query.ToListAsync()).Order().ToList(), Is.EqualTo(expected));
        Assert.That(await query.CountAsync(), Is.EqualTo(expected.Count));
    }

    [Test]
    public void Joined_tables_keep_their_where_conditions()
    {
        var expected = _orders.Where(o => o.Note != null).Join(_customers.Where(c => c.City == "Oslo"), o => o.CustomerId, c => c.Id, (o, c) => o.Id).Order().ToList();
        var actual = _db.Table<PgOrder>().Where(o => o.Note != null)
            .Join(_db.Table<PgCustomer>().Where(c => c.City == "Oslo"), o => o.CustomerId, c => (int?)c.Id, (o, c) => o.Id).ToList().Order().ToList();
        Assert.That(actual, Is.EqualTo(expected));
    }

    [Test]
    public void What_postgresql_cannot_join_throws_naming_it()
    {
        var orders = _db.Table<PgOrder>();
        var customers = _db.Table<PgCustomer>();
        Assert.That(() => customers.LeftJoin(_db.Table<PgNoKey>(), c => c.Id, n => n.CustomerId, (c, n) => c.Id),
            Throws.TypeOf<NotSupportedException>().With.Message.Contains("pg_join_nokey").And.Message.Contains("primary key"));
        Assert.That(() => orders.Join(customers, o => o.CustomerId, c => (int?)c.Id, (o, c) => new { o, c }).Where(x => x.c.Name!.StartsWith("A", StringComparison.CurrentCultureIgnoreCase)),
            Throws.TypeOf<NotSupportedException>().With.Message.Contains("StartsWith"));
        Assert.That(() => orders.OrderBy(o => o.Id).Join(customers, o => o.CustomerId, c => (int?)c.Id, (o, c) => o.Id),
            Throws.TypeOf<NotSupportedException>().With.Message.Contains("ordered or limited"));
        using var other = new MicroDbNpgsqlConnection(PostgresServer.DataSource, mapping);
        Assert.That(() => orders.Join(other.Table<PgCustomer>(), o => o.CustomerId, c => (int?)c.Id, (o, c) => o.Id),
            Throws.ArgumentException.With.Message.Contains("another connection"));
    }

    [Test]
    public void Join_sql_is_one_statement_with_aliases()
    {
        var sql = _db.Table<PgOrder>().LeftJoin(_db.Table<PgCustomer>(), o => o.CustomerId, c => (int?)c.Id, (o, c) => new { o.Id, c })
            .Where(x => x.Id > 3).OrderBy(x => x.Id).ToSqlString();
        Assert.That(sql, Does.StartWith("SELECT "));
        Assert.That(sql, Does.Contain("FROM \"pg_join_order\" AS \"t0\" LEFT JOIN \"pg_join_customer\" AS \"t1\" ON "));
        Assert.That(sql, Does.Contain("$1"));
        Assert.That(sql, Does.Not.Contain("rowid"));
    }
}
