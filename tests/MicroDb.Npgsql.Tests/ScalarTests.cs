using MicroDb.Mapping;

namespace MicroDb.Npgsql.Tests;

public sealed class ScalarTests
{
    private MicroDbNpgsqlConnection _db = null!;

    [SetUp]
    public void Open()
    {
        _db = new MicroDbNpgsqlConnection(PostgresServer.DataSource, MappingMode.Reflection);
        _db.Execute("DROP TABLE IF EXISTS pg_scalar");
        _db.Execute("CREATE TABLE pg_scalar (n bigint)");
        _db.Execute("INSERT INTO pg_scalar VALUES (1), (2), (3), (NULL)");
    }

    [TearDown]
    public void Close() => _db.Dispose();

    [Test]
    public void ExecuteScalar_returns_the_first_column_of_the_first_row_typed()
    {
        Assert.That(_db.ExecuteScalar<long>("SELECT COUNT(*) FROM pg_scalar WHERE n <= $1", 2L), Is.EqualTo(2));
        Assert.That(_db.ExecuteScalar<string>("SELECT 'a' || $1::text, 7", "b"), Is.EqualTo("ab"));
        Assert.That(_db.ExecuteScalar<uint>("SELECT 4294967295::bigint"), Is.EqualTo(uint.MaxValue));
        Assert.That(_db.ExecuteScalar<long>("SELECT 9"), Is.EqualTo(9));
    }

    [Test]
    public void ExecuteScalar_of_NULL_or_no_row_is_default()
    {
        Assert.That(_db.ExecuteScalar<long?>("SELECT n FROM pg_scalar WHERE n IS NULL"), Is.Null);
        Assert.That(_db.ExecuteScalar<long>("SELECT n FROM pg_scalar WHERE n IS NULL"), Is.EqualTo(0));
        Assert.That(_db.ExecuteScalar<long?>("SELECT n FROM pg_scalar WHERE n > 100"), Is.Null);
        Assert.That(_db.ExecuteScalar<string>("SELECT NULL::text"), Is.Null);
    }

    [Test]
    public async Task ExecuteScalarAsync_returns_the_value_and_a_cancelled_token_throws()
    {
        Assert.That(await _db.ExecuteScalarAsync<long>("SELECT SUM(n) FROM pg_scalar", []), Is.EqualTo(6));
        using var cancelled = new CancellationTokenSource();
        await cancelled.CancelAsync();
        Assert.That(async () => await _db.ExecuteScalarAsync<long>("SELECT 1", [], cancelled.Token), Throws.InstanceOf<OperationCanceledException>());
        Assert.That(await _db.ExecuteScalarAsync<int>("SELECT 5", []), Is.EqualTo(5));
    }

    [Test]
    public void ExecuteScalar_with_bad_SQL_throws_MicroDbException_naming_it_and_with_a_wrong_type_InvalidCastException()
    {
        var error = Assert.Throws<MicroDbException>(() => _db.ExecuteScalar<long>("SELECT nope FROM pg_scalar"))!;
        Assert.That(error.Message, Does.Contain("42703").And.Contain("SELECT nope FROM pg_scalar"));
        Assert.Throws<InvalidCastException>(() => _db.ExecuteScalar<Guid>("SELECT 1::bigint"));
        Assert.Throws<ArgumentNullException>(() => _db.ExecuteScalar<long>(null!));
    }
}
