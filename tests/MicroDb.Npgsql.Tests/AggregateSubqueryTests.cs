using MicroDb.Mapping;
using MicroDb.Runtime.Reflection;

namespace MicroDb.Npgsql.Tests;

/// <summary>
/// Count/Sum/Min/Max/Average sub-queries in Where and scalar sub-queries in projections on PostgreSQL, through Core's
/// translator with PostgreSQL's dialect, against LINQ-to-Objects over the same rows (customers without lines included:
/// a Sum of none is 0, a nullable Min of none null), on both mapping paths.
/// </summary>
[TestFixture(MappingMode.Generated)]
[TestFixture(MappingMode.Reflection)]
public sealed class AggregateSubqueryTests(MappingMode mapping)
{
    private TestSchema _schema = null!;
    private MicroDbNpgsqlConnection _db = null!;
    private List<PgCustomer> _customers = null!;
    private List<PgSubLine> _lines = null!;

    [OneTimeSetUp]
    public void EnableReflection() => ReflectionMaps.Enable();

    [SetUp]
    public void Open()
    {
        _schema = new TestSchema("aggsub_" + mapping.ToString().ToLowerInvariant());
        _db = new MicroDbNpgsqlConnection(_schema.DataSource, mapping);
        _db.CreateTable<PgCustomer>();
        _db.CreateTable<PgSubLine>();
        _db.InsertAll(Enumerable.Range(0, 12).Select(i => new PgCustomer { Name = "c" + i, Rating = i }).ToList());
        var random = new Random(2425);

        // Customers 1..9 get lines; 10..12 have none.
        _db.InsertAll(Enumerable.Range(0, 60).Select(i => new PgSubLine
        {
            CustomerId = random.Next(1, 10),
            Qty = random.Next(-5, 20),
            MaybeQty = random.Next(4) == 0 ? null : random.Next(0, 9),
            Big = random.Next(0, 3) * 3_000_000_000L,
            Price = random.Next(0, 10_000) / 100m,
            Weight = random.Next(0, 64) / 4.0,
            Shipped = new DateTime(2024, 1, 1).AddHours(random.Next(0, 5000)),
        }).ToList());
        _customers = _db.Query<PgCustomer>("SELECT * FROM pg_join_customer ORDER BY \"Id\"");
        _lines = _db.Query<PgSubLine>("SELECT * FROM pg_sub_line ORDER BY \"Id\"");
        Assert.That(_customers.Count(c => _lines.All(l => l.CustomerId != c.Id)), Is.EqualTo(3), "customers without lines");
    }

    [TearDown]
    public void Close()
    {
        _db.Dispose();
        _schema.Dispose();
    }

    private List<int> Ids(NpgsqlTableQuery<PgCustomer> query) => [.. query.ToList().Select(c => c.Id).Order()];

    private List<int> Expected(Func<PgCustomer, bool> predicate) => [.. _customers.Where(predicate).Select(c => c.Id)];

    [Test]
    public void Count_sub_query_in_where_matches_linq_to_objects()
    {
        var query = _db.Table<PgCustomer>().Where(c => _db.Table<PgSubLine>().Count(l => l.CustomerId == c.Id) > 6);
        var expected = Expected(c => _lines.Count(l => l.CustomerId == c.Id) > 6);

        Assert.That(Ids(query), Is.EqualTo(expected));
        Assert.That(expected, Is.Not.Empty.And.Count.LessThan(_customers.Count));
    }

    [Test]
    public void Sum_sub_queries_of_int_long_decimal_and_double_in_where_match_linq_including_customers_without_lines()
    {
        Assert.Multiple(() =>
        {
            Assert.That(
                Ids(_db.Table<PgCustomer>().Where(c => _db.Table<PgSubLine>().Where(l => l.CustomerId == c.Id).Sum(l => l.Qty) <= 20)),
                Is.EqualTo(Expected(c => _lines.Where(l => l.CustomerId == c.Id).Sum(l => l.Qty) <= 20)));
            Assert.That(
                Ids(_db.Table<PgCustomer>().Where(c => _db.Table<PgSubLine>().Where(l => l.CustomerId == c.Id).Sum(l => l.MaybeQty) == 0)),
                Is.EqualTo(Expected(c => _lines.Where(l => l.CustomerId == c.Id).Sum(l => l.MaybeQty) == 0)));
            Assert.That(
                Ids(_db.Table<PgCustomer>().Where(c => _db.Table<PgSubLine>().Where(l => l.CustomerId == c.Id).Sum(l => l.Big) > 12_000_000_000L)),
                Is.EqualTo(Expected(c => _lines.Where(l => l.CustomerId == c.Id).Sum(l => l.Big) > 12_000_000_000L)));
            Assert.That(
                Ids(_db.Table<PgCustomer>().Where(c => _db.Table<PgSubLine>().Where(l => l.CustomerId == c.Id).Sum(l => l.Price) > 300m)),
                Is.EqualTo(Expected(c => _lines.Where(l => l.CustomerId == c.Id).Sum(l => l.Price) > 300m)));
            Assert.That(
                Ids(_db.Table<PgCustomer>().Where(c => _db.Table<PgSubLine>().Where(l => l.CustomerId == c.Id).Sum(l => l.Weight) < 40.5)),
                Is.EqualTo(Expected(c => _lines.Where(l => l.CustomerId == c.Id).Sum(l => l.Weight) < 40.5)));
        });
    }

    [Test]
    public void Nullable_min_max_and_average_sub_queries_in_where_are_null_for_no_rows_as_in_linq()
    {
        Assert.Multiple(() =>
        {
            Assert.That(
                Ids(_db.Table<PgCustomer>().Where(c => _db.Table<PgSubLine>().Where(l => l.CustomerId == c.Id).Min(l => (int?)l.Qty) < 0)),
                Is.EqualTo(Expected(c => _lines.Where(l => l.CustomerId == c.Id).Min(l => (int?)l.Qty) < 0)));
            Assert.That(
                Ids(_db.Table<PgCustomer>().Where(c => _db.Table<PgSubLine>().Where(l => l.CustomerId == c.Id).Max(l => (DateTime?)l.Shipped) == null)),
                Is.EqualTo(Expected(c => _lines.Where(l => l.CustomerId == c.Id).Max(l => (DateTime?)l.Shipped) == null)));
            Assert.That(
                Ids(_db.Table<PgCustomer>().Where(c => _db.Table<PgSubLine>().Where(l => l.CustomerId == c.Id).Max(l => l.MaybeQty) >= 8)),
                Is.EqualTo(Expected(c => _lines.Where(l => l.CustomerId == c.Id).Max(l => l.MaybeQty) >= 8)));
            Assert.That(
                Ids(_db.Table<PgCustomer>().Where(c => _db.Table<PgSubLine>().Where(l => l.CustomerId == c.Id).Average(l => l.MaybeQty) > 4.0)),
                Is.EqualTo(Expected(c => _lines.Where(l => l.CustomerId == c.Id).Average(l => l.MaybeQty) > 4.0)));
            Assert.That(
                Ids(_db.Table<PgCustomer>().Where(c => _db.Table<PgSubLine>().Where(l => l.CustomerId == c.Id).Average(l => (double?)l.Weight) < 7.0)),
                Is.EqualTo(Expected(c => _lines.Where(l => l.CustomerId == c.Id).Average(l => (double?)l.Weight) < 7.0)));
        });
        Assert.That(Expected(c => _lines.Where(l => l.CustomerId == c.Id).Max(l => (DateTime?)l.Shipped) == null), Has.Count.EqualTo(3));
    }

    [Test]
    public void Scalar_sub_queries_in_a_projection_match_linq_to_objects_row_by_row()
    {
        var actual = _db.Table<PgCustomer>().Where(c => c.Rating >= 1).Select(c => new
        {
            c.Id,
            c.Name,
            Lines = _db.Table<PgSubLine>().Count(l => l.CustomerId == c.Id),
            Qty = _db.Table<PgSubLine>().Where(l => l.CustomerId == c.Id).Sum(l => l.Qty),
            Big = _db.Table<PgSubLine>().Where(l => l.CustomerId == c.Id).Sum(l => l.Big),
            Price = _db.Table<PgSubLine>().Where(l => l.CustomerId == c.Id).Sum(l => l.Price),
            Weight = _db.Table<PgSubLine>().Where(l => l.CustomerId == c.Id).Sum(l => l.Weight),
            Least = _db.Table<PgSubLine>().Where(l => l.CustomerId == c.Id).Min(l => (int?)l.Qty),
            Last = _db.Table<PgSubLine>().Where(l => l.CustomerId == c.Id).Max(l => (DateTime?)l.Shipped),
            Mean = _db.Table<PgSubLine>().Where(l => l.CustomerId == c.Id).Average(l => (int?)l.Qty),
            Heavy = _db.Table<PgSubLine>().Any(l => l.CustomerId == c.Id && l.Weight > 14.0),
        }).ToList().OrderBy(r => r.Id).ToList();

        var expected = _customers.Where(c => c.Rating >= 1).Select(c => new
        {
            c.Id,
            c.Name,
            Lines = _lines.Count(l => l.CustomerId == c.Id),
            Qty = _lines.Where(l => l.CustomerId == c.Id).Sum(l => l.Qty),
            Big = _lines.Where(l => l.CustomerId == c.Id).Sum(l => l.Big),
            Price = _lines.Where(l => l.CustomerId == c.Id).Sum(l => l.Price),
            Weight = _lines.Where(l => l.CustomerId == c.Id).Sum(l => l.Weight),
            Least = _lines.Where(l => l.CustomerId == c.Id).Min(l => (int?)l.Qty),
            Last = _lines.Where(l => l.CustomerId == c.Id).Max(l => (DateTime?)l.Shipped),
            Mean = _lines.Where(l => l.CustomerId == c.Id).Average(l => (int?)l.Qty),
            Heavy = _lines.Any(l => l.CustomerId == c.Id && l.Weight > 14.0),
        }).ToList();

        Assert.That(actual, Is.EqualTo(expected));
        Assert.That(actual.Count(r => r.Lines == 0 && r.Qty == 0 && r.Least is null && r.Last is null && r.Mean is null), Is.EqualTo(3));
    }

    [Test]
    public async Task A_projection_with_a_sub_query_and_a_captured_value_runs_async_and_with_first()
    {
        var floor = 10;
        var query = _db.Table<PgCustomer>().Where(c => c.Rating > 0).OrderBy(c => c.Id)
            .Select(c => new { c.Id, Big = _db.Table<PgSubLine>().Count(l => l.CustomerId == c.Id && l.Qty >= floor) });
        var expected = _customers.Where(c => c.Rating > 0).Select(c => new { c.Id, Big = _lines.Count(l => l.CustomerId == c.Id && l.Qty >= floor) }).ToList();

        Assert.That(await query.ToListAsync(), Is.EqualTo(expected));
        Assert.That(query.First(), Is.EqualTo(expected[0]));
        Assert.That(query.ToSqlString(), Does.Contain("count(*)"));
    }

    [Test]
    public void A_non_nullable_min_over_no_rows_throws_in_a_projection_as_linq_does_and_is_refused_in_where()
    {
        var projection = _db.Table<PgCustomer>().Select(c => new { c.Id, Least = _db.Table<PgSubLine>().Where(l => l.CustomerId == c.Id).Min(l => l.Qty) });
        Assert.That(() => projection.ToList(), Throws.TypeOf<InvalidOperationException>().With.Message.Contains("no rows"));

        Assert.That(
            () => _db.Table<PgCustomer>().Where(c => _db.Table<PgSubLine>().Where(l => l.CustomerId == c.Id).Min(l => l.Qty) > 0),
            Throws.TypeOf<NotSupportedException>().With.Message.Contains("nullable selector"));
    }

    [Test]
    public void Aggregates_postgresql_cannot_compute_as_dotnet_are_refused_naming_them()
    {
        Assert.That(
            () => _db.Table<PgCustomer>().Where(c => _db.Table<PgSubLine>().Where(l => l.CustomerId == c.Id).Max(l => (double?)l.Weight) > 1.0),
            Throws.TypeOf<NotSupportedException>().With.Message.Contains("NaN"));
        Assert.That(
            () => _db.Table<PgCustomer>().Select(c => new { c.Id, A = _db.Table<PgSubLine>().Where(l => l.CustomerId == c.Id).Average(l => (decimal?)l.Price) }),
            Throws.TypeOf<NotSupportedException>().With.Message.Contains("Average of 'Decimal' over a sub-query"));
    }

    [Test]
    public void A_sum_sub_query_as_a_sort_key_orders_as_linq_to_objects()
    {
        var actual = _db.Table<PgCustomer>()
            .OrderByDescending(c => _db.Table<PgSubLine>().Where(l => l.CustomerId == c.Id).Sum(l => l.Qty)).ThenBy(c => c.Id)
            .ToList().Select(c => c.Id).ToList();
        var expected = _customers.OrderByDescending(c => _lines.Where(l => l.CustomerId == c.Id).Sum(l => l.Qty)).ThenBy(c => c.Id).Select(c => c.Id).ToList();

        Assert.That(actual, Is.EqualTo(expected));
    }

    [Test]
    public void Aggregates_called_directly_match_linq_to_objects()
    {
        var none = _db.Table<PgSubLine>().Where(l => l.CustomerId == 11);

        Assert.That(_db.Table<PgSubLine>().Sum(l => l.Qty), Is.EqualTo(_lines.Sum(l => l.Qty)));
        Assert.That(_db.Table<PgSubLine>().Sum(l => l.Price), Is.EqualTo(_lines.Sum(l => l.Price)));
        Assert.That(_db.Table<PgSubLine>().Average(l => l.MaybeQty), Is.EqualTo(_lines.Average(l => l.MaybeQty)));
        Assert.That(_db.Table<PgSubLine>().Max(l => l.Shipped), Is.EqualTo(_lines.Max(l => l.Shipped)));
        Assert.That(none.Sum(l => l.Big), Is.EqualTo(0));
        Assert.That(none.Min(l => (int?)l.Qty), Is.Null);
        Assert.That(() => none.Min(l => l.Qty), Throws.TypeOf<InvalidOperationException>());
    }
}
