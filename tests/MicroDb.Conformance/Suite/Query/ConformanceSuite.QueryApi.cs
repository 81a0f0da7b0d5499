using MicroDb.Conformance.Query;

namespace MicroDb.Conformance;

/// <summary>Get/Find by predicate, FindWithQuery, CreateIndex by expression and the named-parameter overloads.</summary>
public abstract partial class ConformanceSuite
{
    [Test]
    public void Get_by_predicate_returns_the_first_match()
    {
        var target = QueryRows[10];
        Assert.That(QueryDb.Get<QueryItem>(x => x.Id == target.Id).Name, Is.EqualTo(target.Name));
    }

    [Test]
    public void Get_by_predicate_without_match_throws_naming_the_table()
    {
        var ex = Assert.Throws<InvalidOperationException>(() => QueryDb.Get<QueryItem>(x => x.Age < 0));
        Assert.That(ex!.Message, Does.Contain("query_items"));
    }

    [Test]
    public void Find_by_predicate_returns_null_without_match()
    {
        Assert.That(QueryDb.Find<QueryItem>(x => x.Age < 0), Is.Null);
        Assert.That(QueryDb.Find<QueryItem>(x => x.Age == QueryRows[3].Age)?.Id, Is.EqualTo(QueryRows.First(x => x.Age == QueryRows[3].Age).Id));
    }

    [Test]
    public void Get_and_Find_by_key_still_bind_to_the_key_overloads()
    {
        Assert.That(QueryDb.Get<QueryItem>(QueryRows[5].Id).Id, Is.EqualTo(QueryRows[5].Id));
        Assert.That(QueryDb.Find<QueryItem>(-1), Is.Null);
    }

    [Test]
    public void FindWithQuery_returns_the_first_row_or_null()
    {
        var found = QueryDb.FindWithQuery<QueryItem>("SELECT * FROM query_items WHERE Age > ? ORDER BY Id", 40);
        Assert.That(found?.Id, Is.EqualTo(QueryRows.First(x => x.Age > 40).Id));
        Assert.That(QueryDb.FindWithQuery<QueryItem>("SELECT * FROM query_items WHERE Age > ?", 1000), Is.Null);
    }

    [Test]
    public void CreateIndex_by_member_expression()
    {
        QueryDb.CreateIndex<QueryItem>(x => x.Name);
        Assert.That(QueryDb.GetIndexNames("query_items"), Does.Contain("query_items_Name"));
        Assert.That(QueryDb.QueryScalars<string>("SELECT name FROM pragma_index_info('query_items_Name')"), Is.EqualTo(new[] { "Name" }));
    }

    [Test]
    public void CreateIndex_by_anonymous_object_is_composite_in_order()
    {
        QueryDb.CreateIndex<QueryItem>(x => new { x.Age, x.Score }, unique: false);
        Assert.That(QueryDb.QueryScalars<string>("SELECT name FROM pragma_index_info('query_items_Age_Score') ORDER BY seqno"), Is.EqualTo(new[] { "Age", "Score" }));
    }

    [Test]
    public void CreateIndex_by_member_list_is_composite_in_order()
    {
        QueryDb.CreateIndex<QueryItem>([x => x.Score, x => x.Name]);
        Assert.That(QueryDb.QueryScalars<string>("SELECT name FROM pragma_index_info('query_items_Score_Name') ORDER BY seqno"), Is.EqualTo(new[] { "Score", "Name" }));
        Assert.Throws<ArgumentException>(() => QueryDb.CreateIndex<QueryItem>(Array.Empty<System.Linq.Expressions.Expression<Func<QueryItem, object?>>>()));
        Assert.Throws<ArgumentException>(() => QueryDb.CreateIndex<QueryItem>([x => x.Label]));
    }

    [Test]
    public void CreateIndex_unique_rejects_duplicates()
    {
        QueryDb.DeleteAll<QueryItem>();
        QueryDb.CreateIndex<QueryItem>(x => x.Big, unique: true);
        QueryDb.Insert(new QueryItem { Big = 5 });
        var ex = Assert.Throws<MicroDbConstraintException>(() => QueryDb.Insert(new QueryItem { Big = 5 }));
        Assert.That(ex!.Message, Does.Contain("UNIQUE"));
    }

    [Test]
    public void CreateIndex_rejects_unmapped_members_and_expressions()
    {
        var unmapped = Assert.Throws<ArgumentException>(() => QueryDb.CreateIndex<QueryItem>(x => x.Label));
        Assert.That(unmapped!.Message, Does.Contain("Label"));
        Assert.Throws<ArgumentException>(() => QueryDb.CreateIndex<QueryItem>(x => x.Age + 1));
    }

    [Test]
    public void Query_and_ExecuteScalar_take_named_parameters()
    {
        var parameters = new Dictionary<string, object?> { ["age"] = 40, [":hue"] = Hue.Blue };
        var rows = QueryDb.Query<QueryItem>("SELECT * FROM query_items WHERE Age > @age AND Hue = :hue ORDER BY Id", parameters);
        Assert.That(rows.Select(x => x.Id), Is.EqualTo(QueryRows.Where(x => x.Age > 40 && x.Hue == Hue.Blue).Select(x => x.Id)));
        var count = QueryDb.ExecuteScalar<int>("SELECT count(*) FROM query_items WHERE Age > $age", new Dictionary<string, object?> { ["age"] = 40 });
        Assert.That(count, Is.EqualTo(QueryRows.Count(x => x.Age > 40)));
    }

    [Test]
    public void Named_parameter_without_value_throws_naming_it()
    {
        var ex = Assert.Throws<ArgumentException>(() => QueryDb.ExecuteScalar<int>("SELECT count(*) FROM query_items WHERE Age > @age", new Dictionary<string, object?>()));
        Assert.That(ex!.Message, Does.Contain("@age"));
    }
}
