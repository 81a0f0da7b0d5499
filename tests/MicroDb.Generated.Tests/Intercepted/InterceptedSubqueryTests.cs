using MicroDb.Conformance.Models;
using MicroDb.Query;

namespace MicroDb.Generated.Tests.Intercepted;

/// <summary>
/// A one-table Where with <c>db.Table&lt;T&gt;().Any(...)</c> or <c>All(...)</c> correlated by an integer key is intercepted:
/// the EXISTS text and values are the run-time path's (the interception check compares them, and the rows), on both
/// mapping paths and storage formats, with LINQ-to-Objects beside.
/// </summary>
[TestFixture("generated", "microdb")]
[TestFixture("generated", "sqlite-net")]
[TestFixture("reflection", "microdb")]
[TestFixture("reflection", "sqlite-net")]
public class InterceptedSubqueryTests
{
    private readonly string _mapping;
    private readonly string _format;
    private readonly List<ExecutedStatement> _seen = [];
    private MicroDbConnection _db = null!;
    private List<JoinOrder> _orders = null!;
    private List<JoinLine> _lines = null!;

    public InterceptedSubqueryTests(string mapping, string format)
    {
        _mapping = mapping;
        _format = format;
    }

    [SetUp]
    public void Open()
    {
        _db = InterceptedFixture.Open(_mapping, _format, _seen.Add);
        _db.CreateTable<JoinOrder>();
        _db.CreateTable<JoinLine>();
        _db.InsertAll(Enumerable.Range(1, 5).Select(i => new JoinOrder { Region = "r" + i, Total = i }));
        _db.InsertAll(new[]
        {
            new JoinLine { OrderId = 1, Sku = "a", Quantity = 1 },
            new JoinLine { OrderId = 1, Sku = "b", Quantity = 5 },
            new JoinLine { OrderId = 2, Sku = "a", Quantity = 2 },
            new JoinLine { OrderId = 4, Sku = "c", Quantity = 7 },
            new JoinLine { OrderId = 42, Sku = "d", Quantity = 9 },
        });
        _orders = _db.Table<JoinOrder>().ToList();
        _lines = _db.Table<JoinLine>().ToList();
        _seen.Clear();
        InterceptionCheck.Enabled = true;
    }

    [TearDown]
    public void Close()
    {
        InterceptionCheck.Enabled = false;
        _db.Dispose();
    }

    private string Seen() => string.Join("\n", _seen.Select(s => s.Source + ": " + s.Sql));

    [Test]
    public void Any_with_a_key_and_a_value_is_intercepted_with_the_run_time_exists()
    {
        var before = InterceptionCheck.Runs;
        var min = 3;

        var found = _db.Table<JoinOrder>().Where(o => o.Id < 5 && _db.Table<JoinLine>().Any(l => l.OrderId == o.Id && l.Quantity > min)).ToList();

        var first = _seen.First(s => s.Source == StatementSource.Intercepted);
        Assert.That(first.Sql, Does.EndWith(
            "FROM \"join_orders\" WHERE ((\"Id\" < ?) AND EXISTS (SELECT 1 FROM \"join_lines\" AS \"s0\" WHERE ((\"s0\".\"OrderId\" = \"join_orders\".\"Id\") AND (\"s0\".\"Quantity\" > ?))))"),
            Seen);
        Assert.That(found.Select(o => o.Id), Is.EqualTo(_orders.Where(o => o.Id < 5 && _lines.Any(l => l.OrderId == o.Id && l.Quantity > min)).Select(o => o.Id)));
        Assert.That(found.Select(o => o.Id), Is.EqualTo(new[] { 1, 4 }));
        Assert.That(InterceptionCheck.Runs - before, Is.EqualTo(1), "The check compared the run with the run-time path.");
    }

    [Test]
    public void Not_Any_All_and_Count_terminals_match_LINQ()
    {
        var before = InterceptionCheck.Runs;

        var without = _db.Table<JoinOrder>().Count(o => !_db.Table<JoinLine>().Any(l => l.OrderId == o.Id));
        var allOthers = _db.Table<JoinOrder>().Where(o => _db.Table<JoinLine>().All(l => o.Id != l.OrderId)).OrderBy(o => o.Id).ToList();
        var any = _db.Table<JoinOrder>().Any(o => _db.Table<JoinLine>().Any(l => l.OrderId == o.Id && l.Sku == "c"));

        Assert.That(_seen.Count(s => s.Source == StatementSource.Intercepted), Is.EqualTo(3), Seen);
        Assert.That(without, Is.EqualTo(_orders.Count(o => !_lines.Any(l => l.OrderId == o.Id))));
        Assert.That(allOthers.Select(o => o.Id), Is.EqualTo(_orders.Where(o => _lines.All(l => o.Id != l.OrderId)).Select(o => o.Id)));
        Assert.That(allOthers.Select(o => o.Id), Is.EqualTo(new[] { 3, 5 }));
        Assert.That(any, Is.True);
        Assert.That(InterceptionCheck.Runs - before, Is.EqualTo(3));
    }

    [Test]
    public void ExecuteDelete_with_a_sub_query_deletes_what_LINQ_selects()
    {
        var deleted = _db.Table<JoinOrder>().Where(o => !_db.Table<JoinLine>().Any(l => l.OrderId == o.Id)).ExecuteDelete();

        Assert.That(deleted, Is.EqualTo(2));
        Assert.That(_seen.Single(s => s.Source == StatementSource.Intercepted).Sql,
            Is.EqualTo("DELETE FROM \"join_orders\" WHERE (NOT EXISTS (SELECT 1 FROM \"join_lines\" AS \"s0\" WHERE (\"s0\".\"OrderId\" = \"join_orders\".\"Id\")))"), Seen);
        InterceptionCheck.Enabled = false;
        Assert.That(_db.Table<JoinOrder>().ToList().Select(o => o.Id), Is.EqualTo(new[] { 1, 2, 4 }));
    }

    [Test]
    public void A_sub_query_on_another_connection_throws_the_run_time_error()
    {
        using var other = InterceptedFixture.Open(_mapping, _format, _ => { });
        other.CreateTable<JoinLine>();

        var error = Assert.Throws<NotSupportedException>(() => _db.Table<JoinOrder>().Where(o => other.Table<JoinLine>().Any(l => l.OrderId == o.Id)).ToList());
        Assert.That(error!.Message, Does.Contain("another connection"));
        Assert.That(_seen.Where(s => s.Source == StatementSource.Intercepted), Is.Empty, Seen);
    }
}
