using MicroDb.Conformance.Models;

namespace MicroDb.Conformance;

// Composite primary keys ([PrimaryKey(Order = n)] on several members): the schema, typed lookups by every key column,
// Update/InsertOrReplace/Delete by the whole key, LINQ unchanged, and the errors of a wrong number of key values.
public abstract partial class ConformanceSuite
{
    private static OrderLine Line(int order, int line, string product, int quantity) =>
        new() { OrderId = order, LineNo = line, Product = product, Quantity = quantity };

    private MicroDbConnection OpenWithLines()
    {
        var db = OpenWith<OrderLine>();
        db.InsertAll(new[] { Line(1, 1, "apple", 3), Line(1, 2, "pear", 1), Line(2, 1, "plum", 7) });
        return db;
    }

    [Test]
    public void CreateTable_declares_a_composite_primary_key_in_key_order()
    {
        var db = OpenWith<OrderLine>();
        db.CreateTable<Membership>();

        var sql = db.ExecuteScalar<string>("SELECT sql FROM sqlite_master WHERE name = 'order_lines'");
        Assert.That(sql, Does.Contain("PRIMARY KEY (\"OrderId\", \"LineNo\")"));
        Assert.That(db.GetTableInfo("order_lines").Select(c => (c.Name, c.PrimaryKeyOrdinal, c.NotNull)),
            Is.EqualTo(new[] { ("OrderId", 1, true), ("LineNo", 2, true), ("Product", 0, false), ("Quantity", 0, false) }));

        var membership = db.ExecuteScalar<string>("SELECT sql FROM sqlite_master WHERE name = 'memberships'");
        Assert.That(membership, Does.Contain("PRIMARY KEY (\"UserId\", \"GroupName\")").And.EndsWith("WITHOUT ROWID"));
    }

    [Test]
    public void Find_by_composite_key_returns_the_row()
    {
        var db = OpenWithLines();

        Assert.That(db.Find<OrderLine, int, int>(1, 2)!.Product, Is.EqualTo("pear"));
        Assert.That(db.Get<OrderLine, int, int>(2, 1).Quantity, Is.EqualTo(7));
        Assert.That(db.Find<OrderLine, int, int>(2, 2), Is.Null);
        Assert.That(db.Find<OrderLine, long, long>(1L, 1L)!.Product, Is.EqualTo("apple"));
    }

    [Test]
    public void Get_by_a_missing_composite_key_throws_naming_the_key()
    {
        var db = OpenWithLines();

        var error = Assert.Throws<InvalidOperationException>(() => db.Get<OrderLine, int, int>(9, 9));
        Assert.That(error!.Message, Does.Contain("order_lines").And.Contain("(9, 9)"));
    }

    [Test]
    public void Find_by_composite_key_binds_each_value_as_its_column_stores_it()
    {
        var db = OpenWith<Membership>();
        var user = Guid.NewGuid();
        db.Insert(new Membership { UserId = user, GroupName = "admins", Since = new DateTime(2024, 1, 2, 3, 4, 5, DateTimeKind.Utc), Role = "owner" });
        db.Insert(new Membership { UserId = user, GroupName = "users", Role = "member" });

        Assert.That(db.Find<Membership, Guid, string>(user, "admins")!.Role, Is.EqualTo("owner"));
        Assert.That(db.Find<Membership, Guid, string>(user, "Admins"), Is.Null);
        Assert.That(db.Find<Membership, Guid, string>(Guid.NewGuid(), "admins"), Is.Null);
        Assert.That(db.Delete<Membership, Guid, string>(user, "users"), Is.EqualTo(1));
        Assert.That(db.Table<Membership>().Count(), Is.EqualTo(1));
    }

    [Test]
    public void Insert_of_a_duplicate_composite_key_throws_and_keeps_the_row()
    {
        var db = OpenWithLines();

        Assert.Throws<MicroDbConstraintException>(() => db.Insert(Line(1, 2, "fig", 9)));
        Assert.That(db.Get<OrderLine, int, int>(1, 2).Product, Is.EqualTo("pear"));
        Assert.That(db.Table<OrderLine>().Count(), Is.EqualTo(3));
    }

    [Test]
    public void Update_by_composite_key_changes_only_that_row()
    {
        var db = OpenWithLines();

        Assert.That(db.Update(Line(1, 2, "quince", 4)), Is.EqualTo(1));
        Assert.That(db.Update(Line(3, 3, "none", 0)), Is.Zero);

        Assert.That(db.Table<OrderLine>().OrderBy(l => l.OrderId).ThenBy(l => l.LineNo).ToList().Select(l => (l.OrderId, l.LineNo, l.Product, l.Quantity)),
            Is.EqualTo(new[] { (1, 1, "apple", 3), (1, 2, "quince", 4), (2, 1, "plum", 7) }));
    }

    [Test]
    public void InsertOrReplace_by_composite_key_replaces_the_row()
    {
        var db = OpenWithLines();

        db.InsertOrReplace(Line(2, 1, "grape", 2));
        db.InsertOrReplace(Line(2, 2, "kiwi", 5));

        Assert.That(db.Get<OrderLine, int, int>(2, 1).Product, Is.EqualTo("grape"));
        Assert.That(db.Get<OrderLine, int, int>(2, 2).Product, Is.EqualTo("kiwi"));
        Assert.That(db.Table<OrderLine>().Count(), Is.EqualTo(4));
    }

    [Test]
    public void Upsert_by_composite_key_updates_the_row_with_that_key()
    {
        var db = OpenWithLines();

        Assert.That(db.Upsert(Line(1, 2, "quince", 8)), Is.EqualTo(1));
        Assert.That(db.Upsert(Line(2, 2, "kiwi", 5)), Is.EqualTo(1));

        Assert.That(db.Get<OrderLine, int, int>(1, 2).Product, Is.EqualTo("quince"));
        Assert.That(db.Get<OrderLine, int, int>(1, 1).Product, Is.EqualTo("apple"));
        Assert.That(db.Get<OrderLine, int, int>(2, 2).Quantity, Is.EqualTo(5));
        Assert.That(db.Table<OrderLine>().Count(), Is.EqualTo(4));
    }

    [Test]
    public void Delete_by_composite_key_deletes_only_that_row()
    {
        var db = OpenWithLines();

        Assert.That(db.Delete<OrderLine, int, int>(1, 1), Is.EqualTo(1));
        Assert.That(db.Delete<OrderLine, int, int>(1, 1), Is.Zero);
        Assert.That(db.Delete(Line(2, 1, "", 0)), Is.EqualTo(1));
        Assert.That(db.Table<OrderLine>().Select(l => l.Product).ToList(), Is.EqualTo(new[] { "pear" }));
    }

    [Test]
    public void Linq_over_a_composite_key_table_filters_and_orders()
    {
        var db = OpenWithLines();

        var lines = db.Table<OrderLine>().Where(l => l.OrderId == 1 && l.LineNo > 0).OrderByDescending(l => l.LineNo).ToList();

        Assert.That(lines.Select(l => l.Product), Is.EqualTo(new[] { "pear", "apple" }));
        Assert.That(db.Table<OrderLine>().Where(l => l.OrderId == 2).Delete(), Is.EqualTo(1));
        Assert.That(db.Table<OrderLine>().Count(), Is.EqualTo(2));
    }

    [Test]
    public void Last_of_a_without_rowid_composite_key_table_is_the_last_in_key_order()
    {
        var db = OpenWith<Membership>();
        var first = new Guid("00000000-0000-0000-0000-000000000001");
        var second = new Guid("00000000-0000-0000-0000-000000000002");
        db.Insert(new Membership { UserId = second, GroupName = "a", Role = "second-a" });
        db.Insert(new Membership { UserId = first, GroupName = "z", Role = "first-z" });
        db.Insert(new Membership { UserId = second, GroupName = "b", Role = "second-b" });

        Assert.That(db.Table<Membership>().ToList().Select(m => m.Role), Is.EqualTo(new[] { "first-z", "second-a", "second-b" }));
        Assert.That(db.Table<Membership>().Last().Role, Is.EqualTo("second-b"));
        Assert.That(db.Table<Membership>().Where(m => m.UserId == second).OrderBy(m => m.Role).Last().Role, Is.EqualTo("second-b"));
    }

    [Test]
    public void Delete_with_Take_on_a_without_rowid_composite_key_table_throws_and_deletes_nothing()
    {
        var db = OpenWith<Membership>();
        db.Insert(new Membership { UserId = Guid.NewGuid(), GroupName = "a" });
        db.Insert(new Membership { UserId = Guid.NewGuid(), GroupName = "b" });

        var error = Assert.Throws<NotSupportedException>(() => db.Table<Membership>().Take(1).Delete());

        Assert.That(error!.Message, Does.Contain("composite"));
        Assert.That(db.Table<Membership>().Count(), Is.EqualTo(2));
        Assert.That(OpenWithLines().Table<OrderLine>().OrderBy(l => l.Quantity).Take(1).Delete(), Is.EqualTo(1), "a rowid table deletes by rowid");
    }

    [Test]
    public void Lookup_with_the_wrong_number_of_key_values_throws_and_changes_nothing()
    {
        var db = OpenWithLines();
        OpenWith<Person>().Insert(new Person { Name = "Ann" });

        var single = Assert.Throws<ArgumentException>(() => db.Find<OrderLine>(1));
        Assert.That(single!.Message, Does.Contain("OrderId, LineNo").And.Contain("1 key value"));
        Assert.Throws<ArgumentException>(() => db.Delete<OrderLine>(1));
        Assert.Throws<ArgumentException>(() => db.Get<OrderLine, int, int, int>(1, 1, 1));
        Assert.Throws<ArgumentException>(() => db.Delete<Person, int, int>(1, 1));
        Assert.Throws<ArgumentNullException>(() => db.Find<Membership, Guid, string>(Guid.Empty, null!));
        Assert.That(db.Table<OrderLine>().Count(), Is.EqualTo(3));
    }

    [Test]
    public void CreateTable_of_an_existing_table_with_another_key_throws_and_keeps_the_table()
    {
        var db = Open();
        db.Execute("CREATE TABLE order_lines (OrderId INTEGER NOT NULL, LineNo INTEGER NOT NULL, Product TEXT, PRIMARY KEY (LineNo, OrderId))");
        db.Execute("INSERT INTO order_lines VALUES (1, 1, 'apple')");

        var error = Assert.Throws<MicroDbMigrationException>(() => db.CreateTable<OrderLine>());

        Assert.That(error!.Error, Is.EqualTo(MicroDbMigrationError.PrimaryKeyChanged));
        Assert.That(error.Message, Does.Contain("(LineNo, OrderId)").And.Contain("(OrderId, LineNo)"));
        Assert.That(db.GetTableInfo("order_lines").Select(c => c.Name), Is.EqualTo(new[] { "OrderId", "LineNo", "Product" }));
        Assert.That(db.ExecuteScalar<int>("SELECT count(*) FROM order_lines"), Is.EqualTo(1));
    }

    [Test]
    public void CreateTable_of_a_keyless_model_over_a_keyed_table_leaves_the_key()
    {
        var db = Open();
        db.Execute("CREATE TABLE LogLine (Message TEXT NOT NULL PRIMARY KEY)");

        db.CreateTable<LogLine>();

        Assert.That(db.GetTableInfo("LogLine").Select(c => (c.Name, c.PrimaryKeyOrdinal)), Is.EqualTo(new[] { ("Message", 1), ("Level", 0) }));
    }

    [Test]
    public async Task Async_lookups_by_composite_key_find_get_and_delete()
    {
        var options = Configure(new MicroDbOptions(DatabasePath) { Mapping = Mode });
        await using var db = new MicroDbAsyncConnection(options);
        await db.CreateTableAsync<OrderLine>();
        await db.InsertAsync(Line(4, 2, "lime", 6));

        Assert.That((await db.FindAsync<OrderLine, int, int>(4, 2))!.Product, Is.EqualTo("lime"));
        Assert.That(await db.FindAsync<OrderLine, int, int>(2, 4), Is.Null);
        Assert.That((await db.GetAsync<OrderLine, int, int>(4, 2)).Quantity, Is.EqualTo(6));
        await Assert.ThrowsAsync<InvalidOperationException>(async () => await db.GetAsync<OrderLine, int, int>(2, 4));
        Assert.That(await db.DeleteAsync<OrderLine, int, int>(4, 2), Is.EqualTo(1));
        Assert.That(await db.FindAsync<OrderLine, int, int>(4, 2), Is.Null);
    }
}
