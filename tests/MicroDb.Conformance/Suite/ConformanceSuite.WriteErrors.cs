using MicroDb.Conformance.Models;
using MicroDb.Conformance.Properties;

namespace MicroDb.Conformance;

// Bad input to each write operation of issue 22 (Upsert, UpsertAll, Update by a composite key, InsertOrReplace,
// ExecuteUpdate): a broken foreign key, NOT NULL or unique index is a MicroDbConstraintException, and every stored row
// is as it was. (Non-unique conflict targets and the parent side of a foreign key: Upsert.cs, SetBased.cs.)
public abstract partial class ConformanceSuite
{
    [Test]
    public void Upsert_with_a_missing_parent_throws_and_changes_nothing()
    {
        var db = OpenWithInvoices(out var ann, out _);
        var invoice = db.Table<Invoice>().First();
        var before = RawRows(db, "invoices");

        var insert = Assert.Throws<MicroDbConstraintException>(() => db.Upsert(new Invoice { CustomerId = 999, Amount = 1m }));
        Assert.That(insert!.Message, Does.Contain("FOREIGN KEY"));
        var update = Assert.Throws<MicroDbConstraintException>(() => db.Upsert(new Invoice { Id = invoice.Id, CustomerId = 999, CustomerCode = "ANN", Amount = 9m }));
        Assert.That(update!.Message, Does.Contain("FOREIGN KEY"));
        Assert.Throws<MicroDbConstraintException>(() => db.Upsert(new Invoice { Id = invoice.Id, CustomerId = ann.Id, CustomerCode = "NOBODY", Amount = 9m }));
        Assert.Throws<MicroDbConstraintException>(() => db.UpsertAll(new[]
        {
            new Invoice { Id = invoice.Id, CustomerId = ann.Id, Amount = 7m },
            new Invoice { CustomerId = 999, Amount = 8m },
        }));

        Assert.That(RawRows(db, "invoices"), Is.EqualTo(before));
    }

    [Test]
    public async Task UpsertAsync_with_a_missing_parent_throws_and_changes_nothing()
    {
        OpenWithInvoices(out _, out _).Dispose();
        var options = Configure(new MicroDbOptions(DatabasePath) { Mapping = Mode });
        await using var db = new MicroDbAsyncConnection(options);
        var before = await db.Table<Invoice>().CountAsync();

        await Assert.ThrowsAsync<MicroDbConstraintException>(async () => await db.UpsertAsync(new Invoice { CustomerId = 999, Amount = 1m }));
        await Assert.ThrowsAsync<MicroDbConstraintException>(async () => await db.UpsertAllAsync(new[] { new Invoice { CustomerId = 1, Amount = 1m }, new Invoice { CustomerId = 999, Amount = 1m } }));

        Assert.That(await db.Table<Invoice>().CountAsync(), Is.EqualTo(before));
    }

    [Test]
    public void ExecuteUpdate_of_a_reference_to_a_missing_parent_throws_and_changes_nothing()
    {
        var db = OpenWithInvoices(out _, out _);
        var before = RawRows(db, "invoices");
        var missing = 999;

        var error = Assert.Throws<MicroDbConstraintException>(() => db.Table<Invoice>().Where(i => i.Amount > 1.5m).ExecuteUpdate(s => s.Set(i => i.CustomerId, missing)));
        Assert.That(error!.Message, Does.Contain("FOREIGN KEY"));
        Assert.Throws<MicroDbConstraintException>(() => db.Table<Invoice>().ExecuteUpdate(s => s.Set(i => i.CustomerId, i => i.CustomerId + 100)));

        Assert.That(RawRows(db, "invoices"), Is.EqualTo(before));
    }

    [Test]
    public void ExecuteUpdate_of_a_composite_key_table_violating_NOT_NULL_or_a_unique_index_throws_and_changes_nothing()
    {
        var db = OpenWith<PropPair>();
        db.InsertAll(new[]
        {
            new PropPair { Code = 1, Name = "a", Slot = 1, Note = "x" },
            new PropPair { Code = ulong.MaxValue, Name = "A", Slot = 2, Note = "y" },
        });
        var before = RawRows(db, "prop_pairs");

        var notNull = Assert.Throws<MicroDbConstraintException>(() => db.Table<PropPair>().Where(p => p.Slot == 2).ExecuteUpdate(s => s.Set(p => p.Note, (string)null!)));
        Assert.That(notNull!.Message, Does.Contain("NOT NULL").And.Contain("Note"));
        var unique = Assert.Throws<MicroDbConstraintException>(() => db.Table<PropPair>().ExecuteUpdate(s => s.Set(p => p.Slot, 5)));
        Assert.That(unique!.Message, Does.Contain("UNIQUE"));
        Assert.Throws<MicroDbConstraintException>(() => db.Table<PropPair>().ExecuteUpdate(s => s.Set(p => p.Name, "same").Set(p => p.Code, 7UL)));

        Assert.That(RawRows(db, "prop_pairs"), Is.EqualTo(before));
    }

    [Test]
    public void Update_by_composite_key_violating_NOT_NULL_or_a_unique_index_throws_and_changes_nothing()
    {
        var db = OpenWith<PropPair>();
        db.InsertAll(new[]
        {
            new PropPair { Code = 1, Name = "a", Slot = 1, Note = "x" },
            new PropPair { Code = ulong.MaxValue, Name = "A", Slot = 2, Note = "y" },
        });
        var before = RawRows(db, "prop_pairs");

        Assert.Throws<MicroDbConstraintException>(() => db.Update(new PropPair { Code = 1, Name = "a", Slot = 1, Note = null! }));
        Assert.Throws<MicroDbConstraintException>(() => db.Update(new PropPair { Code = ulong.MaxValue, Name = "A", Slot = 1, Note = "z" }));
        Assert.Throws<MicroDbConstraintException>(() => db.UpdateAll(new[]
        {
            new PropPair { Code = 1, Name = "a", Slot = 3, Note = "changed" },
            new PropPair { Code = ulong.MaxValue, Name = "A", Slot = 3, Note = "clash" },
        }));

        Assert.That(RawRows(db, "prop_pairs"), Is.EqualTo(before));
    }

    [Test]
    public void Update_and_InsertOrReplace_with_a_missing_parent_throw_and_change_nothing()
    {
        var db = OpenWithInvoices(out _, out _);
        var invoice = db.Table<Invoice>().First();
        var before = RawRows(db, "invoices");

        invoice.CustomerId = 999;
        Assert.Throws<MicroDbConstraintException>(() => db.Update(invoice));
        Assert.Throws<MicroDbConstraintException>(() => db.InsertOrReplace(invoice));

        Assert.That(RawRows(db, "invoices"), Is.EqualTo(before));
    }
}
