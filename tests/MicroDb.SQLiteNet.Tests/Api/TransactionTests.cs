using SQLite;

namespace MicroDb.SQLiteNet.Tests.Api;

/// <summary>Transactions and savepoints with sqlite-net's rules.</summary>
public sealed class TransactionTests : CompatTest
{
    [Test]
    public void Commit_and_Rollback_without_a_transaction_do_nothing()
    {
        Assert.DoesNotThrow(() => Db.Commit());
        Assert.DoesNotThrow(() => Db.Rollback());
        Assert.That(Db.IsInTransaction, Is.False);
    }

    [Test]
    public void BeginTransaction_twice_throws_InvalidOperationException()
    {
        Db.BeginTransaction();
        var error = Assert.Throws<InvalidOperationException>(() => Db.BeginTransaction());
        Assert.That(error!.Message, Is.EqualTo("Cannot begin a transaction while already in a transaction."));
        Db.Rollback();
    }

    [Test]
    public void Rollback_undoes_the_transaction_and_Commit_keeps_it()
    {
        Db.CreateTable<Item>();
        Db.BeginTransaction();
        Assert.That(Db.IsInTransaction, Is.True);
        Db.Insert(NewItem("undone"));
        Db.Rollback();
        Db.BeginTransaction();
        Db.Insert(NewItem("kept"));
        Db.Commit();
        Assert.Multiple(() =>
        {
            Assert.That(Db.IsInTransaction, Is.False);
            Assert.That(Db.Table<Item>().ToList().Select(i => i.Name), Is.EqualTo(new[] { "kept" }));
        });
    }

    [Test]
    public void RollbackTo_undoes_the_work_after_the_savepoint_and_Release_keeps_it()
    {
        Db.CreateTable<Item>();
        Db.BeginTransaction();
        Db.Insert(NewItem("before"));
        var savepoint = Db.SaveTransactionPoint();
        Db.Insert(NewItem("after"));
        Db.RollbackTo(savepoint);
        var second = Db.SaveTransactionPoint();
        Db.Insert(NewItem("released"));
        Db.Release(second);
        Db.Commit();
        Assert.That(Db.Table<Item>().OrderBy(i => i.Id).ToList().Select(i => i.Name), Is.EqualTo(new[] { "before", "released" }));
    }

    [Test]
    public void RollbackTo_null_rolls_back_the_whole_transaction()
    {
        Db.CreateTable<Item>();
        Db.BeginTransaction();
        Db.Insert(NewItem("x"));
        Db.RollbackTo(null!);
        Assert.Multiple(() =>
        {
            Assert.That(Db.IsInTransaction, Is.False);
            Assert.That(Db.Table<Item>().Count(), Is.EqualTo(0));
        });
    }

    [Test]
    public void Release_of_an_unknown_savepoint_throws_ArgumentException()
    {
        Db.BeginTransaction();
        Assert.Throws<ArgumentException>(() => Db.Release("nope"));
        Db.Rollback();
    }

    [Test]
    public void RunInTransaction_keeps_the_work_or_undoes_it_and_rethrows()
    {
        Db.CreateTable<Item>();
        Db.RunInTransaction(() => Db.Insert(NewItem("kept")));
        var error = Assert.Throws<InvalidTimeZoneException>(() => Db.RunInTransaction(() =>
        {
            Db.Insert(NewItem("undone"));
            throw new InvalidTimeZoneException("app error");
        }));
        Assert.Multiple(() =>
        {
            Assert.That(error!.Message, Is.EqualTo("app error"));
            Assert.That(Db.Table<Item>().ToList().Select(i => i.Name), Is.EqualTo(new[] { "kept" }));
            Assert.That(Db.IsInTransaction, Is.False);
        });
    }

    [Test]
    public void RunInTransaction_nests()
    {
        Db.CreateTable<Item>();
        Db.RunInTransaction(() =>
        {
            Db.Insert(NewItem("outer"));
            try
            {
                Db.RunInTransaction(() =>
                {
                    Db.Insert(NewItem("inner"));
                    throw new InvalidOperationException("inner fails");
                });
            }
            catch (InvalidOperationException)
            {
                // The outer work goes on without the inner.
            }
        });
        Assert.That(Db.Table<Item>().ToList().Select(i => i.Name), Is.EqualTo(new[] { "outer" }));
    }

    [Test]
    public void Transaction_begun_on_one_thread_commits_from_another()
    {
        Db.CreateTable<Item>();
        Db.BeginTransaction();

        // What `BeginTransaction(); await ...; Commit();` does when the continuation resumes on another thread.
        Exception? failure = null;
        var other = new Thread(() =>
        {
            try
            {
                Db.Insert(NewItem("from another thread"));
                Db.Commit();
            }
            catch (Exception e)
            {
                failure = e;
            }
        })
        {
            // If the continuation blocks, the test must fail, not keep the test host alive.
            IsBackground = true,
        };
        other.Start();

        Assert.That(other.Join(TimeSpan.FromSeconds(10)), Is.True, "the other thread blocked on the transaction");
        Assert.That(failure, Is.Null);
        Assert.That(Db.IsInTransaction, Is.False);
        Assert.That(Db.Table<Item>().Count(), Is.EqualTo(1));
    }
}
