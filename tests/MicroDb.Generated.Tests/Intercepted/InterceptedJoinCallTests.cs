using MicroDb.Conformance.Models;
using MicroDb.Query;

namespace MicroDb.Generated.Tests.Intercepted;

/// <summary>
/// The operator calls of an intercepted join (Join, LeftJoin, RightJoin, GroupJoin and SelectMany, the tables' own Where, Where, OrderBy/ThenBy, Skip, Take)
/// are stand-ins that keep their lambdas; the run-time operators run only when the run-time query is needed: the
/// interception check (on here), a null value (the run-time path) or a result read as rows. Rows equal the run-time path's
/// and LINQ-to-Objects', on both mapping paths and storage formats; a bad argument fails at the call, as it does there.
/// </summary>
[TestFixture("generated", "microdb")]
[TestFixture("generated", "sqlite-net")]
[TestFixture("reflection", "microdb")]
[TestFixture("reflection", "sqlite-net")]
public class InterceptedJoinCallTests : InterceptedTestBase
{
    private List<JoinOrder> _orders = null!;
    private List<JoinCustomer> _customers = null!;
    private List<JoinLine> _lines = null!;

    public InterceptedJoinCallTests(string mapping, string format)
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
            new JoinCustomer { Name = "Ann", Region = "north" },
            new JoinCustomer { Name = "Bob", Region = "south" },
            new JoinCustomer { Name = "Cid", Region = null },
        });
        _db.InsertAll(new[]
        {
            new JoinOrder { CustomerId = 1, Region = "north" },
            new JoinOrder { CustomerId = 2, Region = "south" },
            new JoinOrder { CustomerId = null, Region = null },
            new JoinOrder { CustomerId = 3, Region = "east" },
            new JoinOrder { CustomerId = 99, Region = "north" },
        });
        _db.InsertAll(new[]
        {
            new JoinLine { OrderId = 1, Sku = "a", Quantity = 1 },
            new JoinLine { OrderId = 1, Sku = "b", Quantity = 2 },
            new JoinLine { OrderId = 2, Sku = "a", Quantity = 3 },
            new JoinLine { OrderId = 3, Sku = "c", Quantity = 4 },
            new JoinLine { OrderId = 4, Sku = "d", Quantity = 5 },
            new JoinLine { OrderId = 5, Sku = "e", Quantity = 6 },
            new JoinLine { OrderId = 42, Sku = "f", Quantity = 7 },
        });
        _orders = _db.Table<JoinOrder>().ToList();
        _customers = _db.Table<JoinCustomer>().ToList();
        _lines = _db.Table<JoinLine>().ToList();
    }

    [Test]
    public void Every_operator_of_an_intercepted_three_table_join_matches_the_run_time_path_and_linq()
    {
        var before = InterceptionCheck.Runs;
        int min = 1, max = 7;
        var skipped = "Bob";
        var intercepted = _db.Table<JoinLine>().Where(l => l.Quantity >= min)
            .Join(_db.Table<JoinOrder>().Where(o => o.Id > 0), l => l.OrderId, o => o.Id, (l, o) => new { l.Sku, l.Quantity, Order = o.Id, o.CustomerId })
            .LeftJoin(_db.Table<JoinCustomer>().Where(c => c.Name != skipped), x => x.CustomerId, c => c.Id, (x, c) => new { x.Sku, x.Quantity, x.Order, Name = c == null ? null : c.Name })
            .Where(x => x.Quantity < max)
            .OrderByDescending(x => x.Order).ThenBy(x => x.Sku)
            .Skip(1).Take(3)
            .ToList();
        Assert.That(_seen.Select(s => s.Source), Is.EqualTo(new[] { StatementSource.Intercepted, StatementSource.Linq }), Seen);
        Assert.That(InterceptionCheck.Runs - before, Is.EqualTo(1), "the check built the run-time query from the stand-ins and compared it");

        var runTime = _db.Table<JoinLine>().Where(l => l.Quantity >= min);
        var joined = runTime.Join(_db.Table<JoinOrder>().Where(o => o.Id > 0), l => l.OrderId, o => o.Id, (l, o) => new { l.Sku, l.Quantity, Order = o.Id, o.CustomerId });
        var left = joined.LeftJoin(_db.Table<JoinCustomer>().Where(c => c.Name != skipped), x => x.CustomerId, c => c.Id, (x, c) => new { x.Sku, x.Quantity, x.Order, Name = c == null ? null : c.Name });
        var expected = _lines.Where(l => l.Quantity >= min)
            .Join(_orders.Where(o => o.Id > 0), l => l.OrderId, o => o.Id, (l, o) => new { l.Sku, l.Quantity, Order = o.Id, o.CustomerId })
            .LeftJoin(_customers.Where(c => c.Name != skipped), x => x.CustomerId, c => c.Id, (x, c) => new { x.Sku, x.Quantity, x.Order, Name = c == null ? null : c.Name })
            .Where(x => x.Quantity < max)
            .OrderByDescending(x => x.Order).ThenBy(x => x.Sku)
            .Skip(1).Take(3)
            .ToList();
        Assert.That(intercepted, Is.EqualTo(left.Where(x => x.Quantity < max).OrderByDescending(x => x.Order).ThenBy(x => x.Sku).Skip(1).Take(3).ToList()));
        Assert.That(intercepted, Is.EqualTo(expected));
        Assert.That(intercepted.Select(x => (x.Order, x.Name)), Is.EqualTo(new[] { (4, (string?)"Cid"), (3, null), (2, null) }), "Bob's order keeps no name; the order without a customer none");
    }

    [Test]
    public void A_null_value_runs_the_intercepted_join_on_the_run_time_path_with_the_same_rows()
    {
        string? region = null;
        var sku = "a";
        var rows = _db.Table<JoinOrder>().Where(o => o.Region != region)
            .Join(_db.Table<JoinCustomer>().Where(c => c.Region != region), o => o.CustomerId, c => c.Id, (o, c) => new { o.Id, c.Name })
            .OrderBy(x => x.Id)
            .ToList();
        var withValue = _db.Table<JoinLine>()
            .Join(_db.Table<JoinOrder>(), l => l.OrderId, o => o.Id, (l, o) => new { l.Sku, o.Id, o.Region })
            .Where(x => x.Sku == sku && x.Region != region)
            .Count();
        Assert.That(_seen.Select(s => s.Source), Is.EqualTo(new[] { StatementSource.Linq, StatementSource.Linq }), "a null value is run by the run-time path, from the stand-ins' lambdas\n" + Seen());

        Assert.That(rows, Is.EqualTo(_orders.Where(o => o.Region != region)
            .Join(_customers.Where(c => c.Region != region), o => o.CustomerId, c => (int?)c.Id, (o, c) => new { o.Id, c.Name }).OrderBy(x => x.Id).ToList()));
        Assert.That(rows.Select(x => x.Name), Is.EqualTo(new[] { "Ann", "Bob" }));
        Assert.That(withValue, Is.EqualTo(_lines.Join(_orders, l => l.OrderId, o => o.Id, (l, o) => new { l.Sku, o.Id, o.Region }).Count(x => x.Sku == sku && x.Region != region)).And.EqualTo(2));
    }

    [Test]
    public void A_joined_table_of_another_connection_is_refused_at_the_intercepted_join_call()
    {
        using var other = InterceptedFixture.Open(_mapping, _format, _ => { });
        other.CreateTable<JoinOrder>();
        other.CreateTable<JoinCustomer>();

        var first = Assert.Throws<ArgumentException>(() => _db.Table<JoinLine>()
            .Join(other.Table<JoinOrder>(), l => l.OrderId, o => o.Id, (l, o) => new { l.Sku, o.Region }).ToList());
        var third = Assert.Throws<ArgumentException>(() => _db.Table<JoinLine>()
            .Join(_db.Table<JoinOrder>(), l => l.OrderId, o => o.Id, (l, o) => new { l.Sku, o.CustomerId })
            .LeftJoin(other.Table<JoinCustomer>(), x => x.CustomerId, c => c.Id, (x, c) => new { x.Sku, Name = c == null ? null : c.Name }).ToList());
        var runTime = Assert.Throws<ArgumentException>(() => _db.Table<JoinLine>().Join(other.Table<JoinOrder>(), l => l.OrderId, o => o.Id, (l, o) => o.Region));

        Assert.That(first!.ParamName, Is.EqualTo("inner"));
        Assert.That(first.Message, Does.Contain("'join_orders'").And.Contain("another connection"));
        Assert.That(third!.Message, Does.Contain("'join_customers'").And.Contain("another connection"));
        Assert.That(first.Message, Is.EqualTo(runTime!.Message), "the same error as the run-time operator's");
        Assert.That(_seen, Is.Empty, "nothing ran");
        Assert.That(_db.Table<JoinLine>().Count(), Is.EqualTo(7));
    }

    [Test]
    public void GroupJoin_and_SelectMany_in_method_syntax_are_stand_ins_and_match_the_run_time_path_and_linq()
    {
        var before = InterceptionCheck.Runs;
        var skipped = "Bob";
        int min = 1;
        var left = _db.Table<JoinOrder>().Where(o => o.Id >= min)
            .GroupJoin(_db.Table<JoinCustomer>().Where(c => c.Name != skipped), o => o.CustomerId, c => c.Id, (o, g) => new { o, g })
            .SelectMany(x => x.g.DefaultIfEmpty(), (x, c) => new { x.o.Id, Name = c == null ? null : c.Name })
            .OrderBy(x => x.Id)
            .ToList();
        var inner = _db.Table<JoinLine>()
            .Join(_db.Table<JoinOrder>(), l => l.OrderId, o => o.Id, (l, o) => new { l, o })
            .GroupJoin(_db.Table<JoinCustomer>(), x => x.o.CustomerId, c => c.Id, (x, g) => new { x.l, x.o, g })
            .SelectMany(x => x.g, (x, c) => new { x.l.Sku, Order = x.o.Id, c.Name })
            .Count();
        Assert.That(_seen.Select(s => s.Source), Is.EqualTo(new[] { StatementSource.Intercepted, StatementSource.Linq, StatementSource.Intercepted, StatementSource.Linq }), Seen);
        Assert.That(InterceptionCheck.Runs - before, Is.EqualTo(2), "the check built each run-time query from the stand-ins and compared it");

        var expected = _orders.Where(o => o.Id >= min)
            .GroupJoin(_customers.Where(c => c.Name != skipped), o => o.CustomerId, c => (int?)c.Id, (o, g) => new { o, g })
            .SelectMany(x => x.g.DefaultIfEmpty(), (x, c) => new { x.o.Id, Name = c == null ? null : c.Name })
            .OrderBy(x => x.Id)
            .ToList();
        Assert.That(left, Is.EqualTo(expected));
        Assert.That(left.Count(x => x.Name is null), Is.GreaterThan(0), "Bob's order, the order without a customer and the unknown customer's keep no name");
        Assert.That(inner, Is.EqualTo(_lines.Join(_orders, l => l.OrderId, o => o.Id, (l, o) => new { l, o })
            .GroupJoin(_customers, x => x.o.CustomerId, c => (int?)c.Id, (x, g) => new { x.l, x.o, g })
            .SelectMany(x => x.g, (x, c) => new { x.l.Sku, Order = x.o.Id, c.Name })
            .Count()));
    }

    [Test]
    public void An_intercepted_GroupJoin_with_a_null_value_or_another_connection_behaves_as_the_run_time_operators()
    {
        string? region = null;
        var rows = _db.Table<JoinOrder>()
            .GroupJoin(_db.Table<JoinCustomer>().Where(c => c.Region != region), o => o.CustomerId, c => c.Id, (o, g) => new { o, g })
            .SelectMany(x => x.g.DefaultIfEmpty(), (x, c) => new { x.o.Id, Name = c == null ? null : c.Name })
            .ToList();
        Assert.That(_seen.Select(s => s.Source), Is.EqualTo(new[] { StatementSource.Linq }), "a null value is run by the run-time path, from the stand-ins' lambdas\n" + Seen());
        Assert.That(rows, Is.EquivalentTo(_orders
            .GroupJoin(_customers.Where(c => c.Region != region), o => o.CustomerId, c => (int?)c.Id, (o, g) => new { o, g })
            .SelectMany(x => x.g.DefaultIfEmpty(), (x, c) => new { x.o.Id, Name = c == null ? null : c.Name })));

        using var other = InterceptedFixture.Open(_mapping, _format, _ => { });
        other.CreateTable<JoinCustomer>();
        _seen.Clear();
        var error = Assert.Throws<ArgumentException>(() => _db.Table<JoinOrder>()
            .GroupJoin(other.Table<JoinCustomer>(), o => o.CustomerId, c => c.Id, (o, g) => new { o, g })
            .SelectMany(x => x.g.DefaultIfEmpty(), (x, c) => new { x.o.Id, Name = c == null ? null : c.Name })
            .ToList());
        Assert.That(error!.ParamName, Is.EqualTo("inner"));
        Assert.That(error.Message, Does.Contain("'join_customers'").And.Contain("another connection"));
        Assert.That(_seen, Is.Empty, "nothing ran");
    }

    [Test]
    public void RightJoin_from_a_table_is_intercepted_and_matches_the_run_time_path_and_linq()
    {
        var before = InterceptionCheck.Runs;
        var region = "east";
        var skipped = "Bob";
        var rows = _db.Table<JoinOrder>().Where(o => o.Region != region)
            .RightJoin(_db.Table<JoinCustomer>().Where(c => c.Name != skipped), o => o.CustomerId, c => (int?)c.Id, (o, c) => new { c.Name, Order = o == null ? -1 : o.Id })
            .OrderBy(x => x.Name)
            .ToList();
        var composite = _db.Table<JoinOrder>()
            .RightJoin(_db.Table<JoinCustomer>(), o => new { o.Region, Key = o.CustomerId }, c => new { c.Region, Key = (int?)c.Id }, (o, c) => new { c.Name, Order = o == null ? -1 : o.Id })
            .Count();
        Assert.That(_seen.Count(s => s.Source == StatementSource.Intercepted), Is.EqualTo(2), Seen);
        Assert.That(InterceptionCheck.Runs - before, Is.EqualTo(2), "the check built each run-time query from the stand-ins and compared it");

        var expected = _orders.Where(o => o.Region != region)
            .RightJoin(_customers.Where(c => c.Name != skipped), o => o.CustomerId, c => (int?)c.Id, (o, c) => new { c.Name, Order = o == null ? -1 : o.Id })
            .OrderBy(x => x.Name, StringComparer.Ordinal)
            .ToList();
        Assert.That(rows, Is.EqualTo(expected));
        Assert.That(rows.Select(x => (x.Name, x.Order)), Is.EqualTo(new[] { ("Ann", 1), ("Cid", -1) }), "Cid's only order is filtered out: she is kept with no order; Bob is not kept");
        Assert.That(composite, Is.EqualTo(_orders
            .RightJoin(_customers, o => new { o.Region, Key = o.CustomerId }, c => new { c.Region, Key = (int?)c.Id }, (o, c) => new { c.Name, Order = o == null ? -1 : o.Id })
            .Count()));
    }

    [Test]
    public void An_intercepted_RightJoin_with_a_null_value_or_another_connection_behaves_as_the_run_time_operator()
    {
        string? region = null;
        var rows = _db.Table<JoinOrder>().Where(o => o.Region != region)
            .RightJoin(_db.Table<JoinCustomer>(), o => o.CustomerId, c => (int?)c.Id, (o, c) => new { c.Name, Order = o == null ? -1 : o.Id })
            .ToList();
        Assert.That(_seen.Select(s => s.Source), Is.EqualTo(new[] { StatementSource.Linq }), "a null value is run by the run-time path, from the stand-ins' lambdas\n" + Seen());
        Assert.That(rows, Is.EquivalentTo(_orders.Where(o => o.Region != region)
            .RightJoin(_customers, o => o.CustomerId, c => (int?)c.Id, (o, c) => new { c.Name, Order = o == null ? -1 : o.Id })));

        using var other = InterceptedFixture.Open(_mapping, _format, _ => { });
        other.CreateTable<JoinCustomer>();
        _seen.Clear();
        var error = Assert.Throws<ArgumentException>(() => _db.Table<JoinOrder>()
            .RightJoin(other.Table<JoinCustomer>(), o => o.CustomerId, c => (int?)c.Id, (o, c) => new { c.Name, Order = o == null ? -1 : o.Id })
            .ToList());
        var runTime = Assert.Throws<ArgumentException>(() => _db.Table<JoinOrder>().RightJoin(other.Table<JoinCustomer>(), o => o.CustomerId, c => (int?)c.Id, (o, c) => c.Name));
        Assert.That(error!.ParamName, Is.EqualTo("inner"));
        Assert.That(error.Message, Is.EqualTo(runTime!.Message), "the same error as the run-time operator's");
        Assert.That(_seen, Is.Empty, "nothing ran");
    }
}
