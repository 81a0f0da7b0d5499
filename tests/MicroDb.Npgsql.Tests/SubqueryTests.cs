using MicroDb.Mapping;
using MicroDb.Runtime.Reflection;

namespace MicroDb.Npgsql.Tests;

/// <summary>
/// EXISTS/IN sub-queries on PostgreSQL: another table query of the same <see cref="MicroDbNpgsqlConnection"/> read inside a
/// Where lambda (Any, All, Count, Select(...).Contains) is one statement through Core's translator, checked against
/// LINQ-to-Objects over the same rows on both mapping paths; what is not translated is refused by name.
/// </summary>
[TestFixture(MappingMode.Generated)]
[TestFixture(MappingMode.Reflection)]
public sealed class SubqueryTests(MappingMode mapping)
{
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
        var random = new Random(2424);
        _db.InsertAll(Enumerable.Range(0, 14).Select(i => new PgCustomer { Name = "c" + i, City = i % 3 == 0 ? null : "City" + (i % 4), Rating = i }).ToList());
        _db.InsertAll(Enumerable.Range(0, 50).Select(i => new PgOrder
        {
            CustomerId = random.Next(6) == 0 ? null : random.Next(1, 12),
            Total = random.Next(0, 100_000) / 100m,
            Weight = random.Next(0, 400) / 8.0,
            Note = random.Next(3) == 0 ? null : "c" + random.Next(16),
        }).ToList());
        _customers = _db.Query<PgCustomer>("SELECT * FROM pg_join_customer ORDER BY \"Id\"");
        _orders = _db.Query<PgOrder>("SELECT * FROM pg_join_order ORDER BY \"Id\"");
    }

    [TearDown]
    public void Close() => _db.Dispose();

    [Test]
    public void Any_over_another_table_is_exists_and_matches_linq_to_objects()
    {
        var expected = _customers.Where(c => _orders.Any(o => o.CustomerId == c.Id && o.Total > 500m)).Select(c => c.Id).ToList();
        var query = _db.Table<PgCustomer>().Where(c => _db.Table<PgOrder>().Any(o => o.CustomerId == c.Id && o.Total > 500m));
        Assert.That(query.ToList().Select(c => c.Id).Order().ToList(), Is.EqualTo(expected));
        Assert.That(query.Count(), Is.EqualTo(expected.Count));
        Assert.That(query.ToSqlString(), Does.Contain("EXISTS"));
        Assert.That(expected, Is.Not.Empty);
        Assert.That(expected.Count, Is.LessThan(_customers.Count));
    }

    [Test]
    public void Negated_any_and_all_match_linq_to_objects()
    {
        var none = _customers.Where(c => !_orders.Any(o => o.CustomerId == c.Id)).Select(c => c.Id).ToList();
        Assert.That(_db.Table<PgCustomer>().Where(c => !_db.Table<PgOrder>().Any(o => o.CustomerId == c.Id)).ToList().Select(c => c.Id).Order(), Is.EqualTo(none));
        Assert.That(none, Is.Not.Empty);

        var all = _customers.Where(c => _orders.Where(o => o.CustomerId == c.Id).All(o => o.Total > 100m)).Select(c => c.Id).ToList();
        var actual = _db.Table<PgCustomer>().Where(c => _db.Table<PgOrder>().Where(o => o.CustomerId == c.Id).All(o => o.Total > 100m)).ToList().Select(c => c.Id).Order();
        Assert.That(actual, Is.EqualTo(all));
    }

    [Test]
    public void Count_of_another_table_compares_as_linq_does()
    {
        var expected = _customers.Where(c => _orders.Count(o => o.CustomerId == c.Id) > 4).Select(c => c.Id).ToList();
        var actual = _db.Table<PgCustomer>().Where(c => _db.Table<PgOrder>().Count(o => o.CustomerId == c.Id) > 4).ToList().Select(c => c.Id).Order();
        Assert.That(actual, Is.EqualTo(expected));
        Assert.That(expected, Is.Not.Empty);
    }

    [Test]
    public void Select_contains_is_in_for_integers_and_exists_for_text()
    {
        var expected = _customers.Where(c => _orders.Where(o => o.Total > 300m).Select(o => o.CustomerId ?? 0).Contains(c.Id)).Select(c => c.Id).ToList();
        var ids = _db.Table<PgCustomer>().Where(c => _db.Table<PgOrder>().Where(o => o.Total > 300m).Select(o => o.CustomerId ?? 0).Contains(c.Id));
        Assert.That(ids.ToList().Select(c => c.Id).Order(), Is.EqualTo(expected));
        Assert.That(ids.ToSqlString(), Does.Contain(" IN ("));

        var byName = _customers.Where(c => _orders.Select(o => o.Note).Contains(c.Name)).Select(c => c.Id).ToList();
        var names = _db.Table<PgCustomer>().Where(c => _db.Table<PgOrder>().Select(o => o.Note).Contains(c.Name));
        Assert.That(names.ToList().Select(c => c.Id).Order(), Is.EqualTo(byName));
        Assert.That(byName, Is.Not.Empty);
    }

    [Test]
    public void All_and_contains_called_directly_match_linq_to_objects()
    {
        Assert.That(_db.Table<PgOrder>().All(o => o.Total >= 0m), Is.True);
        Assert.That(_db.Table<PgOrder>().All(o => o.Total > 500m), Is.EqualTo(_orders.All(o => o.Total > 500m)));
        Assert.That(_db.Table<PgOrder>().Where(o => o.Total < 0m).All(o => o.Total > 500m), Is.True, "All over no rows");
        Assert.That(_db.Table<PgOrder>().Select(o => o.Note).Contains(_orders[0].Note), Is.True);
        Assert.That(_db.Table<PgOrder>().Select(o => o.Note).Contains("absent"), Is.False);
    }

    [Test]
    public void Execute_delete_with_a_sub_query_deletes_what_linq_selects()
    {
        var kept = _customers.Where(c => _orders.Any(o => o.CustomerId == c.Id)).Select(c => c.Id).ToList();
        var deleted = _db.Table<PgCustomer>().Where(c => !_db.Table<PgOrder>().Any(o => o.CustomerId == c.Id)).ExecuteDelete();
        Assert.That(deleted, Is.EqualTo(_customers.Count - kept.Count));
        Assert.That(_db.Table<PgCustomer>().ToList().Select(c => c.Id).Order(), Is.EqualTo(kept));
    }

    [Test]
    public void A_sub_query_made_on_another_connection_is_refused()
    {
        using var other = new MicroDbNpgsqlConnection(PostgresServer.DataSource, mapping);
        Assert.That(() => _db.Table<PgCustomer>().Where(c => other.Table<PgOrder>().Any(o => o.CustomerId == c.Id)).ToList(),
            Throws.TypeOf<NotSupportedException>().With.Message.Contains("another connection"));
    }
}
