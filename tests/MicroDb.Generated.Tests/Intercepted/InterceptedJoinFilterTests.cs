using MicroDb.Conformance.Models;
using MicroDb.Query;

namespace MicroDb.Generated.Tests.Intercepted;

/// <summary>
/// A joined table's own Where (<c>db.Table&lt;TInner&gt;().Where(...)</c> passed to Join or LeftJoin) is intercepted
/// (issue 22): the run time ANDs it to the ON condition, and the intercepted run gives the same SQL, values (ON's first)
/// and rows as the run-time path and LINQ-to-Objects, on both mapping paths and storage formats. So is a composite key
/// (<c>on new { o.A, o.B } equals new { c.A, c.B }</c>) of an inner join, a left join and GroupJoin's left join.
/// </summary>
[TestFixture("generated", "microdb")]
[TestFixture("generated", "sqlite-net")]
[TestFixture("reflection", "microdb")]
[TestFixture("reflection", "sqlite-net")]
public class InterceptedJoinFilterTests : InterceptedTestBase
{
    private List<JoinOrder> _orders = null!;
    private List<JoinCustomer> _customers = null!;

    public InterceptedJoinFilterTests(string mapping, string format)
        : base(mapping, format)
    {
    }

    protected override void Seed()
    {
        _db.CreateTable<JoinCustomer>();
        _db.CreateTable<JoinOrder>();
        _db.InsertAll(new[]
        {
            new JoinCustomer { Name = "Ann", Region = "north" },
            new JoinCustomer { Name = "Bob", Region = "south" },
            new JoinCustomer { Name = "Cid", Region = "north" },
            new JoinCustomer { Name = "Dee", Region = null },
        });
        _db.InsertAll(new[]
        {
            new JoinOrder { CustomerId = 1, Region = "north" },
            new JoinOrder { CustomerId = 1, Region = "south" },
            new JoinOrder { CustomerId = 2, Region = null },
            new JoinOrder { CustomerId = null, Region = "north" },
            new JoinOrder { CustomerId = 99, Region = null },
            new JoinOrder { CustomerId = 3, Region = "east" },
            new JoinOrder { CustomerId = 4, Region = "west" },
        });
        _orders = _db.Table<JoinOrder>().ToList();
        _customers = _db.Table<JoinCustomer>().ToList();
    }

    [Test]
    public void Where_on_the_joined_table_is_intercepted_in_the_on_condition()
    {
        var before = InterceptionCheck.Runs;
        var min = 1;

        var intercepted = _db.Table<JoinOrder>().Join(_db.Table<JoinCustomer>().Where(c => c.Id > min), o => o.CustomerId, c => c.Id, (o, c) => new { Order = o.Id, c.Name }).ToList();
        var first = _seen[0];

        var runTime = _db.Table<JoinOrder>().Join(_db.Table<JoinCustomer>().Where(c => c.Id > min), o => o.CustomerId, c => c.Id, (o, c) => new { Order = o.Id, c.Name });
        Assert.That(first.Source, Is.EqualTo(StatementSource.Intercepted), Seen);
        Assert.That(first.Sql, Is.EqualTo(runTime.ToSqlString()));
        Assert.That(first.Sql, Is.EqualTo("SELECT \"t0\".\"Id\", \"t1\".\"Name\" FROM \"join_orders\" AS \"t0\" INNER JOIN \"join_customers\" AS \"t1\" ON (((\"t0\".\"CustomerId\" IS \"t1\".\"Id\") AND (\"t0\".\"CustomerId\" IS NOT NULL)) AND (\"t1\".\"Id\" > ?))"));
        Assert.That(intercepted, Is.EquivalentTo(_orders.Join(_customers.Where(c => c.Id > min), o => o.CustomerId, c => c.Id, (o, c) => new { Order = o.Id, c.Name })));
        Assert.That(InterceptionCheck.Runs - before, Is.EqualTo(1), "The check compared the intercepted run with the run-time path.");
    }

    [Test]
    public void Left_join_with_where_on_both_tables_binds_the_on_values_first()
    {
        var min = 1;
        var region = "south";

        var intercepted = _db.Table<JoinOrder>().Where(o => o.Id > min)
            .LeftJoin(_db.Table<JoinCustomer>().Where(c => c.Id > min).Where(c => c.Region != region), o => o.CustomerId, c => c.Id, (o, c) => new { Order = o.Id, Name = c == null ? null : c.Name })
            .Where(x => x.Order < 7).OrderBy(x => x.Order).ToList();
        var count = _db.Table<JoinOrder>().Join(_db.Table<JoinCustomer>().Where(c => c.Region == region), o => o.CustomerId, c => c.Id, (o, c) => new { o.Id, c.Name }).Count();

        Assert.That(Intercepted, Is.EqualTo(2), Seen);
        Assert.That(_seen[0].Sql, Does.Contain("ON ((((\"t0\".\"CustomerId\" IS \"t1\".\"Id\") AND (\"t0\".\"CustomerId\" IS NOT NULL)) AND (\"t1\".\"Id\" > ?)) AND (\"t1\".\"Region\" IS NOT ?)) WHERE (\"t0\".\"Id\" > ?) AND (\"t0\".\"Id\" < ?)"));
        var customers = _customers.Where(c => c.Id > min).Where(c => c.Region != region).ToList();
        Assert.That(intercepted, Is.EqualTo(_orders.Where(o => o.Id > min)
            .LeftJoin(customers, o => o.CustomerId, c => c.Id, (o, c) => new { Order = o.Id, Name = c == null ? null : c.Name })
            .Where(x => x.Order < 7).OrderBy(x => x.Order).ToList()));
        Assert.That(count, Is.EqualTo(_orders.Join(_customers.Where(c => c.Region == region), o => o.CustomerId, c => c.Id, (o, c) => o.Id).Count()));
    }

    [Test]
    public void A_null_value_in_the_joined_tables_where_runs_on_the_run_time_path()
    {
        string? region = null;

        var rows = _db.Table<JoinOrder>().Join(_db.Table<JoinCustomer>().Where(c => c.Region == region), o => o.CustomerId, c => c.Id, (o, c) => new { o.Id, c.Name }).ToList();

        Assert.That(Intercepted, Is.EqualTo(0), Seen);
        Assert.That(rows, Is.EquivalentTo(_orders.Join(_customers.Where(c => c.Region == region), o => o.CustomerId, c => c.Id, (o, c) => new { o.Id, c.Name })));
    }

    [Test]
    public void Composite_join_keys_are_intercepted_and_null_parts_match()
    {
        var before = InterceptionCheck.Runs;

        var intercepted = (from o in _db.Table<JoinOrder>()
                           join c in _db.Table<JoinCustomer>() on new { Id = o.CustomerId, o.Region } equals new { Id = (int?)c.Id, c.Region }
                           select new { Order = o.Id, c.Name }).ToList();
        var byRegion = _db.Table<JoinOrder>().Join(_db.Table<JoinCustomer>(), o => new { o.Region, One = o.Id, Two = o.Id }, c => new { c.Region, One = c.Id, Two = c.Id }, (o, c) => new { o.Id, c.Name }).Count();
        var regions = _db.Table<JoinOrder>().Join(_db.Table<JoinCustomer>(), o => new { o.Region }, c => new { c.Region }, (o, c) => new { o.Id, c.Name }).ToList();
        var sql = _seen[0].Sql;

        Assert.That(sql, Is.EqualTo("SELECT \"t0\".\"Id\", \"t1\".\"Name\" FROM \"join_orders\" AS \"t0\" INNER JOIN \"join_customers\" AS \"t1\" ON ((\"t0\".\"CustomerId\" IS \"t1\".\"Id\") AND (\"t0\".\"Region\" IS \"t1\".\"Region\"))"));
        Assert.That(Intercepted, Is.EqualTo(3), Seen);
        Assert.That(intercepted, Is.EquivalentTo(from o in _orders
                                                  join c in _customers on new { Id = o.CustomerId, o.Region } equals new { Id = (int?)c.Id, c.Region }
                                                  select new { Order = o.Id, c.Name }));
        Assert.That(byRegion, Is.EqualTo(_orders.Join(_customers, o => new { o.Region, One = o.Id }, c => new { c.Region, One = c.Id }, (o, c) => o.Id).Count()));
        Assert.That(regions, Is.EquivalentTo(_orders.Join(_customers, o => new { o.Region }, c => new { c.Region }, (o, c) => new { o.Id, c.Name })), "null regions match null regions");
        Assert.That(InterceptionCheck.Runs - before, Is.EqualTo(3), "The check compared each intercepted run with the run-time path.");
    }

    [Test]
    public void Composite_left_join_keys_are_intercepted_and_null_parts_match_as_linq_does()
    {
        var before = InterceptionCheck.Runs;
        var name = "Bob";

        var method = _db.Table<JoinOrder>()
            .LeftJoin(_db.Table<JoinCustomer>().Where(c => c.Name != name), o => new { Id = o.CustomerId, o.Region }, c => new { Id = (int?)c.Id, c.Region }, (o, c) => new { Order = o.Id, Name = c == null ? null : c.Name })
            .ToList();
        var grouped = (from o in _db.Table<JoinOrder>()
                       join c in _db.Table<JoinCustomer>() on new { o.Region } equals new { c.Region } into g
                       from c in g.DefaultIfEmpty()
                       select new { Order = o.Id, Name = c == null ? null : c.Name }).ToList();
        var sql = _seen[0].Sql;

        Assert.That(sql, Is.EqualTo("SELECT \"t0\".\"Id\", \"t1\".\"Name\", \"t1\".rowid FROM \"join_orders\" AS \"t0\" LEFT JOIN \"join_customers\" AS \"t1\" ON (((\"t0\".\"CustomerId\" IS \"t1\".\"Id\") AND (\"t0\".\"Region\" IS \"t1\".\"Region\")) AND (\"t1\".\"Name\" IS NOT ?))"));
        Assert.That(Intercepted, Is.EqualTo(2), Seen);
        Assert.That(InterceptionCheck.Runs - before, Is.EqualTo(2), "The check compared each intercepted run with the run-time path.");
        var expected = _orders.LeftJoin(_customers.Where(c => c.Name != name), o => new { Id = o.CustomerId, o.Region }, c => new { Id = (int?)c.Id, c.Region }, (o, c) => new { Order = o.Id, Name = c == null ? null : c.Name }).ToList();
        Assert.That(method, Is.EquivalentTo(expected));
        Assert.That(expected.Count(x => x.Name is not null), Is.EqualTo(1), "only order 1 matches its customer on both parts (Ann, north); the others are kept with no customer");
        Assert.That(expected, Has.Count.EqualTo(_orders.Count));
        Assert.That(grouped, Is.EquivalentTo(from o in _orders
                                              join c in _customers on new { o.Region } equals new { c.Region } into g
                                              from c in g.DefaultIfEmpty()
                                              select new { Order = o.Id, Name = c == null ? null : c.Name }));
        Assert.That(grouped.Count(x => x.Name == "Dee"), Is.EqualTo(2), "the two orders with a null region match Dee's null region");
    }

    [Test]
    public void Guid_join_keys_are_intercepted_and_match_the_run_time_path_and_linq()
    {
        _db.CreateTable<GuidKeyLeft>();
        _db.CreateTable<GuidKeyRight>();
        Guid[] pool = [Guid.Parse("00000000-0000-0000-0000-000000000001"), Guid.Parse("a0b1c2d3-e4f5-4607-8899-aabbccddeeff"), Guid.Empty];
        _db.InsertAll(Enumerable.Range(0, 7).Select(i => new GuidKeyLeft { Key = pool[i % 3], Text = i % 2 == 0 ? "x" : null }));
        _db.InsertAll(Enumerable.Range(0, 5).Select(i => new GuidKeyRight { Key = pool[(i + 1) % 3], Text = i % 2 == 0 ? "x" : null }));
        var left = _db.Table<GuidKeyLeft>().ToList();
        var right = _db.Table<GuidKeyRight>().ToList();
        _seen.Clear();
        var before = InterceptionCheck.Runs;

        var inner = _db.Table<GuidKeyLeft>().Join(_db.Table<GuidKeyRight>(), l => l.Key, r => r.Key, (l, r) => new { L = l.Id, R = r.Id }).ToList();
        var outer = _db.Table<GuidKeyLeft>().LeftJoin(_db.Table<GuidKeyRight>(), l => new { l.Key, l.Text }, r => new { r.Key, r.Text }, (l, r) => new { L = l.Id, R = r == null ? 0 : r.Id }).ToList();

        Assert.That(_seen.Count(s => s.Source == StatementSource.Intercepted), Is.EqualTo(2), Seen);
        // Both sides store a Guid alike (either format), so the columns compare directly, as the run time writes them.
        Assert.That(_seen.First(s => s.Source == StatementSource.Intercepted).Sql,
            Is.EqualTo("SELECT \"t0\".\"Id\", \"t1\".\"Id\" FROM \"guid_key_left\" AS \"t0\" INNER JOIN \"guid_key_right\" AS \"t1\" ON (\"t0\".\"Key\" = \"t1\".\"Key\")"));
        Assert.That(InterceptionCheck.Runs - before, Is.EqualTo(2), "The check compared each intercepted run with the run-time path.");
        Assert.That(inner, Is.EquivalentTo(left.Join(right, l => l.Key, r => r.Key, (l, r) => new { L = l.Id, R = r.Id })));
        Assert.That(outer, Is.EquivalentTo(left.LeftJoin(right, l => new { l.Key, l.Text }, r => new { r.Key, r.Text }, (l, r) => new { L = l.Id, R = r == null ? 0 : r.Id })));
        Assert.That(inner, Has.Count.GreaterThan(0));
    }
}
