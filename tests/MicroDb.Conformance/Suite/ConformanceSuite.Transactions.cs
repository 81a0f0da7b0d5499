using MicroDb.Conformance.Models;

namespace MicroDb.Conformance;

public abstract partial class ConformanceSuite
{
    [Test]
    public void Commit_keeps_and_Rollback_discards()
    {
        var db = OpenWith<Person>();

        db.BeginTransaction();
        db.Insert(new Person { Name = "kept" });
        db.Commit();
        db.BeginTransaction();
        db.Insert(new Person { Name = "discarded" });
        db.Rollback();

        Assert.That(db.QueryScalars<string>("SELECT Name FROM people"), Is.EqualTo(new[] { "kept" }));
        Assert.That(db.IsInTransaction, Is.False);
    }

    [Test]
    public void Nothing_from_a_rolled_back_transaction_remains_after_reopening()
    {
        var db = OpenWith<Person>();
        db.BeginTransaction();
        db.InsertAll(Enumerable.Range(0, 10).Select(i => new Person { Name = "P" + i }));
        db.Rollback();
        db.Dispose();

        var reopened = Open();
        Assert.That(reopened.ExecuteScalar<int>("SELECT count(*) FROM people"), Is.Zero);
    }

    [Test]
    public void BeginTransaction_twice_is_an_error_that_keeps_the_open_transaction()
    {
        var db = OpenWith<Person>();
        db.BeginTransaction();
        db.Insert(new Person { Name = "inside" });

        Assert.Throws<InvalidOperationException>(() => db.BeginTransaction());

        db.Commit();
        Assert.That(db.ExecuteScalar<int>("SELECT count(*) FROM people"), Is.EqualTo(1));
    }

    [Test]
    public void Commit_without_Begin_is_an_error_and_Rollback_without_Begin_is_harmless()
    {
        var db = OpenWith<Person>();

        Assert.Throws<InvalidOperationException>(() => db.Commit());
        Assert.DoesNotThrow(() => db.Rollback());
    }

    [Test]
    public void RunInTransaction_commits_on_return_and_rolls_back_on_throw()
    {
        var db = OpenWith<Person>();

        db.RunInTransaction(() => db.Insert(new Person { Name = "ok" }));
        var error = Assert.Throws<ApplicationException>(() => db.RunInTransaction(() =>
        {
            db.Insert(new Person { Name = "lost" });
            throw new ApplicationException("boom");
        }));

        Assert.That(error!.Message, Is.EqualTo("boom"));
        Assert.That(db.QueryScalars<string>("SELECT Name FROM people"), Is.EqualTo(new[] { "ok" }));
        Assert.That(db.IsInTransaction, Is.False);
    }

    [Test]
    public void Nested_RunInTransaction_undoes_only_the_inner_work_when_the_outer_catches()
    {
        var db = OpenWith<Person>();

        db.RunInTransaction(() =>
        {
            db.Insert(new Person { Name = "outer-before" });
            try
            {
                db.RunInTransaction(() =>
                {
                    db.Insert(new Person { Name = "inner" });
                    throw new InvalidOperationException("inner fails");
                });
            }
            catch (InvalidOperationException)
            {
            }

            db.Insert(new Person { Name = "outer-after" });
        });

        Assert.That(db.QueryScalars<string>("SELECT Name FROM people ORDER BY Id"), Is.EqualTo(new[] { "outer-before", "outer-after" }));
    }

    [Test]
    public void Inner_failure_not_caught_rolls_back_everything()
    {
        var db = OpenWith<Person>();

        Assert.Throws<InvalidOperationException>(() => db.RunInTransaction(() =>
        {
            db.Insert(new Person { Name = "outer" });
            db.RunInTransaction(() => throw new InvalidOperationException("inner"));
        }));

        Assert.That(db.ExecuteScalar<int>("SELECT count(*) FROM people"), Is.Zero);
    }

    [Test]
    public void Savepoints_release_and_roll_back_to()
    {
        var db = OpenWith<Person>();
        db.BeginTransaction();
        db.Insert(new Person { Name = "a" });
        var sp1 = db.SaveTransactionPoint();
        db.Insert(new Person { Name = "b" });
        var sp2 = db.SaveTransactionPoint();
        db.Insert(new Person { Name = "c" });
        db.RollbackTo(sp2);
        db.Release(sp1);
        db.Commit();

        Assert.That(db.QueryScalars<string>("SELECT Name FROM people ORDER BY Id"), Is.EqualTo(new[] { "a", "b" }));
    }

    [Test]
    public void Releasing_an_unknown_savepoint_is_an_error()
    {
        var db = OpenWith<Person>();

        Assert.Throws<ArgumentException>(() => db.Release("nonsense"));
        var sp = db.SaveTransactionPoint();
        db.Release(sp);
        Assert.Throws<ArgumentException>(() => db.Release(sp));
    }

    [Test]
    public void Constraint_failure_inside_a_transaction_keeps_earlier_work_of_it()
    {
        var db = OpenWith<Person>();
        db.BeginTransaction();
        db.Insert(new Person { Name = "a", Email = "same" });

        Assert.Throws<MicroDbConstraintException>(() => db.Insert(new Person { Name = "b", Email = "same" }));

        db.Commit();
        Assert.That(db.QueryScalars<string>("SELECT Name FROM people"), Is.EqualTo(new[] { "a" }));
    }
}
