using MicroDb.Conformance.Models;

namespace MicroDb.Conformance.Portable;

// Joins, written once: inner and left joins (method and query syntax, three tables, null keys, duplicate keys, each
// table's Where) and projections to anonymous types, records and tuples, each checked against LINQ-to-Objects over the
// rows read back. Each body is static over IPortableDb, so SQLite also runs it under sqlite-net's storage format
// (ConformanceSuite.QueryJoins, RelationalBodies).
public abstract partial class PortableSuite
{
    private static readonly DateTime JoinDay = new(2024, 3, 5, 6, 7, 8, DateTimeKind.Utc);

    /// <summary>The relational bodies (joins, grouping) by name, for a database that runs them in another configuration.</summary>
    public static IReadOnlyDictionary<string, Action<IPortableDb>> RelationalBodies { get; } = new Dictionary<string, Action<IPortableDb>>
    {
        [nameof(JoinInner)] = JoinInner,
        [nameof(JoinQuerySyntax)] = JoinQuerySyntax,
        [nameof(JoinDuplicateStringKeys)] = JoinDuplicateStringKeys,
        [nameof(JoinDecimalKeys)] = JoinDecimalKeys,
        [nameof(JoinRecordsAndTuples)] = JoinRecordsAndTuples,
        [nameof(JoinThreeTables)] = JoinThreeTables,
        [nameof(JoinCountFirstAnySkipTake)] = JoinCountFirstAnySkipTake,
        [nameof(JoinKeepsEachTablesWhere)] = JoinKeepsEachTablesWhere,
        [nameof(LeftJoinNullKeys)] = LeftJoinNullKeys,
        [nameof(LeftJoinWhereOnTheRightTable)] = LeftJoinWhereOnTheRightTable,
        [nameof(GroupByCountAndSum)] = GroupByCountAndSum,
        [nameof(GroupByNullKeysAndAggregates)] = GroupByNullKeysAndAggregates,
        [nameof(GroupByQuerySyntaxHavingOrderByAggregate)] = GroupByQuerySyntaxHavingOrderByAggregate,
        [nameof(GroupByWhereAndOrderByAfterSelect)] = GroupByWhereAndOrderByAfterSelect,
    };

    /// <summary>The join tables of <paramref name="db"/>, created and filled, and their rows read back.</summary>
    public static (List<JoinOrder> Orders, List<JoinCustomer> Customers, List<JoinLine> Lines) JoinRows(IPortableDb db)
    {
        db.CreateTable<JoinCustomer>();
        db.CreateTable<JoinOrder>();
        db.CreateTable<JoinLine>();
        db.InsertAll(new[]
        {
            new JoinCustomer { Name = "Ann", Region = "north", Credit = 1.5m, Since = JoinDay },
            new JoinCustomer { Name = "Bob", Region = "south", Credit = 2m, Since = JoinDay.AddDays(1) },
            new JoinCustomer { Name = "Cid", Region = "north", Credit = 10.25m, Since = JoinDay.AddDays(2) },
            new JoinCustomer { Name = "Dee", Region = null, Credit = 0m, Since = JoinDay.AddDays(3) },
            new JoinCustomer { Name = "Eve", Region = "west", Credit = 7m, Since = JoinDay.AddDays(4) },
        });
        db.InsertAll(new[]
        {
            new JoinOrder { CustomerId = 1, Region = "north", Total = 1.50m, Placed = JoinDay },
            new JoinOrder { CustomerId = 1, Region = "south", Total = 20m, Placed = JoinDay.AddDays(1) },
            new JoinOrder { CustomerId = 2, Region = null, Total = 2.000m, Placed = JoinDay.AddDays(9) },
            new JoinOrder { CustomerId = null, Region = "north", Total = 5m, Placed = JoinDay.AddDays(2) },
            new JoinOrder { CustomerId = 99, Region = null, Total = 7.0m, Placed = JoinDay.AddDays(4) },
            new JoinOrder { CustomerId = 3, Region = "east", Total = 10.25m, Placed = JoinDay.AddDays(7) },
            new JoinOrder { CustomerId = 4, Region = "north", Total = 0.5m, Placed = JoinDay.AddDays(3) },
        });
        db.InsertAll(new[]
        {
            new JoinLine { OrderId = 1, Sku = "a", Quantity = 1 },
            new JoinLine { OrderId = 1, Sku = "b", Quantity = 2 },
            new JoinLine { OrderId = 2, Sku = "a", Quantity = 3 },
            new JoinLine { OrderId = 6, Sku = "c", Quantity = 4 },
            new JoinLine { OrderId = 42, Sku = "d", Quantity = 5 },
        });
        return (db.Table<JoinOrder>().OrderBy(o => o.Id).ToList(), db.Table<JoinCustomer>().OrderBy(c => c.Id).ToList(), db.Table<JoinLine>().OrderBy(l => l.Id).ToList());
    }

    [Test]
    public void Portable_join_inner_matches_linq_to_objects_and_skips_null_keys() => JoinInner(Open());

    [Test]
    public void Portable_join_in_query_syntax_with_where_and_orderby() => JoinQuerySyntax(Open());

    [Test]
    public void Portable_join_duplicate_string_keys_pair_every_match() => JoinDuplicateStringKeys(Open());

    [Test]
    public void Portable_join_on_decimal_key_matches_every_scale() => JoinDecimalKeys(Open());

    [Test]
    public void Portable_join_projects_into_records_and_tuples() => JoinRecordsAndTuples(Open());

    [Test]
    public void Portable_join_of_three_tables_in_both_syntaxes() => JoinThreeTables(Open());

    [Test]
    public void Portable_join_count_first_any_skip_and_take() => JoinCountFirstAnySkipTake(Open());

    [Test]
    public void Portable_join_keeps_the_where_of_each_table() => JoinKeepsEachTablesWhere(Open());

    [Test]
    public void Portable_left_join_keeps_every_left_row_with_null_where_none_matches() => LeftJoinNullKeys(Open());

    [Test]
    public void Portable_left_join_with_a_where_on_the_right_table_keeps_unmatched_rows() => LeftJoinWhereOnTheRightTable(Open());

    public static void JoinInner(IPortableDb db)
    {
        var (orders, customers, _) = JoinRows(db);
        var actual = db.Table<JoinOrder>()
            .Join(db.Table<JoinCustomer>(), o => o.CustomerId, c => (int?)c.Id, (o, c) => new { o.Id, c.Name, o.Total })
            .ToList();
        var expected = orders.Join(customers, o => o.CustomerId, c => (int?)c.Id, (o, c) => new { o.Id, c.Name, o.Total }).ToList();
        Assert.That(actual, Is.EquivalentTo(expected));
        Assert.That(actual.Select(x => x.Id), Does.Not.Contain(4).And.Not.Contain(5), "a null key and a key with no customer match nothing");
    }

    public static void JoinQuerySyntax(IPortableDb db)
    {
        var (orders, customers, _) = JoinRows(db);
        var actual = (from o in db.Table<JoinOrder>()
                      join c in db.Table<JoinCustomer>() on o.CustomerId equals c.Id
                      where o.Total > 1m && c.Name != "Bob"
                      orderby c.Name descending, o.Id
                      select new { Order = o.Id, Customer = c.Name, o.Placed }).ToList();
        var expected = (from o in orders
                        join c in customers on o.CustomerId equals c.Id
                        where o.Total > 1m && c.Name != "Bob"
                        orderby c.Name descending, o.Id
                        select new { Order = o.Id, Customer = c.Name, o.Placed }).ToList();
        Assert.That(actual, Is.EqualTo(expected));
        Assert.That(actual, Has.Count.GreaterThan(1));
    }

    public static void JoinDuplicateStringKeys(IPortableDb db)
    {
        var (orders, customers, _) = JoinRows(db);
        var actual = db.Table<JoinOrder>()
            .Join(db.Table<JoinCustomer>(), o => o.Region, c => c.Region, (o, c) => new { o.Id, Customer = c.Id })
            .ToList();
        var expected = orders.Join(customers, o => o.Region, c => c.Region, (o, c) => new { o.Id, Customer = c.Id }).ToList();
        Assert.That(actual, Is.EquivalentTo(expected));
        Assert.That(expected, Has.Count.EqualTo(7), "three north orders times two north customers, one south: nulls never pair");
    }

    public static void JoinDecimalKeys(IPortableDb db)
    {
        var (orders, customers, _) = JoinRows(db);
        var actual = db.Table<JoinOrder>()
            .Join(db.Table<JoinCustomer>(), o => o.Total, c => c.Credit, (o, c) => new { o.Id, c.Name })
            .ToList();
        var expected = orders.Join(customers, o => o.Total, c => c.Credit, (o, c) => new { o.Id, c.Name }).ToList();
        Assert.That(actual, Is.EquivalentTo(expected));
        Assert.That(expected, Has.Count.EqualTo(4), "1.50 = 1.5, 2.000 = 2, 10.25, 7.0 = 7");
    }

    public static void JoinRecordsAndTuples(IPortableDb db)
    {
        var (orders, customers, _) = JoinRows(db);
        var records = db.Table<JoinOrder>()
            .Where(o => o.Total >= 2m)
            .Join(db.Table<JoinCustomer>(), o => o.CustomerId, c => c.Id, (o, c) => new JoinRow(o.Id, c.Name, o.Total))
            .ToList();
        var expectedRecords = orders.Where(o => o.Total >= 2m).Join(customers, o => o.CustomerId, c => c.Id, (o, c) => new JoinRow(o.Id, c.Name, o.Total)).ToList();
        Assert.That(records, Is.EquivalentTo(expectedRecords));
        Assert.That(expectedRecords, Is.Not.Empty);

        var tuples = db.Table<JoinOrder>()
            .Join(db.Table<JoinCustomer>(), o => o.CustomerId, c => c.Id, (o, c) => new { o, c })
            .OrderBy(x => x.o.Id)
            .Select(x => new ValueTuple<int, string, string?>(x.o.Id, x.c.Name, x.c.Region))
            .ToList();
        var expectedTuples = orders.Join(customers, o => o.CustomerId, c => c.Id, (o, c) => (o.Id, c.Name, c.Region)).OrderBy(x => x.Id).ToList();
        Assert.That(tuples, Is.EqualTo(expectedTuples));
        Assert.That(expectedTuples.Count(x => x.Region is null), Is.EqualTo(1), "Dee's null region is read as null");
    }

    public static void JoinThreeTables(IPortableDb db)
    {
        var (orders, customers, lines) = JoinRows(db);
        var query = from o in db.Table<JoinOrder>()
                    join c in db.Table<JoinCustomer>() on o.CustomerId equals c.Id
                    join l in db.Table<JoinLine>() on o.Id equals l.OrderId
                    where l.Quantity > 1
                    orderby l.Id
                    select new { c.Name, l.Sku, l.Quantity, o.Total };
        var expected = (from o in orders
                        join c in customers on o.CustomerId equals c.Id
                        join l in lines on o.Id equals l.OrderId
                        where l.Quantity > 1
                        orderby l.Id
                        select new { c.Name, l.Sku, l.Quantity, o.Total }).ToList();
        Assert.That(query.ToList(), Is.EqualTo(expected));
        Assert.That(expected, Has.Count.EqualTo(3));

        var methods = db.Table<JoinOrder>()
            .Join(db.Table<JoinCustomer>(), o => o.CustomerId, c => c.Id, (o, c) => new { o, c })
            .Join(db.Table<JoinLine>(), x => x.o.Id, l => l.OrderId, (x, l) => new { x.c.Name, l.Sku, l.Quantity, x.o.Total })
            .Where(x => x.Quantity > 1)
            .ToList();
        Assert.That(methods, Is.EquivalentTo(expected));
    }

    public static void JoinCountFirstAnySkipTake(IPortableDb db)
    {
        var (orders, customers, _) = JoinRows(db);
        var query = db.Table<JoinOrder>()
            .Join(db.Table<JoinCustomer>(), o => o.CustomerId, c => c.Id, (o, c) => new { o.Id, c.Name })
            .OrderBy(x => x.Id);
        var expected = orders.Join(customers, o => o.CustomerId, c => c.Id, (o, c) => new { o.Id, c.Name }).OrderBy(x => x.Id).ToList();
        Assert.That(query.Count(), Is.EqualTo(expected.Count));
        Assert.That(query.Where(x => x.Name == "Ann").Count(), Is.EqualTo(expected.Count(x => x.Name == "Ann")));
        Assert.That(query.First(), Is.EqualTo(expected.First()));
        Assert.That(query.Where(x => x.Name == "Cid").First(), Is.EqualTo(expected.First(x => x.Name == "Cid")));
        Assert.That(query.Where(x => x.Name == "Dee").Any(), Is.True);
        Assert.That(query.Where(x => x.Name == "Eve").Any(), Is.False, "Eve has no order");
        Assert.That(query.Skip(1).Take(2).ToList(), Is.EqualTo(expected.Skip(1).Take(2).ToList()));
        Assert.That(query.Skip(1).Take(2).Count(), Is.EqualTo(2));
        Assert.That(query.Skip(10).ToList(), Is.Empty);
        Assert.That(query.Select(x => x.Name).ToList(), Is.EqualTo(expected.Select(x => x.Name).ToList()));
    }

    public static void JoinKeepsEachTablesWhere(IPortableDb db)
    {
        var (orders, customers, _) = JoinRows(db);
        var actual = db.Table<JoinOrder>().Where(o => o.Total < 15m)
            .Join(db.Table<JoinCustomer>().Where(c => c.Region == "north"), o => o.CustomerId, c => c.Id, (o, c) => new { o.Id, c.Name })
            .ToList();
        var expected = orders.Where(o => o.Total < 15m)
            .Join(customers.Where(c => c.Region == "north"), o => o.CustomerId, c => c.Id, (o, c) => new { o.Id, c.Name })
            .ToList();
        Assert.That(actual, Is.EquivalentTo(expected));
        Assert.That(expected, Has.Count.EqualTo(2));
    }

    public static void LeftJoinNullKeys(IPortableDb db)
    {
        var (orders, customers, _) = JoinRows(db);
        var actual = db.Table<JoinOrder>()
            .LeftJoin(db.Table<JoinCustomer>(), o => o.CustomerId, c => c.Id, (o, c) => new { o.Id, Name = c == null ? null : c.Name })
            .OrderBy(x => x.Id)
            .ToList();
        var expected = orders
            .LeftJoin(customers, o => o.CustomerId, c => c.Id, (o, c) => new { o.Id, Name = c == null ? null : c.Name })
            .OrderBy(x => x.Id)
            .ToList();
        Assert.That(actual, Is.EqualTo(expected));
        Assert.That(actual.Count(x => x.Name is null), Is.EqualTo(2), "the null key and the key 99 keep their order with no customer");
    }

    public static void LeftJoinWhereOnTheRightTable(IPortableDb db)
    {
        var (orders, customers, _) = JoinRows(db);
        var actual = db.Table<JoinOrder>()
            .LeftJoin(db.Table<JoinCustomer>().Where(c => c.Region == "north"), o => o.CustomerId, c => c.Id, (o, c) => new { o, c })
            .Where(x => x.o.Total > 1m)
            .Select(x => new { x.o.Id, Customer = x.c == null ? -1 : x.c.Id })
            .ToList();
        var expected = orders
            .LeftJoin(customers.Where(c => c.Region == "north"), o => o.CustomerId, c => c.Id, (o, c) => new { o, c })
            .Where(x => x.o.Total > 1m)
            .Select(x => new { x.o.Id, Customer = x.c == null ? -1 : x.c.Id })
            .ToList();
        Assert.That(actual, Is.EquivalentTo(expected));
        Assert.That(expected.Count(x => x.Customer == -1), Is.EqualTo(3));
    }
}
