using MicroDb.Mapping;
using MicroDb.Runtime.Reflection;
using Npgsql;

namespace MicroDb.Npgsql.Tests;

/// <summary>
/// Query, Execute and ExecuteScalar texts run prepared from their second use, kept per connection in a bounded cache,
/// and keep working when the server forgets them, a column changes type under them, or the connection is replaced.
/// </summary>
[TestFixture(MappingMode.Generated)]
[TestFixture(MappingMode.Reflection)]
public sealed class PreparedAdHocTests(MappingMode mapping)
{
    private const string ByName = "SELECT * FROM pg_ledger WHERE \"Name\" = $1 ORDER BY \"Id\"";

    private MicroDbNpgsqlConnection _db = null!;

    [OneTimeSetUp]
    public void EnableReflection() => ReflectionMaps.Enable();

    [SetUp]
    public void Open()
    {
        _db = new MicroDbNpgsqlConnection(PostgresServer.DataSource, mapping);
        // A pooled session keeps statements other tests prepared; start from none.
        _db.Connection.UnprepareAll();
        _db.Execute("DROP TABLE IF EXISTS pg_ledger");
        _db.CreateTable<Ledger>();
        for (var i = 1; i <= 6; i++)
        {
            _db.Insert(new Ledger { Id = i, Name = i % 2 == 0 ? "even" : "odd", Amount = i * 10 });
        }
    }

    [TearDown]
    public void Close() => _db.Dispose();

    // The server's prepared statements of this session with the text, and how often each ran (plans used).
    internal static List<(string Statement, long Runs)> PreparedOnServer(MicroDbNpgsqlConnection db, string? text = null)
    {
        using var command = new NpgsqlCommand("SELECT statement, generic_plans + custom_plans FROM pg_prepared_statements", db.Connection);
        using var reader = command.ExecuteReader();
        var statements = new List<(string, long)>();
        while (reader.Read())
        {
            if (text is null || reader.GetString(0) == text)
            {
                statements.Add((reader.GetString(0), reader.GetInt64(1)));
            }
        }

        return statements;
    }

    private static int BackendOf(MicroDbNpgsqlConnection db)
    {
        using var command = new NpgsqlCommand("SELECT pg_backend_pid()", db.Connection);
        return (int)command.ExecuteScalar()!;
    }

    [Test]
    public void A_repeated_query_text_is_prepared_once_and_runs_prepared_from_its_second_use()
    {
        Assert.That(_db.Query<Ledger>(ByName, "odd").Select(r => r.Id), Is.EqualTo(new[] { 1, 3, 5 }));
        Assert.That(PreparedOnServer(_db, ByName), Is.Empty, "a text used once runs unprepared");

        for (var i = 0; i < 4; i++)
        {
            var name = i % 2 == 0 ? "even" : "odd";
            var rows = _db.Query<Ledger>(ByName, name);
            Assert.That(rows.Select(r => r.Id), Is.EqualTo(name == "even" ? new[] { 2, 4, 6 } : new[] { 1, 3, 5 }));
            Assert.That(rows.Select(r => r.Amount), Is.EqualTo(rows.Select(r => r.Id * 10L)));
        }

        var prepared = PreparedOnServer(_db, ByName);
        Assert.That(prepared, Has.Count.EqualTo(1));
        Assert.That(prepared[0].Runs, Is.EqualTo(4), "runs 2 to 5 used the one prepared statement");
    }

    [Test]
    public async Task Execute_and_ExecuteScalar_texts_sync_and_async_share_one_prepared_statement_each()
    {
        const string add = "UPDATE pg_ledger SET \"Amount\" = \"Amount\" + $1 WHERE \"Id\" = $2";
        const string sum = "SELECT SUM(\"Amount\") FROM pg_ledger WHERE \"Name\" = $1";
        Assert.That(_db.Execute(add, 1L, 1), Is.EqualTo(1));
        Assert.That(await _db.ExecuteAsync(add, [1L, 1]), Is.EqualTo(1));
        Assert.That(_db.Execute(add, 1L, 2), Is.EqualTo(1));
        Assert.That(_db.ExecuteScalar<long>(sum, "odd"), Is.EqualTo(10 + 2 + 30 + 50));
        Assert.That(await _db.ExecuteScalarAsync<long>(sum, ["even"]), Is.EqualTo(20 + 1 + 40 + 60));
        Assert.That(await _db.ExecuteScalarAsync<long>(sum, ["odd"]), Is.EqualTo(92));

        Assert.That(PreparedOnServer(_db, add).Single().Runs, Is.EqualTo(2));
        Assert.That(PreparedOnServer(_db, sum).Single().Runs, Is.EqualTo(2));
    }

    [Test]
    public async Task QueryAsync_and_Query_share_the_prepared_statement()
    {
        Assert.That((await _db.QueryAsync<Ledger>(ByName, ["odd"])).Select(r => r.Id), Is.EqualTo(new[] { 1, 3, 5 }));
        Assert.That(_db.Query<Ledger>(ByName, "even").Select(r => r.Id), Is.EqualTo(new[] { 2, 4, 6 }));
        Assert.That((await _db.QueryAsync<Ledger>(ByName, ["even"])).Select(r => r.Id), Is.EqualTo(new[] { 2, 4, 6 }));
        Assert.That(PreparedOnServer(_db, ByName).Single().Runs, Is.EqualTo(2));
    }

    [Test]
    public void A_prepared_write_runs_in_the_current_transaction_and_is_rolled_back_with_it()
    {
        const string rename = "UPDATE pg_ledger SET \"Name\" = $1 WHERE \"Id\" = $2";
        Assert.That(_db.Execute(rename, "first", 1), Is.EqualTo(1));
        Assert.That(_db.Execute(rename, "second", 2), Is.EqualTo(1));

        _db.BeginTransaction();
        Assert.That(_db.Execute(rename, "dropped", 3), Is.EqualTo(1));
        Assert.That(_db.ExecuteScalar<string>("SELECT \"Name\" FROM pg_ledger WHERE \"Id\" = $1", 3), Is.EqualTo("dropped"));
        _db.Rollback();

        _db.RunInTransaction(() => _db.Execute(rename, "kept", 4));
        Assert.That(_db.ExecuteScalar<string>("SELECT \"Name\" FROM pg_ledger WHERE \"Id\" = $1", 3), Is.EqualTo("odd"));
        Assert.That(_db.ExecuteScalar<string>("SELECT \"Name\" FROM pg_ledger WHERE \"Id\" = $1", 4), Is.EqualTo("kept"));
        Assert.That(PreparedOnServer(_db, rename).Single().Runs, Is.EqualTo(3));
    }

    [Test]
    public void A_text_the_server_forgot_with_DISCARD_ALL_is_prepared_again()
    {
        _db.Query<Ledger>(ByName, "odd");
        _db.Query<Ledger>(ByName, "odd");
        Assert.That(PreparedOnServer(_db, ByName), Has.Count.EqualTo(1));

        _db.Execute("DISCARD ALL");
        Assert.That(PreparedOnServer(_db, ByName), Is.Empty);

        Assert.That(_db.Query<Ledger>(ByName, "even").Select(r => r.Id), Is.EqualTo(new[] { 2, 4, 6 }));
        Assert.That(_db.Query<Ledger>(ByName, "odd").Select(r => r.Id), Is.EqualTo(new[] { 1, 3, 5 }));
        Assert.That(PreparedOnServer(_db, ByName), Has.Count.EqualTo(1), "prepared again after the server forgot it");
        Assert.That(_db.ExecuteScalar<long>("SELECT COUNT(*) FROM pg_ledger"), Is.EqualTo(6));
    }

    [Test]
    public void A_query_works_after_a_column_changed_type_under_its_prepared_statement()
    {
        const string all = "SELECT * FROM pg_ledger ORDER BY \"Id\"";
        _db.Query<Ledger>(all);
        _db.Query<Ledger>(all);

        _db.Execute("ALTER TABLE pg_ledger ALTER COLUMN \"Name\" TYPE text");

        var rows = _db.Query<Ledger>(all);
        Assert.That(rows.Select(r => r.Name), Is.EqualTo(new[] { "odd", "even", "odd", "even", "odd", "even" }));
        Assert.That(PreparedOnServer(_db, all), Has.Count.EqualTo(1));
    }

    [Test]
    public void A_column_type_change_inside_a_transaction_throws_typed_and_the_text_works_after_rollback()
    {
        const string all = "SELECT * FROM pg_ledger ORDER BY \"Id\"";
        _db.Query<Ledger>(all);
        _db.Query<Ledger>(all);
        _db.BeginTransaction();
        _db.Execute("ALTER TABLE pg_ledger ALTER COLUMN \"Amount\" TYPE numeric");

        var error = Assert.Throws<MicroDbException>(() => _db.Query<Ledger>(all));
        Assert.That(error!.Message, Does.Contain("0A000"));
        _db.Rollback();

        Assert.That(_db.Query<Ledger>(all).Select(r => r.Amount), Is.EqualTo(new long[] { 10, 20, 30, 40, 50, 60 }));
    }

    [Test]
    public void Bad_sql_throws_a_typed_error_each_time_and_does_not_poison_the_cache()
    {
        const string bad = "SELECT \"Nope\" FROM pg_ledger WHERE \"Id\" = $1";
        for (var i = 0; i < 3; i++)
        {
            var error = Assert.Throws<MicroDbException>(() => _db.ExecuteScalar<long>(bad, 1));
            Assert.That(error!.Message, Does.Contain("42703").And.Contain("Nope"));
        }

        const string good = "SELECT \"Amount\" FROM pg_ledger WHERE \"Id\" = $1";
        Assert.That(_db.ExecuteScalar<long>(good, 3), Is.EqualTo(30));
        Assert.That(_db.ExecuteScalar<long>(good, 4), Is.EqualTo(40));
        Assert.That(PreparedOnServer(_db, good), Has.Count.EqualTo(1));
        Assert.That(PreparedOnServer(_db, bad), Is.Empty);
    }

    [Test]
    public void A_prepared_text_that_fails_while_running_keeps_working_with_other_arguments()
    {
        // Row 1's amount is 10: the division fails while the statement runs, not while it is planned.
        const string divide = "SELECT 600 / (\"Amount\" - $1) FROM pg_ledger WHERE \"Id\" = 1";
        Assert.That(_db.ExecuteScalar<long>(divide, 4L), Is.EqualTo(100));
        Assert.That(_db.ExecuteScalar<long>(divide, 7L), Is.EqualTo(200));

        var error = Assert.Throws<MicroDbException>(() => _db.ExecuteScalar<long>(divide, 10L));
        Assert.That(error!.Message, Does.Contain("22012"));

        Assert.That(_db.ExecuteScalar<long>(divide, 4L), Is.EqualTo(100));
        Assert.That(PreparedOnServer(_db, divide).Single().Runs, Is.EqualTo(3));
    }

    [Test]
    public void A_text_given_arguments_of_another_type_is_prepared_for_them()
    {
        const string count = "SELECT COUNT(*) FROM pg_ledger WHERE \"Name\" = $1 OR $1 IS NULL";
        Assert.That(_db.ExecuteScalar<long>(count, "odd"), Is.EqualTo(3));
        Assert.That(_db.ExecuteScalar<long>(count, "odd"), Is.EqualTo(3));
        Assert.That(_db.ExecuteScalar<long>(count, (object?)null), Is.EqualTo(6));
        Assert.That(_db.ExecuteScalar<long>(count, "even"), Is.EqualTo(3));
        Assert.That(PreparedOnServer(_db, count), Has.Count.EqualTo(1));
    }

    [Test]
    public void Ddl_and_session_commands_are_never_prepared()
    {
        const string create = "CREATE TABLE IF NOT EXISTS pg_ledger_side (id int)";
        const string set = "SET statement_timeout = 0";
        for (var i = 0; i < 3; i++)
        {
            _db.Execute(create);
            _db.Execute(set);
            _db.Execute("SELECT 1; SELECT 2");
        }

        Assert.That(PreparedOnServer(_db).Select(s => s.Statement), Has.None.Contains("pg_ledger_side").And.None.StartsWith("SET").And.None.Contains("SELECT 2"));
        _db.Execute("DROP TABLE pg_ledger_side");
    }

    [Test]
    public void At_most_64_texts_stay_prepared_per_connection_and_an_evicted_one_still_runs()
    {
        for (var i = 0; i < 80; i++)
        {
            var text = $"SELECT {i} + $1";
            Assert.That(_db.ExecuteScalar<int>(text, 1), Is.EqualTo(i + 1));
            Assert.That(_db.ExecuteScalar<int>(text, 2), Is.EqualTo(i + 2));
        }

        var prepared = PreparedOnServer(_db).Where(s => s.Statement.EndsWith(" + $1", StringComparison.Ordinal)).Select(s => s.Statement).ToList();
        Assert.That(prepared, Has.Count.EqualTo(64));
        Assert.That(prepared, Does.Contain("SELECT 79 + $1").And.Not.Contain("SELECT 0 + $1"));

        Assert.That(_db.ExecuteScalar<int>("SELECT 0 + $1", 5), Is.EqualTo(5));
        Assert.That(_db.ExecuteScalar<int>("SELECT 0 + $1", 6), Is.EqualTo(6));
        Assert.That(PreparedOnServer(_db).Count(s => s.Statement.EndsWith(" + $1", StringComparison.Ordinal)), Is.EqualTo(64));
    }

    [Test]
    public void A_prepared_text_runs_prepared_on_the_new_connection_after_a_killed_backend()
    {
        _db.Query<Ledger>(ByName, "odd");
        _db.Query<Ledger>(ByName, "odd");
        var before = BackendOf(_db);

        TransactionRetryTests.KillBackend(before);

        Assert.Throws<MicroDbConnectionLostException>(() => _db.Query<Ledger>(ByName, "odd"));
        Assert.That(_db.Query<Ledger>(ByName, "even").Select(r => r.Id), Is.EqualTo(new[] { 2, 4, 6 }));
        Assert.That(BackendOf(_db), Is.Not.EqualTo(before));
        Assert.That(PreparedOnServer(_db, ByName), Has.Count.EqualTo(1));
    }
}
