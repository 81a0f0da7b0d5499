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
    public void Constraint_failure_inside_an_open_transaction_aborts_it_and_Commit_says_so_instead_of_rolling_back_silently()
    {
        _db.CreateTable<Person>();
        _db.Insert(new Person { Name = "before", Email = "x" });
        _db.BeginTransaction();
        _db.Insert(new Person { Name = "a" });

        // SQLite keeps "a" and goes on; PostgreSQL aborts the transaction: the next statement fails (SQLSTATE 25P02).
        Assert.Throws<MicroDbConstraintException>(() => _db.Insert(new Person { Name = "b", Email = "x" }));
        var next = Assert.Throws<MicroDbException>(() => _db.Insert(new Person { Name = "c" }));
        Assert.That(next!.Message, Does.Contain("25P02"));
        var commit = Assert.Throws<MicroDbException>(() => _db.Commit());

        Assert.That(commit!.Message, Does.Contain("not committed").And.Contain("rolled back"));
        Assert.That(_db.IsInTransaction, Is.False);
        Assert.That(_db.Table<Person>().OrderBy(p => p.Id).Select(p => p.Name).ToList(), Is.EqualTo(new[] { "before" }));
        _db.Insert(new Person { Name = "after" });
        Assert.That(_db.Table<Person>().Count(), Is.EqualTo(2));
    }

    [Test]
    public void RunInTransaction_whose_work_caught_a_server_error_throws_instead_of_reporting_a_commit()
    {
        _db.CreateTable<Person>();
        _db.Insert(new Person { Name = "before", Email = "x" });

        var error = Assert.Throws<MicroDbException>(() => _db.RunInTransaction(() =>
        {
            _db.Insert(new Person { Name = "a" });
            Assert.Throws<MicroDbConstraintException>(() => _db.Insert(new Person { Name = "b", Email = "x" }));
        }));

        Assert.That(error!.Message, Does.Contain("not committed"));
        Assert.That(_db.IsInTransaction, Is.False);
        Assert.That(_db.Table<Person>().Select(p => p.Name).ToList(), Is.EqualTo(new[] { "before" }));
    }

    [Test]
    public async Task RunInTransactionAsync_whose_work_caught_a_server_error_throws_and_a_savepoint_keeps_the_rest()
    {
        await _db.CreateTableAsync<Person>();
        await _db.InsertAsync(new Person { Name = "before", Email = "x" });

        await Assert.ThrowsAsync<MicroDbException>(() => _db.RunInTransactionAsync(async token =>
        {
            await _db.InsertAsync(new Person { Name = "a" }, token);
            await Assert.ThrowsAsync<MicroDbConstraintException>(() => _db.InsertAsync(new Person { Name = "b", Email = "x" }, token));
        }));

        // The portable way: the statement that may fail in a nested transaction (a savepoint), the rest committed.
        await _db.RunInTransactionAsync(async token =>
        {
            await _db.InsertAsync(new Person { Name = "kept" }, token);
            await Assert.ThrowsAsync<MicroDbConstraintException>(() => _db.RunInTransactionAsync(t => _db.InsertAsync(new Person { Name = "b", Email = "x" }, t), token));
            await _db.InsertAsync(new Person { Name = "also kept" }, token);
        });

        Assert.That(_db.Table<Person>().OrderBy(p => p.Id).Select(p => p.Name).ToList(), Is.EqualTo(new[] { "before", "kept", "also kept" }));
    }

    [Test]
    public void InsertOrReplace_conflicting_on_another_unique_column_throws_instead_of_deleting_that_row()
    {
        _db.CreateTable<Person>();
        _db.Insert(new Person { Name = "Ada", Email = "ada@example.org" });
        _db.Insert(new Person { Name = "Grace", Email = "grace@example.org" });

        // SQLite's INSERT OR REPLACE deletes the row holding the email and replaces row 2; PostgreSQL's upsert on the key refuses.
        Assert.Throws<MicroDbConstraintException>(() => _db.InsertOrReplace(new Person { Id = 2, Name = "Grace", Email = "ada@example.org" }));

        Assert.That(_db.Table<Person>().OrderBy(p => p.Id).Select(p => p.Email).ToList(), Is.EqualTo(new[] { "ada@example.org", "grace@example.org" }));
    }

    [Test]
    public void DateTime_keeps_no_kind_and_DateTimeOffset_keeps_the_instant_at_offset_zero()
    {
        _db.CreateTable<AllTypes>();
        var row = new AllTypes
        {
            DateTime = new DateTime(2024, 2, 29, 13, 14, 15, DateTimeKind.Utc).AddTicks(1234567),
            DateTimeOffset = new DateTimeOffset(2024, 6, 1, 12, 0, 0, TimeSpan.FromHours(-9.5)),
        };
        _db.Insert(row);

        var read = _db.Get<AllTypes>(row.Id);

        // SQLite keeps the kind, every tick and the offset (AllTypesSamples round trip).
        Assert.That(read.DateTime.Kind, Is.EqualTo(DateTimeKind.Unspecified));
        Assert.That(read.DateTime.Ticks, Is.EqualTo(row.DateTime.Ticks - 7));
        Assert.That(read.DateTimeOffset, Is.EqualTo(row.DateTimeOffset));
        Assert.That(read.DateTimeOffset.Offset, Is.EqualTo(TimeSpan.Zero));
    }

    [Test]
    public void NaN_is_stored_as_NaN_where_SQLite_stores_NULL()
    {
        _db.CreateTable<AllTypes>();
        var row = new AllTypes { Double = double.NaN, NDouble = double.NaN };
        _db.Insert(row);

        var read = _db.Get<AllTypes>(row.Id);

        Assert.That(double.IsNaN(read.Double), Is.True);
        Assert.That(read.NDouble, Is.NaN);
    }

    [Test]
    public void A_foreign_key_is_checked_when_the_table_is_created_so_its_parent_table_must_exist_first()
    {
        // SQLite stores REFERENCES and checks it at use: invoices can be created before customers. PostgreSQL refuses it.
        var error = Assert.Throws<MicroDbException>(() => _db.CreateTable<Invoice>());

        Assert.That(error!.Message, Does.Contain("42P01").And.Contain("customers"));
        Assert.That(_db.ExecuteScalar<bool>("SELECT to_regclass('invoices') IS NOT NULL"), Is.False);
        _db.CreateTable<Customer>();
        _db.CreateTable<Invoice>();
        Assert.That(() => _db.Insert(new Invoice { CustomerId = 1, Amount = 1m }), Throws.TypeOf<MicroDbConstraintException>().With.Property(nameof(MicroDbConstraintException.ExtendedResultCode)).EqualTo(787));
    }
}
