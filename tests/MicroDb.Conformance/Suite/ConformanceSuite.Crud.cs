using MicroDb.Conformance.Models;

namespace MicroDb.Conformance;

public abstract partial class ConformanceSuite
{
    [Test]
    public void Insert_sets_autoincrement_key()
    {
        var db = OpenWith<Person>();
        var first = new Person { Name = "Ada" };
        var second = new Person { Name = "Grace" };

        Assert.That(db.Insert(first), Is.EqualTo(1));
        db.Insert(second);

        Assert.That(first.Id, Is.EqualTo(1));
        Assert.That(second.Id, Is.EqualTo(2));
    }

    [Test]
    public void Insert_through_object_overload_uses_runtime_type()
    {
        var db = OpenWith<Person>();
        object boxed = new Person { Name = "Boxed" };

        db.Insert(boxed);

        Assert.That(((Person)boxed).Id, Is.EqualTo(1));
        Assert.That(db.Get<Person>(1).Name, Is.EqualTo("Boxed"));
    }

    [Test]
    public void Get_returns_inserted_values_and_skips_ignored_members()
    {
        var db = OpenWith<Person>();
        var created = new DateTime(2024, 2, 29, 13, 14, 15, DateTimeKind.Utc);
        db.Insert(new Person { Name = "Ada", Age = 36, Email = "ada@example.org", Created = created, Transient = "not stored" });

        var read = db.Get<Person>(1);

        Assert.That(read.Name, Is.EqualTo("Ada"));
        Assert.That(read.Age, Is.EqualTo(36));
        Assert.That(read.Email, Is.EqualTo("ada@example.org"));
        Assert.That(read.Created, Is.EqualTo(created));
        Assert.That(read.Created.Kind, Is.EqualTo(DateTimeKind.Utc));
        Assert.That(read.Transient, Is.Null);
        Assert.That(db.GetTableInfo("people").Select(c => c.Name), Does.Not.Contain("Transient"));
    }

    [Test]
    public void Get_throws_when_key_is_absent_and_names_table_and_key()
    {
        var db = OpenWith<Person>();

        var error = Assert.Throws<InvalidOperationException>(() => db.Get<Person>(42));

        Assert.That(error!.Message, Does.Contain("people").And.Contain("42"));
    }

    [Test]
    public void Find_returns_null_when_key_is_absent()
    {
        var db = OpenWith<Person>();

        Assert.That(db.Find<Person>(42), Is.Null);
    }

    [Test]
    public void InsertAll_inserts_every_object_and_sets_keys()
    {
        var db = OpenWith<Person>();
        var people = Enumerable.Range(0, 100).Select(i => new Person { Name = "P" + i, Age = i }).ToList();

        Assert.That(db.InsertAll(people), Is.EqualTo(100));

        Assert.That(people.Select(p => p.Id), Is.EqualTo(Enumerable.Range(1, 100)));
        Assert.That(db.ExecuteScalar<int>("SELECT count(*) FROM people"), Is.EqualTo(100));
        Assert.That(db.IsInTransaction, Is.False);
    }

    [Test]
    public void InsertAll_is_all_or_nothing_when_one_insert_fails()
    {
        var db = OpenWith<Person>();
        db.Insert(new Person { Name = "existing", Email = "dup@example.org" });
        var batch = new[]
        {
            new Person { Name = "a" },
            new Person { Name = "b", Email = "dup@example.org" },
            new Person { Name = "c" },
        };

        Assert.Throws<MicroDbConstraintException>(() => db.InsertAll(batch));

        Assert.That(db.QueryScalars<string>("SELECT Name FROM people"), Is.EqualTo(new[] { "existing" }));
        Assert.That(db.IsInTransaction, Is.False);
    }

    [Test]
    public void InsertAll_rejects_a_null_element_and_keeps_nothing_of_the_batch()
    {
        var db = OpenWith<Person>();

        var error = Assert.Throws<ArgumentException>(() => db.InsertAll(new[] { new Person { Name = "a" }, null! }));

        Assert.That(error!.Message, Does.Contain("position 1"));
        Assert.That(db.ExecuteScalar<int>("SELECT count(*) FROM people"), Is.Zero);
    }

    [Test]
    public void InsertAll_without_transaction_keeps_rows_before_the_failure()
    {
        var db = OpenWith<Person>();
        var batch = new[] { new Person { Name = "a", Email = "x" }, new Person { Name = "b", Email = "x" } };

        Assert.Throws<MicroDbConstraintException>(() => db.InsertAll(batch, runInTransaction: false));

        Assert.That(db.QueryScalars<string>("SELECT Name FROM people"), Is.EqualTo(new[] { "a" }));
    }

    [Test]
    public void InsertOrReplace_replaces_the_row_with_the_same_key()
    {
        var db = OpenWith<Document>();
        var id = Guid.NewGuid();
        db.Insert(new Document { Id = id, Title = "first", Body = "1" });

        db.InsertOrReplace(new Document { Id = id, Title = "second", Body = "2" });

        var all = db.Query<Document>("SELECT * FROM \"doc \"\"table\"\"\"");
        Assert.That(all, Has.Count.EqualTo(1));
        Assert.That(all[0].Title, Is.EqualTo("second"));
    }

    [Test]
    public void Update_changes_the_row_and_returns_rows_changed()
    {
        var db = OpenWith<Person>();
        var person = new Person { Name = "Ada", Age = 1 };
        db.Insert(person);
        person.Age = 2;
        person.Name = "Ada L.";

        Assert.That(db.Update(person), Is.EqualTo(1));

        var read = db.Get<Person>(person.Id);
        Assert.That((read.Name, read.Age), Is.EqualTo(("Ada L.", 2)));
    }

    [Test]
    public void Update_of_a_missing_row_returns_zero()
    {
        var db = OpenWith<Person>();

        Assert.That(db.Update(new Person { Id = 99, Name = "ghost" }), Is.Zero);
    }

    [Test]
    public void UpdateAll_updates_every_object()
    {
        var db = OpenWith<Person>();
        var people = Enumerable.Range(0, 10).Select(i => new Person { Name = "P" + i }).ToList();
        db.InsertAll(people);
        people.ForEach(p => p.Age = 7);

        Assert.That(db.UpdateAll(people), Is.EqualTo(10));
        Assert.That(db.ExecuteScalar<int>("SELECT sum(Age) FROM people"), Is.EqualTo(70));
    }

    [Test]
    public void Delete_by_object_and_by_key()
    {
        var db = OpenWith<Person>();
        var a = new Person { Name = "a" };
        var b = new Person { Name = "b" };
        db.InsertAll(new[] { a, b });

        Assert.That(db.Delete(a), Is.EqualTo(1));
        Assert.That(db.Delete<Person>(b.Id), Is.EqualTo(1));
        Assert.That(db.Delete<Person>(12345), Is.Zero);
        Assert.That(db.ExecuteScalar<int>("SELECT count(*) FROM people"), Is.Zero);
    }

    [Test]
    public void Delete_by_guid_key()
    {
        var db = OpenWith<Document>();
        var id = Guid.NewGuid();
        db.Insert(new Document { Id = id, Body = "b" });

        Assert.That(db.Find<Document>(id), Is.Not.Null);
        Assert.That(db.Delete<Document>(id), Is.EqualTo(1));
        Assert.That(db.Find<Document>(id), Is.Null);
    }

    [Test]
    public void DeleteAll_empties_the_table()
    {
        var db = OpenWith<Person>();
        db.InsertAll(Enumerable.Range(0, 5).Select(i => new Person { Name = "P" + i }));

        Assert.That(db.DeleteAll<Person>(), Is.EqualTo(5));
        Assert.That(db.ExecuteScalar<long>("SELECT count(*) FROM people"), Is.Zero);
    }

    [Test]
    public void Update_and_delete_without_primary_key_throw_NotSupported()
    {
        var db = OpenWith<LogLine>();
        var line = new LogLine { Message = "m" };
        db.Insert(line);

        Assert.That(() => db.Update(line), Throws.TypeOf<NotSupportedException>().With.Message.Contains("PrimaryKey"));
        Assert.That(() => db.Delete(line), Throws.TypeOf<NotSupportedException>());
        Assert.That(db.Query<LogLine>("SELECT * FROM LogLine").Single().Message, Is.EqualTo("m"));
    }

    [Test]
    public void Private_setter_is_read_back()
    {
        var db = OpenWith<Account>();
        var account = new Account { Owner = "o" };
        account.Deposit(250);
        db.Insert(account);

        Assert.That(db.Get<Account>(account.Id).Balance, Is.EqualTo(250));
    }

    [Test]
    public void Record_without_setters_is_created_through_its_constructor()
    {
        var db = OpenWith<Point>();
        db.Insert(new Point(7, "seven", 1.5));

        Assert.That(db.Get<Point>(7), Is.EqualTo(new Point(7, "seven", 1.5)));
    }

    [Test]
    public void Init_only_members_and_string_key_without_rowid()
    {
        var db = OpenWith<Setting>();
        db.Insert(new Setting { Key = "theme", Value = "dark" });
        db.InsertOrReplace(new Setting { Key = "theme", Value = "light" });

        var read = db.Get<Setting>("theme");

        Assert.That(read.Value, Is.EqualTo("light"));
        Assert.That(db.ExecuteScalar<string>("SELECT sql FROM sqlite_master WHERE name = 'Setting'"), Does.Contain("WITHOUT ROWID"));
    }

    [Test]
    public void Query_maps_columns_by_name_and_leaves_missing_members_default()
    {
        var db = OpenWith<Person>();
        db.Insert(new Person { Name = "Ada", Age = 36, Email = "e" });

        var rows = db.Query<Person>("SELECT Age, Name FROM people WHERE Age > ?", 30);

        Assert.That(rows, Has.Count.EqualTo(1));
        Assert.That((rows[0].Id, rows[0].Name, rows[0].Age, rows[0].Email), Is.EqualTo((0, "Ada", 36, (string?)null)));
    }

    [Test]
    public void Query_with_named_parameters_binds_in_index_order()
    {
        var db = OpenWith<Person>();
        db.InsertAll(new[] { new Person { Name = "a", Age = 1 }, new Person { Name = "b", Age = 2 } });

        Assert.That(db.Query<Person>("SELECT * FROM people WHERE Name = @name AND Age = :age", "b", 2).Single().Name, Is.EqualTo("b"));
        Assert.That(db.Execute("UPDATE people SET Age = $age WHERE Name = @name", new Dictionary<string, object?> { ["age"] = 5, ["@name"] = "a" }), Is.EqualTo(1));
        Assert.That(db.ExecuteScalar<int>("SELECT Age FROM people WHERE Name = 'a'"), Is.EqualTo(5));
    }

    [Test]
    public void DeferredQuery_streams_rows_and_can_nest()
    {
        var db = OpenWith<Person>();
        db.InsertAll(Enumerable.Range(1, 3).Select(i => new Person { Name = "P" + i, Age = i }));

        var pairs = new List<string>();
        foreach (var outer in db.DeferredQuery<Person>("SELECT * FROM people ORDER BY Id"))
        {
            foreach (var inner in db.DeferredQuery<Person>("SELECT * FROM people WHERE Id > ? ORDER BY Id", outer.Id))
            {
                pairs.Add(outer.Name + inner.Name);
            }
        }

        Assert.That(pairs, Is.EqualTo(new[] { "P1P2", "P1P3", "P2P3" }));
    }

    [Test]
    public void Nested_enumerations_of_the_same_sql_do_not_share_a_statement()
    {
        // The statement cache lends a statement to one user at a time; a nested use of the same SQL gets its own.
        var db = OpenWith<Person>();
        db.InsertAll(Enumerable.Range(1, 3).Select(i => new Person { Name = "P" + i, Age = i }));
        const string sql = "SELECT * FROM people WHERE Age >= ? ORDER BY Id";

        var pairs = new List<string>();
        foreach (var outer in db.DeferredQuery<Person>(sql, 2))
        {
            foreach (var inner in db.DeferredQuery<Person>(sql, 1))
            {
                pairs.Add(outer.Name + inner.Name + db.Query<Person>(sql, 3).Single().Name);
            }
        }

        Assert.That(pairs, Is.EqualTo(new[] { "P2P1P3", "P2P2P3", "P2P3P3", "P3P1P3", "P3P2P3", "P3P3P3" }));
        Assert.That(db.Query<Person>(sql, 1).Select(p => p.Name), Is.EqualTo(new[] { "P1", "P2", "P3" }));
    }

    [Test]
    public void Execute_returns_rows_changed_and_ExecuteScalar_converts()
    {
        var db = OpenWith<Person>();
        db.InsertAll(Enumerable.Range(1, 4).Select(i => new Person { Name = "P" + i, Age = i }));

        Assert.That(db.Execute("UPDATE people SET Age = Age + 1 WHERE Age >= ?", 3), Is.EqualTo(2));
        Assert.That(db.ExecuteScalar<long>("SELECT sum(Age) FROM people"), Is.EqualTo(12));
        Assert.That(db.ExecuteScalar<string>("SELECT Name FROM people WHERE Id = ?", 2), Is.EqualTo("P2"));
        Assert.That(db.ExecuteScalar<int?>("SELECT NULL"), Is.Null);
        Assert.That(db.ExecuteScalar<int>("SELECT Age FROM people WHERE 0"), Is.Zero);
        Assert.That(db.QueryScalars<int>("SELECT Age FROM people ORDER BY Age"), Is.EqualTo(new[] { 1, 2, 4, 5 }));
    }

    [Test]
    public void Argument_count_mismatch_is_a_clear_error()
    {
        var db = OpenWith<Person>();

        var error = Assert.Throws<ArgumentException>(() => db.Execute("UPDATE people SET Age = ? WHERE Id = ?", 1));

        Assert.That(error!.Message, Does.Contain("2 parameter(s)").And.Contain("1 argument(s)"));
    }

    [Test]
    public void Values_that_look_like_sql_are_stored_literally()
    {
        var db = OpenWith<Person>();
        const string evil = "x'); DROP TABLE people; --";
        db.Insert(new Person { Name = evil, Email = "\"quoted\" ; DELETE FROM people" });

        Assert.That(db.Get<Person>(1).Name, Is.EqualTo(evil));
        Assert.That(db.Query<Person>("SELECT * FROM people WHERE Name = ?", evil), Has.Count.EqualTo(1));
        Assert.That(db.ExecuteScalar<int>("SELECT count(*) FROM people"), Is.EqualTo(1));
    }

    [Test]
    public void Table_and_column_names_needing_quotes_work()
    {
        var db = OpenWith<Document>();
        var id = Guid.NewGuid();
        db.Insert(new Document { Id = id, Title = "T", Body = "B" });

        Assert.That(db.GetTableInfo("doc \"table\"").Select(c => c.Name), Is.EqualTo(new[] { "Id", "title text", "Body" }));
        Assert.That(db.Get<Document>(id).Title, Is.EqualTo("T"));
    }

    [Test]
    public void Collation_is_applied_to_the_column()
    {
        var db = OpenWith<Document>();
        db.Insert(new Document { Id = Guid.NewGuid(), Title = "Hello", Body = "b" });

        Assert.That(db.ExecuteScalar<int>("SELECT count(*) FROM \"doc \"\"table\"\"\" WHERE \"title text\" = 'HELLO'"), Is.EqualTo(1));
    }

    [Test]
    public void Statements_are_prepared_once_and_reused()
    {
        var db = OpenWith<Person>();
        var person = new Person { Name = "a" };
        db.Insert(person);
        db.Update(person);
        db.Find<Person>(1);
        db.Delete(person);
        db.InsertOrReplace(person);
        db.Query<Person>("SELECT * FROM people WHERE Id = ?", 1);
        var prepared = db.PrepareCount;

        for (var i = 0; i < 50; i++)
        {
            db.Insert(new Person { Name = "n" + i });
            db.Update(person);
            db.Find<Person>(1);
            db.Delete<Person>(1000 + i);
            db.InsertOrReplace(person);
            db.Query<Person>("SELECT * FROM people WHERE Id = ?", i);
        }

        Assert.That(db.PrepareCount, Is.EqualTo(prepared));
    }
}
