using MicroDb.Conformance.Models;

namespace MicroDb.Conformance;

// Foreign keys ([References]): the REFERENCES clause, the actions SQLite runs (foreign keys are on by default), and a
// violation as a typed error that changes nothing. The actions and violations PostgreSQL runs the same are in the
// portable suite (Portable/PortableSuite.Schema.cs); here SQLite's own catalog, migration and sqlite-net dialect.
public abstract partial class ConformanceSuite
{
    private MicroDbConnection OpenWithInvoices(out Customer ann, out Customer bob)
    {
        var db = Open();
        db.CreateTable<Customer>();
        db.CreateTable<Invoice>();
        db.CreateTable<Payment>();
        ann = new Customer { Code = "ANN", Name = "Ann" };
        bob = new Customer { Code = "BOB", Name = "Bob" };
        db.Insert(ann);
        db.Insert(bob);
        db.Insert(new Invoice { CustomerId = ann.Id, CustomerCode = "ANN", Amount = 1.5m });
        db.Insert(new Invoice { CustomerId = ann.Id, CustomerCode = "ANN", Amount = 2m });
        db.Insert(new Invoice { CustomerId = bob.Id, CustomerCode = "BOB", Amount = 3m });
        return db;
    }

    [Test]
    public void CreateTable_writes_the_references_clause_with_its_actions()
    {
        var db = OpenWithInvoices(out _, out _);

        var sql = db.ExecuteScalar<string>("SELECT sql FROM sqlite_master WHERE name = 'invoices'");
        Assert.That(sql, Does.Contain("\"CustomerId\" INTEGER REFERENCES \"customers\" (\"Id\") ON DELETE CASCADE"));
        Assert.That(sql, Does.Contain("\"CustomerCode\" TEXT REFERENCES \"customers\" (\"Code\") ON DELETE SET NULL ON UPDATE CASCADE"));
        var keys = db.QueryScalars<string>("SELECT \"from\" || '>' || \"table\" || '.' || \"to\" || ' ' || on_update || '/' || on_delete FROM pragma_foreign_key_list('invoices') ORDER BY \"from\"");
        Assert.That(keys, Is.EqualTo(new[] { "CustomerCode>customers.Code CASCADE/SET NULL", "CustomerId>customers.Id NO ACTION/CASCADE" }));
        Assert.That(db.ExecuteScalar<string>("SELECT sql FROM sqlite_master WHERE name = 'payments'"), Does.Contain("REFERENCES \"invoices\" (\"Id\")").And.Not.Contain(" ON "));
    }

    [Test]
    public void CreateTable_over_a_table_without_the_foreign_key_leaves_its_columns_as_they_are()
    {
        var db = Open();
        db.CreateTable<Customer>();
        db.Execute("CREATE TABLE invoices (Id INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL, CustomerId INTEGER NOT NULL)");

        var report = db.Migrate<Invoice>();

        // Existing columns keep their declaration (SQLite cannot add REFERENCES to a column); a new column gets its clause.
        Assert.That(report.AddedColumns, Is.EqualTo(new[] { "CustomerCode", "Amount" }));
        Assert.That(db.QueryScalars<string>("SELECT \"from\" FROM pragma_foreign_key_list('invoices')"), Is.EqualTo(new[] { "CustomerCode" }));
    }

    [Test]
    public void Under_sqlite_nets_storage_format_keys_and_references_use_its_dialect()
    {
        var db = Open(tweak: o => o.Storage = StorageFormat.SqliteNet());
        db.CreateTable<Customer>();
        db.CreateTable<Invoice>();
        db.CreateTable<OrderLine>();
        db.Insert(new OrderLine { OrderId = 1, LineNo = 2, Product = "fig" });

        var lines = db.ExecuteScalar<string>("SELECT sql FROM sqlite_master WHERE name = 'order_lines'");
        Assert.That(lines, Does.Contain("\n\"OrderId\" integer not null ,\n").And.EndWith("PRIMARY KEY (\"OrderId\", \"LineNo\"))"));
        Assert.That(db.GetTableInfo("order_lines").Select(c => c.PrimaryKeyOrdinal), Is.EqualTo(new[] { 1, 2, 0, 0 }));
        Assert.That(db.Find<OrderLine, int, int>(1, 2)!.Product, Is.EqualTo("fig"));
        Assert.That(db.QueryScalars<string>("SELECT \"from\" || '>' || \"table\" || '.' || \"to\" FROM pragma_foreign_key_list('invoices') ORDER BY \"from\""),
            Is.EqualTo(new[] { "CustomerCode>customers.Code", "CustomerId>customers.Id" }));
    }
}
