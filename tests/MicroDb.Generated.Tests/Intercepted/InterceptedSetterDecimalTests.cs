using MicroDb.Query;

namespace MicroDb.Generated.Tests.Intercepted;

/// <summary>An order of <see cref="SetterDecimalTests"/>' tables: a count, decimal, double and date members, and a NOT NULL name.</summary>
[Table("setmore_orders")]
public class SetMoreOrder
{
    /// <summary>The key.</summary>
    [PrimaryKey, AutoIncrement]
    public int Id { get; set; }

    /// <summary>A NOT NULL name.</summary>
    [NotNull]
    public string Name { get; set; } = "";

    /// <summary>A count.</summary>
    public int Count { get; set; }

    /// <summary>A nullable count.</summary>
    public int? NCount { get; set; }

    /// <summary>A long count.</summary>
    public long Big { get; set; }

    /// <summary>Set from sub-queries.</summary>
    public int LineCount { get; set; }

    /// <summary>A price.</summary>
    public decimal Price { get; set; }

    /// <summary>A nullable price.</summary>
    public decimal? NPrice { get; set; }

    /// <summary>A score.</summary>
    public double Score { get; set; }

    /// <summary>A date.</summary>
    public DateTime At { get; set; }
}

/// <summary>A line of a <see cref="SetMoreOrder"/> (a foreign key to it).</summary>
[Table("setmore_lines")]
public class SetMoreLine
{
    /// <summary>The key.</summary>
    [PrimaryKey, AutoIncrement]
    public int Id { get; set; }

    /// <summary>The order.</summary>
    [References(typeof(SetMoreOrder))]
    public int OrderId { get; set; }

    /// <summary>A quantity.</summary>
    public int Quantity { get; set; }
}

/// <summary>
/// ExecuteUpdate setters that convert integers to decimal (<c>x.Price * x.Count</c>, <c>(decimal)x.Count * 1.1m</c>): the
/// value is computed as SQLite's REAL (the integer CAST to REAL, a decimal column read as REAL) and written back by the
/// setter's decimal rule (15 significant digits as text under MicroDb's format, the REAL under sqlite-net's), so the rows
/// equal LINQ-to-Objects' wherever the exact result has at most 15 significant digits. On both mapping paths and both
/// storage formats, with the interception check on; a bad write is refused and changes nothing.
/// </summary>
[TestFixture("generated", "microdb")]
[TestFixture("generated", "sqlite-net")]
[TestFixture("reflection", "microdb")]
[TestFixture("reflection", "sqlite-net")]
public class SetterDecimalTests : InterceptedTestBase
{
    private List<SetMoreOrder> _stored = null!;

    public SetterDecimalTests(string mapping, string format)
        : base(mapping, format)
    {
    }

    protected override void Seed() => _stored = SetMoreData.Seed(_db);

    private List<SetMoreOrder> Rows() => [.. _db.Query<SetMoreOrder>("SELECT * FROM \"setmore_orders\"").OrderBy(r => r.Id)];

    [Test]
    public void Decimal_setters_with_integer_conversions_write_the_LINQ_values()
    {
        var before = InterceptionCheck.Runs;
        var rate = 1.1m;

        var changed = _db.Table<SetMoreOrder>().Where(x => x.Id > 0).ExecuteUpdate(s => s
            .Set(x => x.Price, x => x.Price * x.Count)
            .Set(x => x.NPrice, x => (decimal)x.Count * rate + x.NCount));

        Assert.That(changed, Is.EqualTo(_stored.Count));
        foreach (var row in Rows())
        {
            var old = _stored.Single(r => r.Id == row.Id);
            Assert.That((row.Price, row.NPrice), Is.EqualTo((old.Price * old.Count, (decimal)old.Count * rate + old.NCount)), "row " + row.Id);
        }

        Assert.That(_seen.Count(s => s.Source == StatementSource.Intercepted && s.Sql.StartsWith("UPDATE", StringComparison.Ordinal)), Is.EqualTo(1), Seen);
        Assert.That(InterceptionCheck.Runs - before, Is.EqualTo(1), "The check compared the update with the run-time path's.");
    }

    [Test]
    public void Decimal_setters_divide_converted_integers_as_numbers_not_integers()
    {
        var before = InterceptionCheck.Runs;

        var changed = _db.Table<SetMoreOrder>().ExecuteUpdate(s => s.Set(x => x.Price, x => (decimal)x.Count / 4 + (decimal)x.Big / x.Count));

        Assert.That(changed, Is.EqualTo(_stored.Count));
        foreach (var row in Rows())
        {
            var old = _stored.Single(r => r.Id == row.Id);
            Assert.That(row.Price, Is.EqualTo((decimal)old.Count / 4 + (decimal)old.Big / old.Count), "row " + row.Id);
        }

        Assert.That(_seen.Single(s => s.Source == StatementSource.Intercepted && s.Sql.StartsWith("UPDATE", StringComparison.Ordinal)).Sql, Does.Contain("CAST(\"Count\" AS REAL)"), Seen);
        Assert.That(_seen.Count(s => s.Source == StatementSource.Intercepted && s.Sql.StartsWith("UPDATE", StringComparison.Ordinal)), Is.EqualTo(1), Seen);
        Assert.That(InterceptionCheck.Runs - before, Is.EqualTo(1), "The check compared the update with the run-time path's.");
    }

    [Test]
    public void Decimal_setter_with_a_conversion_and_a_NOT_NULL_violation_changes_nothing()
    {
        var error = Assert.Throws<MicroDbConstraintException>(() => _db.Table<SetMoreOrder>().ExecuteUpdate(s => s
            .Set(x => x.Price, x => x.Price * x.Count)
            .Set(x => x.Name, (string)null!)));

        Assert.That(error!.Message, Does.Contain("NOT NULL"));
        Assert.That(Rows().Select(r => (r.Price, r.Name)), Is.EqualTo(_stored.Select(r => (r.Price, r.Name))));
        Assert.That(_seen.Any(s => s.Source == StatementSource.Intercepted && s.Sql.StartsWith("UPDATE", StringComparison.Ordinal)), Is.True, Seen);
    }

    [Test]
    public void Decimal_converted_to_an_integer_or_double_in_a_setter_is_refused_naming_it()
    {
        var error = Assert.Throws<NotSupportedException>(() => _db.Table<SetMoreOrder>().ExecuteUpdate(s => s.Set(x => x.Score, x => (double)x.Price * 2)));

        Assert.That(error!.Message, Does.Contain("Decimal.op_Explicit"));
        Assert.That(Rows().Select(r => r.Score), Is.EqualTo(_stored.Select(r => r.Score)));
    }
}

/// <summary>The rows the set-based setter fixtures share.</summary>
internal static class SetMoreData
{
    /// <summary>Creates both tables and inserts four orders and their lines; returns the orders as stored.</summary>
    public static List<SetMoreOrder> Seed(MicroDbConnection db)
    {
        db.CreateTable<SetMoreOrder>();
        db.CreateTable<SetMoreLine>();
        db.InsertAll(new[]
        {
            new SetMoreOrder { Name = "a", Count = 3, NCount = 2, Big = 9, Price = 12.5m, NPrice = 1.25m, Score = 0.5, At = new DateTime(2024, 1, 31, 10, 0, 0) },
            new SetMoreOrder { Name = "b", Count = 1, NCount = null, Big = -9, Price = 0.1m, NPrice = null, Score = 2.75, At = new DateTime(2023, 12, 31, 23, 59, 59) },
            new SetMoreOrder { Name = "c", Count = 8, NCount = 0, Big = 123456789, Price = -3.05m, NPrice = 10m, Score = -1.5, At = new DateTime(2024, 2, 28, 12, 30, 0) },
            new SetMoreOrder { Name = "d", Count = 5, NCount = 4, Big = 10, Price = 1000m, NPrice = 0.5m, Score = 3, At = new DateTime(2025, 6, 1) },
        });
        var orders = db.Table<SetMoreOrder>().ToList();
        db.InsertAll(new[]
        {
            new SetMoreLine { OrderId = orders[0].Id, Quantity = 4 },
            new SetMoreLine { OrderId = orders[0].Id, Quantity = 1 },
            new SetMoreLine { OrderId = orders[2].Id, Quantity = 9 },
            new SetMoreLine { OrderId = orders[3].Id, Quantity = 2 },
            new SetMoreLine { OrderId = orders[3].Id, Quantity = 6 },
            new SetMoreLine { OrderId = orders[3].Id, Quantity = 3 },
        });
        return orders;
    }
}
