using MicroDb.Conformance.Query;
using MicroDb.Query;

namespace MicroDb.Conformance;

/// <summary>Ordering, Take/Skip and their combinations, compared row by row (in order) with LINQ-to-Objects.</summary>
public abstract partial class ConformanceSuite
{
    public sealed record ShapeCase(Func<TableQuery<QueryItem>, TableQuery<QueryItem>> Sql, Func<IEnumerable<QueryItem>, IEnumerable<QueryItem>> Linq);

    private static TestCaseData ShapeCaseData(string name, Func<TableQuery<QueryItem>, TableQuery<QueryItem>> sql, Func<IEnumerable<QueryItem>, IEnumerable<QueryItem>> linq) =>
        new TestCaseData(new ShapeCase(sql, linq)).SetName("Shape_" + name);

    public static IEnumerable<TestCaseData> ShapeCases()
    {
        // SQLite compares text by bytes, so the LINQ side sorts strings ordinally.
        var ordinal = StringComparer.Ordinal;
        yield return ShapeCaseData("order_by_then_by", q => q.OrderBy(x => x.Age).ThenBy(x => x.Id), s => s.OrderBy(x => x.Age).ThenBy(x => x.Id));
        yield return ShapeCaseData("order_by_descending", q => q.OrderByDescending(x => x.Score).ThenBy(x => x.Id), s => s.OrderByDescending(x => x.Score).ThenBy(x => x.Id));
        yield return ShapeCaseData("string_then_by_descending", q => q.OrderBy(x => x.Name).ThenByDescending(x => x.Id), s => s.OrderBy(x => x.Name, ordinal).ThenByDescending(x => x.Id));
        yield return ShapeCaseData("nulls_first_ascending", q => q.OrderBy(x => x.Height).ThenBy(x => x.Id), s => s.OrderBy(x => x.Height).ThenBy(x => x.Id));
        yield return ShapeCaseData("nulls_last_descending", q => q.OrderByDescending(x => x.Height).ThenBy(x => x.Id), s => s.OrderByDescending(x => x.Height).ThenBy(x => x.Id));
        yield return ShapeCaseData("decimal", q => q.OrderBy(x => x.Price).ThenBy(x => x.Id), s => s.OrderBy(x => x.Price).ThenBy(x => x.Id));
        yield return ShapeCaseData("datetime", q => q.OrderByDescending(x => x.Born).ThenBy(x => x.Id), s => s.OrderByDescending(x => x.Born).ThenBy(x => x.Id));
        yield return ShapeCaseData("text_datetime", q => q.OrderBy(x => x.BornText).ThenBy(x => x.Id), s => s.OrderBy(x => x.BornText).ThenBy(x => x.Id));
        yield return ShapeCaseData("guid", q => q.OrderBy(x => x.Token).ThenBy(x => x.Id), s => s.OrderBy(x => x.Token).ThenBy(x => x.Id));
        yield return ShapeCaseData("enum", q => q.OrderBy(x => x.Hue).ThenByDescending(x => x.Id), s => s.OrderBy(x => x.Hue).ThenByDescending(x => x.Id));
        yield return ShapeCaseData("bool_and_char", q => q.OrderBy(x => x.Active).ThenBy(x => x.Initial).ThenBy(x => x.Id), s => s.OrderBy(x => x.Active).ThenBy(x => x.Initial).ThenBy(x => x.Id));
        yield return ShapeCaseData("computed_key", q => q.OrderBy(x => x.Age % 10).ThenByDescending(x => x.Age).ThenBy(x => x.Id), s => s.OrderBy(x => x.Age % 10).ThenByDescending(x => x.Age).ThenBy(x => x.Id));
        yield return ShapeCaseData("second_order_by_keeps_first_as_tie_breaker", q => q.OrderByDescending(x => x.Id).OrderBy(x => x.Hue), s => s.OrderByDescending(x => x.Id).OrderBy(x => x.Hue));
        yield return ShapeCaseData("then_by_refines_latest_order_by", q => q.OrderBy(x => x.Age).OrderBy(x => x.Hue).ThenByDescending(x => x.Active), s => s.OrderBy(x => x.Age).OrderBy(x => x.Hue).ThenByDescending(x => x.Active));
        yield return ShapeCaseData("where_after_order_by", q => q.OrderBy(x => x.Age).ThenBy(x => x.Id).Where(x => x.Active), s => s.OrderBy(x => x.Age).ThenBy(x => x.Id).Where(x => x.Active));

        yield return ShapeCaseData("skip_take", q => q.OrderBy(x => x.Id).Skip(10).Take(5), s => s.OrderBy(x => x.Id).Skip(10).Take(5));
        yield return ShapeCaseData("take_skip", q => q.OrderBy(x => x.Id).Take(5).Skip(2), s => s.OrderBy(x => x.Id).Take(5).Skip(2));
        yield return ShapeCaseData("take_zero", q => q.OrderBy(x => x.Id).Skip(3).Take(0), s => s.OrderBy(x => x.Id).Skip(3).Take(0));
        yield return ShapeCaseData("take_negative", q => q.Take(-1), s => s.Take(-1));
        yield return ShapeCaseData("skip_negative", q => q.OrderBy(x => x.Id).Skip(-5).Take(3), s => s.OrderBy(x => x.Id).Skip(-5).Take(3));
        yield return ShapeCaseData("skip_past_end", q => q.OrderBy(x => x.Id).Skip(295).Take(10), s => s.OrderBy(x => x.Id).Skip(295).Take(10));
        yield return ShapeCaseData("skip_only", q => q.OrderBy(x => x.Age).ThenBy(x => x.Id).Skip(250), s => s.OrderBy(x => x.Age).ThenBy(x => x.Id).Skip(250));
        yield return ShapeCaseData("take_take", q => q.OrderBy(x => x.Id).Take(10).Take(20), s => s.OrderBy(x => x.Id).Take(10).Take(20));
        yield return ShapeCaseData("skip_skip_take", q => q.OrderBy(x => x.Id).Skip(5).Skip(5).Take(3), s => s.OrderBy(x => x.Id).Skip(5).Skip(5).Take(3));
        yield return ShapeCaseData("where_after_take_filters_the_taken_rows", q => q.OrderBy(x => x.Age).ThenBy(x => x.Id).Take(30).Where(x => x.Active), s => s.OrderBy(x => x.Age).ThenBy(x => x.Id).Take(30).Where(x => x.Active));
        yield return ShapeCaseData("order_by_after_take_sorts_the_taken_rows", q => q.OrderBy(x => x.Id).Take(50).OrderByDescending(x => x.Score).ThenBy(x => x.Id), s => s.OrderBy(x => x.Id).Take(50).OrderByDescending(x => x.Score).ThenBy(x => x.Id));
        yield return ShapeCaseData("where_after_skip", q => q.OrderBy(x => x.Id).Skip(100).Where(x => x.Age > 40), s => s.OrderBy(x => x.Id).Skip(100).Where(x => x.Age > 40));
        yield return ShapeCaseData("nested_twice", q => q.OrderBy(x => x.Score).ThenBy(x => x.Id).Take(100).Where(x => x.Age > 20).Take(10).Where(x => x.Active), s => s.OrderBy(x => x.Score).ThenBy(x => x.Id).Take(100).Where(x => x.Age > 20).Take(10).Where(x => x.Active));
    }

    [TestCaseSource(nameof(ShapeCases))]
    public void Query_returns_the_rows_of_linq_to_objects_in_the_same_order(ShapeCase c)
    {
        var query = c.Sql(QueryDb.Table<QueryItem>());
        var expected = c.Linq(QueryRows).Select(x => x.Id).ToList();
        Assert.That(query.ToList().Select(x => x.Id), Is.EqualTo(expected), Describe(query.ToSqlString()));

        // The streaming enumerator, Count and Any must agree with ToList.
        Assert.That(query.Select(x => x.Id).ToList(), Is.EqualTo(expected), "projection; " + Describe(query.ToSqlString()));
        Assert.That(((IEnumerable<QueryItem>)query).Select(x => x.Id), Is.EqualTo(expected), "enumeration; " + Describe(query.ToSqlString()));
        Assert.That(query.Count(), Is.EqualTo(expected.Count), "Count; " + Describe(query.ToSqlString()));
        Assert.That(query.Any(), Is.EqualTo(expected.Count > 0), "Any; " + Describe(query.ToSqlString()));
    }

    [Test]
    public void ThenBy_without_OrderBy_throws()
    {
        var ex = Assert.Throws<InvalidOperationException>(() => QueryDb.Table<QueryItem>().ThenBy(x => x.Id));
        Assert.That(ex!.Message, Does.Contain("ThenBy"));
    }

    [Test]
    public void ThenBy_after_Take_throws()
    {
        Assert.Throws<InvalidOperationException>(() => QueryDb.Table<QueryItem>().OrderBy(x => x.Age).Take(3).ThenBy(x => x.Id));
    }

    [Test]
    public void Ordering_by_a_text_enum_throws_naming_the_member()
    {
        var ex = Assert.Throws<NotSupportedException>(() => QueryDb.Table<QueryItem>().OrderBy(x => x.Shade));
        Assert.That(ex!.Message, Does.Contain("Shade").And.Contain("StoreAsText"));
    }
}
