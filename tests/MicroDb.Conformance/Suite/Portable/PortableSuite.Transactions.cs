using MicroDb.Conformance.Models;

namespace MicroDb.Conformance.Portable;

public abstract partial class PortableSuite
{
    [Test]
    public void Portable_Commit_keeps_and_Rollback_discards()
    {
        var db = OpenWith<Person>();

        db.BeginTransaction();
        db.Insert(new Person { Name = "kept" });
        Assert.That(db.IsInTransaction, Is.True);
        db.Commit();
        db.BeginTransaction();
        db.Insert(new Person { Name = "discarded" });
        db.Rollback();

        Assert.That(db.IsInTransaction, Is.False);
        Assert.That(Names(db), Is.EqualTo(new[] { "kept" }));
    }

    [Test]
    public void Portable_nothing_of_an_uncommitted_transaction_is_seen_by_another_connection_or_remains()
    {
        var db = OpenWith<Person>();
        db.Insert(new Person { Name = "committed" });
        db.BeginTransaction();
        db.Insert(new Person { Name = "pending" });

        Assert.That(Names(Open()), Is.EqualTo(new[] { "committed" }));
        db.Rollback();
        db.Dispose();

        Assert.That(Names(Open()), Is.EqualTo(new[] { "committed" }));
    }

    [Test]
    public void Portable_BeginTransaction_twice_is_an_error_that_keeps_the_open_transaction()
    {
        var db = OpenWith<Person>();
        db.BeginTransaction();
        db.Insert(new Person { Name = "inside" });

        Assert.Throws<InvalidOperationException>(() => db.BeginTransaction());

        Assert.That(db.IsInTransaction, Is.True);
        db.Commit();
        Assert.That(Names(db), Is.EqualTo(new[] { "inside" }));
    }

    [Test]
    public void Portable_Commit_without_Begin_is_an_error_and_Rollback_without_Begin_is_harmless()
    {
        var db = OpenWith<Person>();
        db.Insert(new Person { Name = "kept" });

        Assert.Throws<InvalidOperationException>(() => db.Commit());
        Assert.DoesNotThrow(() => db.Rollback());

        Assert.That(db.IsInTransaction, Is.False);
        Assert.That(Names(db), Is.EqualTo(new[] { "kept" }));
    }

    [Test]
    public void Portable_RunInTransaction_commits_on_return_and_rolls_back_on_throw()
    {
        var db = OpenWith<Person>();

        db.RunInTransaction(() => db.Insert(new Person { Name = "ok" }));
        var error = Assert.Throws<ApplicationException>(() => db.RunInTransaction(() =>
        {
            db.Insert(new Person { Name = "lost" });
            throw new ApplicationException("boom");
        }));

        Assert.That(error!.Message, Is.EqualTo("boom"));
        Assert.That(Names(db), Is.EqualTo(new[] { "ok" }));
        Assert.That(db.IsInTransaction, Is.False);
    }

    [Test]
    public void Portable_nested_RunInTransaction_undoes_only_the_inner_work_when_the_outer_catches()
    {
        var db = OpenWith<Person>();

        db.RunInTransaction(() =>
        {
            db.Insert(new Person { Name = "outer-before" });
            Assert.Throws<InvalidOperationException>(() => db.RunInTransaction(() =>
            {
                db.Insert(new Person { Name = "inner" });
                throw new InvalidOperationException("inner fails");
            }));
            db.Insert(new Person { Name = "outer-after" });
        });

        Assert.That(Names(db), Is.EqualTo(new[] { "outer-before", "outer-after" }));
    }

    [Test]
    public void Portable_nested_RunInTransaction_that_fails_on_a_constraint_keeps_the_outer_work()
    {
        var db = OpenWith<Person>();
        db.Insert(new Person { Name = "existing", Email = "dup@example.org" });

        db.RunInTransaction(() =>
        {
            db.Insert(new Person { Name = "outer" });
            Assert.Throws<MicroDbConstraintException>(() => db.RunInTransaction(() => db.Insert(new Person { Name = "dup", Email = "dup@example.org" })));
            db.Insert(new Person { Name = "after" });
        });

        Assert.That(Names(db), Is.EqualTo(new[] { "existing", "outer", "after" }));
    }

    [Test]
    public void Portable_inner_failure_not_caught_rolls_back_everything()
    {
        var db = OpenWith<Person>();

        Assert.Throws<InvalidOperationException>(() => db.RunInTransaction(() =>
        {
            db.Insert(new Person { Name = "outer" });
            db.RunInTransaction(() =>
            {
                db.Insert(new Person { Name = "inner" });
                throw new InvalidOperationException("inner");
            });
        }));

        Assert.That(db.Table<Person>().Count(), Is.Zero);
        Assert.That(db.IsInTransaction, Is.False);
    }

    [Test]
    public void Portable_InsertAll_inside_a_transaction_is_rolled_back_with_it()
    {
        var db = OpenWith<Person>();
        db.BeginTransaction();
        db.Insert(new Person { Name = "first" });
        db.InsertAll(new[] { new Person { Name = "a" }, new Person { Name = "b" } });
        Assert.That(db.IsInTransaction, Is.True);

        db.Rollback();

        Assert.That(db.Table<Person>().Count(), Is.Zero);
    }
}
