using MicroDb.Conformance.Query;
using MicroDb.Query.Model;

namespace MicroDb.Conformance;

/// <summary>The run-time front end builds the shared query model: equal for one shape whatever the captured values.</summary>
public abstract partial class ConformanceSuite
{
    [Test]
    public void Query_model_is_the_same_for_other_values_of_a_captured_variable()
    {
        var args1 = new List<object?>();
        var args2 = new List<object?>();
        var age = 30;
        var name = "Anna";
        var query = QueryDb.Table<QueryItem>().Where(x => x.Age > age && x.Name != name).OrderBy(x => x.Score).Take(3);
        var first = query.BuildModel(new ValueList<SqlExpression>([new SqlColumn("Id")]), includeOrder: true, args1);
        age = 50;
        name = "Bob";
        var second = query.BuildModel(new ValueList<SqlExpression>([new SqlColumn("Id")]), includeOrder: true, args2);

        Assert.That(second, Is.EqualTo(first));
        Assert.That(first.Source, Is.EqualTo(new SqlTable("query_items")));
        Assert.That(first.Limit, Is.EqualTo(3));
        Assert.That(first.Predicates, Has.Count.EqualTo(1));
        Assert.That(args1, Is.EqualTo(new object?[] { 30L, "Anna" }));
        Assert.That(args2, Is.EqualTo(new object?[] { 50L, "Bob" }));
    }

    [Test]
    public void Query_model_slots_bind_the_arguments_in_order_across_predicates_and_orderings()
    {
        var args = new List<object?>();
        var model = QueryDb.Table<QueryItem>().Where(x => x.Age > 20).Where(x => x.Name == "Bob").OrderBy(x => x.Age + 1)
            .BuildModel(new ValueList<SqlExpression>([new SqlColumn("Id")]), includeOrder: true, args);
        var slots = new List<int>();
        var sql = new System.Text.StringBuilder();

        SqliteSqlWriter.Instance.WriteQuery(model, sql, slots);

        Assert.That(slots, Is.EqualTo(new[] { 0, 1, 2 }));
        Assert.That(args, Is.EqualTo(new object?[] { 20L, "Bob", 1L }));
        Assert.That(sql.ToString(), Does.EndWith("WHERE (\"Age\" > ?) AND (\"Name\" IS ?) ORDER BY (\"Age\" + ?)"));

        // Each slot carries the kind of the column its value is encoded as (none for a value in plain arithmetic).
        Assert.That(model.Predicates[0], Is.EqualTo(new SqlGroup(new SqlBinary(new SqlColumn("Age"), SqlOperator.GreaterThan, new SqlParameter(0, MicroDb.Mapping.ColumnKind.Int32)))));
        Assert.That(model.Predicates[1], Is.EqualTo(new SqlGroup(new SqlBinary(new SqlColumn("Name"), SqlOperator.Is, new SqlParameter(1, MicroDb.Mapping.ColumnKind.String)))));
        Assert.That(model.Orderings[0].Key, Is.EqualTo(new SqlGroup(new SqlBinary(new SqlColumn("Age"), SqlOperator.Add, new SqlParameter(2)))));
    }
}
