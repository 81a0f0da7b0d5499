using MicroDb.Mapping;
using MicroDb.Runtime.Reflection;
using Npgsql;

namespace MicroDb.Npgsql.Tests;

/// <summary>The server ends the session of a connection (pg_terminate_backend) in the middle of its work.</summary>
[TestFixture(MappingMode.Generated)]
[TestFixture(MappingMode.Reflection)]
public sealed class DroppedConnectionTests(MappingMode mapping)
{
    private MicroDbNpgsqlConnection _db = null!;

    [OneTimeSetUp]
    public void EnableReflection() => ReflectionMaps.Enable();

    [SetUp]
    public void Open()
    {
        _db = new MicroDbNpgsqlConnection(PostgresServer.DataSource, mapping);
        _db.Execute("DROP TABLE IF EXISTS pg_account");
        _db.CreateTable<Account>();
    }

    [TearDown]
    public void Close() => _db.Dispose();

    private static Account NewAccount(string name) => new() { Id = Guid.NewGuid(), Name = name, Email = name + "@example.org", Balance = 10m };

    private static int BackendOf(MicroDbNpgsqlConnection db)
    {
        using var command = new NpgsqlCommand("SELECT pg_backend_pid()", db.Connection);
        return (int)command.ExecuteScalar()!;
    }

    // Ends the session from a second connection, and waits until the backend process is gone.
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

    private static List<string> StoredNames()
    {
        using var other = new MicroDbNpgsqlConnection(PostgresServer.DataSource, MappingMode.Reflection);
        return other.Query<Account>("SELECT * FROM pg_account ORDER BY \"Name\"").Select(a => a.Name!).ToList();
    }

    [Test]
    public void Killed_backend_mid_transaction_throws_connection_lost_and_keeps_only_committed_rows()
    {
        _db.Insert(NewAccount("committed1"));
        _db.Insert(NewAccount("committed2"));
        _db.BeginTransaction();
        _db.Insert(NewAccount("pending1"));
        _db.Insert(NewAccount("pending2"));
        var pid = BackendOf(_db);

        KillBackend(pid);

        var lost = Assert.Throws<MicroDbConnectionLostException>(() => _db.Insert(NewAccount("after")));
        Assert.That(lost!.TransactionRolledBack, Is.True);
        Assert.That(lost.CommitOutcomeUnknown, Is.False);
        Assert.That(lost.Message, Does.Contain("connection to PostgreSQL was lost").And.Contain("rolled back"));
        Assert.That(lost.InnerException, Is.InstanceOf<NpgsqlException>());
        Assert.That(_db.IsInTransaction, Is.False);

        // Until the lost transaction is ended, new work is refused rather than committed on its own.
        Assert.Throws<MicroDbConnectionLostException>(() => _db.Insert(NewAccount("orphan")));
        Assert.Throws<MicroDbConnectionLostException>(() => _db.BeginTransaction());
        Assert.That(StoredNames(), Is.EqualTo(new[] { "committed1", "committed2" }));

        _db.Rollback();
        _db.Insert(NewAccount("fresh"));
        Assert.That(BackendOf(_db), Is.Not.EqualTo(pid));
        Assert.That(StoredNames(), Is.EqualTo(new[] { "committed1", "committed2", "fresh" }));
    }

    [Test]
    public async Task Killed_backend_mid_transaction_throws_connection_lost_from_async_calls_and_keeps_only_committed_rows()
    {
        var committed = NewAccount("committed");
        await _db.InsertAsync(committed);
        _db.BeginTransaction();
        await _db.InsertAsync(NewAccount("pending"));
        var pid = BackendOf(_db);

        KillBackend(pid);

        var lost = await Assert.ThrowsAsync<MicroDbConnectionLostException>(() => _db.UpdateAsync(committed));
        Assert.That(lost!.TransactionRolledBack, Is.True);
        await Assert.ThrowsAsync<MicroDbConnectionLostException>(() => _db.FindAsync<Account>(committed.Id));

        _db.Rollback();
        Assert.That((await _db.GetAsync<Account>(committed.Id)).Name, Is.EqualTo("committed"));
        Assert.That(await _db.QueryAsync<Account>("SELECT * FROM pg_account", []), Has.Count.EqualTo(1));
        Assert.That(BackendOf(_db), Is.Not.EqualTo(pid));
    }

    [Test]
    public void Commit_after_a_killed_backend_throws_connection_lost_with_unknown_outcome_and_stores_nothing_of_the_transaction()
    {
        _db.Insert(NewAccount("committed"));
        _db.BeginTransaction();
        _db.Insert(NewAccount("pending"));

        KillBackend(BackendOf(_db));

        // COMMIT was sent on the dead connection: the client cannot tell whether it ran, so it says so.
        var lost = Assert.Throws<MicroDbConnectionLostException>(() => _db.Commit());
        Assert.That(lost!.CommitOutcomeUnknown, Is.True);
        Assert.That(lost.Message, Does.Contain("COMMIT").And.Contain("unknown"));
        Assert.That(_db.IsInTransaction, Is.False);
        Assert.That(_db.Find<Account>(Guid.Empty), Is.Null);
        Assert.That(StoredNames(), Is.EqualTo(new[] { "committed" }));
    }

    [Test]
    public void Killed_backend_outside_a_transaction_throws_connection_lost_once_then_works()
    {
        var kept = NewAccount("kept");
        _db.Insert(kept);
        var pid = BackendOf(_db);

        KillBackend(pid);

        var lost = Assert.Throws<MicroDbConnectionLostException>(() => _db.Find<Account>(kept.Id));
        Assert.That(lost!.TransactionRolledBack, Is.False);
        Assert.That(_db.Get<Account>(kept.Id).Name, Is.EqualTo("kept"));
        Assert.That(BackendOf(_db), Is.Not.EqualTo(pid));
    }

    [Test]
    public async Task Killed_backend_in_RunInTransactionAsync_throws_connection_lost_and_keeps_only_committed_rows()
    {
        await _db.InsertAllAsync([NewAccount("committed1"), NewAccount("committed2")]);
        var pid = 0;

        var lost = await Assert.ThrowsAsync<MicroDbConnectionLostException>(() => _db.RunInTransactionAsync(async ct =>
        {
            await _db.InsertAsync(NewAccount("pending"), ct);
            pid = BackendOf(_db);
            KillBackend(pid);
            await _db.InsertAsync(NewAccount("after"), ct);
        }));

        Assert.That(lost!.TransactionRolledBack, Is.True);
        Assert.That(_db.IsInTransaction, Is.False);

        // The transaction ended with RunInTransactionAsync, so the same object takes new work on a fresh connection.
        await _db.InsertAsync(NewAccount("fresh"));
        Assert.That(BackendOf(_db), Is.Not.EqualTo(pid));
        Assert.That(StoredNames(), Is.EqualTo(new[] { "committed1", "committed2", "fresh" }));

        // And the data source hands out working connections.
        await using var another = await MicroDbNpgsqlConnection.OpenAsync(PostgresServer.DataSource, mapping);
        Assert.That(await another.QueryAsync<Account>("SELECT * FROM pg_account", []), Has.Count.EqualTo(3));
    }

    [Test]
    public void Work_that_swallows_the_loss_inside_RunInTransaction_is_not_committed_on_its_own()
    {
        _db.Insert(NewAccount("committed"));

        var lost = Assert.Throws<MicroDbConnectionLostException>(() => _db.RunInTransaction(() =>
        {
            _db.Insert(NewAccount("pending"));
            KillBackend(BackendOf(_db));
            try
            {
                _db.Insert(NewAccount("after"));
            }
            catch (MicroDbConnectionLostException)
            {
            }

            _db.Insert(NewAccount("autocommitted?"));
        }));

        Assert.That(lost!.TransactionRolledBack, Is.True);
        Assert.That(StoredNames(), Is.EqualTo(new[] { "committed" }));
        _db.Insert(NewAccount("fresh"));
        Assert.That(StoredNames(), Is.EqualTo(new[] { "committed", "fresh" }));
    }
}
