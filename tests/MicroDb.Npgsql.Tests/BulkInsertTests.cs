using MicroDb.Mapping;
using MicroDb.Runtime.Reflection;

namespace MicroDb.Npgsql.Tests;

[TestFixture(MappingMode.Generated)]
[TestFixture(MappingMode.Reflection)]
public sealed class BulkInsertTests(MappingMode mapping)
{
    private MicroDbNpgsqlConnection _db = null!;

    [OneTimeSetUp]
    public void EnableReflection() => ReflectionMaps.Enable();

    [SetUp]
    public void Open()
    {
        _db = new MicroDbNpgsqlConnection(PostgresServer.DataSource, mapping);
        _db.Execute("DROP TABLE IF EXISTS pg_every_kind");
        _db.Execute("DROP TABLE IF EXISTS pg_account");
        _db.CreateTable<EveryKind>();
        _db.CreateTable<Account>();
    }

    [TearDown]
    public void Close() => _db.Dispose();

    private List<EveryKind> Stored() => _db.Query<EveryKind>("SELECT * FROM pg_every_kind ORDER BY \"Id\"");

    private long AccountCount() => _db.Query<Account>("SELECT * FROM pg_account").Count;

    private static List<EveryKind> Rows(int count) =>
        Enumerable.Range(0, count).Select(i => i % 3 == 2 ? new EveryKind { Int32 = i } : WithInt32(CrudTests.Sample(), i)).ToList();

    private static EveryKind WithInt32(EveryKind row, int value)
    {
        row.Int32 = value;
        return row;
    }

    private static void AssertRoundTrip(List<EveryKind> expected, List<EveryKind> stored)
    {
        Assert.That(stored, Has.Count.EqualTo(expected.Count));
        for (var i = 0; i < expected.Count; i++)
        {
            expected[i].Id = stored[i].Id;
            CrudTests.AssertSame(stored[i], expected[i]);
        }
    }

    [Test]
    public void BulkInsert_round_trips_every_column_kind_and_nulls()
    {
        var rows = Rows(10);
        Assert.That(_db.BulkInsert(rows), Is.EqualTo(10));
        AssertRoundTrip(rows, Stored());
    }

    [Test]
    public async Task BulkInsertAsync_round_trips_every_column_kind_and_nulls()
    {
        var rows = Rows(10);
        Assert.That(await _db.BulkInsertAsync(rows), Is.EqualTo(10));
        AssertRoundTrip(rows, Stored());
    }

    [Test]
    public void BulkInsert_leaves_identity_keys_to_the_server_without_reading_them_back()
    {
        var rows = Rows(5);
        _db.BulkInsert(rows);
        Assert.That(rows.Select(r => r.Id), Is.All.EqualTo(0));
        Assert.That(Stored().Select(r => r.Id).Distinct().Count(), Is.EqualTo(5));
    }

    [Test]
    public void BulkInsert_of_many_rows_stores_them_all_and_an_empty_load_stores_none()
    {
        Assert.That(_db.BulkInsert(new List<EveryKind>()), Is.EqualTo(0));
        var accounts = Enumerable.Range(0, 20_000).Select(i => new Account { Id = Guid.NewGuid(), Name = "n" + i, Email = "e" + i, Balance = i / 100m }).ToList();
        Assert.That(_db.BulkInsert(accounts), Is.EqualTo(20_000));
        Assert.That(AccountCount(), Is.EqualTo(20_000));
        var one = _db.Get<Account>(accounts[12_345].Id);
        Assert.That((one.Name, one.Email, one.Balance), Is.EqualTo(("n12345", "e12345", 123.45m)));
    }

    [Test]
    public void BulkInsert_with_a_null_in_a_NOT_NULL_column_throws_a_constraint_error_and_stores_nothing()
    {
        _db.Insert(new Account { Id = Guid.NewGuid(), Name = "existing" });
        var accounts = Enumerable.Range(0, 1000).Select(i => new Account { Id = Guid.NewGuid(), Name = "n" + i }).ToList();
        accounts[900].Name = null;

        var error = Assert.Throws<MicroDbConstraintException>(() => _db.BulkInsert(accounts))!;
        Assert.That(error.ExtendedResultCode, Is.EqualTo(1299));
        Assert.That(error.Message, Does.Contain("pg_account").And.Contain("Name"));
        Assert.That(AccountCount(), Is.EqualTo(1));
        Assert.That(_db.IsInTransaction, Is.False);
    }

    [Test]
    public async Task BulkInsertAsync_with_a_value_too_long_for_its_column_throws_and_stores_nothing()
    {
        var accounts = Enumerable.Range(0, 100).Select(i => new Account { Id = Guid.NewGuid(), Name = "n" + i }).ToList();
        accounts[50].Name = new string('x', 41);

        var error = (await Assert.ThrowsAsync<MicroDbException>(async () => await _db.BulkInsertAsync(accounts)))!;
        Assert.That(error.Message, Does.Contain("22001").And.Contain("character varying(40)"));
        Assert.That(AccountCount(), Is.EqualTo(0));
        Assert.That(await _db.BulkInsertAsync(accounts.Take(10)), Is.EqualTo(10));
    }

    [Test]
    public void BulkInsert_with_a_duplicate_key_throws_a_key_constraint_error_and_stores_nothing()
    {
        var accounts = Enumerable.Range(0, 10).Select(i => new Account { Id = Guid.NewGuid(), Name = "n" + i }).ToList();
        accounts[7].Id = accounts[2].Id;

        var error = Assert.Throws<MicroDbConstraintException>(() => _db.BulkInsert(accounts))!;
        Assert.That(error.ExtendedResultCode, Is.EqualTo(1555));
        Assert.That(AccountCount(), Is.EqualTo(0));
    }

    [Test]
    public void BulkInsert_with_a_null_entity_throws_ArgumentNullException_and_stores_nothing()
    {
        var accounts = new[] { new Account { Id = Guid.NewGuid(), Name = "a" }, null!, new Account { Id = Guid.NewGuid(), Name = "b" } };
        var error = Assert.Throws<ArgumentNullException>(() => _db.BulkInsert(accounts))!;
        Assert.That(error.ParamName, Is.EqualTo("entities"));
        Assert.That(AccountCount(), Is.EqualTo(0));
        Assert.Throws<ArgumentNullException>(() => _db.BulkInsert<Account>(null!));
    }

    [Test]
    public async Task BulkInsertAsync_cancelled_midway_stores_nothing_and_the_connection_still_works()
    {
        using var cancel = new CancellationTokenSource();
        IEnumerable<Account> Accounts()
        {
            for (var i = 0; i < 10_000; i++)
            {
                if (i == 5_000)
                {
                    cancel.Cancel();
                }

                yield return new Account { Id = Guid.NewGuid(), Name = "n" + i };
            }
        }

        Assert.That(async () => await _db.BulkInsertAsync(Accounts(), cancel.Token), Throws.InstanceOf<OperationCanceledException>());
        Assert.That(AccountCount(), Is.EqualTo(0));
        Assert.That(_db.IsInTransaction, Is.False);
        Assert.That(_db.Insert(new Account { Id = Guid.NewGuid(), Name = "after" }), Is.EqualTo(1));
        Assert.That(AccountCount(), Is.EqualTo(1));
    }

    [Test]
    public void BulkInsert_inside_a_transaction_is_rolled_back_with_it_and_a_failed_load_keeps_the_earlier_work()
    {
        _db.BeginTransaction();
        _db.Insert(new Account { Id = Guid.NewGuid(), Name = "before" });
        _db.BulkInsert(Enumerable.Range(0, 5).Select(i => new Account { Id = Guid.NewGuid(), Name = "n" + i }));
        var bad = new[] { new Account { Id = Guid.NewGuid(), Name = null } };
        Assert.Throws<MicroDbConstraintException>(() => _db.BulkInsert(bad));
        Assert.That(AccountCount(), Is.EqualTo(6));
        _db.Rollback();
        Assert.That(AccountCount(), Is.EqualTo(0));
    }
}
