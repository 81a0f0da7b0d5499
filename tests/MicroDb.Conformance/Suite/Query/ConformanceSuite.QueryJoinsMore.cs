using MicroDb.Conformance.Models;

namespace MicroDb.Conformance;

// More joins and grouping (issue 22, run-time front end): self-joins, RightJoin, GroupBy over a join, element selectors,
// date-part keys, and the same operators from MicroDbAsyncConnection. Each against LINQ-to-Objects over the rows read
// back, on both storage formats.
public abstract partial class ConformanceSuite
{
    private static List<JoinEmployee> AddEmployees(MicroDbConnection db)
    {
        db.CreateTable<JoinEmployee>();
        db.InsertAll(new[]
        {
            new JoinEmployee { Name = "Ada", ManagerId = null, Dept = "board", Salary = 90 },
            new JoinEmployee { Name = "Ben", ManagerId = 1, Dept = "eng", Salary = 70 },
            new JoinEmployee { Name = "Cal", ManagerId = 1, Dept = "ops", Salary = 60 },
            new JoinEmployee { Name = "Dot", ManagerId = 2, Dept = "eng", Salary = 50 },
            new JoinEmployee { Name = "Eli", ManagerId = 2, Dept = "eng", Salary = 55 },
            new JoinEmployee { Name = "Fin", ManagerId = 42, Dept = null, Salary = 40 },
            new JoinEmployee { Name = "Gil", ManagerId = 4, Dept = "eng", Salary = 30 },
        });
        return db.Table<JoinEmployee>().ToList();
    }

    [Test]
    public void SelfJoin_pairs_each_employee_with_its_manager([Values] bool sqliteNet)
    {
        var data = OpenJoinData(sqliteNet);
        var db = data.Db;
        var staff = AddEmployees(db);
        var query = from e in db.Table<JoinEmployee>()
                    join m in db.Table<JoinEmployee>() on e.ManagerId equals m.Id
                    where m.Salary > e.Salary + 15
                    orderby m.Name, e.Name
                    select new { Employee = e.Name, Manager = m.Name, Gap = m.Salary - e.Salary };
        var expected = (from e in staff
                        join m in staff on e.ManagerId equals m.Id
                        where m.Salary > e.Salary + 15
                        orderby m.Name, e.Name
                        select new { Employee = e.Name, Manager = m.Name, Gap = m.Salary - e.Salary }).ToList();

        // One alias per occurrence, not per table: each column is read from its own occurrence.
        Assert.That(query.ToSqlString(), Does.Contain("FROM \"join_employees\" AS \"t0\" INNER JOIN \"join_employees\" AS \"t1\"")
            .And.Contain("(\"t1\".\"Salary\" > (\"t0\".\"Salary\" + ?))"));
        Assert.That(query.ToList(), Is.EqualTo(expected));
        Assert.That(expected, Has.Count.EqualTo(4), "Eli's gap is 15, not more");
        Assert.That(query.Count(), Is.EqualTo(4));
    }

    [Test]
    public void SelfJoin_left_and_three_occurrences_match_linq([Values] bool sqliteNet)
    {
        var data = OpenJoinData(sqliteNet);
        var db = data.Db;
        var staff = AddEmployees(db);

        var withBoss = db.Table<JoinEmployee>()
            .LeftJoin(db.Table<JoinEmployee>(), e => e.ManagerId, m => (int?)m.Id, (e, m) => new { e.Id, e.Name, Boss = m == null ? null : m.Name })
            .OrderBy(x => x.Id)
            .ToList();
        var expectedBoss = staff
            .LeftJoin(staff, e => e.ManagerId, m => (int?)m.Id, (e, m) => new { e.Id, e.Name, Boss = m == null ? null : m.Name })
            .OrderBy(x => x.Id)
            .ToList();
        Assert.That(withBoss, Is.EqualTo(expectedBoss));
        Assert.That(withBoss.Count(x => x.Boss is null), Is.EqualTo(2), "Ada has no manager, Fin's manager does not exist");

        var chain = (from e in db.Table<JoinEmployee>()
                     join m in db.Table<JoinEmployee>() on e.ManagerId equals m.Id
                     join top in db.Table<JoinEmployee>() on m.ManagerId equals top.Id
                     where top.Dept == "board" || top.Dept == "eng"
                     select new { e.Name, Manager = m.Name, Top = top.Name }).ToList();
        var expectedChain = (from e in staff
                             join m in staff on e.ManagerId equals m.Id
                             join top in staff on m.ManagerId equals top.Id
                             where top.Dept == "board" || top.Dept == "eng"
                             select new { e.Name, Manager = m.Name, Top = top.Name }).ToList();
        Assert.That(chain, Is.EquivalentTo(expectedChain));
        Assert.That(expectedChain, Has.Count.EqualTo(3));
    }

    [Test]
    public void RightJoin_keeps_every_inner_row_with_null_where_none_matches([Values] bool sqliteNet)
    {
        var data = OpenJoinData(sqliteNet);
        var query = data.Db.Table<JoinOrder>()
            .RightJoin(data.Db.Table<JoinCustomer>(), o => o.CustomerId, c => (int?)c.Id, (o, c) => new { Order = o == null ? 0 : o.Id, c.Name, Total = o == null ? (decimal?)null : o.Total });
        var expected = data.Orders
            .RightJoin(data.Customers, o => o.CustomerId, c => (int?)c.Id, (o, c) => new { Order = o == null ? 0 : o.Id, c.Name, Total = o == null ? (decimal?)null : o.Total })
            .ToList();

        // Written as a LEFT JOIN from the kept table, so any SQLite version runs it.
        Assert.That(query.ToSqlString(), Does.Contain("FROM \"join_customers\" AS \"t0\" LEFT JOIN \"join_orders\" AS \"t1\""));
        Assert.That(query.ToList(), Is.EquivalentTo(expected));
        Assert.That(expected.Count(x => x.Order == 0), Is.EqualTo(1), "Eve has no order");
        Assert.That(query.Count(), Is.EqualTo(expected.Count));
        Assert.That(query.Where(x => x.Name == "Ann").Select(x => x.Order).ToList(), Is.EquivalentTo(new[] { 1, 2 }));
        Assert.That(query.OrderBy(x => x.Order).ThenBy(x => x.Name).ToList(), Is.EqualTo(expected.OrderBy(x => x.Order).ThenBy(x => x.Name, StringComparer.Ordinal).ToList()));
    }

    [Test]
    public void Testing_a_joined_row_for_null_translates_to_its_key([Values] bool sqliteNet)
    {
        var data = OpenJoinData(sqliteNet);
        var db = data.Db;
        var left = db.Table<JoinOrder>().LeftJoin(db.Table<JoinCustomer>(), o => o.CustomerId, c => (int?)c.Id, (o, c) => new { o, c });
        var expected = data.Orders.LeftJoin(data.Customers, o => o.CustomerId, c => (int?)c.Id, (o, c) => new { o, c }).ToList();

        var unmatched = left.Where(x => x.c == null).Select(x => x.o.Id);
        Assert.That(unmatched.ToSqlString(), Does.Contain("WHERE (\"t1\".\"Id\" IS NULL)"));
        Assert.That(unmatched.ToList(), Is.EquivalentTo(expected.Where(x => x.c == null).Select(x => x.o.Id)));
        Assert.That(left.Where(x => x.c != null && x.o != null).Count(), Is.EqualTo(expected.Count(x => x.c != null)), "an inner-joined (or first) row is never null");
        Assert.That(left.Where(x => x.o == null).Any(), Is.False);

        var ordered = left.OrderBy(x => x.c == null ? 1 : 0).ThenBy(x => x.o.Id).Select(x => x.o.Id).ToList();
        Assert.That(ordered, Is.EqualTo(expected.OrderBy(x => x.c == null ? 1 : 0).ThenBy(x => x.o.Id).Select(x => x.o.Id).ToList()));

        var noOrder = db.Table<JoinOrder>().RightJoin(db.Table<JoinCustomer>(), o => o.CustomerId, c => (int?)c.Id, (o, c) => new { o, c.Name })
            .Where(x => x.o == null).Select(x => x.Name).ToList();
        Assert.That(noOrder, Is.EqualTo(new[] { "Eve" }));
    }

    [Test]
    public void RightJoin_keeps_the_where_of_each_side([Values] bool sqliteNet)
    {
        var data = OpenJoinData(sqliteNet);
        var db = data.Db;
        var actual = db.Table<JoinOrder>().Where(o => o.Total > 1m)
            .RightJoin(db.Table<JoinCustomer>().Where(c => c.Name != "Bob"), o => o.CustomerId, c => (int?)c.Id, (o, c) => new { c.Name, Order = o == null ? -1 : o.Id })
            .ToList();
        var expected = data.Orders.Where(o => o.Total > 1m)
            .RightJoin(data.Customers.Where(c => c.Name != "Bob"), o => o.CustomerId, c => (int?)c.Id, (o, c) => new { c.Name, Order = o == null ? -1 : o.Id })
            .ToList();
        Assert.That(actual, Is.EquivalentTo(expected));
        Assert.That(expected.Where(x => x.Order == -1).Select(x => x.Name), Is.EquivalentTo(new[] { "Dee", "Eve" }), "Dee's only order is filtered out: she is kept with no order");
    }

    [Test]
    public void RightJoin_rejects_what_it_cannot_translate_and_a_missing_row_throws_as_linq_does()
    {
        var data = OpenJoinData(sqliteNet: false);
        var db = data.Db;
        var orders = db.Table<JoinOrder>();
        var customers = db.Table<JoinCustomer>();

        Assert.Throws<NullReferenceException>(() => data.Orders.RightJoin(data.Customers, o => o.CustomerId, c => (int?)c.Id, (o, c) => o!.Id).ToList());
        Assert.Throws<NullReferenceException>(() => orders.RightJoin(customers, o => o.CustomerId, c => (int?)c.Id, (o, c) => o!.Id).ToList());

        var joined = orders.Join(db.Table<JoinLine>(), o => o.Id, l => l.OrderId, (o, l) => new { o.CustomerId, o.Region, l.Sku });
        var lines = data.Orders.Join(data.Lines, o => o.Id, l => l.OrderId, (o, l) => new { o.CustomerId, o.Region, l.Sku });
        Assert.That(joined.RightJoin(customers, x => new { x.Region, x.CustomerId }, c => new { c.Region, CustomerId = (int?)c.Id }, (x, c) => new { c.Name, Sku = x == null ? null : x.Sku }).ToList(),
            Is.EquivalentTo(lines.RightJoin(data.Customers, x => new { x.Region, x.CustomerId }, c => new { c.Region, CustomerId = (int?)c.Id }, (x, c) => new { c.Name, Sku = x == null ? null : x.Sku }).ToList()),
            "RightJoin after a join on a composite key (SQL RIGHT JOIN)");
        var afterOrder = Assert.Throws<NotSupportedException>(() => joined.OrderBy(x => x.Sku).RightJoin(customers, x => x.CustomerId, c => (int?)c.Id, (x, c) => c.Name));
        Assert.That(afterOrder!.Message, Does.Contain("RightJoin after OrderBy"));

        var ordered = Assert.Throws<NotSupportedException>(() => orders.OrderBy(o => o.Id).RightJoin(customers, o => o.CustomerId, c => (int?)c.Id, (o, c) => c.Id));
        Assert.That(ordered!.Message, Does.Contain("ordered or limited"));
        Assert.That(db.Table<JoinOrder>().Count(), Is.EqualTo(data.Orders.Count), "nothing stored is touched");
    }

    [Test]
    public void GroupBy_over_a_join_in_query_syntax_matches_linq([Values] bool sqliteNet)
    {
        var data = OpenJoinData(sqliteNet);
        var db = data.Db;
        var query = from o in db.Table<JoinOrder>()
                    join c in db.Table<JoinCustomer>() on o.CustomerId equals c.Id
                    group o by c.Region into g
                    select new { Region = g.Key, Orders = g.Count(), Last = g.Max(x => x.Id), Customers = g.Sum(x => x.CustomerId) };
        var expected = (from o in data.Orders
                        join c in data.Customers on o.CustomerId equals c.Id
                        group o by c.Region into g
                        select new { Region = g.Key, Orders = g.Count(), Last = g.Max(x => x.Id), Customers = g.Sum(x => x.CustomerId) }).ToList();

        Assert.That(query.ToSqlString(), Does.Contain("INNER JOIN \"join_customers\" AS \"t1\"").And.Contain("GROUP BY \"t1\".\"Region\""));
        Assert.That(query.ToList(), Is.EquivalentTo(expected));
        Assert.That(expected.Single(x => x.Region == "north").Orders, Is.EqualTo(3), "Ann's two orders and Cid's one");
        Assert.That(query.Count(), Is.EqualTo(expected.Count));
    }

    [Test]
    public void GroupBy_over_three_tables_with_having_and_ordering_by_an_aggregate([Values] bool sqliteNet)
    {
        var data = OpenJoinData(sqliteNet);
        var db = data.Db;
        var actual = db.Table<JoinOrder>().Where(o => o.Total > 0m)
            .Join(db.Table<JoinCustomer>(), o => o.CustomerId, c => c.Id, (o, c) => new { o, c })
            .Join(db.Table<JoinLine>(), x => x.o.Id, l => l.OrderId, (x, l) => new { x.c.Name, l.Sku, l.Quantity })
            .Where(x => x.Sku != "z")
            .GroupBy(x => x.Name)
            .Where(g => g.Count() >= 1)
            .Select(g => new { Customer = g.Key, Lines = g.Count(), Items = g.Sum(x => x.Quantity), Big = g.Count(x => x.Quantity > 1) })
            .OrderByDescending(x => x.Items)
            .ToList();
        var expected = data.Orders.Where(o => o.Total > 0m)
            .Join(data.Customers, o => o.CustomerId, c => c.Id, (o, c) => new { o, c })
            .Join(data.Lines, x => x.o.Id, l => l.OrderId, (x, l) => new { x.c.Name, l.Sku, l.Quantity })
            .Where(x => x.Sku != "z")
            .GroupBy(x => x.Name)
            .Where(g => g.Count() >= 1)
            .Select(g => new { Customer = g.Key, Lines = g.Count(), Items = g.Sum(x => x.Quantity), Big = g.Count(x => x.Quantity > 1) })
            .OrderByDescending(x => x.Items)
            .ToList();
        Assert.That(actual, Is.EqualTo(expected));
        Assert.That(expected, Has.Count.EqualTo(2));
    }

    [Test]
    public void GroupBy_over_a_left_join_and_a_self_join([Values] bool sqliteNet)
    {
        var data = OpenJoinData(sqliteNet);
        var db = data.Db;
        var staff = AddEmployees(db);

        var perRegion = db.Table<JoinOrder>()
            .LeftJoin(db.Table<JoinCustomer>(), o => o.CustomerId, c => (int?)c.Id, (o, c) => new { o, c })
            .GroupBy(x => x.o.Region, x => x.o)
            .Select(g => new { g.Key, Count = g.Count(), Top = g.Max(x => x.Id) })
            .ToList();
        var expectedPerRegion = data.Orders
            .LeftJoin(data.Customers, o => o.CustomerId, c => (int?)c.Id, (o, c) => new { o, c })
            .GroupBy(x => x.o.Region, x => x.o)
            .Select(g => new { g.Key, Count = g.Count(), Top = g.Max(x => x.Id) })
            .ToList();
        Assert.That(perRegion, Is.EquivalentTo(expectedPerRegion));

        // Per manager: the team's size and pay, the key read from the manager's occurrence of the table.
        var teams = (from e in db.Table<JoinEmployee>()
                     join m in db.Table<JoinEmployee>() on e.ManagerId equals m.Id
                     group e by new { m.Id, m.Name } into g
                     orderby g.Key.Name
                     select new { g.Key.Name, Size = g.Count(), Pay = g.Sum(x => x.Salary), Min = g.Min(x => x.Salary) }).ToList();
        var expectedTeams = (from e in staff
                             join m in staff on e.ManagerId equals m.Id
                             group e by new { m.Id, m.Name } into g
                             orderby g.Key.Name
                             select new { g.Key.Name, Size = g.Count(), Pay = g.Sum(x => x.Salary), Min = g.Min(x => x.Salary) }).ToList();
        Assert.That(teams, Is.EqualTo(expectedTeams));
        Assert.That(expectedTeams.Select(t => t.Name), Is.EqualTo(new[] { "Ada", "Ben", "Dot" }));
    }

    [Test]
    public void Left_join_in_query_syntax_followed_by_where_orderby_and_group([Values] bool sqliteNet)
    {
        var data = OpenJoinData(sqliteNet);
        var db = data.Db;
        var filtered = (from o in db.Table<JoinOrder>()
                        join c in db.Table<JoinCustomer>() on o.CustomerId equals c.Id into cs
                        from c in cs.DefaultIfEmpty()
                        where o.Total > 1m
                        orderby o.Id descending
                        select new { o.Id, Name = c == null ? "-" : c.Name }).ToList();
        var expectedFiltered = (from o in data.Orders
                                join c in data.Customers on o.CustomerId equals c.Id into cs
                                from c in cs.DefaultIfEmpty()
                                where o.Total > 1m
                                orderby o.Id descending
                                select new { o.Id, Name = c == null ? "-" : c.Name }).ToList();
        Assert.That(filtered, Is.EqualTo(expectedFiltered));
        Assert.That(expectedFiltered.Count(x => x.Name == "-"), Is.EqualTo(2));

        var perRegion = (from o in db.Table<JoinOrder>()
                         join c in db.Table<JoinCustomer>() on o.CustomerId equals c.Id into cs
                         from c in cs.DefaultIfEmpty()
                         group o by o.Region into g
                         select new { g.Key, Count = g.Count(), Top = g.Max(x => x.Id) }).ToList();
        var expectedPerRegion = (from o in data.Orders
                                 join c in data.Customers on o.CustomerId equals c.Id into cs
                                 from c in cs.DefaultIfEmpty()
                                 group o by o.Region into g
                                 select new { g.Key, Count = g.Count(), Top = g.Max(x => x.Id) }).ToList();
        Assert.That(perRegion, Is.EquivalentTo(expectedPerRegion));

        // The group carried in the transparent identifier has no SQL form: a later clause that reads it throws, naming it.
        var usesGroup = Assert.Throws<NotSupportedException>(() => (from o in db.Table<JoinOrder>()
                                                                    join c in db.Table<JoinCustomer>() on o.CustomerId equals c.Id into cs
                                                                    from c in cs.DefaultIfEmpty()
                                                                    where cs.Count() > 0
                                                                    select o.Id).ToList());
        Assert.That(usesGroup!.Message, Does.Contain("uses the group 'cs'"));
    }

    [Test]
    public void RightJoin_and_grouping_over_a_left_join_compare_keys_as_stored([Values] bool sqliteNet)
    {
        var data = OpenJoinData(sqliteNet);
        var db = data.Db;

        // Decimal keys of every scale and DateTime keys of every kind match as LINQ's do.
        var byTotal = db.Table<JoinOrder>().RightJoin(db.Table<JoinCustomer>(), o => o.Total, c => c.Credit, (o, c) => new { c.Name, Order = o == null ? 0 : o.Id }).ToList();
        Assert.That(byTotal, Is.EquivalentTo(data.Orders.RightJoin(data.Customers, o => o.Total, c => c.Credit, (o, c) => new { c.Name, Order = o == null ? 0 : o.Id })));
        var byDay = db.Table<JoinOrder>().RightJoin(db.Table<JoinCustomer>(), o => o.Placed, c => c.Since, (o, c) => new { c.Name, Order = o == null ? 0 : o.Id }).ToList();
        Assert.That(byDay, Is.EquivalentTo(data.Orders.RightJoin(data.Customers, o => o.Placed, c => c.Since, (o, c) => new { c.Name, Order = o == null ? 0 : o.Id })));

        // A key read from a left-joined row that may be missing: test the row first, as in memory.
        var perRegion = (from o in db.Table<JoinOrder>()
                         join c in db.Table<JoinCustomer>() on o.CustomerId equals c.Id into cs
                         from c in cs.DefaultIfEmpty()
                         group o by c == null ? "none" : c.Region into g
                         select new { g.Key, Count = g.Count(), Items = g.Sum(x => x.Id) }).ToList();
        var expected = (from o in data.Orders
                        join c in data.Customers on o.CustomerId equals c.Id into cs
                        from c in cs.DefaultIfEmpty()
                        group o by c == null ? "none" : c.Region into g
                        select new { g.Key, Count = g.Count(), Items = g.Sum(x => x.Id) }).ToList();
        Assert.That(perRegion, Is.EquivalentTo(expected));
        Assert.That(expected.Single(x => x.Key == "none").Count, Is.EqualTo(2), "the order without a customer and the one whose customer does not exist");
    }

    [Test]
    public async Task Joins_reject_bad_arguments_with_typed_errors()
    {
        var data = OpenJoinData(sqliteNet: false);
        var db = data.Db;
        var other = Open(Path.Combine(Path.GetDirectoryName(DatabasePath)!, "other-joins.db"));
        other.CreateTable<JoinCustomer>();
        var orders = db.Table<JoinOrder>();

        var elsewhere = Assert.Throws<ArgumentException>(() => orders.RightJoin(other.Table<JoinCustomer>(), o => o.CustomerId, c => (int?)c.Id, (o, c) => c.Name));
        Assert.That(elsewhere!.Message, Does.Contain("join_customers").And.Contain("another connection"));
        Assert.Throws<ArgumentNullException>(() => orders.RightJoin<JoinCustomer, int?, string>(null!, o => o.CustomerId, c => c.Id, (o, c) => c.Name));
        Assert.Throws<ArgumentNullException>(() => orders.GroupBy(o => o.Region, (System.Linq.Expressions.Expression<Func<JoinOrder, int>>)null!));
        var joined = orders.Join(db.Table<JoinCustomer>(), o => o.CustomerId, c => c.Id, (o, c) => new { o, c });
        Assert.Throws<ArgumentNullException>(() => joined.GroupBy<string?>(null!));

        await using var asyncDb = OpenAsyncJoinData(sqliteNet: false);
        await using var asyncOther = new MicroDbAsyncConnection(Configure(new MicroDbOptions(Path.Combine(Path.GetDirectoryName(DatabasePath)!, "other-joins.db")) { Mapping = Mode }));
        var asyncElsewhere = Assert.Throws<ArgumentException>(() => asyncDb.Table<JoinOrder>().Join(asyncOther.Table<JoinCustomer>(), o => o.CustomerId, c => c.Id, (o, c) => c.Name));
        Assert.That(asyncElsewhere!.Message, Does.Contain("another connection"));
        var asyncJoined = asyncDb.Table<JoinOrder>().Join(asyncDb.Table<JoinLine>(), o => o.Id, l => l.OrderId, (o, l) => new { o.CustomerId, l.Sku });
        var rightAfterJoin = Assert.Throws<NotSupportedException>(() => asyncJoined.Take(1).RightJoin(asyncDb.Table<JoinCustomer>(), x => x.CustomerId, c => (int?)c.Id, (x, c) => c.Name));
        Assert.That(rightAfterJoin!.Message, Does.Contain("RightJoin after Skip or Take"));
        Assert.That(db.Table<JoinOrder>().Count(), Is.EqualTo(data.Orders.Count), "nothing stored is touched");
    }

    [Test]
    public void GroupBy_with_an_element_selector_aggregates_the_elements([Values] bool sqliteNet)
    {
        var data = OpenJoinData(sqliteNet);
        var db = data.Db;
        var actual = (from l in db.Table<JoinLine>()
                      group l.Quantity by l.Sku into g
                      select new { g.Key, Total = g.Sum(), Max = g.Max(), Average = g.Average(), Small = g.Count(q => q < 3), Doubled = g.Sum(q => q * 2) }).ToList();
        var expected = (from l in data.Lines
                        group l.Quantity by l.Sku into g
                        select new { g.Key, Total = g.Sum(), Max = g.Max(), Average = g.Average(), Small = g.Count(q => q < 3), Doubled = g.Sum(q => q * 2) }).ToList();
        Assert.That(actual, Is.EquivalentTo(expected));

        var decimals = Assert.Throws<NotSupportedException>(() => db.Table<JoinLine>().GroupBy(l => l.Sku, l => (decimal)l.Quantity).Select(g => g.Sum()));
        Assert.That(decimals!.Message, Does.Contain("Sum of a decimal").And.Contain("decimal member"));
    }

    [Test]
    public void GroupBy_date_parts_matches_linq([Values] bool sqliteNet)
    {
        var data = OpenJoinData(sqliteNet);
        var db = data.Db;
        db.Insert(new JoinOrder { CustomerId = 1, Total = 3m, Placed = new DateTime(2025, 3, 5, 23, 0, 0, DateTimeKind.Utc) });
        db.Insert(new JoinOrder { CustomerId = 2, Total = 4m, Placed = new DateTime(2024, 11, 5, 1, 0, 0, DateTimeKind.Utc) });
        var orders = db.Table<JoinOrder>().ToList();

        var byYear = db.Table<JoinOrder>().GroupBy(o => o.Placed.Year).Select(g => new { Year = g.Key, Count = g.Count() }).ToList();
        Assert.That(byYear, Is.EquivalentTo(orders.GroupBy(o => o.Placed.Year).Select(g => new { Year = g.Key, Count = g.Count() })));

        var byMonth = db.Table<JoinOrder>().GroupBy(o => new { o.Placed.Year, o.Placed.Month })
            .Select(g => new { g.Key.Year, g.Key.Month, Count = g.Count() }).OrderBy(x => x.Year).ThenBy(x => x.Month).ToList();
        var expectedMonth = orders.GroupBy(o => new { o.Placed.Year, o.Placed.Month })
            .Select(g => new { g.Key.Year, g.Key.Month, Count = g.Count() }).OrderBy(x => x.Year).ThenBy(x => x.Month).ToList();
        Assert.That(byMonth, Is.EqualTo(expectedMonth));

        var byDay = db.Table<JoinOrder>().GroupBy(o => o.Placed.Day).Select(g => new { Day = g.Key, Ids = g.Sum(x => x.Id) }).ToList();
        Assert.That(byDay, Is.EquivalentTo(orders.GroupBy(o => o.Placed.Day).Select(g => new { Day = g.Key, Ids = g.Sum(x => x.Id) })));
        Assert.That(byYear, Has.Count.EqualTo(2));
    }

    [Test]
    public void GroupBy_translated_expressions_match_linq([Values] bool sqliteNet)
    {
        var data = OpenJoinData(sqliteNet);
        var db = data.Db;

        var byLength = db.Table<JoinCustomer>().GroupBy(c => c.Name.Length + (c.Region == null ? 0 : c.Region.Length)).Select(g => new { g.Key, Count = g.Count() }).ToList();
        Assert.That(byLength, Is.EquivalentTo(data.Customers.GroupBy(c => c.Name.Length + (c.Region == null ? 0 : c.Region.Length)).Select(g => new { g.Key, Count = g.Count() })));

        var byFlag = db.Table<JoinOrder>().GroupBy(o => new { Big = o.Total > 5m, Odd = o.Id % 2 == 1 }).Select(g => new { g.Key.Big, g.Key.Odd, Count = g.Count() }).ToList();
        Assert.That(byFlag, Is.EquivalentTo(data.Orders.GroupBy(o => new { Big = o.Total > 5m, Odd = o.Id % 2 == 1 }).Select(g => new { g.Key.Big, g.Key.Odd, Count = g.Count() })));

        var byPrefix = db.Table<JoinLine>().GroupBy(l => l.Sku.ToUpper()).Select(g => new { g.Key, Total = g.Sum(x => x.Quantity) }).ToList();
        Assert.That(byPrefix, Is.EquivalentTo(data.Lines.GroupBy(l => l.Sku.ToUpper()).Select(g => new { g.Key, Total = g.Sum(x => x.Quantity) })));

        var byDate = db.Table<JoinOrder>().GroupBy(o => o.Placed.Date).Select(g => new { g.Key, Count = g.Count() }).ToList();
        Assert.That(byDate, Is.EquivalentTo(data.Orders.GroupBy(o => o.Placed.Date).Select(g => new { g.Key, Count = g.Count() })));
    }

    [Test]
    public void GroupBy_over_a_join_rejects_what_it_cannot_translate_naming_it()
    {
        var data = OpenJoinData(sqliteNet: false);
        var db = data.Db;
        var joined = db.Table<JoinOrder>().Join(db.Table<JoinCustomer>(), o => o.CustomerId, c => c.Id, (o, c) => new { o, c });

        var ordered = Assert.Throws<NotSupportedException>(() => joined.OrderBy(x => x.o.Id).GroupBy(x => x.c.Region));
        Assert.That(ordered!.Message, Does.Contain("GroupBy after OrderBy"));

        var limited = Assert.Throws<NotSupportedException>(() => joined.Take(3).GroupBy(x => x.c.Region));
        Assert.That(limited!.Message, Does.Contain("GroupBy after Skip or Take"));

        // A decimal sum is exact (MicroDb's aggregate function), also in a condition, but arithmetic on it would run as REAL.
        var decimalHaving = Assert.Throws<NotSupportedException>(() => joined.GroupBy(x => x.c.Region).Where(g => g.Sum(x => x.o.Total) - 1m > 1m));
        Assert.That(decimalHaving!.Message, Does.Contain("g.Sum(x => x.o.Total)"));

        var first = Assert.Throws<NotSupportedException>(() => joined.GroupBy(x => x.c.Region, x => x.o).Select(g => g.First().Id));
        Assert.That(first!.Message, Does.Contain("'First' over a group"));
        Assert.That(db.Table<JoinOrder>().Count(), Is.EqualTo(data.Orders.Count), "nothing stored is touched");
    }

    private MicroDbAsyncConnection OpenAsyncJoinData(bool sqliteNet)
    {
        var options = Configure(new MicroDbOptions(DatabasePath) { Mapping = Mode });
        if (sqliteNet)
        {
            options.Storage = StorageFormat.SqliteNet();
        }

        return new MicroDbAsyncConnection(options);
    }

    [Test]
    public async Task Async_joins_match_the_sync_queries([Values] bool sqliteNet)
    {
        var data = OpenJoinData(sqliteNet);
        var staff = AddEmployees(data.Db);
        await using var db = OpenAsyncJoinData(sqliteNet);

        var query = from o in db.Table<JoinOrder>()
                    join c in db.Table<JoinCustomer>() on o.CustomerId equals c.Id
                    join l in db.Table<JoinLine>() on o.Id equals l.OrderId
                    where l.Quantity > 1
                    orderby l.Id
                    select new { c.Name, l.Sku, l.Quantity };
        var expected = (from o in data.Orders
                        join c in data.Customers on o.CustomerId equals c.Id
                        join l in data.Lines on o.Id equals l.OrderId
                        where l.Quantity > 1
                        orderby l.Id
                        select new { c.Name, l.Sku, l.Quantity }).ToList();
        Assert.That(await query.ToListAsync(), Is.EqualTo(expected));
        Assert.That(await query.ToArrayAsync(), Is.EqualTo(expected.ToArray()));
        Assert.That(await query.FirstAsync(), Is.EqualTo(expected[0]));
        Assert.That(await query.FirstOrDefaultAsync(x => x.Quantity > 100), Is.Null);
        Assert.That(await query.CountAsync(), Is.EqualTo(expected.Count));
        Assert.That(await query.LongCountAsync(), Is.EqualTo(expected.Count));
        Assert.That(await query.AnyAsync(x => x.Sku == "c"), Is.True);
        Assert.That(await query.Skip(1).Take(1).ToListAsync(), Is.EqualTo(expected.Skip(1).Take(1).ToList()));
        var streamed = new List<string>();
        await foreach (var row in query)
        {
            streamed.Add(row.Sku);
        }

        Assert.That(streamed, Is.EqualTo(expected.Select(x => x.Sku)));

        var left = await (from o in db.Table<JoinOrder>()
                          join c in db.Table<JoinCustomer>() on o.CustomerId equals c.Id into cs
                          from c in cs.DefaultIfEmpty()
                          select new { o.Id, Name = c == null ? null : c.Name }).ToListAsync();
        var expectedLeft = (from o in data.Orders
                            join c in data.Customers on o.CustomerId equals c.Id into cs
                            from c in cs.DefaultIfEmpty()
                            select new { o.Id, Name = c == null ? null : c.Name }).ToList();
        Assert.That(left, Is.EquivalentTo(expectedLeft));

        var right = await db.Table<JoinOrder>()
            .RightJoin(db.Table<JoinCustomer>(), o => o.CustomerId, c => (int?)c.Id, (o, c) => new { Order = o == null ? 0 : o.Id, c.Name })
            .ToListAsync();
        Assert.That(right, Is.EquivalentTo(data.Orders.RightJoin(data.Customers, o => o.CustomerId, c => (int?)c.Id, (o, c) => new { Order = o == null ? 0 : o.Id, c.Name })));

        var bosses = await db.Table<JoinEmployee>()
            .LeftJoin(db.Table<JoinEmployee>(), e => e.ManagerId, m => (int?)m.Id, (e, m) => new { e.Name, Boss = m == null ? null : m.Name })
            .ToListAsync();
        Assert.That(bosses, Is.EquivalentTo(staff.LeftJoin(staff, e => e.ManagerId, m => (int?)m.Id, (e, m) => new { e.Name, Boss = m == null ? null : m.Name })));
    }

    [Test]
    public async Task Async_grouping_matches_the_sync_queries([Values] bool sqliteNet)
    {
        var data = OpenJoinData(sqliteNet);
        await using var db = OpenAsyncJoinData(sqliteNet);

        var perRegion = from o in db.Table<JoinOrder>()
                        join c in db.Table<JoinCustomer>() on o.CustomerId equals c.Id
                        group o by c.Region into g
                        orderby g.Count() descending, g.Key
                        select new { g.Key, Count = g.Count(), Last = g.Max(x => x.Id) };
        var expected = (from o in data.Orders
                        join c in data.Customers on o.CustomerId equals c.Id
                        group o by c.Region into g
                        orderby g.Count() descending, g.Key
                        select new { g.Key, Count = g.Count(), Last = g.Max(x => x.Id) }).ToList();
        Assert.That(await perRegion.ToListAsync(), Is.EqualTo(expected));
        Assert.That(await perRegion.FirstAsync(), Is.EqualTo(expected[0]));
        Assert.That(await perRegion.CountAsync(), Is.EqualTo(expected.Count));
        Assert.That(await perRegion.Where(x => x.Count > 100).FirstOrDefaultAsync(), Is.Null);

        var lines = db.Table<JoinLine>().GroupBy(l => l.OrderId);
        Assert.That(await lines.CountAsync(), Is.EqualTo(data.Lines.Select(l => l.OrderId).Distinct().Count()));
        var totals = new List<int>();
        await foreach (var total in lines.Select(g => g.Sum(x => x.Quantity)))
        {
            totals.Add(total);
        }

        Assert.That(totals, Is.EquivalentTo(data.Lines.GroupBy(l => l.OrderId).Select(g => g.Sum(x => x.Quantity))));
        var skus = await db.Table<JoinLine>().GroupBy(l => l.Sku, l => l.Quantity).Select(g => new { g.Key, Total = g.Sum() }).ToArrayAsync();
        Assert.That(skus, Is.EquivalentTo(data.Lines.GroupBy(l => l.Sku, l => l.Quantity).Select(g => new { g.Key, Total = g.Sum() })));
    }

    [Test]
    public async Task Async_joins_and_grouping_honour_a_cancelled_token()
    {
        OpenJoinData(sqliteNet: false);
        await using var db = OpenAsyncJoinData(sqliteNet: false);
        using var cancelled = new CancellationTokenSource();
        await cancelled.CancelAsync();
        var joined = db.Table<JoinOrder>().Join(db.Table<JoinCustomer>(), o => o.CustomerId, c => c.Id, (o, c) => new { o.Id, c.Name });
        var grouped = db.Table<JoinOrder>().GroupBy(o => o.Region).Select(g => new { g.Key, Count = g.Count() });

        Assert.That(async () => await joined.ToListAsync(cancelled.Token), Throws.InstanceOf<OperationCanceledException>());
        Assert.That(async () => await joined.CountAsync(cancelled.Token), Throws.InstanceOf<OperationCanceledException>());
        Assert.That(async () => await joined.FirstOrDefaultAsync(cancelled.Token), Throws.InstanceOf<OperationCanceledException>());
        Assert.That(async () => await grouped.ToListAsync(cancelled.Token), Throws.InstanceOf<OperationCanceledException>());
        Assert.That(async () => await grouped.CountAsync(cancelled.Token), Throws.InstanceOf<OperationCanceledException>());
        Assert.That(async () =>
        {
            await foreach (var _ in joined.WithCancellation(cancelled.Token))
            {
            }
        }, Throws.InstanceOf<OperationCanceledException>());
        Assert.That(await joined.CountAsync(), Is.EqualTo(5), "the pool still works");
    }

    [Test]
    public async Task Cancelling_a_running_async_join_interrupts_it()
    {
        var sync = Open();
        sync.CreateTable<JoinLine>();
        sync.InsertAll(Enumerable.Range(0, 20_000).Select(i => new JoinLine { OrderId = 1, Sku = "s" + i, Quantity = i }));
        await using var db = OpenAsyncJoinData(sqliteNet: false);
        using var cts = new CancellationTokenSource();

        // 400 million pairs to count: many seconds of work, which only the interrupt ends within the bound. (With 25
        // million, under a full parallel test run the count, under a second here, finished before a 100 ms timer's
        // callback got a thread-pool thread, so nothing was cancelled.) The cancel comes from a thread of its own.
        var lines = db.Table<JoinLine>();
        var run = Task.Run(async () => await lines.Join(lines, a => a.OrderId, b => b.OrderId, (a, b) => a.Quantity + b.Quantity).CountAsync(x => x > -1, cts.Token));
        var canceller = new Thread(() =>
        {
            Thread.Sleep(100);
            cts.Cancel();
        }) { IsBackground = true };
        canceller.Start();
        Assert.That(await Task.WhenAny(run, Task.Delay(TimeSpan.FromSeconds(60))), Is.SameAs(run), "the join was not interrupted");
        Assert.That(async () => await run, Throws.InstanceOf<OperationCanceledException>());
        canceller.Join();
        Assert.That(await lines.CountAsync(), Is.EqualTo(20_000), "a reader was given back");
    }
}
