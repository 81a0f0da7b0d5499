using MicroDb.Conformance.Models;
using MicroDb.Mapping;
using MicroDb.Runtime.Reflection;

namespace MicroDb.Npgsql.Tests;

/// <summary>
/// Where the same call on the conformance suite's models behaves differently on PostgreSQL than on SQLite, by design or
/// not yet done: each difference stated as a test (docs/postgresql.md, "Differences from SQLite"). The portable suite
/// (PortableConformanceTests) runs everything that behaves the same.
/// </summary>
[TestFixture(MappingMode.Generated)]
[TestFixture(MappingMode.Reflection)]
public sealed class PortableConformanceDifferencesTests(MappingMode mapping)
{
    private TestSchema _schema = null!;
    private MicroDbNpgsqlConnection _db = null!;

    [OneTimeSetUp]
    public void EnableReflection() => ReflectionMaps.Enable();

    [SetUp]
    public void Open()
    {
        _schema = new TestSchema("differences_" + mapping.ToString().ToLowerInvariant());
        _db = new MicroDbNpgsqlConnection(_schema.DataSource, mapping);
    }

    [TearDown]
    public void Close()
    {
        _db.Dispose();
        _schema.Dispose();
    }

    // The table's primary key columns in key order, from the catalog.
    private string[] KeyColumns(string table) => _db.ExecuteScalar<string>(
        "SELECT string_agg(a.attname, ',' ORDER BY array_position(i.indkey::int2[], a.attnum)) FROM pg_index i " +
        "JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = ANY(i.indkey) WHERE i.indrelid = $1::regclass AND i.indisprimary",
        table)!.Split(',');

    private static OrderLine Line(int order, int line, string product) => new() { OrderId = order, LineNo = line, Product = product, Quantity = 1 };

    [Test]
    public void Composite_key_table_is_declared_with_one_primary_key_constraint_in_key_order()
    {
        _db.CreateTable<OrderLine>();
        _db.CreateTable<Membership>();

        Assert.That(KeyColumns("order_lines"), Is.EqualTo(new[] { "OrderId", "LineNo" }));
        Assert.That(KeyColumns("memberships"), Is.EqualTo(new[] { "UserId", "GroupName" }));
    }

    [Test]
    public void Composite_key_Update_Delete_Find_and_Get_are_not_supported_yet_and_change_nothing()
    {
        _db.CreateTable<OrderLine>();
        var line = Line(1, 1, "apple");
        _db.Insert(line);
        line.Product = "pear";

        var update = Assert.Throws<NotSupportedException>(() => _db.Update(line));
        Assert.Throws<NotSupportedException>(() => _db.UpdateAll(new[] { line }));
        Assert.Throws<NotSupportedException>(() => _db.Delete(line));
        Assert.Throws<NotSupportedException>(() => _db.Find<OrderLine>(1));
        Assert.Throws<NotSupportedException>(() => _db.Get<OrderLine>(1));

        Assert.That(update!.Message, Does.Contain("composite primary key").And.Contain("OrderId, LineNo"));
        Assert.That(_db.Table<OrderLine>().Select(l => l.Product).ToList(), Is.EqualTo(new[] { "apple" }));
        Assert.That(_db.IsInTransaction, Is.False);
    }

    [Test]
    public void Composite_key_InsertOrReplace_and_Upsert_write_on_the_whole_key()
    {
        _db.CreateTable<OrderLine>();
        _db.InsertAll(new[] { Line(1, 1, "apple"), Line(1, 2, "pear") });

        _db.InsertOrReplace(Line(1, 2, "plum"));
        _db.Upsert(Line(2, 1, "fig"));

        Assert.That(_db.Table<OrderLine>().OrderBy(l => l.OrderId).ThenBy(l => l.LineNo).Select(l => l.Product).ToList(),
            Is.EqualTo(new[] { "apple", "plum", "fig" }));
    }

    [Test]
    public void Constraint_failure_inside_an_open_transaction_aborts_it()
    {
        _db.CreateTable<Person>();
        _db.BeginTransaction();
        _db.Insert(new Person { Name = "a", Email = "x" });

        Assert.Throws<MicroDbConstraintException>(() => _db.Insert(new Person { Name = "b", Email = "x" }));
        var next = Assert.Throws<MicroDbException>(() => _db.Insert(new Person { Name = "c" }));
        Assert.That(next!.Message, Does.Contain("25P02"));
        Assert.That(_db.IsInTransaction, Is.True);
        Exception? commit = null;
        try
        {
            _db.Commit();
        }
        catch (Exception e)
        {
            commit = e;
        }

        Assert.That(commit, Is.Null, commit?.ToString());
        Assert.That(_db.Table<Person>().Count(), Is.Zero);
    }
}
