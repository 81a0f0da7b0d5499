using MicroDb.Conformance.Query;
using MicroDb.Query;

namespace MicroDb.Conformance;

/// <summary>
/// A compiled First/FirstOrDefault whose argument is compared directly with members runs as a plan (bind and step the
/// prepared statement); every other argument and form takes the full path. Both must return what LINQ returns.
/// </summary>
public abstract partial class ConformanceSuite
{
    [Test]
    public void Compiled_lookup_runs_as_a_plan_and_returns_what_linq_returns_for_every_key()
    {
        var byId = MicroDbQuery.Compile((MicroDbConnection db, int id) => db.Table<QueryItem>().FirstOrDefault(p => p.Id == id));
        var keys = QueryRows.Take(10).Select(x => x.Id).Concat([0, -3, int.MinValue, int.MaxValue, 100_000]).ToArray();

        foreach (var id in keys)
        {
            Assert.That(byId(QueryDb, id)?.Id, Is.EqualTo(QueryDb.Table<QueryItem>().FirstOrDefault(p => p.Id == id)?.Id), $"id {id}");
        }

        Assert.That(PlanOf(byId, QueryDb), Is.Not.Null);
    }

    [Test]
    public void Compiled_lookup_by_name_plans_names_and_runs_null_and_empty_through_the_full_path()
    {
        var byName = MicroDbQuery.Compile((MicroDbConnection db, string? name) => db.Table<QueryItem>().FirstOrDefault(x => x.Name == name));

        foreach (var name in new[] { null, "", QueryRows[3].Name, QueryRows[5].Name, "nobody", null, "" })
        {
            Assert.That(byName(QueryDb, name)?.Id, Is.EqualTo(QueryDb.Table<QueryItem>().FirstOrDefault(x => x.Name == name)?.Id), name ?? "null");
        }

        Assert.That(PlanOf(byName, QueryDb), Is.Not.Null);
    }

    [Test]
    public void Compiled_query_with_constants_beside_its_argument_binds_both_even_when_they_are_equal()
    {
        var row = QueryRows[4];
        var age = row.Age;
        // The constant equals the argument on the first call: the plan must still tell them apart.
        var byAge = MicroDbQuery.Compile((MicroDbConnection db, int id) => db.Table<QueryItem>().Where(x => x.Age == age).FirstOrDefault(x => x.Id == id));

        Assert.That(byAge(QueryDb, age)?.Id, Is.EqualTo(QueryDb.Table<QueryItem>().Where(x => x.Age == age).FirstOrDefault(x => x.Id == age)?.Id));
        Assert.That(byAge(QueryDb, row.Id)?.Id, Is.EqualTo(row.Id));
        Assert.That(byAge(QueryDb, row.Id + 1)?.Id, Is.EqualTo(QueryDb.Table<QueryItem>().Where(x => x.Age == age).FirstOrDefault(x => x.Id == row.Id + 1)?.Id));
        Assert.That(PlanOf(byAge, QueryDb), Is.Not.Null);
    }

    [Test]
    public void Compiled_query_computed_from_its_argument_runs_the_full_path()
    {
        var next = MicroDbQuery.Compile((MicroDbConnection db, int id) => db.Table<QueryItem>().FirstOrDefault(p => p.Id == id + 1));
        var tens = MicroDbQuery.Compile((MicroDbConnection db, int id) => db.Table<QueryItem>().FirstOrDefault(p => p.Id == id % 10));

        foreach (var id in QueryRows.Take(12).Select(x => x.Id))
        {
            Assert.That(next(QueryDb, id)?.Id, Is.EqualTo(QueryDb.Table<QueryItem>().FirstOrDefault(p => p.Id == id + 1)?.Id), $"id {id}");
            Assert.That(tens(QueryDb, id)?.Id, Is.EqualTo(QueryDb.Table<QueryItem>().FirstOrDefault(p => p.Id == id % 10)?.Id), $"id {id}");
        }

        Assert.That(PlanOf(next, QueryDb), Is.Null);
        Assert.That(PlanOf(tens, QueryDb), Is.Null);
    }

    [Test]
    public void Compiled_First_without_a_row_throws_what_linq_throws()
    {
        var first = MicroDbQuery.Compile((MicroDbConnection db, long id) => db.Table<QueryItem>().First(p => p.Id == id));
        var present = QueryRows[2].Id;

        Assert.That(first(QueryDb, present).Id, Is.EqualTo(present));
        var compiled = Assert.Throws<InvalidOperationException>(() => first(QueryDb, 100_000));
        var linq = Assert.Throws<InvalidOperationException>(() => QueryDb.Table<QueryItem>().First(p => p.Id == 100_000));

        Assert.That(compiled!.Message, Is.EqualTo(linq!.Message));
        Assert.That(PlanOf(first, QueryDb), Is.Not.Null);
    }

    [Test]
    public void Compiled_lookup_keeps_a_plan_per_connection()
    {
        var byId = MicroDbQuery.Compile((MicroDbConnection db, int id) => db.Table<QueryItem>().FirstOrDefault(p => p.Id == id));
        var other = Open(Path.Combine(Path.GetDirectoryName(DatabasePath)!, "compiled-plan-2.db"));
        other.CreateTable<QueryItem>();
        other.Insert(new QueryItem { Name = "only", Age = 1 });

        Assert.That(byId(QueryDb, QueryRows[1].Id)?.Name, Is.EqualTo(QueryRows[1].Name));
        Assert.That(byId(other, 1)?.Name, Is.EqualTo("only"));
        Assert.That(byId(other, 2), Is.Null);
        Assert.That(PlanOf(byId, other), Is.Not.Null);
    }

    private static string? PlanOf<TArg, TResult>(Func<MicroDbConnection, TArg, TResult> compiled, MicroDbConnection db) =>
        ((CompiledQuery<TArg, TResult>)compiled.Target!).PlanSql(db);
}
