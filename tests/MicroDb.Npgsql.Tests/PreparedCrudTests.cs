using MicroDb.Mapping;
using MicroDb.Runtime.Reflection;
using Npgsql;

namespace MicroDb.Npgsql.Tests;

/// <summary>
/// Insert, Find, Update and Delete run as explicitly prepared statements kept by the connection, with their parameters
/// reused from call to call; they keep working when the server forgets them or the connection is replaced.
/// </summary>
[TestFixture(MappingMode.Generated)]
[TestFixture(MappingMode.Reflection)]
public sealed class PreparedCrudTests(MappingMode mapping)
{
    private MicroDbNpgsqlConnection _db = null!;

    [OneTimeSetUp]
    public void EnableReflection() => ReflectionMaps.Enable();

    [SetUp]
    public void Open()
    {
        _db = new MicroDbNpgsqlConnection(PostgresServer.DataSource, mapping);
        _db.Execute("DROP TABLE IF EXISTS pg_account");
        _db.Execute("DROP TABLE IF EXISTS pg_every_kind");
        _db.CreateTable<Account>();
        _db.CreateTable<EveryKind>();
    }

    [TearDown]
    public void Close() => _db.Dispose();

    private static Account NewAccount(string name) => new() { Id = Guid.NewGuid(), Name = name, Email = name + "@example.org", Balance = 10m };

    // The statements the server holds prepared for this session.
    private static List<string> PreparedOnServer(MicroDbNpgsqlConnection db)
    {
        using var command = new NpgsqlCommand("SELECT statement FROM pg_prepared_statements", db.Connection);
        using var reader = command.ExecuteReader();
        var statements = new List<string>();
        while (reader.Read())
        {
            statements.Add(reader.GetString(0));
        }

        return statements;
    }

    private static int BackendOf(MicroDbNpgsqlConnection db)
    {
        using var command = new NpgsqlCommand("SELECT pg_backend_pid()", db.Connection);
        return (int)command.ExecuteScalar()!;
    }

    private static void KillBackend(int pid)
    {
        using var admin = PostgresServer.DataSource.OpenConnection();
        using (var kill = new NpgsqlCommand("SELECT pg_terminate_backend($1)", admin))
        {
            kill.Parameters.Add(new NpgsqlParameter<int> { TypedValue = pid });
            Assert.That(kill.ExecuteScalar(), Is.EqualTo(true));
        }

        for (var i = 0; i < 200; i++)
        {
            using var alive = new NpgsqlCommand("SELECT count(*) FROM pg_stat_activity WHERE pid = $1", admin);
            alive.Parameters.Add(new NpgsqlParameter<int> { TypedValue = pid });
            if ((long)alive.ExecuteScalar()! == 0)
            {
                return;
            }

            Thread.Sleep(10);
        }

        Assert.Fail($"Backend {pid} was still running 2 s after pg_terminate_backend.");
    }

    [Test]
    public void Crud_statements_are_prepared_on_the_server()
    {
        var account = NewAccount("ann");
        _db.Insert(account);
        account.Balance = 20m;
        _db.Update(account);
        Assert.That(_db.Find<Account>(account.Id)!.Balance, Is.EqualTo(20m));
        _db.Delete(account);

        var prepared = PreparedOnServer(_db);
        Assert.That(prepared, Has.Some.StartsWith("INSERT INTO \"pg_account\""));
        Assert.That(prepared, Has.Some.StartsWith("UPDATE \"pg_account\""));
        Assert.That(prepared, Has.Some.StartsWith("DELETE FROM \"pg_account\""));
        Assert.That(prepared, Has.Some.StartsWith("SELECT \"Id\", \"Name\", \"Email\", \"Balance\" FROM \"pg_account\""));
    }

    [Test]
    public void Repeated_calls_reuse_one_prepared_statement_each()
    {
        for (var i = 0; i < 20; i++)
        {
            var account = NewAccount("n" + i);
            _db.Insert(account);
            Assert.That(_db.Find<Account>(account.Id)!.Name, Is.EqualTo("n" + i));
            Assert.That(_db.Delete(account), Is.EqualTo(1));
        }

        // One server statement per text, however many calls (a pooled session may also hold this table's UPDATE from another test).
        var prepared = PreparedOnServer(_db).Where(s => s.Contains("\"pg_account\"", StringComparison.Ordinal)).ToList();
        Assert.That(prepared, Is.Unique);
        Assert.That(prepared, Has.Count.InRange(3, 4));
    }

    [Test]
    public void Crud_works_after_DISCARD_ALL_dropped_the_prepared_statements()
    {
        var account = NewAccount("bob");
        _db.Insert(account);
        Assert.That(_db.Find<Account>(account.Id), Is.Not.Null);

        _db.Execute("DISCARD ALL");

        Assert.That(_db.Find<Account>(account.Id)!.Name, Is.EqualTo("bob"));
        account.Balance = 30m;
        Assert.That(_db.Update(account), Is.EqualTo(1));
        var second = NewAccount("carl");
        Assert.That(_db.Insert(second), Is.EqualTo(1));
        Assert.That(_db.Delete(second), Is.EqualTo(1));
        Assert.That(_db.Get<Account>(account.Id).Balance, Is.EqualTo(30m));
    }

    [Test]
    public void Find_works_after_a_column_changed_type_under_its_prepared_statement()
    {
        var account = NewAccount("hal");
        _db.Insert(account);
        Assert.That(_db.Find<Account>(account.Id), Is.Not.Null);

        _db.Execute("ALTER TABLE pg_account ALTER COLUMN \"Name\" TYPE text");

        Assert.That(_db.Find<Account>(account.Id)!.Name, Is.EqualTo("hal"));
        Assert.That(_db.Delete(account), Is.EqualTo(1));
    }

    [Test]
    public void A_statement_the_server_forgot_inside_a_transaction_throws_and_works_after_rollback()
    {
        var account = NewAccount("ida");
        _db.Insert(account);
        Assert.That(_db.Find<Account>(account.Id), Is.Not.Null);
        _db.BeginTransaction();
        _db.Execute("DEALLOCATE ALL");

        var error = Assert.Throws<MicroDbException>(() => _db.Find<Account>(account.Id));
        Assert.That(error!.Message, Does.Contain("26000"));
        _db.Rollback();

        Assert.That(_db.Find<Account>(account.Id)!.Name, Is.EqualTo("ida"));
        var next = NewAccount("jo");
        Assert.That(_db.Insert(next), Is.EqualTo(1));
        Assert.That(_db.Get<Account>(next.Id).Name, Is.EqualTo("jo"));
    }

    [Test]
    public void Crud_after_a_killed_backend_runs_prepared_on_the_new_connection()
    {
        var account = NewAccount("dora");
        _db.Insert(account);
        Assert.That(_db.Find<Account>(account.Id), Is.Not.Null);
        var before = BackendOf(_db);

        KillBackend(before);

        Assert.Throws<MicroDbConnectionLostException>(() => _db.Find<Account>(account.Id));
        Assert.That(_db.Find<Account>(account.Id)!.Name, Is.EqualTo("dora"));
        Assert.That(BackendOf(_db), Is.Not.EqualTo(before));
        account.Balance = 40m;
        Assert.That(_db.Update(account), Is.EqualTo(1));
        Assert.That(_db.Get<Account>(account.Id).Balance, Is.EqualTo(40m));
        Assert.That(PreparedOnServer(_db), Has.Some.StartsWith("SELECT \"Id\", \"Name\", \"Email\", \"Balance\" FROM \"pg_account\""));
    }

    [Test]
    public void A_nullable_column_switching_between_null_and_a_value_keeps_each_value()
    {
        var row = CrudTests.Sample();
        row.MaybeInt = null;
        row.MaybeGuid = Guid.NewGuid();
        _db.Insert(row);
        Assert.That(_db.Get<EveryKind>(row.Id).MaybeInt, Is.Null);

        foreach (var value in new int?[] { 5, null, 7, 7, null })
        {
            row.MaybeInt = value;
            row.MaybeGuid = value is null ? Guid.NewGuid() : null;
            Assert.That(_db.Update(row), Is.EqualTo(1));
            var stored = _db.Get<EveryKind>(row.Id);
            Assert.That(stored.MaybeInt, Is.EqualTo(value));
            Assert.That(stored.MaybeGuid, Is.EqualTo(row.MaybeGuid));
        }

        var other = CrudTests.Sample();
        other.MaybeInt = 9;
        _db.Insert(other);
        Assert.That(_db.Get<EveryKind>(other.Id).MaybeInt, Is.EqualTo(9));
    }

    [Test]
    public void Find_takes_int_long_and_other_key_types_on_the_same_connection()
    {
        var row = CrudTests.Sample();
        _db.Insert(row);

        Assert.That(_db.Find<EveryKind>(row.Id)!.Id, Is.EqualTo(row.Id));
        Assert.That(_db.Find<EveryKind>((long)row.Id)!.Id, Is.EqualTo(row.Id));
        Assert.That(_db.Find<EveryKind>((short)row.Id)!.Id, Is.EqualTo(row.Id));
        Assert.That(_db.Find<EveryKind>((short)row.Id)!.Id, Is.EqualTo(row.Id));
        Assert.That(_db.Find<EveryKind>(row.Id + 1000), Is.Null);
        Assert.That(_db.Find<EveryKind>(row.Id)!.Id, Is.EqualTo(row.Id));
    }

    [Test]
    public void A_prepared_insert_rolled_back_with_its_transaction_is_not_stored()
    {
        var kept = NewAccount("kept");
        _db.Insert(kept);
        _db.BeginTransaction();
        var dropped = NewAccount("dropped");
        _db.Insert(dropped);
        Assert.That(_db.Find<Account>(dropped.Id), Is.Not.Null);
        _db.Rollback();

        Assert.That(_db.Find<Account>(dropped.Id), Is.Null);
        Assert.That(_db.Find<Account>(kept.Id), Is.Not.Null);
    }

    [Test]
    public void A_refused_prepared_insert_throws_the_constraint_error_and_the_next_call_works()
    {
        var first = NewAccount("eve");
        _db.Insert(first);
        var clash = NewAccount("eve2");
        clash.Email = first.Email;

        Assert.Throws<MicroDbConstraintException>(() => _db.Insert(clash));

        var next = NewAccount("fay");
        Assert.That(_db.Insert(next), Is.EqualTo(1));
        Assert.That(_db.Find<Account>(next.Id)!.Name, Is.EqualTo("fay"));
        Assert.That(_db.Find<Account>(clash.Id), Is.Null);
    }

    [Test]
    public async Task Async_crud_runs_prepared_and_shares_the_statements_of_the_sync_calls()
    {
        var account = NewAccount("gus");
        await _db.InsertAsync(account);
        account.Balance = 50m;
        Assert.That(await _db.UpdateAsync(account), Is.EqualTo(1));
        Assert.That((await _db.FindAsync<Account>(account.Id))!.Balance, Is.EqualTo(50m));
        Assert.That(_db.Find<Account>(account.Id)!.Balance, Is.EqualTo(50m));
        Assert.That(await _db.DeleteAsync(account), Is.EqualTo(1));
        Assert.That(await _db.FindAsync<Account>(account.Id), Is.Null);
    }
}
