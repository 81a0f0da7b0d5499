using MicroDb.Conformance.Models;

namespace MicroDb.Conformance;

// Sub-queries over another table inside Where are not translated yet (issue 22, part 3): each form must throw
// NotSupportedException naming what it met, and never run in memory.
public abstract partial class ConformanceSuite
{
    [Test]
    public void Subquery_forms_in_Where_throw_NotSupported_naming_the_operator()
    {
        var db = OpenWith<Person>();
        db.CreateTable<Order>();
        db.Insert(new Person { Name = "Ada" });
        db.Insert(new Order { CustomerId = 1 });
        var people = db.Table<Person>();

        var any = Assert.Throws<NotSupportedException>(() => people.Where(p => db.Table<Order>().Any(o => o.CustomerId == p.Id)).ToList());
        TestContext.Out.WriteLine(any!.Message);
        var all = Assert.Throws<NotSupportedException>(() => people.Where(p => db.Table<Order>().All(o => o.CustomerId != p.Id)).ToList());
        TestContext.Out.WriteLine(all!.Message);
        var count = Assert.Throws<NotSupportedException>(() => people.Where(p => db.Table<Order>().Count(o => o.CustomerId == p.Id) > 0).ToList());
        TestContext.Out.WriteLine(count!.Message);
        Assert.That(any.Message, Does.Contain("Any"));
        Assert.That(all.Message, Does.Contain("All"));
        Assert.That(count.Message, Does.Contain("Count"));
    }

    [Test]
    public void Contains_over_another_tables_Select_binds_that_querys_values_as_a_list()
    {
        var db = OpenWith<Person>();
        db.CreateTable<Order>();
        db.InsertAll(new[] { new Person { Name = "Ada" }, new Person { Name = "Grace" }, new Person { Name = "Linus" } });
        db.InsertAll(new[] { new Order { CustomerId = 1 }, new Order { CustomerId = 3 }, new Order { CustomerId = 3 } });
        var orders = db.Table<Order>().ToList();

        var buyers = db.Table<Person>().Where(p => db.Table<Order>().Select(o => o.CustomerId).Contains(p.Id)).OrderBy(p => p.Id).ToList();

        // Not yet an IN (SELECT ...) sub-query: the inner query runs first and its values are bound as IN (?, ...).
        var expected = db.Table<Person>().ToList().Where(p => orders.Any(o => o.CustomerId == p.Id)).Select(p => p.Id);
        Assert.That(buyers.Select(p => p.Id), Is.EqualTo(expected));
    }
}
