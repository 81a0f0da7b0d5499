using MicroDb.Conformance.Query;

namespace MicroDb.Conformance;

/// <summary>Count, Any, First, ElementAt, ToArray, streaming and Delete.</summary>
public abstract partial class ConformanceSuite
{
    [Test]
    public void Count_and_Any_match_linq_to_objects()
    {
        Assert.That(QueryDb.Table<QueryItem>().Count(), Is.EqualTo(QueryRowCount));
        Assert.That(QueryDb.Table<QueryItem>().Count(x => x.Active), Is.EqualTo(QueryRows.Count(x => x.Active)));
        Assert.That(QueryDb.Table<QueryItem>().Any(), Is.True);
        Assert.That(QueryDb.Table<QueryItem>().Any(x => x.Age > 1000), Is.False);
        Assert.That(QueryDb.Table<QueryItem>().Any(x => x.Age == QueryRows[7].Age), Is.True);
        Assert.That(QueryDb.Table<QueryItem>().Where(x => x.Age > 1000).Any(), Is.False);
    }

    [Test]
    public void First_returns_the_first_row_in_query_order()
    {
        var expected = QueryRows.OrderByDescending(x => x.Score).ThenBy(x => x.Id).First();
        Assert.That(QueryDb.Table<QueryItem>().OrderByDescending(x => x.Score).ThenBy(x => x.Id).First().Id, Is.EqualTo(expected.Id));
        Assert.That(QueryDb.Table<QueryItem>().First(x => x.Age > 40).Id, Is.EqualTo(QueryRows.First(x => x.Age > 40).Id));
    }

    [Test]
    public void First_without_a_row_throws_and_FirstOrDefault_returns_null()
    {
        var ex = Assert.Throws<InvalidOperationException>(() => QueryDb.Table<QueryItem>().First(x => x.Age > 1000));
        Assert.That(ex!.Message, Does.Contain("query_items"));
        Assert.That(QueryDb.Table<QueryItem>().FirstOrDefault(x => x.Age > 1000), Is.Null);
        Assert.That(QueryDb.Table<QueryItem>().FirstOrDefault(x => x.Age == 33)?.Id, Is.EqualTo(QueryRows.FirstOrDefault(x => x.Age == 33)?.Id));
    }

    [Test]
    public void First_reads_every_column_back()
    {
        var expected = QueryRows[42];
        var actual = QueryDb.Table<QueryItem>().First(x => x.Id == expected.Id);
        Assert.That(actual, Is.EqualTo(expected).Using<QueryItem>(SameValues));
    }

    [Test]
    public void Single_requires_exactly_one_row()
    {
        var target = QueryRows[12];
        Assert.That(QueryDb.Table<QueryItem>().Single(x => x.Id == target.Id).Id, Is.EqualTo(target.Id));
        Assert.That(QueryDb.Table<QueryItem>().SingleOrDefault(x => x.Id == -1), Is.Null);
        var none = Assert.Throws<InvalidOperationException>(() => QueryDb.Table<QueryItem>().Single(x => x.Id == -1));
        Assert.That(none!.Message, Does.Contain("no row"));
        var many = Assert.Throws<InvalidOperationException>(() => QueryDb.Table<QueryItem>().SingleOrDefault(x => x.Age > 10));
        Assert.That(many!.Message, Does.Contain("more than one"));
    }

    [Test]
    public void A_captured_variable_that_is_null_when_Where_is_called_is_read_when_the_query_runs()
    {
        string? pattern = null;
        var query = QueryDb.Table<QueryItem>().Where(x => x.Name!.Contains(pattern!));
        pattern = "nn";
        Assert.That(query.Count(), Is.EqualTo(QueryRows.Count(x => x.Name != null && x.Name.Contains("nn", StringComparison.Ordinal))));
    }

    [Test]
    public void ElementAt_returns_the_row_at_the_index()
    {
        var ordered = QueryDb.Table<QueryItem>().OrderBy(x => x.Age).ThenBy(x => x.Id);
        var expected = QueryRows.OrderBy(x => x.Age).ThenBy(x => x.Id).ToList();
        Assert.That(ordered.ElementAt(0).Id, Is.EqualTo(expected[0].Id));
        Assert.That(ordered.ElementAt(17).Id, Is.EqualTo(expected[17].Id));
        Assert.That(ordered.ElementAtOrDefault(QueryRowCount - 1)?.Id, Is.EqualTo(expected[^1].Id));
        Assert.That(ordered.ElementAtOrDefault(QueryRowCount), Is.Null);
        Assert.That(ordered.ElementAtOrDefault(-1), Is.Null);
    }

    [Test]
    public void ElementAt_out_of_range_throws_ArgumentOutOfRangeException()
    {
        Assert.Throws<ArgumentOutOfRangeException>(() => QueryDb.Table<QueryItem>().ElementAt(QueryRowCount));
        Assert.Throws<ArgumentOutOfRangeException>(() => QueryDb.Table<QueryItem>().ElementAt(-1));
    }

    [Test]
    public void ToArray_and_ToList_agree()
    {
        var query = QueryDb.Table<QueryItem>().Where(x => x.Hue == Hue.Blue).OrderBy(x => x.Id);
        Assert.That(query.ToArray().Select(x => x.Id), Is.EqualTo(query.ToList().Select(x => x.Id)));
    }

    [Test]
    public void Enumeration_streams_and_can_nest()
    {
        var outer = QueryDb.Table<QueryItem>().Where(x => x.Age < 10).OrderBy(x => x.Id);
        var pairs = 0;
        foreach (var a in outer)
        {
            // The same query enumerated inside itself gets its own statement.
            foreach (var b in outer)
            {
                pairs++;
            }
        }

        var n = QueryRows.Count(x => x.Age < 10);
        Assert.That(pairs, Is.EqualTo(n * n));
    }

    [Test]
    public void Breaking_out_of_an_enumeration_releases_its_statement()
    {
        foreach (var item in QueryDb.Table<QueryItem>())
        {
            break;
        }

        // SQLite refuses to drop a table while a statement is still reading it.
        Assert.DoesNotThrow(() => QueryDb.DropTable<QueryItem>());
    }

    [Test]
    public void Enumerating_twice_runs_the_query_twice()
    {
        var query = QueryDb.Table<QueryItem>().Where(x => x.Age > 60);
        var first = query.Count();
        QueryDb.Insert(new QueryItem { Age = 99, Name = "late" });
        Assert.That(query.ToList(), Has.Count.EqualTo(first + 1));
    }

    [Test]
    public void Delete_with_predicate_deletes_exactly_the_matching_rows()
    {
        var deleted = QueryDb.Table<QueryItem>().Delete(x => x.Age > 50 && x.Name != null);
        Assert.That(deleted, Is.EqualTo(QueryRows.Count(x => x.Age > 50 && x.Name != null)));
        var remaining = QueryDb.Table<QueryItem>().OrderBy(x => x.Id).ToList().Select(x => x.Id);
        Assert.That(remaining, Is.EqualTo(QueryRows.Where(x => !(x.Age > 50 && x.Name != null)).Select(x => x.Id)));
    }

    [Test]
    public void Delete_of_a_filtered_query_deletes_its_rows()
    {
        var deleted = QueryDb.Table<QueryItem>().Where(x => x.Hue == Hue.Red).Where(x => x.Active).Delete();
        Assert.That(deleted, Is.EqualTo(QueryRows.Count(x => x.Hue == Hue.Red && x.Active)));
        Assert.That(QueryDb.Table<QueryItem>().Count(), Is.EqualTo(QueryRowCount - deleted));
    }

    [Test]
    public void Delete_with_take_deletes_the_first_rows_in_order()
    {
        var deleted = QueryDb.Table<QueryItem>().OrderByDescending(x => x.Score).ThenBy(x => x.Id).Take(7).Delete();
        Assert.That(deleted, Is.EqualTo(7));
        var expected = QueryRows.OrderByDescending(x => x.Score).ThenBy(x => x.Id).Skip(7).Select(x => x.Id).Order();
        Assert.That(QueryDb.Table<QueryItem>().OrderBy(x => x.Id).Select(x => x.Id).ToList(), Is.EqualTo(expected));
    }

    [Test]
    public void Delete_without_a_filter_throws_and_deletes_nothing()
    {
        var ex = Assert.Throws<InvalidOperationException>(() => QueryDb.Table<QueryItem>().Delete());
        Assert.That(ex!.Message, Does.Contain("DeleteAll"));
        Assert.That(QueryDb.Table<QueryItem>().Count(), Is.EqualTo(QueryRowCount));
    }

    internal static bool SameValues(QueryItem a, QueryItem b) =>
        a.Id == b.Id && a.Name == b.Name && a.Age == b.Age && a.Score.Equals(b.Score) && a.Height == b.Height && a.Active == b.Active
        && a.Hue == b.Hue && a.Shade == b.Shade && a.Born == b.Born && a.Born.Kind == b.Born.Kind && a.BornText == b.BornText
        && a.Price == b.Price && a.Token == b.Token && a.Initial == b.Initial && a.Flag == b.Flag && a.Big == b.Big;
}
