using MicroDb.Mapping;
using MicroDb.Runtime.Reflection;
using Npgsql;

namespace MicroDb.Npgsql.Tests;

/// <summary>
/// The translation cache of LINQ on PostgreSQL: one lambda run with other captured values reads each run's rows, other
/// shapes (or values that change the SQL, such as a null) get their own text, and a cached shape still reports bad input
/// with the translator's typed errors.
/// </summary>
[TestFixture(MappingMode.Generated)]
[TestFixture(MappingMode.Reflection)]
public sealed class LinqCacheTests(MappingMode mapping)
{
    private static readonly string?[] Names = ["Anna", "Bob", "", null, "Zoe"];

    private MicroDbNpgsqlConnection _db = null!;
    private List<LinqRow> _rows = null!;

    [OneTimeSetUp]
    public void EnableReflection() => ReflectionMaps.Enable();

    [SetUp]
    public void Open()
    {
        _db = new MicroDbNpgsqlConnection(PostgresServer.DataSource, mapping);
        _db.Execute("DROP TABLE IF EXISTS pg_linq");
        _db.CreateTable<LinqRow>();
        _db.InsertAll(Enumerable.Range(0, 10).Select(i => new LinqRow
        {
            Name = Names[i % Names.Length],
            Age = 20 + i,
            Score = i % 4 == 0 ? double.NaN : i,
            Key = Guid.NewGuid(),
            When = new DateTime(2020, 1, 1).AddDays(i),
        }));
        _rows = _db.Query<LinqRow>("SELECT * FROM pg_linq ORDER BY \"Id\"");
    }

    [TearDown]
    public void Close() => _db.Dispose();

    [Test]
    public void Same_lambda_with_other_captured_values_returns_each_runs_rows()
    {
        var texts = new List<string>();
        foreach (var row in _rows)
        {
            var found = ById(row.Id);
            Assert.That(found?.Id, Is.EqualTo(row.Id));
            Assert.That(found!.Name, Is.EqualTo(row.Name));
            texts.Add(_db.Table<LinqRow>().Where(x => x.Id == row.Id).ToSqlString());
        }

        Assert.That(ById(-5), Is.Null);
        Assert.That(ById(int.MaxValue), Is.Null);

        // Every run after the first takes the cached text: the same string object.
        Assert.That(texts.Distinct(ReferenceEqualityComparer.Instance).Count(), Is.EqualTo(1));
    }

    [Test]
    public void Non_key_lookup_follows_each_runs_value()
    {
        foreach (var name in Names)
        {
            var expected = _rows.Where(r => r.Name == name).Select(r => r.Id).ToList();
            var actual = _db.Table<LinqRow>().Where(x => x.Name == name).ToList().Select(r => r.Id).ToList();
            Assert.That(actual, Is.EqualTo(expected), $"Name == {name ?? "null"}");
            var first = _db.Table<LinqRow>().Where(x => x.Name == name).FirstOrDefault();
            Assert.That(first?.Id, Is.EqualTo(expected.Count == 0 ? null : expected[0]));
        }
    }

    [Test]
    public void A_null_captured_value_gets_its_own_sql()
    {
        string? name = "Anna";
        var equal = _db.Table<LinqRow>().Where(x => x.Name == name).ToSqlString();
        name = null;
        var isNull = _db.Table<LinqRow>().Where(x => x.Name == name).ToSqlString();
        Assert.That(isNull, Is.Not.EqualTo(equal));
        Assert.That(isNull, Does.Contain("IS NULL"));
        Assert.That(_db.Table<LinqRow>().Where(x => x.Name == name).Count(), Is.EqualTo(_rows.Count(r => r.Name is null)));
    }

    [Test]
    public void Different_shapes_do_not_share_sql()
    {
        var id = 3;
        var texts = new[]
        {
            _db.Table<LinqRow>().Where(x => x.Id == id).ToSqlString(),
            _db.Table<LinqRow>().Where(x => x.Id > id).ToSqlString(),
            _db.Table<LinqRow>().Where(x => x.Age == id).ToSqlString(),
            _db.Table<LinqRow>().Where(x => x.Id == id).OrderBy(x => x.Age).ToSqlString(),
            _db.Table<LinqRow>().Where(x => x.Id == id).OrderByDescending(x => x.Age).ToSqlString(),
            _db.Table<LinqRow>().Where(x => x.Id == id).Take(3).ToSqlString(),
            _db.Table<LinqRow>().Where(x => x.Id == id).Where(x => x.Age > id).ToSqlString(),
        };
        Assert.That(texts.Distinct().Count(), Is.EqualTo(texts.Length), string.Join("\n", texts));
        Assert.That(_db.Table<LinqRow>().Where(x => x.Id > id).Count(), Is.EqualTo(_rows.Count(r => r.Id > id)));
        Assert.That(_db.Table<LinqRow>().Where(x => x.Age == id).Count(), Is.Zero);
    }

    [Test]
    public void A_value_that_decides_the_sql_is_part_of_the_key()
    {
        // A NaN compares with nothing: its SQL has no parameter, unlike a number's.
        foreach (var score in new[] { 1.0, double.NaN, 2.0, double.NaN })
        {
            var expected = _rows.Where(r => r.Score == score).Select(r => r.Id).ToList();
            Assert.That(_db.Table<LinqRow>().Where(x => x.Score == score).ToList().Select(r => r.Id), Is.EqualTo(expected), $"Score == {score}");
        }

        // A literal-carrying shape (string.Empty for IsNullOrEmpty) with a value bound beside it.
        foreach (var name in new[] { "Bob", "Zoe", "Anna" })
        {
            var expected = _rows.Where(r => string.IsNullOrEmpty(r.Name) || r.Name == name).Select(r => r.Id).ToList();
            Assert.That(_db.Table<LinqRow>().Where(x => string.IsNullOrEmpty(x.Name) || x.Name == name).ToList().Select(r => r.Id), Is.EqualTo(expected), name);
        }

        // A bool that short-circuits the condition.
        foreach (var all in new[] { true, false, true })
        {
            var expected = _rows.Where(r => all || r.Age > 25).Count();
            Assert.That(_db.Table<LinqRow>().Where(x => all || x.Age > 25).Count(), Is.EqualTo(expected), $"all = {all}");
        }
    }

    [Test]
    public void A_cached_shape_still_reports_a_null_argument()
    {
        string? part = "nn";
        Assert.That(_db.Table<LinqRow>().Where(x => x.Name!.Contains(part)).Count(), Is.EqualTo(_rows.Count(r => r.Name?.Contains("nn") == true)));
        part = null;
        var error = Assert.Throws<ArgumentNullException>(() => _db.Table<LinqRow>().Where(x => x.Name!.Contains(part!)));
        Assert.That(error!.Message, Does.Contain("is null"));
    }

    [Test]
    public void A_cached_shape_still_refuses_a_non_ordinal_comparison()
    {
        var comparison = StringComparison.Ordinal;
        Assert.That(_db.Table<LinqRow>().Where(x => string.Compare(x.Name, "B", comparison) > 0).Count(), Is.EqualTo(_rows.Count(r => string.CompareOrdinal(r.Name, "B") > 0)));
        comparison = StringComparison.OrdinalIgnoreCase;
        var error = Assert.Throws<NotSupportedException>(() => _db.Table<LinqRow>().Where(x => string.Compare(x.Name, "B", comparison) > 0));
        Assert.That(error!.Message, Does.Contain("cannot translate 'Compare(x.Name"));
    }

    [Test]
    public void A_prepared_lookup_runs_in_a_transaction_and_after_the_session_is_lost()
    {
        var first = _rows[0];
        var second = _rows[1];
        Assert.That(ById(first.Id)?.Id, Is.EqualTo(first.Id));
        Assert.That(ById(second.Id)?.Id, Is.EqualTo(second.Id));

        _db.BeginTransaction();
        _db.Execute("UPDATE pg_linq SET \"Name\" = 'inside' WHERE \"Id\" = $1", first.Id);
        Assert.That(ById(first.Id)?.Name, Is.EqualTo("inside"));
        _db.Rollback();
        Assert.That(ById(first.Id)?.Name, Is.EqualTo(first.Name));

        int pid;
        using (var command = new NpgsqlCommand("SELECT pg_backend_pid()", _db.Connection))
        {
            pid = (int)command.ExecuteScalar()!;
        }

        using (var admin = PostgresServer.DataSource.OpenConnection())
        using (var kill = new NpgsqlCommand("SELECT pg_terminate_backend($1)", admin))
        {
            kill.Parameters.Add(new NpgsqlParameter<int> { TypedValue = pid });
            Assert.That(kill.ExecuteScalar(), Is.EqualTo(true));
        }

        // The statement prepared on the lost session cannot run; the next call prepares it on the new one.
        var deadline = DateTime.UtcNow.AddSeconds(5);
        LinqRow? found = null;
        while (found is null && DateTime.UtcNow < deadline)
        {
            try
            {
                found = ById(second.Id);
            }
            catch (MicroDbConnectionLostException)
            {
            }
        }

        Assert.That(found?.Id, Is.EqualTo(second.Id));
        Assert.That(ById(first.Id)?.Name, Is.EqualTo(first.Name));
    }

    private LinqRow? ById(int id) => _db.Table<LinqRow>().Where(x => x.Id == id).FirstOrDefault();
}
