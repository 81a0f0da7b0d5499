using MicroDb.Conformance.Query;

namespace MicroDb.Conformance;

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
    public void Where_and_OrderBy_after_Select_run_in_sql_on_the_members_they_came_from()
    {
        var query = QueryDb.Table<QueryItem>().Select(x => new { x.Id, N = x.Name, Next = x.Age + 1 })
            .Where(p => p.Next > 40 && p.N != null).OrderByDescending(p => p.Next).ThenBy(p => p.Id);
        Assert.That(query.ToSqlString(), Does.Contain("WHERE (((\"Age\" + ?) > ?) AND (\"Name\" IS NOT NULL)) ORDER BY (\"Age\" + ?) DESC, \"Id\""));
        var expected = QueryRows.Select(x => new { x.Id, N = x.Name, Next = x.Age + 1 }).Where(p => p.Next > 40 && p.N != null).OrderByDescending(p => p.Next).ThenBy(p => p.Id);
        Assert.That(query.ToList(), Is.EqualTo(expected));
        Assert.That(query.Count(p => p.Next == 50), Is.EqualTo(expected.Count(p => p.Next == 50)));
        Assert.That(query.Any(p => p.N == "Anna"), Is.EqualTo(expected.Any(p => p.N == "Anna")));
        Assert.That(query.First(p => p.Id > 100), Is.EqualTo(expected.First(p => p.Id > 100)));
        Assert.That(query.FirstOrDefault(p => p.Id < 0), Is.Null);
    }

    [Test]
    public void Where_after_Select_of_a_member_and_of_an_initializer()
    {
        var ages = QueryDb.Table<QueryItem>().Select(x => x.Age).Where(a => a > 70).OrderBy(a => a);
        Assert.That(ages.ToList(), Is.EqualTo(QueryRows.Select(x => x.Age).Where(a => a > 70).Order()));
        var summaries = QueryDb.Table<QueryItem>().OrderBy(x => x.Id).Select(x => new ItemSummary { Id = x.Id, NextAge = x.Age + 1 }).Where(s => s.NextAge == 31);
        Assert.That(summaries.ToList().Select(s => s.Id), Is.EqualTo(OrderedRows.Where(x => x.Age + 1 == 31).Select(x => x.Id)));
    }

    [Test]
    public void Where_after_Select_and_Take_filters_the_taken_rows()
    {
        var query = QueryDb.Table<QueryItem>().OrderBy(x => x.Id).Select(x => new { x.Id, x.Active }).Take(40).Where(p => p.Active);
        var expected = OrderedRows.Select(x => new { x.Id, x.Active }).Take(40).Where(p => p.Active);
        Assert.That(query.ToList(), Is.EqualTo(expected));
    }

    [Test]
    public void Where_on_a_constructor_argument_after_Select_is_rejected_naming_the_member()
    {
        // A record's constructor does not say which property an argument becomes, so there is nothing to rewrite to.
        var ex = Assert.Throws<NotSupportedException>(() => QueryDb.Table<QueryItem>().Select(x => new ItemRecord(x.Id, x.Hue)).Where(r => r.Hue == Hue.Blue));
        Assert.That(ex!.Message, Does.Contain("Hue"));
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
