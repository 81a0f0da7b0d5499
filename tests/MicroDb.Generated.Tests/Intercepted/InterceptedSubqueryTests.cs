using MicroDb.Conformance.Models;
using MicroDb.Query;

namespace MicroDb.Generated.Tests.Intercepted;

/// <summary>
/// A one-table Where with <c>db.Table&lt;T&gt;().Any(...)</c>, <c>All(...)</c>, <c>Count(...)</c>/<c>LongCount(...)</c> compared
/// with a value, or <c>Select(...).Contains(row.Member)</c>, correlated by an integer or string key, nullable or not, is intercepted:
/// the EXISTS text and values are the run-time path's (the interception check compares them, and the rows), on both
/// mapping paths and storage formats, with LINQ-to-Objects beside.
/// </summary>
[TestFixture("generated", "microdb")]
[TestFixture("generated", "sqlite-net")]
[TestFixture("reflection", "microdb")]
[TestFixture("reflection", "sqlite-net")]
public class InterceptedSubqueryTests : InterceptedTestBase
{
    private List<JoinOrder> _orders = null!;
    private List<JoinLine> _lines = null!;
    private List<JoinCustomer> _customers = null!;

    public InterceptedSubqueryTests(string mapping, string format)
        : base(mapping, format)
    {
    }

    protected override void Seed()
    {
        _db.CreateTable<JoinOrder>();
        _db.CreateTable<JoinLine>();
        _db.CreateTable<JoinCustomer>();
        int?[] customers = [1, 1, null, 2, 99];
        _db.InsertAll(Enumerable.Range(1, 5).Select(i => new JoinOrder { Region = i == 5 ? null : "r" + i, Total = i, CustomerId = customers[i - 1] }));
        _db.InsertAll(new[]
        {
            new JoinCustomer { Name = "one", Region = "r1" },
            new JoinCustomer { Name = "two", Region = null },
            new JoinCustomer { Name = "three", Region = "r3" },
        });
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
        _customers = _db.Table<JoinCustomer>().ToList();
    }

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

    private new int Intercepted() => _seen.Count(s => s.Source == StatementSource.Intercepted);

    [Test]
    public void Count_and_LongCount_compared_with_a_value_match_LINQ()
    {
        var before = InterceptionCheck.Runs;
        var min = 1;
        var n = 1;

        var many = _db.Table<JoinOrder>().Where(o => _db.Table<JoinLine>().Count(l => l.OrderId == o.Id && l.Quantity >= min) > n).ToList();
        var few = _db.Table<JoinOrder>().Count(o => 1L >= _db.Table<JoinLine>().LongCount(l => o.Id == l.OrderId));
        var none = _db.Table<JoinOrder>().Where(o => 0 == _db.Table<JoinLine>().Count(l => l.OrderId == o.Id)).OrderBy(o => o.Id).ToList();

        Assert.That(Intercepted(), Is.EqualTo(3), Seen);
        Assert.That(_seen.First(s => s.Source == StatementSource.Intercepted).Sql, Does.EndWith(
            "FROM \"join_orders\" WHERE ((SELECT count(*) FROM \"join_lines\" AS \"s0\" WHERE ((\"s0\".\"OrderId\" = \"join_orders\".\"Id\") AND (\"s0\".\"Quantity\" >= ?))) > ?)"));
        Assert.That(many.Select(o => o.Id), Is.EqualTo(_orders.Where(o => _lines.Count(l => l.OrderId == o.Id && l.Quantity >= min) > n).Select(o => o.Id)));
        Assert.That(many.Select(o => o.Id), Is.EqualTo(new[] { 1 }));
        Assert.That(few, Is.EqualTo(_orders.Count(o => 1L >= _lines.LongCount(l => o.Id == l.OrderId))).And.EqualTo(4));
        Assert.That(none.Select(o => o.Id), Is.EqualTo(_orders.Where(o => 0 == _lines.Count(l => l.OrderId == o.Id)).Select(o => o.Id)).And.EqualTo(new[] { 3, 5 }));
        Assert.That(InterceptionCheck.Runs - before, Is.EqualTo(3), "The check compared each run with the run-time path.");
    }

    [Test]
    public void Min_Max_Average_and_a_nullable_Sum_compared_with_a_value_are_guarded_as_the_run_time_writes_them()
    {
        var before = InterceptionCheck.Runs;
        var min = 1;
        var most = 4;
        var mean = 2.5;
        var top = 5;

        var big = _db.Table<JoinOrder>().Where(o => _db.Table<JoinLine>().Where(l => l.OrderId == o.Id).Max(l => (int?)l.Quantity) > most).ToList();
        var small = _db.Table<JoinOrder>().Where(o => most >= _db.Table<JoinLine>().Where(l => l.OrderId == o.Id && l.Quantity > min).Min(l => (long?)l.Quantity)).ToList();
        var exact = _db.Table<JoinOrder>().Where(o => _db.Table<JoinLine>().Where(l => l.OrderId == o.Id).Max(l => (int?)l.Quantity) == top).ToList();
        var other = _db.Table<JoinOrder>().Count(o => _db.Table<JoinLine>().Where(l => l.OrderId == o.Id).Min(l => (int?)l.Quantity) != min);
        var average = _db.Table<JoinOrder>().Where(o => mean < _db.Table<JoinLine>().Where(l => l.OrderId == o.Id).Average(l => (int?)l.Quantity)).ToList();
        var summed = _db.Table<JoinOrder>().Where(o => _db.Table<JoinLine>().Where(l => l.OrderId == o.Id).Sum(l => (int?)l.Quantity) <= most).ToList();

        Assert.That(Intercepted(), Is.EqualTo(6), Seen);
        Assert.That(InterceptionCheck.Runs - before, Is.EqualTo(6), "The check compared each run with the run-time path.");
        var second = _seen.Where(s => s.Source == StatementSource.Intercepted).ElementAt(1).Sql;
        const string Min = "(SELECT min(\"s0\".\"Quantity\") FROM \"join_lines\" AS \"s0\" WHERE ((\"s0\".\"OrderId\" = \"join_orders\".\"Id\") AND (\"s0\".\"Quantity\" > ?)))";
        Assert.That(second, Does.EndWith("WHERE (" + Min + " IS NOT NULL AND ? >= " + Min + ")"), Seen);
        Assert.That(big.Select(o => o.Id), Is.EqualTo(_orders.Where(o => _lines.Where(l => l.OrderId == o.Id).Max(l => (int?)l.Quantity) > most).Select(o => o.Id)));
        Assert.That(big.Select(o => o.Id), Is.EqualTo(new[] { 1, 4 }));
        Assert.That(small.Select(o => o.Id), Is.EqualTo(_orders.Where(o => most >= _lines.Where(l => l.OrderId == o.Id && l.Quantity > min).Min(l => (long?)l.Quantity)).Select(o => o.Id)));
        Assert.That(small.Select(o => o.Id), Is.EqualTo(new[] { 2 }));
        Assert.That(exact.Select(o => o.Id), Is.EqualTo(_orders.Where(o => _lines.Where(l => l.OrderId == o.Id).Max(l => (int?)l.Quantity) == top).Select(o => o.Id)));
        Assert.That(exact.Select(o => o.Id), Is.EqualTo(new[] { 1 }));
        Assert.That(other, Is.EqualTo(_orders.Count(o => _lines.Where(l => l.OrderId == o.Id).Min(l => (int?)l.Quantity) != min)));
        Assert.That(average.Select(o => o.Id), Is.EqualTo(_orders.Where(o => mean < _lines.Where(l => l.OrderId == o.Id).Average(l => (int?)l.Quantity)).Select(o => o.Id)));
        Assert.That(average.Select(o => o.Id), Is.EqualTo(new[] { 1, 4 }));
        Assert.That(summed.Select(o => o.Id), Is.EqualTo(_orders.Where(o => _lines.Where(l => l.OrderId == o.Id).Sum(l => (int?)l.Quantity) <= most).Select(o => o.Id)));
    }

    [Test]
    public void ExecuteDelete_with_a_count_deletes_what_LINQ_selects()
    {
        var deleted = _db.Table<JoinOrder>().Where(o => _db.Table<JoinLine>().Count(l => l.OrderId == o.Id) < 2).ExecuteDelete();

        Assert.That(Intercepted(), Is.EqualTo(1), Seen);
        Assert.That(deleted, Is.EqualTo(_orders.Count(o => _lines.Count(l => l.OrderId == o.Id) < 2)).And.EqualTo(4));
        InterceptionCheck.Enabled = false;
        Assert.That(_db.Table<JoinOrder>().ToList().Select(o => o.Id), Is.EqualTo(new[] { 1 }));
    }

    [Test]
    public void Contains_over_an_integer_key_is_IN_and_matches_LINQ()
    {
        var before = InterceptionCheck.Runs;

        var with = _db.Table<JoinOrder>().Where(o => _db.Table<JoinLine>().Select(l => l.OrderId).Contains(o.Id)).OrderBy(o => o.Id).ToList();
        var without = _db.Table<JoinOrder>().Count(o => !_db.Table<JoinLine>().Select(l => l.OrderId).Contains(o.Id));

        Assert.That(Intercepted(), Is.EqualTo(2), Seen);
        Assert.That(_seen.First(s => s.Source == StatementSource.Intercepted).Sql, Does.Contain(
            "WHERE \"Id\" IN (SELECT \"s0\".\"OrderId\" FROM \"join_lines\" AS \"s0\")"));
        Assert.That(with.Select(o => o.Id), Is.EqualTo(_orders.Where(o => _lines.Select(l => l.OrderId).Contains(o.Id)).Select(o => o.Id)).And.EqualTo(new[] { 1, 2, 4 }));
        Assert.That(without, Is.EqualTo(_orders.Count(o => !_lines.Select(l => l.OrderId).Contains(o.Id))).And.EqualTo(2));
        Assert.That(InterceptionCheck.Runs - before, Is.EqualTo(2));
    }

    [Test]
    public void Contains_over_a_string_or_nullable_key_is_EXISTS_with_nulls_matching_as_in_LINQ()
    {
        var before = InterceptionCheck.Runs;

        var byRegion = _db.Table<JoinOrder>().Where(o => _db.Table<JoinCustomer>().Select(c => c.Region).Contains(o.Region)).OrderBy(o => o.Id).ToList();
        var byCustomer = _db.Table<JoinOrder>().Where(o => _db.Table<JoinCustomer>().Select(c => (int?)c.Id).Contains(o.CustomerId)).OrderBy(o => o.Id).ToList();

        Assert.That(Intercepted(), Is.EqualTo(2), Seen);
        Assert.That(_seen.First(s => s.Source == StatementSource.Intercepted).Sql, Does.Contain(
            "WHERE EXISTS (SELECT 1 FROM \"join_customers\" AS \"s0\" WHERE (\"s0\".\"Region\" IS \"join_orders\".\"Region\"))"));
        Assert.That(byRegion.Select(o => o.Id), Is.EqualTo(_orders.Where(o => _customers.Select(c => c.Region).Contains(o.Region)).Select(o => o.Id)).And.EqualTo(new[] { 1, 3, 5 }));
        Assert.That(byCustomer.Select(o => o.Id), Is.EqualTo(_orders.Where(o => _customers.Select(c => (int?)c.Id).Contains(o.CustomerId)).Select(o => o.Id)).And.EqualTo(new[] { 1, 2, 4 }));
        Assert.That(InterceptionCheck.Runs - before, Is.EqualTo(2));
    }

    [Test]
    public void Any_and_All_correlated_by_a_string_or_nullable_key_match_LINQ()
    {
        var before = InterceptionCheck.Runs;

        var sameRegion = _db.Table<JoinOrder>().Where(o => _db.Table<JoinCustomer>().Any(c => c.Region == o.Region && c.Name != "three")).OrderBy(o => o.Id).ToList();
        var noCustomer = _db.Table<JoinOrder>().Where(o => _db.Table<JoinCustomer>().All(c => o.CustomerId != c.Id)).OrderBy(o => o.Id).ToList();
        var otherRegion = _db.Table<JoinOrder>().Count(o => _db.Table<JoinCustomer>().Any(c => o.Region != c.Region && c.Id == o.CustomerId));

        Assert.That(Intercepted(), Is.EqualTo(3), Seen);
        Assert.That(sameRegion.Select(o => o.Id), Is.EqualTo(_orders.Where(o => _customers.Any(c => c.Region == o.Region && c.Name != "three")).Select(o => o.Id)).And.EqualTo(new[] { 1, 5 }));
        Assert.That(noCustomer.Select(o => o.Id), Is.EqualTo(_orders.Where(o => _customers.All(c => o.CustomerId != c.Id)).Select(o => o.Id)).And.EqualTo(new[] { 3, 5 }));
        Assert.That(otherRegion, Is.EqualTo(_orders.Count(o => _customers.Any(c => o.Region != c.Region && c.Id == o.CustomerId))).And.EqualTo(2));
        Assert.That(InterceptionCheck.Runs - before, Is.EqualTo(3));
    }

    [Test]
    public void Count_Any_All_and_Contains_in_a_projection_match_LINQ()
    {
        var before = InterceptionCheck.Runs;

        var rows = _db.Table<JoinOrder>().Select(o => new
        {
            o.Id,
            Lines = _db.Table<JoinLine>().Count(l => l.OrderId == o.Id),
            Many = _db.Table<JoinLine>().LongCount(l => o.Id == l.OrderId),
            Any = _db.Table<JoinLine>().Any(l => l.OrderId == o.Id),
            Known = _db.Table<JoinCustomer>().Select(c => (int?)c.Id).Contains(o.CustomerId),
            Alone = _db.Table<JoinCustomer>().All(c => c.Region != o.Region),
        }).ToList();
        var counts = _db.Table<JoinOrder>().Where(o => o.Id > 1).Select(o => new { Lines = _db.Table<JoinLine>().Count(l => l.OrderId == o.Id) }).ToArray();

        Assert.That(Intercepted(), Is.EqualTo(2), Seen);
        Assert.That(_seen.First(s => s.Source == StatementSource.Intercepted).Sql, Does.StartWith(
            "SELECT \"Id\", (SELECT count(*) FROM \"join_lines\" AS \"s0\" WHERE (\"s0\".\"OrderId\" = \"join_orders\".\"Id\")), "));
        Assert.That(rows, Is.EqualTo(_orders.Select(o => new
        {
            o.Id,
            Lines = _lines.Count(l => l.OrderId == o.Id),
            Many = _lines.LongCount(l => o.Id == l.OrderId),
            Any = _lines.Any(l => l.OrderId == o.Id),
            Known = _customers.Select(c => (int?)c.Id).Contains(o.CustomerId),
            Alone = _customers.All(c => c.Region != o.Region),
        }).ToList()));
        Assert.That(rows.Select(r => r.Lines), Is.EqualTo(new[] { 2, 1, 0, 1, 0 }));
        Assert.That(_seen.Last(s => s.Source == StatementSource.Intercepted).Sql, Does.StartWith("SELECT 1, (SELECT count(*) "));
        Assert.That(counts.Select(r => r.Lines), Is.EqualTo(_orders.Where(o => o.Id > 1).Select(o => _lines.Count(l => l.OrderId == o.Id))).And.EqualTo(new[] { 1, 0, 1, 0 }));
        Assert.That(InterceptionCheck.Runs - before, Is.EqualTo(2));
    }

    [Test]
    public void Sub_queries_after_Where_calls_reading_the_row_and_a_Sum_compared_match_LINQ()
    {
        var before = InterceptionCheck.Runs;
        var min = 1;
        var total = 5;

        var big = _db.Table<JoinOrder>().Where(o => _db.Table<JoinLine>().Where(l => l.OrderId == o.Id).Where(l => l.Quantity > min).Sum(l => l.Quantity) >= total).ToList();
        var any = _db.Table<JoinOrder>().Count(o => _db.Table<JoinLine>().Where(l => l.OrderId == o.Id).Any());
        var few = _db.Table<JoinOrder>().Where(o => _db.Table<JoinLine>().Where(l => o.Id == l.OrderId).Count() < 2).ExecuteDelete();

        Assert.That(Intercepted(), Is.EqualTo(3), Seen);
        Assert.That(big.Select(o => o.Id), Is.EqualTo(_orders.Where(o => _lines.Where(l => l.OrderId == o.Id).Where(l => l.Quantity > min).Sum(l => l.Quantity) >= total).Select(o => o.Id)).And.EqualTo(new[] { 1, 4 }));
        Assert.That(any, Is.EqualTo(_orders.Count(o => _lines.Where(l => l.OrderId == o.Id).Any())).And.EqualTo(3));
        Assert.That(few, Is.EqualTo(_orders.Count(o => _lines.Where(l => o.Id == l.OrderId).Count() < 2)).And.EqualTo(4));
        Assert.That(InterceptionCheck.Runs - before, Is.EqualTo(3));
    }

    [Test]
    public void Sum_Min_Max_and_Average_in_a_projection_match_LINQ_with_nulls_for_no_rows()
    {
        var before = InterceptionCheck.Runs;

        var rows = _db.Table<JoinOrder>().Select(o => new
        {
            o.Id,
            Sum = _db.Table<JoinLine>().Where(l => l.OrderId == o.Id).Sum(l => l.Quantity),
            Long = _db.Table<JoinLine>().Where(l => l.OrderId == o.Id).Sum(l => (long?)l.Quantity),
            Least = _db.Table<JoinLine>().Where(l => l.OrderId == o.Id).Min(l => (int?)l.Quantity),
            Most = _db.Table<JoinLine>().Where(l => l.OrderId == o.Id).Max(l => (int?)l.Quantity),
            Mean = _db.Table<JoinLine>().Where(l => l.OrderId == o.Id).Average(l => (int?)l.Quantity),
        }).ToList();

        Assert.That(Intercepted(), Is.EqualTo(1), Seen);
        Assert.That(rows, Is.EqualTo(_orders.Select(o => new
        {
            o.Id,
            Sum = _lines.Where(l => l.OrderId == o.Id).Sum(l => l.Quantity),
            Long = _lines.Where(l => l.OrderId == o.Id).Sum(l => (long?)l.Quantity),
            Least = _lines.Where(l => l.OrderId == o.Id).Min(l => (int?)l.Quantity),
            Most = _lines.Where(l => l.OrderId == o.Id).Max(l => (int?)l.Quantity),
            Mean = _lines.Where(l => l.OrderId == o.Id).Average(l => (int?)l.Quantity),
        }).ToList()));
        Assert.That(rows.Select(r => r.Mean), Is.EqualTo(new double?[] { 3, 2, null, 7, null }));
        Assert.That(InterceptionCheck.Runs - before, Is.EqualTo(1));
    }

    [Test]
    public void Max_of_a_non_nullable_member_over_no_rows_throws_LINQs_error_on_the_intercepted_path()
    {
        var error = Assert.Throws<InvalidOperationException>(() =>
            _db.Table<JoinOrder>().Select(o => new { o.Id, Most = _db.Table<JoinLine>().Where(l => l.OrderId == o.Id).Max(l => l.Quantity) }).ToList());

        Assert.That(error!.Message, Does.Contain("has no rows"));
        Assert.That(Intercepted(), Is.EqualTo(1), Seen);
    }

    [Test]
    public void A_projection_sub_query_on_another_connection_runs_on_the_run_time_path_and_throws_its_error()
    {
        using var other = InterceptedFixture.Open(_mapping, _format, _ => { });
        other.CreateTable<JoinLine>();

        var error = Assert.Throws<NotSupportedException>(() => _db.Table<JoinOrder>().Select(o => new { o.Id, Lines = other.Table<JoinLine>().Count(l => l.OrderId == o.Id) }).ToList());
        Assert.That(error!.Message, Does.Contain("another connection"));
        Assert.That(_seen.Where(s => s.Source == StatementSource.Intercepted), Is.Empty, Seen);
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
