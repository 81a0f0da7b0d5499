using MicroDb.Conformance.Models;
using MicroDb.Query;

namespace MicroDb.Generated.Tests.Intercepted;

/// <summary>
/// A projection's sub-query holding a sub-query of its own (over the enclosing sub-query's row, aliased <c>s1</c>), and a
/// projection's sub-query read through a numeric or nullable conversion (<c>(double)db.Table&lt;Line&gt;().Sum(...)</c>), are
/// intercepted with the run time's text and values (the interception check compares them and the rows), LINQ-to-Objects beside.
/// </summary>
[TestFixture("generated", "microdb")]
[TestFixture("generated", "sqlite-net")]
[TestFixture("reflection", "microdb")]
[TestFixture("reflection", "sqlite-net")]
public class InterceptedSubqueryProjectionTests : InterceptedTestBase
{
    private List<JoinOrder> _orders = null!;
    private List<JoinLine> _lines = null!;
    private List<JoinCustomer> _customers = null!;

    public InterceptedSubqueryProjectionTests(string mapping, string format)
        : base(mapping, format)
    {
    }

    protected override void Seed()
    {
        _db.CreateTable<JoinOrder>();
        _db.CreateTable<JoinLine>();
        _db.CreateTable<JoinCustomer>();
        _db.InsertAll(Enumerable.Range(1, 4).Select(i => new JoinOrder { Region = "r" + i, Total = i }));
        _db.InsertAll(new[]
        {
            new JoinCustomer { Name = "one", Region = "r1" },
            new JoinCustomer { Name = "two", Region = null },
        });
        _db.InsertAll(new[]
        {
            new JoinLine { OrderId = 1, Sku = "a", Quantity = 1 },
            new JoinLine { OrderId = 1, Sku = "b", Quantity = 2 },
            new JoinLine { OrderId = 1, Sku = "c", Quantity = 3 },
            new JoinLine { OrderId = 2, Sku = "d", Quantity = 2 },
            new JoinLine { OrderId = 3, Sku = "e", Quantity = 7 },
        });
        _orders = _db.Table<JoinOrder>().ToList();
        _lines = _db.Table<JoinLine>().ToList();
        _customers = _db.Table<JoinCustomer>().ToList();
    }

    [Test]
    public void A_sub_query_nested_in_a_projections_sub_query_is_intercepted_and_matches_LINQ()
    {
        var before = InterceptionCheck.Runs;
        var name = "one";

        var rows = _db.Table<JoinOrder>().Select(o => new
        {
            o.Id,
            Known = _db.Table<JoinLine>().Count(l => l.OrderId == o.Id && _db.Table<JoinCustomer>().Any(c => c.Id == l.Quantity && c.Name != name)),
            Unknown = _db.Table<JoinLine>().Where(l => l.OrderId == o.Id).Any(l => !_db.Table<JoinCustomer>().Any(c => c.Id == l.Quantity)),
        }).ToList();

        Assert.That(Intercepted, Is.EqualTo(1), Seen);
        Assert.That(_seen.First(s => s.Source == StatementSource.Intercepted).Sql, Does.StartWith(
            "SELECT \"Id\", (SELECT count(*) FROM \"join_lines\" AS \"s0\" WHERE ((\"s0\".\"OrderId\" = \"join_orders\".\"Id\") AND EXISTS (SELECT 1 FROM \"join_customers\" AS \"s1\" "
            + "WHERE ((\"s1\".\"Id\" = \"s0\".\"Quantity\") AND (\"s1\".\"Name\" IS NOT ?))))), "), Seen);
        var expected = _orders.Select(o => new
        {
            o.Id,
            Known = _lines.Count(l => l.OrderId == o.Id && _customers.Any(c => c.Id == l.Quantity && c.Name != name)),
            Unknown = _lines.Where(l => l.OrderId == o.Id).Any(l => !_customers.Any(c => c.Id == l.Quantity)),
        });
        Assert.That(rows, Is.EqualTo(expected));
        Assert.That(rows.Select(r => r.Known), Is.EqualTo(new[] { 1, 1, 0, 0 }));
        Assert.That(rows.Select(r => r.Unknown), Is.EqualTo(new[] { true, false, true, false }));
        Assert.That(InterceptionCheck.Runs - before, Is.EqualTo(1), "The check compared the run with the run-time path.");
    }

    [Test]
    public void A_projections_sub_query_read_through_a_conversion_is_intercepted_and_matches_LINQ()
    {
        var before = InterceptionCheck.Runs;

        var rows = _db.Table<JoinOrder>().Select(o => new
        {
            o.Id,
            Share = (double)_db.Table<JoinLine>().Where(l => l.OrderId == o.Id).Sum(l => l.Quantity),
            Lines = (long?)_db.Table<JoinLine>().Count(l => l.OrderId == o.Id),
            Most = (long?)_db.Table<JoinLine>().Where(l => l.OrderId == o.Id).Max(l => (int?)l.Quantity),
        }).ToList();
        var single = _db.Table<JoinOrder>().Where(o => o.Id == 3).Select(o => new { o.Id, Lines = (double)_db.Table<JoinLine>().LongCount(l => l.OrderId == o.Id) }).Single();

        Assert.That(Intercepted, Is.EqualTo(2), Seen);
        var expected = _orders.Select(o => new
        {
            o.Id,
            Share = (double)_lines.Where(l => l.OrderId == o.Id).Sum(l => l.Quantity),
            Lines = (long?)_lines.Count(l => l.OrderId == o.Id),
            Most = (long?)_lines.Where(l => l.OrderId == o.Id).Max(l => (int?)l.Quantity),
        });
        Assert.That(rows, Is.EqualTo(expected));
        Assert.That(rows.Select(r => r.Most), Is.EqualTo(new long?[] { 3, 2, 7, null }));
        Assert.That(single, Is.EqualTo(new { Id = 3, Lines = 1.0 }));
        Assert.That(InterceptionCheck.Runs - before, Is.EqualTo(2), "The check compared each run with the run-time path.");
    }

    [Test]
    public void A_nested_sub_query_on_another_connection_is_refused_and_runs_nothing()
    {
        using var other = InterceptedFixture.Open(_mapping, Storage, _ => { });
        other.CreateTable<JoinCustomer>();

        var error = Assert.Throws<NotSupportedException>(() => _db.Table<JoinOrder>().Select(o => new
        {
            o.Id,
            Known = _db.Table<JoinLine>().Count(l => l.OrderId == o.Id && other.Table<JoinCustomer>().Any(c => c.Id == l.Quantity)),
        }).ToList());

        // Select translates its sub-queries once when it is called (ProjectionSubqueries.Check), so the run time refuses the
        // query before the intercepted terminal; the site's own check (LiftedSubquery) would send it there too.
        Assert.That(error!.Message, Does.Contain("was made on another connection"));
        Assert.That(Intercepted, Is.Zero, Seen);
    }

    [Test]
    public void A_lifted_sub_query_check_rejects_a_bad_description()
    {
        var site = new InterceptedSite("SELECT 1");

        Assert.That(() => site.LiftedSubquery(-1, "aR"), Throws.InstanceOf<ArgumentOutOfRangeException>().With.Property("ParamName").EqualTo("lifted"));
        Assert.That(() => site.LiftedSubquery(0, null!), Throws.ArgumentNullException.With.Property("ParamName").EqualTo("path"));
    }
}
