using MicroDb.Query;

namespace MicroDb.Generated.Tests.Intercepted;

/// <summary>
/// ExecuteUpdate setters whose value is a sub-query over another table correlated by the row
/// (<c>x =&gt; db.Table&lt;Line&gt;().Count(l =&gt; l.OrderId == x.Id)</c>, <c>Sum</c> likewise), or whose <c>?:</c> test
/// reads a sub-query or compares floating-point, decimal or date members: the rows equal LINQ-to-Objects', on both
/// mapping paths and both storage formats, with the interception check on; a bad write changes nothing.
/// </summary>
[TestFixture("generated", "microdb")]
[TestFixture("generated", "sqlite-net")]
[TestFixture("reflection", "microdb")]
[TestFixture("reflection", "sqlite-net")]
public class SetterSubqueryTests : InterceptedTestBase
{
    private List<SetMoreOrder> _stored = null!;
    private List<SetMoreLine> _lines = null!;

    public SetterSubqueryTests(string mapping, string format)
        : base(mapping, format)
    {
    }

    protected override void Seed()
    {
        _stored = SetMoreData.Seed(_db);
        _lines = _db.Table<SetMoreLine>().ToList();
    }

    private List<SetMoreOrder> Rows() => [.. _db.Query<SetMoreOrder>("SELECT * FROM \"setmore_orders\"").OrderBy(r => r.Id)];

    private ExecutedStatement Update() => _seen.First(s => s.Sql.StartsWith("UPDATE", StringComparison.Ordinal));

    [Test]
    public void Setters_from_Count_and_Sum_sub_queries_write_the_LINQ_values()
    {
        var min = 2;

        var changed = _db.Table<SetMoreOrder>().Where(x => x.Id > 0).ExecuteUpdate(s => s
            .Set(x => x.LineCount, x => _db.Table<SetMoreLine>().Count(l => l.OrderId == x.Id))
            .Set(x => x.Count, x => _db.Table<SetMoreLine>().Where(l => l.Quantity >= min).Sum(l => l.Quantity) + x.Count)
            .Set(x => x.Big, x => _db.Table<SetMoreLine>().LongCount(l => l.OrderId == x.Id && l.Quantity > min)));

        Assert.That(changed, Is.EqualTo(_stored.Count));
        foreach (var row in Rows())
        {
            var old = _stored.Single(r => r.Id == row.Id);
            var want = (_lines.Count(l => l.OrderId == old.Id), _lines.Where(l => l.Quantity >= min).Sum(l => l.Quantity) + old.Count, _lines.LongCount(l => l.OrderId == old.Id && l.Quantity > min));
            Assert.That((row.LineCount, row.Count, row.Big), Is.EqualTo(want), "row " + row.Id);
        }

        Assert.That(Update().Sql, Does.StartWith("UPDATE \"setmore_orders\" SET \"LineCount\" = (SELECT count(*) FROM \"setmore_lines\""), Seen);
    }

    [Test]
    public void Setter_from_a_correlated_Sum_writes_the_LINQ_values()
    {
        var changed = _db.Table<SetMoreOrder>().ExecuteUpdate(s => s.Set(x => x.LineCount, x => _db.Table<SetMoreLine>().Where(l => l.OrderId == x.Id).Sum(l => l.Quantity)));

        Assert.That(changed, Is.EqualTo(_stored.Count));
        Assert.That(Rows().Select(r => r.LineCount), Is.EqualTo(_stored.Select(o => _lines.Where(l => l.OrderId == o.Id).Sum(l => l.Quantity))));
    }

    [Test]
    public void Setter_conditional_reading_a_sub_query_picks_the_branch_LINQ_picks()
    {
        var changed = _db.Table<SetMoreOrder>().ExecuteUpdate(s => s
            .Set(x => x.Name, x => _db.Table<SetMoreLine>().Any(l => l.OrderId == x.Id) ? x.Name + "+" : "none")
            .Set(x => x.Count, x => _db.Table<SetMoreLine>().Count(l => l.OrderId == x.Id) > 2 ? x.Count * 10 : x.Count));

        Assert.That(changed, Is.EqualTo(_stored.Count));
        foreach (var row in Rows())
        {
            var old = _stored.Single(r => r.Id == row.Id);
            var want = (_lines.Any(l => l.OrderId == old.Id) ? old.Name + "+" : "none", _lines.Count(l => l.OrderId == old.Id) > 2 ? old.Count * 10 : old.Count);
            Assert.That((row.Name, row.Count), Is.EqualTo(want), "row " + row.Id);
        }
    }

    [Test]
    public void Setter_from_a_sub_query_violating_a_foreign_key_changes_nothing()
    {
        // Each line's order becomes the number of lines of its order plus 100: no such order.
        var error = Assert.Throws<MicroDbConstraintException>(() => _db.Table<SetMoreLine>().ExecuteUpdate(s => s
            .Set(x => x.OrderId, x => _db.Table<SetMoreOrder>().Count(o => o.Id == x.OrderId) + 100)));

        Assert.That(error!.Message, Does.Contain("FOREIGN KEY"));
        Assert.That(_db.Table<SetMoreLine>().ToList().Select(l => l.OrderId), Is.EqualTo(_lines.Select(l => l.OrderId)));
    }

    [Test]
    public void Setter_from_a_sub_query_violating_NOT_NULL_changes_nothing()
    {
        Assert.Throws<MicroDbConstraintException>(() => _db.Table<SetMoreOrder>().ExecuteUpdate(s => s
            .Set(x => x.Name, x => _db.Table<SetMoreLine>().Any(l => l.OrderId == x.Id) ? x.Name : null!)));

        Assert.That(Rows().Select(r => r.Name), Is.EqualTo(_stored.Select(r => r.Name)));
    }

    [Test]
    public void Setter_conditionals_comparing_double_decimal_and_date_members_pick_the_branch_LINQ_picks()
    {
        var score = 1.0;
        var price = 1m;
        var when = new DateTime(2024, 2, 1);

        var changed = _db.Table<SetMoreOrder>().ExecuteUpdate(s => s
            .Set(x => x.Count, x => x.Score > score ? x.Count + 1 : x.Count - 1)
            .Set(x => x.LineCount, x => x.Price >= price ? 1 : 0)
            .Set(x => x.Big, x => x.At < when ? 10 : 20));

        Assert.That(changed, Is.EqualTo(_stored.Count));
        foreach (var row in Rows())
        {
            var old = _stored.Single(r => r.Id == row.Id);
            var want = (old.Score > score ? old.Count + 1 : old.Count - 1, old.Price >= price ? 1 : 0, old.At < when ? 10L : 20L);
            Assert.That((row.Count, row.LineCount, row.Big), Is.EqualTo(want), "row " + row.Id);
        }
    }

    [Test]
    public void Setter_conditional_comparing_a_double_member_violating_NOT_NULL_changes_nothing()
    {
        var score = 1.0;

        Assert.Throws<MicroDbConstraintException>(() => _db.Table<SetMoreOrder>().ExecuteUpdate(s => s
            .Set(x => x.Name, x => x.Score > score ? null! : x.Name)));

        Assert.That(Rows().Select(r => r.Name), Is.EqualTo(_stored.Select(r => r.Name)));
    }
}
