using MicroDb.Conformance.Models;
using MicroDb.Conformance.Query;

namespace MicroDb.Conformance;

/// <summary>Last, Distinct and the picking operators on projections.</summary>
public abstract partial class ConformanceSuite
{
    [Test]
    public void Last_without_order_is_the_last_inserted_row()
    {
        Assert.That(QueryDb.Table<QueryItem>().Last().Id, Is.EqualTo(QueryRows[^1].Id));
        Assert.That(QueryDb.Table<QueryItem>().Last(x => x.Age < 30).Id, Is.EqualTo(QueryRows.Last(x => x.Age < 30).Id));
        Assert.That(QueryDb.Table<QueryItem>().Where(x => x.Active).LastOrDefault()?.Id, Is.EqualTo(QueryRows.LastOrDefault(x => x.Active)?.Id));
    }

    [Test]
    public void Last_reverses_the_order_and_breaks_ties_like_linq()
    {
        // Many rows share an Age: LINQ's stable sort makes the last of them the one inserted last.
        var expected = QueryRows.OrderBy(x => x.Age).Last();
        Assert.That(QueryDb.Table<QueryItem>().OrderBy(x => x.Age).Last().Id, Is.EqualTo(expected.Id));
        var expected2 = QueryRows.OrderByDescending(x => x.Hue).ThenBy(x => x.Age).Last(x => x.Active);
        Assert.That(QueryDb.Table<QueryItem>().OrderByDescending(x => x.Hue).ThenBy(x => x.Age).Last(x => x.Active).Id, Is.EqualTo(expected2.Id));
        var select = QueryDb.Table<QueryItem>().OrderBy(x => x.Score).Select(x => x.Name);
        Assert.That(select.Last(), Is.EqualTo(QueryRows.OrderBy(x => x.Score).Last().Name));
    }

    [Test]
    public void Last_after_Take_and_Skip_is_the_last_of_the_limited_rows()
    {
        var ordered = QueryDb.Table<QueryItem>().OrderByDescending(x => x.Score).ThenBy(x => x.Id);
        var expected = QueryRows.OrderByDescending(x => x.Score).ThenBy(x => x.Id).Skip(4).Take(9).ToList();
        Assert.That(ordered.Skip(4).Take(9).Last().Id, Is.EqualTo(expected[^1].Id));
        Assert.That(ordered.Skip(4).Take(9).Last(x => x.Age > 20).Id, Is.EqualTo(expected.Last(x => x.Age > 20).Id));

        // Without an order the primary key gives it, at every level of the sub-query.
        Assert.That(QueryDb.Table<QueryItem>().Take(12).Last().Id, Is.EqualTo(QueryRows[11].Id));
        Assert.That(QueryDb.Table<QueryItem>().Take(12).Where(x => x.Age > 10).Last().Id, Is.EqualTo(QueryRows.Take(12).Last(x => x.Age > 10).Id));
    }

    [Test]
    public void Last_of_empty_throws_and_LastOrDefault_returns_null()
    {
        var ex = Assert.Throws<InvalidOperationException>(() => QueryDb.Table<QueryItem>().Last(x => x.Age > 1000));
        Assert.That(ex!.Message, Does.Contain("query_items"));
        Assert.That(QueryDb.Table<QueryItem>().LastOrDefault(x => x.Age > 1000), Is.Null);
        Assert.That(QueryDb.Table<QueryItem>().Select(x => x.Age).Where(a => a > 1000).LastOrDefault(), Is.EqualTo(0));
    }

    [Test]
    public void Last_on_a_without_rowid_table_uses_the_primary_key()
    {
        var db = OpenWith<Setting>();
        db.InsertAll(new[] { new Setting { Key = "b", Value = "2" }, new Setting { Key = "c", Value = "3" }, new Setting { Key = "a", Value = "1" } });
        Assert.That(db.Table<Setting>().Last().Key, Is.EqualTo("c"));
        Assert.That(db.Table<Setting>().Take(2).Last().Key, Is.EqualTo("b"));
        Assert.That(db.Table<Setting>().OrderByDescending(x => x.Key).Last().Key, Is.EqualTo("a"));
    }

    [Test]
    public void Last_without_order_on_a_table_without_key_uses_rowid_and_needs_an_order_after_Take()
    {
        var db = OpenWith<LogLine>();
        db.InsertAll(new[] { new LogLine { Message = "a", Level = 2 }, new LogLine { Message = "b", Level = 1 }, new LogLine { Message = "c", Level = 3 } });
        Assert.That(db.Table<LogLine>().Last().Message, Is.EqualTo("c"));
        Assert.That(db.Table<LogLine>().Last(x => x.Level < 3).Message, Is.EqualTo("b"));
        Assert.That(db.Table<LogLine>().OrderBy(x => x.Level).Take(2).Last().Message, Is.EqualTo("a"));
        var ex = Assert.Throws<NotSupportedException>(() => db.Table<LogLine>().Take(2).Last());
        Assert.That(ex!.Message, Does.Contain("OrderBy"));
    }

    [Test]
    public void Single_on_a_projection_requires_exactly_one_row()
    {
        var target = QueryRows[5];
        Assert.That(QueryDb.Table<QueryItem>().Where(x => x.Id == target.Id).Select(x => x.Name).Single(), Is.EqualTo(target.Name));
        Assert.That(QueryDb.Table<QueryItem>().Select(x => x.Id).SingleOrDefault(id => id == -1), Is.EqualTo(0));
        Assert.Throws<InvalidOperationException>(() => QueryDb.Table<QueryItem>().Select(x => x.Id).Single(id => id > 10));
        Assert.Throws<InvalidOperationException>(() => QueryDb.Table<QueryItem>().Select(x => x.Id).Single(id => id < 0));
    }

    [Test]
    public void All_and_LongCount_on_a_projection_match_linq()
    {
        var ages = QueryDb.Table<QueryItem>().Select(x => x.Height);
        Assert.That(ages.All(h => h > 120), Is.EqualTo(QueryRows.Select(x => x.Height).All(h => h > 120)));
        Assert.That(ages.Where(h => h != null).All(h => h >= 100), Is.True);
        Assert.That(ages.LongCount(h => h == null), Is.EqualTo(QueryRows.LongCount(x => x.Height == null)));
        Assert.That(ages.Where(h => h > 1000).All(h => h < 0), Is.True, "All of no rows is true");
    }

    [Test]
    public void ElementAt_on_a_projection_returns_the_value_at_the_index()
    {
        var q = QueryDb.Table<QueryItem>().OrderBy(x => x.Age).ThenBy(x => x.Id).Select(x => x.Id);
        var expected = QueryRows.OrderBy(x => x.Age).ThenBy(x => x.Id).Select(x => x.Id).ToList();
        Assert.That(q.ElementAt(9), Is.EqualTo(expected[9]));
        Assert.That(q.ElementAtOrDefault(QueryRowCount), Is.EqualTo(0));
        Assert.Throws<ArgumentOutOfRangeException>(() => q.ElementAt(QueryRowCount));
    }

    [Test]
    public void Distinct_on_a_column_matches_linq()
    {
        var names = QueryDb.Table<QueryItem>().Select(x => x.Name).Distinct().ToList();
        Assert.That(names, Is.EquivalentTo(QueryRows.Select(x => x.Name).Distinct()));
        Assert.That(QueryDb.Table<QueryItem>().Select(x => x.Age).Distinct().Count(), Is.EqualTo(QueryRows.Select(x => x.Age).Distinct().Count()));
        Assert.That(QueryDb.Table<QueryItem>().Where(x => x.Active).Select(x => x.Hue).Distinct().OrderBy(h => h).ToList(), Is.EqualTo(QueryRows.Where(x => x.Active).Select(x => x.Hue).Distinct().Order()));
        Assert.That(QueryDb.Table<QueryItem>().Select(x => x.Age).Distinct().OrderBy(a => a).Take(5).ToList(), Is.EqualTo(QueryRows.Select(x => x.Age).Distinct().Order().Take(5)));
    }

    [Test]
    public void Distinct_after_Take_removes_duplicates_from_the_limited_rows()
    {
        var q = QueryDb.Table<QueryItem>().OrderBy(x => x.Id).Take(40).Select(x => x.Hue).Distinct();
        var expected = QueryRows.Take(40).Select(x => x.Hue).Distinct().ToList();
        Assert.That(q.ToList(), Is.EquivalentTo(expected));
        Assert.That(q.Count(), Is.EqualTo(expected.Count));
    }

    [Test]
    public void Distinct_of_a_projection_to_an_object_throws_NotSupportedException()
    {
        var ex = Assert.Throws<NotSupportedException>(() => QueryDb.Table<QueryItem>().Select(x => new ItemSummary { Id = x.Id, Name = x.Name }).Distinct());
        Assert.That(ex!.Message, Does.Contain("Distinct"));
    }

    [Test]
    public void Min_and_Max_of_a_projection_match_linq()
    {
        Assert.That(QueryDb.Table<QueryItem>().Select(x => x.Score).Max(), Is.EqualTo(QueryRows.Max(x => x.Score)));
        Assert.That(QueryDb.Table<QueryItem>().Select(x => x.Height).Min(), Is.EqualTo(QueryRows.Min(x => x.Height)));
        Assert.That(QueryDb.Table<QueryItem>().Select(x => x.Born).Max(), Is.EqualTo(QueryRows.Max(x => x.Born)));
        Assert.That(QueryDb.Table<QueryItem>().Select(x => x.Price).Min(), Is.EqualTo(QueryRows.Min(x => x.Price)));
    }
}
