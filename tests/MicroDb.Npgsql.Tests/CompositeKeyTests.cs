using MicroDb.Conformance.Models;
using MicroDb.Mapping;
using MicroDb.Runtime.Reflection;

namespace MicroDb.Npgsql.Tests;

/// <summary>
/// Find/Get/Delete by a composite key's values (the overloads of SQLite's MicroDbConnection), and Update,
/// InsertOrReplace and Upsert by a composite key, against the server on both mapping paths.
/// </summary>
[TestFixture(MappingMode.Generated)]
[TestFixture(MappingMode.Reflection)]
public sealed class CompositeKeyTests(MappingMode mapping)
{
    private TestSchema _schema = null!;
    private MicroDbNpgsqlConnection _db = null!;

    [OneTimeSetUp]
    public void EnableReflection() => ReflectionMaps.Enable();

    [SetUp]
    public void Open()
    {
        _schema = new TestSchema("composite_" + mapping.ToString().ToLowerInvariant());
        _db = new MicroDbNpgsqlConnection(_schema.DataSource, mapping);
        _db.CreateTable<OrderLine>();
        _db.CreateTable<Membership>();
        _db.CreateTable<PgStockKey>();
        _db.InsertAll(new[] { Line(1, 1, "apple"), Line(1, 2, "pear"), Line(2, 1, "fig") });
    }

    [TearDown]
    public void Close()
    {
        _db.Dispose();
        _schema.Dispose();
    }

    private static OrderLine Line(int order, int line, string product) => new() { OrderId = order, LineNo = line, Product = product, Quantity = line };

    [Test]
    public void Get_and_Find_by_two_key_values_read_the_row_and_Find_gives_null_for_a_missing_key()
    {
        Assert.That(_db.Get<OrderLine, int, int>(1, 2).Product, Is.EqualTo("pear"));
        Assert.That(_db.Find<OrderLine, int, int>(2, 1)!.Product, Is.EqualTo("fig"));
        Assert.That(_db.Find<OrderLine, int, int>(2, 2), Is.Null);

        // Key values of another integer type than the members' still find the row (long for int columns).
        Assert.That(_db.Find<OrderLine, long, long>(1L, 1L)!.Product, Is.EqualTo("apple"));
        Assert.That(_db.Get<OrderLine, int, int>(1, 1).Product, Is.EqualTo("apple"));
    }

    [Test]
    public void Get_of_a_missing_composite_key_throws_InvalidOperation_naming_table_and_key_as_SQLite_does()
    {
        var error = Assert.Throws<InvalidOperationException>(() => _db.Get<OrderLine, int, int>(3, 9));

        Assert.That(error!.Message, Is.EqualTo("No row in table 'order_lines' has primary key (3, 9)."));
        Assert.That(_db.Table<OrderLine>().Count(), Is.EqualTo(3));
    }

    [Test]
    public void Key_order_not_member_order_decides_which_value_is_which_and_Guid_and_string_parts_bind()
    {
        var user = Guid.NewGuid();
        _db.Insert(new Membership { UserId = user, GroupName = "admins", Since = new DateTime(2020, 1, 2), Role = "owner" });
        _db.Insert(new Membership { UserId = user, GroupName = "users", Role = "member" });

        Assert.That(_db.Get<Membership, Guid, string>(user, "admins").Role, Is.EqualTo("owner"));
        Assert.That(_db.Find<Membership, Guid, string>(user, "nobody"), Is.Null);
        Assert.That(_db.Delete<Membership, Guid, string>(user, "users"), Is.EqualTo(1));
        Assert.That(_db.Table<Membership>().Select(m => m.GroupName).ToList(), Is.EqualTo(new[] { "admins" }));
    }

    [Test]
    public void Three_key_values_find_get_and_delete_the_row()
    {
        _db.InsertAll(new[]
        {
            new PgStockKey { Site = "north", Shelf = 5_000_000_000L, Bin = 3, Qty = 7 },
            new PgStockKey { Site = "north", Shelf = 5_000_000_000L, Bin = 4, Qty = 8 },
        });

        Assert.That(_db.Get<PgStockKey, string, long, short>("north", 5_000_000_000L, 4).Qty, Is.EqualTo(8));
        Assert.That(_db.Find<PgStockKey, string, long, short>("south", 5_000_000_000L, 4), Is.Null);
        Assert.That(_db.Delete<PgStockKey, string, long, short>("north", 5_000_000_000L, 3), Is.EqualTo(1));
        Assert.That(_db.Delete<PgStockKey, string, long, short>("north", 5_000_000_000L, 3), Is.EqualTo(0));
        Assert.That(_db.Table<PgStockKey>().Select(s => s.Bin).ToList(), Is.EqualTo(new short[] { 4 }));
        var error = Assert.Throws<InvalidOperationException>(() => _db.Get<PgStockKey, string, long, short>("north", 1, 1));
        Assert.That(error!.Message, Is.EqualTo("No row in table 'pg_stock_keys' has primary key (north, 1, 1)."));
    }

    [Test]
    public void Delete_by_two_key_values_removes_only_that_row_and_counts_it()
    {
        Assert.That(_db.Delete<OrderLine, int, int>(1, 1), Is.EqualTo(1));
        Assert.That(_db.Delete<OrderLine, int, int>(1, 1), Is.EqualTo(0));

        Assert.That(_db.Table<OrderLine>().OrderBy(l => l.OrderId).ThenBy(l => l.LineNo).Select(l => l.Product).ToList(), Is.EqualTo(new[] { "pear", "fig" }));
    }

    [Test]
    public async Task Async_forms_find_get_and_delete_by_key_values()
    {
        Assert.That((await _db.GetAsync<OrderLine, int, int>(1, 2)).Product, Is.EqualTo("pear"));
        Assert.That(await _db.FindAsync<OrderLine, int, int>(9, 9), Is.Null);
        await Assert.ThrowsAsync<InvalidOperationException>(() => _db.GetAsync<OrderLine, int, int>(9, 9));
        Assert.That(await _db.DeleteAsync<OrderLine, int, int>(2, 1), Is.EqualTo(1));
        _db.Insert(new PgStockKey { Site = "a", Shelf = 1, Bin = 1, Qty = 1 });
        Assert.That((await _db.FindAsync<PgStockKey, string, long, short>("a", 1, 1))!.Qty, Is.EqualTo(1));
        Assert.That(await _db.DeleteAsync<PgStockKey, string, long, short>("a", 1, 1), Is.EqualTo(1));
        Assert.That(_db.Table<OrderLine>().Count(), Is.EqualTo(2));

        using var cancelled = new CancellationTokenSource();
        cancelled.Cancel();
        await Assert.CatchAsync<OperationCanceledException>(() => _db.FindAsync<OrderLine, int, int>(1, 1, cancelled.Token));
    }

    [Test]
    public void Wrong_number_of_key_values_null_values_and_a_keyless_type_are_typed_errors_and_nothing_changes()
    {
        var two = Assert.Throws<ArgumentException>(() => _db.Find<PgStockKey, string, long>("north", 1));
        Assert.That(two!.Message, Does.Contain("primary key of 3 column(s) (Site, Shelf, Bin)").And.Contain("2 key value(s)"));
        var three = Assert.Throws<ArgumentException>(() => _db.Delete<OrderLine, int, int, int>(1, 1, 1));
        Assert.That(three!.Message, Does.Contain("(OrderId, LineNo)"));
        var one = Assert.Throws<ArgumentException>(() => _db.Find<OrderLine>(1));
        Assert.That(one!.Message, Does.Contain("(OrderId, LineNo)").And.Contain("1 key value(s)"));
        Assert.Throws<ArgumentNullException>(() => _db.Get<Membership, Guid, string>(Guid.NewGuid(), null!));
        Assert.Throws<ArgumentNullException>(() => _db.Delete<Membership, Guid, string>(Guid.NewGuid(), null!));

        _db.CreateTable<PgNoKey>();
        Assert.Throws<NotSupportedException>(() => _db.Find<PgNoKey, int, int>(1, 1));
        Assert.Throws<NotSupportedException>(() => _db.Delete<PgNoKey, int, int>(1, 1));
        Assert.That(_db.Table<OrderLine>().Count(), Is.EqualTo(3));
    }

    [Test]
    public void Update_InsertOrReplace_and_Upsert_write_the_row_with_the_whole_key()
    {
        var pear = _db.Get<OrderLine, int, int>(1, 2);
        pear.Quantity = 40;
        Assert.That(_db.Update(pear), Is.EqualTo(1));
        Assert.That(_db.Update(Line(7, 7, "none")), Is.EqualTo(0));

        _db.InsertOrReplace(Line(1, 1, "plum"));
        _db.Upsert(Line(2, 1, "kiwi"));
        _db.Upsert(Line(2, 2, "lime"));

        Assert.That(_db.Get<OrderLine, int, int>(1, 2).Quantity, Is.EqualTo(40));
        Assert.That(_db.Get<OrderLine, int, int>(1, 1).Product, Is.EqualTo("plum"));
        Assert.That(_db.Get<OrderLine, int, int>(2, 1).Product, Is.EqualTo("kiwi"));
        Assert.That(_db.Get<OrderLine, int, int>(2, 2).Product, Is.EqualTo("lime"));
        Assert.That(_db.Table<OrderLine>().Count(), Is.EqualTo(4));
    }

    [Test]
    public void Lookups_by_key_values_run_as_prepared_statements_shared_with_Delete_by_entity()
    {
        for (var i = 0; i < 3; i++)
        {
            _db.Find<OrderLine, int, int>(1, 1);
            _db.Delete<OrderLine, int, int>(9, i);
        }

        _db.Delete(Line(9, 9, "x"));
        var prepared = _db.ExecuteScalar<long>(
            "SELECT count(*) FROM pg_prepared_statements WHERE statement LIKE '%order_lines%' AND (statement LIKE 'SELECT%' OR statement LIKE 'DELETE%')");
        Assert.That(prepared, Is.EqualTo(2));
    }
}
