using MicroDb.Conformance.Models;

namespace MicroDb.Conformance.Portable;

public abstract partial class PortableSuite
{
    [Test]
    public async Task Portable_async_crud_round_trip()
    {
        var db = OpenWith<Person>();
        var ada = new Person { Name = "Ada", Age = 36 };

        Assert.That(await db.InsertAsync(ada), Is.EqualTo(1));
        Assert.That(ada.Id, Is.EqualTo(1));
        Assert.That(await db.InsertAllAsync(new[] { new Person { Name = "Grace" }, new Person { Name = "Edsger" } }), Is.EqualTo(2));
        ada.Age = 37;
        Assert.That(await db.UpdateAsync(ada), Is.EqualTo(1));
        Assert.That((await db.GetAsync<Person>(1)).Age, Is.EqualTo(37));
        Assert.That(await db.FindAsync<Person>(99), Is.Null);
        await Assert.ThrowsAsync<InvalidOperationException>(() => db.GetAsync<Person>(99));
        Assert.That(await db.DeleteAsync(ada), Is.EqualTo(1));
        var upserted = new Person { Id = 2, Name = "Grace H." };
        Assert.That(await db.UpsertAsync(upserted), Is.EqualTo(1));

        Assert.That(await db.Table<Person>().OrderBy(p => p.Id).ToListAsync(), Has.Count.EqualTo(2));
        Assert.That((await db.Table<Person>().OrderBy(p => p.Id).FirstAsync()).Name, Is.EqualTo("Grace H."));
        Assert.That(await db.Table<Person>().Where(p => p.Age > 100).FirstOrDefaultAsync(), Is.Null);
        Assert.That(await db.Table<Person>().CountAsync(), Is.EqualTo(2));
        Assert.That(await db.Table<Person>().Where(p => p.Name == "Ada").AnyAsync(), Is.False);
    }

    [Test]
    public async Task Portable_async_constraint_error_is_the_same_typed_error_and_keeps_stored_rows()
    {
        var db = OpenWith<Person>();
        await db.InsertAsync(new Person { Name = "first", Email = "same@example.org" });

        var error = await Assert.ThrowsAsync<MicroDbConstraintException>(() => db.InsertAsync(new Person { Name = "second", Email = "same@example.org" }));

        Assert.That(error!.ExtendedResultCode, Is.EqualTo(2067));
        Assert.That(await db.Table<Person>().CountAsync(), Is.EqualTo(1));
    }

    [Test]
    public async Task Portable_RunInTransactionAsync_commits_on_return_and_rolls_back_on_throw()
    {
        var db = OpenWith<Person>();

        await db.RunInTransactionAsync(async (t, token) =>
        {
            await t.InsertAsync(new Person { Name = "a" }, token);
            await t.InsertAsync(new Person { Name = "b" }, token);
        });
        var error = await Assert.ThrowsAsync<ApplicationException>(() => db.RunInTransactionAsync(async (t, token) =>
        {
            await t.InsertAsync(new Person { Name = "lost" }, token);
            throw new ApplicationException("boom");
        }));

        Assert.That(error!.Message, Is.EqualTo("boom"));
        Assert.That(Names(db), Is.EqualTo(new[] { "a", "b" }));
        Assert.That(db.IsInTransaction, Is.False);
    }

    [Test]
    public void Portable_async_call_with_a_cancelled_token_throws_and_stores_nothing()
    {
        var db = OpenWith<Person>();
        using var cancelled = new CancellationTokenSource();
        cancelled.Cancel();

        Assert.That(() => db.InsertAsync(new Person { Name = "never" }, cancelled.Token), Throws.InstanceOf<OperationCanceledException>());
        Assert.That(() => db.InsertAllAsync(new[] { new Person { Name = "never" } }, cancelled.Token), Throws.InstanceOf<OperationCanceledException>());

        Assert.That(db.Table<Person>().Count(), Is.Zero);
        db.Insert(new Person { Name = "works" });
        Assert.That(Names(db), Is.EqualTo(new[] { "works" }));
    }
}
