using MicroDb.Conformance.Models;

namespace MicroDb.Conformance;

// Upsert: INSERT ... ON CONFLICT DO UPDATE ... RETURNING, on the key or a named unique index. Nothing is deleted.
public abstract partial class ConformanceSuite
{
    [Test]
    public void Upsert_inserts_new_row_and_sets_autoincrement_key()
    {
        var db = OpenWith<Person>();
        db.Insert(new Person { Name = "first" });
        var person = new Person { Name = "Ada", Age = 36 };

        Assert.That(db.Upsert(person), Is.EqualTo(1));

        Assert.That(person.Id, Is.EqualTo(2));
        Assert.That(db.Get<Person>(2).Name, Is.EqualTo("Ada"));
    }

    [Test]
    public void Upsert_updates_existing_row_by_key_in_place()
    {
        var db = OpenWith<Person>();
        var person = new Person { Name = "Ada", Age = 36, Email = "ada@example.org" };
        db.Insert(person);

        person.Name = "Ada Lovelace";
        person.Age = 37;
        Assert.That(db.Upsert(person), Is.EqualTo(1));

        Assert.That(person.Id, Is.EqualTo(1));
        Assert.That(db.Table<Person>().Count(), Is.EqualTo(1));
        var read = db.Get<Person>(1);
        Assert.That((read.Name, read.Age, read.Email), Is.EqualTo(("Ada Lovelace", 37, "ada@example.org")));
    }

    [Test]
    public void Upsert_keeps_cascade_children_that_InsertOrReplace_deletes()
    {
        var db = OpenWith<Person>();
        db.Execute("CREATE TABLE pets (id INTEGER PRIMARY KEY, owner INTEGER NOT NULL REFERENCES people(Id) ON DELETE CASCADE)");
        var person = new Person { Name = "Ada" };
        db.Insert(person);
        db.Execute("INSERT INTO pets (owner) VALUES (?)", person.Id);

        person.Age = 40;
        db.Upsert(person);
        Assert.That(db.ExecuteScalar<int>("SELECT count(*) FROM pets"), Is.EqualTo(1));

        db.InsertOrReplace(person);
        Assert.That(db.ExecuteScalar<int>("SELECT count(*) FROM pets"), Is.EqualTo(0), "InsertOrReplace deletes, so the cascade fires");
    }

    [Test]
    public void Upsert_keeps_columns_the_model_does_not_carry()
    {
        var db = OpenWith<Person>();
        db.Execute("ALTER TABLE people ADD COLUMN Notes TEXT");
        var person = new Person { Name = "Ada" };
        db.Insert(person);
        db.Execute("UPDATE people SET Notes = 'kept' WHERE Id = ?", person.Id);

        person.Name = "Grace";
        db.Upsert(person);

        Assert.That(db.ExecuteScalar<string>("SELECT Name || '|' || Notes FROM people"), Is.EqualTo("Grace|kept"));
    }

    [Test]
    public void Upsert_is_seen_by_triggers_as_an_update()
    {
        var db = OpenWith<Person>();
        db.Execute("CREATE TABLE audit (what TEXT NOT NULL)");
        db.Execute("CREATE TRIGGER people_ins AFTER INSERT ON people BEGIN INSERT INTO audit VALUES ('insert'); END");
        db.Execute("CREATE TRIGGER people_upd AFTER UPDATE ON people BEGIN INSERT INTO audit VALUES ('update'); END");
        db.Execute("CREATE TRIGGER people_del AFTER DELETE ON people BEGIN INSERT INTO audit VALUES ('delete'); END");
        var person = new Person { Name = "Ada" };

        db.Upsert(person);
        person.Age = 5;
        db.Upsert(person);

        Assert.That(db.QueryScalars<string>("SELECT what FROM audit ORDER BY rowid"), Is.EqualTo(new[] { "insert", "update" }));
    }

    [Test]
    public void Upsert_on_unique_index_updates_the_conflicting_row_and_reads_its_key_back()
    {
        var db = OpenWith<Person>();
        db.Insert(new Person { Name = "other", Email = "o@example.org" });
        db.Insert(new Person { Name = "Ada", Age = 36, Email = "ada@example.org" });
        var incoming = new Person { Name = "Ada L.", Age = 37, Email = "ada@example.org" };

        Assert.That(db.Upsert(incoming, "people_Email"), Is.EqualTo(1));

        Assert.That(incoming.Id, Is.EqualTo(2));
        Assert.That(db.Table<Person>().Count(), Is.EqualTo(2));
        var read = db.Get<Person>(2);
        Assert.That((read.Name, read.Age), Is.EqualTo(("Ada L.", 37)));

        var fresh = new Person { Name = "Grace", Email = "grace@example.org" };
        db.Upsert(fresh, "people_Email");
        // AUTOINCREMENT may have spent a number on the attempt that became an update: the new key is read back, whatever it is.
        Assert.That(fresh.Id, Is.GreaterThan(2));
        Assert.That(db.Get<Person>(fresh.Id).Name, Is.EqualTo("Grace"));
        Assert.That(db.Table<Person>().Count(), Is.EqualTo(3));
    }

    [Test]
    public void Upsert_on_index_that_is_not_unique_throws_naming_it_and_changes_nothing()
    {
        var db = OpenWith<Person>();
        db.Insert(new Person { Name = "Ada", Age = 1 });
        var before = RawRows(db, "people");

        var error = Assert.Throws<ArgumentException>(() => db.Upsert(new Person { Name = "Ada", Age = 2 }, "people_Name"));
        Assert.That(error!.Message, Does.Contain("people_Name").And.Contain("not unique"));

        var missing = Assert.Throws<ArgumentException>(() => db.Upsert(new Person { Name = "Ada", Age = 2 }, "no_such_index"));
        Assert.That(missing!.Message, Does.Contain("no_such_index").And.Contain("people_Email"));
        Assert.That(RawRows(db, "people"), Is.EqualTo(before));
    }

    [Test]
    public void Upsert_violating_a_constraint_throws_and_changes_nothing()
    {
        var db = OpenWith<Person>();
        db.Insert(new Person { Name = "Ada", Email = "ada@example.org" });
        db.Insert(new Person { Name = "Grace", Email = "grace@example.org" });
        var before = RawRows(db, "people");

        // Key 2 conflicts on the key; its new e-mail collides with row 1's unique e-mail.
        Assert.Throws<MicroDbConstraintException>(() => db.Upsert(new Person { Id = 2, Name = "Grace", Email = "ada@example.org" }));
        Assert.Throws<MicroDbConstraintException>(() => db.UpsertAll(new[]
        {
            new Person { Id = 1, Name = "changed" },
            new Person { Id = 2, Name = null! },
        }));

        Assert.That(RawRows(db, "people"), Is.EqualTo(before));
    }

    [Test]
    public void UpsertAll_inserts_and_updates_in_one_transaction()
    {
        var db = OpenWith<Person>();
        var existing = new Person { Name = "Ada" };
        db.Insert(existing);
        existing.Age = 9;
        var items = new List<Person> { existing, new() { Name = "Grace" }, new() { Name = "Linus" } };

        Assert.That(db.UpsertAll(items), Is.EqualTo(3));

        Assert.That(items.Select(p => p.Id), Is.EqualTo(new[] { 1, 2, 3 }));
        Assert.That(db.Table<Person>().OrderBy(p => p.Id).ToList().Select(p => (p.Name, p.Age)),
            Is.EqualTo(new[] { ("Ada", 9), ("Grace", 0), ("Linus", 0) }));
        Assert.Throws<ArgumentException>(() => db.UpsertAll(new Person[] { new() { Name = "x" }, null! }));
        Assert.That(db.Table<Person>().Count(), Is.EqualTo(3));
    }

    [Test]
    public async Task UpsertAsync_forms_write_on_the_pool()
    {
        var options = Configure(new MicroDbOptions(DatabasePath) { Mapping = Mode });
        await using var db = new MicroDbAsyncConnection(options);
        await db.CreateTableAsync<Person>();
        var person = new Person { Name = "Ada", Email = "ada@example.org" };

        Assert.That(await db.UpsertAsync(person), Is.EqualTo(1));
        Assert.That(await db.UpsertAsync(new Person { Name = "Ada 2", Email = "ada@example.org" }, "people_Email"), Is.EqualTo(1));
        Assert.That(await db.UpsertAllAsync(new[] { new Person { Name = "Grace" } }), Is.EqualTo(1));
        Assert.That(await db.UpsertAllAsync(new[] { new Person { Name = "Ada 3", Email = "ada@example.org" } }, "people_Email"), Is.EqualTo(1));

        var rows = await db.QueryAsync<Person>("SELECT * FROM people ORDER BY Id");
        Assert.That(rows.Select(p => p.Name), Is.EqualTo(new[] { "Ada 3", "Grace" }));
    }

    [Test]
    public void Upsert_on_unique_index_under_sqlite_net_storage_uses_its_index_names()
    {
        var db = Open(tweak: o => o.Storage = StorageFormat.SqliteNet());
        db.CreateTable<Person>();
        db.Insert(new Person { Name = "Ada", Email = "ada@example.org" });
        var index = db.QueryScalars<string>("SELECT name FROM sqlite_master WHERE type = 'index' AND sql LIKE '%unique%' COLLATE NOCASE").Single();

        var incoming = new Person { Name = "Ada L.", Email = "ada@example.org" };
        Assert.That(db.Upsert(incoming, index), Is.EqualTo(1));

        Assert.That(incoming.Id, Is.EqualTo(1));
        Assert.That(db.Get<Person>(1).Name, Is.EqualTo("Ada L."));
    }

    [TestCase("microdb")]
    [TestCase("default")]
    [TestCase("dtText")]
    public void Upsert_writes_values_in_the_connection_storage_format(string setting)
    {
        var db = Open(tweak: o => o.Storage = setting == "microdb" ? StorageFormat.MicroDb : SqliteNetSetting(setting));
        db.CreateTable<AllTypes>();
        var row = new AllTypes { Decimal = 1.5m, DateTime = new DateTime(2024, 1, 2, 3, 4, 5, DateTimeKind.Utc) };
        db.Insert(row);
        var inserted = RawRows(db, "AllTypes");
        db.Execute("DELETE FROM AllTypes");

        db.Upsert(row);
        Assert.That(RawRows(db, "AllTypes"), Is.EqualTo(inserted));
        row.Decimal = 2.25m;
        db.Upsert(row);
        Assert.That(db.Get<AllTypes>(row.Id).Decimal, Is.EqualTo(2.25m));
    }
}
