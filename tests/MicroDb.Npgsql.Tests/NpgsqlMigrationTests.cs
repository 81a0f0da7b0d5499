using Npgsql;

namespace MicroDb.Npgsql.Tests;

/// <summary>
/// Versioned migrations on PostgreSQL: named ordered steps recorded in the history table, each in its own transaction
/// with its record, a failed step rolled back with a typed error, Core's history rules, and two runs at once.
/// </summary>
public sealed class NpgsqlMigrationTests
{
    private MicroDbNpgsqlConnection _db = null!;

    [SetUp]
    public void Open()
    {
        _db = new MicroDbNpgsqlConnection(PostgresServer.DataSource);
        _db.Execute("DROP TABLE IF EXISTS \"__microdb_migrations\", pg_ledger, pg_ledger_renamed, pg_migration_side");
    }

    [TearDown]
    public void Close() => _db.Dispose();

    private List<string> Recorded() =>
        _db.Query<HistoryRow>("SELECT id AS \"Id\", name AS \"Name\" FROM \"__microdb_migrations\" ORDER BY id").ConvertAll(r => r.Name!);

    private bool TableExists(string table) => _db.ExecuteScalar<bool>("SELECT to_regclass($1) IS NOT NULL", table);

    private static NpgsqlMigrations FirstThree() => new NpgsqlMigrations()
        .Add("001_create_ledger", m => m.CreateTable<Ledger>())
        .Add("002_seed", m =>
        {
            m.Connection.Insert(new Ledger { Id = 1, Name = "one", Amount = 10 });
            m.Execute("INSERT INTO pg_ledger (\"Id\", \"Name\", \"Amount\") VALUES ($1, $2, $3)", 2, "two", 20L);
        })
        .Add("003_index_amount", m => m.CreateIndex("pg_ledger_amount", "pg_ledger", ["Amount"]));

    [Test]
    public void Steps_run_once_in_order_and_are_recorded()
    {
        Assert.That(_db.Migrate(FirstThree()), Is.EqualTo(new[] { "001_create_ledger", "002_seed", "003_index_amount" }));
        Assert.That(Recorded(), Is.EqualTo(new[] { "001_create_ledger", "002_seed", "003_index_amount" }));
        Assert.That(_db.ExecuteScalar<long>("SELECT COUNT(*) FROM pg_ledger"), Is.EqualTo(2));

        Assert.That(_db.Migrate(FirstThree()), Is.Empty, "an up-to-date database runs nothing");
        Assert.That(_db.ExecuteScalar<long>("SELECT COUNT(*) FROM pg_ledger"), Is.EqualTo(2));

        var more = FirstThree().Add("004_rename", m =>
        {
            m.RenameColumn("pg_ledger", "Name", "Label");
            m.RenameTable("pg_ledger", "pg_ledger_renamed");
            m.DropIndex("pg_ledger_amount");
        });
        Assert.That(_db.Migrate(more), Is.EqualTo(new[] { "004_rename" }));
        Assert.That(_db.ExecuteScalar<string>("SELECT \"Label\" FROM pg_ledger_renamed WHERE \"Id\" = 2"), Is.EqualTo("two"));
        Assert.That(Recorded(), Has.Count.EqualTo(4));
    }

    [Test]
    public void A_failed_step_is_rolled_back_with_its_ddl_and_a_typed_error_and_the_steps_before_stay()
    {
        var migrations = new NpgsqlMigrations()
            .Add("001_create_ledger", m => m.CreateTable<Ledger>())
            .Add("002_broken", m =>
            {
                m.Execute("CREATE TABLE pg_migration_side (id int)");
                m.Execute("INSERT INTO pg_ledger (\"Id\", \"Name\", \"Amount\") VALUES (1, 'one', 1)");
                m.Execute("INSERT INTO pg_ledger (\"Id\", \"Name\", \"Amount\") VALUES (1, 'again', 2)");
            });

        var error = Assert.Throws<MicroDbMigrationException>(() => _db.Migrate(migrations));
        Assert.That(error!.Error, Is.EqualTo(MicroDbMigrationError.StepFailed));
        Assert.That(error.StepName, Is.EqualTo("002_broken"));
        Assert.That(error.InnerException, Is.InstanceOf<MicroDbConstraintException>());
        Assert.That(error.Message, Does.Contain("002_broken").And.Contain("rolled back"));

        Assert.That(Recorded(), Is.EqualTo(new[] { "001_create_ledger" }));
        Assert.That(TableExists("pg_ledger"), Is.True);
        Assert.That(TableExists("pg_migration_side"), Is.False, "PostgreSQL's DDL is rolled back with the step");
        Assert.That(_db.ExecuteScalar<long>("SELECT COUNT(*) FROM pg_ledger"), Is.Zero);
        Assert.That(_db.IsInTransaction, Is.False);

        var fixedList = new NpgsqlMigrations()
            .Add("001_create_ledger", m => m.CreateTable<Ledger>())
            .Add("002_broken", m => m.Execute("INSERT INTO pg_ledger (\"Id\", \"Name\", \"Amount\") VALUES (1, 'one', 1)"));
        Assert.That(_db.Migrate(fixedList), Is.EqualTo(new[] { "002_broken" }));
    }

    [Test]
    public void A_renamed_or_reordered_step_is_a_history_mismatch_and_nothing_runs()
    {
        _db.Migrate(FirstThree());

        var renamed = new NpgsqlMigrations()
            .Add("001_create_ledger", m => m.CreateTable<Ledger>())
            .Add("002_seed_renamed", m => m.Execute("DELETE FROM pg_ledger"))
            .Add("003_index_amount", _ => { })
            .Add("004_new", m => m.Execute("DELETE FROM pg_ledger"));
        var error = Assert.Throws<MicroDbMigrationException>(() => _db.Migrate(renamed));
        Assert.That(error!.Error, Is.EqualTo(MicroDbMigrationError.HistoryMismatch));
        Assert.That(error.Message, Does.Contain("renamed or removed"));

        var reordered = new NpgsqlMigrations()
            .Add("002_seed", _ => { })
            .Add("001_create_ledger", _ => { })
            .Add("003_index_amount", _ => { })
            .Add("004_new", m => m.Execute("DELETE FROM pg_ledger"));
        error = Assert.Throws<MicroDbMigrationException>(() => _db.Migrate(reordered));
        Assert.That(error!.Error, Is.EqualTo(MicroDbMigrationError.HistoryMismatch));
        Assert.That(error.Message, Does.Contain("reordered"));

        Assert.That(_db.ExecuteScalar<long>("SELECT COUNT(*) FROM pg_ledger"), Is.EqualTo(2));
        Assert.That(Recorded(), Has.Count.EqualTo(3));
    }

    [Test]
    public void Steps_applied_by_a_newer_app_stop_the_run_unless_allowed()
    {
        _db.Migrate(FirstThree());
        var older = new NpgsqlMigrations()
            .Add("001_create_ledger", m => m.CreateTable<Ledger>())
            .Add("002_seed", _ => { });

        var error = Assert.Throws<MicroDbMigrationException>(() => _db.Migrate(older));
        Assert.That(error!.Error, Is.EqualTo(MicroDbMigrationError.UnknownAppliedSteps));
        Assert.That(error.StepName, Is.EqualTo("003_index_amount"));

        older.AllowUnknownAppliedSteps = true;
        Assert.That(_db.Migrate(older), Is.Empty);
    }

    [Test]
    public void A_helper_naming_a_missing_table_or_column_is_an_invalid_step_and_rolled_back()
    {
        var migrations = new NpgsqlMigrations()
            .Add("001_create_ledger", m => m.CreateTable<Ledger>())
            .Add("002_rename_missing", m =>
            {
                m.Execute("INSERT INTO pg_ledger (\"Id\", \"Name\", \"Amount\") VALUES (1, 'one', 1)");
                m.RenameColumn("pg_ledger", "Nope", "Still");
            });

        var error = Assert.Throws<MicroDbMigrationException>(() => _db.Migrate(migrations));
        Assert.That(error!.Error, Is.EqualTo(MicroDbMigrationError.InvalidStep));
        Assert.That(error.StepName, Is.EqualTo("002_rename_missing"));
        Assert.That(error.Message, Does.Contain("Nope"));
        Assert.That(_db.ExecuteScalar<long>("SELECT COUNT(*) FROM pg_ledger"), Is.Zero);

        var missingTable = new NpgsqlMigrations()
            .Add("001_create_ledger", m => m.CreateTable<Ledger>())
            .Add("002_drop_from_missing", m => m.DropColumn("pg_no_such_table", "Amount"));
        error = Assert.Throws<MicroDbMigrationException>(() => _db.Migrate(missingTable));
        Assert.That(error!.Error, Is.EqualTo(MicroDbMigrationError.InvalidStep));
        Assert.That(error.Message, Does.Contain("pg_no_such_table"));
    }

    [Test]
    public void A_step_that_ends_its_transaction_is_refused()
    {
        var migrations = new NpgsqlMigrations()
            .Add("001_commits", m => m.Connection.Commit());

        var error = Assert.Throws<MicroDbMigrationException>(() => _db.Migrate(migrations));
        Assert.That(error!.Error, Is.EqualTo(MicroDbMigrationError.InvalidStep));
        Assert.That(error.StepName, Is.EqualTo("001_commits"));
        Assert.That(_db.IsInTransaction, Is.False);
        Assert.That(_db.ExecuteScalar<long>("SELECT COUNT(*) FROM \"__microdb_migrations\""), Is.Zero);
    }

    [Test]
    public void Migrate_inside_a_transaction_and_bad_lists_are_refused_before_anything_runs()
    {
        _db.BeginTransaction();
        Assert.Throws<InvalidOperationException>(() => _db.Migrate(FirstThree()));
        _db.Rollback();
        Assert.That(TableExists("pg_ledger"), Is.False);

        Assert.Throws<ArgumentNullException>(() => _db.Migrate(null!));
        var list = new NpgsqlMigrations().Add("001", _ => { });
        Assert.Throws<ArgumentException>(() => list.Add("001", _ => { }));
        Assert.Throws<ArgumentException>(() => list.Add(" ", _ => { }));
        Assert.Throws<ArgumentNullException>(() => list.Add("002", null!));
        Assert.That(list.StepNames, Is.EqualTo(new[] { "001" }));
    }

    [Test]
    public async Task Two_connections_migrating_at_once_run_each_step_once()
    {
        static NpgsqlMigrations Counted() => new NpgsqlMigrations()
            .Add("001_side", m => m.Execute("CREATE TABLE pg_migration_side (step int)"))
            .Add("002_slow", m => m.Execute("SELECT pg_sleep(0.3); INSERT INTO pg_migration_side VALUES (2)"))
            .Add("003_after", m => m.Execute("INSERT INTO pg_migration_side VALUES (3)"));

        await using var second = new MicroDbNpgsqlConnection(PostgresServer.DataSource);
        var first = Task.Run(() => _db.Migrate(Counted()));
        var other = second.MigrateAsync(Counted());
        var applied = (await first).Concat(await other).ToList();

        Assert.That(applied, Is.EquivalentTo(new[] { "001_side", "002_slow", "003_after" }));
        Assert.That(_db.ExecuteScalar<long>("SELECT COUNT(*) FROM pg_migration_side"), Is.EqualTo(2));
        Assert.That(Recorded(), Is.EqualTo(new[] { "001_side", "002_slow", "003_after" }));
    }

    [Test]
    public void A_run_that_waits_longer_than_the_lock_timeout_fails_typed_and_applies_nothing()
    {
        using var holder = PostgresServer.DataSource.OpenConnection();
        using (var take = new NpgsqlCommand("SELECT pg_advisory_lock(hashtext('__microdb_migrations'))", holder))
        {
            take.ExecuteNonQuery();
        }

        var migrations = FirstThree();
        migrations.LockTimeout = TimeSpan.FromMilliseconds(200);
        var error = Assert.Throws<MicroDbException>(() => _db.Migrate(migrations));
        Assert.That(error!.Message, Does.Contain("55P03"));
        Assert.That(TableExists("pg_ledger"), Is.False);

        using (var release = new NpgsqlCommand("SELECT pg_advisory_unlock(hashtext('__microdb_migrations'))", holder))
        {
            release.ExecuteNonQuery();
        }

        Assert.That(_db.Migrate(migrations), Has.Count.EqualTo(3));
    }
}
