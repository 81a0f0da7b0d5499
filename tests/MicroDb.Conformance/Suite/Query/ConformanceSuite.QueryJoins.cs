using MicroDb.Conformance.Models;

namespace MicroDb.Conformance;

// Joins (issue 22, run-time front end): every query is run against LINQ-to-Objects over the rows read back from the
// same tables (duplicate keys, null keys, keys that match nothing), on both storage formats. The bodies that behave the
// same on PostgreSQL are in the portable suite (Portable/PortableSuite.Joins.cs, .Grouping.cs): the default storage
// format runs them there, sqlite-net's storage format here (Portable_relational_body_under_sqlite_nets_storage).
public abstract partial class ConformanceSuite
{
    private static readonly DateTime JoinDay = new(2024, 3, 5, 6, 7, 8, DateTimeKind.Utc);

    private sealed record JoinData(MicroDbConnection Db, List<JoinOrder> Orders, List<JoinCustomer> Customers, List<JoinLine> Lines);

    private JoinData OpenJoinData(bool sqliteNet)
    {
        var db = Open(tweak: o =>
        {
            if (sqliteNet)
            {
                o.Storage = StorageFormat.SqliteNet();
            }
        });
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
            new JoinOrder { CustomerId = 99, Region = null, Total = 7.0m, Placed = DateTime.SpecifyKind(JoinDay.AddDays(4), DateTimeKind.Local) },
            new JoinOrder { CustomerId = 3, Region = "east", Total = 10.25m, Placed = JoinDay.AddDays(7) },
            new JoinOrder { CustomerId = 4, Region = "north", Total = 0.5m, Placed = DateTime.SpecifyKind(JoinDay.AddDays(3), DateTimeKind.Unspecified) },
        });
        db.InsertAll(new[]
        {
            new JoinLine { OrderId = 1, Sku = "a", Quantity = 1 },
            new JoinLine { OrderId = 1, Sku = "b", Quantity = 2 },
            new JoinLine { OrderId = 2, Sku = "a", Quantity = 3 },
            new JoinLine { OrderId = 6, Sku = "c", Quantity = 4 },
            new JoinLine { OrderId = 42, Sku = "d", Quantity = 5 },
        });
        return new JoinData(db, db.Table<JoinOrder>().ToList(), db.Table<JoinCustomer>().ToList(), db.Table<JoinLine>().ToList());
    }

    private static IEnumerable<string> PortableRelationalBodies() => Portable.PortableSuite.RelationalBodies.Keys;

    [TestCaseSource(nameof(PortableRelationalBodies))]
    public void Portable_relational_body_under_sqlite_nets_storage(string body) =>
        Portable.PortableSuite.RelationalBodies[body](new Portable.SqlitePortableDb(Open(tweak: o => o.Storage = StorageFormat.SqliteNet()), null));

    [Test]
    public void Join_sql_qualifies_columns_by_table_alias()
    {
        var data = OpenJoinData(sqliteNet: false);
        var query = data.Db.Table<JoinOrder>().Join(data.Db.Table<JoinCustomer>(), o => o.CustomerId, c => (int?)c.Id, (o, c) => new { o.Id, c.Name });
        // A nullable key compares with IS (C#'s null == null), and IS NOT NULL drops the null keys LINQ's Join never matches.
        Assert.That(query.ToSqlString(), Is.EqualTo(
            "SELECT \"t0\".\"Id\", \"t1\".\"Name\" FROM \"join_orders\" AS \"t0\" INNER JOIN \"join_customers\" AS \"t1\" "
            + "ON ((\"t0\".\"CustomerId\" IS \"t1\".\"Id\") AND (\"t0\".\"CustomerId\" IS NOT NULL))"));
    }

    [Test]
    public void Join_on_datetime_key_compares_as_stored([Values] bool sqliteNet)
    {
        var data = OpenJoinData(sqliteNet);
        var actual = data.Db.Table<JoinOrder>()
            .Join(data.Db.Table<JoinCustomer>(), o => o.Placed, c => c.Since, (o, c) => new { o.Id, c.Name })
            .ToList();
        var expected = data.Orders.Join(data.Customers, o => o.Placed, c => c.Since, (o, c) => new { o.Id, c.Name }).ToList();
        Assert.That(actual, Is.EquivalentTo(expected));
        Assert.That(expected, Has.Count.EqualTo(5), "the kind plays no part: the unspecified and local times match the UTC ones of the same ticks");
    }

    [Test]
    public void Join_composite_key_matches_null_members_as_linq_does([Values] bool sqliteNet)
    {
        var data = OpenJoinData(sqliteNet);
        var actual = data.Db.Table<JoinOrder>()
            .Join(data.Db.Table<JoinCustomer>(), o => new { o.Region, Key = o.CustomerId }, c => new { c.Region, Key = (int?)c.Id }, (o, c) => new { o.Id, c.Name })
            .ToList();
        var expected = data.Orders.Join(data.Customers, o => new { o.Region, Key = o.CustomerId }, c => new { c.Region, Key = (int?)c.Id }, (o, c) => new { o.Id, c.Name }).ToList();
        Assert.That(actual, Is.EquivalentTo(expected));
        Assert.That(expected, Is.Not.Empty);
    }

    [Test]
    public void LeftJoin_composite_key_matches_null_members_as_linq_does([Values] bool sqliteNet)
    {
        // LINQ-to-Objects' LeftJoin looks an anonymous key up as Join does: a null member matches a null member.
        var data = OpenJoinData(sqliteNet);
        var actual = data.Db.Table<JoinOrder>()
            .LeftJoin(data.Db.Table<JoinCustomer>(), o => new { o.Region, Key = o.CustomerId }, c => new { c.Region, Key = (int?)c.Id }, (o, c) => new { o.Id, Name = c == null ? null : c.Name })
            .ToList();
        var expected = data.Orders.LeftJoin(data.Customers, o => new { o.Region, Key = o.CustomerId }, c => new { c.Region, Key = (int?)c.Id }, (o, c) => new { o.Id, Name = c == null ? null : c.Name }).ToList();
        Assert.That(actual, Is.EquivalentTo(expected));
        Assert.That(expected.Count(x => x.Name is null), Is.GreaterThan(0), "orders with no customer of the same key and region are kept");
        Assert.That(expected.Count(x => x.Name is not null), Is.GreaterThan(0));
    }

    [Test]
    public void GroupJoin_and_RightJoin_on_a_composite_key_match_linq([Values] bool sqliteNet)
    {
        var data = OpenJoinData(sqliteNet);
        var db = data.Db;
        var grouped = (from o in db.Table<JoinOrder>()
                       join c in db.Table<JoinCustomer>() on new { o.Region, Key = o.CustomerId } equals new { c.Region, Key = (int?)c.Id } into g
                       from c in g.DefaultIfEmpty()
                       select new { o.Id, Name = c == null ? null : c.Name }).ToList();
        var groupedExpected = (from o in data.Orders
                               join c in data.Customers on new { o.Region, Key = o.CustomerId } equals new { c.Region, Key = (int?)c.Id } into g
                               from c in g.DefaultIfEmpty()
                               select new { o.Id, Name = c == null ? null : c.Name }).ToList();
        Assert.That(grouped, Is.EquivalentTo(groupedExpected));

        var right = db.Table<JoinOrder>()
            .RightJoin(db.Table<JoinCustomer>(), o => new { o.Region, Key = o.CustomerId }, c => new { c.Region, Key = (int?)c.Id }, (o, c) => new { c.Name, Order = o == null ? -1 : o.Id })
            .ToList();
        var rightExpected = data.Orders
            .RightJoin(data.Customers, o => new { o.Region, Key = o.CustomerId }, c => new { c.Region, Key = (int?)c.Id }, (o, c) => new { c.Name, Order = o == null ? -1 : o.Id })
            .ToList();
        Assert.That(right, Is.EquivalentTo(rightExpected));
        Assert.That(rightExpected.Count(x => x.Order == -1), Is.GreaterThan(0), "customers with no order of the same key and region are kept");
    }

    [Test]
    public void Where_on_a_record_member_after_a_join_throws_naming_it([Values] bool sqliteNet)
    {
        // A positional record's property is set by its constructor, which the translator cannot see into without
        // reflecting over the record's type: filter before the join, or project into an anonymous type or initializer.
        var data = OpenJoinData(sqliteNet);
        var joined = data.Db.Table<JoinOrder>()
            .Join(data.Db.Table<JoinCustomer>(), o => o.CustomerId, c => c.Id, (o, c) => new JoinRow(o.Id, c.Name, o.Total));

        var error = Assert.Throws<NotSupportedException>(() => joined.Where(r => r.Total >= 2m));

        Assert.That(error!.Message, Does.Contain("'Total'").And.Contain("new JoinRow("));
    }

    [Test]
    public void Join_projects_into_a_mapped_type([Values] bool sqliteNet)
    {
        var data = OpenJoinData(sqliteNet);
        var actual = data.Db.Table<JoinOrder>()
            .Join(data.Db.Table<JoinCustomer>(), o => o.CustomerId, c => c.Id, (o, c) => new JoinCustomer { Id = o.Id, Name = c.Name, Credit = o.Total })
            .Where(x => x.Name == "Ann")
            .OrderBy(x => x.Id)
            .ToList();
        Assert.That(actual.Select(x => (x.Id, x.Name, x.Credit)), Is.EqualTo(new[] { (1, "Ann", 1.50m), (2, "Ann", 20m) }));
    }

    // Counting, paging and First over a join without a condition are in the portable suite (PortableSuite.Joins); here the
    // overloads that take a condition, which the PostgreSQL join query does not have.
    [Test]
    public void Join_count_first_and_any_with_a_condition([Values] bool sqliteNet)
    {
        var data = OpenJoinData(sqliteNet);
        var query = data.Db.Table<JoinOrder>()
            .Join(data.Db.Table<JoinCustomer>(), o => o.CustomerId, c => c.Id, (o, c) => new { o.Id, c.Name })
            .OrderBy(x => x.Id);
        var expected = data.Orders.Join(data.Customers, o => o.CustomerId, c => c.Id, (o, c) => new { o.Id, c.Name }).OrderBy(x => x.Id).ToList();
        Assert.That(query.Count(x => x.Name == "Ann"), Is.EqualTo(expected.Count(x => x.Name == "Ann")));
        Assert.That(query.First(x => x.Name == "Cid"), Is.EqualTo(expected.First(x => x.Name == "Cid")));
        Assert.That(query.FirstOrDefault(x => x.Name == "nobody"), Is.Null);
        Assert.That(query.Any(x => x.Name == "Dee"), Is.True);
        Assert.That(query.Any(x => x.Name == "Eve"), Is.False, "Eve has no order");
        Assert.That(query.Select(x => x.Name).ToArray(), Is.EqualTo(expected.Select(x => x.Name).ToArray()));
    }

    [Test]
    public void GroupJoin_with_DefaultIfEmpty_in_query_syntax_is_a_left_join([Values] bool sqliteNet)
    {
        var data = OpenJoinData(sqliteNet);
        var db = data.Db;
        var query = from o in db.Table<JoinOrder>()
                    join c in db.Table<JoinCustomer>() on o.CustomerId equals c.Id into g
                    from c in g.DefaultIfEmpty()
                    select new { o.Id, Name = c == null ? "(none)" : c.Name, o.Total };
        var expected = (from o in data.Orders
                        join c in data.Customers on o.CustomerId equals c.Id into g
                        from c in g.DefaultIfEmpty()
                        select new { o.Id, Name = c == null ? "(none)" : c.Name, o.Total }).ToList();
        Assert.That(query.ToSqlString(), Does.Contain(" LEFT JOIN "));
        // The null test reads no column of the customer: only the member read, then the row's presence column (rowid).
        Assert.That(query.ToSqlString(), Does.StartWith("SELECT \"t0\".\"Id\", \"t0\".\"Total\", \"t1\".\"Name\", \"t1\".rowid FROM "));
        Assert.That(query.OrderBy(x => x.Id).ToList(), Is.EqualTo(expected.OrderBy(x => x.Id).ToList()));
        Assert.That(expected.Count(x => x.Name == "(none)"), Is.EqualTo(2));
    }

    [Test]
    public void GroupJoin_flattened_without_DefaultIfEmpty_is_an_inner_join([Values] bool sqliteNet)
    {
        var data = OpenJoinData(sqliteNet);
        var db = data.Db;
        var query = from o in db.Table<JoinOrder>()
                    join c in db.Table<JoinCustomer>() on o.CustomerId equals c.Id into g
                    from c in g
                    select new { o.Id, c.Name };
        var expected = (from o in data.Orders
                        join c in data.Customers on o.CustomerId equals c.Id into g
                        from c in g
                        select new { o.Id, c.Name }).ToList();
        Assert.That(query.ToSqlString(), Does.Contain(" INNER JOIN "));
        Assert.That(query.ToList(), Is.EquivalentTo(expected));
    }

    [Test]
    public void GroupJoin_rejects_a_group_used_any_other_way()
    {
        var data = OpenJoinData(sqliteNet: false);
        var db = data.Db;
        var grouped = db.Table<JoinOrder>().GroupJoin(db.Table<JoinCustomer>(), o => o.CustomerId, c => c.Id, (o, g) => new { o, g });
        var other = Assert.Throws<NotSupportedException>(() => grouped.SelectMany(x => x.g.Where(c => c.Id > 1), (x, c) => x.o.Id));
        Assert.That(other!.Message, Does.Contain("SelectMany").And.Contain("DefaultIfEmpty"));
        var usesGroup = Assert.Throws<NotSupportedException>(() => grouped.SelectMany(x => x.g, (x, c) => x.g.Count()));
        Assert.That(usesGroup!.Message, Does.Contain("uses the group 'g'"));
    }

    [Test]
    public void LeftJoin_reading_a_member_of_a_missing_row_throws_as_linq_does()
    {
        var data = OpenJoinData(sqliteNet: false);
        var query = data.Db.Table<JoinOrder>()
            .LeftJoin(data.Db.Table<JoinCustomer>(), o => o.CustomerId, c => c.Id, (o, c) => new { o.Id, c!.Name });
        Assert.Throws<NullReferenceException>(() => data.Orders.LeftJoin(data.Customers, o => o.CustomerId, c => c.Id, (o, c) => new { o.Id, c!.Name }).ToList());
        var error = Assert.Throws<NullReferenceException>(() => query.ToList());
        Assert.That(error!.Message, Does.Contain("c.Name").And.Contain("left join"));
    }

    [Test]
    public void Join_rejects_what_it_cannot_translate_naming_it()
    {
        var data = OpenJoinData(sqliteNet: false);
        var db = data.Db;
        var orders = db.Table<JoinOrder>();
        var customers = db.Table<JoinCustomer>();

        var key = Assert.Throws<NotSupportedException>(() => orders.Join(customers, o => o.Region!.GetHashCode(), c => c.Id, (o, c) => o.Id));
        Assert.That(key!.Message, Does.Contain("GetHashCode"));

        var ordered = Assert.Throws<NotSupportedException>(() => orders.OrderBy(o => o.Id).Join(customers, o => o.CustomerId, c => c.Id, (o, c) => o.Id));
        Assert.That(ordered!.Message, Does.Contain("ordered or limited"));

        var joined = orders.Join(customers, o => o.CustomerId, c => c.Id, (o, c) => new { o.Id, c.Name });
        var afterTake = Assert.Throws<NotSupportedException>(() => joined.Take(1).Where(x => x.Id > 1));
        Assert.That(afterTake!.Message, Does.Contain("Where after Skip or Take"));


        var left = orders.LeftJoin(customers, o => o.CustomerId, c => c.Id, (o, c) => new { o, c });
        var missing = left.Select(x => new { x.o.Id, Missing = x.c == null }).ToList();
        Assert.That(missing.Count(x => x.Missing), Is.EqualTo(2), "the joined row is tested in the result");

        var then = Assert.Throws<InvalidOperationException>(() => joined.ThenBy(x => x.Id));
        Assert.That(then!.Message, Does.Contain("ThenBy"));
        Assert.That(db.Table<JoinOrder>().Count(), Is.EqualTo(data.Orders.Count), "nothing stored is touched");
    }
}
