using MicroDb.Mapping;
using MicroDb.Runtime.Reflection;
using Npgsql;

namespace MicroDb.Npgsql.Tests;

/// <summary>
/// A statement of an open transaction that fails for any reason (cancelled by its token, stopped by the command
/// timeout, refused by the server) aborts PostgreSQL's transaction: Commit and RunInTransaction then roll back and throw
/// instead of reporting a commit the server turned into a rollback (docs/postgresql.md, "Transactions").
/// </summary>
[TestFixture(MappingMode.Generated)]
[TestFixture(MappingMode.Reflection)]
public sealed class AbortedTransactionTests(MappingMode mapping)
{
    private const string Sleep = "SELECT pg_sleep(10)";

    private TestSchema _schema = null!;
    private MicroDbNpgsqlConnection _db = null!;

    [OneTimeSetUp]
    public void EnableReflection() => ReflectionMaps.Enable();

    [SetUp]
    public void Open()
    {
        _schema = new TestSchema("aborted_" + mapping.ToString().ToLowerInvariant());
        _db = new MicroDbNpgsqlConnection(_schema.DataSource, mapping);
        _db.CreateTable<Account>();
    }

    [TearDown]
    public void Close()
    {
        _db.Dispose();
        _schema.Dispose();
    }

    private static Account NewAccount(string name) => new() { Id = Guid.NewGuid(), Name = name, Email = name + "@example.org", Balance = 1m };

    private List<string?> StoredNames() => _db.Table<Account>().Select(a => a.Name).ToList().OrderBy(n => n, StringComparer.Ordinal).ToList();

    // Runs pg_sleep(10) with a token cancelled after 200 ms: the server is running it when the cancel request arrives.
    private static async Task CancelledWhileRunning(MicroDbNpgsqlConnection db)
    {
        using var soon = new CancellationTokenSource(TimeSpan.FromMilliseconds(200));
        var started = DateTime.UtcNow;
        Assert.That(async () => await db.ExecuteAsync(Sleep, [], soon.Token), Throws.InstanceOf<OperationCanceledException>());
        Assert.That(DateTime.UtcNow - started, Is.LessThan(TimeSpan.FromSeconds(8)), "the statement was cancelled, not run to its end");
    }

    private static void AssertNotCommitted(MicroDbException? error, string cause, string sql)
    {
        Assert.That(error, Is.Not.Null);
        Assert.That(error!.GetType(), Is.EqualTo(typeof(MicroDbException)));
        Assert.That(error.Message, Does.Contain("not committed").And.Contain("rolled back").And.Contain(cause).And.Contain(sql));
    }

    [Test]
    public async Task Commit_after_a_statement_cancelled_while_running_rolls_back_and_names_the_cancellation()
    {
        _db.Insert(NewAccount("before"));
        _db.BeginTransaction();
        _db.Insert(NewAccount("lost"));

        await CancelledWhileRunning(_db);

        // PostgreSQL aborted the transaction (SQLSTATE 57014 then 25P02 for anything else): Commit must not report success.
        var next = Assert.Throws<MicroDbException>(() => _db.Insert(NewAccount("refused")));
        Assert.That(next!.Message, Does.Contain("25P02"));
        var commit = Assert.Throws<MicroDbException>(() => _db.Commit());

        AssertNotCommitted(commit, "cancelled", Sleep);
        Assert.That(commit!.InnerException, Is.InstanceOf<OperationCanceledException>(), "the first failure, not the 25P02 after it");
        Assert.That(_db.IsInTransaction, Is.False);
        Assert.That(StoredNames(), Is.EqualTo(new[] { "before" }));
        _db.Insert(NewAccount("after"));
        Assert.That(StoredNames(), Is.EqualTo(new[] { "after", "before" }));
    }

    [Test]
    public async Task Commit_right_after_a_cancelled_statement_rolls_back_and_stores_nothing_of_the_transaction()
    {
        _db.BeginTransaction();
        await _db.InsertAsync(NewAccount("lost"));
        await _db.InsertAllAsync(new[] { NewAccount("lost 2"), NewAccount("lost 3") });

        await CancelledWhileRunning(_db);

        AssertNotCommitted(Assert.Throws<MicroDbException>(() => _db.Commit()), "cancelled", Sleep);
        Assert.That(StoredNames(), Is.Empty);
    }

    [Test]
    public void A_LINQ_query_cancelled_while_running_fails_the_transaction()
    {
        _db.Execute("CREATE VIEW pg_linq_slow AS SELECT g AS \"Id\" FROM generate_series(1, 3) AS g, pg_sleep(10)");
        _db.BeginTransaction();
        _db.Insert(NewAccount("lost"));
        using (var soon = new CancellationTokenSource(TimeSpan.FromMilliseconds(200)))
        {
            Assert.That(async () => await _db.Table<SlowRow>().Where(x => x.Id > 0).ToListAsync(soon.Token), Throws.InstanceOf<OperationCanceledException>());
        }

        AssertNotCommitted(Assert.Throws<MicroDbException>(() => _db.Commit()), "cancelled", "pg_linq_slow");
        Assert.That(StoredNames(), Is.Empty);
    }

    [Test]
    public void A_statement_cancelled_before_it_was_sent_fails_the_transaction_too()
    {
        // One rule, no guess about whether the cancel reached the server in time.
        using var cancelled = new CancellationTokenSource();
        cancelled.Cancel();
        _db.BeginTransaction();
        _db.Insert(NewAccount("lost"));
        Assert.That(async () => await _db.FindAsync<Account>(Guid.NewGuid(), cancelled.Token), Throws.InstanceOf<OperationCanceledException>());

        AssertNotCommitted(Assert.Throws<MicroDbException>(() => _db.Commit()), "cancelled", "SELECT");
        Assert.That(StoredNames(), Is.Empty);
    }

    // Every kind of statement the connection runs, each cancelled by its token (already fired: the same filter records a
    // cancellation whether it happens before the statement is sent or while it runs).
    private static readonly (string Name, Func<MicroDbNpgsqlConnection, CancellationToken, Task> Run)[] Statements =
    [
        ("InsertAsync", (db, token) => db.InsertAsync(NewAccount("x"), token)),
        ("UpdateAsync", (db, token) => db.UpdateAsync(NewAccount("x"), token)),
        ("DeleteAsync", (db, token) => db.DeleteAsync(NewAccount("x"), token)),
        ("FindAsync", (db, token) => db.FindAsync<Account>(Guid.NewGuid(), token)),
        ("QueryAsync", (db, token) => db.QueryAsync<Account>("SELECT * FROM pg_account", [], token)),
        ("ExecuteAsync", (db, token) => db.ExecuteAsync("UPDATE pg_account SET \"Balance\" = 2", [], token)),
        ("ExecuteScalarAsync", (db, token) => db.ExecuteScalarAsync<long>("SELECT count(*) FROM pg_account", [], token)),
        ("UpsertAsync", (db, token) => db.UpsertAsync(NewAccount("x"), token)),
        ("ToListAsync", (db, token) => db.Table<Account>().Where(a => a.Balance > 0).ToListAsync(token)),
        ("FirstOrDefaultAsync", (db, token) => db.Table<Account>().Where(a => a.Balance > 0).FirstOrDefaultAsync(token)),
        ("AnyAsync", (db, token) => db.Table<Account>().Where(a => a.Balance > 0).AnyAsync(token)),
    ];

    private static IEnumerable<string> StatementNames() => Statements.Select(s => s.Name);

    [TestCaseSource(nameof(StatementNames))]
    public void Every_kind_of_statement_cancelled_in_a_transaction_fails_it(string name)
    {
        var run = Statements.Single(s => s.Name == name).Run;
        _db.BeginTransaction();
        _db.Insert(NewAccount("lost"));
        Assert.That(async () => await run(_db, new CancellationToken(canceled: true)), Throws.InstanceOf<OperationCanceledException>());

        var commit = Assert.Throws<MicroDbException>(() => _db.Commit());
        Assert.That(commit!.Message, Does.Contain("not committed").And.Contain("cancelled"));
        Assert.That(StoredNames(), Is.Empty);
    }

    [Test]
    public async Task A_bulk_COPY_cancelled_inside_an_open_transaction_is_undone_by_its_savepoint_and_the_earlier_work_commits()
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

                yield return NewAccount("copied " + i);
            }
        }

        _db.BeginTransaction();
        _db.Insert(NewAccount("kept"));
        Assert.That(async () => await _db.BulkInsertAsync(Accounts(), cancel.Token), Throws.InstanceOf<OperationCanceledException>());
        Assert.That(async () => await _db.InsertAllAsync(new[] { NewAccount("undone") }, new CancellationToken(canceled: true)), Throws.InstanceOf<OperationCanceledException>());
        _db.Commit();

        Assert.That(StoredNames(), Is.EqualTo(new[] { "kept" }));
    }

    [Test]
    public void RunInTransaction_whose_work_caught_a_cancelled_statement_throws_and_stores_nothing()
    {
        _db.Insert(NewAccount("before"));

        var error = Assert.Throws<MicroDbException>(() => _db.RunInTransaction(() =>
        {
            _db.Insert(NewAccount("lost"));
            using var soon = new CancellationTokenSource(TimeSpan.FromMilliseconds(200));
            Assert.Throws<OperationCanceledException>(() => _db.ExecuteAsync(Sleep, [], soon.Token).GetAwaiter().GetResult());
        }));

        AssertNotCommitted(error, "cancelled", Sleep);
        Assert.That(_db.IsInTransaction, Is.False);
        Assert.That(StoredNames(), Is.EqualTo(new[] { "before" }));
    }

    [Test]
    public async Task RunInTransactionAsync_whose_work_caught_a_cancelled_statement_throws_and_stores_nothing()
    {
        var error = await Assert.ThrowsAsync<MicroDbException>(() => _db.RunInTransactionAsync(async token =>
        {
            await _db.InsertAsync(NewAccount("lost"), token);
            await CancelledWhileRunning(_db);
        }));

        AssertNotCommitted(error, "cancelled", Sleep);
        Assert.That(_db.IsInTransaction, Is.False);
        Assert.That(StoredNames(), Is.Empty);
    }

    [Test]
    public async Task A_cancelled_statement_in_a_nested_RunInTransactionAsync_is_undone_by_its_savepoint_and_the_rest_commits()
    {
        await _db.RunInTransactionAsync(async token =>
        {
            await _db.InsertAsync(NewAccount("kept"), token);
            Assert.That(async () => await _db.RunInTransactionAsync(async inner =>
            {
                await _db.InsertAsync(NewAccount("undone"), inner);
                using var soon = new CancellationTokenSource(TimeSpan.FromMilliseconds(200));
                await _db.ExecuteAsync(Sleep, [], soon.Token);
            }, token), Throws.InstanceOf<OperationCanceledException>());
            await _db.InsertAsync(NewAccount("kept 2"), token);
        });

        Assert.That(StoredNames(), Is.EqualTo(new[] { "kept", "kept 2" }));
    }

    [Test]
    public void Commit_after_a_command_timeout_rolls_back_and_names_the_timeout()
    {
        var builder = new NpgsqlConnectionStringBuilder(_schema.DataSource.ConnectionString) { CommandTimeout = 1 };
        using var timeouts = NpgsqlDataSource.Create(builder.ConnectionString);
        using var db = new MicroDbNpgsqlConnection(timeouts, mapping);
        db.Insert(NewAccount("before"));
        db.BeginTransaction();
        db.Insert(NewAccount("lost"));

        var timedOut = Assert.Throws<MicroDbException>(() => db.Execute(Sleep));
        Assert.That(timedOut!.InnerException, Is.InstanceOf<NpgsqlException>());

        AssertNotCommitted(Assert.Throws<MicroDbException>(() => db.Commit()), "timed out", Sleep);
        Assert.That(db.IsInTransaction, Is.False);
        Assert.That(StoredNames(), Is.EqualTo(new[] { "before" }));
        db.Insert(NewAccount("after"));
        Assert.That(StoredNames(), Is.EqualTo(new[] { "after", "before" }));
    }

    [Test]
    public void RunInTransaction_whose_work_caught_a_command_timeout_throws_and_stores_nothing()
    {
        var builder = new NpgsqlConnectionStringBuilder(_schema.DataSource.ConnectionString) { CommandTimeout = 1 };
        using var timeouts = NpgsqlDataSource.Create(builder.ConnectionString);
        using var db = new MicroDbNpgsqlConnection(timeouts, mapping);

        var error = Assert.Throws<MicroDbException>(() => db.RunInTransaction(() =>
        {
            db.Insert(NewAccount("lost"));
            Assert.Throws<MicroDbException>(() => db.ExecuteScalar<int>("SELECT 1 FROM pg_sleep(10)"));
        }));

        AssertNotCommitted(error, "timed out", "pg_sleep");
        Assert.That(StoredNames(), Is.Empty);
    }

    [Test]
    public void A_transaction_without_failures_commits_and_the_next_one_starts_clean()
    {
        _db.BeginTransaction();
        Assert.Throws<OperationCanceledException>(() => _db.ExecuteAsync(Sleep, [], new CancellationToken(canceled: true)).GetAwaiter().GetResult());
        _db.Rollback();

        _db.BeginTransaction();
        _db.Insert(NewAccount("a"));
        _db.Upsert(NewAccount("b"));
        Assert.That(_db.Table<Account>().Count(), Is.EqualTo(2));
        _db.Commit();
        _db.RunInTransaction(() => _db.Insert(NewAccount("c")));

        Assert.That(StoredNames(), Is.EqualTo(new[] { "a", "b", "c" }));
    }
}
