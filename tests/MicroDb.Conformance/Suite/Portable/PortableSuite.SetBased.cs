using MicroDb.Conformance.Models;

namespace MicroDb.Conformance.Portable;

// Set-based writes, written once: Where(...).ExecuteUpdate(...) with constants and row arithmetic, ExecuteDelete with a
// filter, after OrderBy/Take and without one, each one statement checked against LINQ-to-Objects; a setter the database
// refuses (NOT NULL, a foreign key) or one with no translation is a typed error and changes nothing.
public abstract partial class PortableSuite
{
    private static List<Person> SetBasedPeople() =>
    [
        new() { Name = "Ada", Age = 36, Email = "a@x" },
        new() { Name = "Grace", Age = 45, Email = "g@x" },
        new() { Name = "Linus", Age = 21 },
        new() { Name = "Barbara", Age = 30, Email = "b@x" },
        new() { Name = "Edsger", Age = 72 },
    ];

    private static List<(int, string, int, string?)> PeopleRows(IEnumerable<Person> people) =>
        [.. people.OrderBy(p => p.Id).Select(p => (p.Id, p.Name, p.Age, p.Email))];

    [Test]
    public void Portable_ExecuteDelete_deletes_the_rows_LINQ_selects()
    {
        var db = OpenWith<Person>();
        var people = SetBasedPeople();
        db.InsertAll(people);
        var limit = 33;

        var deleted = db.Table<Person>().Where(p => p.Age > limit || p.Email == null).ExecuteDelete();

        var expected = people.Where(p => !(p.Age > limit || p.Email == null)).ToList();
        Assert.That(deleted, Is.EqualTo(people.Count - expected.Count));
        Assert.That(PeopleRows(db.Table<Person>().ToList()), Is.EqualTo(PeopleRows(expected)));
    }

    [Test]
    public void Portable_ExecuteDelete_after_OrderBy_Take_deletes_those_rows_and_without_filter_every_row()
    {
        var db = OpenWith<Person>();
        var people = SetBasedPeople();
        db.InsertAll(people);

        Assert.That(db.Table<Person>().OrderByDescending(p => p.Age).Take(2).ExecuteDelete(), Is.EqualTo(2));
        Assert.That(PeopleRows(db.Table<Person>().ToList()), Is.EqualTo(PeopleRows(people.OrderByDescending(p => p.Age).Skip(2))));

        Assert.That(db.Table<Person>().ExecuteDelete(), Is.EqualTo(3));
        Assert.That(db.Table<Person>().Count(), Is.Zero);
    }

    [Test]
    public void Portable_ExecuteUpdate_sets_constants_and_row_arithmetic_like_LINQ()
    {
        var db = OpenWith<Person>();
        var people = SetBasedPeople();
        db.InsertAll(people);
        var suffix = "!";

        var changed = db.Table<Person>().Where(p => p.Age >= 30)
            .ExecuteUpdate(s => s.Set(p => p.Age, p => p.Age * 2 + 1).Set(p => p.Name, p => p.Name + suffix).Set(p => p.Email, (string?)null));

        var expected = people.Select(p => p.Age >= 30 ? new Person { Id = p.Id, Name = p.Name + suffix, Age = p.Age * 2 + 1, Email = null } : p).ToList();
        Assert.That(changed, Is.EqualTo(people.Count(p => p.Age >= 30)));
        Assert.That(PeopleRows(db.Table<Person>().ToList()), Is.EqualTo(PeopleRows(expected)));
        Assert.That(db.Table<Person>().Where(p => p.Age < 30).ExecuteUpdate(s => s.Set(p => p.Age, 0)), Is.EqualTo(1));
        Assert.That(db.Table<Person>().Count(p => p.Age == 0), Is.EqualTo(1));
    }

    [Test]
    public void Portable_ExecuteUpdate_computes_decimal_arithmetic_like_LINQ()
    {
        var db = OpenWith<Order>();
        var totals = new[] { 10.5m, 1.25m, -3.1m, 100m, 0m, 19.99m };
        db.InsertAll(totals.Select((t, i) => new Order { CustomerId = i, Total = t }));

        Assert.That(db.Table<Order>().Where(o => o.Total != 0 && o.Total != -3.1m).ExecuteUpdate(s => s.Set(o => o.Total, o => o.Total * 1.1m + 1)), Is.EqualTo(4));

        var expected = totals.Select(t => t != 0 && t != -3.1m ? t * 1.1m + 1 : t);
        Assert.That(db.Table<Order>().OrderBy(o => o.Id).Select(o => o.Total), Is.EqualTo(expected));
        Assert.That(db.Table<Order>().Count(o => o.Total == 12.55m), Is.EqualTo(1));
    }

    [Test]
    public void Portable_ExecuteUpdate_violating_NOT_NULL_or_a_foreign_key_throws_the_same_typed_error_and_changes_nothing()
    {
        var db = OpenWith<Person>();
        db.InsertAll(SetBasedPeople());
        var before = PeopleRows(db.Table<Person>().ToList());

        var notNull = Assert.Throws<MicroDbConstraintException>(() => db.Table<Person>().Where(p => p.Age > 40).ExecuteUpdate(s => s.Set(p => p.Age, 1).Set(p => p.Name, (string)null!)));
        var unique = Assert.Throws<MicroDbConstraintException>(() => db.Table<Person>().Where(p => p.Email != null).ExecuteUpdate(s => s.Set(p => p.Email, "same@x")));

        Assert.That((notNull!.ResultCode, notNull.ExtendedResultCode), Is.EqualTo((19, 1299)));
        Assert.That(notNull.Message, Does.Contain("Name"));
        Assert.That((unique!.ResultCode, unique.ExtendedResultCode), Is.EqualTo((19, 2067)));
        Assert.That(PeopleRows(db.Table<Person>().ToList()), Is.EqualTo(before));

        var (_, bob) = Invoices(db);
        var foreignKey = Assert.Throws<MicroDbConstraintException>(() => db.Table<Invoice>().Where(i => i.CustomerId == bob.Id).ExecuteUpdate(s => s.Set(i => i.CustomerId, 999)));
        Assert.That((foreignKey!.ResultCode, foreignKey.ExtendedResultCode), Is.EqualTo((19, 787)));
        db.Insert(new Payment { InvoiceId = db.Table<Invoice>().Where(i => i.CustomerId == bob.Id).Single().Id });
        var paid = Assert.Throws<MicroDbConstraintException>(() => db.Table<Invoice>().ExecuteDelete());
        Assert.That(paid!.ExtendedResultCode, Is.EqualTo(787));
        Assert.That(db.Table<Invoice>().Count(i => i.CustomerId == bob.Id), Is.EqualTo(1));
        Assert.That(db.Table<Invoice>().Count(), Is.EqualTo(3));
    }

    [Test]
    public void Portable_ExecuteUpdate_refuses_bad_setters_naming_them_and_changes_nothing()
    {
        var db = OpenWith<Person>();
        db.InsertAll(SetBasedPeople());
        var before = PeopleRows(db.Table<Person>().ToList());
        var query = db.Table<Person>();

        var none = Assert.Throws<ArgumentException>(() => query.ExecuteUpdate(s => s));
        Assert.That(none!.Message, Does.Contain("sets no column"));
        var unmapped = Assert.Throws<ArgumentException>(() => query.ExecuteUpdate(s => s.Set(p => p.Name.Length, 3)));
        Assert.That(unmapped!.Message, Does.Contain("Length"));
        Assert.Throws<NotSupportedException>(() => query.ExecuteUpdate(s => s.Set(p => p.Age, p => p.Name.GetHashCode())));

        Assert.That(PeopleRows(db.Table<Person>().ToList()), Is.EqualTo(before));
    }
}
