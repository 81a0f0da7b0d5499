using MicroDb.Conformance.Models;

namespace MicroDb.Conformance.Portable;

// EXISTS/IN sub-queries, written once: another table's query read inside a Where lambda (Any, All, Count,
// Values(...).Contains) is one statement, checked against LINQ-to-Objects over the rows read back. Static bodies over
// IPortableDb: SQLite's ConformanceSuite.Subqueries runs them too, under both storage formats, and checks its SQL text.
public abstract partial class PortableSuite
{
    /// <summary>The people and orders the sub-query bodies read, created, filled and read back.</summary>
    public static (List<Person> People, List<Order> Orders) SubqueryRows(IPortableDb db)
    {
        db.CreateTable<Person>();
        db.CreateTable<Order>();
        db.InsertAll(new[]
        {
            new Person { Name = "Ada", Age = 36, Email = "ada@x" },
            new Person { Name = "Grace", Age = 45, Email = null },
            new Person { Name = "Linus", Age = 28, Email = "linus@x" },
            new Person { Name = "Edsger", Age = 50, Email = null },
        });
        db.InsertAll(new[]
        {
            new Order { CustomerId = 1, Total = 10.5m },
            new Order { CustomerId = 3, Total = 2m },
            new Order { CustomerId = 3, Total = 30m },
            new Order { CustomerId = 3, Total = 31.25m },
            new Order { CustomerId = 9, Total = 1m },
        });
        return (db.Table<Person>().OrderBy(p => p.Id).ToList(), db.Table<Order>().OrderBy(o => o.Id).ToList());
    }

    [Test]
    public void Portable_any_over_another_table_in_Where_is_exists() => AnySubquery(Open());

    [Test]
    public void Portable_any_after_a_correlated_Where_and_the_inner_querys_own_Where() => AnyAfterCorrelatedWhere(Open());

    [Test]
    public void Portable_all_over_another_table_is_not_exists_and_treats_null_as_linq_does() => AllSubquery(Open());

    [Test]
    public void Portable_count_over_another_table_compared_with_a_number() => CountSubquery(Open());

    [Test]
    public void Portable_contains_over_another_tables_values_is_in() => ContainsSubquery(Open());

    [Test]
    public void Portable_execute_delete_with_a_sub_query_deletes_what_linq_selects()
    {
        var db = Open();
        var (people, orders) = SubqueryRows(db);

        var deleted = db.Table<Person>().Where(p => !db.Table<Order>().Any(o => o.CustomerId == p.Id)).ExecuteDelete();

        Assert.That(deleted, Is.EqualTo(people.Count(p => !orders.Any(o => o.CustomerId == p.Id))).And.EqualTo(2));
        Assert.That(Names(db), Is.EqualTo(new[] { "Ada", "Linus" }));
    }

    public static void AnySubquery(IPortableDb db)
    {
        var (people, orders) = SubqueryRows(db);

        var buyers = db.Table<Person>().Where(p => db.Table<Order>().Any(o => o.CustomerId == p.Id)).OrderBy(p => p.Id).ToList();

        var expected = people.Where(p => orders.Any(o => o.CustomerId == p.Id)).Select(p => p.Id);
        Assert.That(buyers.Select(p => p.Id), Is.EqualTo(expected).And.EqualTo(new[] { 1, 3 }));
    }

    public static void AnyAfterCorrelatedWhere(IPortableDb db)
    {
        var (people, orders) = SubqueryRows(db);
        var min = 5m;

        var rows = db.Table<Person>()
            .Where(p => !db.Table<Order>().Where(o => o.Total > min).Where(o => o.CustomerId == p.Id).Any())
            .OrderBy(p => p.Id)
            .ToList();

        var expected = people.Where(p => !orders.Where(o => o.Total > min).Where(o => o.CustomerId == p.Id).Any()).Select(p => p.Id);
        Assert.That(rows.Select(p => p.Id), Is.EqualTo(expected));
        Assert.That(rows.Select(p => p.Id), Is.EqualTo(new[] { 2, 4 }));
    }

    public static void AllSubquery(IPortableDb db)
    {
        var (people, orders) = SubqueryRows(db);

        // Email is null for two people: C# says null != "ada@x" is true, and so must the SQL.
        var rows = db.Table<Order>()
            .Where(o => db.Table<Person>().Where(p => p.Id == o.CustomerId).All(p => p.Email != "ada@x"))
            .OrderBy(o => o.Id)
            .ToList();
        var byAge = db.Table<Order>().Where(o => db.Table<Person>().All(p => p.Id != o.CustomerId || p.Age > 40)).OrderBy(o => o.Id).ToList();

        var expected = orders.Where(o => people.Where(p => p.Id == o.CustomerId).All(p => p.Email != "ada@x")).Select(o => o.Id);
        Assert.That(rows.Select(o => o.Id), Is.EqualTo(expected));
        Assert.That(rows.Select(o => o.Id), Is.EqualTo(new[] { 2, 3, 4, 5 }));
        var expectedByAge = orders.Where(o => people.All(p => p.Id != o.CustomerId || p.Age > 40)).Select(o => o.Id);
        Assert.That(byAge.Select(o => o.Id), Is.EqualTo(expectedByAge));
        Assert.That(db.Table<Person>().All(p => db.Table<Order>().All(o => o.CustomerId != p.Id || o.Total > 1.5m)), Is.EqualTo(people.All(p => orders.All(o => o.CustomerId != p.Id || o.Total > 1.5m))));
    }

    public static void CountSubquery(IPortableDb db)
    {
        var (people, orders) = SubqueryRows(db);
        var atLeast = 2;

        var rows = db.Table<Person>().Where(p => db.Table<Order>().Count(o => o.CustomerId == p.Id && o.Total > 1.5m) >= atLeast).ToList();
        var none = db.Table<Person>().Where(p => db.Table<Order>().Where(o => o.CustomerId == p.Id).Count() == 0).OrderBy(p => p.Id).ToList();

        var expected = people.Where(p => orders.Count(o => o.CustomerId == p.Id && o.Total > 1.5m) >= atLeast).Select(p => p.Id);
        Assert.That(rows.Select(p => p.Id), Is.EqualTo(expected));
        Assert.That(rows.Select(p => p.Id), Is.EqualTo(new[] { 3 }));
        Assert.That(none.Select(p => p.Id), Is.EqualTo(people.Where(p => !orders.Any(o => o.CustomerId == p.Id)).Select(p => p.Id)));
    }

    public static void ContainsSubquery(IPortableDb db)
    {
        var (people, orders) = SubqueryRows(db);

        var buyers = db.Table<Person>().Where(p => db.Table<Order>().Values(o => o.CustomerId).Contains(p.Id)).OrderBy(p => p.Id).ToList();
        var big = db.Table<Person>()
            .Where(p => !db.Table<Order>().Where(o => o.Total > 20m).Values(o => o.CustomerId).Contains(p.Id))
            .OrderBy(p => p.Id)
            .ToList();
        var named = db.Table<Order>().Where(o => db.Table<Person>().Where(p => p.Email != null).Values(p => p.Id).Contains(o.CustomerId)).Count();

        Assert.That(buyers.Select(p => p.Id), Is.EqualTo(people.Where(p => orders.Select(o => o.CustomerId).Contains(p.Id)).Select(p => p.Id)));
        var expectedBig = people.Where(p => !orders.Where(o => o.Total > 20m).Select(o => o.CustomerId).Contains(p.Id)).Select(p => p.Id);
        Assert.That(big.Select(p => p.Id), Is.EqualTo(expectedBig).And.EqualTo(new[] { 1, 2, 4 }));
        Assert.That(named, Is.EqualTo(orders.Count(o => people.Where(p => p.Email != null).Select(p => p.Id).Contains(o.CustomerId))).And.EqualTo(4));
    }
}
