using MicroDb.Conformance.Models;
using MicroDb.Query;

namespace MicroDb.Generated.Tests.Intercepted;

/// <summary>
/// A projection with sub-queries ended by <c>First</c>, <c>FirstOrDefault</c>, <c>Single</c> or <c>SingleOrDefault</c> is
/// intercepted: the SELECT list is the run time's (the members' columns, then each sub-query), with LIMIT 1 or LIMIT 2, and
/// the values are read as the run-time path reads them. The interception check compares text, values and rows; LINQ-to-Objects
/// is beside, over rows whose sub-queries are empty and whose nullable aggregates are null.
/// </summary>
[TestFixture("generated", "microdb")]
[TestFixture("generated", "sqlite-net")]
[TestFixture("reflection", "microdb")]
[TestFixture("reflection", "sqlite-net")]
public class InterceptedSubqueryFirstTests : InterceptedTestBase
{
    private List<JoinOrder> _orders = null!;
    private List<JoinLine> _lines = null!;

    public InterceptedSubqueryFirstTests(string mapping, string format)
        : base(mapping, format)
    {
    }

    protected override void Seed()
    {
        _db.CreateTable<JoinOrder>();
        _db.CreateTable<JoinLine>();
        _db.InsertAll(Enumerable.Range(1, 4).Select(i => new JoinOrder { Region = i == 4 ? null : "r" + i, Total = i, CustomerId = i == 2 ? null : i }));
        _db.InsertAll(new[]
        {
            new JoinLine { OrderId = 1, Sku = "a", Quantity = 1 },
            new JoinLine { OrderId = 1, Sku = "b", Quantity = 5 },
            new JoinLine { OrderId = 2, Sku = "a", Quantity = 2 },
        });
        _orders = _db.Table<JoinOrder>().ToList();
        _lines = _db.Table<JoinLine>().ToList();
    }

    [Test]
    public void First_and_FirstOrDefault_of_a_projection_with_sub_queries_are_intercepted_and_match_LINQ()
    {
        var before = InterceptionCheck.Runs;
        var min = 1;

        var first = _db.Table<JoinOrder>().Where(o => o.Id > min).Select(o => new { o.Id, Lines = _db.Table<JoinLine>().Count(l => l.OrderId == o.Id), Most = _db.Table<JoinLine>().Where(l => l.OrderId == o.Id).Max(l => (int?)l.Quantity) }).First();
        var empty = _db.Table<JoinOrder>().Where(o => o.Id > 3).Select(o => new { o.Id, Any = _db.Table<JoinLine>().Any(l => l.OrderId == o.Id), Sum = _db.Table<JoinLine>().Where(l => l.OrderId == o.Id).Sum(l => l.Quantity) }).FirstOrDefault();
        var none = _db.Table<JoinOrder>().Where(o => o.Id > 9).Select(o => new { o.Id, Lines = _db.Table<JoinLine>().Count(l => l.OrderId == o.Id) }).FirstOrDefault();

        Assert.That(Intercepted, Is.EqualTo(3), Seen);
        Assert.That(_seen.First(s => s.Source == StatementSource.Intercepted).Sql, Is.EqualTo(
            "SELECT \"Id\", (SELECT count(*) FROM \"join_lines\" AS \"s0\" WHERE (\"s0\".\"OrderId\" = \"join_orders\".\"Id\")), "
            + "(SELECT max(\"s0\".\"Quantity\") FROM \"join_lines\" AS \"s0\" WHERE (\"s0\".\"OrderId\" = \"join_orders\".\"Id\")) FROM \"join_orders\" WHERE (\"Id\" > ?) LIMIT 1"), Seen);
        Assert.That(first, Is.EqualTo(_orders.Where(o => o.Id > min).Select(o => new { o.Id, Lines = _lines.Count(l => l.OrderId == o.Id), Most = _lines.Where(l => l.OrderId == o.Id).Max(l => (int?)l.Quantity) }).First()));
        Assert.That(first, Is.EqualTo(new { Id = 2, Lines = 1, Most = (int?)2 }));
        Assert.That(empty, Is.EqualTo(new { Id = 4, Any = false, Sum = 0 }));
        Assert.That(empty, Is.EqualTo(_orders.Where(o => o.Id > 3).Select(o => new { o.Id, Any = _lines.Any(l => l.OrderId == o.Id), Sum = _lines.Where(l => l.OrderId == o.Id).Sum(l => l.Quantity) }).FirstOrDefault()));
        Assert.That(none, Is.Null);
        Assert.That(InterceptionCheck.Runs - before, Is.EqualTo(3), "The check compared each run with the run-time path.");
    }

    [Test]
    public void First_over_no_rows_throws_the_run_time_error()
    {
        var error = Assert.Throws<InvalidOperationException>(() => _db.Table<JoinOrder>().Where(o => o.Id > 9).Select(o => new { o.Id, Lines = _db.Table<JoinLine>().Count(l => l.OrderId == o.Id) }).First());

        Assert.That(error!.Message, Is.EqualTo("The query on 'join_orders' returned no row."));
        Assert.That(Intercepted, Is.EqualTo(1), Seen);
    }

    [Test]
    public void A_non_nullable_Max_over_an_empty_sub_query_throws_as_LINQ_does()
    {
        var error = Assert.Throws<InvalidOperationException>(() => _db.Table<JoinOrder>().Where(o => o.Id == 3).Select(o => new { o.Id, Most = _db.Table<JoinLine>().Where(l => l.OrderId == o.Id).Max(l => l.Quantity) }).First());

        Assert.That(error!.Message, Does.Contain("has no rows"));
        Assert.That(Intercepted, Is.EqualTo(1), Seen);
    }

    [Test]
    public void Single_and_SingleOrDefault_read_two_rows_and_match_LINQ()
    {
        var before = InterceptionCheck.Runs;

        var single = _db.Table<JoinOrder>().Where(o => o.Id == 1).Select(o => new { o.Region, Lines = _db.Table<JoinLine>().LongCount(l => l.OrderId == o.Id) }).Single();
        var nothing = _db.Table<JoinOrder>().Where(o => o.Id == 7).Select(o => new { o.Region, Lines = _db.Table<JoinLine>().LongCount(l => l.OrderId == o.Id) }).SingleOrDefault();
        var many = Assert.Throws<InvalidOperationException>(() => _db.Table<JoinOrder>().Select(o => new { o.Id, Lines = _db.Table<JoinLine>().Count(l => l.OrderId == o.Id) }).SingleOrDefault());

        Assert.That(Intercepted, Is.EqualTo(3), Seen);
        Assert.That(_seen.First(s => s.Source == StatementSource.Intercepted).Sql, Does.EndWith("FROM \"join_orders\" WHERE (\"Id\" = ?) LIMIT 2"), Seen);
        Assert.That(single, Is.EqualTo(_orders.Where(o => o.Id == 1).Select(o => new { o.Region, Lines = _lines.LongCount(l => l.OrderId == o.Id) }).Single()));
        Assert.That(single, Is.EqualTo(new { Region = (string?)"r1", Lines = 2L }));
        Assert.That(nothing, Is.Null);
        Assert.That(many!.Message, Is.EqualTo("The query on 'join_orders' returned more than one row."));
        Assert.That(InterceptionCheck.Runs - before, Is.EqualTo(3), "The check compared each run with the run-time path.");
    }

    [Test]
    public void A_sub_query_ended_by_First_has_no_SQL_form_on_either_path()
    {
        // The build-time front end declines these with MDB0013 (SubqueryInterceptionTests); the run-time path refuses them.
        var inCondition = Assert.Throws<NotSupportedException>(() => _db.Table<JoinOrder>().Where(o => _db.Table<JoinLine>().Where(l => l.OrderId == o.Id).First().Quantity > 2).ToList());
        var inProjection = Assert.Throws<NotSupportedException>(() => _db.Table<JoinOrder>().Select(o => new { o.Id, Top = _db.Table<JoinLine>().Where(l => l.OrderId == o.Id).OrderBy(l => l.Quantity).First().Sku }).ToList());

        Assert.That(inCondition!.Message, Does.Contain("First"));
        Assert.That(inProjection!.Message, Does.Contain("must end in Count, LongCount, Any, All, Sum, Min, Max, Average or Select(...).Contains"));
        Assert.That(Intercepted, Is.Zero, Seen);
    }
}
