using MicroDb.Conformance.Models;

namespace MicroDb.Conformance.Portable;

// Schema, written once: CreateTable's indexes ([Indexed], [Indexed(name, order)], [Unique]) and what a unique one
// refuses, and [References] foreign keys with their ON DELETE / ON UPDATE actions, each violation a typed error that
// changes nothing.
public abstract partial class PortableSuite
{
    /// <summary>Creates customers, invoices and payments (which reference them) and stores two customers and three invoices.</summary>
    private static (Customer Ann, Customer Bob) Invoices(IPortableDb db)
    {
        db.CreateTable<Customer>();
        db.CreateTable<Invoice>();
        db.CreateTable<Payment>();
        var ann = new Customer { Code = "ANN", Name = "Ann" };
        var bob = new Customer { Code = "BOB", Name = "Bob" };
        db.Insert(ann);
        db.Insert(bob);
        db.Insert(new Invoice { CustomerId = ann.Id, CustomerCode = "ANN", Amount = 1.5m });
        db.Insert(new Invoice { CustomerId = ann.Id, CustomerCode = "ANN", Amount = 2m });
        db.Insert(new Invoice { CustomerId = bob.Id, CustomerCode = "BOB", Amount = 3m });
        return (ann, bob);
    }

    [Test]
    public void Portable_CreateTable_creates_single_unique_and_composite_indexes()
    {
        var db = OpenWith<Order>();
        db.CreateTable<Person>();
        db.CreateTable<Person>();

        Assert.That(db.Indexes("orders"), Is.EqualTo(new[] { "IX_orders_customer_day(CustomerId,Day)", "orders_CustomerId(CustomerId)" }));
        Assert.That(db.Indexes("people"), Is.EqualTo(new[] { "UNIQUE people_Email(Email)", "people_Name(Name)" }));
    }

    [Test]
    public void Portable_unique_index_refuses_a_duplicate_and_a_plain_index_does_not()
    {
        var db = OpenWith<Person>();
        db.Insert(new Person { Name = "Ada", Email = "a@x" });
        db.Insert(new Person { Name = "Ada", Email = null });
        db.Insert(new Person { Name = "Ada", Email = null });

        var error = Assert.Throws<MicroDbConstraintException>(() => db.Insert(new Person { Name = "Grace", Email = "a@x" }));

        Assert.That((error!.ResultCode, error.ExtendedResultCode), Is.EqualTo((19, 2067)));
        Assert.That(error.Message, Does.Contain("Email"));
        Assert.That(Names(db), Is.EqualTo(new[] { "Ada", "Ada", "Ada" }), "a duplicate name and two null emails are allowed; the refused row is not stored");
    }

    [Test]
    public void Portable_join_along_a_foreign_key_pairs_children_with_their_parent()
    {
        var db = Open();
        Invoices(db);

        var rows = db.Table<Invoice>()
            .Join(db.Table<Customer>(), i => i.CustomerId, c => c.Id, (i, c) => new { c.Name, i.Amount })
            .OrderBy(r => r.Amount)
            .ToList();

        Assert.That(rows.Select(r => $"{r.Name} {r.Amount}"), Is.EqualTo(new[] { "Ann 1.5", "Ann 2", "Bob 3" }));
    }

    [Test]
    public void Portable_delete_of_a_parent_cascades_to_its_children()
    {
        var db = Open();
        var (ann, bob) = Invoices(db);

        Assert.That(db.Delete(ann), Is.EqualTo(1));

        Assert.That(db.Table<Invoice>().Select(i => i.CustomerId), Is.EqualTo(new[] { bob.Id }));
    }

    [Test]
    public void Portable_update_of_a_referenced_value_cascades_to_its_children_and_a_delete_sets_null()
    {
        var db = Open();
        var (_, bob) = Invoices(db);
        db.Insert(new Customer { Code = "CID", Name = "Cid" });
        var cid = db.Table<Customer>().Where(c => c.Code == "CID").Single();
        db.Insert(new Invoice { CustomerId = bob.Id, CustomerCode = "CID", Amount = 4m });

        bob.Code = "ROBERT";
        db.Update(bob);
        db.Delete(cid);

        Assert.That(db.Table<Invoice>().Where(i => i.CustomerId == bob.Id).OrderBy(i => i.Amount).Select(i => i.CustomerCode), Is.EqualTo(new[] { "ROBERT", null }));
    }

    [Test]
    public void Portable_insert_with_a_missing_parent_throws_and_stores_nothing()
    {
        var db = Open();
        Invoices(db);

        var error = Assert.Throws<MicroDbConstraintException>(() => db.Insert(new Invoice { CustomerId = 999, Amount = 1m }));

        Assert.That((error!.ResultCode, error.ExtendedResultCode), Is.EqualTo((19, 787)));
        Assert.That(error.Message, Does.Contain("FOREIGN KEY").IgnoreCase);
        Assert.That(db.Table<Invoice>().Count(), Is.EqualTo(3));
    }

    [Test]
    public void Portable_delete_of_a_parent_that_a_no_action_key_refers_to_throws_and_keeps_both_rows()
    {
        var db = Open();
        Invoices(db);
        var invoice = db.Table<Invoice>().OrderBy(i => i.Id).First();
        db.Insert(new Payment { InvoiceId = invoice.Id });

        var error = Assert.Throws<MicroDbConstraintException>(() => db.Delete(invoice));

        Assert.That(error!.ExtendedResultCode, Is.EqualTo(787));
        Assert.That(db.Find<Invoice>(invoice.Id), Is.Not.Null);
        Assert.That(db.Table<Payment>().Count(), Is.EqualTo(1));
    }
}
