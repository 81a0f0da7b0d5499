using MicroDb.Conformance.Models;
using MicroDb.Native;
using MicroDb.Query;

namespace MicroDb.Generated.Tests.Intercepted;

/// <summary>A join's result built by a constructor, for the intercepted join tests.</summary>
public sealed record OrderLine(int Order, string Sku);

/// <summary>
/// Inline joins are intercepted (issue 22): inner, left and GroupJoin/SelectMany/DefaultIfEmpty joins in method and query
/// syntax, with Where, OrderBy, Skip and Take, give the SQL and rows of the same query built across statements (the
/// run-time path) and of LINQ-to-Objects, on both mapping paths and storage formats; the interception check compares
/// every run.
/// </summary>
[TestFixture("generated", "microdb")]
[TestFixture("generated", "sqlite-net")]
[TestFixture("reflection", "microdb")]
[TestFixture("reflection", "sqlite-net")]
public class InterceptedJoinTests : InterceptedTestBase
{
    private static readonly DateTime Day = new(2024, 3, 5, 6, 7, 8, DateTimeKind.Utc);
    private List<JoinOrder> _orders = null!;
    private List<JoinCustomer> _customers = null!;
    private List<JoinLine> _lines = null!;

    public InterceptedJoinTests(string mapping, string format)
        : base(mapping, format)
    {
    }

    protected override void Seed()
    {
        _db.CreateTable<JoinCustomer>();
        _db.CreateTable<JoinOrder>();
        _db.CreateTable<JoinLine>();
        _db.InsertAll(new[]
        {
            new JoinCustomer { Name = "Ann", Region = "north", Credit = 1.5m, Since = Day },
            new JoinCustomer { Name = "Bob", Region = "south", Credit = 2m, Since = Day.AddDays(1) },
            new JoinCustomer { Name = "Cid", Region = "north", Credit = 10.25m, Since = Day.AddDays(2) },
            new JoinCustomer { Name = "Dee", Region = null, Credit = 0m, Since = Day.AddDays(3) },
        });
        _db.InsertAll(new[]
        {
            new JoinOrder { CustomerId = 1, Region = "north", Total = 1.50m, Placed = Day },
            new JoinOrder { CustomerId = 1, Region = "south", Total = 20m, Placed = Day.AddDays(1) },
            new JoinOrder { CustomerId = 2, Region = null, Total = 2.000m, Placed = Day.AddDays(9) },
            new JoinOrder { CustomerId = null, Region = "north", Total = 5m, Placed = Day.AddDays(2) },
            new JoinOrder { CustomerId = 99, Region = null, Total = 7.0m, Placed = Day.AddDays(4) },
            new JoinOrder { CustomerId = 3, Region = "east", Total = 10.25m, Placed = Day.AddDays(7) },
        });
        _db.InsertAll(new[]
        {
            new JoinLine { OrderId = 1, Sku = "a", Quantity = 1 },
            new JoinLine { OrderId = 1, Sku = "b", Quantity = 2 },
            new JoinLine { OrderId = 2, Sku = "a", Quantity = 3 },
            new JoinLine { OrderId = 6, Sku = "c", Quantity = 4 },
            new JoinLine { OrderId = 42, Sku = "d", Quantity = 5 },
        });
        _orders = _db.Table<JoinOrder>().ToList();
        _customers = _db.Table<JoinCustomer>().ToList();
        _lines = _db.Table<JoinLine>().ToList();
    }

    [Test]
    public void Inner_join_is_intercepted_with_the_run_time_sql_and_rows()
    {
        var before = InterceptionCheck.Runs;

        var intercepted = _db.Table<JoinLine>().Join(_db.Table<JoinOrder>(), l => l.OrderId, o => o.Id, (l, o) => new { l.Sku, o.Total, l.Quantity }).ToList();
        var first = _seen[0];

        var query = _db.Table<JoinLine>();
        var runTime = query.Join(_db.Table<JoinOrder>(), l => l.OrderId, o => o.Id, (l, o) => new { l.Sku, o.Total, l.Quantity });
        Assert.That(first.Source, Is.EqualTo(StatementSource.Intercepted), Seen);
        Assert.That(first.Sql, Is.EqualTo(runTime.ToSqlString()));
        Assert.That(first.Sql, Is.EqualTo("SELECT \"t0\".\"Sku\", \"t0\".\"Quantity\", \"t1\".\"Total\" FROM \"join_lines\" AS \"t0\" INNER JOIN \"join_orders\" AS \"t1\" ON (\"t0\".\"OrderId\" = \"t1\".\"Id\")"));
        Assert.That(intercepted, Is.EqualTo(runTime.ToList()));
        Assert.That(intercepted, Is.EquivalentTo(_lines.Join(_orders, l => l.OrderId, o => o.Id, (l, o) => new { l.Sku, o.Total, l.Quantity })));
        Assert.That(InterceptionCheck.Runs - before, Is.EqualTo(1), "The check compared the intercepted run with the run-time path.");
    }

    [Test]
    public void Query_syntax_with_where_orderby_skip_and_take_matches_the_run_time_path_and_linq()
    {
        var skipped = "Bob";
        var intercepted = (from o in _db.Table<JoinOrder>()
                           join c in _db.Table<JoinCustomer>() on o.CustomerId equals c.Id
                           where o.Id > 0 && c.Name != skipped
                           orderby c.Name descending, o.Id
                           select new { Order = o.Id, Customer = c.Name, o.Placed }).Skip(1).Take(5).ToList();
        Assert.That(Intercepted, Is.EqualTo(1), Seen);

        var expected = (from o in _orders
                        join c in _customers on o.CustomerId equals c.Id
                        where o.Id > 0 && c.Name != skipped
                        orderby c.Name descending, o.Id
                        select new { Order = o.Id, Customer = c.Name, o.Placed }).Skip(1).Take(5).ToList();
        Assert.That(intercepted, Is.EqualTo(expected));
        Assert.That(intercepted.Select(x => x.Customer), Is.EqualTo(new[] { "Ann", "Ann" }));
    }

    [Test]
    public void Null_keys_match_nothing_on_both_paths()
    {
        var byId = _db.Table<JoinOrder>().Join(_db.Table<JoinCustomer>(), o => o.CustomerId, c => (int?)c.Id, (o, c) => new { o.Id, c.Name }).ToList();
        var byRegion = _db.Table<JoinOrder>().Join(_db.Table<JoinCustomer>(), o => o.Region, c => c.Region, (o, c) => new { o.Id, Customer = c.Id }).ToList();
        Assert.That(Intercepted, Is.EqualTo(2), Seen);

        Assert.That(byId, Is.EquivalentTo(_orders.Join(_customers, o => o.CustomerId, c => (int?)c.Id, (o, c) => new { o.Id, c.Name })));
        Assert.That(byId.Select(x => x.Id), Does.Not.Contain(4).And.Not.Contain(5), "a null key and a key with no customer match nothing");
        Assert.That(byRegion, Is.EquivalentTo(_orders.Join(_customers, o => o.Region, c => c.Region, (o, c) => new { o.Id, Customer = c.Id })));
        Assert.That(byRegion, Has.Count.EqualTo(5), "two north orders times two north customers, one south: null regions never pair");
    }

    [Test]
    public void Left_join_keeps_the_row_without_a_match_with_null()
    {
        var method = _db.Table<JoinOrder>().LeftJoin(_db.Table<JoinCustomer>(), o => o.CustomerId, c => c.Id, (o, c) => new { o.Id, Name = c == null ? null : c.Name }).ToList();
        var query = (from o in _db.Table<JoinOrder>()
                     join c in _db.Table<JoinCustomer>() on o.CustomerId equals c.Id into g
                     from c in g.DefaultIfEmpty()
                     select new { o.Id, Name = c == null ? null : c.Name }).ToList();
        Assert.That(Intercepted, Is.EqualTo(2), Seen);

        var expected = (from o in _orders
                        join c in _customers on o.CustomerId equals c.Id into g
                        from c in g.DefaultIfEmpty()
                        select new { o.Id, Name = c == null ? null : c.Name }).ToList();
        Assert.That(method, Is.EquivalentTo(expected));
        Assert.That(query, Is.EquivalentTo(expected));
        Assert.That(method.Where(x => x.Name is null).Select(x => x.Id), Is.EquivalentTo(new[] { 4, 5 }), "the null key and the key with no customer keep their order with no customer");
    }

    [Test]
    public void Three_tables_in_query_syntax_match_linq()
    {
        var intercepted = (from l in _db.Table<JoinLine>()
                           join o in _db.Table<JoinOrder>() on l.OrderId equals o.Id
                           join c in _db.Table<JoinCustomer>() on o.CustomerId equals c.Id
                           orderby l.Id
                           select new OrderLine(o.Id, c.Name + "")).ToList();
        var plain = (from l in _db.Table<JoinLine>()
                     join o in _db.Table<JoinOrder>() on l.OrderId equals o.Id
                     join c in _db.Table<JoinCustomer>() on o.CustomerId equals c.Id
                     orderby l.Id
                     select new { c.Name, l.Sku, l.Quantity, o.Id }).ToList();
        Assert.That(Intercepted, Is.EqualTo(2), "the computed projection is intercepted too (issue 22), as the plain one is\n" + Seen());

        var expected = (from l in _lines
                        join o in _orders on l.OrderId equals o.Id
                        join c in _customers on o.CustomerId equals c.Id
                        orderby l.Id
                        select new { c.Name, l.Sku, l.Quantity, o.Id }).ToList();
        Assert.That(plain, Is.EqualTo(expected));
        Assert.That(intercepted.Select(x => x.Order), Is.EqualTo(expected.Select(x => x.Id)));
    }

    [Test]
    public void Terminals_match_the_run_time_path()
    {
        var sku = "a";
        var joined = _db.Table<JoinLine>().Join(_db.Table<JoinOrder>(), l => l.OrderId, o => o.Id, (l, o) => new { l.Sku, o.Id, l.Quantity });
        var count = _db.Table<JoinLine>().Join(_db.Table<JoinOrder>(), l => l.OrderId, o => o.Id, (l, o) => new { l.Sku, o.Id, l.Quantity }).Count();
        var limitedCount = _db.Table<JoinLine>().Join(_db.Table<JoinOrder>(), l => l.OrderId, o => o.Id, (l, o) => new { l.Sku, o.Id }).Skip(1).Take(2).Count();
        var countWhere = _db.Table<JoinLine>().Join(_db.Table<JoinOrder>(), l => l.OrderId, o => o.Id, (l, o) => new { l.Sku, o.Id }).Count(x => x.Sku == sku);
        var any = _db.Table<JoinLine>().Join(_db.Table<JoinOrder>(), l => l.OrderId, o => o.Id, (l, o) => new { l.Sku, o.Id }).Any();
        var first = _db.Table<JoinLine>().Join(_db.Table<JoinOrder>(), l => l.OrderId, o => o.Id, (l, o) => new { l.Sku, o.Id, l.Quantity }).OrderBy(x => x.Quantity).First();
        var firstWhere = _db.Table<JoinLine>().Join(_db.Table<JoinOrder>(), l => l.OrderId, o => o.Id, (l, o) => new { l.Sku, o.Id, l.Quantity }).OrderByDescending(x => x.Id).ThenBy(x => x.Sku).First(x => x.Quantity >= 2);
        var none = _db.Table<JoinLine>().Join(_db.Table<JoinOrder>(), l => l.OrderId, o => o.Id, (l, o) => new { l.Sku, o.Id }).Where(x => x.Sku == "zzz").FirstOrDefault();
        var array = _db.Table<JoinLine>().Join(_db.Table<JoinOrder>(), l => l.OrderId, o => o.Id, (l, o) => new { l.Sku, o.Id }).Where(x => x.Sku == sku).ToArray();
        var error = Assert.Throws<InvalidOperationException>(() => _db.Table<JoinLine>().Join(_db.Table<JoinOrder>(), l => l.OrderId, o => o.Id, (l, o) => new { l.Sku, o.Id }).Where(x => x.Sku == "zzz").First());
        Assert.That(Intercepted, Is.EqualTo(9), Seen);

        var linq = _lines.Join(_orders, l => l.OrderId, o => o.Id, (l, o) => new { l.Sku, o.Id, l.Quantity }).ToList();
        Assert.That(count, Is.EqualTo(joined.Count()).And.EqualTo(linq.Count).And.EqualTo(4));
        Assert.That(limitedCount, Is.EqualTo(2));
        Assert.That(countWhere, Is.EqualTo(linq.Count(x => x.Sku == sku)).And.EqualTo(2));
        Assert.That(any, Is.True);
        Assert.That(first, Is.EqualTo(linq.OrderBy(x => x.Quantity).First()));
        Assert.That(firstWhere, Is.EqualTo(linq.OrderByDescending(x => x.Id).ThenBy(x => x.Sku).First(x => x.Quantity >= 2)));
        Assert.That(none, Is.Null);
        Assert.That(array.Select(x => x.Id), Is.EquivalentTo(new[] { 1, 2 }));
        Assert.That(error!.Message, Is.EqualTo(Assert.Throws<InvalidOperationException>(() => joined.Where(x => x.Sku == "zzz").First())!.Message));
    }

    [Test]
    public void A_null_captured_value_runs_on_the_run_time_path()
    {
        string? name = null;
        var rows = _db.Table<JoinOrder>().Join(_db.Table<JoinCustomer>(), o => o.CustomerId, c => c.Id, (o, c) => new { o.Id, c.Name }).Where(x => x.Name == name).ToList();
        Assert.That(Intercepted, Is.EqualTo(0), Seen);
        Assert.That(rows, Is.Empty);
        Assert.That(_seen.Single().Sql, Does.Contain("IS NULL"));
    }

    [Test]
    public void Left_join_with_a_constant_for_the_missing_row_and_an_initializer_filtered_after_the_join()
    {
        var credits = _db.Table<JoinOrder>().LeftJoin(_db.Table<JoinCustomer>(), o => o.CustomerId, c => c.Id, (o, c) => new { o.Id, Customer = c == null ? -1 : c.Id }).OrderBy(x => x.Id).ToList();
        var mapped = _db.Table<JoinOrder>()
            .Join(_db.Table<JoinCustomer>(), o => o.CustomerId, c => c.Id, (o, c) => new JoinCustomer { Id = o.Id, Name = c.Name, Credit = o.Total })
            .Where(x => x.Name == "Ann")
            .OrderBy(x => x.Id)
            .ToList();
        Assert.That(Intercepted, Is.EqualTo(2), Seen);

        Assert.That(credits.Select(x => x.Customer), Is.EqualTo(new[] { 1, 1, 2, -1, -1, 3 }));
        Assert.That(mapped.Select(x => (x.Id, x.Name, x.Credit)), Is.EqualTo(new[] { (1, "Ann", 1.50m), (2, "Ann", 20m) }));
    }

    [Test]
    public void Where_on_the_first_table_before_the_join_is_its_first_condition()
    {
        var id = 1;
        var rows = _db.Table<JoinOrder>().Where(o => o.Id > id).Where(o => o.Region != "east")
            .Join(_db.Table<JoinCustomer>(), o => o.CustomerId, c => c.Id, (o, c) => new { o.Id, c.Name })
            .Where(x => x.Name != "Cid").OrderBy(x => x.Id).ToList();
        Assert.That(Intercepted, Is.EqualTo(1), Seen);
        Assert.That(_seen[0].Sql, Does.Contain("WHERE (\"t0\".\"Id\" > ?) AND (\"t0\".\"Region\" IS NOT ?) AND (\"t1\".\"Name\" IS NOT ?)"));

        var expected = _orders.Where(o => o.Id > id).Where(o => o.Region != "east")
            .Join(_customers, o => o.CustomerId, c => c.Id, (o, c) => new { o.Id, c.Name })
            .Where(x => x.Name != "Cid").OrderBy(x => x.Id).ToList();
        Assert.That(rows, Is.EqualTo(expected));
        Assert.That(rows.Select(x => x.Id), Is.EqualTo(new[] { 2, 3 }));
    }

    [Test]
    public void Grouping_by_a_nullable_key_keeps_the_null_group()
    {
        var groups = _db.Table<JoinOrder>().GroupBy(o => o.Region).OrderBy(g => g.Key).Select(g => new { g.Key, Count = g.Count(), Last = g.Max(x => x.Id) }).ToList();
        Assert.That(Intercepted, Is.EqualTo(1), Seen);

        var expected = _orders.GroupBy(o => o.Region).OrderBy(g => g.Key, StringComparer.Ordinal).Select(g => new { g.Key, Count = g.Count(), Last = g.Max(x => x.Id) }).ToList();
        Assert.That(groups, Is.EqualTo(expected));
        Assert.That(groups[0], Is.EqualTo(new { Key = (string?)null, Count = 2, Last = 5 }));
    }

    [Test]
    public void Plain_member_results_are_read_from_the_columns_and_match_the_run_time_path()
    {
        var before = InterceptionCheck.Runs;

        var inner = _db.Table<JoinLine>().Join(_db.Table<JoinOrder>(), l => l.OrderId, o => o.Id, (l, o) => new { l.Sku, o.Total, o.Placed }).ToArray();
        var first = _db.Table<JoinOrder>().LeftJoin(_db.Table<JoinCustomer>(), o => o.CustomerId, c => c.Id, (o, c) => new { o.Id, Region = c == null ? "?" : c.Region, Name = c == null ? "none" : c.Name })
            .OrderByDescending(x => x.Id).First();
        Assert.That(Intercepted, Is.EqualTo(2), Seen);
        Assert.That(InterceptionCheck.Runs - before, Is.EqualTo(2), "both runs were compared with the run-time path");

        Assert.That(inner, Is.EquivalentTo(_lines.Join(_orders, l => l.OrderId, o => o.Id, (l, o) => new { l.Sku, o.Total, o.Placed })));
        Assert.That(first, Is.EqualTo(new { Id = 6, Region = "north", Name = "Cid" }));
        var missing = _db.Table<JoinOrder>().LeftJoin(_db.Table<JoinCustomer>(), o => o.CustomerId, c => c.Id, (o, c) => new { o.Id, Region = c == null ? "?" : c.Region, Name = c == null ? "none" : c.Name })
            .Where(x => x.Id == 5).FirstOrDefault();
        Assert.That(Intercepted, Is.EqualTo(3), Seen);
        Assert.That(missing, Is.EqualTo(new { Id = 5, Region = "?", Name = "none" }), "a missing left-joined row takes the constants");
    }

    [Test]
    public void Reader_of_another_type_is_refused_with_an_argument_error()
    {
        var query = _db.Table<JoinLine>();
        var join = query.Join(_db.Table<JoinOrder>(), l => l.OrderId, o => o.Id, (l, o) => new { l.Sku, o.Total });

        var error = Assert.Throws<ArgumentException>(() => QueryInterception.ToList(join, new InterceptedSite(join.ToSqlString()), static (SqliteStatement s) => s.GetInt32(0)));

        Assert.That(error!.ParamName, Is.EqualTo("read"));
        Assert.That(error.Message, Does.Contain("Int32"));
        Assert.That(() => QueryInterception.First(join, new InterceptedSite(join.ToSqlString()), (Func<SqliteStatement, string>)null!), Throws.ArgumentNullException);
    }

    [Test]
    public void Reader_reading_other_values_fails_the_interception_check()
    {
        var query = _db.Table<JoinLine>();
        var join = query.Join(_db.Table<JoinOrder>(), l => l.OrderId, o => o.Id, (l, o) => new { Sku = l.Sku, Quantity = l.Quantity });
        var sql = join.ToSqlString();

        var same = QueryInterception.ToList(join, new InterceptedSite(sql), static (SqliteStatement s) => new { Sku = s.GetString(0)!, Quantity = s.GetInt32(1) });
        var other = Assert.Throws<InterceptionMismatchException>(() =>
            QueryInterception.ToList(join, new InterceptedSite(sql), static (SqliteStatement s) => new { Sku = s.GetString(0)!, Quantity = s.GetInt32(1) + 1 }));

        Assert.That(same, Is.EqualTo(join.ToList()));
        Assert.That(other!.Message, Does.Contain("member 'Quantity'"));
    }
}
