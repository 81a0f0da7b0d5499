using SQLite;

namespace MicroDb.SQLiteNet.Tests.Api;

/// <summary>Insert, update, delete and lookups: sqlite-net's return values, exceptions and events.</summary>
public sealed class CrudTests : CompatTest
{
    [Test]
    public void Insert_sets_autoincrement_key_and_returns_one()
    {
        Db.CreateTable<Item>();
        var first = NewItem("a");
        var second = NewItem("b");
        Assert.Multiple(() =>
        {
            Assert.That(Db.Insert(first), Is.EqualTo(1));
            Assert.That(Db.Insert(second), Is.EqualTo(1));
            Assert.That(first.Id, Is.EqualTo(1));
            Assert.That(second.Id, Is.EqualTo(2));
            Assert.That(Db.Get<Item>(2).Name, Is.EqualTo("b"));
        });
    }

    [Test]
    public void Insert_of_null_returns_zero()
    {
        Db.CreateTable<Item>();
        Assert.Multiple(() =>
        {
            Assert.That(Db.Insert(null!), Is.EqualTo(0));
            Assert.That(Db.Update(null!), Is.EqualTo(0));
            Assert.That(Db.Table<Item>().Count(), Is.EqualTo(0));
        });
    }

    [Test]
    public void Insert_with_type_maps_the_object_as_that_type()
    {
        Db.CreateTable<Item>();
        object item = NewItem("typed");
        Assert.That(Db.Insert(item, typeof(Item)), Is.EqualTo(1));
        Assert.That(Db.Find<Item>(1)?.Name, Is.EqualTo("typed"));
    }

    [Test]
    public void Insert_or_ignore_returns_zero_and_leaves_the_key_alone()
    {
        Db.CreateTable<Item>();
        Db.Insert(NewItem("first", "X"));
        var duplicate = NewItem("second", "X");
        Assert.Multiple(() =>
        {
            Assert.That(Db.Insert(duplicate, "OR IGNORE"), Is.EqualTo(0));
            Assert.That(duplicate.Id, Is.EqualTo(0), "no row was written, so no key (sqlite-net writes the previous row's id)");
            Assert.That(Db.Table<Item>().Count(), Is.EqualTo(1));
        });
    }

    [Test]
    public void InsertOrReplace_replaces_the_row_with_the_same_key()
    {
        Db.CreateTable<Item>();
        var item = NewItem("old");
        Db.Insert(item);
        var replacement = NewItem("new");
        replacement.Id = item.Id;
        Assert.Multiple(() =>
        {
            Assert.That(Db.InsertOrReplace(replacement), Is.EqualTo(1));
            Assert.That(Db.Table<Item>().Count(), Is.EqualTo(1));
            Assert.That(Db.Get<Item>(item.Id).Name, Is.EqualTo("new"));
        });
    }

    [Test]
    public void InsertAll_returns_the_count_and_rolls_back_everything_on_a_failure()
    {
        Db.CreateTable<Item>();
        Assert.That(Db.InsertAll(new[] { NewItem("a", "1"), NewItem("b", "2") }), Is.EqualTo(2));
        var batch = new[] { NewItem("c", "3"), NewItem("d", "1") };
        var error = Assert.Throws<SQLiteException>(() => Db.InsertAll(batch));
        Assert.Multiple(() =>
        {
            Assert.That(error!.Result, Is.EqualTo(SQLite3.Result.Constraint));
            Assert.That(Db.Table<Item>().Count(), Is.EqualTo(2), "the batch was undone");
            Assert.That(Db.IsInTransaction, Is.False);
        });
    }

    [Test]
    public void InsertAll_without_a_transaction_keeps_the_rows_before_a_failure()
    {
        Db.CreateTable<Item>();
        var batch = new[] { NewItem("a", "1"), NewItem("b", "1") };
        Assert.Throws<SQLiteException>(() => Db.InsertAll(batch, runInTransaction: false));
        Assert.That(Db.Table<Item>().Count(), Is.EqualTo(1));
    }

    [Test]
    public void InsertAll_with_extra_applies_the_conflict_clause_to_each_row()
    {
        Db.CreateTable<Item>();
        var count = Db.InsertAll(new[] { NewItem("a", "1"), NewItem("b", "1"), NewItem("c", "2") }, "OR IGNORE");
        Assert.Multiple(() =>
        {
            Assert.That(count, Is.EqualTo(2));
            Assert.That(Db.Table<Item>().OrderBy(i => i.Id).ToList().Select(i => i.Name), Is.EqualTo(new[] { "a", "c" }));
        });
    }

    [Test]
    public void Unique_violation_is_a_SQLiteException_with_Result_Constraint()
    {
        Db.CreateTable<Item>();
        Db.Insert(NewItem("a", "dup"));
        var caught = false;
        try
        {
            Db.Insert(NewItem("b", "dup"));
        }
        catch (SQLiteException e) when (e.Result == SQLite3.Result.Constraint)
        {
            caught = true;
            Assert.That(e.Message, Is.EqualTo("UNIQUE constraint failed: items.Code"));
            Assert.That(e, Is.Not.InstanceOf<NotNullConstraintViolationException>());
        }

        Assert.That(caught, Is.True);
    }

    [Test]
    public void Null_in_a_NotNull_property_throws_NotNullConstraintViolationException_naming_the_column()
    {
        Db.CreateTable<Item>();
        var item = NewItem("x");
        item.Name = null!;
        var error = Assert.Throws<NotNullConstraintViolationException>(() => Db.Insert(item));
        Assert.Multiple(() =>
        {
            Assert.That(error!.Result, Is.EqualTo(SQLite3.Result.Constraint));
            Assert.That(error.Message, Is.EqualTo("NOT NULL constraint failed: items.Name"));
            Assert.That(error.Columns.Select(c => c.Name), Is.EqualTo(new[] { "Name" }));
        });
    }

    [Test]
    public void Update_returns_one_for_an_existing_row_and_zero_for_a_missing_one()
    {
        var items = AddItems("a", "b");
        items[0].Name = "renamed";
        var missing = NewItem("ghost");
        missing.Id = 99;
        Assert.Multiple(() =>
        {
            Assert.That(Db.Update(items[0]), Is.EqualTo(1));
            Assert.That(Db.Update(missing), Is.EqualTo(0));
            Assert.That(Db.Get<Item>(items[0].Id).Name, Is.EqualTo("renamed"));
        });
    }

    [Test]
    public void Update_of_a_type_without_a_key_throws_NotSupportedException()
    {
        Db.CreateTable<Note>();
        var error = Assert.Throws<NotSupportedException>(() => Db.Update(new Note { Body = "x" }));
        Assert.That(error!.Message, Does.Contain("Note").And.Contain("has no PK"));
    }

    [Test]
    public void UpdateAll_returns_the_rows_changed()
    {
        var items = AddItems("a", "b", "c");
        items.ForEach(i => i.Quantity = 100);
        Assert.Multiple(() =>
        {
            Assert.That(Db.UpdateAll(items), Is.EqualTo(3));
            Assert.That(Db.Table<Item>().Count(i => i.Quantity == 100), Is.EqualTo(3));
        });
    }

    [Test]
    public void Delete_by_object_key_and_mapping_return_rows_deleted()
    {
        var items = AddItems("a", "b", "c", "d");
        Assert.Multiple(() =>
        {
            Assert.That(Db.Delete(items[0]), Is.EqualTo(1));
            Assert.That(Db.Delete<Item>(items[1].Id), Is.EqualTo(1));
            Assert.That(Db.Delete(items[2].Id, Db.GetMapping<Item>()), Is.EqualTo(1));
            Assert.That(Db.Delete<Item>(12345), Is.EqualTo(0));
            Assert.That(Db.Table<Item>().ToList().Select(i => i.Name), Is.EqualTo(new[] { "d" }));
        });
    }

    [Test]
    public void Delete_by_text_key_finds_the_row()
    {
        Db.CreateTable<Tag>();
        Db.Insert(new Tag { Name = "red", Uses = 1 });
        Assert.Multiple(() =>
        {
            Assert.That(Db.Get<Tag>("red").Uses, Is.EqualTo(1));
            Assert.That(Db.Delete<Tag>("red"), Is.EqualTo(1));
            Assert.That(Db.Find<Tag>("red"), Is.Null);
        });
    }

    [Test]
    public void DeleteAll_returns_the_rows_deleted()
    {
        AddItems("a", "b", "c");
        Assert.Multiple(() =>
        {
            Assert.That(Db.DeleteAll<Item>(), Is.EqualTo(3));
            Assert.That(Db.DeleteAll(Db.GetMapping<Item>()), Is.EqualTo(0));
        });
    }

    [Test]
    public void Get_of_a_missing_key_throws_InvalidOperationException_and_Find_returns_null()
    {
        AddItems("a");
        Assert.Multiple(() =>
        {
            Assert.Throws<InvalidOperationException>(() => Db.Get<Item>(42));
            Assert.Throws<InvalidOperationException>(() => Db.Get(42, Db.GetMapping<Item>()));
            Assert.Throws<InvalidOperationException>(() => Db.Get<Item>(i => i.Name == "zzz"));
            Assert.That(Db.Find<Item>(42), Is.Null);
            Assert.That(Db.Find(42, Db.GetMapping<Item>()), Is.Null);
            Assert.That(Db.Find<Item>(i => i.Name == "zzz"), Is.Null);
            Assert.That(Db.Find<Item>(i => i.Name == "a")?.Id, Is.EqualTo(1));
            Assert.That(Db.Get(1, Db.GetMapping<Item>()), Is.InstanceOf<Item>());
        });
    }

    [Test]
    public void Find_by_key_of_a_type_without_a_key_throws_NotSupportedException()
    {
        Db.CreateTable<Note>();
        Db.Insert(new Note { Body = "only" });
        var error = Assert.Throws<NotSupportedException>(() => Db.Find<Note>(1));
        Assert.That(error!.Message, Does.Contain("Note"));
    }

    [Test]
    public void TableChanged_reports_inserts_updates_and_deletes_that_changed_rows()
    {
        Db.CreateTable<Item>();
        var events = new List<string>();
        Db.TableChanged += (sender, e) =>
        {
            Assert.That(sender, Is.SameAs(Db));
            events.Add(e.Table.TableName + " " + e.Action);
        };
        var item = NewItem("a");
        Db.Insert(item);
        Db.Update(item);
        var missing = NewItem("ghost");
        missing.Id = 99;
        Db.Update(missing);
        Db.Delete(item);
        Db.Delete<Item>(item.Id);
        Assert.That(events, Is.EqualTo(new[] { "items Insert", "items Update", "items Delete" }));
    }

    [Test]
    public void ImplicitPK_and_AutoIncPK_make_Id_an_autoincremented_key()
    {
        Assert.That(Db.CreateTable<Plain>(CreateFlags.ImplicitPK | CreateFlags.AutoIncPK | CreateFlags.ImplicitIndex), Is.EqualTo(CreateTableResult.Created));
        var first = new Plain { OwnerId = 7, Title = "a" };
        var second = new Plain { OwnerId = 7, Title = "b" };
        Db.Insert(first);
        Db.Insert(second);
        var indexes = Db.QueryScalars<string>("select name from sqlite_master where type = 'index' and tbl_name = 'Plain'");
        Assert.Multiple(() =>
        {
            Assert.That((first.Id, second.Id), Is.EqualTo((1, 2)));
            Assert.That(Db.GetMapping<Plain>(CreateFlags.ImplicitPK | CreateFlags.AutoIncPK).PK?.Name, Is.EqualTo("Id"));
            Assert.That(Db.Delete(1, Db.GetMapping<Plain>(CreateFlags.ImplicitPK | CreateFlags.AutoIncPK)), Is.EqualTo(1));
            Assert.That(indexes, Is.EqualTo(new[] { "Plain_OwnerId" }));
        });
    }
}
