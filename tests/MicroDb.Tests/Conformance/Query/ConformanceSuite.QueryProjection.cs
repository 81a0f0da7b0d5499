using MicroDb.Tests.Query;

namespace MicroDb.Tests.Conformance;

/// <summary>Select to a member, an anonymous type, a DTO (initializer or constructor) and computed values.</summary>
public abstract partial class ConformanceSuite
{
    private IEnumerable<QueryItem> OrderedRows => QueryRows.OrderBy(x => x.Id);

    [Test]
    public void Select_member_reads_one_column()
    {
        var query = QueryDb.Table<QueryItem>().OrderBy(x => x.Id).Select(x => x.Name);
        Assert.That(query.ToSqlString(), Is.EqualTo("SELECT \"Name\" FROM \"query_items\" ORDER BY \"Id\""));
        Assert.That(query.ToList(), Is.EqualTo(OrderedRows.Select(x => x.Name)));
    }

    [Test]
    public void Select_member_reads_every_column_kind_exactly()
    {
        var q = QueryDb.Table<QueryItem>().OrderBy(x => x.Id);
        Assert.That(q.Select(x => x.Price).ToList(), Is.EqualTo(OrderedRows.Select(x => x.Price)));
        Assert.That(q.Select(x => x.Hue).ToList(), Is.EqualTo(OrderedRows.Select(x => x.Hue)));
        Assert.That(q.Select(x => x.Shade).ToList(), Is.EqualTo(OrderedRows.Select(x => x.Shade)));
        Assert.That(q.Select(x => x.Born).ToList(), Is.EqualTo(OrderedRows.Select(x => x.Born)));
        Assert.That(q.Select(x => x.BornText).ToList(), Is.EqualTo(OrderedRows.Select(x => x.BornText)));
        Assert.That(q.Select(x => x.Token).ToList(), Is.EqualTo(OrderedRows.Select(x => x.Token)));
        Assert.That(q.Select(x => x.Height).ToList(), Is.EqualTo(OrderedRows.Select(x => x.Height)));
        Assert.That(q.Select(x => x.Flag).ToList(), Is.EqualTo(OrderedRows.Select(x => x.Flag)));
        Assert.That(q.Select(x => x.Initial).ToList(), Is.EqualTo(OrderedRows.Select(x => x.Initial)));
        Assert.That(q.Select(x => x.Big).ToList(), Is.EqualTo(OrderedRows.Select(x => x.Big)));
        Assert.That(q.Select(x => x.Score).ToList(), Is.EqualTo(OrderedRows.Select(x => x.Score)));
        Assert.That(q.Select(x => x.Active).ToList(), Is.EqualTo(OrderedRows.Select(x => x.Active)));
    }

    [Test]
    public void Select_anonymous_type_reads_only_the_columns_it_uses()
    {
        var query = QueryDb.Table<QueryItem>().Where(x => x.Age > 40).OrderBy(x => x.Id).Select(x => new { x.Id, x.Name, Next = x.Age + 1 });
        Assert.That(query.ToSqlString(), Does.StartWith("SELECT \"Id\", \"Name\", \"Age\" FROM"));
        var expected = OrderedRows.Where(x => x.Age > 40).Select(x => new { x.Id, x.Name, Next = x.Age + 1 }).ToList();
        Assert.That(query.ToList(), Is.EqualTo(expected));
    }

    [Test]
    public void Select_dto_with_initializer()
    {
        var query = QueryDb.Table<QueryItem>().OrderBy(x => x.Id).Select(x => new ItemSummary { Id = x.Id, Name = x.Name, NextAge = x.Age + 1 });
        var actual = query.ToList().Select(s => (s.Id, s.Name, s.NextAge));
        Assert.That(actual, Is.EqualTo(OrderedRows.Select(x => (x.Id, x.Name, x.Age + 1))));
    }

    [Test]
    public void Select_record_constructor_with_text_enum_and_streaming()
    {
        var query = QueryDb.Table<QueryItem>().OrderBy(x => x.Id).Select(x => new ItemRecord(x.Id, x.Hue));
        var streamed = new List<ItemRecord>();
        foreach (var record in query)
        {
            streamed.Add(record);
        }

        Assert.That(streamed, Is.EqualTo(OrderedRows.Select(x => new ItemRecord(x.Id, x.Hue))));
    }

    [Test]
    public void Select_computed_values_and_closures()
    {
        var bonus = 0.5;
        var query = QueryDb.Table<QueryItem>().OrderBy(x => x.Id).Select(x => new { Upper = x.Name == null ? "-" : x.Name.ToUpperInvariant(), Total = x.Score + bonus, Wide = (long)x.Age * 3, x.Shade });
        var expected = OrderedRows.Select(x => new { Upper = x.Name == null ? "-" : x.Name.ToUpperInvariant(), Total = x.Score + bonus, Wide = (long)x.Age * 3, x.Shade });
        Assert.That(query.ToList(), Is.EqualTo(expected));
    }

    [Test]
    public void Select_conversions_follow_csharp_casts()
    {
        var query = QueryDb.Table<QueryItem>().OrderBy(x => x.Id).Select(x => new { Whole = (int)x.Price, Truncated = (int)x.Score, Code = (int)x.Initial, Small = (byte)x.Age, Hue = (int)x.Hue });
        var expected = OrderedRows.Select(x => new { Whole = (int)x.Price, Truncated = (int)x.Score, Code = (int)x.Initial, Small = (byte)x.Age, Hue = (int)x.Hue });
        Assert.That(query.ToList(), Is.EqualTo(expected));
    }

    [Test]
    public void Select_nullable_members()
    {
        var query = QueryDb.Table<QueryItem>().OrderBy(x => x.Id).Select(x => new { H = x.Height.HasValue ? x.Height.Value : -1, G = x.Height.GetValueOrDefault(7), D = x.Flag.GetValueOrDefault(), S = x.Height.ToString() });
        var expected = OrderedRows.Select(x => new { H = x.Height.HasValue ? x.Height.Value : -1, G = x.Height.GetValueOrDefault(7), D = x.Flag.GetValueOrDefault(), S = x.Height.ToString() });
        Assert.That(query.ToList(), Is.EqualTo(expected));
    }

    [Test]
    public void Select_unmapped_member_reads_the_whole_entity()
    {
        var query = QueryDb.Table<QueryItem>().OrderBy(x => x.Id).Select(x => x.Label);
        Assert.That(query.ToSqlString(), Does.Contain("\"Price\""));
        Assert.That(query.ToList(), Is.EqualTo(OrderedRows.Select(x => x.Label)));
    }

    [Test]
    public void Select_identity_and_constant()
    {
        Assert.That(QueryDb.Table<QueryItem>().OrderBy(x => x.Id).Select(x => x).ToList().Select(x => x.Id), Is.EqualTo(OrderedRows.Select(x => x.Id)));
        var constant = QueryDb.Table<QueryItem>().Where(x => x.Active).Select(x => 7);
        Assert.That(constant.ToSqlString(), Does.StartWith("SELECT 1 FROM"));
        Assert.That(constant.ToList(), Is.EqualTo(Enumerable.Repeat(7, QueryRows.Count(x => x.Active))));
    }

    [Test]
    public void Select_then_Take_Skip_First_Count()
    {
        var query = QueryDb.Table<QueryItem>().OrderByDescending(x => x.Age).ThenBy(x => x.Id).Select(x => new { x.Id, x.Age });
        var expected = QueryRows.OrderByDescending(x => x.Age).ThenBy(x => x.Id).Select(x => new { x.Id, x.Age }).ToList();
        Assert.That(query.Skip(3).Take(4).ToList(), Is.EqualTo(expected.Skip(3).Take(4)));
        Assert.That(query.First(), Is.EqualTo(expected[0]));
        Assert.That(query.ToArray(), Is.EqualTo(expected));
        Assert.That(query.Count(), Is.EqualTo(QueryRowCount));
        Assert.That(query.Any(), Is.True);
        var none = QueryDb.Table<QueryItem>().Where(x => x.Age > 1000).Select(x => x.Name);
        Assert.That(none.FirstOrDefault(), Is.Null);
        Assert.Throws<InvalidOperationException>(() => none.First());
    }
}
