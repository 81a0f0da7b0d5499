using MicroDb.Conformance;
using MicroDb.Conformance.Query;
using MicroDb.Mapping;
using MicroDb.Runtime.Reflection;

namespace MicroDb.Npgsql.Tests;

/// <summary>
/// The conformance suite's Where predicates (<see cref="ConformanceSuite.PredicateCases"/>, the ones SQLite runs) on
/// PostgreSQL, over the suite's own rows: each one either returns the rows LINQ-to-Objects returns, or is one of the
/// cases listed below as not translated on PostgreSQL (docs/postgresql.md, "Differences from SQLite"), which must
/// throw <see cref="NotSupportedException"/> naming the expression. A listed case that starts working fails too, so
/// the list stays true.
/// </summary>
[TestFixture(MappingMode.Generated)]
[TestFixture(MappingMode.Reflection)]
public sealed class ConformancePredicateTests(MappingMode mapping)
{
    // The conformance suite's seed and row count (ConformanceSuite.QuerySeed, QueryRowCount).
    private const int Seed = 20261121;
    private const int RowCount = 300;

    /// <summary>The cases with no PostgreSQL translation (docs/postgresql.md, "Differences from SQLite").</summary>
    private static readonly HashSet<string> Untranslated =
    [
        // StartsWith(s, ignoreCase, culture): culture-aware in .NET; only ordinal matching (incl. OrdinalIgnoreCase) is translated.
        "starts_with_bool_overload",
    ];

    private MicroDbNpgsqlConnection _db = null!;
    private List<QueryItem> _rows = null!;

    [OneTimeSetUp]
    public void Load()
    {
        ReflectionMaps.Enable();
        using var db = new MicroDbNpgsqlConnection(PostgresServer.DataSource, mapping);
        db.Execute("DROP TABLE IF EXISTS query_items");
        db.CreateTable<QueryItem>();
        db.InsertAll(QueryData.Generate(Seed, RowCount));
    }

    [SetUp]
    public void Open()
    {
        _db = new MicroDbNpgsqlConnection(PostgresServer.DataSource, mapping);
        _rows = _db.Query<QueryItem>("SELECT * FROM query_items ORDER BY \"Id\"");
    }

    [TearDown]
    public void Close() => _db.Dispose();

    public static IEnumerable<TestCaseData> Cases() => ConformanceSuite.PredicateCases().Select(c => new TestCaseData(c.Arguments[0]).SetName("Conformance_" + c.TestName));

    [TestCaseSource(nameof(Cases))]
    public void Conformance_predicate_matches_linq_to_objects_or_is_listed_as_untranslated(ConformanceSuite.PredicateCase c)
    {
        var name = TestContext.CurrentContext.Test.Name["Conformance_Where_".Length..];
        NpgsqlTableQuery<QueryItem> query;
        try
        {
            query = _db.Table<QueryItem>().Where(c.Sql);
        }
        catch (NotSupportedException e)
        {
            Assert.That(Untranslated, Does.Contain(name), e.Message);
            Assert.That(e.Message, Does.Contain("cannot translate"));
            return;
        }

        Assert.That(Untranslated, Does.Not.Contain(name), "translated now: take it off the list (and the docs)");
        var expected = _rows.Where(c.Linq).Select(x => x.Id).ToList();
        var actual = query.ToList().Select(x => x.Id).Order().ToList();
        Assert.That(actual, Is.EqualTo(expected), query.ToSqlString());
        Assert.That(query.Count(), Is.EqualTo(expected.Count));
    }
}
