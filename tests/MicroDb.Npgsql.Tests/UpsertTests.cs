using MicroDb.Mapping;
using MicroDb.Runtime.Reflection;

namespace MicroDb.Npgsql.Tests;

/// <summary>Upsert, UpsertAll and InsertOrReplace on PostgreSQL (INSERT ... ON CONFLICT ... DO UPDATE ... RETURNING), on both mapping paths.</summary>
[TestFixture(MappingMode.Generated)]
[TestFixture(MappingMode.Reflection)]
public sealed class UpsertTests(MappingMode mapping)
{
    private MicroDbNpgsqlConnection _db = null!;

    [OneTimeSetUp]
    public void EnableReflection() => ReflectionMaps.Enable();

    [SetUp]
    public void Open()
    {
        _db = new MicroDbNpgsqlConnection(PostgresServer.DataSource, mapping);
        _db.Execute("DROP TABLE IF EXISTS pg_linq");
        _db.Execute("DROP TABLE IF EXISTS pg_account");
        _db.Execute("DROP TABLE IF EXISTS pg_log");
        _db.Execute("DROP TABLE IF EXISTS pg_tag");
        _db.CreateTable<LinqRow>();
        _db.CreateTable<Tag>();
        _db.CreateTable<Account>();
        _db.CreateTable<LogLine>();
    }

    [TearDown]
    public void Close() => _db.Dispose();

    private List<Account> Accounts() => _db.Query<Account>("SELECT * FROM pg_account ORDER BY \"Name\"");

    [Test]
    public void Upsert_inserts_with_an_identity_key_of_0_and_writes_the_key_back()
    {
        var row = new LinqRow { Name = "first", Age = 1 };
        Assert.That(_db.Upsert(row), Is.EqualTo(1));
        Assert.That(row.Id, Is.GreaterThan(0));
        var second = new LinqRow { Name = "second", Age = 2 };
        _db.Upsert(second);
        Assert.That(second.Id, Is.Not.EqualTo(row.Id));
        Assert.That(_db.Get<LinqRow>(row.Id).Name, Is.EqualTo("first"));
    }

    [Test]
    public void Upsert_updates_the_row_with_the_same_key_in_place()
    {
        var row = new LinqRow { Name = "before", Age = 1, Price = 1.5m };
        _db.Insert(row);
        row.Name = "after";
        row.Price = 2.25m;
        Assert.That(_db.Upsert(row), Is.EqualTo(1));
        var stored = _db.Table<LinqRow>().ToList();
        Assert.That(stored, Has.Count.EqualTo(1));
        Assert.That(stored[0].Id, Is.EqualTo(row.Id));
        Assert.That(stored[0].Name, Is.EqualTo("after"));
        Assert.That(stored[0].Price, Is.EqualTo(2.25m));
    }

    [Test]
    public void Upsert_on_a_unique_index_updates_the_row_with_that_value_and_keeps_its_key()
    {
        var ada = new Account { Id = Guid.NewGuid(), Name = "Ada", Email = "ada@example.org", Balance = 1m };
        _db.Insert(ada);
        var again = new Account { Id = Guid.NewGuid(), Name = "Ada Lovelace", Email = "ada@example.org", Balance = 5m };
        Assert.That(_db.Upsert(again, "pg_account_Email"), Is.EqualTo(1));
        var stored = Accounts();
        Assert.That(stored, Has.Count.EqualTo(1));
        Assert.That(stored[0].Id, Is.EqualTo(ada.Id));
        Assert.That(stored[0].Name, Is.EqualTo("Ada Lovelace"));
        Assert.That(stored[0].Balance, Is.EqualTo(5m));

        _db.Upsert(new Account { Id = Guid.NewGuid(), Name = "Bob", Email = "bob@example.org" }, "pg_account_Email");
        Assert.That(Accounts().Select(a => a.Name), Is.EqualTo(new[] { "Ada Lovelace", "Bob" }));
    }

    [Test]
    public void Upsert_on_a_unique_index_writes_the_existing_identity_key_back()
    {
        var first = new Tag { Name = "orm", Uses = 1 };
        _db.Upsert(first, "pg_tag_Name");
        Assert.That(first.Id, Is.GreaterThan(0));
        var again = new Tag { Name = "orm", Uses = 2 };
        _db.Upsert(again, "pg_tag_Name");
        Assert.That(again.Id, Is.EqualTo(first.Id));
        var stored = _db.Table<Tag>().Single();
        Assert.That((stored.Id, stored.Uses), Is.EqualTo((first.Id, 2)));
    }

    [Test]
    public void Upsert_on_an_index_the_model_does_not_declare_throws_ArgumentException()
    {
        // Created by hand, not by the model: the conflict target must be one of the model's unique indexes.
        _db.Execute("CREATE UNIQUE INDEX pg_linq_name_unique ON pg_linq (\"Name\")");
        _db.Insert(new LinqRow { Name = "same", Age = 1 });
        Assert.That(() => _db.Upsert(new LinqRow { Name = "same", Age = 2 }, "pg_linq_name_unique"), Throws.ArgumentException.With.Message.Contains("no index named 'pg_linq_name_unique'"));
        Assert.That(_db.Table<LinqRow>().Single().Age, Is.EqualTo(1));
    }

    [Test]
    public void Upsert_on_an_index_that_is_not_unique_throws_ArgumentException_and_writes_nothing()
    {
        var row = new LinqRow { Name = "x", Age = 3 };
        var error = Assert.Throws<ArgumentException>(() => _db.Upsert(row, "pg_linq_Age"))!;
        Assert.That(error.Message, Does.Contain("'pg_linq_Age'").And.Contain("not unique"));
        Assert.That(error.ParamName, Is.EqualTo("conflictIndex"));
        Assert.That(_db.Table<LinqRow>().Count(), Is.Zero);
    }

    [Test]
    public void Upsert_on_a_missing_index_throws_ArgumentException_naming_the_indexes()
    {
        var error = Assert.Throws<ArgumentException>(() => _db.Upsert(new Account { Id = Guid.NewGuid(), Name = "n" }, "nope"))!;
        Assert.That(error.Message, Does.Contain("'nope'").And.Contain("pg_account_Email"));
        Assert.That(Accounts(), Is.Empty);
    }

    [Test]
    public void Upsert_of_a_type_without_a_key_throws_NotSupportedException()
    {
        Assert.That(() => _db.Upsert(new LogLine { Text = "t" }), Throws.TypeOf<NotSupportedException>().With.Message.Contains("PrimaryKey"));
        Assert.That(_db.Query<LogLine>("SELECT * FROM pg_log"), Is.Empty);
    }

    [Test]
    public void Upsert_that_breaks_another_constraint_is_typed_and_changes_nothing()
    {
        var ada = new Account { Id = Guid.NewGuid(), Name = "Ada", Email = "ada@example.org" };
        var bob = new Account { Id = Guid.NewGuid(), Name = "Bob", Email = "bob@example.org" };
        _db.Insert(ada);
        _db.Insert(bob);
        bob.Email = "ada@example.org";
        bob.Name = "Bobby";
        var error = Assert.Throws<MicroDbConstraintException>(() => _db.Upsert(bob))!;
        Assert.That(error.ExtendedResultCode, Is.EqualTo(2067));
        Assert.That(Accounts().Select(a => a.Name + " " + a.Email), Is.EqualTo(new[] { "Ada ada@example.org", "Bob bob@example.org" }));
    }

    [Test]
    public void UpsertAll_is_all_or_nothing()
    {
        var ada = new Account { Id = Guid.NewGuid(), Name = "Ada", Email = "ada@example.org" };
        _db.Insert(ada);
        ada.Name = "Ada Lovelace";
        var batch = new[] { ada, new Account { Id = Guid.NewGuid(), Name = "Bob" }, new Account { Id = Guid.NewGuid(), Name = null } };
        Assert.That(() => _db.UpsertAll(batch), Throws.TypeOf<MicroDbConstraintException>());
        Assert.That(Accounts().Select(a => a.Name), Is.EqualTo(new[] { "Ada" }));

        batch[2].Name = "Cy";
        Assert.That(_db.UpsertAll(batch), Is.EqualTo(3));
        Assert.That(Accounts().Select(a => a.Name), Is.EqualTo(new[] { "Ada Lovelace", "Bob", "Cy" }));
    }

    [Test]
    public void UpsertAll_with_a_null_entity_throws_ArgumentException_and_writes_nothing()
    {
        var error = Assert.Throws<ArgumentException>(() => _db.UpsertAll(new[] { new Account { Id = Guid.NewGuid(), Name = "a" }, null! }))!;
        Assert.That(error.Message, Does.Contain("index 1"));
        Assert.That(Accounts(), Is.Empty);
    }

    [Test]
    public async Task Async_upserts_write_the_same_rows()
    {
        var row = new LinqRow { Name = "a", Age = 1 };
        await _db.UpsertAsync(row);
        row.Age = 9;
        await _db.UpsertAsync(row);
        await _db.UpsertAllAsync(new[] { new LinqRow { Name = "b" }, new LinqRow { Name = "c" } });
        var account = new Account { Id = Guid.NewGuid(), Name = "x", Email = "x@example.org" };
        await _db.UpsertAsync(account, "pg_account_Email");
        await _db.UpsertAsync(new Account { Id = Guid.NewGuid(), Name = "y", Email = "x@example.org" }, "pg_account_Email");
        await _db.InsertOrReplaceAsync(new Account { Id = account.Id, Name = "z", Email = "x@example.org" });
        Assert.That(_db.Table<LinqRow>().OrderBy(x => x.Name).Select(x => x.Name + x.Age).ToList(), Is.EqualTo(new[] { "a9", "b0", "c0" }));
        Assert.That(Accounts().Select(a => a.Name), Is.EqualTo(new[] { "z" }));

        using var cancelled = new CancellationTokenSource();
        cancelled.Cancel();
        Assert.That(async () => await _db.UpsertAllAsync(new[] { new LinqRow { Name = "d" } }, cancelled.Token), Throws.InstanceOf<OperationCanceledException>());
        Assert.That(_db.Table<LinqRow>().Count(), Is.EqualTo(3));
    }

    [Test]
    public void InsertOrReplace_replaces_every_column_of_the_row_with_the_key()
    {
        var ada = new Account { Id = Guid.NewGuid(), Name = "Ada", Email = "ada@example.org", Balance = 3m };
        _db.InsertOrReplace(ada);
        Assert.That(_db.InsertOrReplace(new Account { Id = ada.Id, Name = "Ada L", Email = null, Balance = 0m }), Is.EqualTo(1));
        var stored = Accounts().Single();
        Assert.That(stored.Name, Is.EqualTo("Ada L"));
        Assert.That(stored.Email, Is.Null);
        Assert.That(stored.Balance, Is.EqualTo(0m));
    }

    [Test]
    public void InsertOrReplace_that_conflicts_on_another_unique_column_throws_instead_of_deleting()
    {
        var ada = new Account { Id = Guid.NewGuid(), Name = "Ada", Email = "ada@example.org" };
        _db.Insert(ada);
        var other = new Account { Id = Guid.NewGuid(), Name = "Other", Email = "ada@example.org" };
        Assert.That(() => _db.InsertOrReplace(other), Throws.TypeOf<MicroDbConstraintException>());
        Assert.That(Accounts().Select(a => a.Id), Is.EqualTo(new[] { ada.Id }));
    }

    [Test]
    public void InsertOrReplace_of_a_type_without_a_key_inserts()
    {
        _db.InsertOrReplace(new LogLine { Text = "a", At = new DateTime(2020, 1, 1) });
        _db.InsertOrReplace(new LogLine { Text = "a", At = new DateTime(2020, 1, 1) });
        Assert.That(_db.Query<LogLine>("SELECT * FROM pg_log"), Has.Count.EqualTo(2));
    }

    [Test]
    public void Upsert_text_is_the_shared_text_with_numbered_parameters()
    {
        var table = EntityMapResolver.Resolve<Account>(mapping, EntityMapRegistry.DefaultReflectionProvider, throwOnReflectionFallback: false).Table;
        var sql = PostgresDialect.Upsert(table.TableName, table.Facts, ["Id"], omitIdentity: false);
        Assert.That(sql, Does.StartWith("INSERT INTO \"pg_account\" (\"Id\", \"Name\", \"Email\", \"Balance\") VALUES ($1, $2, $3, $4) ON CONFLICT (\"Id\") DO UPDATE SET \"Name\" = excluded.\"Name\""));
    }
}
