using System.Text;
using MicroDb.Mapping;
using MicroDb.Runtime.Reflection;

namespace MicroDb.Npgsql.Tests;

[TestFixture(MappingMode.Generated)]
[TestFixture(MappingMode.Reflection)]
public sealed class CrudTests(MappingMode mapping)
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
        _db.Execute("DROP TABLE IF EXISTS pg_log");
        _db.CreateTable<EveryKind>();
        _db.CreateTable<Account>();
    }

    [TearDown]
    public void Close() => _db.Dispose();

    internal static EveryKind Sample() => new()
    {
        Flag = true,
        Byte = 255,
        SByte = -128,
        Int16 = short.MinValue,
        UInt16 = ushort.MaxValue,
        Int32 = int.MinValue,
        UInt32 = uint.MaxValue,
        Int64 = long.MinValue,
        UInt64 = ulong.MaxValue,
        Single = 1.5f,
        Double = Math.PI,
        Decimal = 79228162514264337593543950335m,
        Char = '\0',
        Text = "Grüße, \"quoted\" 'text'",
        Blob = [0, 1, 2, 255],
        Guid = Guid.NewGuid(),
        When = new DateTime(2024, 2, 29, 13, 14, 15, 123, 456),
        WhenText = new DateTime(1815, 12, 10, 8, 0, 0),
        At = new DateTimeOffset(2030, 1, 2, 3, 4, 5, TimeSpan.Zero),
        Span = TimeSpan.FromDays(3) + TimeSpan.FromMilliseconds(7),
        Day = new DateOnly(1999, 12, 31),
        Time = new TimeOnly(23, 59, 58, 999),
        Shade = Shade.Blue,
        ShadeText = Shade.Red,
        Link = new Uri("https://example.org/a?b=c"),
        Notes = new StringBuilder("notes"),
        MaybeInt = 42,
        MaybeGuid = null,
        MaybeWhen = new DateTime(2000, 1, 1),
        MaybeUInt64 = 12345678901234567890UL,
    };

    internal static void AssertSame(EveryKind actual, EveryKind expected)
    {
        Assert.That(actual.Id, Is.EqualTo(expected.Id));
        Assert.That(actual.Flag, Is.EqualTo(expected.Flag));
        Assert.That(actual.Byte, Is.EqualTo(expected.Byte));
        Assert.That(actual.SByte, Is.EqualTo(expected.SByte));
        Assert.That(actual.Int16, Is.EqualTo(expected.Int16));
        Assert.That(actual.UInt16, Is.EqualTo(expected.UInt16));
        Assert.That(actual.Int32, Is.EqualTo(expected.Int32));
        Assert.That(actual.UInt32, Is.EqualTo(expected.UInt32));
        Assert.That(actual.Int64, Is.EqualTo(expected.Int64));
        Assert.That(actual.UInt64, Is.EqualTo(expected.UInt64));
        Assert.That(actual.Single, Is.EqualTo(expected.Single));
        Assert.That(actual.Double, Is.EqualTo(expected.Double));
        Assert.That(actual.Decimal, Is.EqualTo(expected.Decimal));
        Assert.That(actual.Char, Is.EqualTo(expected.Char));
        Assert.That(actual.Text, Is.EqualTo(expected.Text));
        Assert.That(actual.Blob, Is.EqualTo(expected.Blob));
        Assert.That(actual.Guid, Is.EqualTo(expected.Guid));
        Assert.That(actual.When, Is.EqualTo(expected.When));
        Assert.That(actual.WhenText, Is.EqualTo(expected.WhenText));
        Assert.That(actual.At, Is.EqualTo(expected.At));
        Assert.That(actual.Span, Is.EqualTo(expected.Span));
        Assert.That(actual.Day, Is.EqualTo(expected.Day));
        Assert.That(actual.Time, Is.EqualTo(expected.Time));
        Assert.That(actual.Shade, Is.EqualTo(expected.Shade));
        Assert.That(actual.ShadeText, Is.EqualTo(expected.ShadeText));
        Assert.That(actual.Link, Is.EqualTo(expected.Link));
        Assert.That(actual.Notes?.ToString(), Is.EqualTo(expected.Notes?.ToString()));
        Assert.That(actual.MaybeInt, Is.EqualTo(expected.MaybeInt));
        Assert.That(actual.MaybeGuid, Is.EqualTo(expected.MaybeGuid));
        Assert.That(actual.MaybeWhen, Is.EqualTo(expected.MaybeWhen));
        Assert.That(actual.MaybeUInt64, Is.EqualTo(expected.MaybeUInt64));
    }

    [Test]
    public void Create_table_declares_the_documented_PostgreSQL_types()
    {
        var types = _db.Connection.CreateCommand();
        types.CommandText = "SELECT column_name, data_type FROM information_schema.columns WHERE table_name = 'pg_every_kind'";
        var found = new Dictionary<string, string>();
        using (var reader = types.ExecuteReader())
        {
            while (reader.Read())
            {
                found[reader.GetString(0)] = reader.GetString(1);
            }
        }

        Assert.That(found["Flag"], Is.EqualTo("boolean"));
        Assert.That(found["Byte"], Is.EqualTo("smallint"));
        Assert.That(found["UInt32"], Is.EqualTo("bigint"));
        Assert.That(found["UInt64"], Is.EqualTo("numeric"));
        Assert.That(found["Decimal"], Is.EqualTo("numeric"));
        Assert.That(found["Blob"], Is.EqualTo("bytea"));
        Assert.That(found["Guid"], Is.EqualTo("uuid"));
        Assert.That(found["When"], Is.EqualTo("timestamp without time zone"));
        Assert.That(found["At"], Is.EqualTo("timestamp with time zone"));
        Assert.That(found["Span"], Is.EqualTo("interval"));
        Assert.That(found["Day"], Is.EqualTo("date"));
        Assert.That(found["Time"], Is.EqualTo("time without time zone"));
        Assert.That(found["Double"], Is.EqualTo("double precision"));
    }

    [Test]
    public void Insert_reads_back_the_identity_key_and_every_kind_round_trips()
    {
        var first = Sample();
        var second = Sample();
        Assert.That(_db.Insert(first), Is.EqualTo(1));
        Assert.That(_db.Insert(second), Is.EqualTo(1));
        Assert.That(first.Id, Is.GreaterThan(0));
        Assert.That(second.Id, Is.EqualTo(first.Id + 1));

        AssertSame(_db.Get<EveryKind>(first.Id), first);
    }

    [Test]
    public void Nulls_and_defaults_round_trip()
    {
        var empty = new EveryKind();
        _db.Insert(empty);
        AssertSame(_db.Get<EveryKind>(empty.Id), empty);
    }

    [Test]
    public void Update_changes_the_row_and_Delete_removes_it()
    {
        var row = Sample();
        _db.Insert(row);
        row.Text = "changed";
        row.MaybeInt = null;
        row.UInt64 = 1;
        Assert.That(_db.Update(row), Is.EqualTo(1));
        AssertSame(_db.Get<EveryKind>(row.Id), row);

        Assert.That(_db.Delete(row), Is.EqualTo(1));
        Assert.That(_db.Find<EveryKind>(row.Id), Is.Null);
        Assert.That(_db.Delete(row), Is.EqualTo(0));
    }

    [Test]
    public void InsertAll_stores_every_row_in_batches_and_reads_back_each_identity()
    {
        var rows = Enumerable.Range(0, 1203).Select(i => { var r = Sample(); r.Int32 = i; return r; }).ToList();
        Assert.That(_db.InsertAll(rows), Is.EqualTo(1203));
        Assert.That(rows.Select(r => r.Id).Distinct().Count(), Is.EqualTo(1203));
        Assert.That(rows.Zip(rows.Skip(1)).All(p => p.Second.Id == p.First.Id + 1), Is.True);
        AssertSame(_db.Get<EveryKind>(rows[1202].Id), rows[1202]);
        Assert.That(_db.Query<EveryKind>("SELECT * FROM pg_every_kind WHERE \"Int32\" = $1", 700).Single().Id, Is.EqualTo(rows[700].Id));

        var accounts = Enumerable.Range(0, 3).Select(i => new Account { Id = Guid.NewGuid(), Name = "n" + i }).ToList();
        Assert.That(_db.InsertAll(accounts), Is.EqualTo(3));
    }

    [Test]
    public void InsertAll_with_one_refused_row_stores_none_of_them()
    {
        _db.Insert(new Account { Id = Guid.NewGuid(), Name = "existing", Email = "taken@example.org" });
        var accounts = Enumerable.Range(0, 600).Select(i => new Account { Id = Guid.NewGuid(), Name = "n" + i, Email = "e" + i }).ToList();
        accounts[550].Email = "taken@example.org";

        var error = Assert.Throws<MicroDbConstraintException>(() => _db.InsertAll(accounts))!;
        Assert.That(error.ExtendedResultCode, Is.EqualTo(2067));
        Assert.That(_db.Query<Account>("SELECT * FROM pg_account"), Has.Count.EqualTo(1));
        Assert.That(_db.IsInTransaction, Is.False);
    }

    [Test]
    public async Task InsertAllAsync_cancelled_stores_nothing()
    {
        using var cancelled = new CancellationTokenSource();
        await cancelled.CancelAsync();
        Assert.That(async () => await _db.InsertAllAsync(new[] { Sample(), Sample() }, cancelled.Token), Throws.InstanceOf<OperationCanceledException>());
        Assert.That(await _db.InsertAllAsync(new[] { Sample(), Sample() }), Is.EqualTo(2));
        Assert.That(_db.Query<EveryKind>("SELECT * FROM pg_every_kind"), Has.Count.EqualTo(2));
    }

    [Test]
    public void Get_of_a_missing_key_throws_naming_table_and_key()
    {
        var error = Assert.Throws<InvalidOperationException>(() => _db.Get<EveryKind>(12345))!;
        Assert.That(error.Message, Does.Contain("pg_every_kind").And.Contain("12345"));
    }

    [Test]
    public void Query_binds_positional_arguments_and_matches_columns_by_name()
    {
        var a = Sample();
        a.UInt32 = 5;
        var b = Sample();
        b.UInt32 = 4_000_000_000;
        _db.Insert(a);
        _db.Insert(b);

        var big = _db.Query<EveryKind>("SELECT * FROM pg_every_kind WHERE \"UInt32\" > $1 ORDER BY \"Id\"", 100u);
        Assert.That(big.Select(r => r.Id), Is.EqualTo(new[] { b.Id }));
        AssertSame(big[0], b);

        var partial = _db.Query<EveryKind>("SELECT \"Id\", \"Text\" FROM pg_every_kind WHERE \"Shade\" = $1 ORDER BY \"Id\"", Shade.Blue);
        Assert.That(partial.Select(r => r.Id), Is.EqualTo(new[] { a.Id, b.Id }));
        Assert.That(partial[0].Text, Is.EqualTo(a.Text));
        Assert.That(partial[0].Guid, Is.EqualTo(Guid.Empty));
    }

    [Test]
    public void Not_null_violation_is_a_constraint_exception_and_stores_nothing()
    {
        var error = Assert.Throws<MicroDbConstraintException>(() => _db.Insert(new Account { Id = Guid.NewGuid(), Name = null }))!;
        Assert.That(error.Message, Does.Contain("23502").And.Contain("Name"));
        Assert.That(error.ExtendedResultCode, Is.EqualTo(1299));
        Assert.That(_db.Query<Account>("SELECT * FROM pg_account"), Is.Empty);
    }

    [Test]
    public void Unique_violation_is_a_constraint_exception_and_keeps_the_first_row()
    {
        var first = new Account { Id = Guid.NewGuid(), Name = "Ada", Email = "ada@example.org", Balance = 1.25m };
        _db.Insert(first);
        var error = Assert.Throws<MicroDbConstraintException>(() =>
            _db.Insert(new Account { Id = Guid.NewGuid(), Name = "Other", Email = "ada@example.org" }))!;
        Assert.That(error.Message, Does.Contain("23505"));
        Assert.That(error.ExtendedResultCode, Is.EqualTo(2067));

        var duplicateKey = Assert.Throws<MicroDbConstraintException>(() => _db.Insert(new Account { Id = first.Id, Name = "Same key" }))!;
        Assert.That(duplicateKey.ExtendedResultCode, Is.EqualTo(1555));

        var rows = _db.Query<Account>("SELECT * FROM pg_account");
        Assert.That(rows, Has.Count.EqualTo(1));
        Assert.That(rows[0].Name, Is.EqualTo("Ada"));
        Assert.That(rows[0].Balance, Is.EqualTo(1.25m));
    }

    [Test]
    public void Text_longer_than_MaxLength_is_a_typed_error_and_stores_nothing()
    {
        var error = Assert.Throws<MicroDbException>(() => _db.Insert(new Account { Id = Guid.NewGuid(), Name = new string('x', 41) }))!;
        Assert.That(error.Message, Does.Contain("22001"));
        Assert.That(_db.Query<Account>("SELECT * FROM pg_account"), Is.Empty);
    }

    [Test]
    public void Transaction_rolled_back_leaves_nothing()
    {
        _db.BeginTransaction();
        _db.Insert(Sample());
        _db.Insert(new Account { Id = Guid.NewGuid(), Name = "Ada" });
        _db.Rollback();

        Assert.That(_db.IsInTransaction, Is.False);
        Assert.That(_db.Query<EveryKind>("SELECT * FROM pg_every_kind"), Is.Empty);
        Assert.That(_db.Query<Account>("SELECT * FROM pg_account"), Is.Empty);
    }

    [Test]
    public void RunInTransaction_rolls_back_when_the_action_throws_and_commits_otherwise()
    {
        Assert.Throws<InvalidOperationException>(() => _db.RunInTransaction(() =>
        {
            _db.Insert(Sample());
            throw new InvalidOperationException("boom");
        }));
        Assert.That(_db.Query<EveryKind>("SELECT * FROM pg_every_kind"), Is.Empty);

        _db.RunInTransaction(() =>
        {
            _db.Insert(Sample());
            Assert.Throws<MicroDbConstraintException>(() => _db.RunInTransaction(() =>
            {
                _db.Insert(new Account { Id = Guid.NewGuid(), Name = "kept out" });
                _db.Insert(new Account { Id = Guid.NewGuid(), Name = null });
            }));
        });

        Assert.That(_db.Query<EveryKind>("SELECT * FROM pg_every_kind"), Has.Count.EqualTo(1));
        Assert.That(_db.Query<Account>("SELECT * FROM pg_account"), Is.Empty);
    }

    [Test]
    public void Create_table_refuses_a_SQLite_only_collation_and_creates_nothing()
    {
        var error = Assert.Throws<MicroDbMappingException>(() => _db.CreateTable<NoCaseName>())!;
        Assert.That(error.Message, Does.Contain("pg_nocase.Name").And.Contain("NOCASE"));
        Assert.That(_db.Query<EveryKind>("SELECT 1 AS \"Id\" FROM information_schema.tables WHERE table_name = 'pg_nocase'"), Is.Empty);
    }

    [Test]
    public void Create_table_refuses_an_identity_key_PostgreSQL_cannot_generate()
    {
        var error = Assert.Throws<MicroDbMappingException>(() => _db.CreateTable<ULongIdentity>())!;
        Assert.That(error.Message, Does.Contain("pg_ulong_identity.Id").And.Contain("identity"));
    }

    [Test]
    public void A_table_without_a_key_inserts_and_queries_but_refuses_update_delete_and_find()
    {
        _db.CreateTable<LogLine>();
        var line = new LogLine { Text = "started", At = new DateTime(2026, 1, 1) };
        Assert.That(_db.Insert(line), Is.EqualTo(1));
        Assert.That(_db.Query<LogLine>("SELECT * FROM pg_log").Single().Text, Is.EqualTo("started"));

        Assert.That(() => _db.Update(line), Throws.InstanceOf<NotSupportedException>().With.Message.Contains("has no [PrimaryKey]"));
        Assert.That(() => _db.Delete(line), Throws.InstanceOf<NotSupportedException>());
        Assert.That(() => _db.Find<LogLine>(1), Throws.InstanceOf<NotSupportedException>());
        Assert.That(_db.Query<LogLine>("SELECT * FROM pg_log"), Has.Count.EqualTo(1));
    }

    [Test]
    public void Text_with_U0000_is_refused_by_the_server_as_a_typed_error_and_stores_nothing()
    {
        var row = Sample();
        row.Text = "a\0b";
        Assert.That(() => _db.Insert(row), Throws.InstanceOf<MicroDbException>());
        Assert.That(_db.Query<EveryKind>("SELECT * FROM pg_every_kind"), Is.Empty);
    }

    [Test]
    public void A_key_of_the_wrong_type_is_a_typed_error_naming_the_statement()
    {
        var error = Assert.Throws<MicroDbException>(() => _db.Find<EveryKind>("not a number"))!;
        Assert.That(error.Message, Does.Contain("pg_every_kind"));
    }

    [Test]
    public void Null_entity_is_an_argument_error()
    {
        Assert.Throws<ArgumentNullException>(() => _db.Insert<Account>(null!));
        Assert.Throws<ArgumentNullException>(() => _db.Find<Account>(null!));
    }

    [Test]
    public void Begin_transaction_twice_is_refused()
    {
        _db.BeginTransaction();
        Assert.Throws<InvalidOperationException>(() => _db.BeginTransaction());
        _db.Rollback();
        Assert.Throws<InvalidOperationException>(() => _db.Commit());
    }

    [Test]
    public async Task Async_crud_round_trips()
    {
        await using var db = await MicroDbNpgsqlConnection.OpenAsync(PostgresServer.DataSource, mapping);
        var row = Sample();
        Assert.That(await db.InsertAsync(row), Is.EqualTo(1));
        row.Text = "async";
        Assert.That(await db.UpdateAsync(row), Is.EqualTo(1));
        AssertSame(await db.GetAsync<EveryKind>(row.Id), row);
        var rows = await db.QueryAsync<EveryKind>("SELECT * FROM pg_every_kind WHERE \"Text\" = $1", ["async"]);
        Assert.That(rows, Has.Count.EqualTo(1));
        Assert.That(await db.DeleteAsync(row), Is.EqualTo(1));
        Assert.That(await db.FindAsync<EveryKind>(row.Id), Is.Null);
    }

    [Test]
    public void Async_with_a_cancelled_token_throws_and_stores_nothing()
    {
        using var cancelled = new CancellationTokenSource();
        cancelled.Cancel();
        Assert.That(async () => await _db.InsertAsync(Sample(), cancelled.Token), Throws.InstanceOf<OperationCanceledException>());
        Assert.That(async () => await _db.QueryAsync<EveryKind>("SELECT * FROM pg_every_kind", [], cancelled.Token), Throws.InstanceOf<OperationCanceledException>());
        Assert.That(_db.Query<EveryKind>("SELECT * FROM pg_every_kind"), Is.Empty);
    }

    [Test]
    public void Cancelling_a_running_statement_stops_it_and_the_connection_still_works()
    {
        using var cancel = new CancellationTokenSource(TimeSpan.FromMilliseconds(300));
        Assert.That(async () => await _db.ExecuteAsync("SELECT pg_sleep(30)", [], cancel.Token), Throws.InstanceOf<OperationCanceledException>());
        Assert.That(_db.Execute("SELECT 1"), Is.EqualTo(-1));
    }

    [Test]
    public async Task RunInTransactionAsync_rolls_back_on_cancellation()
    {
        using var cancel = new CancellationTokenSource();
        Assert.That(async () => await _db.RunInTransactionAsync(async ct =>
        {
            await _db.InsertAsync(Sample(), ct);
            await cancel.CancelAsync();
            await _db.InsertAsync(Sample(), ct);
        }, cancel.Token), Throws.InstanceOf<OperationCanceledException>());

        Assert.That(_db.IsInTransaction, Is.False);
        Assert.That(await _db.QueryAsync<EveryKind>("SELECT * FROM pg_every_kind", []), Is.Empty);
    }
}
