using NUnit.Framework;

namespace MicroDb.Tests.Query;

/// <summary>Get/Find by predicate, FindWithQuery, CreateIndex by expression and the named-parameter overloads.</summary>
public class ConnectionQueryApiTests : QueryFixtureBase
{
    [Test]
    public void Get_by_predicate_returns_the_first_match()
    {
        var target = Items[10];
        Assert.That(Db.Get<QueryItem>(x => x.Id == target.Id).Name, Is.EqualTo(target.Name));
    }

    [Test]
    public void Get_by_predicate_without_match_throws_naming_the_table()
    {
        var ex = Assert.Throws<InvalidOperationException>(() => Db.Get<QueryItem>(x => x.Age < 0));
        Assert.That(ex!.Message, Does.Contain("query_items"));
    }

    [Test]
    public void Find_by_predicate_returns_null_without_match()
    {
        Assert.That(Db.Find<QueryItem>(x => x.Age < 0), Is.Null);
        Assert.That(Db.Find<QueryItem>(x => x.Age == Items[3].Age)?.Id, Is.EqualTo(Items.First(x => x.Age == Items[3].Age).Id));
    }

    [Test]
    public void Get_and_Find_by_key_still_bind_to_the_key_overloads()
    {
        Assert.That(Db.Get<QueryItem>(Items[5].Id).Id, Is.EqualTo(Items[5].Id));
        Assert.That(Db.Find<QueryItem>(-1), Is.Null);
    }

    [Test]
    public void FindWithQuery_returns_the_first_row_or_null()
    {
        var found = Db.FindWithQuery<QueryItem>("SELECT * FROM query_items WHERE Age > ? ORDER BY Id", 40);
        Assert.That(found?.Id, Is.EqualTo(Items.First(x => x.Age > 40).Id));
        Assert.That(Db.FindWithQuery<QueryItem>("SELECT * FROM query_items WHERE Age > ?", 1000), Is.Null);
    }

    [Test]
    public void CreateIndex_by_member_expression()
    {
        Db.CreateIndex<QueryItem>(x => x.Name);
        Assert.That(Db.GetIndexNames("query_items"), Does.Contain("query_items_Name"));
        Assert.That(Db.QueryScalars<string>("SELECT name FROM pragma_index_info('query_items_Name')"), Is.EqualTo(new[] { "Name" }));
    }

    [Test]
    public void CreateIndex_by_anonymous_object_is_composite_in_order()
    {
        Db.CreateIndex<QueryItem>(x => new { x.Age, x.Score }, unique: false);
        Assert.That(Db.QueryScalars<string>("SELECT name FROM pragma_index_info('query_items_Age_Score') ORDER BY seqno"), Is.EqualTo(new[] { "Age", "Score" }));
    }

    [Test]
    public void CreateIndex_unique_rejects_duplicates()
    {
        Db.DeleteAll<QueryItem>();
        Db.CreateIndex<QueryItem>(x => x.Big, unique: true);
        Db.Insert(new QueryItem { Big = 5 });
        var ex = Assert.Catch<MicroDbException>(() => Db.Insert(new QueryItem { Big = 5 }));
        Assert.That(ex!.Message, Does.Contain("UNIQUE"));
    }

    [Test]
    public void CreateIndex_rejects_unmapped_members_and_expressions()
    {
        var unmapped = Assert.Throws<ArgumentException>(() => Db.CreateIndex<QueryItem>(x => x.Label));
        Assert.That(unmapped!.Message, Does.Contain("Label"));
        Assert.Throws<ArgumentException>(() => Db.CreateIndex<QueryItem>(x => x.Age + 1));
    }

    [Test]
    public void Query_and_ExecuteScalar_take_named_parameters()
    {
        var parameters = new Dictionary<string, object?> { ["age"] = 40, [":hue"] = Hue.Blue };
        var rows = Db.Query<QueryItem>("SELECT * FROM query_items WHERE Age > @age AND Hue = :hue ORDER BY Id", parameters);
        Assert.That(rows.Select(x => x.Id), Is.EqualTo(Items.Where(x => x.Age > 40 && x.Hue == Hue.Blue).Select(x => x.Id)));
        var count = Db.ExecuteScalar<int>("SELECT count(*) FROM query_items WHERE Age > $age", new Dictionary<string, object?> { ["age"] = 40 });
        Assert.That(count, Is.EqualTo(Items.Count(x => x.Age > 40)));
    }

    [Test]
    public void Named_parameter_without_value_throws_naming_it()
    {
        var ex = Assert.Throws<ArgumentException>(() => Db.ExecuteScalar<int>("SELECT count(*) FROM query_items WHERE Age > @age", new Dictionary<string, object?>()));
        Assert.That(ex!.Message, Does.Contain("@age"));
    }
}
