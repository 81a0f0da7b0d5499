using MicroDb.Conformance.Models;

namespace MicroDb.Conformance;

// Scalar sub-queries in projections (issue 22): Count, LongCount, Any, All, Sum, Min, Max, Average and
// Select(...).Contains over a table inside Select are columns of the same statement, read as the values LINQ gives;
// Sum also in conditions, and a sub-query as an ordering key. Compared with LINQ-to-Objects over the rows read back,
// in both storage formats (and, through the two suites, both mapping paths).
public abstract partial class ConformanceSuite
{
    [Test]
    public void Count_and_Sum_subqueries_in_a_projection_are_columns_of_one_statement([Values] bool sqliteNet)
    {
        var data = OpenJoinData(sqliteNet);
        var statements = new List<string>();
        var db = Open(tweak: o =>
        {
            o.Storage = sqliteNet ? StorageFormat.SqliteNet() : StorageFormat.MicroDb;
            o.OnStatement = s => statements.Add(s.Sql);
        });
        statements.Clear();

        var rows = db.Table<JoinOrder>()
            .OrderBy(o => o.Id)
            .Select(o => new
            {
                o.Id,
                Lines = db.Table<JoinLine>().Count(l => l.OrderId == o.Id),
                Total = db.Table<JoinLine>().Where(l => l.OrderId == o.Id).Sum(l => l.Quantity),
            })
            .ToList();

        var expected = data.Orders.OrderBy(o => o.Id)
            .Select(o => new { o.Id, Lines = data.Lines.Count(l => l.OrderId == o.Id), Total = data.Lines.Where(l => l.OrderId == o.Id).Sum(l => l.Quantity) })
            .ToList();

        // Distinct texts: the generated runner's interception check runs an intercepted query's run-time text again.
        Assert.That(statements.Distinct().ToList(), Has.Count.EqualTo(1));
        Assert.That(statements[0], Does.Contain("(SELECT count(*) FROM \"join_lines\" AS \"s0\" WHERE (\"s0\".\"OrderId\" = \"join_orders\".\"Id\"))")
            .And.Contain("(SELECT coalesce(sum(\"s0\".\"Quantity\"), 0) FROM \"join_lines\" AS \"s0\""));
        Assert.That(rows, Is.EqualTo(expected));
        Assert.That(rows.Select(r => r.Total), Is.EqualTo(new[] { 3, 3, 0, 0, 0, 4, 0 }));
    }

    [Test]
    public void Any_All_LongCount_Contains_and_nullable_extremes_in_a_projection_match_linq([Values] bool sqliteNet)
    {
        var data = OpenJoinData(sqliteNet);
        var db = data.Db;
        var sku = "a";
        var min = 2;

        var rows = db.Table<JoinOrder>()
            .Select(o => new
            {
                o.Id,
                HasSku = db.Table<JoinLine>().Any(l => l.OrderId == o.Id && l.Sku == sku),
                AllBig = db.Table<JoinLine>().Where(l => l.OrderId == o.Id).All(l => l.Quantity >= min),
                Count = db.Table<JoinLine>().LongCount(l => l.OrderId == o.Id),
                Listed = db.Table<JoinLine>().Where(l => l.Quantity > o.Id).Select(l => l.OrderId).Contains(o.Id),
                Max = db.Table<JoinLine>().Where(l => l.OrderId == o.Id).Max(l => (int?)l.Quantity),
                Average = db.Table<JoinLine>().Where(l => l.OrderId == o.Id).Average(l => (double?)l.Quantity),
            })
            .ToList();

        var expected = data.Orders
            .Select(o => new
            {
                o.Id,
                HasSku = data.Lines.Any(l => l.OrderId == o.Id && l.Sku == sku),
                AllBig = data.Lines.Where(l => l.OrderId == o.Id).All(l => l.Quantity >= min),
                Count = data.Lines.LongCount(l => l.OrderId == o.Id),
                Listed = data.Lines.Where(l => l.Quantity > o.Id).Select(l => l.OrderId).Contains(o.Id),
                Max = data.Lines.Where(l => l.OrderId == o.Id).Max(l => (int?)l.Quantity),
                Average = data.Lines.Where(l => l.OrderId == o.Id).Average(l => (double?)l.Quantity),
            })
            .ToList();
        Assert.That(rows, Is.EquivalentTo(expected));
        Assert.That(rows.Single(r => r.Id == 1).Average, Is.EqualTo(1.5));
        Assert.That(rows.Single(r => r.Id == 3).Max, Is.Null);
    }

    [Test]
    public void A_projection_subquery_over_the_same_table_after_Take_and_then_filtered_and_ordered_by_its_value([Values] bool sqliteNet)
    {
        var data = OpenJoinData(sqliteNet);
        var db = data.Db;

        var ranked = db.Table<JoinCustomer>()
            .OrderBy(c => c.Id)
            .Take(4)
            .Select(c => new { c.Name, Richer = db.Table<JoinCustomer>().Count(x => x.Credit > c.Credit) })
            .ToList();
        var busy = db.Table<JoinOrder>()
            .Select(o => new { o.Id, Lines = db.Table<JoinLine>().Count(l => l.OrderId == o.Id) })
            .Where(x => x.Lines > 0)
            .OrderByDescending(x => x.Lines)
            .ThenBy(x => x.Id)
            .ToList();
        var first = db.Table<JoinOrder>().OrderBy(o => db.Table<JoinLine>().Count(l => l.OrderId == o.Id)).ThenBy(o => o.Id).Select(o => o.Id).First();

        var expectedRanked = data.Customers.OrderBy(c => c.Id).Take(4).Select(c => new { c.Name, Richer = data.Customers.Count(x => x.Credit > c.Credit) });
        Assert.That(ranked, Is.EqualTo(expectedRanked));
        Assert.That(ranked.Select(r => r.Richer), Is.EqualTo(new[] { 3, 2, 0, 4 }));
        var expectedBusy = data.Orders.Select(o => new { o.Id, Lines = data.Lines.Count(l => l.OrderId == o.Id) }).Where(x => x.Lines > 0).OrderByDescending(x => x.Lines).ThenBy(x => x.Id);
        Assert.That(busy, Is.EqualTo(expectedBusy));
        Assert.That(first, Is.EqualTo(data.Orders.OrderBy(o => data.Lines.Count(l => l.OrderId == o.Id)).ThenBy(o => o.Id).Select(o => o.Id).First()).And.EqualTo(3));
    }

    [Test]
    public void Subqueries_in_a_joins_result_are_columns_reading_the_joined_rows([Values] bool sqliteNet)
    {
        var data = OpenJoinData(sqliteNet);
        var db = data.Db;

        var rows = db.Table<JoinOrder>()
            .Join(db.Table<JoinCustomer>(), o => o.CustomerId, c => (int?)c.Id, (o, c) => new
            {
                o.Id,
                c.Name,
                Lines = db.Table<JoinLine>().Count(l => l.OrderId == o.Id),
                Others = db.Table<JoinOrder>().Count(x => x.CustomerId == c.Id && x.Id != o.Id),
            })
            .Where(x => x.Lines < 3)
            .OrderBy(x => x.Id)
            .ToList();

        var expected = data.Orders
            .Join(data.Customers, o => o.CustomerId, c => (int?)c.Id, (o, c) => new
            {
                o.Id,
                c.Name,
                Lines = data.Lines.Count(l => l.OrderId == o.Id),
                Others = data.Orders.Count(x => x.CustomerId == c.Id && x.Id != o.Id),
            })
            .Where(x => x.Lines < 3)
            .OrderBy(x => x.Id)
            .ToList();
        Assert.That(rows, Is.EqualTo(expected));
        Assert.That(rows.Select(x => (x.Id, x.Lines, x.Others)), Is.EqualTo(new[] { (1, 2, 1), (2, 1, 1), (3, 0, 0), (6, 1, 0), (7, 0, 0) }));
    }

    [Test]
    public void A_Sum_subquery_in_a_condition_is_zero_over_no_rows_as_in_linq([Values] bool sqliteNet)
    {
        var data = OpenJoinData(sqliteNet);
        var db = data.Db;

        var small = db.Table<JoinOrder>().Where(o => db.Table<JoinLine>().Where(l => l.OrderId == o.Id).Sum(l => l.Quantity) < 4).OrderBy(o => o.Id).ToList();
        var byRatio = db.Table<JoinOrder>().Where(o => db.Table<JoinLine>().Where(l => l.OrderId == o.Id).Sum(l => (double)l.Quantity / 2) >= 1.5).OrderBy(o => o.Id).ToList();

        Assert.That(small.Select(o => o.Id), Is.EqualTo(data.Orders.Where(o => data.Lines.Where(l => l.OrderId == o.Id).Sum(l => l.Quantity) < 4).Select(o => o.Id)).And.EqualTo(new[] { 1, 2, 3, 4, 5, 7 }));
        Assert.That(byRatio.Select(o => o.Id), Is.EqualTo(data.Orders.Where(o => data.Lines.Where(l => l.OrderId == o.Id).Sum(l => (double)l.Quantity / 2) >= 1.5).Select(o => o.Id)).And.EqualTo(new[] { 1, 2, 6 }));
    }

    [Test]
    public void A_non_nullable_Max_subquery_over_no_rows_throws_as_linq_does()
    {
        var data = OpenJoinData(sqliteNet: false);
        var db = data.Db;

        var some = db.Table<JoinOrder>().Where(o => o.Id == 1).Select(o => new { o.Id, Max = db.Table<JoinLine>().Where(l => l.OrderId == o.Id).Max(l => l.Quantity) }).Single();
        var none = Assert.Throws<InvalidOperationException>(() => db.Table<JoinOrder>().Select(o => db.Table<JoinLine>().Where(l => l.OrderId == o.Id).Max(l => l.Quantity)).ToList());

        Assert.That(some.Max, Is.EqualTo(2));
        Assert.That(() => data.Orders.Select(o => data.Lines.Where(l => l.OrderId == o.Id).Max(l => l.Quantity)).ToList(), Throws.InvalidOperationException);
        Assert.That(none!.Message, Does.Contain("no rows"));
    }

    [Test]
    public void Projection_and_condition_subqueries_without_a_translation_throw_NotSupported_naming_them()
    {
        var data = OpenJoinData(sqliteNet: false);
        var db = data.Db;
        var orders = db.Table<JoinOrder>();

        var list = Assert.Throws<NotSupportedException>(() => orders.Select(o => new { o.Id, Lines = db.Table<JoinLine>().Where(l => l.OrderId == o.Id).ToList() }));
        var decimals = Assert.Throws<NotSupportedException>(() => db.Table<JoinCustomer>().Select(c => db.Table<JoinOrder>().Where(o => o.CustomerId == c.Id).Sum(o => o.Total)));
        var strings = Assert.Throws<NotSupportedException>(() => orders.Select(o => db.Table<JoinLine>().Where(l => l.OrderId == o.Id).Max(l => l.Sku)));
        var maxInCondition = Assert.Throws<NotSupportedException>(() => orders.Where(o => db.Table<JoinLine>().Where(l => l.OrderId == o.Id).Max(l => l.Quantity) > 1));

        Assert.That(list!.Message, Does.Contain("must end in Count"));
        Assert.That(decimals!.Message, Does.Contain("Sum of 'Decimal'"));
        Assert.That(strings!.Message, Does.Contain("Max of 'String'"));
        Assert.That(maxInCondition!.Message, Does.Contain("nullable selector"));
    }
}

// Sub-queries from the asynchronous connection: a compiled query runs on one of the pool's readers, and a
// RunInTransactionAsync body on the writer; either way the inner query is made on the connection the outer one runs on.
public abstract partial class ConformanceSuite
{
    [Test]
    public async Task Subqueries_run_from_the_async_connection_through_compiled_queries_and_transactions([Values] bool sqliteNet)
    {
        var data = OpenJoinData(sqliteNet);
        var options = Configure(new MicroDbOptions(DatabasePath) { Mapping = Mode });
        options.Storage = sqliteNet ? StorageFormat.SqliteNet() : StorageFormat.MicroDb;
        await using var db = new MicroDbAsyncConnection(options);
        var withLines = MicroDbQuery.CompileAsync((MicroDbConnection c, int min) => c.Table<JoinOrder>()
            .Where(o => c.Table<JoinLine>().Any(l => l.OrderId == o.Id && l.Quantity >= min))
            .OrderBy(o => o.Id)
            .Select(o => new { o.Id, Total = c.Table<JoinLine>().Where(l => l.OrderId == o.Id).Sum(l => l.Quantity) })
            .ToList());

        var compiled = await withLines(db, 2, CancellationToken.None);
        var inTransaction = await db.RunInTransactionAsync(c => c.Table<JoinCustomer>()
            .Where(x => c.Table<JoinCustomer>().Count(y => y.Credit > x.Credit) < 2)
            .OrderBy(x => x.Id)
            .Select(x => x.Name)
            .ToList());

        var expected = data.Orders.Where(o => data.Lines.Any(l => l.OrderId == o.Id && l.Quantity >= 2)).OrderBy(o => o.Id)
            .Select(o => new { o.Id, Total = data.Lines.Where(l => l.OrderId == o.Id).Sum(l => l.Quantity) });
        Assert.That(compiled.Select(x => (x.Id, x.Total)), Is.EqualTo(expected.Select(x => (x.Id, x.Total))).And.EqualTo(new[] { (1, 3), (2, 3), (6, 4) }));
        Assert.That(inTransaction, Is.EqualTo(data.Customers.Where(x => data.Customers.Count(y => y.Credit > x.Credit) < 2).OrderBy(x => x.Id).Select(x => x.Name)).And.EqualTo(new[] { "Cid", "Eve" }));
    }
}
