using MicroDb.Conformance.Models;
using MicroDb.Conformance.Portable;
using MicroDb.Mapping;
using MicroDb.Runtime.Reflection;

namespace MicroDb.Npgsql.Tests;

/// <summary>
/// The portable part of the conformance suite (tests/MicroDb.Conformance/Suite/Portable, the bodies SQLite runs in the
/// conformance runners) on PostgreSQL, on both mapping paths. Each test gets a schema of its own on the test server
/// (its own data source, whose search path names it), dropped after the test. What PostgreSQL stores differently by
/// design is <see cref="Stored"/> here and docs/postgresql.md, "Differences from SQLite"; the behaviours that differ
/// are stated in PortableConformanceDifferencesTests.
/// </summary>
[TestFixture(MappingMode.Generated)]
[TestFixture(MappingMode.Reflection)]
public sealed class PortableConformanceTests(MappingMode mapping) : PortableSuite
{
    private TestSchema? _schema;

    [OneTimeSetUp]
    public void EnableReflection() => ReflectionMaps.Enable();

    [SetUp]
    public void CreateSchema() => _schema = new TestSchema("portable_" + mapping.ToString().ToLowerInvariant());

    protected override IPortableDb Connect() => new NpgsqlPortableDb(new MicroDbNpgsqlConnection(_schema!.DataSource, mapping));

    protected override void DropDatabase()
    {
        _schema?.Dispose();
        _schema = null;
    }

    /// <summary>
    /// PostgreSQL's documented storage (docs/postgresql.md, "Column types"): <c>timestamp</c> keeps no
    /// <see cref="DateTime.Kind"/> and microseconds (the last tick digit dropped, toward 2000-01-01), <c>timestamptz</c> the instant
    /// (read back with offset 0), <c>interval</c> and <c>time</c> microseconds.
    /// </summary>
    protected override AllTypes Stored(AllTypes written) => PostgresStorage.Stored(written);

    /// <summary>What MicroDb.Npgsql does not have yet (docs/postgresql.md, "Not done yet"): those bodies are skipped with the reason. Nothing today.</summary>
    protected override string? Lacks(string feature) => null;
}
