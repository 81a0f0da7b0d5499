using MicroDb.Mapping;
using MicroDb.Runtime.Reflection;

namespace MicroDb.Npgsql.Tests;

/// <summary>
/// Sum/Average/Min/Max called directly on a PostgreSQL table query (<c>db.Table&lt;T&gt;().Where(...).Sum(x =&gt; x.V)</c>):
/// one statement on the server, compared with LINQ-to-Objects over the same rows on both mapping paths, including no rows,
/// nulls, Where and Take before, overflow, the refusals PostgreSQL's order and arithmetic force, and the async forms.
/// </summary>
[TestFixture(MappingMode.Generated)]
[TestFixture(MappingMode.Reflection)]
public sealed class DirectAggregateTests(MappingMode mapping)
{
    private TestSchema _schema = null!;
    private MicroDbNpgsqlConnection _db = null!;
    private List<PgSubLine> _lines = null!;

    [OneTimeSetUp]
    public void EnableReflection() => ReflectionMaps.Enable();

    [SetUp]
    public void Open()
    {
        _schema = new TestSchema("directagg_" + mapping.ToString().ToLowerInvariant());
        _db = new MicroDbNpgsqlConnection(_schema.DataSource, mapping);
        _db.CreateTable<PgCustomer>();
        _db.CreateTable<PgSubLine>();
        _db.InsertAll(new[] { new PgCustomer { Name = "b" }, new PgCustomer { Name = "a" } });
        var random = new Random(2431);
        _db.InsertAll(Enumerable.Range(0, 80).Select(i => new PgSubLine
        {
            CustomerId = random.Next(1, 10),
            Qty = random.Next(-5, 20),
            MaybeQty = random.Next(4) == 0 ? null : random.Next(0, 9),
            Big = random.Next(0, 3) * 3_000_000_000L,
            Price = random.Next(0, 10_000) / 100m,
            Weight = random.Next(0, 64) / 4.0,
            Shipped = new DateTime(2024, 1, 1).AddHours(random.Next(0, 5000)),
        }).ToList());
        _lines = _db.Query<PgSubLine>("SELECT * FROM pg_sub_line ORDER BY \"Id\"");
        Assert.That(_lines, Has.Count.EqualTo(80));
    }

    [TearDown]
    public void Close()
    {
        _db.Dispose();
        _schema.Dispose();
    }

    private NpgsqlTableQuery<PgSubLine> Lines => _db.Table<PgSubLine>();

    [Test]
    public void Sum_of_int_nullable_int_long_decimal_and_double_after_where_matches_linq_to_objects()
    {
        var first = 3;
        Assert.Multiple(() =>
        {
            Assert.That(Lines.Sum(l => l.Qty), Is.EqualTo(_lines.Sum(l => l.Qty)));
            Assert.That(Lines.Where(l => l.CustomerId > first).Sum(l => l.Qty), Is.EqualTo(_lines.Where(l => l.CustomerId > first).Sum(l => l.Qty)));
            Assert.That(Lines.Where(l => l.CustomerId > first).Sum(l => l.MaybeQty), Is.EqualTo(_lines.Where(l => l.CustomerId > first).Sum(l => l.MaybeQty)));
            Assert.That(Lines.Where(l => l.CustomerId <= first).Sum(l => l.Big), Is.EqualTo(_lines.Where(l => l.CustomerId <= first).Sum(l => l.Big)));
            Assert.That(Lines.Where(l => l.Qty > 0).Sum(l => l.Price), Is.EqualTo(_lines.Where(l => l.Qty > 0).Sum(l => l.Price)));
            Assert.That(Lines.Where(l => l.Qty > 0).Sum(l => l.Weight), Is.EqualTo(_lines.Where(l => l.Qty > 0).Sum(l => l.Weight)));
        });
    }

    [Test]
    public void Sum_with_captured_values_in_selector_and_where_binds_each_parameter()
    {
        var factor = 3;
        var least = 2;
        var onServer = Lines.Where(l => l.Qty >= least).Sum(l => l.Qty * factor + least);
        var expected = _lines.Where(l => l.Qty >= least).Sum(l => l.Qty * factor + least);

        Assert.That(onServer, Is.EqualTo(expected));
        factor = 5;
        Assert.That(Lines.Where(l => l.Qty >= least).Sum(l => l.Qty * factor + least), Is.EqualTo(_lines.Where(l => l.Qty >= least).Sum(l => l.Qty * factor + least)));
    }

    [Test]
    public void Sum_over_no_rows_is_zero_for_every_kind_as_in_linq()
    {
        var none = Lines.Where(l => l.Qty > 1000);
        Assert.Multiple(() =>
        {
            Assert.That(none.Sum(l => l.Qty), Is.Zero);
            Assert.That(none.Sum(l => l.MaybeQty), Is.EqualTo((int?)0));
            Assert.That(none.Sum(l => l.Big), Is.Zero);
            Assert.That(none.Sum(l => l.Price), Is.EqualTo(0m));
            Assert.That(none.Sum(l => (double?)l.Weight), Is.EqualTo((double?)0));
            Assert.That(Lines.Where(l => l.MaybeQty == null).Sum(l => l.MaybeQty), Is.EqualTo((int?)0), "only nulls");
        });
    }

    [Test]
    public void Average_of_int_long_and_double_matches_linq_to_objects()
    {
        Assert.Multiple(() =>
        {
            Assert.That(Lines.Average(l => l.Qty), Is.EqualTo(_lines.Average(l => l.Qty)));
            Assert.That(Lines.Where(l => l.CustomerId < 5).Average(l => l.MaybeQty), Is.EqualTo(_lines.Where(l => l.CustomerId < 5).Average(l => l.MaybeQty)));
            Assert.That(Lines.Average(l => l.Big), Is.EqualTo(_lines.Average(l => l.Big)));
            Assert.That(Lines.Where(l => l.Qty > 2).Average(l => l.Weight), Is.EqualTo(_lines.Where(l => l.Qty > 2).Average(l => l.Weight)));
        });
    }

    [Test]
    public void Average_over_no_rows_is_null_when_nullable_and_throws_as_linq_when_not()
    {
        var none = Lines.Where(l => l.Qty > 1000);
        Assert.Multiple(() =>
        {
            Assert.That(none.Average(l => l.MaybeQty), Is.Null);
            Assert.That(none.Average(l => (double?)l.Weight), Is.Null);
            Assert.That(Lines.Where(l => l.MaybeQty == null).Average(l => l.MaybeQty), Is.Null, "only nulls");
            Assert.That(() => none.Average(l => l.Qty), Throws.InvalidOperationException.With.Message.Contains("Sequence contains no elements"));
            Assert.That(() => none.Average(l => l.Weight), Throws.InvalidOperationException.With.Message.Contains("Sequence contains no elements"));
            Assert.That(() => _lines.Where(l => l.Qty > 1000).Average(l => l.Qty), Throws.InvalidOperationException, "LINQ-to-Objects agrees");
        });
    }

    [Test]
    public void Min_and_max_of_int_nullable_int_long_decimal_and_date_after_where_match_linq_to_objects()
    {
        Assert.Multiple(() =>
        {
            Assert.That(Lines.Min(l => l.Qty), Is.EqualTo(_lines.Min(l => l.Qty)));
            Assert.That(Lines.Where(l => l.CustomerId > 4).Max(l => l.Qty), Is.EqualTo(_lines.Where(l => l.CustomerId > 4).Max(l => l.Qty)));
            Assert.That(Lines.Min(l => l.MaybeQty), Is.EqualTo(_lines.Min(l => l.MaybeQty)));
            Assert.That(Lines.Max(l => l.Big), Is.EqualTo(_lines.Max(l => l.Big)));
            Assert.That(Lines.Where(l => l.Qty < 5).Min(l => l.Price), Is.EqualTo(_lines.Where(l => l.Qty < 5).Min(l => l.Price)));
            Assert.That(Lines.Max(l => l.Shipped), Is.EqualTo(_lines.Max(l => l.Shipped)));
            Assert.That(Lines.Min(l => l.Shipped), Is.EqualTo(_lines.Min(l => l.Shipped)));
        });
    }

    [Test]
    public void Min_and_max_over_no_rows_are_null_when_nullable_and_throw_as_linq_when_not()
    {
        var none = Lines.Where(l => l.Qty > 1000);
        Assert.Multiple(() =>
        {
            Assert.That(none.Min(l => l.MaybeQty), Is.Null);
            Assert.That(none.Max(l => (decimal?)l.Price), Is.Null);
            Assert.That(() => none.Min(l => l.Qty), Throws.InvalidOperationException.With.Message.Contains("Sequence contains no elements"));
            Assert.That(() => none.Max(l => l.Shipped), Throws.InvalidOperationException.With.Message.Contains("Sequence contains no elements"));
        });
    }

    [Test]
    public void Float_sum_and_average_and_ulong_enum_min_max_match_linq_to_objects()
    {
        _db.CreateTable<PgSale>();
        var random = new Random(77);
        _db.InsertAll(Enumerable.Range(0, 40).Select(i => new PgSale
        {
            Shop = i % 4,
            Weight = random.Next(0, 1000) / 7f,
            Huge = ulong.MaxValue - (ulong)random.Next(0, 1000),
            Day = (DayOfWeek)random.Next(0, 7),
            Sold = new DateTime(2024, 3, 1).AddMinutes(i),
        }).ToList());
        var sales = _db.Query<PgSale>("SELECT * FROM pg_group_sale ORDER BY \"Id\"");
        var query = _db.Table<PgSale>().Where(s => s.Shop != 2);
        var kept = sales.Where(s => s.Shop != 2).ToList();
        Assert.Multiple(() =>
        {
            Assert.That(query.Sum(s => s.Weight), Is.EqualTo(kept.Sum(s => s.Weight)));
            Assert.That(query.Average(s => s.Weight), Is.EqualTo(kept.Average(s => s.Weight)));
            Assert.That(query.Sum(s => (float?)s.Weight), Is.EqualTo(kept.Sum(s => (float?)s.Weight)));
            Assert.That(query.Min(s => s.Huge), Is.EqualTo(kept.Min(s => s.Huge)));
            Assert.That(query.Max(s => s.Huge), Is.EqualTo(kept.Max(s => s.Huge)));
            Assert.That(query.Min(s => s.Day), Is.EqualTo(kept.Min(s => s.Day)));
            Assert.That(query.Max(s => s.Day), Is.EqualTo(kept.Max(s => s.Day)));
            Assert.That(() => query.Min(s => s.Weight), Throws.TypeOf<NotSupportedException>().With.Message.Contains("Min of 'Single'").And.Message.Contains("NaN"));
            Assert.That(() => query.Where(s => s.Shop > 10).Average(s => s.Weight), Throws.InvalidOperationException.With.Message.Contains("Sequence contains no elements"));
        });
    }

    [Test]
    public void Aggregates_after_order_and_take_read_only_the_kept_rows()
    {
        var query = Lines.OrderByDescending(l => l.Qty).ThenBy(l => l.Id).Take(10);
        var kept = _lines.OrderByDescending(l => l.Qty).ThenBy(l => l.Id).Take(10).ToList();
        Assert.Multiple(() =>
        {
            Assert.That(query.Sum(l => l.Qty), Is.EqualTo(kept.Sum(l => l.Qty)));
            Assert.That(query.Min(l => l.Qty), Is.EqualTo(kept.Min(l => l.Qty)));
            Assert.That(query.Skip(3).Average(l => l.Big), Is.EqualTo(kept.Skip(3).Average(l => l.Big)));
            Assert.That(query.Where(l => l.CustomerId > 3).Max(l => l.Price), Is.EqualTo(kept.Where(l => l.CustomerId > 3).Max(l => l.Price)));
        });
    }

    [Test]
    public void Int_sum_beyond_int_and_long_sum_beyond_long_throw_overflow_as_linq()
    {
        _db.InsertAll(new[]
        {
            new PgSubLine { CustomerId = 99, Qty = int.MaxValue, Big = long.MaxValue },
            new PgSubLine { CustomerId = 99, Qty = 1, Big = 1 },
        });
        var rows = _db.Query<PgSubLine>("SELECT * FROM pg_sub_line WHERE \"CustomerId\" = 99");
        var big = Lines.Where(l => l.CustomerId == 99);
        Assert.Multiple(() =>
        {
            Assert.That(() => rows.Sum(l => l.Qty), Throws.TypeOf<OverflowException>(), "LINQ-to-Objects");
            Assert.That(() => big.Sum(l => l.Qty), Throws.TypeOf<OverflowException>().With.Message.Contains("Sum").And.Message.Contains("Int32"));
            Assert.That(() => big.Sum(l => l.Big), Throws.TypeOf<OverflowException>().With.Message.Contains("Int64"));
            Assert.That(big.Sum(l => (long)l.Qty), Is.EqualTo(rows.Sum(l => (long)l.Qty)), "widened in the selector, it fits");
            Assert.That(big.Average(l => l.Big), Is.EqualTo(rows.Average(l => (double)l.Big)), "the exact sum over the count");
            Assert.That(Lines.Count(), Is.EqualTo(82), "nothing lost");
        });
    }

    [Test]
    public void Aggregates_postgresql_cannot_answer_as_linq_throw_not_supported_naming_them()
    {
        Assert.Multiple(() =>
        {
            Assert.That(() => Lines.Average(l => l.Price), Throws.TypeOf<NotSupportedException>().With.Message.Contains("Average of 'Decimal'"));
            Assert.That(() => Lines.Average(l => (decimal?)l.Price), Throws.TypeOf<NotSupportedException>().With.Message.Contains("Average of 'Decimal'"));
            Assert.That(() => Lines.Min(l => l.Weight), Throws.TypeOf<NotSupportedException>().With.Message.Contains("Min of 'Double'").And.Message.Contains("NaN"));
            Assert.That(() => Lines.Max(l => l.Weight), Throws.TypeOf<NotSupportedException>().With.Message.Contains("Max of 'Double'"));
            Assert.That(() => _db.Table<PgCustomer>().Min(c => c.Name), Throws.TypeOf<NotSupportedException>().With.Message.Contains("Min of 'String'"));
            Assert.That(() => Lines.Sum(l => l.Qty > 0 ? l.Qty : 0), Throws.Nothing, "a translated conditional sums on the server");
        });
    }

    [Test]
    public void A_null_selector_is_an_argument_null_exception()
    {
        Assert.Multiple(() =>
        {
            Assert.That(() => Lines.Sum((System.Linq.Expressions.Expression<Func<PgSubLine, int>>)null!), Throws.ArgumentNullException.With.Property("ParamName").EqualTo("selector"));
            Assert.That(() => Lines.Min<int>(null!), Throws.ArgumentNullException.With.Property("ParamName").EqualTo("selector"));
            Assert.That(async () => await Lines.AverageAsync((System.Linq.Expressions.Expression<Func<PgSubLine, double>>)null!), Throws.ArgumentNullException);
        });
    }

    [Test]
    public async Task Async_forms_match_linq_to_objects_and_keep_its_empty_rules()
    {
        var none = Lines.Where(l => l.Qty > 1000);
        Assert.That(await Lines.Where(l => l.CustomerId > 2).SumAsync(l => l.Qty), Is.EqualTo(_lines.Where(l => l.CustomerId > 2).Sum(l => l.Qty)));
        Assert.That(await Lines.SumAsync(l => l.Price), Is.EqualTo(_lines.Sum(l => l.Price)));
        Assert.That(await none.SumAsync(l => l.Big), Is.Zero);
        Assert.That(await Lines.AverageAsync(l => l.MaybeQty), Is.EqualTo(_lines.Average(l => l.MaybeQty)));
        Assert.That(await none.AverageAsync(l => l.MaybeQty), Is.Null);
        Assert.That(await Lines.MinAsync(l => l.Shipped), Is.EqualTo(_lines.Min(l => l.Shipped)));
        Assert.That(await Lines.MaxAsync(l => l.MaybeQty), Is.EqualTo(_lines.Max(l => l.MaybeQty)));
        Assert.That(await none.MaxAsync(l => l.MaybeQty), Is.Null);
        Assert.That(async () => await none.AverageAsync(l => l.Qty), Throws.InvalidOperationException);
        Assert.That(async () => await none.MinAsync(l => l.Qty), Throws.InvalidOperationException);
        using var cancelled = new CancellationTokenSource();
        cancelled.Cancel();
        Assert.That(async () => await Lines.SumAsync(l => l.Qty, cancelled.Token), Throws.InstanceOf<OperationCanceledException>());
    }

    [Test]
    public void Sum_min_and_average_over_20000_rows_run_on_the_server_without_loading_them()
    {
        var rows = Enumerable.Range(0, 20_000).Select(i => new PgSubLine { CustomerId = 50, Qty = i % 1000, Big = i, Price = i / 4m, Shipped = new DateTime(2024, 1, 1) }).ToList();
        _db.BulkInsert(rows);
        var many = Lines.Where(l => l.CustomerId == 50);

        // Warm-up: JIT, the translation paths, Npgsql's type info.
        _ = many.Sum(l => l.Qty);
        _ = many.Min(l => l.Price);
        _ = many.Average(l => l.Big);

        var before = GC.GetAllocatedBytesForCurrentThread();
        var sum = many.Sum(l => l.Qty);
        var min = many.Min(l => l.Price);
        var average = many.Average(l => l.Big);
        var allocated = GC.GetAllocatedBytesForCurrentThread() - before;

        Assert.Multiple(() =>
        {
            Assert.That(sum, Is.EqualTo(rows.Sum(l => l.Qty)));
            Assert.That(min, Is.EqualTo(rows.Min(l => l.Price)));
            Assert.That(average, Is.EqualTo(rows.Average(l => l.Big)));

            // Loading the values would take at least 20,000 x 24 B (a boxed or stored value each) per call, 1.44 MB for three;
            // three one-row statements (translation, SQL text, parameters, one row) take a few tens of kilobytes.
            Assert.That(allocated, Is.LessThan(200_000), $"{allocated} B allocated for three aggregates over 20,000 rows");
        });
    }
}
