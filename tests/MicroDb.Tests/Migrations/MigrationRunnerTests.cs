using MicroDb.Concurrency;
using MicroDb.Conformance.Models;
using MicroDb.Tests.Concurrency;

namespace MicroDb.Tests.Migrations;

[TestFixture]
public sealed class MigrationRunnerTests
{
    private TempDatabase _file = null!;

    [SetUp]
    public void SetUp() => _file = new TempDatabase();

    [TearDown]
    public void TearDown() => _file.Dispose();

    private MicroDbConnection Open() => new(_file.Options());

    private static MicroDbMigrations TwoSteps() => new MicroDbMigrations()
        .Add("001_create_items", m => m.CreateTable<ItemV1>())
        .Add("002_seed", m => m.Execute("INSERT INTO items (Name) VALUES ('seed')"));

    [Test]
    public void Migrate_applies_steps_in_order_and_records_them()
    {
        using var db = Open();

        var applied = db.Migrate(TwoSteps());

        Assert.That(applied, Is.EqualTo(new[] { "001_create_items", "002_seed" }));
        Assert.That(db.GetAppliedMigrations(), Is.EqualTo(new[] { "001_create_items", "002_seed" }));
        Assert.That(db.QueryScalars<string>("SELECT Name FROM items"), Is.EqualTo(new[] { "seed" }));
        Assert.That(db.QueryScalars<long>($"SELECT id FROM {MicroDbMigrations.HistoryTable} ORDER BY id"), Is.EqualTo(new[] { 1L, 2L }));
    }

    [Test]
    public void Migrate_runs_nothing_when_the_database_is_up_to_date()
    {
        using var db = Open();
        db.Migrate(TwoSteps());

        var again = db.Migrate(TwoSteps());

        Assert.That(again, Is.Empty);
        Assert.That(db.ExecuteScalar<long>("SELECT count(*) FROM items"), Is.EqualTo(1));
    }

    [Test]
    public void Migrate_runs_only_the_steps_added_since()
    {
        using var db = Open();
        db.Migrate(TwoSteps());

        var applied = db.Migrate(TwoSteps().Add("003_more", m => m.Execute("INSERT INTO items (Name) VALUES ('more')")));

        Assert.That(applied, Is.EqualTo(new[] { "003_more" }));
        Assert.That(db.ExecuteScalar<long>("SELECT count(*) FROM items"), Is.EqualTo(2));
    }

    [Test]
    public void Reordered_steps_are_detected_and_nothing_runs()
    {
        using var db = Open();
        db.Migrate(TwoSteps());
        var reordered = new MicroDbMigrations()
            .Add("002_seed", m => m.Execute("INSERT INTO items (Name) VALUES ('seed')"))
            .Add("001_create_items", m => m.CreateTable<ItemV1>())
            .Add("003_more", m => m.Execute("INSERT INTO items (Name) VALUES ('more')"));

        var error = Assert.Throws<MicroDbMigrationException>(() => db.Migrate(reordered));

        Assert.That(error!.Error, Is.EqualTo(MicroDbMigrationError.HistoryMismatch));
        Assert.That(error.StepName, Is.EqualTo("001_create_items"));
        Assert.That(error.Message, Does.Contain("reordered"));
        Assert.That(db.ExecuteScalar<long>("SELECT count(*) FROM items"), Is.EqualTo(1));
    }

    [Test]
    public void Renamed_step_is_detected_and_not_run_again()
    {
        using var db = Open();
        db.Migrate(TwoSteps());
        var renamed = new MicroDbMigrations()
            .Add("001_create_items", m => m.CreateTable<ItemV1>())
            .Add("002_seed_rows", m => m.Execute("INSERT INTO items (Name) VALUES ('seed')"));

        var error = Assert.Throws<MicroDbMigrationException>(() => db.Migrate(renamed));

        Assert.That(error!.Error, Is.EqualTo(MicroDbMigrationError.HistoryMismatch));
        Assert.That(error.Message, Does.Contain("renamed or removed"));
        Assert.That(db.ExecuteScalar<long>("SELECT count(*) FROM items"), Is.EqualTo(1));
    }

    [Test]
    public void Database_migrated_by_a_newer_app_is_refused_unless_allowed()
    {
        using var db = Open();
        db.Migrate(TwoSteps().Add("003_newer", m => m.Execute("CREATE TABLE newer (x)")));
        var older = TwoSteps();

        var error = Assert.Throws<MicroDbMigrationException>(() => db.Migrate(older));

        Assert.That(error!.Error, Is.EqualTo(MicroDbMigrationError.UnknownAppliedSteps));
        Assert.That(error.StepName, Is.EqualTo("003_newer"));
        Assert.That(error.Message, Does.Contain("'003_newer'"));

        older.AllowUnknownAppliedSteps = true;
        Assert.That(db.Migrate(older), Is.Empty);
        Assert.That(db.GetAppliedMigrations(), Has.Count.EqualTo(3));
    }

    [Test]
    public void Throwing_step_leaves_the_database_at_the_previous_version_unchanged()
    {
        using var db = Open();
        db.Migrate(TwoSteps());
        var failing = TwoSteps().Add("003_half_done", m =>
        {
            m.Execute("INSERT INTO items (Name) VALUES ('half')");
            m.RenameColumn("items", "Name", "Title");
            m.Execute("CREATE TABLE extra (x)");
            throw new InvalidOperationException("boom");
        });

        var error = Assert.Throws<MicroDbMigrationException>(() => db.Migrate(failing));

        Assert.That(error!.Error, Is.EqualTo(MicroDbMigrationError.StepFailed));
        Assert.That(error.StepName, Is.EqualTo("003_half_done"));
        Assert.That(error.InnerException, Is.TypeOf<InvalidOperationException>());
        Assert.That(db.GetAppliedMigrations(), Has.Count.EqualTo(2));
        Assert.That(db.GetTableInfo("items").Select(c => c.Name), Is.EqualTo(new[] { "Id", "Name" }));
        Assert.That(db.GetTableInfo("extra"), Is.Empty);
        Assert.That(db.QueryScalars<string>("SELECT Name FROM items"), Is.EqualTo(new[] { "seed" }));
        Assert.That(db.IsInTransaction, Is.False);
    }

    [Test]
    public void Step_that_ends_the_transaction_is_refused()
    {
        using var db = Open();
        var steps = new MicroDbMigrations().Add("001_commits", m =>
        {
            m.Execute("CREATE TABLE t (x)");
            m.Connection.Commit();
        });

        var error = Assert.Throws<MicroDbMigrationException>(() => db.Migrate(steps));

        Assert.That(error!.Error, Is.EqualTo(MicroDbMigrationError.InvalidStep));
        Assert.That(db.GetAppliedMigrations(), Is.Empty);
    }

    [Test]
    public void Foreign_key_violation_after_a_step_rolls_it_back()
    {
        using var db = Open();
        db.Migrate(new MicroDbMigrations().Add("001", m =>
        {
            m.Execute("CREATE TABLE parent (id INTEGER PRIMARY KEY)");
            m.Execute("CREATE TABLE child (id INTEGER PRIMARY KEY, parent_id INTEGER REFERENCES parent(id))");
            m.Execute("INSERT INTO parent VALUES (1)");
            m.Execute("INSERT INTO child VALUES (1, 1)");
        }));
        var orphaning = new MicroDbMigrations()
            .Add("001", _ => { })
            .Add("002_orphan", m => m.Execute("DELETE FROM parent"));

        var error = Assert.Throws<MicroDbMigrationException>(() => db.Migrate(orphaning));

        Assert.That(error!.Error, Is.EqualTo(MicroDbMigrationError.ForeignKeyViolation));
        Assert.That(error.Message, Does.Contain("child row 1"));
        Assert.That(db.ExecuteScalar<long>("SELECT count(*) FROM parent"), Is.EqualTo(1));
        Assert.That(db.ExecuteScalar<long>("PRAGMA foreign_keys"), Is.EqualTo(1), "foreign keys are on again after the run");
    }

    [Test]
    public void Bad_step_lists_are_argument_errors()
    {
        var steps = new MicroDbMigrations().Add("001", _ => { });
        Assert.Throws<ArgumentException>(() => steps.Add("001", _ => { }));
        Assert.Throws<ArgumentException>(() => steps.Add(" ", _ => { }));
        Assert.Throws<ArgumentNullException>(() => steps.Add("002", null!));
        using var db = Open();
        Assert.Throws<ArgumentNullException>(() => db.Migrate(null!));
    }

    [Test]
    public void Migrate_inside_a_transaction_is_refused()
    {
        using var db = Open();
        db.BeginTransaction();
        Assert.Throws<InvalidOperationException>(() => db.Migrate(TwoSteps()));
        db.Rollback();
    }

    [Test]
    public void Two_connections_racing_run_each_step_once()
    {
        using (var setup = Open())
        {
            setup.Execute("CREATE TABLE runs (step TEXT)");
        }

        MicroDbMigrations Steps() => new MicroDbMigrations()
            .Add("001", m =>
            {
                m.Execute("INSERT INTO runs VALUES ('001')");
                Thread.Sleep(100);
            })
            .Add("002", m => m.Execute("INSERT INTO runs VALUES ('002')"));

        for (var round = 0; round < 5; round++)
        {
            using var start = new Barrier(2);
            var results = new IReadOnlyList<string>[2];
            var tasks = Enumerable.Range(0, 2).Select(i => Task.Factory.StartNew(() =>
            {
                using var db = Open();
                start.SignalAndWait();
                results[i] = db.Migrate(Steps());
            }, TaskCreationOptions.LongRunning)).ToArray();
            Assert.That(Task.WaitAll(tasks, TimeSpan.FromSeconds(60)), Is.True);

            using var check = Open();
            Assert.That(check.QueryScalars<string>("SELECT step FROM runs ORDER BY step"), Is.EqualTo(new[] { "001", "002" }), $"round {round}");
            Assert.That(results[0].Concat(results[1]).Order(), Is.EqualTo(round == 0 ? new[] { "001", "002" } : Array.Empty<string>()), $"round {round}");
        }
    }

    [Test]
    public async Task Pool_and_async_connection_run_the_steps_on_the_writer()
    {
        using (var pool = new MicroDbPool(new MicroDbPoolOptions(_file.Options())))
        {
            Assert.That(pool.Migrate(TwoSteps()), Has.Count.EqualTo(2));
            Assert.That(await pool.MigrateAsync(TwoSteps().Add("003", m => m.Execute("UPDATE items SET Name = 'pool'"))), Is.EqualTo(new[] { "003" }));
            Assert.That(pool.Read(c => c.ExecuteScalar<string>("SELECT Name FROM items")), Is.EqualTo("pool"));
        }

        await using var async = new MicroDbAsyncConnection(_file.Options());
        var more = TwoSteps().Add("003", m => m.Execute("UPDATE items SET Name = 'pool'")).Add("004", m => m.Execute("UPDATE items SET Name = 'async'"));
        Assert.That(await async.MigrateAsync(more), Is.EqualTo(new[] { "004" }));
        Assert.That(await async.ExecuteScalarAsync<string>("SELECT Name FROM items"), Is.EqualTo("async"));
        var error = await Assert.ThrowsAsync<MicroDbMigrationException>(async () => await async.MigrateAsync(TwoSteps()));
        Assert.That(error!.Error, Is.EqualTo(MicroDbMigrationError.UnknownAppliedSteps));
    }

    [Test]
    public async Task Cancelled_async_migration_rolls_back_the_step_and_throws_OperationCanceledException()
    {
        await using var async = new MicroDbAsyncConnection(_file.Options());
        using var cancel = new CancellationTokenSource();
        var slow = TwoSteps().Add("003_slow", m =>
        {
            cancel.CancelAfter(200);
            m.Execute("INSERT INTO items (Name) VALUES ('never')");
            m.Execute("WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 100000000) SELECT count(*) FROM n");
        });

        Assert.That(await async.MigrateAsync(TwoSteps()), Has.Count.EqualTo(2));
        await Assert.CatchAsync<OperationCanceledException>(async () => await async.MigrateAsync(slow, cancel.Token));

        Assert.That(await async.ExecuteScalarAsync<long>("SELECT count(*) FROM items"), Is.EqualTo(1));
        Assert.That(await async.MigrateAsync(TwoSteps()), Is.Empty);
    }
}
