using MicroDb.Conformance.Models;

namespace MicroDb.Conformance.Portable;

public abstract partial class PortableSuite
{
    private static readonly DateTime Created = new(2024, 2, 29, 13, 14, 15, 250);

    [Test]
    public void Portable_Insert_sets_autoincrement_key()
    {
        var db = OpenWith<Person>();
        var first = new Person { Name = "Ada" };
        var second = new Person { Name = "Grace" };

        Assert.That(db.Insert(first), Is.EqualTo(1));
        Assert.That(db.Insert(second), Is.EqualTo(1));

        Assert.That((first.Id, second.Id), Is.EqualTo((1, 2)));
        Assert.That(Names(db), Is.EqualTo(new[] { "Ada", "Grace" }));
    }

    [Test]
    public void Portable_Get_returns_inserted_values_and_skips_ignored_members()
    {
        var db = OpenWith<Person>();
        db.Insert(new Person { Name = "Ada", Age = 36, Email = "ada@example.org", Created = Created, Transient = "not stored" });

        var read = db.Get<Person>(1);

        Assert.That((read.Id, read.Name, read.Age, read.Email, read.Created), Is.EqualTo((1, "Ada", 36, "ada@example.org", Created)));
        Assert.That(read.Transient, Is.Null);
    }

    [Test]
    public void Portable_Get_of_a_missing_key_throws_naming_table_and_key_and_Find_returns_null()
    {
        var db = OpenWith<Person>();
        db.Insert(new Person { Name = "Ada" });

        var error = Assert.Throws<InvalidOperationException>(() => db.Get<Person>(42));

        Assert.That(error!.Message, Does.Contain("people").And.Contain("42"));
        Assert.That(db.Find<Person>(42), Is.Null);
        Assert.That(db.Find<Person>(1)!.Name, Is.EqualTo("Ada"));
    }

    [Test]
    public void Portable_InsertAll_inserts_every_object_and_sets_keys()
    {
        var db = OpenWith<Person>();
        var people = Enumerable.Range(0, 700).Select(i => new Person { Name = "P" + i, Age = i }).ToList();

        Assert.That(db.InsertAll(people), Is.EqualTo(700));

        Assert.That(people.Select(p => p.Id), Is.EqualTo(Enumerable.Range(1, 700)));
        Assert.That(db.Table<Person>().Count(), Is.EqualTo(700));
        Assert.That(db.Get<Person>(700).Age, Is.EqualTo(699));
        Assert.That(db.IsInTransaction, Is.False);
    }

    [Test]
    public void Portable_InsertAll_is_all_or_nothing_when_one_insert_fails()
    {
        var db = OpenWith<Person>();
        db.Insert(new Person { Name = "existing", Email = "dup@example.org" });
        var batch = new[] { new Person { Name = "a" }, new Person { Name = "b", Email = "dup@example.org" }, new Person { Name = "c" } };

        Assert.Throws<MicroDbConstraintException>(() => db.InsertAll(batch));

        Assert.That(Names(db), Is.EqualTo(new[] { "existing" }));
        Assert.That(db.IsInTransaction, Is.False);
    }

    [Test]
    public void Portable_InsertAll_with_a_null_element_throws_and_keeps_nothing_of_the_batch()
    {
        var db = OpenWith<Person>();

        Assert.Throws(Is.InstanceOf<ArgumentException>(), () => db.InsertAll(new[] { new Person { Name = "a" }, null! }));

        Assert.That(db.Table<Person>().Count(), Is.Zero);
        Assert.That(db.IsInTransaction, Is.False);
    }

    [Test]
    public void Portable_Update_changes_the_row_and_a_missing_row_changes_nothing()
    {
        var db = OpenWith<Person>();
        var ada = new Person { Name = "Ada", Age = 36 };
        db.Insert(ada);
        db.Insert(new Person { Name = "Grace", Age = 40 });
        ada.Age = 37;
        ada.Email = "ada@example.org";

        Assert.That(db.Update(ada), Is.EqualTo(1));
        Assert.That(db.Update(new Person { Id = 99, Name = "nobody" }), Is.Zero);

        Assert.That(db.Get<Person>(1).Age, Is.EqualTo(37));
        Assert.That(db.Get<Person>(1).Email, Is.EqualTo("ada@example.org"));
        Assert.That(db.Get<Person>(2).Age, Is.EqualTo(40));
        Assert.That(db.Table<Person>().Count(), Is.EqualTo(2));
    }

    [Test]
    public void Portable_UpdateAll_updates_every_object_in_one_transaction()
    {
        var db = OpenWith<Person>();
        var people = Enumerable.Range(0, 5).Select(i => new Person { Name = "P" + i, Email = i + "@example.org" }).ToList();
        db.InsertAll(people);
        foreach (var p in people)
        {
            p.Age = 50;
        }

        Assert.That(db.UpdateAll(people), Is.EqualTo(5));
        Assert.That(db.Table<Person>().Select(p => p.Age), Is.All.EqualTo(50));

        // A refused row (a duplicate of another row's unique Email) undoes the whole batch.
        people[1].Age = 60;
        people[3].Email = people[4].Email;
        Assert.Throws<MicroDbConstraintException>(() => db.UpdateAll(people));

        Assert.That(db.Table<Person>().Select(p => p.Age), Is.All.EqualTo(50));
        Assert.That(db.Get<Person>(4).Email, Is.EqualTo("3@example.org"));
        Assert.That(db.IsInTransaction, Is.False);
    }

    [Test]
    public void Portable_Delete_removes_only_that_row_and_DeleteAll_empties_the_table()
    {
        var db = OpenWith<Person>();
        var people = Enumerable.Range(0, 4).Select(i => new Person { Name = "P" + i }).ToList();
        db.InsertAll(people);

        Assert.That(db.Delete(people[1]), Is.EqualTo(1));
        Assert.That(db.Delete(people[1]), Is.Zero);
        Assert.That(Names(db), Is.EqualTo(new[] { "P0", "P2", "P3" }));

        Assert.That(db.DeleteAll<Person>(), Is.EqualTo(3));
        Assert.That(db.Table<Person>().Any(), Is.False);
    }

    [Test]
    public void Portable_InsertOrReplace_replaces_the_row_with_the_same_key()
    {
        var db = OpenWith<Setting>();
        db.Insert(new Setting { Key = "theme", Value = "dark" });

        Assert.That(db.InsertOrReplace(new Setting { Key = "theme", Value = "light" }), Is.EqualTo(1));
        db.InsertOrReplace(new Setting { Key = "font", Value = "mono" });

        Assert.That(db.Get<Setting>("theme").Value, Is.EqualTo("light"));
        Assert.That(db.Table<Setting>().OrderBy(s => s.Key).Select(s => s.Key), Is.EqualTo(new[] { "font", "theme" }));
    }

    [Test]
    public void Portable_string_key_table_gets_finds_and_deletes()
    {
        var db = OpenWith<Setting>();
        var setting = new Setting { Key = "k é 🎉", Value = "v" };
        db.Insert(setting);

        Assert.That(db.Get<Setting>("k é 🎉").Value, Is.EqualTo("v"));
        Assert.That(db.Find<Setting>("K É 🎉"), Is.Null);
        Assert.That(db.Delete(setting), Is.EqualTo(1));
        Assert.That(db.Find<Setting>("k é 🎉"), Is.Null);
    }

    [Test]
    public void Portable_private_setter_is_read_back()
    {
        var db = OpenWith<Account>();
        var account = new Account { Owner = "Ada" };
        account.Deposit(125);
        db.Insert(account);

        Assert.That(db.Get<Account>(account.Id).Balance, Is.EqualTo(125));
    }
}
