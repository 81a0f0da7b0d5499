using MicroDb.Mapping;
using MicroDb.Runtime.Reflection;

namespace MicroDb.Npgsql.Tests;

/// <summary>
/// GroupBy on PostgreSQL through Core's grouping and the one translator, against LINQ-to-Objects over the same rows (read
/// back with ad-hoc SQL), on both mapping paths: member and composite keys, the aggregates per kind, HAVING, ordering
/// by key or aggregate, paging, the terminals and their async forms, and the aggregates refused by name.
/// </summary>
[TestFixture(MappingMode.Generated)]
[TestFixture(MappingMode.Reflection)]
public sealed class GroupByTests(MappingMode mapping)
{
    private static readonly string?[] Regions = ["north", "North", "south", null, "éast", "B"];

    private MicroDbNpgsqlConnection _db = null!;
    private List<PgSale> _sales = null!;

    [OneTimeSetUp]
    public void EnableReflection() => ReflectionMaps.Enable();

    [SetUp]
    public void Open()
    {
        _db = new MicroDbNpgsqlConnection(PostgresServer.DataSource, mapping);
        _db.Execute("DROP TABLE IF EXISTS pg_group_sale");
        _db.CreateTable<PgSale>();
        var random = new Random(2424);
        _db.InsertAll(Enumerable.Range(0, 60).Select(i => new PgSale
        {
            Region = Regions[random.Next(Regions.Length)],
            Shop = random.Next(1, 5),
            Qty = random.Next(-20, 200),
            Returned = random.Next(3) == 0 ? null : random.Next(0, 10),
            Big = random.NextInt64(-1_000_000_000_000, 1_000_000_000_000),
            Price = random.Next(0, 1_000_000) / 1000m,
            Ratio = random.Next(-400, 400) / 8.0,
            Weight = random.Next(0, 4000) / 16f,
            Huge = ulong.MaxValue - (ulong)random.Next(0, 1000),
            Sold = new DateTime(2020, 1, 1).AddMinutes(random.Next(0, 500_000)),
            Day = (DayOfWeek)random.Next(7),
            Note = "n" + random.Next(10),
        }).ToList());
        _sales = _db.Query<PgSale>("SELECT * FROM pg_group_sale ORDER BY \"Id\"");
    }

    [TearDown]
    public void Close() => _db.Dispose();

    [Test]
    public void Group_by_member_with_count_and_integer_aggregates_matches_linq_to_objects()
    {
        var expected = _sales.GroupBy(s => s.Shop)
            .Select(g => new { g.Key, Count = g.Count(), Long = g.LongCount(), Big = g.Count(s => s.Qty > 100), Sum = g.Sum(s => s.Qty), Min = g.Min(s => s.Qty), Max = g.Max(s => s.Big), Avg = g.Average(s => s.Qty) })
            .OrderBy(x => x.Key).ToList();
        var actual = _db.Table<PgSale>().GroupBy(s => s.Shop)
            .Select(g => new { g.Key, Count = g.Count(), Long = g.LongCount(), Big = g.Count(s => s.Qty > 100), Sum = g.Sum(s => s.Qty), Min = g.Min(s => s.Qty), Max = g.Max(s => s.Big), Avg = g.Average(s => s.Qty) })
            .OrderBy(x => x.Key).ToList();
        Assert.That(actual, Is.EqualTo(expected));
        Assert.That(expected, Has.Count.GreaterThan(2));
    }

    [Test]
    public void Computed_key_parts_read_the_columns_they_use_through_an_aggregate_as_postgresql_requires()
    {
        // The result computes a key part from a column that is not itself grouped (g.Key.Odd from "Shop"): PostgreSQL
        // refuses that bare column (SQLSTATE 42803), so it is read through min(), one of the group's values.
        var expected = _sales.GroupBy(s => new { Odd = s.Shop % 2, Positive = s.Qty > 0, s.Region })
            .Select(g => new { g.Key.Odd, g.Key.Positive, g.Key.Region, Count = g.Count() })
            .OrderBy(x => x.Odd).ThenBy(x => x.Positive).ThenBy(x => x.Region, StringComparer.Ordinal).ToList();
        var actual = _db.Table<PgSale>().GroupBy(s => new { Odd = s.Shop % 2, Positive = s.Qty > 0, s.Region })
            .Select(g => new { g.Key.Odd, g.Key.Positive, g.Key.Region, Count = g.Count() })
            .ToList().OrderBy(x => x.Odd).ThenBy(x => x.Positive).ThenBy(x => x.Region, StringComparer.Ordinal).ToList();
        Assert.That(actual, Is.EqualTo(expected));

        var single = _db.Table<PgSale>().GroupBy(s => s.Big / 1_000_000_000_000L).Select(g => new { g.Key, Sum = g.Sum(s => s.Qty) }).ToList();
        Assert.That(single.OrderBy(x => x.Key), Is.EqualTo(_sales.GroupBy(s => s.Big / 1_000_000_000_000L).Select(g => new { g.Key, Sum = g.Sum(s => s.Qty) }).OrderBy(x => x.Key)));
        Assert.That(expected.Select(x => x.Positive).Distinct().Count(), Is.EqualTo(2));
    }

    [Test]
    public void Long_sums_and_averages_are_exact()
    {
        var expected = _sales.GroupBy(s => s.Shop).Select(g => new { g.Key, Sum = g.Sum(s => s.Big), Avg = g.Average(s => s.Big) }).OrderBy(x => x.Key).ToList();
        var actual = _db.Table<PgSale>().GroupBy(s => s.Shop).Select(g => new { g.Key, Sum = g.Sum(s => s.Big), Avg = g.Average(s => s.Big) }).OrderBy(x => x.Key).ToList();
        Assert.That(actual, Is.EqualTo(expected));
    }

    [Test]
    public void Nullable_aggregates_skip_nulls_as_linq_does()
    {
        var expected = _sales.GroupBy(s => s.Region).Select(g => new { g.Key, Sum = g.Sum(s => s.Returned), Avg = g.Average(s => s.Returned), Min = g.Min(s => s.Returned) })
            .OrderBy(x => x.Key, StringComparer.Ordinal).ToList();
        var actual = _db.Table<PgSale>().GroupBy(s => s.Region).Select(g => new { g.Key, Sum = g.Sum(s => s.Returned), Avg = g.Average(s => s.Returned), Min = g.Min(s => s.Returned) })
            .OrderBy(x => x.Key).ToList();
        Assert.That(actual, Is.EqualTo(expected));
        Assert.That(expected.Select(x => x.Key), Does.Contain(null), "a null key is a group of its own");
    }

    [Test]
    public void Decimal_sum_min_max_are_exact_natively()
    {
        var expected = _sales.GroupBy(s => s.Shop).Select(g => new { g.Key, Sum = g.Sum(s => s.Price), Min = g.Min(s => s.Price), Max = g.Max(s => s.Price) }).OrderBy(x => x.Key).ToList();
        var actual = _db.Table<PgSale>().GroupBy(s => s.Shop).Select(g => new { g.Key, Sum = g.Sum(s => s.Price), Min = g.Min(s => s.Price), Max = g.Max(s => s.Price) }).OrderBy(x => x.Key).ToList();
        Assert.That(actual, Is.EqualTo(expected));
    }

    [Test]
    public void Ulong_datetime_and_enum_min_max_match_linq_to_objects()
    {
        var expected = _sales.GroupBy(s => s.Shop).Select(g => new { g.Key, Huge = g.Min(s => s.Huge), Top = g.Max(s => s.Huge), First = g.Min(s => s.Sold), Last = g.Max(s => s.Sold), Day = g.Max(s => s.Day) })
            .OrderBy(x => x.Key).ToList();
        var actual = _db.Table<PgSale>().GroupBy(s => s.Shop).Select(g => new { g.Key, Huge = g.Min(s => s.Huge), Top = g.Max(s => s.Huge), First = g.Min(s => s.Sold), Last = g.Max(s => s.Sold), Day = g.Max(s => s.Day) })
            .OrderBy(x => x.Key).ToList();
        Assert.That(actual, Is.EqualTo(expected));
    }

    [Test]
    public void Float_and_double_sums_and_averages_match_linq_to_objects()
    {
        // The values are exact binary fractions, so the order of addition does not change the totals.
        var expected = _sales.GroupBy(s => s.Shop).Select(g => new { g.Key, Sum = g.Sum(s => s.Ratio), Avg = g.Average(s => s.Ratio), W = g.Sum(s => s.Weight), WAvg = g.Average(s => s.Weight) })
            .OrderBy(x => x.Key).ToList();
        var actual = _db.Table<PgSale>().GroupBy(s => s.Shop).Select(g => new { g.Key, Sum = g.Sum(s => s.Ratio), Avg = g.Average(s => s.Ratio), W = g.Sum(s => s.Weight), WAvg = g.Average(s => s.Weight) })
            .OrderBy(x => x.Key).ToList();
        Assert.That(actual, Is.EqualTo(expected));
    }

    [Test]
    public void Composite_key_with_having_order_by_aggregate_and_paging_matches_linq_to_objects()
    {
        var expected = _sales.Where(s => s.Qty > 0).GroupBy(s => new { s.Region, s.Shop })
            .Where(g => g.Count() > 1)
            .Select(g => new { g.Key.Region, g.Key.Shop, Total = g.Sum(s => s.Qty) })
            .OrderByDescending(x => x.Total).ThenBy(x => x.Region, StringComparer.Ordinal).ThenBy(x => x.Shop).Skip(1).Take(4).ToList();
        var query = _db.Table<PgSale>().Where(s => s.Qty > 0).GroupBy(s => new { s.Region, s.Shop })
            .Where(g => g.Count() > 1)
            .Select(g => new { g.Key.Region, g.Key.Shop, Total = g.Sum(s => s.Qty) })
            .OrderByDescending(x => x.Total).ThenBy(x => x.Region).ThenBy(x => x.Shop).Skip(1).Take(4);
        Assert.That(query.ToList(), Is.EqualTo(expected));
        Assert.That(query.Count(), Is.EqualTo(expected.Count));
        Assert.That(query.ToSqlString(), Does.Contain("GROUP BY").And.Contains("HAVING"));
    }

    [Test]
    public void Where_on_the_result_is_having_and_order_by_key_is_ordinal()
    {
        var expected = _sales.GroupBy(s => s.Region).Select(g => new { g.Key, Total = g.Sum(s => s.Qty) }).Where(x => x.Total > 300)
            .OrderBy(x => x.Key, StringComparer.Ordinal).ToList();
        var actual = _db.Table<PgSale>().GroupBy(s => s.Region).Select(g => new { g.Key, Total = g.Sum(s => s.Qty) }).Where(x => x.Total > 300)
            .OrderBy(x => x.Key).ToList();
        Assert.That(actual, Is.EqualTo(expected));
        Assert.That(expected, Is.Not.Empty);
    }

    [Test]
    public void Element_selector_sum_over_the_elements()
    {
        var expected = _sales.GroupBy(s => s.Shop, s => s.Qty).Select(g => new { g.Key, Sum = g.Sum() }).OrderBy(x => x.Key).ToList();
        var actual = _db.Table<PgSale>().GroupBy(s => s.Shop, s => s.Qty).Select(g => new { g.Key, Sum = g.Sum() }).OrderBy(x => x.Key).ToList();
        Assert.That(actual, Is.EqualTo(expected));
    }

    [Test]
    public async Task First_count_and_async_forms_match_linq_to_objects()
    {
        var groups = _sales.GroupBy(s => s.Shop).Select(g => new { g.Key, N = g.Count() }).OrderByDescending(x => x.N).ThenBy(x => x.Key).ToList();
        var query = _db.Table<PgSale>().GroupBy(s => s.Shop).Select(g => new { g.Key, N = g.Count() }).OrderByDescending(x => x.N).ThenBy(x => x.Key);
        Assert.That(query.First(), Is.EqualTo(groups[0]));
        Assert.That(await query.FirstAsync(), Is.EqualTo(groups[0]));
        Assert.That(await query.FirstOrDefaultAsync(), Is.EqualTo(groups[0]));
        Assert.That(await query.ToListAsync(), Is.EqualTo(groups));
        Assert.That(await query.CountAsync(), Is.EqualTo(groups.Count));
        Assert.That(_db.Table<PgSale>().GroupBy(s => s.Shop).Count(), Is.EqualTo(groups.Count));
        Assert.That(await _db.Table<PgSale>().GroupBy(s => s.Shop).CountAsync(), Is.EqualTo(groups.Count));
        var none = _db.Table<PgSale>().Where(s => s.Qty > 10_000).GroupBy(s => s.Shop).Select(g => g.Key);
        Assert.That(none.FirstOrDefault(), Is.EqualTo(0));
        Assert.That(() => none.First(), Throws.InvalidOperationException.With.Message.Contains("pg_group_sale"));
    }

    [Test]
    public void Int_sum_beyond_int_throws_overflow_as_linq_does()
    {
        _db.Execute("UPDATE pg_group_sale SET \"Qty\" = 2000000000");
        Assert.That(() => _db.Table<PgSale>().GroupBy(s => s.Shop).Select(g => g.Sum(s => s.Qty)).ToList(), Throws.TypeOf<OverflowException>());
        Assert.That(() => _sales.Select(s => 2_000_000_000).Sum(), Throws.TypeOf<OverflowException>(), "LINQ's checked Sum");
    }

    [Test]
    public void Aggregates_without_an_exact_postgresql_form_are_refused_by_name()
    {
        var table = _db.Table<PgSale>();
        Assert.That(() => table.GroupBy(s => s.Shop).Select(g => g.Average(s => s.Price)), Throws.TypeOf<NotSupportedException>().With.Message.Contains("Average of 'Decimal'"));
        Assert.That(() => table.GroupBy(s => s.Shop).Select(g => g.Min(s => s.Note)), Throws.TypeOf<NotSupportedException>().With.Message.Contains("Min of 'String'"));
        Assert.That(() => table.GroupBy(s => s.Shop).Select(g => g.Max(s => s.Ratio)), Throws.TypeOf<NotSupportedException>().With.Message.Contains("Max of 'Double'"));
        Assert.That(() => table.GroupBy(s => s.Shop).Select(g => g.Min(s => s.Weight)), Throws.TypeOf<NotSupportedException>().With.Message.Contains("Min of 'Single'"));
        Assert.That(() => table.GroupBy(s => s.Shop).Select(g => g.Select(s => s.Qty).First()), Throws.TypeOf<NotSupportedException>());
        Assert.That(() => table.OrderBy(s => s.Id).GroupBy(s => s.Shop), Throws.TypeOf<NotSupportedException>().With.Message.Contains("cannot group"));
    }
}
