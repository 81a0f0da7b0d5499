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
}
